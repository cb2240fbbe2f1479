"""Rating pools: which leaderboard a match rates into, computed once when it is created.

The pool is the game's to say (``arena.games.Game.rating_pool``: its rules version, the options
that split pools, how it rates); this module stores it as a ``Pool`` row and reads a match's pool
from what the match stores, so that the data migration and the services agree.
"""
import dataclasses

from arena import games as arena_games


def pool_of(*, game, n_players, options=None, rules_version=None):
    """The ``arena.games.RatingPool`` of a match of ``n_players`` bot seats of ``game``.

    ``rules_version``: the one the match was played under, when it is not the engine's current
    one (an old match).  None for a match that rates nowhere (a chapter of a story campaign)."""
    pool = arena_games.get(game).rating_pool(n_players, options)
    if pool is None:
        return None
    if rules_version and rules_version != pool.rules_version:
        pool = dataclasses.replace(pool, rules_version=rules_version)
    return pool


def pool_fields(pool):
    """The columns of the ``Pool`` row of an ``arena.games.RatingPool``."""
    return {"key": pool.key, "game": pool.game, "rules_version": pool.rules_version,
            "splits": {name: value for name, value in pool.splits}, "kind": pool.kind}


def pools_ensure(*, pools, model=None):
    """Makes sure every one of ``pools`` (``arena.games.RatingPool``) has its row; one statement.
    ``model``: the ``Pool`` model to write (a migration passes its historical one)."""
    if model is None:
        from web.ratings.models import Pool as model
    rows = {pool.key: model(**pool_fields(pool)) for pool in pools if pool is not None}
    model.objects.bulk_create(list(rows.values()), ignore_conflicts=True)
    return sorted(rows)

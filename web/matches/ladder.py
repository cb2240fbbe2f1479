"""The continuous ladder: keeps a few matches of every game queued between rated bots.

``choose_tables`` is the matchmaking.  It is a minimal chooser (close ratings,
bots with fewer games first) kept behind one function: the matchmaking of
issue 5 (``arena.tournaments`` / matchmaking) plugs in here, taking the same
candidates and returning the same tables.
"""
import random
from dataclasses import dataclass

from django.conf import settings

from web.bots.selectors import playable_bots
from web.matches import engine
from web.matches.models import Match
from web.matches.services import MatchSpec, matches_create
from web.ratings.models import CurrentRating


@dataclass(frozen=True)
class Candidate:
    bot_id: int
    version_id: int
    rating: float
    games: int


def choose_tables(*, candidates, count, min_players, max_players, rng):
    """``count`` tables, each a list of candidates in seat order, or fewer if there are too few bots."""
    if len(candidates) < min_players:
        return []
    by_rating = sorted(candidates, key=lambda c: (c.rating, c.bot_id))
    tables = []
    for _ in range(count):
        size = rng.randint(min_players, min(max_players, len(candidates)))
        # The least-played bots are asked first, then the neighbours on the rating scale.
        weights = [1.0 / (1 + c.games) for c in by_rating]
        anchor = rng.choices(range(len(by_rating)), weights=weights)[0]
        low = max(0, min(anchor - rng.randint(0, size - 1), len(by_rating) - size))
        table = by_rating[low:low + size]
        rng.shuffle(table)
        tables.append(table)
    return tables


def ladder_fill(*, game, target=None, rng=None):
    """Creates ladder matches of ``game`` until ``target`` are waiting or playing; returns them."""
    target = settings.ARENA_LADDER_QUEUED if target is None else target
    waiting = Match.objects.filter(game=game, kind=Match.Kind.LADDER,
                                   status__in=(Match.Status.QUEUED, Match.Status.RUNNING)).count()
    if waiting >= target:
        return []
    info = engine.game_info(game)
    ratings = dict(CurrentRating.objects.filter(game=game).values_list("bot_id", "rating"))
    games = dict(CurrentRating.objects.filter(game=game).values_list("bot_id", "games"))
    candidates = [Candidate(bot.pk, bot.current_version_id, ratings.get(bot.pk, 1500.0), games.get(bot.pk, 0))
                  for bot in playable_bots(game=game)]
    rng = rng or random.Random()
    tables = choose_tables(candidates=candidates, count=target - waiting, min_players=info.min_players,
                           max_players=info.max_players, rng=rng)
    if not tables:
        return []
    from web.bots.models import BotVersion
    versions = BotVersion.objects.select_related("bot").in_bulk({c.version_id for t in tables for c in t})
    specs = [MatchSpec(tuple(versions[c.version_id] for c in table), rng.randrange(2**62)) for table in tables]
    return matches_create(game=game, specs=specs, kind=Match.Kind.LADDER, rng=rng)

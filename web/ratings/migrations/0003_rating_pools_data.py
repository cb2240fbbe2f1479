"""Moves every match and rating row into its rating pool.

* Each match gets the pool of its game, stored rules version, seat count and stored options
  (``web.ratings.pools.pool_of``: Katana -> ``katana@1.0``, a Risques match -> the pool of the
  mode its options and seat count resolve to).  A match of a game the registry no longer knows,
  or with options it refuses, goes to ``<game>@<rules version>`` (kind ``ranks``).
* A live entry moves to its match's pool.
* A fit entry (no match) moves to its game's pool when the game's matches all lie in one pool
  (Katana); otherwise (Risques: duel, frappe, massacre) it is DELETED, since a fit over the
  modes together belongs to none of them: the next refit, which works per pool, appends the fit
  of each pool.
* A current rating (one per bot and game) moves to the pool of the bot's matches when they all
  lie in one pool, unchanged.  When they lie in several, it is replaced by one row per pool:
  the rating of the bot's latest live entry in that pool, its live entries in that pool as its
  games, its rank-1 finishes there as its wins, and no interval until the next refit.  A row of
  a bot without any match is deleted (creating its next match creates it again).
"""
from collections import defaultdict

from django.db import migrations
from django.db.models import OuterRef, Subquery

CHUNK = 2000


def _pool(game, rules_version, n_players, options):
    from arena.games import RatingPool
    from web.ratings.pools import pool_of
    try:
        return pool_of(game=game, n_players=n_players, options=options, rules_version=rules_version)
    except (ValueError, KeyError):
        return RatingPool(game, rules_version, (), "ranks")


def matches_to_pools(Match, MatchSeat, Pool):
    from django.db.models import Count
    from web.ratings.pools import pools_ensure
    by_pool = defaultdict(list)
    pools = {}
    seat_counts = dict(MatchSeat.objects.values("match_id").annotate(n=Count("id")).values_list("match_id", "n"))
    computed = {}
    for pk, game, rules_version, options in (Match.objects.filter(rating_pool__isnull=True).order_by("pk")
                                             .values_list("pk", "game", "rules_version", "options")
                                             .iterator(chunk_size=CHUNK)):
        n_players = seat_counts.get(pk, 0)
        if not n_players:
            continue
        signature = (game, rules_version, n_players, repr(sorted((options or {}).items())))
        if signature not in computed:
            computed[signature] = _pool(game, rules_version, n_players, options)
        pool = computed[signature]
        pools[pool.key] = pool
        by_pool[pool.key].append(pk)
    pools_ensure(pools=pools.values(), model=Pool)
    for key, ids in by_pool.items():
        for start in range(0, len(ids), CHUNK):
            Match.objects.filter(pk__in=ids[start:start + CHUNK]).update(rating_pool_id=key)


def entries_to_pools(Match, RatingEntry):
    RatingEntry.objects.filter(match__isnull=False, pool__isnull=True).update(
        pool_id=Subquery(Match.objects.filter(pk=OuterRef("match_id")).values("rating_pool_id")[:1]))
    for game in RatingEntry.objects.filter(match__isnull=True).values_list("game", flat=True).distinct():
        pools = list(Match.objects.filter(game=game, rating_pool__isnull=False)
                     .values_list("rating_pool_id", flat=True).distinct())
        fits = RatingEntry.objects.filter(match__isnull=True, game=game)
        if len(pools) == 1:
            fits.update(pool_id=pools[0])
        else:
            fits.delete()


def current_to_pools(Match, MatchSeat, RatingEntry, CurrentRating):
    for row in CurrentRating.objects.filter(pool__isnull=True).order_by("pk"):
        pools = sorted(MatchSeat.objects.filter(bot_id=row.bot_id, match__game=row.game,
                                                match__rating_pool__isnull=False)
                       .values_list("match__rating_pool_id", flat=True).distinct())
        if len(pools) == 1:
            CurrentRating.objects.filter(pk=row.pk).update(pool_id=pools[0])
            continue
        for key in pools:
            live = RatingEntry.objects.filter(bot_id=row.bot_id, pool_id=key, kind="live")
            latest = live.order_by("-id").first()
            wins = MatchSeat.objects.filter(bot_id=row.bot_id, match__rating_pool_id=key, match__status="done",
                                            rank=1).count()
            CurrentRating.objects.create(bot_id=row.bot_id, game=row.game, pool_id=key,
                                         rating=latest.rating if latest else 1500.0, low=None, high=None,
                                         games=live.count(), wins=wins)
        row.delete()


def forwards(apps, schema_editor):
    Match, MatchSeat = apps.get_model("matches", "Match"), apps.get_model("matches", "MatchSeat")
    Pool = apps.get_model("ratings", "Pool")
    RatingEntry, CurrentRating = apps.get_model("ratings", "RatingEntry"), apps.get_model("ratings", "CurrentRating")
    matches_to_pools(Match, MatchSeat, Pool)
    entries_to_pools(Match, RatingEntry)
    current_to_pools(Match, MatchSeat, RatingEntry, CurrentRating)


class Migration(migrations.Migration):

    dependencies = [
        ("ratings", "0002_pools"),
        ("matches", "0004_pools"),
    ]

    operations = [
        migrations.RunPython(forwards, migrations.RunPython.noop),
    ]

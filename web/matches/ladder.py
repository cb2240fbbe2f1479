"""The continuous ladder: keeps a few matches of every rating pool queued between rated bots.

Each rating pool of a game (its rules version and the values of the options that split pools:
Risques' duel, frappe and massacre) has its own ladder: its table sizes and options are those
whose matches rate into it (``ladder_pools``), and its pairings read the bots' ratings, intervals
and games in that pool only, so a bot strong in duels is not paired by its massacre rating.

The matchmaking is ``arena.tournaments.ladder.Ladder`` (see docs/tournaments.md):
the focal bot is a provisional one first, then the one with fewest games, then
the longest idle; its opponents are drawn with weight ``p(1-p)`` widened by
their uncertainty, at a table size drawn from the pool's; the group plays a
full rotation, one match per seat, on one seed.  This module only builds each
pool's snapshot from the database (current ratings and their intervals,
games played or already waiting, when each bot last played) and queues the
tables it returns.
"""
import itertools
import logging
import math
import random
from dataclasses import dataclass
from functools import lru_cache

from django.conf import settings
from django.db.models import Count

from arena import games as arena_games
from arena.tournaments.ladder import DEFAULT_SD, Ladder
from web.bots.models import BotVersion
from web.bots.selectors import playable_bots
from web.errors import ServiceError
from web.matches.models import Match, MatchSeat
from web.matches.services import MatchSpec, matches_create
from web.ratings.models import CurrentRating

Z95 = 1.959964

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class LadderPool:
    """One rating pool as the ladder plays it: its key and kind, and for each table size the
    options its matches are created with."""
    key: str
    kind: str
    tables: tuple   # ((seats, options dict), ...) by seats

    @property
    def seats(self):
        return [n for n, _ in self.tables]

    def options(self, seats):
        return dict(self.tables)[seats]


@lru_cache(maxsize=None)
def ladder_pools(game_id):
    """The rating pools of ``game_id`` a ladder can fill, by key: every table size with every value of
    the options that split pools, grouped by the pool it rates into (combinations the game refuses,
    such as a Risques duel of three, left out).  The options are the pool's explicit values
    (``mode=duel``, not ``auto``); the other options keep their defaults."""
    game = arena_games.get(game_id)
    split = [option for option in game.options if option.name in game.pool_options]
    pools = {}
    for seats in range(game.min_players, game.max_players + 1):
        for values in itertools.product(*(option.choices for option in split)):
            pool = game.rating_pool(seats, dict(zip(game.pool_options, values)))
            if pool is None:   # a story match (a campaign's chapter) rates nowhere: no ladder plays it
                continue
            options = tuple(pool.splits)
            if not game.can_seat(seats, dict(options)):
                continue
            tables = pools.setdefault(pool.key, (pool.kind, {}))[1]
            tables.setdefault(seats, dict(options))
    return tuple(LadderPool(key, kind, tuple(sorted(tables.items()))) for key, (kind, tables) in sorted(pools.items()))


def _waiting(pool):
    return Match.objects.filter(rating_pool_id=pool, kind=Match.Kind.LADDER,
                                status__in=(Match.Status.QUEUED, Match.Status.RUNNING))


def ladder_snapshot(*, game, pool, seed, bots=None):
    """The ladder of one rating ``pool`` (a ``LadderPool``) of ``game`` as it stands, or None when
    too few bots can play it.

    Returns ``(ladder, versions)``: the ``Ladder`` (entrants are bot ids as strings) and each
    entrant's current version id."""
    bots = list(playable_bots(game=game)) if bots is None else bots
    seats = [n for n in pool.seats if n <= len(bots)]
    if not seats:
        return None
    ladder = Ladder([str(bot.pk) for bot in bots], seats=seats, seed=seed)
    for row in CurrentRating.objects.filter(pool_id=pool.key, bot_id__in=[bot.pk for bot in bots]):
        entry = ladder.bots[str(row.bot_id)]
        if pool.kind != "score":
            entry.rating = row.rating
            has_interval = row.low is not None and row.high is not None and row.high > row.low
            entry.sd = (row.high - row.low) / (2 * Z95) if has_interval else DEFAULT_SD
        entry.games += row.games
        if row.games:
            entry.last_played = max(entry.last_played, row.updated_at.timestamp())
    # Matches already waiting count as played: the next focal bot is another one.
    waiting = (MatchSeat.objects.filter(match__in=_waiting(pool.key)).values("bot_id")
               .annotate(n=Count("id")).values_list("bot_id", "n"))
    for bot_id, n in waiting:
        if str(bot_id) in ladder.bots:
            ladder.bots[str(bot_id)].games += n
    return ladder, {str(bot.pk): bot.current_version_id for bot in bots}


# The share of a game's ladder matches that its standard pool gets (``Game.standard_pool``); the
# other pools (Shōgun's ghost levels, Risques' duel and frappe, Samouraï's diplomacy) share the rest,
# one rotation at a time, taking turns.  Spread evenly over Shōgun's eleven pools, the standard board
# had a ninth of the matches and its heuristic's interval still overlapped random's after five
# minutes of a fresh demo.
STANDARD_SHARE = 0.6


@lru_cache(maxsize=None)
def _standard_pool(game_id):
    return arena_games.get(game_id).standard_pool


def ladder_fill(*, game, target=None, rng=None):
    """Keeps about ``target`` ladder matches of ``game`` waiting or playing: ``STANDARD_SHARE`` of
    them in its standard pool, the rest in the other pools, which take turns (in a random order, a
    pool with nothing waiting gets one more rotation while the others' part of ``target`` is not
    full), so that over time each of them plays and the standard pool plays most.  Returns the
    matches created (whole rotations: a pool may go past its share)."""
    target = settings.ARENA_LADDER_QUEUED if target is None else target
    rng = rng or random.Random()
    pools = ladder_pools(game)
    if not pools:
        return []
    bots = list(playable_bots(game=game))
    standard = next((pool for pool in pools if pool.key == _standard_pool(game)), None)
    if standard is None:   # no standard table among them: an even split
        share = max(1, math.ceil(target / len(pools)))
        return [match for pool in pools for match in _fill_pool_safely(game, pool, share, rng, bots)]
    others = [pool for pool in pools if pool is not standard]
    main = max(1, math.ceil(target * STANDARD_SHARE)) if others else target
    created = _fill_pool_safely(game, standard, main, rng, bots)
    if not others:
        return created
    waiting = dict(Match.objects.filter(rating_pool_id__in=[pool.key for pool in others], kind=Match.Kind.LADDER,
                                        status__in=(Match.Status.QUEUED, Match.Status.RUNNING))
                   .values_list("rating_pool_id").annotate(n=Count("id")).order_by())
    budget, queued = target - main, sum(waiting.values())
    for pool in rng.sample(others, len(others)):
        if queued >= budget:
            break
        if waiting.get(pool.key, 0) == 0:
            new = _fill_pool_safely(game, pool, 1, rng, bots)
            created += new
            queued += len(new)
    return created


def _fill_pool_safely(game, pool, target, rng, bots):
    try:
        return _fill_pool(game, pool, target, rng, bots)
    except ServiceError as exc:
        # A bot changed between the snapshot and the queueing (retired, another version chosen):
        # this pool waits for the next tick, with the bots of that moment; the others fill now.
        log.warning("ladder of %s: pool %s not filled this time: %s", game, pool.key, exc)
        return []


def _fill_pool(game, pool, target, rng, bots):
    waiting = _waiting(pool.key).count()
    if waiting >= target:
        return []
    snapshot = ladder_snapshot(game=game, pool=pool, seed=rng.randrange(2**62), bots=bots)
    if snapshot is None:
        return []
    ladder, current = snapshot
    tables = []
    while waiting + len(tables) < target:
        group = ladder.next_tables()
        tables += group
        for bot in group[0].bots:   # counted as played, for the choice of the next focal bot
            ladder.bots[bot].games += len(group)
    versions = BotVersion.objects.select_related("bot").in_bulk({current[b] for t in tables for b in t.bots})
    specs = [MatchSpec(tuple(versions[current[b]] for b in table.bots), table.seed, pool.options(len(table.bots)))
             for table in tables]
    return matches_create(game=game, specs=specs, kind=Match.Kind.LADDER, rng=rng)

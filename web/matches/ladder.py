"""The continuous ladder: keeps a few matches of every game queued between rated bots.

The matchmaking is ``arena.tournaments.ladder.Ladder`` (see docs/tournaments.md):
the focal bot is a provisional one first, then the one with fewest games, then
the longest idle; its opponents are drawn with weight ``p(1-p)`` widened by
their uncertainty, at a table size drawn from the game's; the group plays a
full rotation, one match per seat, on one seed.  This module only builds the
ladder's snapshot from the database (current ratings and their intervals,
games played or already waiting, when each bot last played) and queues the
tables it returns.
"""
import random

from django.conf import settings
from django.db.models import Count

from arena.tournaments.ladder import DEFAULT_SD, Ladder
from web.bots.models import BotVersion
from web.bots.selectors import playable_bots
from web.games import catalog
from web.matches.models import Match, MatchSeat
from web.matches.services import MatchSpec, matches_create
from web.ratings.models import CurrentRating, Pool

Z95 = 1.959964


def _waiting(game):
    return Match.objects.filter(game=game, kind=Match.Kind.LADDER,
                                status__in=(Match.Status.QUEUED, Match.Status.RUNNING))


def ladder_snapshot(*, game, seed):
    """The ladder of ``game`` as it stands, or None when too few bots can play.

    Returns ``(ladder, versions)``: the ``Ladder`` (entrants are bot ids as
    strings) and each entrant's current version id."""
    info = catalog.game_info(game)
    bots = list(playable_bots(game=game))
    seats = [n for n in range(info.min_players, info.max_players + 1) if n <= len(bots)]
    if not seats:
        return None
    ladder = Ladder([str(bot.pk) for bot in bots], seats=seats, seed=seed)
    # A bot has a rating in each pool of the game it played in (Risques: one per mode); the ladder
    # pairs it by the one of the pool it played most, and counts its games in all of them.
    rows = (CurrentRating.objects.filter(game=game, bot_id__in=[bot.pk for bot in bots])
            .exclude(pool__kind=Pool.Kind.SCORE).order_by("bot_id", "games", "pool_id"))
    for row in rows:
        entry = ladder.bots[str(row.bot_id)]
        entry.rating = row.rating
        if row.low is not None and row.high is not None and row.high > row.low:
            entry.sd = (row.high - row.low) / (2 * Z95)
        else:
            entry.sd = DEFAULT_SD
    for row in CurrentRating.objects.filter(game=game, bot_id__in=[bot.pk for bot in bots], games__gt=0):
        entry = ladder.bots[str(row.bot_id)]
        entry.games += row.games
        entry.last_played = max(entry.last_played, row.updated_at.timestamp())
    # Matches already waiting count as played: the next focal bot is another one.
    waiting = (MatchSeat.objects.filter(match__in=_waiting(game)).values("bot_id")
               .annotate(n=Count("id")).values_list("bot_id", "n"))
    for bot_id, n in waiting:
        if str(bot_id) in ladder.bots:
            ladder.bots[str(bot_id)].games += n
    return ladder, {str(bot.pk): bot.current_version_id for bot in bots}


def ladder_fill(*, game, target=None, rng=None):
    """Queues ladder groups of ``game`` until at least ``target`` matches are waiting or playing;
    returns the matches created (whole rotations: the last group may go past ``target``)."""
    target = settings.ARENA_LADDER_QUEUED if target is None else target
    waiting = _waiting(game).count()
    if waiting >= target:
        return []
    rng = rng or random.Random()
    snapshot = ladder_snapshot(game=game, seed=rng.randrange(2**62))
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
    specs = [MatchSpec(tuple(versions[current[b]] for b in table.bots), table.seed) for table in tables]
    return matches_create(game=game, specs=specs, kind=Match.Kind.LADDER, rng=rng)

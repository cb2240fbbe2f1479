"""Writing matches: creating and queueing them.

Creation checks everything first (game, seat count, each seat's bot and
version, options, seed), gives each match its rating pool (``web.ratings.pools``)
and then writes all the matches of a call in one transaction, so that bad
input stores nothing.  Tasks are published once the
transaction commits; a message carries only match ids.  How a worker plays
them exactly once is in ``web.matches.execution``.
"""
import random
from contextlib import contextmanager
from dataclasses import dataclass

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from web import publishing
from web.bots import selectors as bot_selectors
from web.bots.models import Bot, BotVersion
from web.errors import ServiceError
from web.games import catalog
from web.matches.models import Match, MatchSeat
from web.ratings.pools import pool_of, pools_ensure
from web.ratings.services import current_ratings_ensure

SEED_BOUND = 2**62


@dataclass(frozen=True)
class PersonSeat:
    """A seat a person plays in the browser: only at a table (``Match.Kind.TABLE``, ``web.tables``)."""
    person: object   # the user


@dataclass(frozen=True)
class MatchSpec:
    """One match to create: the seats are bots (the version that plays: chosen by the owner, else
    the newest that passed validation), bot versions (which must have passed) or, at a table,
    people (``PersonSeat``)."""
    seats: tuple
    seed: int | None = None
    options: dict | None = None
    table_key: str = ""


# --- creating ----------------------------------------------------------------------------------

def _resolve_seat(game, entry, index, where=None, void_withdrawn=False):
    where = where or f"seat {index}"
    if isinstance(entry, BotVersion):
        version = BotVersion.objects.select_related("bot").get(pk=entry.pk)  # its stored validation status
        bot = version.bot
    elif isinstance(entry, Bot):
        bot = Bot.objects.get(pk=entry.pk)
        version = bot_selectors.bot_current_version(bot=bot)
        if version is None:
            raise ServiceError(f"{where}: bot {bot.name!r} has no version that passed validation")
    else:
        raise ServiceError(f"{where}: expected a bot or a bot version, not {type(entry).__name__}")
    bot = Bot.objects.get(pk=bot.pk)  # the stored state: deleted since it was loaded?
    if bot.game != game:
        raise ServiceError(f"{where}: bot {bot.name!r} plays {bot.game}, not {game}")
    if bot.is_deleted and not (void_withdrawn and isinstance(entry, BotVersion)):
        raise ServiceError(f"{where}: bot {bot.name!r} is retired")
    if version.bot_id != bot.pk:
        raise ServiceError(f"{where}: version {version.pk} is not a version of {bot.name!r}")
    if version.status != BotVersion.Status.PASSED:
        why = "is still being validated" if version.status == BotVersion.Status.PENDING else \
            f"failed validation: {version.validation_problem or 'see its verdict'}"
        raise ServiceError(f"{where}: {bot.name!r} v{version.number} has not passed validation "
                           f"(it {why}); only a version that passed plays")
    return bot, version


def _check_spec(game, spec, versions_by_id, kind, void_withdrawn=False):
    try:
        rules_version, options = catalog.check_match(game, players=len(spec.seats), options=spec.options)
    except catalog.EngineInputError as exc:
        raise ServiceError(str(exc)) from None
    pool = pool_of(game=game, n_players=len(spec.seats), options=options)
    seats = []
    for index, entry in enumerate(spec.seats):
        if isinstance(entry, PersonSeat):
            if kind != Match.Kind.TABLE:
                raise ServiceError(f"seat {index}: a person plays only at a table")
            if entry.person is None or not getattr(entry.person, "is_authenticated", False):
                raise ServiceError(f"seat {index}: a person's seat needs a signed-in person")
            seats.append((None, entry))
            continue
        if not isinstance(entry, (Bot, BotVersion)):
            raise ServiceError(f"seat {index}: expected a bot or a bot version, not {type(entry).__name__}")
        key = (type(entry).__name__, entry.pk)
        if key not in versions_by_id:
            versions_by_id[key] = _resolve_seat(game, entry, index, void_withdrawn=void_withdrawn)
        seats.append(versions_by_id[key])
    if spec.seed is not None and not (isinstance(spec.seed, int) and 0 <= spec.seed < SEED_BOUND):
        raise ServiceError(f"a seed is an integer from 0 to 2**62 - 1, not {spec.seed!r}")
    return rules_version, options, pool, seats


def feeds_pool(*, kind, tournament=None, challenge=None):
    """Whether a match of ``kind`` feeds its pool's published rating.

    The ladder's matches do: the platform chooses the opponents, seat counts and number of games,
    so nobody can steer a rating with them.  A tournament's do only when staff made it official:
    its organiser chose all of that, so its entrants are rated inside it (its standings fit their
    own ratings and intervals).  A challenge's do only when it was created rated, which its service
    allows only against opponents rated at or above the challenger (docs/challenges.md).  A manual
    match is created by staff tooling only (no page or API creates one) and is rated.  A table's
    never is: a person could lose on purpose to the bot beside them, and a person is no bot with a
    rating of their own.  Nor is a version test's: its owner chose both sides (two versions of one
    bot) and would rate their bot against itself."""
    if kind == Match.Kind.TOURNAMENT:
        return bool(tournament is not None and tournament.official)
    if kind == Match.Kind.CHALLENGE:
        return bool(challenge is not None and challenge.rated)
    return kind not in (Match.Kind.TABLE, Match.Kind.VERSION_TEST)


def matches_create(*, game, specs, kind=Match.Kind.MANUAL, tournament_round=None, challenge=None, rng=None,
                   publish=True, void_withdrawn=False):
    """Creates and queues several matches of ``game``; all or nothing.  Whether they feed their
    pool's published rating is ``feeds_pool``'s to say.  ``tournament_round`` or ``challenge``:
    the (stored) tournament round or challenge they belong to.  ``void_withdrawn``: a match whose
    seat is a frozen version of a bot retired since (a tournament's entrant) is stored voided, as
    an error that counts for nobody, instead of refusing them all.

    Raises ``ServiceError`` (and stores nothing) for an unknown game, a wrong
    number of seats, a bot of another game, a deleted bot or one without a
    valid version, or invalid options.
    """
    try:
        catalog.game_info(game)
    except catalog.EngineInputError as exc:
        raise ServiceError(str(exc)) from None
    specs = list(specs)
    if not specs:
        raise ServiceError("no match to create")
    rng = rng or random.SystemRandom()
    resolved_cache = {}
    checked = [_check_spec(game, spec, resolved_cache, kind, void_withdrawn) for spec in specs]
    withdrawn = [next((bot.name for bot, _ in seats if bot is not None and bot.is_deleted), None)
                 for _, _, _, seats in checked]
    now = timezone.now()
    rated = feeds_pool(kind=kind, tournament=tournament_round.tournament if tournament_round else None,
                       challenge=challenge)
    with transaction.atomic():
        pools_ensure(pools=[pool for _, _, pool, _ in checked])
        matches = Match.objects.bulk_create([
            Match(game=game, rules_version=rules_version, options=options,
                  rating_pool_id=pool.key if pool is not None else None, rated=rated and pool is not None,
                  seed=spec.seed if spec.seed is not None else rng.randrange(SEED_BOUND),
                  kind=kind, tournament_round=tournament_round, challenge=challenge, table_key=spec.table_key,
                  queued_at=now, **({} if gone is None else {"status": Match.Status.ERROR, "finished_at": now,
                                                             "error": withdrawn_reason(bot_name=gone)}))
            for spec, (rules_version, options, pool, _), gone in zip(specs, checked, withdrawn)
        ])
        MatchSeat.objects.bulk_create([
            MatchSeat(match=match, seat=seat, person=version.person) if bot is None else
            MatchSeat(match=match, seat=seat, bot=bot, bot_version=version)
            for match, (_, _, _, seats) in zip(matches, checked)
            for seat, (bot, version) in enumerate(seats)
        ])
        for key in sorted({pool.key for _, _, pool, _ in checked if pool is not None} if rated else ()):
            current_ratings_ensure(game=game, pool=key, bot_ids={bot.pk for _, _, pool, seats in checked
                                                                 if pool is not None and pool.key == key
                                                                 for bot, _ in seats})
        if publish:
            ids = [match.pk for match in matches if match.status == Match.Status.QUEUED]
            transaction.on_commit(lambda: publish_matches(match_ids=ids, kind=kind))
    return matches


def match_create(*, game, seats, seed=None, options=None, kind=Match.Kind.MANUAL, publish=True):
    """Creates and queues one match; see ``matches_create``."""
    return matches_create(game=game, specs=[MatchSpec(tuple(seats), seed, options)], kind=kind,
                          publish=publish)[0]


def publish_matches(*, match_ids, batch=None, kind=None):
    """Publishes the tasks that play ``match_ids``, ``batch`` matches per message; the matches of
    tables (``kind`` ``table``) one per message of their own task, which goes to the tables' queue
    (``web.tables.runner`` says why)."""
    if not settings.ARENA_PUBLISH_TASKS or not match_ids:
        return 0
    if kind == Match.Kind.TABLE:
        for match_id in match_ids:
            publishing.publish(publishing.PLAY_TABLE, match_id)
        return len(match_ids)
    size = max(1, batch or settings.ARENA_MATCH_BATCH)
    ids = list(match_ids)
    for start in range(0, len(ids), size):
        publishing.publish(publishing.PLAY_MATCHES, ids[start:start + size])
    return (len(ids) + size - 1) // size


# --- a bot's queued matches follow its life ----------------------------------------------------

def withdrawn_reason(*, bot_name):
    """The error of a match voided because one of its bots withdrew before it was played."""
    return f"withdrawn: {bot_name!r} was retired or deleted before this match was played"


@contextmanager
def bot_changing(*, bot_id):
    """Wraps a change to a bot (``web.bots.services``: retire, bring back, delete, choose a version,
    validate one): in one transaction, its queued matches then follow it (``queued_matches_follow_bot``),
    so that no queued match seats it as what it no longer is."""
    with transaction.atomic():
        yield
        queued_matches_follow_bot(bot_id=bot_id)


@transaction.atomic
def queued_matches_follow_bot(*, bot_id):
    """Brings the queued matches of a bot in line with it after its owner changed it (retired,
    deleted, another version chosen, a newer version passed).  Returns ``(dropped, voided)``.

    A ladder match was the platform's choice of the moment: one with a seat the bot no longer
    plays as (it is retired, or the seat's version is no longer the one that plays) is dropped, and
    the ladder queues another.  A tournament's, a challenge's or a manual match was chosen by its
    organiser, with the version of the moment frozen: a retired bot's is voided (an error that
    counts for nobody, so the schedule moves on without it), never left to stall its round.  A
    match already being played finishes as it is."""
    bot = Bot.objects.filter(pk=bot_id).first()
    if bot is None:   # deleted outright: it never had a match
        return 0, 0
    current = None if bot.is_deleted else bot_selectors.bot_current_version(bot=bot)
    queued_seats = MatchSeat.objects.filter(bot_id=bot_id, match__status=Match.Status.QUEUED)
    stale_ladder = queued_seats.filter(match__kind=Match.Kind.LADDER)
    if current is not None:
        stale_ladder = stale_ladder.exclude(bot_version_id=current.pk)
    stale = set(stale_ladder.values_list("match_id", flat=True))
    _, deleted = Match.objects.filter(pk__in=stale, status=Match.Status.QUEUED).delete() if stale else (0, {})
    dropped = deleted.get(Match._meta.label, 0)
    voided = 0
    if bot.is_deleted:
        others = Match.objects.filter(pk__in=queued_seats.values("match_id")).exclude(
            kind__in=(Match.Kind.LADDER, Match.Kind.TABLE))
        rounds = set(others.exclude(tournament_round__isnull=True).values_list("tournament_round_id", flat=True))
        voided = Match.objects.filter(pk__in=list(others.values_list("pk", flat=True)),
                                      status=Match.Status.QUEUED).update(
            status=Match.Status.ERROR, error=withdrawn_reason(bot_name=bot.name), finished_at=timezone.now())
        if rounds and settings.ARENA_PUBLISH_TASKS:
            transaction.on_commit(lambda: [publishing.publish(publishing.ADVANCE_TOURNAMENT_ROUND, round_id)
                                           for round_id in sorted(rounds)])
    return dropped, voided


def matches_void_ratings(*, match_ids):
    """Takes ``match_ids`` out of rated play: they no longer feed any pool, their rating entries are
    gone and each pool they fed is rebuilt from the matches that still feed it (``pool_rebuild``:
    every live update replayed, then refitted).  Returns the keys of the pools rebuilt."""
    from web.ratings.models import CurrentRating, Pool, RatingEntry
    from web.ratings.rebuild import pool_rebuild

    with transaction.atomic():
        matches = Match.objects.select_for_update().filter(pk__in=list(match_ids), rated=True)
        pools = sorted(set(matches.exclude(rating_pool__isnull=True).values_list("rating_pool_id", flat=True)))
        matches.update(rated=False)
        models = {"Match": Match, "MatchSeat": MatchSeat, "CurrentRating": CurrentRating, "RatingEntry": RatingEntry}
        for pool in Pool.objects.filter(key__in=pools).order_by("key"):
            pool_rebuild(pool=pool, models=models)
    return pools

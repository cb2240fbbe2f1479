"""Writing matches: creating them, and the exactly-once life of a match on a worker.

A worker plays a match in three steps, each a short database statement or
transaction, never one long transaction around the game:

1. ``match_claim``: a conditional UPDATE moves the row from ``queued`` (or from
   ``running`` with an expired lease, when its worker died) to ``running`` with
   a new lease token.  Zero rows updated means someone else has it.
2. the game is played through ``web.matches.engine``, outside any transaction;
3. ``match_store_result``: in ONE transaction, a conditional UPDATE on
   (id, lease token, status running) marks it done with its result and
   replay, the seats get their ranks and statuses, and the rating entries are
   appended (unique per match and bot).  A result whose lease was taken over
   or whose match is already finished updates zero rows and is discarded.

``matches_sweep`` (periodic) hands matches whose lease expired back to the
queue and republishes queued matches that nobody claimed for a while (their
message may have been lost with a restarted broker).
"""
import logging
import random
import uuid
from dataclasses import dataclass, field

from django.conf import settings
from django.db import DatabaseError, transaction
from django.db.models import F, Q
from django.utils import timezone

from web.bots.models import Bot, BotVersion
from web.errors import ServiceError
from web.matches import engine
from web.matches.models import Match, MatchSeat

log = logging.getLogger(__name__)

SEED_BOUND = 2**62
LOG_CAP = 64 * 1024


@dataclass(frozen=True)
class MatchSpec:
    """One match to create: the seats are bots (their current valid version) or bot versions."""
    seats: tuple
    seed: int | None = None
    options: dict | None = None


# --- creating ----------------------------------------------------------------------------------

def _resolve_seat(game, entry, index):
    if isinstance(entry, BotVersion):
        version, bot = entry, entry.bot
    elif isinstance(entry, Bot):
        bot = entry
        version = bot.versions.filter(status=BotVersion.Status.VALID).order_by("-number").first()
        if version is None:
            raise ServiceError(f"seat {index}: bot {bot.name!r} has no valid version")
    else:
        raise ServiceError(f"seat {index}: expected a bot or a bot version, not {type(entry).__name__}")
    bot = Bot.objects.get(pk=bot.pk)  # the stored state: deleted since it was loaded?
    if bot.game != game:
        raise ServiceError(f"seat {index}: bot {bot.name!r} plays {bot.game}, not {game}")
    if bot.is_deleted:
        raise ServiceError(f"seat {index}: bot {bot.name!r} was deleted")
    if version.bot_id != bot.pk:
        raise ServiceError(f"seat {index}: version {version.pk} is not a version of {bot.name!r}")
    if version.status != BotVersion.Status.VALID:
        raise ServiceError(f"seat {index}: {bot.name!r} v{version.number} is {version.status}, not valid")
    return bot, version


def _check_spec(game, spec, versions_by_id):
    try:
        rules_version, options = engine.check_match(game, players=len(spec.seats), options=spec.options)
    except engine.EngineInputError as exc:
        raise ServiceError(str(exc)) from None
    seats = []
    for index, entry in enumerate(spec.seats):
        if not isinstance(entry, (Bot, BotVersion)):
            raise ServiceError(f"seat {index}: expected a bot or a bot version, not {type(entry).__name__}")
        key = (type(entry).__name__, entry.pk)
        if key not in versions_by_id:
            versions_by_id[key] = _resolve_seat(game, entry, index)
        seats.append(versions_by_id[key])
    if spec.seed is not None and not (isinstance(spec.seed, int) and 0 <= spec.seed < SEED_BOUND):
        raise ServiceError(f"a seed is an integer from 0 to 2**62 - 1, not {spec.seed!r}")
    return rules_version, options, seats


def matches_create(*, game, specs, kind=Match.Kind.MANUAL, tournament_round=None, rng=None, publish=True):
    """Creates and queues several matches of ``game``; all or nothing.

    Raises ``ServiceError`` (and stores nothing) for an unknown game, a wrong
    number of seats, a bot of another game, a deleted bot or one without a
    valid version, or invalid options.
    """
    try:
        engine.game_info(game)
    except engine.EngineInputError as exc:
        raise ServiceError(str(exc)) from None
    specs = list(specs)
    if not specs:
        raise ServiceError("no match to create")
    rng = rng or random.SystemRandom()
    resolved_cache = {}
    checked = [_check_spec(game, spec, resolved_cache) for spec in specs]
    now = timezone.now()
    with transaction.atomic():
        matches = Match.objects.bulk_create([
            Match(game=game, rules_version=rules_version, options=options,
                  seed=spec.seed if spec.seed is not None else rng.randrange(SEED_BOUND),
                  kind=kind, tournament_round=tournament_round, queued_at=now)
            for spec, (rules_version, options, _) in zip(specs, checked)
        ])
        MatchSeat.objects.bulk_create([
            MatchSeat(match=match, seat=seat, bot=bot, bot_version=version)
            for match, (_, _, seats) in zip(matches, checked)
            for seat, (bot, version) in enumerate(seats)
        ])
        from web.ratings.services import current_ratings_ensure
        current_ratings_ensure(game=game, bot_ids={bot.pk for _, _, seats in checked for bot, _ in seats})
        if publish:
            ids = [match.pk for match in matches]
            transaction.on_commit(lambda: publish_matches(match_ids=ids))
    return matches


def match_create(*, game, seats, seed=None, options=None, kind=Match.Kind.MANUAL, publish=True):
    """Creates and queues one match; see ``matches_create``."""
    return matches_create(game=game, specs=[MatchSpec(tuple(seats), seed, options)], kind=kind,
                          publish=publish)[0]


def publish_matches(*, match_ids, batch=None):
    """Publishes the tasks that play ``match_ids``, ``batch`` matches per message."""
    if not settings.ARENA_PUBLISH_TASKS or not match_ids:
        return 0
    from workers.tasks import play_matches
    size = max(1, batch or settings.ARENA_MATCH_BATCH)
    ids = list(match_ids)
    for start in range(0, len(ids), size):
        play_matches.delay(ids[start:start + size])
    return (len(ids) + size - 1) // size


# --- playing: claim, play, store ------------------------------------------------------------------

@dataclass
class RunReport:
    done: list = field(default_factory=list)
    failed: list = field(default_factory=list)
    skipped: list = field(default_factory=list)
    discarded: list = field(default_factory=list)
    engine_seconds: float = 0.0


def _lease_seconds():
    return settings.ARENA_MATCH_LEASE_SECONDS


def match_claim(*, match_id, worker="", lease_seconds=None):
    """Takes the match for this worker; returns the lease token, or None if it is not claimable."""
    now = timezone.now()
    token = uuid.uuid4()
    claimable = Q(status=Match.Status.QUEUED) | Q(status=Match.Status.RUNNING, lease_expires_at__lt=now)
    updated = Match.objects.filter(claimable, pk=match_id,
                                   attempts__lt=settings.ARENA_MATCH_MAX_ATTEMPTS).update(
        status=Match.Status.RUNNING, lease_token=token,
        lease_expires_at=now + timezone.timedelta(seconds=lease_seconds or _lease_seconds()),
        attempts=F("attempts") + 1, started_at=now, worker=worker[:255])
    return token if updated == 1 else None


def _seat_rows(match_id):
    return list(MatchSeat.objects.filter(match_id=match_id).select_related("bot_version", "bot")
                .order_by("seat"))


def match_play(*, match, seats):
    """Plays a claimed match (no database access); raises ``engine.MatchFailed``."""
    return engine.play(game=match.game, rules_version=match.rules_version, options=match.options,
                       seed=match.seed, seats=[row.bot_version.agent_ref for row in seats],
                       bot_labels=[f"{row.bot.name}@v{row.bot_version.number}" for row in seats])


def match_store_result(*, match_id, lease_token, played, seats=None, match=None):
    """Stores a played match once; returns False (storing nothing) if this lease no longer holds it."""
    from web.ratings.services import ratings_apply_match
    seats = seats if seats is not None else _seat_rows(match_id)
    match = match or Match.objects.only("game", "tournament_round_id").get(pk=match_id)
    result = played.result
    now = timezone.now()
    with transaction.atomic():
        updated = Match.objects.filter(pk=match_id, lease_token=lease_token,
                                       status=Match.Status.RUNNING).update(
            status=Match.Status.DONE, result=result, replay=played.replay, steps=len(played.steps),
            engine_seconds=played.engine_seconds, finished_at=now, lease_expires_at=None, error="")
        if updated != 1:
            return False
        teams = result.get("teams")
        scores = result.get("scores")
        for row in seats:
            row.status = played.seat_status[row.seat]
            row.rank = result["ranks"][row.seat]
            row.score = scores[row.seat] if scores else None
            row.team = (teams[row.seat] or "") if teams else ""
            row.log = (played.seat_logs[row.seat] or "")[:LOG_CAP]
        MatchSeat.objects.bulk_update(seats, ["status", "rank", "score", "team", "log"])
        ratings_apply_match(match_id=match_id, game=match.game, seats=seats, teams=teams)
        round_id = match.tournament_round_id
        if round_id is not None:
            transaction.on_commit(lambda: _publish_round_check(round_id))
    return True


def _publish_round_check(round_id):
    if settings.ARENA_PUBLISH_TASKS:
        from workers.tasks import advance_tournament_round
        advance_tournament_round.delay(round_id)


def match_fail(*, match_id, lease_token, error):
    """The match cannot be played (not a platform fault): ``error``, once, for the lease holder."""
    return Match.objects.filter(pk=match_id, lease_token=lease_token, status=Match.Status.RUNNING).update(
        status=Match.Status.ERROR, error=error[:10_000], finished_at=timezone.now(),
        lease_expires_at=None) == 1


def match_release(*, match_id, lease_token, error=""):
    """Gives a claimed match back after a platform fault: queued again, or error when out of attempts."""
    now = timezone.now()
    held = Match.objects.filter(pk=match_id, lease_token=lease_token, status=Match.Status.RUNNING)
    if held.filter(attempts__gte=settings.ARENA_MATCH_MAX_ATTEMPTS).update(
            status=Match.Status.ERROR, error=f"gave up after {settings.ARENA_MATCH_MAX_ATTEMPTS} attempts: "
                                             f"{error}"[:10_000], finished_at=now, lease_expires_at=None):
        return Match.Status.ERROR
    if held.update(status=Match.Status.QUEUED, lease_token=None, lease_expires_at=None, queued_at=now,
                   error=error[:10_000]):
        return Match.Status.QUEUED
    return None


def matches_run(*, match_ids, worker="", lease_seconds=None):
    """Claims, plays and stores each match in turn (what one task message does).

    A platform fault (the database) releases the match being played and is
    raised for the task to retry; matches already stored stay stored and are
    skipped by the retry.
    """
    report = RunReport()
    for match_id in match_ids:
        token = match_claim(match_id=match_id, worker=worker, lease_seconds=lease_seconds)
        if token is None:
            report.skipped.append(match_id)
            continue
        try:
            match = Match.objects.only("game", "rules_version", "options", "seed",
                                       "tournament_round_id").get(pk=match_id)
            seats = _seat_rows(match_id)
            try:
                played = match_play(match=match, seats=seats)
            except engine.MatchFailed as exc:
                match_fail(match_id=match_id, lease_token=token, error=str(exc))
                report.failed.append(match_id)
                continue
            report.engine_seconds += played.engine_seconds
            if match_store_result(match_id=match_id, lease_token=token, played=played, seats=seats,
                                  match=match):
                report.done.append(match_id)
            else:
                report.discarded.append(match_id)
        except DatabaseError as exc:
            try:
                match_release(match_id=match_id, lease_token=token, error=f"{type(exc).__name__}: {exc}")
            except DatabaseError:
                pass  # the lease sweep gives it back once the lease expires
            raise
    return report


# --- the sweep ---------------------------------------------------------------------------------

def matches_sweep(*, now=None, requeue_after=None):
    """Requeues matches whose worker vanished and republishes queued matches nobody took.

    Returns counts: ``expired`` requeued, ``abandoned`` turned to error (out of
    attempts), ``republished`` queued matches published again.
    """
    now = now or timezone.now()
    max_attempts = settings.ARENA_MATCH_MAX_ATTEMPTS
    expired = Match.objects.filter(status=Match.Status.RUNNING, lease_expires_at__lt=now)
    abandoned = expired.filter(attempts__gte=max_attempts).update(
        status=Match.Status.ERROR, finished_at=now, lease_expires_at=None,
        error=f"its worker was lost {max_attempts} times")
    abandoned += Match.objects.filter(status=Match.Status.QUEUED, attempts__gte=max_attempts).update(
        status=Match.Status.ERROR, finished_at=now, error=f"gave up after {max_attempts} attempts")
    expired_ids = list(expired.filter(attempts__lt=max_attempts).values_list("pk", flat=True))
    requeued = Match.objects.filter(pk__in=expired_ids, status=Match.Status.RUNNING,
                                    lease_expires_at__lt=now).update(
        status=Match.Status.QUEUED, lease_token=None, lease_expires_at=None, queued_at=now)
    after = requeue_after if requeue_after is not None else settings.ARENA_REQUEUE_AFTER_SECONDS
    stale = list(Match.objects.filter(status=Match.Status.QUEUED,
                                      queued_at__lt=now - timezone.timedelta(seconds=after))
                 .values_list("pk", flat=True))
    if stale:
        Match.objects.filter(pk__in=stale, status=Match.Status.QUEUED).update(queued_at=now)
    to_publish = sorted(set(expired_ids) | set(stale))
    if to_publish:
        transaction.on_commit(lambda: publish_matches(match_ids=to_publish))
    return {"expired": requeued, "abandoned": abandoned, "republished": len(stale)}

"""Playing matches exactly once, whatever happens to workers and to the broker.

A task message carries a batch of match ids.  The worker:

1. claims them with ONE conditional UPDATE: rows that are ``queued`` (or
   ``running`` with an expired lease: their worker died) become ``running``
   with a fresh lease token; rows updated by someone else are not touched,
   and the rows that carry this token are the ones this worker holds;
2. plays each through ``web.matches.engine``, outside any transaction
   (uploaded bots in their sandbox; while a long match plays, the lease of
   the matches held is renewed every third of a lease);
3. stores the results in ONE transaction per flush (every
   ``ARENA_STORE_EVERY_SECONDS`` and at the end of the batch): one
   conditional UPDATE on (id, lease token, status running) marks all of them
   done with their results and replays and returns the ids it updated; only
   those matches get their seats filled in and their rating entries appended
   (unique per match and bot).  A result whose lease was taken over, or whose
   match is already finished, updates no row and is discarded.  The same
   transaction renews the lease of the matches still to play.

``matches_sweep`` (periodic) hands matches whose lease expired back to the
queue and republishes queued matches that nobody claimed for a while (their
message may have been lost with a restarted broker).

Batching keeps the platform's share small: one commit per flush instead of one
per match, and a fixed number of statements per flush (five, six with a lease
renewal, whatever the number of matches; ``tests/web/test_web_matches.py``
pins it) instead of six per match.
"""
import logging
import time
import uuid
from dataclasses import dataclass, field

from django.conf import settings
from django.db import DatabaseError, connection, transaction
from django.db.models import F, Q
from django.utils import timezone

from web import publishing
from web.matches import engine
from web.bots.models import BotVersion
from web.bulk_sql import batch_rows, batch_table
from web.matches.models import Match, MatchSeat
from web.matches.services import publish_matches

logger = logging.getLogger(__name__)

LOG_CAP = 64 * 1024
REASON_CAP = 2000


@dataclass
class RunReport:
    done: list = field(default_factory=list)
    failed: list = field(default_factory=list)
    released: list = field(default_factory=list)
    skipped: list = field(default_factory=list)
    discarded: list = field(default_factory=list)
    engine_seconds: float = 0.0


@dataclass
class MatchToPlay:
    """What playing and storing a claimed match need of its row."""
    pk: int
    game: str
    rules_version: str
    options: dict
    seed: int
    tournament_round_id: int | None = None


@dataclass
class SeatToPlay:
    """What playing and storing need of a seat: its bot's agent reference and label, and the rank
    the store gives it."""
    pk: int
    seat: int
    bot_id: int
    label: str
    agent_ref: dict
    rank: int | None = None
    team: str = ""

    @classmethod
    def of(cls, row):
        """From a ``MatchSeat`` (its bot and version are read if not already loaded)."""
        if isinstance(row, cls):
            return row
        return cls(row.pk, row.seat, row.bot_id, f"{row.bot.name}@v{row.bot_version.number}",
                   row.bot_version.agent_ref)


@dataclass
class Claimed:
    match: MatchToPlay
    seats: list


def _lease(now, lease_seconds):
    return now + timezone.timedelta(seconds=lease_seconds or settings.ARENA_MATCH_LEASE_SECONDS)


# --- claiming ----------------------------------------------------------------------------------

_SEAT_COLUMNS = ("pk", "match_id", "seat", "bot_id", "bot__name", "bot_version_id", "bot_version__number",
                 "bot_version__kind", "bot_version__builtin_name", "bot_version__file", "bot_version__sha256")


def matches_claim(*, match_ids, worker="", lease_seconds=None):
    """Claims whichever of ``match_ids`` are claimable; returns (token, claimed matches in id order).

    The rows are read as plain values: building model instances for every
    match, seat, bot and version cost more than the claim's statements.
    """
    now = timezone.now()
    token = uuid.uuid4()
    claimable = Q(status=Match.Status.QUEUED) | Q(status=Match.Status.RUNNING, lease_expires_at__lt=now)
    updated = Match.objects.filter(claimable, pk__in=list(match_ids),
                                   attempts__lt=settings.ARENA_MATCH_MAX_ATTEMPTS).update(
        status=Match.Status.RUNNING, lease_token=token, lease_expires_at=_lease(now, lease_seconds),
        attempts=F("attempts") + 1, started_at=now, worker=worker[:255])
    if not updated:
        return token, []
    matches = [MatchToPlay(*row) for row in
               Match.objects.filter(lease_token=token, status=Match.Status.RUNNING).order_by("pk")
               .values_list("pk", "game", "rules_version", "options", "seed", "tournament_round_id")]
    seats, refs = {}, {}
    for (pk, match_id, seat, bot_id, name, version_id, number, kind, builtin_name, file, sha256) in (
            MatchSeat.objects.filter(match__in=[m.pk for m in matches]).order_by("match_id", "seat")
            .values_list(*_SEAT_COLUMNS)):
        if version_id not in refs:
            refs[version_id] = BotVersion(kind=kind, builtin_name=builtin_name, file=file, sha256=sha256).agent_ref
        seats.setdefault(match_id, []).append(SeatToPlay(pk, seat, bot_id, f"{name}@v{number}", refs[version_id]))
    return token, [Claimed(m, seats.get(m.pk, [])) for m in matches]


def match_claim(*, match_id, worker="", lease_seconds=None):
    """Claims one match; returns its lease token, or None if it is not claimable."""
    token, claimed = matches_claim(match_ids=[match_id], worker=worker, lease_seconds=lease_seconds)
    return token if claimed else None


# --- playing -----------------------------------------------------------------------------------

def bot_clock():
    """The time control of uploaded bots when ``ARENA_BOT_TIME_CONTROL`` sets one, else None
    (each game's own, ``arena.bots.runner.TIME_CONTROLS``)."""
    value = getattr(settings, "ARENA_BOT_TIME_CONTROL", None)
    if not value:
        return None
    from arena.bots.runner import TimeControl
    move, bank, startup = (float(part) for part in value)
    return TimeControl(move=move, bank=bank, startup=startup)


class _LeaseKeeper:
    """Called after each decision of a match: renews the lease of the matches a worker holds
    every third of a lease, so that a long match (slow bots) is not taken over while it plays."""

    def __init__(self, token, match_ids, lease_seconds):
        self.token, self.match_ids = token, list(match_ids)
        self.lease_seconds = lease_seconds or settings.ARENA_MATCH_LEASE_SECONDS
        self.last = time.monotonic()

    def __call__(self, _step):
        if time.monotonic() - self.last < self.lease_seconds / 3:
            return
        self.last = time.monotonic()
        try:
            Match.objects.filter(pk__in=self.match_ids, lease_token=self.token,
                                 status=Match.Status.RUNNING).update(
                lease_expires_at=_lease(timezone.now(), self.lease_seconds))
        except DatabaseError as exc:
            # The store still decides; at worst the sweep hands the match to another worker.
            logger.warning("could not renew the lease of matches %s: %s", self.match_ids, exc)


def match_play(*, match, seats, on_step=None):
    """Plays a claimed match (seats: ``SeatToPlay`` or ``MatchSeat`` rows);
    raises ``engine.MatchFailed`` or ``engine.PlatformFault``."""
    seats = [SeatToPlay.of(row) for row in seats]
    return engine.play(game=match.game, rules_version=match.rules_version, options=match.options,
                       seed=match.seed, seats=[row.agent_ref for row in seats],
                       bot_labels=[row.label for row in seats], clock=bot_clock(), on_step=on_step)


# --- storing -----------------------------------------------------------------------------------

def _prep(field_name, value, model=Match):
    return model._meta.get_field(field_name).get_db_prep_save(value, connection)


_MATCH_BATCH = (("match_id", "bigint"), ("new_result", "jsonb"), ("new_replay", "jsonb"), ("new_steps", "integer"),
                ("new_engine_seconds", "double precision"))
_SEAT_BATCH = (("seat_id", "bigint"), ("new_status", "text"), ("new_rank", "integer"),
               ("new_score", "double precision"), ("new_team", "text"), ("new_reason", "text"), ("new_log", "text"))


def _store_rows(cursor, token, now, results):
    """One conditional UPDATE for all of ``results``: the ids it updated (the others are late)."""
    q = connection.ops.quote_name
    cursor.execute(
        f"UPDATE {q(Match._meta.db_table)} SET status = %s, result = v.new_result, replay = v.new_replay, "
        f"steps = v.new_steps, engine_seconds = v.new_engine_seconds, finished_at = %s, lease_expires_at = NULL, "
        f"error = '' FROM {batch_table(_MATCH_BATCH)} "
        f"WHERE id = v.match_id AND lease_token = %s AND status = %s RETURNING id",
        [Match.Status.DONE, _prep("finished_at", now),
         batch_rows([[claimed.match.pk, played.result, played.replay, len(played.steps), played.engine_seconds]
                     for claimed, played in results]),
         _prep("lease_token", token), Match.Status.RUNNING])
    return {row[0] for row in cursor.fetchall()}


def _store_seats(cursor, rows):
    q = connection.ops.quote_name
    cursor.execute(
        f"UPDATE {q(MatchSeat._meta.db_table)} SET status = v.new_status, {q('rank')} = v.new_rank, "
        f"score = v.new_score, team = v.new_team, reason = v.new_reason, log = v.new_log "
        f"FROM {batch_table(_SEAT_BATCH)} WHERE id = v.seat_id", [batch_rows(rows)])


def _seat_rows(claimed, played):
    """The seats' columns of a stored match; gives each seat its rank and team (for the ratings)."""
    result = played.result
    teams, scores = result.get("teams"), result.get("scores")
    reasons = played.seat_reasons or [""] * len(claimed.seats)
    rows = []
    for row in claimed.seats:
        row.rank = result["ranks"][row.seat]
        row.team = (teams[row.seat] or "") if teams else ""
        rows.append([row.pk, played.seat_status[row.seat], row.rank, scores[row.seat] if scores else None,
                     row.team, (reasons[row.seat] or "")[:REASON_CAP], (played.seat_logs[row.seat] or "")[:LOG_CAP]])
    return rows


def matches_store(*, token, results, renew=(), lease_seconds=None):
    """Stores played matches in one transaction; returns the ids stored (the others are discarded).

    ``results`` is a list of ``(Claimed, PlayedMatch)``; ``renew`` lists match
    ids still held by ``token`` whose lease is extended.  The number of
    statements does not grow with the number of matches: one conditional
    UPDATE of the matches (which returns the ids it updated), one UPDATE of
    their seats, the ratings' three (``ratings_apply_matches``), and the
    renewal.
    """
    from web.ratings.services import ratings_apply_matches
    now = timezone.now()
    with transaction.atomic():
        with connection.cursor() as cursor:
            stored = _store_rows(cursor, token, now, results)
            done = [(claimed, played) for claimed, played in results if claimed.match.pk in stored]
            seat_rows = [row for claimed, played in done for row in _seat_rows(claimed, played)]
            if seat_rows:
                _store_seats(cursor, seat_rows)
        if done:
            ratings_apply_matches(matches=[(claimed.match.pk, claimed.match.game, claimed.seats,
                                            played.result.get("teams")) for claimed, played in done])
        if renew:
            Match.objects.filter(pk__in=list(renew), lease_token=token, status=Match.Status.RUNNING).update(
                lease_expires_at=_lease(now, lease_seconds))
        rounds = sorted({claimed.match.tournament_round_id for claimed, _ in done
                         if claimed.match.tournament_round_id})
        if rounds:
            transaction.on_commit(lambda: _publish_round_checks(rounds))
    return [claimed.match.pk for claimed, _ in done]


def _publish_round_checks(round_ids):
    if settings.ARENA_PUBLISH_TASKS:
        for round_id in round_ids:
            publishing.publish(publishing.ADVANCE_TOURNAMENT_ROUND, round_id)


def match_store_result(*, match_id, lease_token, played, seats=None, match=None):
    """Stores one played match; returns False (storing nothing) if this lease no longer holds it."""
    if match is None:
        match = Match.objects.only("game", "rules_version", "options", "seed", "tournament_round_id").get(pk=match_id)
    match = MatchToPlay(match.pk, match.game, match.rules_version, match.options, match.seed,
                        match.tournament_round_id)
    if seats is None:
        seats = MatchSeat.objects.filter(match_id=match_id).select_related("bot_version", "bot").order_by("seat")
    claimed = Claimed(match, [SeatToPlay.of(row) for row in seats])
    return bool(matches_store(token=lease_token, results=[(claimed, played)]))


def match_fail(*, match_id, lease_token, error):
    """The match cannot be played (not a platform fault): ``error``, once, for the lease holder."""
    return Match.objects.filter(pk=match_id, lease_token=lease_token, status=Match.Status.RUNNING).update(
        status=Match.Status.ERROR, error=error[:10_000], finished_at=timezone.now(),
        lease_expires_at=None) == 1


def match_release(*, match_id, lease_token, error=""):
    """Gives a claimed match back after a platform fault: queued again, or error when out of attempts."""
    return matches_release(match_ids=[match_id], lease_token=lease_token, error=error).get(match_id)


def matches_release(*, match_ids, lease_token, error=""):
    now = timezone.now()
    held = Match.objects.filter(pk__in=list(match_ids), lease_token=lease_token, status=Match.Status.RUNNING)
    out = {}
    spent = list(held.filter(attempts__gte=settings.ARENA_MATCH_MAX_ATTEMPTS).values_list("pk", flat=True))
    if spent:
        Match.objects.filter(pk__in=spent, lease_token=lease_token, status=Match.Status.RUNNING).update(
            status=Match.Status.ERROR, finished_at=now, lease_expires_at=None,
            error=f"gave up after {settings.ARENA_MATCH_MAX_ATTEMPTS} attempts: {error}"[:10_000])
        out.update(dict.fromkeys(spent, Match.Status.ERROR))
    back = list(held.values_list("pk", flat=True))
    if back:
        held.update(status=Match.Status.QUEUED, lease_token=None, lease_expires_at=None, queued_at=now,
                    error=error[:10_000])
        out.update(dict.fromkeys(back, Match.Status.QUEUED))
    return out


# --- one task's work ---------------------------------------------------------------------------

def matches_run(*, match_ids, worker="", lease_seconds=None, store_every=None):
    """Claims, plays and stores a batch of matches (what one task message does).

    A platform fault (the database) releases the matches not yet stored and
    is raised for the task to retry; matches already stored stay stored and
    are skipped by the retry.
    """
    report = RunReport()
    ids = list(match_ids)
    token, claimed = matches_claim(match_ids=ids, worker=worker, lease_seconds=lease_seconds)
    held = {c.match.pk for c in claimed}
    report.skipped = [i for i in ids if i not in held]
    store_every = settings.ARENA_STORE_EVERY_SECONDS if store_every is None else store_every
    pending, last_flush = [], time.monotonic()
    keeper = _LeaseKeeper(token, held, lease_seconds)
    try:
        for index, item in enumerate(claimed):
            try:
                played = match_play(match=item.match, seats=item.seats, on_step=keeper)
            except engine.MatchFailed as exc:
                match_fail(match_id=item.match.pk, lease_token=token, error=str(exc))
                held.discard(item.match.pk)
                report.failed.append(item.match.pk)
            except engine.PlatformFault as exc:
                # This worker cannot play it (no sandbox, no bot file): back to the queue, where the
                # sweep republishes it after a while; out of attempts, it is an error.
                match_release(match_id=item.match.pk, lease_token=token, error=str(exc))
                held.discard(item.match.pk)
                report.released.append(item.match.pk)
            else:
                report.engine_seconds += played.engine_seconds
                pending.append((item, played))
            last = index == len(claimed) - 1
            if pending and (last or time.monotonic() - last_flush >= store_every):
                rest = [c.match.pk for c in claimed[index + 1:]]
                stored = matches_store(token=token, results=pending, renew=rest, lease_seconds=lease_seconds)
                report.done += stored
                report.discarded += [c.match.pk for c, _ in pending if c.match.pk not in set(stored)]
                held -= {c.match.pk for c, _ in pending}
                pending, last_flush = [], time.monotonic()
    except DatabaseError as exc:
        try:
            matches_release(match_ids=sorted(held), lease_token=token, error=f"{type(exc).__name__}: {exc}")
        except DatabaseError as release_error:
            # The lease sweep gives them back once the lease expires.
            logger.warning("could not release matches %s: %s", sorted(held), release_error)
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

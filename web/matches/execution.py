"""Playing matches exactly once, whatever happens to workers and to the broker.

A task message carries a batch of match ids.  The worker:

1. claims them with ONE conditional UPDATE: rows that are ``queued`` (or
   ``running`` with an expired lease: their worker died) become ``running``
   with a fresh lease token; rows updated by someone else are not touched,
   and the rows that carry this token are the ones this worker holds.  A
   match claimed before is claimed only by a task of its own (see below);
2. plays each through ``web.matches.playing``, outside any transaction
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

Faults stay with the match that has them:

* an unexpected exception while playing, storing or rating one match ends
  that match in ``error`` with the reason (``internal_error``, shown to staff
  on the match's page and in the admin); when a flush's transaction fails for
  anything but the database itself, its matches are stored one by one, each in
  its own transaction, so the good ones land.  The database failing
  (``database_failed``) releases the matches held and the task retries;
* a match whose play kills its worker (a crash in compiled code) must not
  spend the attempts of its batch mates: a match claimed before is published
  and claimed in a task of its own (by the sweep, or by a task that finds it
  among its ids), so only the poison match runs out of attempts;
* a worker that stalls (a frozen machine) holds nobody up: the sweep skips
  rows locked by another transaction (``SELECT ... FOR UPDATE SKIP LOCKED``),
  the PostgreSQL sessions have a ``lock_timeout`` and an
  ``idle_in_transaction_session_timeout`` (``web.settings``: the
  ``ARENA_DB_*`` variables), and a worker whose lease renewal finds it no
  longer holds its matches stops playing them instead of playing them to be
  thrown away.

``ARENA_FAULT_POINTS`` (tests only) makes a worker kill or stop its own
process at a chosen step of a chosen match: the live-worker tests of a poison
match and of stalled workers (``tests/workers/test_platform_live_stalls.py``).
"""
import logging
import os
import signal
import time
import uuid
from dataclasses import dataclass, field

from django.conf import settings
from django.db import DatabaseError, InterfaceError, OperationalError, connection, transaction
from django.db.models import F, Q
from django.utils import timezone

from web import publishing
from web.matches import playing
from web.bots import files as bot_files
from web.bots.models import BotVersion
from web.bots.services import bot_versions_fail_lost_file
from web.bulk_sql import JSON_TEXT, batch_rows, batch_table, json_text
from web.errors import PlatformFault
from web.matches.models import INTERNAL_ERROR_PREFIX, Match, MatchSeat
from web.matches.services import publish_matches

logger = logging.getLogger(__name__)

LOG_CAP = 64 * 1024
REASON_CAP = 2000
ERROR_CAP = 10_000


def database_failed(exc):
    """Whether ``exc`` is the database failing (connection lost, a lock or statement timeout, the
    server ending an idle transaction), for the task to retry the batch; any other exception while
    storing is the match's own and ends that match alone in error."""
    if isinstance(exc, (OperationalError, InterfaceError)):
        return True
    # The server ends a session as an InternalError (idle-in-transaction timeout), among others.
    raw = connection.connection
    return isinstance(exc, DatabaseError) and (raw is None or bool(getattr(raw, "closed", False)))


def internal_error(step, exc):
    """The reason stored on a match that an unexpected exception stopped (shown to staff)."""
    return f"{INTERNAL_ERROR_PREFIX}{step} the match: {type(exc).__name__}: {exc}"[:ERROR_CAP]


def _fault_point(step, match_id):
    """Test-only (``ARENA_FAULT_POINTS``): this process kills or stops itself here, as a crash in
    compiled code or a frozen machine would."""
    action = settings.ARENA_FAULT_POINTS.get(f"{step}:{match_id}") if settings.ARENA_FAULT_POINTS else None
    if action:
        os.kill(os.getpid(), signal.SIGKILL if action == "kill" else signal.SIGSTOP)


@dataclass
class RunReport:
    done: list = field(default_factory=list)
    failed: list = field(default_factory=list)
    released: list = field(default_factory=list)
    skipped: list = field(default_factory=list)
    discarded: list = field(default_factory=list)
    lost: list = field(default_factory=list)
    engine_seconds: float = 0.0


@dataclass
class StoreOutcome:
    """What a store did besides the ids it returns: the matches it ended in error, and how many of
    the matches to renew it renewed (fewer than asked: this worker lost some of them)."""
    failed: list = field(default_factory=list)
    renewed: int = 0


@dataclass
class MatchToPlay:
    """What playing and storing a claimed match need of its row."""
    pk: int
    game: str
    rules_version: str
    options: dict
    seed: int
    tournament_round_id: int | None = None
    rating_pool: str | None = None    # the key of the pool its ratings go to (None: not rated), its kind
    rating_kind: str | None = None


def person_ref(person_id):
    """The agent reference of a seat a person plays (``web.tables`` gives it its agent)."""
    return {"kind": "person", "person": person_id}


@dataclass
class SeatToPlay:
    """What playing and storing need of a seat: its bot's agent reference and label (a person's
    seat: ``person_ref`` and the person's name, no bot), and the rank the store gives it."""
    pk: int
    seat: int
    bot_id: int | None
    label: str
    agent_ref: dict
    rank: int | None = None
    team: str = ""

    @classmethod
    def of(cls, row):
        """From a ``MatchSeat`` (its bot and version are read if not already loaded)."""
        if isinstance(row, cls):
            return row
        if row.person_id is not None:
            return cls(row.pk, row.seat, None, row.person.username, person_ref(row.person_id))
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
                 "bot_version__kind", "bot_version__builtin_name", "bot_version__file_suffix", "bot_version__sha256",
                 "person_id", "person__username")


def _claimable(now):
    return Q(status=Match.Status.QUEUED) | Q(status=Match.Status.RUNNING, lease_expires_at__lt=now)


def matches_claim(*, match_ids, worker="", lease_seconds=None, tables=False):
    """Claims whichever of ``match_ids`` are claimable; returns (token, claimed matches in id order).

    The matches of tables (people at them) are claimed only with ``tables`` (by the tables'
    workers, ``web.tables.runner``), and only they are then: a ladder worker cannot wait on people.

    A match claimed before (its worker vanished, or gave it back) is claimed
    only by a task of its own: a match whose play kills its worker would
    otherwise take the attempts of its batch mates with it.  ``matches_run``
    publishes such matches alone.

    The rows are read as plain values: building model instances for every
    match, seat, bot and version cost more than the claim's statements.
    """
    now = timezone.now()
    token = uuid.uuid4()
    ids = list(match_ids)
    claimable = Match.objects.filter(_claimable(now), pk__in=ids, attempts__lt=settings.ARENA_MATCH_MAX_ATTEMPTS)
    claimable = claimable.filter(kind=Match.Kind.TABLE) if tables else claimable.exclude(kind=Match.Kind.TABLE)
    if len(ids) > 1:
        claimable = claimable.filter(attempts=0)
    updated = claimable.update(
        status=Match.Status.RUNNING, lease_token=token, lease_expires_at=_lease(now, lease_seconds),
        attempts=F("attempts") + 1, started_at=now, worker=worker[:255])
    if not updated:
        return token, []
    matches = [MatchToPlay(*row[:6], row[6] if row[8] else None, row[7]) for row in
               Match.objects.filter(lease_token=token, status=Match.Status.RUNNING).order_by("pk")
               .values_list("pk", "game", "rules_version", "options", "seed", "tournament_round_id", "rating_pool_id",
                            "rating_pool__kind", "rated")]
    seats, refs = {}, {}
    for (pk, match_id, seat, bot_id, name, version_id, number, kind, builtin_name, suffix, sha256, person_id,
         person_name) in (MatchSeat.objects.filter(match__in=[m.pk for m in matches]).order_by("match_id", "seat")
                          .values_list(*_SEAT_COLUMNS)):
        if person_id is not None:
            seats.setdefault(match_id, []).append(SeatToPlay(pk, seat, None, person_name, person_ref(person_id)))
            continue
        if version_id not in refs:
            refs[version_id] = BotVersion(kind=kind, builtin_name=builtin_name, file_suffix=suffix,
                                          sha256=sha256).agent_ref
        seats.setdefault(match_id, []).append(SeatToPlay(pk, seat, bot_id, f"{name}@v{number}", refs[version_id]))
    return token, [Claimed(m, seats.get(m.pk, [])) for m in matches]


def match_claim(*, match_id, worker="", lease_seconds=None):
    """Claims one match; returns its lease token, or None if it is not claimable."""
    token, claimed = matches_claim(match_ids=[match_id], worker=worker, lease_seconds=lease_seconds)
    return token if claimed else None


# --- playing -----------------------------------------------------------------------------------

def bot_clock():
    """The time control of uploaded bots when ``ARENA_BOT_TIME_CONTROL`` sets one, else None (each
    game's own, from its spec).  Validation reads the same variable (``arena.bots.runner.time_control``),
    so a bot is validated under the clock it is rated under."""
    value = getattr(settings, "ARENA_BOT_TIME_CONTROL", None)
    if not value:
        return None
    from arena.bots.runner import TimeControl
    move, bank, startup = (float(part) for part in value)
    return TimeControl(move=move, bank=bank, startup=startup)


class LeaseKeeper:
    """The lease of the matches a worker holds, renewed every third of a lease.

    Called before each match and after each of its decisions: a long match
    (slow bots) is not taken over while it plays.  When a renewal updates
    fewer rows than held, the worker has lost those matches (it stalled past
    its lease and the sweep gave them to another worker): they leave
    ``held``, and the match playing is stopped (``playing.PlayAborted``) if it
    is one of them, instead of being played to be thrown away.
    """

    def __init__(self, token, match_ids, lease_seconds):
        self.token, self.held = token, set(match_ids)
        self.lease_seconds = lease_seconds or settings.ARENA_MATCH_LEASE_SECONDS
        self.last = time.monotonic()
        self.playing = None

    def __call__(self, _step=None):
        if time.monotonic() - self.last >= self.lease_seconds / 3:
            self.renew()
        if self.playing is not None and self.playing not in self.held:
            raise playing.PlayAborted(f"match {self.playing}: this worker no longer holds its lease")

    def _held_now(self):
        return Match.objects.filter(pk__in=list(self.held), lease_token=self.token, status=Match.Status.RUNNING)

    def renew(self):
        self.last = time.monotonic()
        try:
            renewed = self._held_now().update(lease_expires_at=_lease(timezone.now(), self.lease_seconds))
            if renewed < len(self.held):
                self.held = set(self._held_now().values_list("pk", flat=True))
        except DatabaseError as exc:
            # The store still decides; at worst the sweep hands the match to another worker.
            logger.warning("could not renew the lease of matches %s: %s", sorted(self.held), exc)

    def renewed(self, match_ids, count):
        """The store renewed ``count`` of ``match_ids``."""
        self.last = time.monotonic()
        if count < len(match_ids):
            self.held = set(self._held_now().values_list("pk", flat=True))

    def drop(self, match_ids):
        self.held -= set(match_ids)


def _local_refs(seats):
    """The seats' agent references with the local path of each uploaded bot's file, fetched from the
    blob store into this machine's cache (``web.bots.files``).  A file missing from the store, or
    damaged there, fails the match (and its version: it plays no more) with the reason: trying
    again, here or on another worker, would find it the same."""
    refs = []
    for row in seats:
        try:
            refs.append(bot_files.local_agent_ref(row.agent_ref))
        except bot_files.BotFileLost as exc:
            bot_versions_fail_lost_file(sha256=row.agent_ref.get("sha256") or "", problem=str(exc))
            raise playing.MatchFailed(f"{row.label}: {exc}") from None
    return refs


def match_play(*, match, seats, on_step=None, people=None, pool=None):
    """Plays a claimed match (seats: ``SeatToPlay`` or ``MatchSeat`` rows); ``people(seat, ref)``
    gives the agent of a seat a person plays, ``pool`` keeps uploaded bots' processes between the
    matches of a batch (see ``playing.play``).  Raises ``playing.MatchFailed`` or ``PlatformFault``."""
    seats = [SeatToPlay.of(row) for row in seats]
    return playing.play(game=match.game, rules_version=match.rules_version, options=match.options,
                       seed=match.seed, seats=_local_refs(seats),
                       bot_labels=[row.label for row in seats], clock=bot_clock(), on_step=on_step,
                       people=people, pool=pool)


# --- storing -----------------------------------------------------------------------------------

def _prep(field_name, value, model=Match):
    return model._meta.get_field(field_name).get_db_prep_save(value, connection)


_MATCH_BATCH = (("match_id", "bigint"), ("new_result", "jsonb"), ("new_replay", JSON_TEXT), ("new_steps", "integer"),
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
         batch_rows([[claimed.match.pk, played.result, json_text(played.replay), len(played.steps),
                      played.engine_seconds] for claimed, played in results]),
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


class _StepFailed(Exception):
    """An unexpected exception at one step of storing (``storing`` or ``rating``)."""

    def __init__(self, step, cause):
        super().__init__(f"{step}: {cause}")
        self.step, self.cause = step, cause


def _store_together(token, now, results):
    """The statements of a store, in the caller's transaction: the ids stored.  A platform fault
    is raised as it is; any other exception as ``_StepFailed``."""
    from web.ratings.services import MatchToRate, ratings_apply_matches
    try:
        with connection.cursor() as cursor:
            stored = _store_rows(cursor, token, now, results)
            done = [(claimed, played) for claimed, played in results if claimed.match.pk in stored]
            seat_rows = [row for claimed, played in done for row in _seat_rows(claimed, played)]
            if seat_rows:
                _store_seats(cursor, seat_rows)
        for claimed, _ in done:
            _fault_point("store", claimed.match.pk)
    except Exception as exc:
        if database_failed(exc):
            raise
        raise _StepFailed("storing", exc) from exc
    rated = [(claimed, played) for claimed, played in done if claimed.match.rating_pool]
    if rated:
        try:
            ratings_apply_matches(matches=[MatchToRate(claimed.match.pk, claimed.match.game,
                                                       claimed.match.rating_pool, claimed.match.rating_kind,
                                                       claimed.seats, played.result)
                                           for claimed, played in rated])
        except Exception as exc:
            if database_failed(exc):
                raise
            raise _StepFailed("rating", exc) from exc
    rounds = sorted({claimed.match.tournament_round_id for claimed, _ in done if claimed.match.tournament_round_id})
    if rounds:
        transaction.on_commit(lambda: _publish_round_checks(rounds))
    return [claimed.match.pk for claimed, _ in done]


def _renew(token, match_ids, now, lease_seconds):
    return Match.objects.filter(pk__in=list(match_ids), lease_token=token, status=Match.Status.RUNNING).update(
        lease_expires_at=_lease(now, lease_seconds))


def matches_store(*, token, results, renew=(), lease_seconds=None, outcome=None):
    """Stores played matches; returns the ids stored (the others are discarded or failed).

    ``results`` is a list of ``(Claimed, PlayedMatch)``; ``renew`` lists match
    ids still held by ``token`` whose lease is extended; ``outcome`` (a
    ``StoreOutcome``), if given, receives the matches ended in error and the
    number renewed.

    The fast path is one transaction whose number of statements does not grow
    with the number of matches: one conditional UPDATE of the matches (which
    returns the ids it updated), one UPDATE of their seats, the ratings' three
    (``ratings_apply_matches``), and the renewal.  If it fails for anything
    but the database itself (a result the store or the ratings cannot take),
    the matches are stored one by one, each in its own transaction: the good
    ones land and the bad one ends in error with the reason
    (``internal_error``), instead of the whole batch being retried and failing
    together.  The database failing (``database_failed``) is raised.
    """
    outcome = outcome if outcome is not None else StoreOutcome()
    now = timezone.now()
    try:
        with transaction.atomic():
            stored = _store_together(token, now, results)
            if renew:
                outcome.renewed = _renew(token, renew, now, lease_seconds)
        return stored
    except _StepFailed as exc:
        logger.warning("storing matches %s together failed (%s); storing them one by one",
                       [claimed.match.pk for claimed, _ in results], exc)
    stored = []
    for claimed, played in results:
        match_id = claimed.match.pk
        try:
            with transaction.atomic():
                stored += _store_together(token, now, [(claimed, played)])
        except _StepFailed as exc:
            logger.error("match %s cannot be stored", match_id, exc_info=exc.cause)
            if match_fail(match_id=match_id, lease_token=token, error=internal_error(exc.step, exc.cause)):
                outcome.failed.append(match_id)
    if renew:
        outcome.renewed = _renew(token, renew, now, lease_seconds)
    return stored


def _publish_round_checks(round_ids):
    if settings.ARENA_PUBLISH_TASKS:
        for round_id in round_ids:
            publishing.publish(publishing.ADVANCE_TOURNAMENT_ROUND, round_id)


def match_store_result(*, match_id, lease_token, played, seats=None, match=None):
    """Stores one played match; returns False (storing nothing) if this lease no longer holds it."""
    if match is None:
        match = (Match.objects.select_related("rating_pool")
                 .only("game", "rules_version", "options", "seed", "tournament_round_id", "rating_pool__kind", "rated")
                 .get(pk=match_id))
    pool = match.rating_pool if match.rated else None
    match = MatchToPlay(match.pk, match.game, match.rules_version, match.options, match.seed,
                        match.tournament_round_id, pool and pool.key, pool and pool.kind)
    if seats is None:
        seats = MatchSeat.objects.filter(match_id=match_id).select_related("bot_version", "bot").order_by("seat")
    claimed = Claimed(match, [SeatToPlay.of(row) for row in seats])
    return bool(matches_store(token=lease_token, results=[(claimed, played)]))


def match_fail(*, match_id, lease_token, error):
    """The match cannot be played (not a platform fault): ``error``, once, for the lease holder."""
    return Match.objects.filter(pk=match_id, lease_token=lease_token, status=Match.Status.RUNNING).update(
        status=Match.Status.ERROR, error=error[:ERROR_CAP], finished_at=timezone.now(),
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

    Each match is on its own: an unexpected exception while playing, storing
    or rating one ends that match in error with the reason, and the others
    are played and stored.  Matches of the message that were claimed before
    are published in a task of their own (see ``matches_claim``).  When this
    worker finds it no longer holds some of its matches (it stalled past its
    lease), it does not play them.

    A platform fault (the database) releases the matches not yet stored and
    is raised for the task to retry; matches already stored stay stored and
    are skipped by the retry.
    """
    report = RunReport()
    ids = list(match_ids)
    token, claimed = matches_claim(match_ids=ids, worker=worker, lease_seconds=lease_seconds)
    held = {c.match.pk for c in claimed}
    report.skipped = [i for i in ids if i not in held]
    if len(ids) > 1 and report.skipped:
        _publish_retried_alone(report.skipped)
    store_every = settings.ARENA_STORE_EVERY_SECONDS if store_every is None else store_every
    pending, last_flush = [], time.monotonic()
    keeper = LeaseKeeper(token, held, lease_seconds)

    def flush(rest):
        outcome = StoreOutcome()
        renew = [pk for pk in rest if pk in keeper.held]
        stored = matches_store(token=token, results=pending, renew=renew, lease_seconds=lease_seconds,
                               outcome=outcome)
        report.done += stored
        report.failed += outcome.failed
        report.discarded += [c.match.pk for c, _ in pending if c.match.pk not in set(stored) | set(outcome.failed)]
        keeper.drop(c.match.pk for c, _ in pending)
        keeper.renewed(renew, outcome.renewed)

    # Uploaded bots' processes are kept from one match of the batch to the next (a fresh one after
    # any failure) and all ended with the batch.
    pool = playing.bot_pool()
    try:
        for index, item in enumerate(claimed):
            match_id = item.match.pk
            _fault_point("play", match_id)
            keeper.playing = match_id
            try:
                keeper()  # a lease renewal due, and whether this match is still held
                played = match_play(match=item.match, seats=item.seats, on_step=keeper, pool=pool)
            except playing.PlayAborted:
                report.lost.append(match_id)
            except playing.MatchFailed as exc:
                match_fail(match_id=match_id, lease_token=token, error=str(exc))
                keeper.drop([match_id])
                report.failed.append(match_id)
            except PlatformFault as exc:
                # This worker cannot play it (no sandbox, no bot file): back to the queue, where the
                # sweep republishes it after a while; out of attempts, it is an error.
                match_release(match_id=match_id, lease_token=token, error=str(exc))
                keeper.drop([match_id])
                report.released.append(match_id)
            except DatabaseError:
                raise
            except Exception as exc:
                logger.exception("match %s stopped with an unexpected exception", match_id)
                match_fail(match_id=match_id, lease_token=token, error=internal_error("playing", exc))
                keeper.drop([match_id])
                report.failed.append(match_id)
            else:
                report.engine_seconds += played.engine_seconds
                pending.append((item, played))
            finally:
                keeper.playing = None
            if pending and time.monotonic() - last_flush >= store_every:
                flush([c.match.pk for c in claimed[index + 1:]])
                pending, last_flush = [], time.monotonic()
        pool.close()
        if pending:
            flush([])
            pending = []
    except DatabaseError as exc:
        try:
            matches_release(match_ids=sorted(keeper.held), lease_token=token, error=f"{type(exc).__name__}: {exc}")
        except DatabaseError as release_error:
            # The lease sweep gives them back once the lease expires.
            logger.warning("could not release matches %s: %s", sorted(keeper.held), release_error)
        raise
    finally:
        pool.close()
    if report.lost:
        logger.warning("this worker lost the lease of matches %s (it stalled past it): another worker plays "
                       "them, this one did not", report.lost)
    if report.discarded:
        logger.warning("matches %s were played here, but another worker holds them now: discarded",
                       report.discarded)
    return report


def _publish_retried_alone(match_ids):
    """Publishes each claimable match of ``match_ids`` that was claimed before in a task of its own."""
    retried = list(Match.objects.filter(_claimable(timezone.now()), pk__in=list(match_ids), attempts__gt=0,
                                        attempts__lt=settings.ARENA_MATCH_MAX_ATTEMPTS)
                   .values_list("pk", flat=True))
    if retried:
        publish_matches(match_ids=sorted(retried), batch=1)


# --- the sweep ---------------------------------------------------------------------------------

def matches_sweep(*, now=None, requeue_after=None):
    """Requeues matches whose worker vanished and republishes queued matches nobody took.

    Returns counts: ``expired`` requeued, ``abandoned`` turned to error (out of
    attempts), ``republished`` queued matches published again.

    Rows locked by another transaction (a worker frozen in the middle of its
    store) are skipped, not waited for: they are swept once that transaction
    ends (the server ends it after ``ARENA_DB_IDLE_IN_TRANSACTION_SECONDS``).
    Matches claimed before are published one per task, so that a match that
    kills its worker only spends its own attempts; the others in batches.
    """
    now = now or timezone.now()
    max_attempts = settings.ARENA_MATCH_MAX_ATTEMPTS
    after = requeue_after if requeue_after is not None else settings.ARENA_REQUEUE_AFTER_SECONDS
    with transaction.atomic():
        expired_rows = list(Match.objects.filter(status=Match.Status.RUNNING, lease_expires_at__lt=now)
                            .select_for_update(skip_locked=True).values_list("pk", "attempts", "kind"))
        expired = {pk: attempts for pk, attempts, _ in expired_rows}
        spent_queued = list(Match.objects.filter(status=Match.Status.QUEUED, attempts__gte=max_attempts)
                            .select_for_update(skip_locked=True).values_list("pk", flat=True))
        stale_rows = list(Match.objects.filter(status=Match.Status.QUEUED, attempts__lt=max_attempts,
                                               queued_at__lt=now - timezone.timedelta(seconds=after))
                          .select_for_update(skip_locked=True).values_list("pk", "attempts", "kind"))
        stale = {pk: attempts for pk, attempts, _ in stale_rows}
        # A table's match goes back to the tables' queue (which ends it if it was claimed before).
        tables = {pk for pk, _, kind in expired_rows + stale_rows if kind == Match.Kind.TABLE}
        spent = [pk for pk, attempts in expired.items() if attempts >= max_attempts]
        lost = [pk for pk, attempts in expired.items() if attempts < max_attempts]
        abandoned = Match.objects.filter(pk__in=spent).update(
            status=Match.Status.ERROR, finished_at=now, lease_expires_at=None,
            error=f"its worker was lost {max_attempts} times")
        abandoned += Match.objects.filter(pk__in=spent_queued).update(
            status=Match.Status.ERROR, finished_at=now, error=f"gave up after {max_attempts} attempts")
        requeued = Match.objects.filter(pk__in=lost).update(
            status=Match.Status.QUEUED, lease_token=None, lease_expires_at=None, queued_at=now)
        if stale:
            Match.objects.filter(pk__in=list(stale)).update(queued_at=now)
        alone = sorted((set(lost) | {pk for pk, attempts in stale.items() if attempts > 0}) - tables)
        together = sorted(pk for pk, attempts in stale.items() if attempts == 0 and pk not in tables)
        at_tables = sorted(tables & (set(lost) | set(stale)))
        if alone or together:
            transaction.on_commit(lambda: (publish_matches(match_ids=alone, batch=1),
                                           publish_matches(match_ids=together)))
        if at_tables:
            transaction.on_commit(lambda: publish_matches(match_ids=at_tables, kind=Match.Kind.TABLE))
    return {"expired": requeued, "abandoned": abandoned, "republished": len(stale)}

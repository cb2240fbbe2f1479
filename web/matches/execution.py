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
   ``ARENA_STORE_EVERY_SECONDS`` and at the end of the batch): for each match,
   a conditional UPDATE on (id, lease token, status running) marks it done
   with its result and replay, and only the matches it updated get their
   seats filled in and their rating entries appended (unique per match and
   bot).  A result whose lease was taken over, or whose match is already
   finished, updates zero rows and is discarded.  The same transaction renews
   the lease of the matches still to play.

``matches_sweep`` (periodic) hands matches whose lease expired back to the
queue and republishes queued matches that nobody claimed for a while (their
message may have been lost with a restarted broker).

Batching keeps the platform's share small: two commits per flush instead of
two per match, and a handful of statements per match.
"""
import logging
import time
import uuid
from dataclasses import dataclass, field

from django.conf import settings
from django.db import DatabaseError, connection, transaction
from django.db.models import F, Q
from django.utils import timezone

from web.matches import engine
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
class Claimed:
    match: Match
    seats: list


def _lease(now, lease_seconds):
    return now + timezone.timedelta(seconds=lease_seconds or settings.ARENA_MATCH_LEASE_SECONDS)


# --- claiming ----------------------------------------------------------------------------------

def matches_claim(*, match_ids, worker="", lease_seconds=None):
    """Claims whichever of ``match_ids`` are claimable; returns (token, claimed matches in id order)."""
    now = timezone.now()
    token = uuid.uuid4()
    claimable = Q(status=Match.Status.QUEUED) | Q(status=Match.Status.RUNNING, lease_expires_at__lt=now)
    updated = Match.objects.filter(claimable, pk__in=list(match_ids),
                                   attempts__lt=settings.ARENA_MATCH_MAX_ATTEMPTS).update(
        status=Match.Status.RUNNING, lease_token=token, lease_expires_at=_lease(now, lease_seconds),
        attempts=F("attempts") + 1, started_at=now, worker=worker[:255])
    if not updated:
        return token, []
    matches = list(Match.objects.filter(lease_token=token, status=Match.Status.RUNNING)
                   .only("game", "rules_version", "options", "seed", "tournament_round_id").order_by("pk"))
    seats = {}
    for row in (MatchSeat.objects.filter(match__in=[m.pk for m in matches])
                .select_related("bot_version", "bot").order_by("match_id", "seat")):
        seats.setdefault(row.match_id, []).append(row)
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
    """Plays a claimed match; raises ``engine.MatchFailed`` or ``engine.PlatformFault``."""
    return engine.play(game=match.game, rules_version=match.rules_version, options=match.options,
                       seed=match.seed, seats=[row.bot_version.agent_ref for row in seats],
                       bot_labels=[f"{row.bot.name}@v{row.bot_version.number}" for row in seats],
                       clock=bot_clock(), on_step=on_step)


# --- storing -----------------------------------------------------------------------------------

def _prep(field_name, value, model=Match):
    return model._meta.get_field(field_name).get_db_prep_save(value, connection)


_SQL = {}


def _sql():
    """The two statements of a store, written out: the ORM's cost per statement is too high here."""
    if connection.vendor not in _SQL:
        q = connection.ops.quote_name
        match, seat = q(Match._meta.db_table), q(MatchSeat._meta.db_table)
        _SQL[connection.vendor] = (
            f"UPDATE {match} SET status = %s, result = %s, replay = %s, steps = %s, engine_seconds = %s, "
            f"finished_at = %s, lease_expires_at = NULL, error = '' "
            f"WHERE id = %s AND lease_token = %s AND status = %s",
            f"UPDATE {seat} SET status = %s, {q('rank')} = %s, score = %s, team = %s, reason = %s, log = %s "
            f"WHERE id = %s")
    return _SQL[connection.vendor]


def matches_store(*, token, results, renew=(), lease_seconds=None):
    """Stores played matches in one transaction; returns the ids stored (the others are discarded).

    ``results`` is a list of ``(Claimed, PlayedMatch)``; ``renew`` lists match
    ids still held by ``token`` whose lease is extended.
    """
    from web.ratings.services import ratings_apply_matches
    store_sql, seat_sql = _sql()
    now = timezone.now()
    stored, seat_rows, rated = [], [], []
    with transaction.atomic():
        with connection.cursor() as cursor:
            prepped = (_prep("status", Match.Status.DONE), _prep("finished_at", now),
                       _prep("lease_token", token), _prep("status", Match.Status.RUNNING))
            for claimed, played in results:
                cursor.execute(store_sql, [prepped[0], _prep("result", played.result),
                                           _prep("replay", played.replay), len(played.steps),
                                           played.engine_seconds, prepped[1], claimed.match.pk,
                                           prepped[2], prepped[3]])
                if cursor.rowcount != 1:
                    continue
                stored.append(claimed.match.pk)
                result = played.result
                teams, scores = result.get("teams"), result.get("scores")
                for row in claimed.seats:
                    row.rank = result["ranks"][row.seat]
                    row.team = (teams[row.seat] or "") if teams else ""
                    reasons = played.seat_reasons or [""] * len(claimed.seats)
                    seat_rows.append([played.seat_status[row.seat], row.rank,
                                      scores[row.seat] if scores else None, row.team,
                                      (reasons[row.seat] or "")[:REASON_CAP],
                                      (played.seat_logs[row.seat] or "")[:LOG_CAP], row.pk])
                rated.append((claimed.match.pk, claimed.match.game, claimed.seats, teams))
            if seat_rows:
                cursor.executemany(seat_sql, seat_rows)
        if rated:
            ratings_apply_matches(matches=rated)
        if renew:
            Match.objects.filter(pk__in=list(renew), lease_token=token, status=Match.Status.RUNNING).update(
                lease_expires_at=_lease(now, lease_seconds))
        rounds = sorted({c.match.tournament_round_id for c, _ in results
                         if c.match.pk in set(stored) and c.match.tournament_round_id})
        if rounds:
            transaction.on_commit(lambda: _publish_round_checks(rounds))
    return stored


def _publish_round_checks(round_ids):
    if settings.ARENA_PUBLISH_TASKS:
        from workers.tasks import advance_tournament_round
        for round_id in round_ids:
            advance_tournament_round.delay(round_id)


def match_store_result(*, match_id, lease_token, played, seats=None, match=None):
    """Stores one played match; returns False (storing nothing) if this lease no longer holds it."""
    match = match or Match.objects.only("game", "tournament_round_id").get(pk=match_id)
    seats = seats if seats is not None else list(
        MatchSeat.objects.filter(match_id=match_id).select_related("bot_version", "bot").order_by("seat"))
    return bool(matches_store(token=lease_token, results=[(Claimed(match, seats), played)]))


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

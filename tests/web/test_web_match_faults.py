"""Fault isolation and liveness of match execution, in this process.

One match that raises while it is played, stored or rated ends in error with
its reason and its batch mates are stored, and so does one whose engine offers a
seat that must act no legal decision (nobody forfeits); matches claimed before are played
in a task of their own; a worker that lost its lease stops playing; the sweep
skips rows another transaction holds locked.  (Real worker processes killed and
stopped: ``tests/workers/test_platform_live_stalls.py``.)
"""
import re
import time
import uuid

import psycopg
import pytest
from django.db import connection
from django.urls import reverse
from django.utils import timezone

from arena import games
from live_servers import require
from tests.broken_engines import NoDecisionAfter
from web.matches import execution, services
from web.matches.models import Match, MatchSeat
from web.ratings import services as rating_services
from web.ratings.models import CurrentRating, RatingEntry


def _matches(house, n, seed=0):
    return [m.pk for m in services.matches_create(game="katana", specs=[
        services.MatchSpec(tuple(house[i % 2:i % 2 + 5]), seed + i) for i in range(n)])]


def _raise_for_play(monkeypatch, bad):
    real = execution.match_play

    def play(*, match, seats, on_step=None, **rest):
        if match.pk == bad:
            raise ZeroDivisionError("division by zero in the engine")
        return real(match=match, seats=seats, on_step=on_step, **rest)

    monkeypatch.setattr(execution, "match_play", play)


def _raise_for_store(monkeypatch, bad):
    real = execution._seat_rows

    def seat_rows(claimed, played):
        if claimed.match.pk == bad:
            raise KeyError("ranks")
        return real(claimed, played)

    monkeypatch.setattr(execution, "_seat_rows", seat_rows)


def _raise_for_rating(monkeypatch, bad):
    real = rating_services.match_record

    def match_record(*, match_id, **kwargs):
        if match_id == bad:
            raise ValueError("a rank out of range")
        return real(match_id=match_id, **kwargs)

    monkeypatch.setattr(rating_services, "match_record", match_record)


@pytest.mark.parametrize("step,inject,reason", [
    ("playing", _raise_for_play, "ZeroDivisionError: division by zero in the engine"),
    ("storing", _raise_for_store, "KeyError: 'ranks'"),
    ("rating", _raise_for_rating, "ValueError: a rank out of range"),
])
def test_a_match_that_raises_ends_in_error_alone_and_its_batch_mates_are_stored(
        house, monkeypatch, admin_client, client, step, inject, reason):
    ids = _matches(house, 4)
    bad = ids[1]
    inject(monkeypatch, bad)
    # One flush for the whole batch: the store has to take the good ones apart from the bad one.
    report = execution.matches_run(match_ids=ids, worker="w", store_every=3600)
    good = [i for i in ids if i != bad]
    assert sorted(report.done) == good and report.failed == [bad] and report.discarded == []
    assert dict(Match.objects.filter(pk__in=ids).values_list("pk", "status")) == {
        **dict.fromkeys(good, "done"), bad: "error"}
    broken = Match.objects.get(pk=bad)
    assert broken.error == f"internal error while {step} the match: {reason}"
    assert broken.result is None and broken.lease_token is not None and broken.lease_expires_at is None
    assert set(MatchSeat.objects.filter(match_id=bad).values_list("status", flat=True)) == {""}
    assert not RatingEntry.objects.filter(match_id=bad).exists()
    for match_id in good:
        match = Match.objects.get(pk=match_id)
        assert [s.rank for s in match.seats.order_by("seat")] == match.result["ranks"]
        assert RatingEntry.objects.filter(match_id=match_id, kind="live").count() == 5
    assert sum(CurrentRating.objects.values_list("games", flat=True)) == 5 * len(good)
    # Staff see why, on the match's page and in the admin; a visitor, that it was an internal error.
    escaped = reason.replace("'", "&#x27;")
    for url in (reverse("match-detail", args=[bad]), reverse("admin:matches_match_change", args=[bad])):
        assert escaped in admin_client.get(url).content.decode()
    public = client.get(reverse("match-detail", args=[bad])).content.decode()
    assert escaped not in public and "an internal error stopped this match" in public


def test_a_match_whose_engine_offers_no_legal_decision_ends_in_error_alone(house, monkeypatch, client):
    ids = _matches(house, 4, seed=70)
    bad = ids[1]
    bad_seed = Match.objects.get(pk=bad).seed
    real = games.Game.new_state

    def new_state(self, n_players, seed, options=None):
        state = real(self, n_players, seed, options)
        return NoDecisionAfter(state, 9) if seed == bad_seed else state

    monkeypatch.setattr(games.Game, "new_state", new_state)
    report = execution.matches_run(match_ids=ids, worker="w", store_every=3600)
    good = [i for i in ids if i != bad]
    assert sorted(report.done) == good and report.failed == [bad] and report.released == []
    broken = Match.objects.get(pk=bad)
    assert broken.status == "error" and broken.result is None and broken.attempts == 1
    rules = games.get("katana").rules_version
    assert re.fullmatch(rf"EngineError: katana rules {re.escape(rules)}, 5 players, seed {bad_seed}, at step 9, "
                        r"seat \d: the game is not over and this seat must act, but it has no legal decision",
                        broken.error), broken.error
    assert set(MatchSeat.objects.filter(match_id=bad).values_list("status", flat=True)) == {""}, "nobody forfeits"
    assert not RatingEntry.objects.filter(match_id=bad).exists()
    assert RatingEntry.objects.filter(match_id__in=good, kind="live").count() == 5 * len(good)
    # Not an internal error: anyone sees why on the match's page.
    assert broken.error in client.get(reverse("match-detail", args=[bad])).content.decode()


def test_storing_one_by_one_keeps_a_late_result_discarded(house, monkeypatch):
    """The per-match fallback is guarded by the lease like the batch: a match taken over is not stored."""
    token, claimed = execution.matches_claim(match_ids=_matches(house, 3, seed=20), worker="w")
    results = [(item, execution.match_play(match=item.match, seats=item.seats)) for item in claimed]
    bad, taken = claimed[0].match.pk, claimed[2].match.pk
    Match.objects.filter(pk=taken).update(lease_token=uuid.uuid4())
    _raise_for_rating(monkeypatch, bad)
    outcome = execution.StoreOutcome()
    stored = execution.matches_store(token=token, results=results, outcome=outcome)
    assert stored == [claimed[1].match.pk] and outcome.failed == [bad]
    assert Match.objects.get(pk=taken).status == "running"
    assert RatingEntry.objects.count() == 5


def test_matches_claimed_before_are_published_in_a_task_of_their_own(house, monkeypatch):
    ids = _matches(house, 4, seed=30)
    retried = ids[1:3]
    Match.objects.filter(pk__in=retried).update(attempts=1)  # their worker vanished once
    Match.objects.filter(pk=ids[2]).update(status="running", lease_token=uuid.uuid4(),
                                           lease_expires_at=timezone.now() - timezone.timedelta(seconds=1))
    published = []
    monkeypatch.setattr(execution, "publish_matches",
                        lambda *, match_ids, batch=None: published.append((list(match_ids), batch)))
    report = execution.matches_run(match_ids=ids, worker="w")
    assert sorted(report.done) == [ids[0], ids[3]] and sorted(report.skipped) == retried
    assert published == [(retried, 1)]
    alone = execution.matches_run(match_ids=[ids[1]], worker="w")
    assert alone.done == [ids[1]] and Match.objects.get(pk=ids[1]).attempts == 2


def test_the_sweep_publishes_expired_matches_one_per_task(house, monkeypatch, django_capture_on_commit_callbacks):
    ids = _matches(house, 5, seed=40)
    token, _ = execution.matches_claim(match_ids=ids[:3], worker="dead")
    Match.objects.filter(pk__in=ids[:3]).update(lease_expires_at=timezone.now() - timezone.timedelta(seconds=1))
    Match.objects.filter(pk__in=ids[3:]).update(queued_at=timezone.now() - timezone.timedelta(minutes=5))
    published = []
    monkeypatch.setattr(execution, "publish_matches",
                        lambda *, match_ids, batch=None: published.append((list(match_ids), batch)))
    with django_capture_on_commit_callbacks(execute=True):
        counts = execution.matches_sweep(requeue_after=60)
    assert counts == {"expired": 3, "abandoned": 0, "republished": 2}
    assert published == [(ids[:3], 1), (ids[3:], None)]


def test_a_worker_that_lost_its_lease_stops_playing_its_batch(house, monkeypatch):
    ids = _matches(house, 4, seed=50)
    real, played = execution.match_play, []

    def play(*, match, seats, on_step=None, **rest):
        played.append(match.pk)
        if match.pk == ids[1]:
            # Meanwhile this worker stalled past its lease and the sweep gave the rest to another.
            Match.objects.filter(pk__in=ids[1:]).update(lease_token=uuid.uuid4())
            # The stall itself: a renewal is due at the match's first decision, however quickly
            # the rest of it would be played (a few hundred random moves take about a millisecond).
            time.sleep(0.01)
        return real(match=match, seats=seats, on_step=on_step, **rest)

    monkeypatch.setattr(execution, "match_play", play)
    # A lease so short that the keeper renews before each match and after each decision.
    report = execution.matches_run(match_ids=ids, worker="w", lease_seconds=0.003, store_every=0)
    assert played == ids[:2], "the matches it no longer held were not played"
    assert report.done == [ids[0]] and report.lost == ids[1:]
    assert RatingEntry.objects.filter(match_id__in=ids[1:]).count() == 0
    assert set(Match.objects.filter(pk__in=ids[1:]).values_list("status", flat=True)) == {"running"}


@pytest.mark.integration
def test_the_sweep_skips_rows_a_stalled_transaction_holds(house, transactional_db):
    """A worker frozen in the middle of its store holds its rows: the sweep does not wait for them."""
    if connection.vendor != "postgresql":
        require(False, "row locks need PostgreSQL")
    ids = _matches(house, 2, seed=60)
    execution.matches_claim(match_ids=ids, worker="frozen")
    Match.objects.filter(pk__in=ids).update(lease_expires_at=timezone.now() - timezone.timedelta(seconds=1))
    db = connection.settings_dict
    with psycopg.connect(host=db["HOST"], port=db["PORT"], user=db["USER"], dbname=db["NAME"]) as frozen:
        frozen.execute(f"UPDATE {Match._meta.db_table} SET steps = 0 WHERE id = %s", [ids[0]])  # left open
        started = time.monotonic()
        counts = execution.matches_sweep()
        assert time.monotonic() - started < 2
        assert counts["expired"] == 1
        assert dict(Match.objects.filter(pk__in=ids).values_list("pk", "status")) == {
            ids[0]: "running", ids[1]: "queued"}
        frozen.rollback()
    assert execution.matches_sweep()["expired"] == 1
    assert Match.objects.get(pk=ids[0]).status == "queued"


def test_database_timeouts_come_from_the_environment(monkeypatch):
    from web import settings as web_settings
    monkeypatch.setenv("ARENA_DB_LOCK_TIMEOUT_SECONDS", "2.5")
    monkeypatch.setenv("ARENA_DB_IDLE_IN_TRANSACTION_SECONDS", "20")
    monkeypatch.setenv("ARENA_DB_STATEMENT_TIMEOUT_SECONDS", "0")
    assert web_settings._postgres_timeouts() == "-c lock_timeout=2500 -c idle_in_transaction_session_timeout=20000"
    monkeypatch.delenv("ARENA_DB_LOCK_TIMEOUT_SECONDS")
    monkeypatch.setenv("ARENA_DB_STATEMENT_TIMEOUT_SECONDS", "60")
    assert web_settings._postgres_timeouts() == ("-c lock_timeout=10000 -c idle_in_transaction_session_timeout=20000 "
                                                 "-c statement_timeout=60000")


@pytest.mark.integration
def test_this_process_connects_with_a_lock_timeout(db):
    if connection.vendor != "postgresql":
        require(False, "session settings need PostgreSQL")
    with connection.cursor() as cursor:
        cursor.execute("SHOW lock_timeout")
        assert cursor.fetchone() == ("10s",)

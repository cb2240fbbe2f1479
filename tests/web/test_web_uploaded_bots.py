"""Uploaded bots play in their sandbox: per-seat status, the owner's log, faults of the worker."""
import os

import pytest

from arena import replay as arena_replay
from bot_sources import CRASH_AT_MOVE, GOOD_BOT, INFINITE_LOOP, playable_upload
from web.matches import execution, selectors, services
from web.matches.models import Match
from web.ratings.models import RatingEntry


@pytest.fixture
def quick_clock(settings):
    settings.ARENA_BOT_TIME_CONTROL = (0.3, 0.6, 5.0)


def _run(match):
    report = execution.matches_run(match_ids=[match.pk], worker="test")
    match.refresh_from_db()
    return report, match


def test_an_uploaded_bot_plays_and_its_log_goes_to_its_owner_only(sandboxed, house, user, django_user_model):
    bot, version = playable_upload(user, "first-legal", GOOD_BOT)
    match = services.match_create(game="katana", seats=[bot] + house[:3], seed=7)
    report, match = _run(match)
    assert report.done == [match.pk] and match.status == Match.Status.DONE
    seats = list(match.seats.order_by("seat"))
    assert [s.status for s in seats] == ["ok"] * 4
    assert seats[0].bot_version_id == version.pk
    assert arena_replay.verify(match.replay) == match.result
    assert match.replay["bots"][0] == "first-legal@v1"
    assert RatingEntry.objects.filter(match=match).count() == 4
    mine = selectors.seat_logs(match_id=match.pk, user=user)
    assert list(mine) == [0] and "thinking" in mine[0]["log"] and mine[0]["status"] == "ok"
    stranger = django_user_model.objects.create_user(username="kojiro", password="x" * 12)
    assert selectors.seat_logs(match_id=match.pk, user=stranger) == {}
    assert selectors.seat_logs(match_id=match.pk, user=None) == {}
    public = selectors.match_get(match_id=match.pk).seats.all()[0]
    assert {"log", "reason"} <= public.get_deferred_fields()


@pytest.mark.parametrize("source,status,reason", [
    (CRASH_AT_MOVE, "crash", "ZeroDivisionError"),
    (INFINITE_LOOP, "timeout", "no answer to move in time"),
])
def test_a_failing_uploaded_bot_forfeits_and_the_match_is_done(sandboxed, quick_clock, house, user,
                                                               source, status, reason):
    bot, _ = playable_upload(user, "hostile", source)
    match = services.match_create(game="katana", seats=house[:2] + [bot] + house[2:3], seed=3)
    report, match = _run(match)
    assert report.done == [match.pk] and match.status == Match.Status.DONE and match.error == ""
    seats = list(match.seats.order_by("seat"))
    assert [s.status for s in seats] == ["ok", "ok", status, "ok"]
    assert reason in seats[2].reason
    assert seats[2].rank == max(s.rank for s in seats)
    assert match.result["forfeited"] == [2]
    assert arena_replay.verify(match.replay) == match.result
    assert RatingEntry.objects.filter(match=match).count() == 4
    if status == "crash":
        assert "ZeroDivisionError" in selectors.seat_logs(match_id=match.pk, user=user)[2]["log"]


@pytest.fixture
def empty_bot_cache(settings, tmp_path):
    """A worker that has no copy of any bot yet (the cache is otherwise the test run's)."""
    settings.ARENA_BOT_CACHE_DIR = str(tmp_path / "bot-cache")
    return settings.ARENA_BOT_CACHE_DIR


def test_a_bot_file_missing_from_the_blob_store_fails_its_match_with_the_reason_instead_of_requeueing(
        sandboxed, house, user, empty_bot_cache):
    from web.bots.models import BotBlob
    bot, version = playable_upload(user, "lost", GOOD_BOT)
    ok = services.match_create(game="katana", seats=house[:4], seed=1)
    match = services.match_create(game="katana", seats=[bot] + house[:3], seed=2)
    BotBlob.objects.filter(pk=version.sha256).delete()
    report = execution.matches_run(match_ids=[ok.pk, match.pk], worker="test")
    assert report.done == [ok.pk] and report.failed == [match.pk] and report.released == []
    match.refresh_from_db()
    problem = f"its file (sha256 {version.sha256[:12]}) is missing from the database blob store"
    assert match.status == Match.Status.ERROR and match.attempts == 1
    assert match.error == f"lost@v1: {problem}"
    version.refresh_from_db()
    assert version.status == "failed" and version.validation_problem == problem, "it is matched no more"


def test_a_damaged_blob_is_not_played_and_a_damaged_local_copy_is_fetched_again(sandboxed, house, user,
                                                                               empty_bot_cache):
    from web.bots.models import BotBlob
    bot, version = playable_upload(user, "changed", GOOD_BOT)
    first = services.match_create(game="katana", seats=[bot] + house[:3], seed=2)
    report, first = _run(first)
    assert report.done == [first.pk]
    cached = os.path.join(empty_bot_cache, f"{version.sha256}.py")
    with open(cached, "ab") as handle:   # this worker's disk damages its copy: fetched again
        handle.write(b"# tampered\n")
    second = services.match_create(game="katana", seats=[bot] + house[:3], seed=3)
    report, second = _run(second)
    assert report.done == [second.pk] and open(cached, "rb").read() == GOOD_BOT
    os.remove(cached)
    BotBlob.objects.filter(pk=version.sha256).update(content=GOOD_BOT + b"# tampered\n")
    third = services.match_create(game="katana", seats=[bot] + house[:3], seed=4)
    report, third = _run(third)
    assert report.failed == [third.pk] and third.status == Match.Status.ERROR
    assert "changed@v1: its file in the database blob store is damaged" in third.error
    assert not os.path.exists(cached), "damaged bytes are never cached"


def test_a_match_that_fails_last_in_a_batch_does_not_hold_back_the_others(house, monkeypatch):
    from web.matches import playing
    first = services.match_create(game="katana", seats=house[:4], seed=1)
    last = services.match_create(game="katana", seats=house[:4], seed=2)
    real = playing.play

    def play(**kwargs):
        if kwargs["seed"] == 2:
            raise playing.MatchFailed("broken")
        return real(**kwargs)

    monkeypatch.setattr(playing, "play", play)
    report = execution.matches_run(match_ids=[first.pk, last.pk], worker="test", store_every=3600)
    assert report.done == [first.pk] and report.failed == [last.pk]
    assert Match.objects.get(pk=first.pk).status == "done"

"""Uploaded bots on real worker processes: played in the sandbox, hostile ones forfeit, the worker
goes on."""
import pytest

from arena import replay as arena_replay
from bot_sources import CRASH_AT_MOVE, GOOD_BOT, INFINITE_LOOP, playable_upload
from live_servers import wait_for
from sandbox_processes import sandboxes_started_here
from web.bots import services as bot_services
from web.matches import services
from web.matches.models import Match

pytestmark = pytest.mark.integration


def _finished(ids):
    from django.db import close_old_connections
    close_old_connections()
    return Match.objects.filter(pk__in=ids, status__in=("done", "error")).count() == len(ids)


def test_uploaded_bots_play_on_a_worker_and_hostile_ones_do_not_hurt_it(live, sandboxed, django_user_model):
    owner = django_user_model.objects.create_user(username="musashi", password="x" * 12)
    house = bot_services.house_bots_ensure(game="katana", count=4)
    good, _ = playable_upload(owner, "good", GOOD_BOT)
    crash, _ = playable_upload(owner, "crash", CRASH_AT_MOVE)
    loop, _ = playable_upload(owner, "loop", INFINITE_LOOP)
    specs = [services.MatchSpec((good, *house[:3]), 1),
             services.MatchSpec((house[0], crash, house[1], house[2]), 2),
             services.MatchSpec((house[0], house[1], loop, house[2]), 3),
             services.MatchSpec((good, crash, loop, house[0]), 4)]
    ids = [m.pk for m in services.matches_create(game="katana", specs=specs)]
    worker = live.worker("a", env={"ARENA_BOT_TIME_CONTROL": "0.3,0.6,5"})
    wait_for(lambda: _finished(ids), 90, interval=0.2, message="the matches with uploaded bots")
    matches = {m.pk: m for m in Match.objects.filter(pk__in=ids)}
    assert {m.status for m in matches.values()} == {"done"}, {m.pk: m.error for m in matches.values()}
    statuses = {m.seed: [s.status for s in m.seats.order_by("seat")] for m in matches.values()}
    assert statuses[1] == ["ok"] * 4
    assert statuses[2] == ["ok", "crash", "ok", "ok"]
    assert statuses[3] == ["ok", "ok", "timeout", "ok"]
    # Katana ends at the first forfeit: whichever hostile bot is asked first fails, the other never does.
    assert statuses[4] in (["ok", "crash", "ok", "ok"], ["ok", "ok", "timeout", "ok"])
    for match in matches.values():
        assert arena_replay.verify(match.replay) == match.result
        assert match.attempts == 1, "no match was retried: the worker never faltered"
    crash_seat = Match.objects.get(pk=ids[1]).seats.get(seat=1)
    assert "ZeroDivisionError" in crash_seat.log and "ZeroDivisionError" in crash_seat.reason
    # The worker is unaffected: the same process plays on, and no bot process is left.
    assert worker.alive() and worker.starts == 1
    after = services.match_create(game="katana", seats=house[:4], seed=5)
    wait_for(lambda: _finished([after.pk]), 30, message="a match after the hostile bots")
    assert Match.objects.get(pk=after.pk).status == "done"
    # Only this test's own processes: another test's bots may be playing on the machine.
    assert sandboxes_started_here() == []


def test_a_worker_validates_uploads_queued_on_commit(live, sandboxed, django_user_model):
    from web.bots.models import BotVersion
    owner = django_user_model.objects.create_user(username="kenshin", password="x" * 12)
    house = bot_services.house_bots_ensure(game="katana", count=4)
    versions = {}
    for name, source in (("good", GOOD_BOT), ("crash", CRASH_AT_MOVE)):
        bot = bot_services.bot_create(game="katana", name=name, owner=owner)
        versions[name] = bot_services.bot_version_upload(bot=bot, filename=f"{name}.py", content=source).pk
    live.worker("a")

    def judged():
        from django.db import close_old_connections
        close_old_connections()
        return not BotVersion.objects.filter(pk__in=versions.values(), status="pending").exists()

    wait_for(judged, 60, interval=0.2, message="both uploads validated")
    good, crash = (BotVersion.objects.get(pk=versions[name]) for name in ("good", "crash"))
    assert good.status == "passed" and good.validation_problem == "" and "thinking" in good.validation_log
    assert [m["status"] for m in good.validation_verdict["matches"]] == ["ok", "ok"]
    assert crash.status == "failed" and "ZeroDivisionError" in crash.validation_problem
    assert "ZeroDivisionError" in crash.validation_log
    # The version that passed is matched; the one that failed is refused with its reason.
    match = services.match_create(game="katana", seats=[good.bot] + house[:3], seed=9)
    wait_for(lambda: _finished([match.pk]), 30, message="the validated bot's match")
    assert [s.status for s in Match.objects.get(pk=match.pk).seats.order_by("seat")] == ["ok"] * 4
    from web.errors import ServiceError
    with pytest.raises(ServiceError, match="failed validation: match 1"):
        services.match_create(game="katana", seats=[crash] + house[:3])

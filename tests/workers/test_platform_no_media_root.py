"""Deleting ``MEDIA_ROOT`` on a running platform changes nothing: uploaded bots live in the blob
store, and each worker fetches them into a cache of its own.  Validation, the ladder, challenges and
tables keep playing uploaded bots on real worker processes."""
import os
import shutil

import pytest
from django.db import close_old_connections
from django.test import Client
from django.urls import reverse

from arena import replay as arena_replay
from bot_sources import GOOD_BOT
from live_servers import wait_for
from web.bots import services as bot_services
from web.bots.models import Bot, BotVersion
from web.challenges.services import challenge_create
from web.matches.ladder import ladder_fill
from web.matches.models import Match
from web.tables import services as table_services
from web.tables.channel import SeatChannel

pytestmark = pytest.mark.integration


def _upload(client, name):
    from django.core.files.uploadedfile import SimpleUploadedFile
    response = client.post(reverse("bot-upload"), {"game": "katana", "name": name,
                                                   "file": SimpleUploadedFile(f"{name}.py", GOOD_BOT)})
    assert response.status_code == 302, response.content.decode()[:500]
    return Bot.objects.get(game="katana", name=name)


def _validated(bot):
    def passed():
        close_old_connections()
        return BotVersion.objects.filter(bot=bot).exclude(status="pending").exists()
    wait_for(passed, 60, interval=0.2, message=f"{bot.name}'s validation")
    version = BotVersion.objects.get(bot=bot)
    assert version.status == "passed", version.validation_problem
    return version


def _played(ids, timeout=90):
    def finished():
        close_old_connections()
        return Match.objects.filter(pk__in=ids, status__in=("done", "error")).count() == len(ids)
    wait_for(finished, timeout, interval=0.2, message=f"matches {sorted(ids)}")
    matches = list(Match.objects.filter(pk__in=ids))
    assert {m.status for m in matches} == {"done"}, {m.pk: m.error for m in matches}
    for match in matches:
        assert arena_replay.verify(match.replay) == match.result
    return matches


def _person(channel, decisions, timeout=60):
    """A person at seat 0, as the table's page plays it: the first legal action at every decision."""
    import time
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        state = channel.read()
        if state is not None and state["over"]:
            return
        if state is not None and state["decision"] is not None and channel.hand_over(state["decision"],
                                                                                     state["legal"][0]):
            decisions.append(state["decision"])
        time.sleep(0.01)
    raise AssertionError(f"the table's game did not end; last state: {channel.read()}")


def test_deleting_media_root_on_a_running_platform_changes_nothing(live, sandboxed, settings, django_user_model):
    settings.ARENA_MATCH_BATCH = 3
    owner = django_user_model.objects.create_user(username="musashi", password="x" * 12)
    house = bot_services.house_bots_ensure(game="katana", count=2)
    quick = {"ARENA_BOT_TIME_CONTROL": "0.5,3,5"}
    live.worker("matches", env=quick)
    live.worker("tables", env=quick, queue=settings.ARENA_TABLE_QUEUE, pool="threads", concurrency=2)
    client = Client()
    client.force_login(owner)
    first = _upload(client, "before")
    _validated(first)

    shutil.rmtree(settings.MEDIA_ROOT)   # the web host's; the workers' was never made
    worker_media = live.environment["MEDIA_ROOT"]
    assert not os.path.exists(settings.MEDIA_ROOT) and not os.path.exists(worker_media)

    # validation of an upload made after it
    second = _upload(client, "after")
    version = _validated(second)
    assert [m["status"] for m in version.validation_verdict["matches"]] == ["ok", "ok"]
    # the ladder (the four playable bots: both uploads sit at every four-seat table)
    ladder = ladder_fill(game="katana", target=4)
    ladder_ids = [m.pk for m in ladder]
    played = _played(ladder_ids)
    uploaded_seats = [s for m in played for s in m.seats.all() if s.bot_id in (first.pk, second.pk)]
    assert uploaded_seats and {s.status for s in uploaded_seats} == {"ok"}
    # a challenge
    challenge = challenge_create(owner=owner, bot=second, opponents=[first, *house], games=2, seed=11)
    challenge_ids = list(Match.objects.filter(challenge=challenge).values_list("pk", flat=True))
    for match in _played(challenge_ids):
        assert [s.status for s in match.seats.order_by("seat")] == ["ok"] * 4
    # a table: a person with both uploaded bots, played by the tables' worker
    table = table_services.table_create(creator=owner, game="katana",
                                        seats=[table_services.ME, first, second, house[0]])
    decisions = []
    _person(SeatChannel(table.match_id, 0), decisions)
    (match,) = _played([table.match_id])
    assert decisions
    assert [s.status for s in match.seats.order_by("seat")] == ["ok"] * 4

    assert not os.path.exists(settings.MEDIA_ROOT) and not os.path.exists(worker_media), "nothing wrote there"
    cache = os.path.join(live.environment["ARENA_HOME"], "bot-cache")
    assert sorted(os.listdir(cache)) == [".lock", f"{version.sha256}.py"], "one file for both bots: one blob"

"""Workers on several machines, on one machine: the web server (this process) and two worker hosts,
each in a network namespace of its own that reaches PostgreSQL and Redis only through a veth
address, with its own empty ``ARENA_HOME`` (and so its own bot cache) and no ``MEDIA_ROOT``.

A bot uploaded on the web host is validated and plays on both worker hosts; every result is stored
once and its replay verifies; one worker host killed in the middle of the batch leaves the other to
finish every match.  Mandatory under ``CI=true`` where namespaces can be made (root, iproute2);
elsewhere it says in one line why it is skipped."""
import os
from urllib.parse import urlsplit, urlunsplit

import pytest
from django.db import close_old_connections, connection
from django.test import Client
from django.urls import reverse

from arena import replay as arena_replay
from bot_sources import GOOD_BOT
from live_servers import wait_for
from web.bots import services as bot_services
from web.bots.models import Bot, BotVersion
from web.matches import execution, services
from web.matches.models import Match
from web.ratings.models import RatingEntry
from worker_hosts import WORKER_HOST_NEEDS, WorkerHost, namespaces_available

pytestmark = pytest.mark.integration

MATCHES = 32


@pytest.fixture
def worker_hosts():
    available, why = namespaces_available()
    if not available:
        pytest.skip(f"no network namespaces here: {why}")
    with WorkerHost(1, (5432, 6379)) as first, WorkerHost(2, (5432, 6379)) as second:
        yield first, second


def _on(url, host):
    parts = urlsplit(url)
    netloc = parts.netloc.replace(f"{parts.hostname}:", f"{host}:", 1)
    return urlunsplit(parts._replace(netloc=netloc))


def _host_env(live, host, tmp_path, name):
    """A worker host's environment: the site's database and broker through its veth address, an
    empty home of its own, and the test's tuning (quick leases, this run's queue)."""
    home = tmp_path / name
    needs = {"DATABASE_URL": _on(live.environment["DATABASE_URL"], host.address),
             "REDIS_URL": _on(live.environment["REDIS_URL"], host.address)}
    assert tuple(needs) == WORKER_HOST_NEEDS
    return {**needs, "ARENA_HOME": str(home), "ARENA_BOT_CACHE_DIR": str(home / "bot-cache"),
            "MEDIA_ROOT": str(home / "media-never-written"), "ARENA_BOT_TIME_CONTROL": "0.5,3,5"}


def _finished(ids):
    close_old_connections()
    return Match.objects.filter(pk__in=ids, status__in=("done", "error")).count() == len(ids)


def test_an_upload_plays_on_two_worker_hosts_and_one_finishes_when_the_other_dies(
        live, sandboxed, settings, worker_hosts, django_user_model, tmp_path):
    first, second = worker_hosts
    settings.ARENA_MATCH_BATCH = 2
    for host in worker_hosts:   # a worker host reaches the site only through its veth address
        wait_for(lambda host=host: host.reaches(host.address, 5432) and host.reaches(host.address, 6379), 10,
                 message=f"the forwarders of {host.name}")
        assert not host.reaches("127.0.0.1", 5432) and not host.reaches("127.0.0.1", 6379)
    hosts = {name: live.worker(name, env=_host_env(live, host, tmp_path, name), prefix=host.prefix)
             for name, host in (("host1", first), ("host2", second))}
    for worker in hosts.values():
        worker.wait_ready()

    # Uploaded on the web host (this process), validated by whichever worker host takes it.
    owner = django_user_model.objects.create_user(username="musashi", password="x" * 12)
    client = Client()
    client.force_login(owner)
    from django.core.files.uploadedfile import SimpleUploadedFile
    response = client.post(reverse("bot-upload"), {"game": "katana", "name": "ronin",
                                                   "file": SimpleUploadedFile("ronin.py", GOOD_BOT)})
    assert response.status_code == 302
    bot = Bot.objects.get(name="ronin")

    def validated():
        close_old_connections()
        return BotVersion.objects.filter(bot=bot).exclude(status="pending").first()

    version = wait_for(validated, 60, interval=0.2, message="the upload's validation")
    assert version.status == "passed", version.validation_problem

    house = bot_services.house_bots_ensure(game="katana", count=3)
    specs = [services.MatchSpec(tuple(([bot] + house)[i % 4:] + ([bot] + house)[:i % 4]), 100 + i)
             for i in range(MATCHES)]
    ids = [m.pk for m in services.matches_create(game="katana", specs=specs)]

    def done_by(prefix):
        close_old_connections()
        return Match.objects.filter(pk__in=ids, status="done", worker__startswith=prefix).count()

    # Both hosts play; then the first host dies with matches still to play.
    wait_for(lambda: done_by(hosts["host1"].hostname_prefix) and done_by(hosts["host2"].hostname_prefix), 60,
             interval=0.1, message="matches played on both worker hosts")
    left = Match.objects.filter(pk__in=ids).exclude(status="done").count()
    hosts["host1"].kill()
    assert left > 0, "the batch ended before the first host was killed: make it longer"
    wait_for(lambda: execution.matches_sweep() is not None and _finished(ids), 120, interval=0.5,
             message="the second host finishing every match")

    matches = list(Match.objects.filter(pk__in=ids).prefetch_related("seats"))
    assert {m.status for m in matches} == {"done"}, {m.pk: m.error for m in matches}
    played_on = {m.worker.split(".")[0] for m in matches}
    assert played_on == {"host1", "host2"}
    for match in matches:
        assert arena_replay.verify(match.replay) == match.result
        seats = sorted(match.seats.all(), key=lambda s: s.seat)
        assert [s.status for s in seats] == ["ok"] * 4 and all(s.rank is not None for s in seats)
    entries = list(RatingEntry.objects.filter(match_id__in=ids, kind="live").values_list("match_id", "bot_id"))
    assert len(entries) == len(set(entries)) == 4 * MATCHES, "each result stored and rated once"
    # Each host fetched the bot into its own cache; neither had or made a MEDIA_ROOT.
    for name in hosts:
        home = tmp_path / name
        assert (home / "bot-cache" / f"{version.sha256}.py").read_bytes() == GOOD_BOT
        assert not (home / "media-never-written").exists()
    assert connection.vendor == "postgresql"
    assert not os.path.exists(os.path.join(settings.MEDIA_ROOT, "bots"))

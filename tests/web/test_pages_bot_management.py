"""The owner's side of a bot page: managing the bot, and its logs collapsed, filtered and downloadable."""
import pytest
from django.urls import reverse

from bot_sources import GOOD_BOT
from web.bots import services
from web.bots.models import Bot, BotVersion
from web.matches import services as match_services
from web.matches.models import Match, MatchSeat


@pytest.fixture
def kaze(user):
    bot = services.bot_create(game="katana", name="kaze", owner=user)
    for _ in range(2):
        version = services.bot_version_upload(bot=bot, filename="bot.py", content=GOOD_BOT)
        BotVersion.objects.filter(pk=version.pk).update(status=BotVersion.Status.PASSED)
    return Bot.objects.get(pk=bot.pk)


def _played(bot, house, seed, status, log, reason=""):
    match = match_services.match_create(game="katana", seats=[bot] + house[:2], seed=seed)
    Match.objects.filter(pk=match.pk).update(status="done", result={"ranks": [1, 2, 3]})
    MatchSeat.objects.filter(match=match, bot=bot).update(status=status, log=log, reason=reason, rank=1)
    return match


def test_logs_collapse_filter_by_status_and_download(client, user, kaze, house):
    timed_out = _played(kaze, house, 1, "timeout", "still thinking\n", "took longer than 1 s a move")
    fine = _played(kaze, house, 2, "ok", "all good\n")
    client.force_login(user)
    page = client.get(reverse("bot-detail", args=[kaze.pk])).content.decode()
    logs = page.split('id="bot-logs"', 1)[1]
    assert f'<details class="log-entry" id="log-{timed_out.pk}">' in logs and "<details open" not in logs
    assert "timeout (1)" in logs and "ok (1)" in logs and "crash (0)" in logs
    only = client.get(reverse("bot-detail", args=[kaze.pk]) + "?log_status=timeout").content.decode()
    only = only.split('id="bot-logs"', 1)[1]
    assert "still thinking" in only and "all good" not in only
    assert "No match where it ended crash." in client.get(
        reverse("bot-detail", args=[kaze.pk]) + "?log_status=crash").content.decode()
    download = client.get(reverse("bot-seat-log", args=[kaze.pk, timed_out.pk]))
    assert download.status_code == 200 and download["Content-Disposition"].startswith("attachment")
    assert download.content.decode() == (f"kaze v2, match {timed_out.pk}, seat 0: timeout: took longer than 1 s "
                                         "a move\n\nstill thinking\n")
    client.logout()
    assert client.get(reverse("bot-seat-log", args=[kaze.pk, fine.pk])).status_code == 302   # to log in
    assert 'id="bot-logs"' not in client.get(reverse("bot-detail", args=[kaze.pk])).content.decode()


def test_a_stranger_gets_no_log_and_cannot_manage(client, kaze, house, django_user_model):
    match = _played(kaze, house, 1, "ok", "secret\n")
    stranger = django_user_model.objects.create_user(username="kojiro", password="y" * 12)
    client.force_login(stranger)
    assert client.get(reverse("bot-seat-log", args=[kaze.pk, match.pk])).status_code == 404
    assert client.post(reverse("bot-retire", args=[kaze.pk])).status_code == 404
    assert not Bot.objects.get(pk=kaze.pk).is_deleted
    assert 'id="bot-manage"' not in client.get(reverse("bot-detail", args=[kaze.pk])).content.decode()


def test_the_owner_manages_the_bot_from_its_page(client, user, kaze, house):
    client.force_login(user)
    page = client.get(reverse("bot-detail", args=[kaze.pk])).content.decode()
    assert 'id="bot-manage"' in page and "v2 <strong class=\"plays\">plays</strong>" in page
    answer = client.post(reverse("bot-choose-version", args=[kaze.pk]), {"version": "1"}, follow=True)
    assert "kaze plays v1." in answer.content.decode()
    assert "v1 <strong class=\"plays\">plays</strong>" in answer.content.decode()
    answer = client.post(reverse("bot-rename", args=[kaze.pk]), {"name": "random-4"}, follow=True)
    assert "reads as &#x27;random&#x27;" in answer.content.decode()
    answer = client.post(reverse("bot-rename", args=[kaze.pk]), {"name": "arashi"}, follow=True)
    assert "Renamed arashi." in answer.content.decode()
    _played(kaze, house, 1, "ok", "")
    answer = client.post(reverse("bot-retire", args=[kaze.pk]), follow=True)
    assert "arashi is retired: it keeps its history and plays no more." in answer.content.decode()
    answer = client.post(reverse("bot-delete", args=[kaze.pk]), follow=True)
    assert "arashi had played: it is anonymised" in answer.content.decode()
    assert Bot.objects.get(pk=kaze.pk).name == f"deleted bot {kaze.pk}"

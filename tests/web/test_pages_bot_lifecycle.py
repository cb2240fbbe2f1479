"""What the pages say of a bot's life: validation followed everywhere on the page, a deleted
person's bot, retired bots on the owner's account and brought back, confirmations."""
import pytest
from django.urls import reverse

from bot_sources import GOOD_BOT
from web.bots import services
from web.bots.models import Bot, BotVersion
from web.matches import services as match_services
from web.tournaments import services as tournament_services


@pytest.fixture
def kaze(user):
    bot, version = services.bot_upload(owner=user, game="katana", name="kaze", filename="bot.py", content=GOOD_BOT)
    return bot, version


def test_the_status_poll_reloads_the_page_once_validation_is_final(client, user, kaze):
    bot, version = kaze
    client.force_login(user)
    page = client.get(reverse("bot-detail", args=[bot.pk])).content.decode()
    assert 'hx-trigger="every 1s"' in page and "needs a version of kaze that passed" in page
    polled = client.get(reverse("bot-status", args=[bot.pk]), HTTP_HX_REQUEST="true")
    assert "HX-Refresh" not in polled, "still pending: the fragment alone is swapped"
    BotVersion.objects.filter(pk=version.pk).update(status=BotVersion.Status.PASSED)
    polled = client.get(reverse("bot-status", args=[bot.pk]), HTTP_HX_REQUEST="true")
    assert polled["HX-Refresh"] == "true", "the versions table and the challenge box follow the status"
    page = client.get(reverse("bot-detail", args=[bot.pk])).content.decode()
    versions = page.split('id="versions"', 1)[1].split("</section>", 1)[0]
    assert "pending" not in versions and 'class="status-passed">passed' in versions
    assert "needs a version of kaze that passed" not in page and 'id="challenge-form"' in page


def test_a_deleted_persons_bot_is_shown_deleted_not_as_the_houses(client, user, kaze, house):
    bot, version = kaze
    BotVersion.objects.filter(pk=version.pk).update(status=BotVersion.Status.PASSED)
    match_services.match_create(game="katana", seats=[bot, *house[:2]], seed=1)
    assert services.bot_delete(bot=bot, user=user) == "anonymised"
    page = client.get(reverse("bot-detail", args=[bot.pk])).content.decode()
    owner = page.split('id="bot-owner"', 1)[1].split("</p>", 1)[0]
    assert "Deleted" in owner and "house" not in owner and "built-in" not in page.split("<h1", 1)[1].split("</h1>")[0]
    assert "it plays rated matches" not in page and "the bot was deleted: it plays no more" in page


def test_retired_bots_are_listed_apart_on_the_account_and_come_back(client, user, kaze):
    bot, version = kaze
    BotVersion.objects.filter(pk=version.pk).update(status=BotVersion.Status.PASSED)
    client.force_login(user)
    client.post(reverse("bot-retire", args=[bot.pk]))
    account = client.get(reverse("account")).content.decode()
    retired = account.split('id="my-retired-bots"', 1)[1].split("</table>", 1)[0]
    assert "kaze" in retired and reverse("bot-unretire", args=[bot.pk]) in retired
    assert "kaze" not in account.split('id="my-bots"', 1)[1].split("<h3>Retired", 1)[0].split("<tbody>", 1)[-1]
    page = client.get(reverse("bot-detail", args=[bot.pk])).content.decode()
    assert "it plays no more" in page and 'id="unretire-form"' in page and "it plays rated matches" not in page
    client.post(reverse("bot-unretire", args=[bot.pk]))
    assert Bot.objects.get(pk=bot.pk).deleted_at is None
    assert 'id="my-retired-bots"' not in client.get(reverse("account")).content.decode()


def test_retire_delete_and_cancel_ask_first_and_a_finished_tournament_has_no_cancel(client, user, kaze, house):
    bot, version = kaze
    BotVersion.objects.filter(pk=version.pk).update(status=BotVersion.Status.PASSED)
    client.force_login(user)
    page = client.get(reverse("bot-detail", args=[bot.pk])).content.decode()
    for form in ("retire-form", "delete-form"):
        assert page.split(f'id="{form}"', 1)[1].split(">", 1)[0].strip().startswith("data-confirm=\"")
    assert "js/confirm.js" in page
    tournament = tournament_services.tournament_create(name="Spring", game="katana", bots=house[:3], rounds=1,
                                                       seed=2, owner=user)
    detail = client.get(reverse("tournament-detail", args=[tournament.pk])).content.decode()
    assert 'id="cancel-form"' in detail and 'data-confirm="Cancel Spring?' in detail
    live = client.get(reverse("tournament-live", args=[tournament.pk])).content.decode()
    assert 'hx-swap-oob="delete"' not in live
    tournament_services.tournament_cancel(tournament=tournament, user=user)
    live = client.get(reverse("tournament-live", args=[tournament.pk])).content.decode()
    assert '<div id="cancel-form" hx-swap-oob="delete"></div>' in live, "the open page loses its Cancel button"
    assert 'id="cancel-form"' not in client.get(reverse("tournament-detail", args=[tournament.pk])).content.decode()

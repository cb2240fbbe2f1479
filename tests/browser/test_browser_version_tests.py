"""A version test in Chromium: started from the bot's page, its pairs played by a real worker, the
page following it by itself until it stops with its verdict; then the winner made the version
that plays."""
import random
import re

from conftest import ARTIFACTS
from test_browser_journeys import sign_up
from web.bots import services as bot_services
from web.bots.models import Bot
from web.version_tests.models import VersionTest
from web.version_tests.selectors import GAMES_SHOWN


def test_a_version_test_from_the_bot_page_stops_with_its_verdict(site, page, monkeypatch):
    from django.contrib.auth import get_user_model

    from web.version_tests import services
    # the page gives no seed: the site draws one, here a fixed one, so that the games are always the same
    monkeypatch.setattr(services.random, "SystemRandom", lambda: random.Random(20261128))
    sign_up(page, site, "musashi")
    owner = get_user_model().objects.get(username="musashi")
    # v1 plays uniformly random moves, v2 is the heuristic: v2 is far stronger
    bot = bot_services.bot_create_builtin(game="katana", name="musashi-blade", agent="random", owner=owner)
    bot_services.bot_version_add_builtin(bot=bot, agent="heuristic")
    bot_services.bot_version_choose(bot=bot, user=owner, number=1)

    page.goto(f"{site}/bots/{bot.pk}/")
    form = page.locator("#version-test-form")
    assert form.locator("#id_new").input_value() == "2" and form.locator("#id_old").input_value() == "1"
    page.fill("#id_elo0", "0")
    page.fill("#id_elo1", "100")
    page.fill("#id_max_games", "60")
    page.click("#start-version-test")
    page.wait_for_url(re.compile(rf".*/bots/{bot.pk}/#version-test$"))
    test = VersionTest.objects.get()
    assert (test.new_version.number, test.old_version.number, test.elo1, test.max_games) == (2, 1, 100.0, 60)
    assert page.locator("#version-test-busy").is_visible()

    # the block polls while the worker plays the pairs, and the page reloads once the test has ended
    page.locator("#version-test-state").filter(has_text="accepted H1").wait_for(timeout=180_000)
    verdict = page.locator("#version-test-verdict").inner_text()
    assert re.fullmatch(r"v2 is stronger than v1: \+\d+ Elo \[-?\d+, \d+\], LLR \d+\.\d\d ≥ 2\.94 after \d+ games",
                        verdict), verdict
    test.refresh_from_db()
    assert test.status == "h1" and verdict == test.verdict
    games = 2 * sum(test.pentanomial)
    assert page.locator("#version-test-count").inner_text() == f"{games} of at most 60 games"
    assert page.locator("#llr-chart .bound").count() == 2
    assert page.locator("#version-test-pentanomial td.num").all_inner_texts() == [str(n) for n in test.pentanomial]
    page.locator("#version-test-games summary").click()
    # the newest games, each a click from its replay (a pair under way when the test ended may add two)
    assert min(games, GAMES_SHOWN) <= page.locator("#version-test-games .replay-link").count() <= GAMES_SHOWN
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "version_test_finished.png"), full_page=True)
    page.locator("#version-test").screenshot(path=str(ARTIFACTS / "version_test_section.png"))

    page.click("#version-test-make-winner-play button")
    page.wait_for_url(re.compile(rf".*/bots/{bot.pk}/#version-test$"))
    assert "musashi-blade plays v2 from now on." in page.locator(".messages").inner_text()
    assert page.locator("#version-test-winner-plays").is_visible()
    assert Bot.objects.get(pk=bot.pk).active_version_id == test.new_version_id

    page.locator("#version-test-games summary").click()
    page.locator("#version-test-games .replay-link").first.click()
    page.wait_for_url(re.compile(r".*/matches/\d+/$"))
    page.locator("#replay-viewer[data-ready=true]").wait_for()

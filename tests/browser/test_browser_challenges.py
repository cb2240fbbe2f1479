"""A challenge in Chromium: created from the bot's page, played by a real worker, its results and
replays shown on its page as it goes."""
import re

from test_browser_journeys import sign_up
from web.bots import services as bot_services
from web.challenges.models import Challenge


def test_a_challenge_from_the_bot_page_plays_and_shows_its_results_and_replays(site, page):
    from django.contrib.auth import get_user_model
    house = bot_services.house_bots_ensure(game="katana", count=3)
    sign_up(page, site, "tomoe")
    mine = bot_services.bot_create_builtin(game="katana", name="tomoe-blade", agent="random",
                                           owner=get_user_model().objects.get(username="tomoe"))

    page.goto(f"{site}/bots/{mine.pk}/")
    form = page.locator("#challenge-form")
    for bot in house[:2]:
        form.get_by_label(f"{bot.name} (house)", exact=True).check()
    assert form.get_by_label("tomoe-blade (tomoe)", exact=True).count() == 0, "a bot does not challenge itself"
    page.fill("#id_games", "4")
    page.click("#create-challenge")
    page.wait_for_url(re.compile(r".*/challenges/\d+/$"))
    challenge = Challenge.objects.get()
    assert (challenge.bot_id, challenge.seats, challenge.games, challenge.rated) == (mine.pk, 3, 4, False)
    assert "Unrated" in page.locator("#challenge-rating").inner_text()
    assert page.locator(".challenge-game").count() == 4

    # the page follows the games by itself until they are all played by the worker
    page.locator("#challenge-status").filter(has_text="done").wait_for(timeout=120_000)
    assert "4 of 4 games played" in page.locator("#challenge-count").inner_text()
    rows = page.locator(".head-to-head-row")
    assert rows.count() == 2
    for index, bot in enumerate(house[:2]):
        cells = rows.nth(index).locator("td").all_inner_texts()
        assert cells[0] == f"{bot.name} v1" and cells[1] == "4"
        assert sum(int(n) for n in cells[2:5]) == 4 and re.fullmatch(r"\d+%", cells[5])
        assert re.fullmatch(r"\d+–\d+%", cells[6]), cells
    assert re.search(r"finished first in \d of 4 games: \d+% \(95% interval \d+–\d+%\)",
                     page.locator("#challenge-overall").inner_text())
    replays = page.locator(".replay-link")
    assert replays.count() == 4
    replays.first.click()
    page.wait_for_url(re.compile(r".*/matches/\d+/$"))
    page.locator("#replay-viewer[data-ready=true]").wait_for()

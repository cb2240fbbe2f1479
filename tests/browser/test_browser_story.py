"""A Shōgun no Katana story campaign in Chromium: created from the tournament form, followed live
while the worker plays its chapters one after the other, then read chapter by chapter."""
import re

from live_servers import ROOT
from web.bots import services as bot_services

from test_browser_journeys import sign_up, switch_game


def test_create_a_story_campaign_follow_it_and_read_its_chapters(site, page):
    (bot,) = bot_services.house_bots_ensure(game="shogun", count=1)
    sign_up(page, site, "masamune")
    page.goto(f"{site}/tournaments/new/")
    switch_game(page, "shogun")
    page.fill("#id_name", "The road to Masamune")
    page.select_option("#id_format", "story")
    page.get_by_label(f"{bot.name} (house)", exact=True).check()
    page.select_option("#id_level", "2")
    page.locator("#tournament-preview", has_text="This story campaign will play at most 14 matches").wait_for()
    page.click("#create-tournament")
    page.wait_for_url(re.compile(r".*/tournaments/\d+/$"))
    assert "against the ghost of level 2" in page.locator("main").inner_text()

    # the page follows the campaign by itself until its last chapter is played
    page.locator("#tournament-status").filter(has_text="done").wait_for(timeout=180_000)
    campaign = page.locator("#campaign")
    assert "Final total" in campaign.inner_text()
    rows = page.locator("#campaign-chapters tr.campaign-chapter")
    assert rows.count() == 14
    assert "L'origine" in rows.nth(0).inner_text() and "Un repos bien mérité" in rows.nth(13).inner_text()
    assert "The Origin" in rows.nth(0).inner_text() and "A Well-Earned Rest" in rows.nth(13).inner_text()
    results = [rows.nth(i).locator(".chapter-result").inner_text() for i in range(14)]
    assert set(results) <= {"won", "lost"}
    points = [int(rows.nth(i).locator(".chapter-points").inner_text()) for i in range(14)]
    total = int(page.locator("#campaign-points").inner_text())
    assert total == sum(points)
    from engine_ext.shogun.story import CAMPAIGN
    title = CAMPAIGN.title(total)
    assert page.locator("#campaign-title").inner_text() == f"{title['name']} {title['kanji']}"
    first = rows.nth(0)
    assert first.locator(".condition").count() >= 1, "each condition is shown met or not met"
    assert "score" in first.inner_text() and "to the ghost's" in first.inner_text()
    assert "no sword left in your forge" in first.inner_text() and "more points than the ghost" in first.inner_text()
    from tests.engine.test_shogun_chapter_words import RAW_KEYS
    assert not RAW_KEYS.search(campaign.inner_text()), "no condition is shown by its key"

    (ROOT / "artifacts" / "browser").mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ROOT / "artifacts" / "browser" / "story_campaign_page.png"), full_page=True)

    first.locator("a.attempt-replay").first.click()
    page.wait_for_url(re.compile(r".*/matches/\d+/$"))
    page.locator("#replay-viewer[data-ready=true]").wait_for()

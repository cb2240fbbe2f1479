"""A Shōgun no Katana story chapter's replay in Chromium: the chapter panel with its rules and its
conditions marked met or not."""
from live_servers import wait_for
from web.bots import services as bot_services


def test_a_story_chapter_replay_shows_its_panel_with_the_conditions(site, page):
    from web.matches import services as match_services
    from web.matches.models import Match
    bots = bot_services.house_bots_ensure(game="shogun", count=1)
    match = match_services.match_create(game="shogun", seats=bots, seed=4, options={"ghost": 3, "chapter": 1})
    wait_for(lambda: Match.objects.filter(pk=match.pk, status="done").exists(), 120, message="the match played")

    page.goto(f"{site}/matches/{match.pk}/")
    page.locator("#replay-viewer[data-ready=true]").wait_for()
    panel = page.locator("#replay-board section.shogun-chapter[data-chapter='1']")
    assert "Chapter 1: The Origin (easy)" in panel.inner_text()
    assert "None: the usual rules." in panel.inner_text(), "a chapter without special rules says so in words"
    assert panel.locator("li[data-condition]").count() == 2
    assert "so far" in panel.inner_text()
    page.press("body", "End")
    page.wait_for_function("() => document.querySelector('#replay-board').textContent.includes('chapter won')"
                           " || document.querySelector('#replay-board').textContent.includes('chapter lost')")
    assert panel.locator("li.shogun-chapter-met, li.shogun-chapter-unmet").count() == 2
    assert "so far" not in panel.inner_text()


def test_chapter_7_replay_tells_the_temples_tax_in_words(site, page):
    from web.matches import services as match_services
    from web.matches.models import Match
    bots = bot_services.house_bots_ensure(game="shogun", count=1)
    match = match_services.match_create(game="shogun", seats=bots, seed=4, options={"ghost": 1, "chapter": 7})
    wait_for(lambda: Match.objects.filter(pk=match.pk, status="done").exists(), 120, message="the match played")

    page.goto(f"{site}/matches/{match.pk}/")
    page.locator("#replay-viewer[data-ready=true]").wait_for()
    page.press("body", "End")
    page.wait_for_function("() => document.querySelector('#replay-events').textContent.includes('ends with')")
    words = page.locator("#replay-events").inner_text()   # the last step's events: round 4's tax (A16)
    assert "pays the Temple" in words and "of the 8 coins due" in words, words

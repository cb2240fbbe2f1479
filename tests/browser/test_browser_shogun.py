"""A Shōgun no Katana replay in Chromium: the board drawn as a picture, stepping, perspectives."""
from live_servers import wait_for
from web.bots import services as bot_services


def test_a_shogun_replay_draws_the_board_and_each_forge_and_switches_perspective(site, page):
    from web.matches import services as match_services
    from web.matches.models import Match
    bots = bot_services.house_bots_ensure(game="shogun", count=3)
    match = match_services.match_create(game="shogun", seats=bots, seed=4, options={})
    wait_for(lambda: Match.objects.filter(pk=match.pk, status="done").exists(), 120, message="the match played")

    page.goto(f"{site}/matches/{match.pk}/")
    page.locator("#replay-viewer[data-ready=true]").wait_for()
    board = page.locator("#replay-board")
    for words in ("The main board", "Palace halls", "Market", "Project", "Katana"):
        assert words in board.inner_text(), words
    assert page.locator("#replay-board table.shogun-forge").count() == 3, "one forge per seat"
    assert page.locator("#replay-board table.shogun-forge").first.locator("tbody tr").count() == 4
    assert page.locator("#replay-board td.shogun-sword").count() == 0, "set up: the draft is still to come"
    page.click("#replay-step-forward")
    page.click("#replay-step-forward")                  # two seats choose, the first player takes the last
    page.wait_for_function("() => document.querySelector('#replay-viewer').dataset.step === '2'")
    assert page.locator("#replay-board td.shogun-sword").count() == 3, "each seat has its drafted sword"
    assert "starts with the sword" in page.locator("#replay-events").inner_text()

    steps = Match.objects.get(pk=match.pk).steps
    page.press("body", "End")
    page.wait_for_function(f"() => document.querySelector('#replay-viewer').dataset.step === '{steps}'")
    assert "the game is over" in board.inner_text()
    assert "ends with" in page.locator("#replay-events").inner_text()

    page.select_option("#replay-perspective", "1")
    page.wait_for_function("() => document.querySelector('#replay-board').textContent.includes('this perspective')")
    assert "seat 1" in page.locator("#replay-board section.shogun-seat[data-seat='1'] h3").inner_text()

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


def test_a_solo_replay_against_the_ghost_shows_its_panel(site, page):
    """The ghost (option ghost): its level, score, Washitsu with the blocked workers, its workers
    out, its palace halls, katana, drawn action card and deck size; its total once the game is over."""
    from web.matches import services as match_services
    from web.matches.models import Match
    bots = bot_services.house_bots_ensure(game="shogun", count=1)
    match = match_services.match_create(game="shogun", seats=bots, seed=5, options={"ghost": 1})
    wait_for(lambda: Match.objects.filter(pk=match.pk, status="done").exists(), 120, message="the match played")

    page.goto(f"{site}/matches/{match.pk}/")
    page.locator("#replay-viewer[data-ready=true]").wait_for()
    panel = page.locator("#replay-board section.shogun-ghost")
    assert panel.locator("h3").inner_text() == "The ghost — level 1"
    assert panel.locator("table.shogun-washitsu td").count() == 8
    assert panel.locator("table.shogun-washitsu td", has_text="blocked worker").count() == 4   # level 1: 3 available
    words = panel.inner_text()
    for label in ("Score", "Workers", "Family in the palace", "Katana", "Action card drawn", "Action deck"):
        assert label in words, label
    assert "3 available, 0 on the board" in words and "10 cards" in words

    steps = Match.objects.get(pk=match.pk).steps
    page.press("body", "End")
    page.wait_for_function(f"() => document.querySelector('#replay-viewer').dataset.step === '{steps}'")
    words = panel.inner_text()
    assert "total" in words and "slot 1" in words
    ghost = Match.objects.get(pk=match.pk).result["automata"][0]
    assert f"(total {ghost['score']})" in words
    assert "Action card drawn\t—" not in words

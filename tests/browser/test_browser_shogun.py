"""A Shōgun no Katana replay in Chromium: the board drawn as a picture (the houses and their swords,
the market, academy, palace, honour cards and favours; each seat's forge), stepping, perspectives,
and the ghost's board in a solo game."""
import re

from live_servers import wait_for
from web.bots import services as bot_services

TEXTS = "(node) => [...node.querySelectorAll('text')].map((t) => t.textContent).join(' ')"


def test_a_shogun_replay_draws_the_board_and_each_forge_and_switches_perspective(site, page):
    from web.matches import services as match_services
    from web.matches.models import Match
    bots = bot_services.house_bots_ensure(game="shogun", count=3)
    match = match_services.match_create(game="shogun", seats=bots, seed=4, options={})
    wait_for(lambda: Match.objects.filter(pk=match.pk, status="done").exists(), 120, message="the match played")

    page.goto(f"{site}/matches/{match.pk}/")
    page.locator("#replay-viewer[data-ready=true]").wait_for()
    board = page.locator("#replay-board svg.shogun-picture")
    words = board.evaluate(TEXTS)
    for expected in ("Takeda house", "Market", "Academy", "Palace", "Komainu", "Honour cards on offer",
                     "The Shōgun's favours", "Resources (market price):", "lacquer (4)", "galuchat (3)",
                     "Round 1 of 4", "Shōgun no Katana: a project"):
        assert expected in words, expected
    assert page.locator("#replay-board .shogun-seat-board").count() == 3, "one board per seat"
    assert page.locator("#replay-board [data-forge='0'] [data-cell]").count() == 20, "a forge is 4 × 5"
    assert page.locator("#replay-board [data-forge] [data-cell] .shogun-tile").count() == 0, "the draft is to come"
    assert page.locator("#replay-board [data-draft]").count() == 3, "three starting swords to choose from"
    page.click("#replay-step-forward")
    page.click("#replay-step-forward")                  # two seats choose, the first player takes the last
    page.wait_for_function("() => document.querySelector('#replay-viewer').dataset.step === '2'")
    assert page.locator("#replay-board [data-forge] [data-cell] .shogun-tile").count() == 3, "each seat's sword"
    assert "starts with the sword of" in page.locator("#replay-events").inner_text()

    steps = Match.objects.get(pk=match.pk).steps
    page.press("body", "End")
    page.wait_for_function(f"() => document.querySelector('#replay-viewer').dataset.step === '{steps}'")
    assert "Game over" in board.evaluate(TEXTS)
    assert "ends with" in page.locator("#replay-events").inner_text()
    # cards held: face up to everyone, as the rulebook places them (l.373, l.401), whatever the perspective
    page.select_option("#replay-perspective", "1")
    page.wait_for_function("() => document.querySelector('#replay-viewer').dataset.perspective === '1'")
    first = page.locator("#replay-board .shogun-seat-board").first
    assert first.get_attribute("data-seat") == "1", "the perspective's own board comes first"
    other = page.locator("#replay-board .shogun-seat-board[data-seat='0']")
    assert other.locator(".shogun-card").count() > 0, "seat 0 ends holding cards"
    assert other.locator(".shogun-card-back").count() == 0, "no card of another seat is face down"
    assert other.locator(".shogun-card[data-card]").count() == other.locator(".shogun-card").count()
    assert "face down" not in other.evaluate(TEXTS)
    assert page.url.endswith(f"#step={steps}&seat=1")


def test_a_solo_replay_against_the_ghost_shows_its_board(site, page):
    """The ghost (option ghost): its level, score, Washitsu with the blocked workers, its deck by
    its size only, the card it drew; its total once the game is over."""
    from web.matches import services as match_services
    from web.matches.models import Match
    bots = bot_services.house_bots_ensure(game="shogun", count=1)
    match = match_services.match_create(game="shogun", seats=bots, seed=5, options={"ghost": 1})
    wait_for(lambda: Match.objects.filter(pk=match.pk, status="done").exists(), 120, message="the match played")

    page.goto(f"{site}/matches/{match.pk}/#step=0&seat=all")
    page.locator("#replay-viewer[data-ready=true]").wait_for()
    ghost = page.locator("#replay-board .shogun-ghost-board[data-ghost-level='1']")
    words = ghost.evaluate(TEXTS)
    assert "The ghost, level 1" in words and "0 points" in words
    assert words.count("blocked") == 4 + 1, "level 1: 4 blocked workers (and the heading's line)"
    assert ghost.locator(".shogun-ghost-deck text").inner_html() == "10", "its deck: 10 cards, face down"
    assert "none yet" in words
    # the ghost's turn is told in words beside the board: the card it drew, what it did, its points
    told = ""
    for step in range(1, 30):
        page.click("#replay-step-forward")
        page.wait_for_function(f"() => document.querySelector('#replay-viewer').dataset.step === '{step}'")
        told = page.locator("#replay-events").inner_text()
        if "The ghost draws" in told:
            break
    assert re.search(r"The ghost draws (Daimyō|Palace|Market|Academy|Komainu): .*\d+ points?", told), told
    assert "ghost_card" not in told and "ghost_sword" not in told

    steps = Match.objects.get(pk=match.pk).steps
    page.press("body", "End")
    page.wait_for_function(f"() => document.querySelector('#replay-viewer').dataset.step === '{steps}'")
    total = Match.objects.get(pk=match.pk).result["automata"][0]["score"]
    words = ghost.evaluate(TEXTS)
    assert f"(final {total})" in words
    assert "none yet" not in words

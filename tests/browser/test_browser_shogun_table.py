"""Shōgun no Katana for a person, in Chromium: a seat played by clicking the board's picture only
(a sword space, a sword on the forge, a card, a hall...; every legal action is on the picture and
nothing else is clickable there), a whole solo game against the ghost and (slow) a whole game at
three against two built-in bots; and no text of the replay or the table is an engine's internal
code.

Each game's clicks are counted and their round trips printed."""
import random
import re
import statistics
import time

import pytest

from conftest import ARTIFACTS
from test_browser_tables import log_in, people, seat_to_act_or_over, tables_site  # noqa: F401  (fixtures)
from web.bots import services as bot_services
from web.matches.models import Match
from web.tables.models import Table

ON_THE_PICTURE = "#table-board [data-action-name].table-board-choice"
# what a person must never read: the engine's keys and action names (b_galuchat, m4_second_advantage,
# WORKER_SPACE_1, R2C3), a tile's letters (LBAAG, gabb), the old labels ("Space 1", "Row/Col")
CODES = [re.compile(p) for p in (
    r"\b[a-z]+_[a-z0-9_]+\b", r"\b[A-Z]+_[A-Z0-9_]+\b", r"\bR\dC\d\b", r"\b[LBAG]{3,6}\b", r"\b[lbag]{4,6}\b",
    r"\bSpace \d", r"Row/Col", r"\b(?:laque|bois|acier)\b", r"\bnot_in_play\b")]


ACTION_VERBS = {"Place", "Pass:", "Deliver", "Move", "Swap", "Decorate", "Buy", "Advance", "Add", "Recover",
                "Remove", "Lay", "Play", "Keep", "Discard", "Slide", "Take", "Send", "Use", "Start", "Put", "Collect"}


def codes_in(text):
    return sorted({match.group(0) for pattern in CODES for match in pattern.finditer(text)})


def visible_text(page, selector):
    """The text a person reads in ``selector``: the page's text and the picture's SVG text."""
    return page.evaluate(
        "(selector) => [...document.querySelectorAll(selector)].map((node) => node.innerText + ' '"
        " + [...node.querySelectorAll('svg text, svg title')].map((t) => t.textContent).join(' ')).join(' ')", selector)


def sit_down(page, site, *, players, options=None):
    """Sets a Shōgun table from its form: the person in seat 0, built-in bots in the others."""
    bot_services.demo_bots_ensure(game="shogun")
    page.goto(f"{site}/tables/new/shogun/?players={players}")
    for name, value in (options or {}).items():
        page.select_option(f"#id_option_{name}", str(value))
    page.click("#create-table")
    page.wait_for_url(re.compile(r".*/tables/\d+/$"))
    return Table.objects.get(pk=int(page.url.rstrip("/").split("/")[-1]))


def prefer(names, rng):
    """A playing policy over the actions on the picture: take swords and forge them when it can,
    pass last; otherwise any other choice at random."""
    for prefix in ("MOVE_", "DELIVER_", "WORKER_SPACE_", "WORKER_ROW_", "WORKER_COL_", "DRAFT_", "HONOUR_"):
        found = [name for name in names if name.startswith(prefix)]
        if found:
            return rng.choice(found)
    others = [name for name in names if name != "PASS"]
    return rng.choice(others) if others else names[0]


def play_by_the_picture(page, *, seed=1, clicks=None, timeout=300, snapshot=None):
    """Clicks the picture at every decision of the page's seat until the game is over and stored
    (or ``clicks`` were made); checks at each that every legal action is on the picture and that
    only they are.  Returns the round trips (ms) and the kinds of parts clicked.  ``snapshot``: a
    file name under artifacts/browser/ for a screenshot at the twelfth decision."""
    rng = random.Random(seed)
    root = page.locator("#table-play")
    trips, kinds = [], set()
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and (clicks is None or len(trips) < clicks):
        if seat_to_act_or_over(page, timeout=90_000):
            break
        buttons = sorted(page.locator("#table-actions button.table-action").evaluate_all(
            "(buttons) => buttons.map((b) => b.dataset.action)"))
        targets = page.locator(ON_THE_PICTURE)
        names = targets.evaluate_all("(nodes) => nodes.map((n) => n.dataset.actionName)")
        assert sorted(names) == buttons, f"every legal action, and only they, on the picture: {names} {buttons}"
        # what is not legal is not clickable: the picture's other parts carry no action
        assert page.locator("#table-board [data-action-name]:not(.table-board-choice)").count() == 0
        if snapshot and len(trips) == 12:
            page.screenshot(path=str(ARTIFACTS / snapshot), full_page=True)
        name = prefer(names, rng)
        target = page.locator(f'{ON_THE_PICTURE}[data-action-name="{name}"]')
        kinds.add(target.evaluate("(n) => ['space', 'cell', 'card', 'hall', 'house', 'market', 'honour', 'draft']"
                                  ".find((k) => n.dataset[k] !== undefined) || (n.classList.contains('shogun-chip')"
                                  " ? 'chip' : n.getAttribute('class'))"))
        decision = root.get_attribute("data-decision")
        started = time.perf_counter()
        target.click(position={"x": 3, "y": 3})   # its corner: a chip of another action may lie inside
        page.wait_for_function(
            f"() => {{ const r = document.getElementById('table-play');"
            f" return r.dataset.over === 'true' || (r.dataset.decision && r.dataset.decision !== '{decision}'); }}",
            timeout=60_000)
        trips.append((time.perf_counter() - started) * 1000)
    return trips, kinds


def report(label, trips):
    if trips:
        print(f"\n{label}: {len(trips)} clicks on the picture, round trip median {statistics.median(trips):.0f} ms, "
              f"max {max(trips):.0f} ms")


def finish(page):
    page.wait_for_function("() => document.getElementById('table-play').dataset.stored === 'true'", timeout=90_000)


def test_a_whole_solo_game_against_ghost_level_1_by_clicking_the_picture(tables_site, page, people):  # noqa: F811
    """About 80 decisions, 30 s: the person places workers on sword spaces and forge lines, moves
    swords by clicking them, and so on to the end; each step's events are told in words."""
    log_in(page.context, tables_site, people[0])
    table = sit_down(page, tables_site, players=1, options={"ghost": 1})
    page.locator("#table-board svg.shogun-picture").wait_for()
    assert page.locator("#table-board .shogun-ghost-board").count() == 1
    trips, kinds = play_by_the_picture(page, seed=2, snapshot="shogun_solo_table.png")
    finish(page)
    report("Shōgun solo against ghost level 1, a whole game", trips)
    assert {"space", "cell"} <= kinds, kinds
    events = page.locator("#table-events").inner_text()
    assert "places a worker at" in events and not codes_in(events), codes_in(events)
    match = Match.objects.get(pk=table.match_id)
    assert match.status == "done" and match.result["automata"][0]["level"] == 1
    assert match.steps >= len(trips) > 20
    score, ghost = match.result["scores"][0], match.result["automata"][0]["score"]
    verdict = "you won" if match.result["ranks"][0] == 1 else "you lost"
    assert f"You scored {score}, the ghost {ghost}: {verdict}" in page.locator("#table-turn").inner_text()
    page.screenshot(path=str(ARTIFACTS / "shogun_solo_table_over.png"), full_page=True)


@pytest.mark.slow
def test_a_whole_three_player_game_against_two_bots_by_clicking_the_picture(tables_site, page, people):  # noqa: F811
    log_in(page.context, tables_site, people[0])
    table = sit_down(page, tables_site, players=3)
    trips, kinds = play_by_the_picture(page, seed=3)
    finish(page)
    report("Shōgun at three against two built-in bots, a whole game", trips)
    assert {"space", "cell"} <= kinds, kinds
    match = Match.objects.get(pk=table.match_id)
    assert match.status == "done" and len(match.result["ranks"]) == 3
    assert list(match.seats.order_by("seat").values_list("status", flat=True)) == ["ok"] * 3


def test_no_text_on_shoguns_table_and_replay_is_an_internal_code(tables_site, page, people):  # noqa: F811
    """A three-player table up to the person's fifth decision, then a finished solo game's replay at
    several steps and perspectives: the board, the buttons, the events and the step's words."""
    log_in(page.context, tables_site, people[0])
    sit_down(page, tables_site, players=3)
    play_by_the_picture(page, clicks=5)
    page.locator("#table-actions button.table-action:not([disabled])").first.wait_for(timeout=60_000)
    page.screenshot(path=str(ARTIFACTS / "shogun_table_three.png"), full_page=True)
    words = visible_text(page, "#table-play")
    labels = page.locator("#table-actions button.table-action").evaluate_all(
        "(buttons) => buttons.map((b) => [b.dataset.action, b.title])")
    # each button says its action in words, whole in its title ("Place a worker at the Market"), under
    # a heading in words when several are alike ("Place a worker at:" "the Market")
    assert all(text == "Done" or (" " in text and text.split()[0] in ACTION_VERBS) for _, text in labels), labels
    assert not codes_in(words), codes_in(words)

    from live_servers import wait_for
    from web.matches import services as match_services
    bots = bot_services.house_bots_ensure(game="shogun", count=1)
    match = match_services.match_create(game="shogun", seats=bots, seed=6, options={"ghost": 1})
    wait_for(lambda: Match.objects.filter(pk=match.pk, status="done").exists(), 120, message="the match played")
    steps = Match.objects.get(pk=match.pk).steps
    for step in (0, steps // 3, 2 * steps // 3, steps):
        page.goto(f"{tables_site}/matches/{match.pk}/#step={step}&seat=all")
        page.locator("#replay-viewer[data-ready=true]").wait_for()
        words = visible_text(page, "#replay-viewer")
        assert not codes_in(words), (step, codes_in(words))
    page.screenshot(path=str(ARTIFACTS / "shogun_replay_end.png"), full_page=True)

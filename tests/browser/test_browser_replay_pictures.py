"""Replays drawn as pictures in Chromium: Katana's and Risques' tables, a link to a step and a
perspective, and a replay file opened from the disk.

The matches are played in the test's process (as a worker plays and stores them), so that these
tests need no worker process and stay quick.
"""
import json

import pytest
from django.core.cache import cache

from web.bots import services as bot_services


@pytest.fixture
def site(live_server, transactional_db):
    """The running site, without worker processes: the tests store their matches themselves."""
    cache.clear()
    yield live_server.url
    cache.clear()


def play(game, count, seed, options=None):
    from web.matches import execution, services
    from web.matches.models import Match
    bots = bot_services.house_bots_ensure(game=game, count=count)
    match = services.match_create(game=game, seats=bots, seed=seed, options=options)
    token = execution.match_claim(match_id=match.pk, worker="test")
    match = Match.objects.get(pk=match.pk)
    rows = list(match.seats.select_related("bot", "bot_version").order_by("seat"))
    assert execution.match_store_result(match_id=match.pk, lease_token=token,
                                        played=execution.match_play(match=match, seats=rows))
    return Match.objects.get(pk=match.pk)


def frames_requests(page):
    """The addresses of the frames ``page`` asks for from now on, as a list that fills as it does."""
    asked = []
    page.on("request", lambda request: asked.append(request.url) if "/frames/" in request.url else None)
    return asked


def at_step(page, step):
    page.wait_for_function(f"() => document.querySelector('#replay-viewer').dataset.step === '{step}'")


def go_to(page, step):
    page.fill("#replay-step-number", str(step))
    page.press("#replay-step-number", "Enter")
    at_step(page, step)


def first_step(match, predicate):
    """The first step whose frame (seat, action name) satisfies ``predicate``."""
    from arena import replay_frames
    frames = replay_frames.build_frames(match.replay)["frames"]
    return next(k for k, frame in enumerate(frames) if k and predicate(frame))


def test_a_katana_replay_is_drawn_as_a_table_of_cards(site, page):
    match = play("katana", 5, 11)
    played = first_step(match, lambda frame: frame["action"].startswith("PLAY_"))
    asked = frames_requests(page)
    page.goto(f"{site}/matches/{match.pk}/")
    page.locator("#replay-viewer[data-ready=true]").wait_for()
    assert asked == [f"{site}/matches/{match.pk}/frames/?perspective=all"], "asked for once, by the page's head"
    board = page.locator("#replay-board svg.table-picture")
    assert board.locator("g.seat").count() == 5
    # everything is seen: every hand and every role face up, with the cards' printed names
    assert board.locator("g.seat g.card-back").count() == 0
    assert board.locator("g.seat g.hand g.card-face").count() >= 5
    assert board.locator("g.card[data-role='shogun']").count() == 1

    # the bare address already means step 0 of everything; the first move writes the step into it
    assert page.evaluate("() => window.location.hash") == ""
    go_to(page, played)
    assert page.evaluate("() => window.location.hash") == f"#step={played}&seat=all"
    frame = page.evaluate("() => document.querySelector('#replay-action').textContent")
    acting = board.locator("g.seat.seat-acting")
    assert acting.count() == 1, "the seat that took the step is outlined"
    seat = acting.get_attribute("data-seat")
    assert f"seat {seat}" in frame and "plays" in frame
    card = board.locator("g.card.card-just-played")
    assert card.count() >= 1, "the card just played is highlighted"
    key = card.first.get_attribute("data-card")
    from engine_ext.katana import data
    printed = data.CARDS[data.card_index(key)]
    assert printed.name_fr.split()[0] in card.first.text_content()
    if printed.kind == data.WEAPON:   # a weapon shows its difficulty and its damage
        assert card.first.locator("g.card-range").text_content().endswith(str(printed.range))
        assert card.first.locator("g.card-damage").text_content().endswith(str(printed.damage))
    assert f"plays {printed.name_fr}" in page.locator("#replay-events").inner_text()


def test_a_link_opens_the_step_as_a_seat_saw_it_its_own_hand_and_role_only(site, page):
    match = play("katana", 5, 11)
    shogun = next(seat["seat"] for seat in match.result["seats"] if seat["role"] == "shogun")
    seat = (shogun + 1) % 5
    asked = frames_requests(page)
    page.goto(f"{site}/matches/{match.pk}/#step=3&seat={seat}")
    page.wait_for_function(f"() => document.querySelector('#replay-viewer').dataset.perspective === '{seat}'")
    at_step(page, 3)
    assert asked == [f"{site}/matches/{match.pk}/frames/?perspective={seat}"], "the link's perspective, asked for once"
    assert page.locator("#replay-perspective").input_value() == str(seat)
    board = page.locator("#replay-board svg.table-picture")
    mine = board.locator(f"g.seat[data-seat='{seat}']")
    assert "you" in mine.locator("text.seat-name").text_content()
    assert mine.locator("g.hand g.card-face").count() >= 1 and mine.locator("g.hand g.card-back").count() == 0
    assert mine.locator("g.card-role").get_attribute("data-role") != "hidden"
    for other in range(5):
        if other == seat:
            continue
        theirs = board.locator(f"g.seat[data-seat='{other}']")
        assert theirs.locator("g.hand g.card-face").count() == 0, f"seat {other}'s hand is face down"
        assert theirs.locator("g.hand g.card-back").count() >= 1
        role = theirs.locator("g.card-role").get_attribute("data-role")
        assert role == ("shogun" if other == shogun else "hidden"), "only the shogun shows his role"

    # the address follows the viewer: stepping and switching replace it, a new one moves the viewer
    entries = page.evaluate("() => window.history.length")
    page.click("#replay-step-forward")
    at_step(page, 4)
    assert page.evaluate("() => window.location.hash") == f"#step=4&seat={seat}"
    page.select_option("#replay-perspective", "all")
    page.wait_for_function("() => window.location.hash === '#step=4&seat=all'")
    assert board.locator("g.seat g.card-back").count() == 0, "everything is seen again"
    assert page.evaluate("() => window.history.length") == entries, "no history entry per step"
    page.evaluate("() => { window.location.hash = '#step=9&seat=0'; }")
    page.wait_for_function("() => document.querySelector('#replay-viewer').dataset.perspective === '0'")
    at_step(page, 9)
    assert page.locator("#replay-perspective").input_value() == "0"


def test_frames_the_server_cannot_build_are_asked_for_again_and_the_page_says_why(site, page):
    from web.matches.models import Match
    match = play("katana", 4, 3)
    replay = dict(match.replay, steps=[[0, 10_000]] + match.replay["steps"][1:])
    Match.objects.filter(pk=match.pk).update(replay=replay)
    asked = frames_requests(page)
    page.goto(f"{site}/matches/{match.pk}/")
    page.wait_for_function("() => document.querySelector('#replay-action').textContent.startsWith('The replay could')")
    said = page.inner_text("#replay-action")
    assert said.startswith("The replay could not be loaded: this replay cannot be shown by this version of the "
                           "engine: step 0: seat 0 cannot take action 10000 here"), said
    # the head's request failed: the viewer asks again, and says what the server answered
    assert asked == [f"{site}/matches/{match.pk}/frames/?perspective=all"] * 2
    assert page.get_attribute("#replay-viewer", "data-ready") == "false"


def test_a_risques_replay_shows_the_pools_dice_and_rolls(site, page):
    from arena import replay_frames
    match = play("risques", 2, 35)
    frames = replay_frames.build_frames(match.replay)
    views = replay_frames.views(frames)
    step = next(k for k, frame in enumerate(frames["frames"]) if any(e["event"] == "roll" for e in frame["events"]))
    rolled = {entry["participant"]: entry for entry in views[step]["participants"] if entry["roll"]}
    page.goto(f"{site}/matches/{match.pk}/#step={step}&seat=all")
    page.locator("#replay-viewer[data-ready=true]").wait_for()
    at_step(page, step)
    board = page.locator("#replay-board svg.table-picture")
    assert board.locator("g.seat").count() == 2 and board.locator("g.card-samurai").count() == 2
    assert rolled, "the step rolls dice"
    for label, entry in rolled.items():
        stand = board.locator(f"g.participant[data-participant='{label}']")
        assert stand.locator("g.pool").get_attribute("data-pool") == str(entry["pool"])
        assert stand.locator("g.pool g.die").count() == min(entry["pool"], 30)
        assert stand.locator("g.pool g.die-wager").count() == min(entry["wager"], entry["pool"])
        roll = stand.locator("g.roll")
        assert roll.get_attribute("data-roll") == str(entry["roll"])
        assert "roll-success" in roll.get_attribute("class") if entry["roll"] >= 10 else "roll-short" in roll.get_attribute("class")
    assert board.locator("g.seat.seat-acting").get_attribute("data-seat") == str(frames["frames"][step]["seat"])
    assert "rolls" in page.locator("#replay-events").inner_text()


def test_a_replay_file_opens_in_the_viewer_and_a_bad_one_is_refused(site, page, tmp_path):
    match = play("katana", 4, 8)
    broken = dict(match.replay, steps=[[match.replay["steps"][0][0], 9999]] + match.replay["steps"][1:])
    (tmp_path / "broken.json").write_text(json.dumps(broken))
    (tmp_path / "katana-4.json").write_text(json.dumps(match.replay))
    from web.matches.models import Match
    stored = Match.objects.count()

    page.goto(f"{site}/replays/open/")
    page.set_input_files("#replay-file", str(tmp_path / "broken.json"))
    refusal = page.locator("#replay-file-error")
    refusal.wait_for()
    assert "This file cannot be opened" in refusal.inner_text() and "9999 is not legal" in refusal.inner_text()
    assert page.locator("#replay-file-section").is_hidden()

    page.set_input_files("#replay-file", str(tmp_path / "katana-4.json"))
    page.locator("#replay-viewer[data-ready=true]").wait_for()
    assert refusal.is_hidden()
    assert "katana-4.json: Katana, 4 seats" in page.locator("#replay-file-summary").inner_text()
    board = page.locator("#replay-board svg.katana-table")
    assert board.locator("g.seat").count() == 4
    page.click("#replay-step-forward")
    page.click("#replay-step-forward")
    at_step(page, 2)
    assert page.locator("#replay-events li").count() > 0
    assert board.locator("g.seat.seat-acting").count() == 1
    page.select_option("#replay-perspective", "1")    # the file is sent again for seat 1's view
    page.wait_for_function("() => document.querySelector('#replay-viewer').dataset.perspective === '1' && "
                           "document.querySelectorAll('#replay-board g.hand-hidden').length === 3")
    at_step(page, 2)
    assert page.evaluate("() => window.location.hash") == "#step=2&seat=1"
    assert Match.objects.count() == stored, "nothing is stored"

    # the renderer needs no viewer: a seat's page draws its observation into any element, as here
    drawn = page.evaluate("""async (text) => {
      const response = await fetch('/replays/frames/?perspective=2', { method: 'POST', body: text });
      const view = (await response.json()).frames[0].view;
      const games = JSON.parse(document.getElementById('replay-games').textContent);
      const box = document.createElement('div');
      ReplayRenderers.get('katana').render(box, view,
        ReplayTable.context({ view, perspective: 2, components: games.katana.components }));
      return [box.querySelectorAll('g.seat').length, box.querySelectorAll('g.hand-hidden').length,
              box.querySelector('g.seat-you').dataset.seat, box.querySelector('g.seat-acting') === null];
    }""", json.dumps(match.replay))
    assert drawn == [4, 3, "2", True]

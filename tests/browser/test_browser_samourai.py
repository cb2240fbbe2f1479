"""A Samouraï & Katana replay in Chromium: the map drawn from data.py with the owners and samurai of
the replay's state, a battle's cards from the attacker's commitment to the reveal, and a seat's
view in which the others' hands and the attacker's cards are hidden."""
import pytest

from arena import replay_frames
from engine_ext.samourai import data
from web.bots import services as bot_services

STEP_IS = "() => document.querySelector('#replay-viewer').dataset.step === '{}'"


@pytest.fixture
def samourai_match(transactional_db):
    """A finished three-clan match between built-in bots, played here as a worker plays it (the
    page needs no worker process)."""
    from web.matches import execution, services
    from web.matches.models import Match
    match = services.match_create(game="samourai", seats=bot_services.house_bots_ensure(game="samourai", count=3),
                                  seed=1)
    token = execution.match_claim(match_id=match.pk, worker="test")
    match = Match.objects.get(pk=match.pk)
    rows = list(match.seats.select_related("bot", "bot_version").order_by("seat"))
    assert execution.match_store_result(match_id=match.pk, lease_token=token,
                                        played=execution.match_play(match=match, seats=rows))
    return Match.objects.get(pk=match.pk)


def go_to(page, step):
    page.fill("#replay-step-number", str(step))
    page.press("#replay-step-number", "Enter")
    page.wait_for_function(STEP_IS.format(step))


def drawn_territories(page):
    return page.eval_on_selector_all("#replay-board g.samourai-territory", """groups => groups.map(g => [
        g.dataset.territory, g.dataset.owner === '' ? null : Number(g.dataset.owner), Number(g.dataset.samurai),
        g.dataset.castle === '' ? null : Number(g.dataset.castle)])""")


def battle_cards(page, side):
    return page.eval_on_selector_all(f"#replay-board .samourai-battle [data-side={side}] .samourai-card",
                                     "cards => cards.map(c => c.dataset.card)")


def test_a_samourai_replay_draws_the_map_reveals_a_battles_cards_and_hides_hands_per_seat(
        live_server, page, samourai_match):
    frames = replay_frames.build_frames(samourai_match.replay)
    # the first battle: the step the attacker's commitment is complete (the defender to commit),
    # and the step whose events reveal the cards
    reveal = next(k for k, frame in enumerate(frames["frames"])
                  if any(event["event"] == "reveal" for event in frame["events"]))
    views = replay_frames.views({"frames": frames["frames"][:reveal + 1]})
    committed = min(k for k in range(reveal) if views[k]["battle"] and views[k]["pending"]["step"] == "commit"
                    and views[k]["pending"]["seat"] == views[k]["battle"]["defender"]["seat"])
    battle = views[committed]["battle"]
    attacker, defender = battle["attacker"]["seat"], battle["defender"]["seat"]
    revealed = {seat: [None, None, None] for seat in (attacker, defender)}
    for event in frames["frames"][reveal]["events"]:
        if event["event"] == "reveal":
            revealed[event["seat"]][event["amount"]] = event["card"]

    page.goto(f"{live_server.url}/matches/{samourai_match.pk}/")
    page.locator("#replay-viewer[data-ready=true]").wait_for()
    assert page.locator("#replay-board svg.samourai-map g.samourai-territory").count() == len(data.TERRITORIES)
    assert page.locator("#replay-board svg.samourai-map .samourai-sea-link").count() == len(data.SEA_LINKS)
    assert page.locator("#replay-board svg.samourai-map .samourai-land-link").count() == len(data.LAND_LINKS)

    # the reveal: both sides' cards face up, slot by slot, and the map and clans as in the replay
    go_to(page, reveal)
    view = views[reveal]
    assert battle_cards(page, "attacker") == [card or "" for card in revealed[attacker]]
    assert battle_cards(page, "defender") == [card or "" for card in revealed[defender]]
    assert "revealed together" in page.locator("#replay-board .samourai-battle").inner_text()
    assert drawn_territories(page) == [[t["key"], t["owner"], t["samurai"], t["castle"]] for t in view["territories"]]
    honour = page.eval_on_selector_all("#replay-board tr[data-seat] td.samourai-honor", "cells => cells.map(c => c.textContent)")
    assert honour == [str(seat["honor"]) for seat in view["seats"]]
    assert page.locator("#replay-board .replay-hand", has_text="hidden").count() == 0, "everything is shown"

    # the attacker has committed: everybody's view shows his cards, the defender's only their count
    go_to(page, committed)
    assert battle_cards(page, "attacker") == [card or "" for card in battle["attacker"]["cards"]]
    page.select_option("#replay-perspective", str(defender))
    page.wait_for_function(STEP_IS.format(committed) + " && document.querySelector('#replay-board')"
                           f".textContent.includes('seat {defender}') && document.querySelector("
                           f"'#replay-board tr[data-seat=\"{defender}\"]').textContent.includes('this perspective')")
    count = battle["attacker"]["committed"]
    assert battle_cards(page, "attacker") == ["hidden"] * count + [""] * (3 - count)
    hands = page.eval_on_selector_all("#replay-board tr[data-seat] td.replay-hand", "cells => cells.map(c => c.textContent)")
    other = next(seat for seat in range(3) if seat != defender)
    assert hands[other] == "hidden"
    own = views[committed]["seats"][defender]["hand"]
    assert own and all(data.CARDS[data.card_index(key)].name in hands[defender] for key in own)

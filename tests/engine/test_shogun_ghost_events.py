"""The ghost's turns as public events (R121-R128): what a person reads of them, in both builds.

The events are information only: the golden playthroughs check that the steps and results stay
those recorded before the ghost's turns were logged."""
import random

import pytest

from arena import games
from arena.engines import PYTHON
from engine_ext.shogun import data


def _solo_game(build, seed=18, level=1):
    game = games.get("shogun", build)
    state = game.new_state(1, seed, {"ghost": level})
    rng = random.Random(seed)
    while not state.is_terminal():
        seat = state.current_seats()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


@pytest.mark.parametrize("build", [PYTHON, "compiled"])
def test_a_solo_game_tells_the_ghosts_cards_and_their_points(build):
    state = _solo_game(build)
    events = state.full_view()["events"]
    ghost_events = [e for e in events if e["event"].startswith("ghost_")]
    cards = [e for e in ghost_events if e["event"] == "ghost_card"]
    assert cards and {e["card"] for e in cards} <= set(data.GHOST_CARDS)
    assert all(e["seat"] is None for e in ghost_events)
    # every point on the ghost's score marker comes from a card it drew (R122-R127)
    marker = state.result()["automata"][0]["breakdown"]["marker"]
    assert sum(e["points"] for e in cards) == marker == 108
    # R122 a: a Daimyō card placed scores the sword's printed points + the round's (0, 2, 4, 6)
    round_number = 0
    for index, event in enumerate(events):
        if event["event"] == "round":
            round_number = event["round"]
        if event["event"] == "ghost_card" and event["card"] == "daimyo" and event["placed"]:
            sword = events[index + 1]
            assert sword["event"] == "ghost_sword"
            tile = next(t for t in data.TILES if t.key == sword["tile"])
            assert event["points"] == tile.points + data.ROUND_POINTS[round_number - 1]
    # R124: a market card placed is followed by the card it took; R125: the academy by what it decorated
    for index, event in enumerate(events):
        if event["event"] == "ghost_card" and event["placed"] and event["card"] in ("market", "academy"):
            assert events[index + 1]["event"] == {"market": "ghost_market", "academy": "ghost_decorate"}[event["card"]]


def test_both_builds_record_the_same_ghost_events():
    assert _solo_game(PYTHON, seed=7, level=5).full_view()["events"] == \
        _solo_game("compiled", seed=7, level=5).full_view()["events"]


def test_a_seats_view_of_the_ghosts_turn_shows_no_deck_order():
    state = _solo_game(PYTHON)
    seen = state.observation(0)
    assert "hidden" not in seen
    for event in seen["events"]:
        assert "deck" not in event

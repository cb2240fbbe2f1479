"""Golden playthroughs: one recorded game per registered game, replayed step by step.

A change that alters any step, any intermediate state or the result fails
here.  If a rules change is intended, bump the game's RULES_VERSION and
regenerate with ``python tests/engine/test_golden.py``.
"""
import hashlib
import json
import random
import sys
from pathlib import Path

import pytest

from arena import games

GOLDEN = Path(__file__).parent / "golden"
CHECKPOINT_EVERY = 25
CASES = {"katana": (5, 7), "risques": (2, 35)}   # game: (players, seed)


def _digest(view):
    return hashlib.sha256(json.dumps(view, sort_keys=True).encode()).hexdigest()[:16]


def record(game_id, build="compiled"):
    players, seed = CASES[game_id]
    game = games.get(game_id, build)
    state = game.new_state(players, seed)
    rng = random.Random(seed)
    steps, checkpoints = [], {}
    while not state.is_terminal():
        if len(steps) % CHECKPOINT_EVERY == 0:
            checkpoints[str(len(steps))] = _digest(state.full_view())
        seat = state.current_seats()[0]
        action = rng.choice(state.legal_actions(seat))
        steps.append(f"{seat} {game.action_name(action)}")
        state.apply(seat, action)
    return {"game": game_id, "rules_version": game.rules_version, "players": players, "seed": seed,
            "steps": steps, "checkpoints": checkpoints, "final": _digest(state.full_view()),
            "result": state.result()}


@pytest.mark.parametrize("game_id", sorted(CASES))
def test_golden_playthrough(game_id, build):
    golden = json.loads((GOLDEN / f"{game_id}.json").read_text())
    game = games.get(game_id, build)
    assert golden["rules_version"] == game.rules_version
    state = game.new_state(golden["players"], golden["seed"])
    for index, step in enumerate(golden["steps"]):
        if str(index) in golden["checkpoints"]:
            assert _digest(state.full_view()) == golden["checkpoints"][str(index)], f"state before step {index}"
        seat, name = step.split()
        assert state.current_seats() == [int(seat)], f"step {index}"
        action = game.action_id(name)
        assert action in state.legal_actions(int(seat)), f"step {index}: {name}"
        state.apply(int(seat), action)
    assert state.is_terminal()
    assert _digest(state.full_view()) == golden["final"]
    assert state.result() == golden["result"]


if __name__ == "__main__":
    for game_id in sys.argv[1:] or sorted(CASES):
        (GOLDEN / f"{game_id}.json").write_text(json.dumps(record(game_id), indent=1) + "\n")

"""Golden playthroughs: the recorded games each spec lists, replayed step by step in both builds.

A change that alters any step, any intermediate state or the result fails
here.  Every registered game has golden cases, and together they cover every
value of every option its spec marks as a variant; a game missing one fails by
name.  If a rules change is intended, bump the game's rules version and
regenerate with ``python tests/engine/test_golden.py [GAME ...]``.
"""
import hashlib
import json
import random
import sys

import pytest

from arena import games
from arena.engines import PYTHON

CHECKPOINT_EVERY = 25


def _digest(view):
    return hashlib.sha256(json.dumps(view, sort_keys=True).encode()).hexdigest()[:16]


def golden_path(game, case):
    return game.package_dir / "golden" / f"{case.name}.json"


def record(game_id, case, build="compiled"):
    game = games.get(game_id, build)
    state = game.new_state(case.players, case.seed, case.options)
    rng = random.Random(case.seed)
    steps, checkpoints = [], {}
    while not state.is_terminal():
        if len(steps) % CHECKPOINT_EVERY == 0:
            checkpoints[str(len(steps))] = _digest(state.full_view())
        seat = state.current_seats()[0]
        action = rng.choice(state.legal_actions(seat))
        steps.append(f"{seat} {game.action_name(action)}")
        state.apply(seat, action)
    return {"game": game_id, "case": case.name, "rules_version": game.rules_version,
            "players": case.players, "seed": case.seed, "options": case.options,
            "steps": steps, "checkpoints": checkpoints, "final": _digest(state.full_view()),
            "result": state.result()}


def _cases():
    for game_id in games.game_ids():
        for case in games.get(game_id, PYTHON).spec.golden:
            yield pytest.param(game_id, case, id=f"{game_id}-{case.name}")


@pytest.mark.parametrize("game_id", games.game_ids())
def test_every_game_has_golden_playthroughs_covering_its_variants(game_id):
    game = games.get(game_id, PYTHON)
    assert game.spec.golden, f"{game_id} has no golden playthrough: list one in its spec"
    missing = [case.name for case in game.spec.golden if not golden_path(game, case).exists()]
    assert not missing, f"{game_id}: golden cases without a recording: {missing}"
    for option in game.spec.variant_options:
        seen = set()
        for case in game.spec.golden:
            seen.add(game.resolve_options(case.options)[option.name])
            seen.add(game.canonical_options(case.players, case.options)[option.name])
        uncovered = [value for value in option.choices if value not in seen]
        assert not uncovered, f"{game_id}: no golden playthrough with {option.name}={uncovered}"


@pytest.mark.parametrize("game_id,case", list(_cases()))
def test_golden_playthrough(game_id, case, build):
    game = games.get(game_id, build)
    golden = json.loads(golden_path(game, case).read_text())
    assert golden["rules_version"] == game.rules_version, (
        f"{game_id} is at rules {game.rules_version}, the recording at {golden['rules_version']}: "
        "regenerate it if the change is intended")
    assert (golden["players"], golden["seed"], golden.get("options", {})) == (case.players, case.seed, case.options)
    state = game.new_state(case.players, case.seed, case.options)
    for index, step in enumerate(golden["steps"]):
        if str(index) in golden["checkpoints"]:
            assert _digest(state.full_view()) == golden["checkpoints"][str(index)], f"state before step {index}"
        seat, name = step.split()
        assert int(seat) == state.current_seats()[0], f"step {index}"
        action = game.action_id(name)
        assert action in state.legal_actions(int(seat)), f"step {index}: {name}"
        state.apply(int(seat), action)
    assert state.is_terminal()
    assert _digest(state.full_view()) == golden["final"]
    assert state.result() == golden["result"]


if __name__ == "__main__":
    for game_id in sys.argv[1:] or games.game_ids():
        game = games.get(game_id)
        for case in game.spec.golden:
            path = golden_path(game, case)
            path.parent.mkdir(exist_ok=True)
            path.write_text(json.dumps(record(game_id, case), indent=1) + "\n")
            print("recorded", path)

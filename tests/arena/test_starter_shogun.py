"""Shōgun no Katana's two starter bots play the same plan: the JavaScript one, speaking the protocol
itself, answers every observation as the Python one does."""
import importlib.util
import json
import random
import shutil
import subprocess
from pathlib import Path

import pytest

from arena import games

EXAMPLES = Path(__file__).parents[2] / "examples" / "bots"


def _python_starter():
    spec = importlib.util.spec_from_file_location("shogun_forger", EXAMPLES / "shogun_forger.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.Bot()


@pytest.mark.skipif(shutil.which("node") is None, reason="no Node.js on this machine")
@pytest.mark.parametrize("players, seed", [(2, 0), (4, 1)])
def test_the_javascript_starter_decides_as_the_python_one(players, seed):
    game = games.get("shogun")
    names = list(game.action_names)
    python = _python_starter()
    python.setup({"action_names": names, "seat": 0})
    node = subprocess.Popen(["node", str(EXAMPLES / "shogun_forger.js")], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)

    def ask(message):
        node.stdin.write(json.dumps(message) + "\n")
        node.stdin.flush()
        return json.loads(node.stdout.readline())

    try:
        assert ask({"type": "start", "game": "shogun", "players": players, "seat": 0,
                    "action_names": names}) == {"type": "ready"}
        state = game.new_state(players, seed)
        others = random.Random(seed)
        asked = 0
        while not state.is_terminal():
            seat = state.current_seats()[0]
            legal = state.legal_actions(seat)
            if seat == 0:
                observation = state.observation(0)
                action = python.act(observation, legal)
                answer = ask({"type": "act", "observation": observation, "legal_actions": legal})
                assert answer == {"type": "action", "action": action}, (observation["phase"], names[action])
                asked += 1
            else:
                action = others.choice(legal)
            state.apply(seat, action)
        assert asked > 40
    finally:
        node.stdin.close()
        node.wait(timeout=10)

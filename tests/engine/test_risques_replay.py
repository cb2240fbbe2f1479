"""Replays recorded under Risques rules 1.2 (before the fixes of 1.3) are refused, never re-simulated.

``replays/risques-frappe-rules-1.2.json`` was recorded by the 1.2 engine: a Frappe-éclair where
seat 1 surprises seat 0 and kills him, with the 16 dice 1.2 gave a successful Surprise (1.3: 18).
"""
import json
import pathlib

import pytest

from arena import games, replay
from arena.engines import COMPILED, PYTHON
from engine_ext.risques import data

OLD_REPLAY = pathlib.Path(__file__).parent / "replays" / "risques-frappe-rules-1.2.json"


@pytest.mark.parametrize("build", [COMPILED, PYTHON])
def test_a_replay_of_an_older_rules_version_is_refused_naming_both_versions(build):
    recorded = replay.load(OLD_REPLAY)
    current = games.get("risques", build).rules_version
    assert recorded["rules_version"] == "1.2" and current != "1.2"
    message = f"recorded under risques rules 1.2; this engine plays rules {current} and cannot re-simulate it"
    with pytest.raises(replay.ReplayError, match=message):
        replay.verify(recorded, build)
    with pytest.raises(replay.ReplayError, match=message):
        replay.simulate(recorded, build, upto=0)


def test_only_the_version_tells_the_old_replay_apart():
    """Why the refusal matters: relabelled as the current rules, the 1.2 steps re-simulate to the
    very result 1.2 recorded, although the Frappe is now fought with other dice (the surprising
    striker gathers 2 more).  Checking the result alone would pass it: the version must decide."""
    recorded = replay.load(OLD_REPLAY)
    relabelled = dict(recorded, rules_version=games.get("risques").rules_version)
    assert replay.verify(relabelled) == recorded["result"]
    # the first five steps: seat 0 CALM, seat 1 SURPRISE, both gather (seat 1 spends 1 honor)
    state = replay.simulate(relabelled, upto=5)
    assert state.surprised == 0 and state.bonus_p == 1
    character = data.CHARACTERS[state.character[1]]
    sources = data.static_pool(character) + state.rep_rank(1) + data.HANDICAP_DICE[0]
    assert state.p_pool[1] == sources + data.HONOR_DICE[0] + data.FRAPPE_BONUS[0], "1.2 gave him 2 dice less"


def test_the_cli_refuses_the_old_replay(capsys):
    from arena import cli
    assert cli.main(["replay", "verify", str(OLD_REPLAY)]) != 0
    assert "cannot re-simulate it" in capsys.readouterr().err

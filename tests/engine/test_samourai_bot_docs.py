"""The examples of docs/bots/samourai.md are what the engine sends: the game they come from is
replayed (three built-in heuristics, as ``arena play samourai --players 3 --seed 12 --bot
heuristic`` plays it) and every message shown is checked against the real one."""
import json
import re
from pathlib import Path

from arena import agents, games
from arena.match import agent_seed
from engine_ext.samourai.actions import ACTIONS

DOC = Path(__file__).parents[2] / "docs" / "bots" / "samourai.md"
PLAYERS, SEED = 3, 12
MARKER = re.compile(r"<!-- replayed by tests/engine/test_samourai_bot_docs.py: decision (\d+) -->\n```\w*\n(.*?)```",
                    re.DOTALL)


def decisions(count=60):
    """(seat, observation, legal actions, action) of the first ``count`` decisions, the
    observations as a bot receives them (with the events since its previous one), like
    ``arena.match.play_match``."""
    game = games.get("samourai")
    state = game.new_state(PLAYERS, SEED)
    bots = [agents.builtin("heuristic", agent_seed(SEED, s)) for s in range(PLAYERS)]
    seen = [0] * PLAYERS
    out = []
    while not state.is_terminal() and len(out) < count:
        seat = state.current_seats()[0]
        legal = state.legal_actions(seat)
        observation = state.observation(seat, seen[seat])
        seen[seat] = observation["event_count"]
        action = bots[seat].act(observation, legal)
        out.append((seat, observation, legal, action))
        state.apply(seat, action)
    return out


def shown_in(shown, real, where="observation"):
    """``shown`` abridges ``real``: an object gives some of its fields, a list some of its entries
    in their order, anything else is equal.  Returns what differs, or None."""
    if isinstance(shown, dict):
        if not isinstance(real, dict):
            return f"{where}: {real!r} is not an object"
        for key, value in shown.items():
            if key not in real:
                return f"{where}.{key}: no such field"
            problem = shown_in(value, real[key], f"{where}.{key}")
            if problem:
                return problem
        return None
    if isinstance(shown, list):
        if not isinstance(real, list):
            return f"{where}: {real!r} is not a list"
        position = 0
        for entry in shown:
            while position < len(real) and shown_in(entry, real[position]) is not None:
                position += 1
            if position == len(real):
                return f"{where}: {entry!r} is not in {real!r} (in that order)"
            position += 1
        return None
    return None if shown == real else f"{where}: {shown!r} shown, {real!r} sent"


def examples():
    text = DOC.read_text()
    return [(int(start), block) for start, block in MARKER.findall(text)]


def messages(block):
    """(seat, observation shown, action name or None) of each ``→``/``←`` pair of a block; an
    observation may run over several lines."""
    out = []
    for match in re.finditer(r"^(→|←) seat (\d)  (.*?)(?=^[→←] seat |\Z)", block, re.MULTILINE | re.DOTALL):
        arrow, seat, body = match.group(1), int(match.group(2)), match.group(3).strip()
        if arrow == "→":
            out.append([seat, json.loads(body), None])
        else:
            assert out and out[-1][0] == seat and out[-1][2] is None, f"an answer without its question: {body}"
            out[-1][2] = body
    return out


def test_the_doc_names_the_game_its_examples_come_from():
    assert " ".join(DOC.read_text().split()).count(
        f"`arena play samourai --players {PLAYERS} --seed {SEED} --bot heuristic`") == 1
    assert [start for start, _ in examples()] == [4, 44]


def test_the_example_observation_and_legal_actions_are_those_sent():
    played = decisions()
    start, block = examples()[0]
    message = json.loads(block)
    seat, observation, legal, action = played[start]
    assert message["type"] == "act" and seat == message["observation"]["seat"]
    assert shown_in(message["observation"], observation) is None, shown_in(message["observation"], observation)
    assert message["legal_actions"] == legal
    assert ACTIONS.names[action] == "TERRITORY_YAMATO"


def test_the_battle_is_every_message_from_the_attack_until_the_attackers_turn_goes_on():
    played = decisions()
    start, block = examples()[1]
    shown = messages(block)
    assert len(shown) == 15
    for i, (seat, observation, action) in enumerate(shown):
        real_seat, real_observation, _, real_action = played[start + i]
        assert seat == real_seat, f"message {i}: seat {real_seat} is asked, not {seat}"
        problem = shown_in(observation, real_observation)
        assert problem is None, f"message {i}: {problem}"
        if action is not None:
            assert action == ACTIONS.names[real_action], f"message {i}"
    # the first message asks the attacker to act in his turn, the last gives it back to him
    steps = [played[start + i][1]["pending"]["step"] for i in range(len(shown))]
    assert steps[0] == steps[-1] == "activate" and "activate" not in steps[1:-1]
    assert {"window", "retreat", "commit"} <= set(steps)
    assert shown[-1][2] is None


def test_the_abridgement_check_catches_a_wrong_value_a_missing_entry_and_the_wrong_order():
    real = {"a": 1, "events": [{"e": 1, "x": 0}, {"e": 2}, {"e": 3}]}
    assert shown_in({"events": [{"e": 1}, {"e": 3}]}, real) is None
    assert shown_in({"a": 2}, real) == "observation.a: 2 shown, 1 sent"
    assert shown_in({"events": [{"e": 3}, {"e": 1}]}, real) is not None
    assert shown_in({"b": 1}, real) == "observation.b: no such field"

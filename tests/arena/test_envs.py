"""The research environments: PettingZoo's and Gymnasium's own checks on every registered game,
the observations of the match loop, hidden simultaneous choices, rewards, seeds and replays.

The default run checks one table per game (and options); the slow run every player count, and
each variant option at each of its values."""
import json
import warnings

import numpy as np
import pytest

from arena import agents as builtins
from arena import envs, games, replay
from arena.cli import main
from arena.envs.common import rank_rewards
from arena.match import agent_seed, play_match
from automata import seated

pytest.importorskip("pettingzoo")
from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test  # noqa: E402

# PettingZoo asks for a bare Box and warns about the Dict of a vector and an action mask, which
# its own board games use too; any other warning (an all-zero mask, a bad space) fails a test.
DICT_OBSERVATION_WARNINGS = ("Observation is not a NumPy array",
                             "Observation space for each agent probably should be")


def _warnings_of(check, *args, **kwargs):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check(*args, **kwargs)
    return sorted({str(w.message) for w in caught
                   if not str(w.message).startswith(DICT_OBSERVATION_WARNINGS)
                   and "environment not having a spec" not in str(w.message)})


def tables():
    """(game, players, options) for the slow run: every player count with the default options (and
    the automaton a table needs), and each variant option's every value at the smallest and the
    largest table."""
    found = []
    for game_id in games.game_ids():
        game = games.get(game_id)
        for n in range(game.min_players, game.max_players + 1):
            options = seated(game, n, {})
            assert options is not None, f"{game_id} cannot seat {n} players with any automaton"
            found.append((game_id, n, options))
        for option in game.spec.variant_options:
            for value in option.choices:
                if value != option.default:
                    for n in sorted({game.min_players, game.max_players}):
                        options = {option.name: value}
                        if option.name == "rank_changes":
                            options["limited_emperor"] = True   # rank changes need the limited Emperor
                        table = (game_id, n, options)
                        if game.can_seat(n, options) and table not in found:    # Risques' modes have
                            found.append(table)                                   # their player counts
    return found




def _id(table):
    game_id, n, options = table
    return f"{game_id}-{n}" + "".join(f"-{k}={v}" for k, v in options.items())


# One table per game and option kind in the default run: every game, a 2-player variant, a
# personal option, an automaton seat, a solo seat.  Shōgun's and Samouraï's games are long: their
# checks stop after some decisions per seat (the others play whole games, the end included; a
# whole Shōgun game goes through the environment in the replay test below).
FAST_TABLES = [("katana", 5, {}), ("risques", 2, {"mode": "frappe"}), ("risques", 3, {"honor_pool": "personal"}),
               ("shogun", 2, {}), ("samourai", 3, {}), ("toy", 2, {"house": 1}), ("toy", 1, {"house": 2})]
CYCLES = {"shogun": 40, "samourai": 60}


@pytest.mark.parametrize("table", FAST_TABLES, ids=_id)
def test_pettingzoo_api_test_passes(table):
    game_id, n, options = table
    env = envs.aec_env(game_id, n, options, seed=3)
    assert _warnings_of(api_test, env, num_cycles=CYCLES.get(game_id, 1000)) == []


@pytest.mark.slow
@pytest.mark.parametrize("table", tables(), ids=_id)
def test_pettingzoo_api_test_passes_at_every_table(table):
    game_id, n, options = table
    assert _warnings_of(api_test, envs.aec_env(game_id, n, options, seed=5), num_cycles=1000) == []


FAST_GYM = [("katana", 4, {}, "heuristic"), ("risques", 2, {"mode": "duel"}, "random"), ("shogun", 3, {}, "mix-0.5"),
            ("samourai", 3, {"diplomacy": True}, "random"), ("toy", 1, {"house": 1}, "random")]


@pytest.mark.parametrize("game_id, n, options, opponent", FAST_GYM, ids=lambda v: str(v))
def test_gymnasium_check_env_passes(game_id, n, options, opponent):
    env = envs.gym_env(game_id, seat=n - 1, opponents=[opponent], players=n, options=options, seed=2)
    assert _warnings_of(check_env, env) == []


@pytest.mark.slow
@pytest.mark.parametrize("table", tables(), ids=_id)
def test_gymnasium_check_env_passes_at_every_table(table):
    game_id, n, options = table
    for seat in {0, n - 1}:
        env = envs.gym_env(game_id, seat=seat, opponents=["random"], players=n, options=options, seed=seat)
        assert _warnings_of(check_env, env) == []


def _random_episode(env, seed):
    """Plays the AEC environment to its end with uniformly random legal actions."""
    rng = np.random.default_rng(seed)
    for agent in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        env.step(None if terminated or truncated
                 else int(rng.choice(np.flatnonzero(observation["action_mask"]))))


def test_a_seat_decides_on_the_observation_the_match_loop_sends():
    """The same Risques match (simultaneous secret choices included) played by the match loop and
    through the environment: at every decision, the same seat, the same JSON, the same legal actions."""
    sent = []

    class Recorder:
        def __init__(self, seat):
            self.inner = builtins.RandomAgent(agent_seed(11, seat))

        def act(self, observation, legal):
            sent.append((observation["seat"], observation, legal))
            return self.inner.act(observation, legal)

    outcome = play_match("risques", seed=11, agents=[Recorder(s) for s in range(4)])
    env = envs.aec_env("risques", 4, seed=11)
    env.reset()
    received = []
    for seat, action in outcome.steps:
        info = env.infos[env.agent_selection]
        received.append((int(env.agent_selection.removeprefix("seat_")), info["observation"], info["legal_actions"]))
        env.step(action)
    assert len(received) == len(sent) > 20
    assert received == sent
    assert any(len(observation["to_act"]) > 1 for _, observation, _ in sent), "no simultaneous choice was played"
    assert all(env.terminations.values())
    assert env.infos["seat_0"]["result"] == outcome.result


def test_a_simultaneous_choice_stays_hidden_from_the_seats_still_to_choose():
    env = envs.aec_env("risques", 2, {"mode": "frappe"}, seed=4)
    env.reset()
    while len(env.infos[env.agent_selection]["observation"]["to_act"]) < 2:
        env.step(env.infos[env.agent_selection]["legal_actions"][0])
    first = env.agent_selection
    second = "seat_1" if first == "seat_0" else "seat_0"
    before = env.observe(second)["observation"]
    env.step(env.infos[first]["legal_actions"][-1])
    assert env.agent_selection == second
    theirs = next(p for p in env.observe_json(second)["participants"] if p["participant"] == first)
    assert "secret" in theirs and theirs["secret"] is None
    mine = next(p for p in env.observe_json(first)["participants"] if p["participant"] == first)
    assert mine["secret"] is not None
    after = env.observe(second)["observation"]
    names = games.get("risques").flat_layout.names()
    changed = {names[i] for i in np.flatnonzero(before != after)}
    # the second seat learns that the first has chosen, and nothing of the choice
    assert changed <= {"to_act[1]", "samurai[1].to_decide", "samurai[1].secret_hidden"}
    assert "samurai[1].secret_hidden" in changed


def test_the_reward_is_plus_one_first_minus_one_last_and_linear_between():
    assert rank_rewards({"ranks": [2, 1, 3]}) == [0.0, 1.0, -1.0]
    assert rank_rewards({"ranks": [1, 2, 1, 2]}) == [1.0, -1.0, 1.0, -1.0]      # Katana's teams
    assert rank_rewards({"ranks": [1, 1]}) == [0.0, 0.0]
    assert rank_rewards({"ranks": [1], "automata": [{"name": "house", "rank": 2}]}) == [1.0]
    assert rank_rewards({"ranks": [2], "automata": [{"name": "house", "rank": 1}]}) == [-1.0]


def test_rewards_at_the_end_follow_the_ranks_and_every_agent_collects_its_own():
    env = envs.aec_env("katana", 4, seed=8)
    env.reset()
    collected = {}
    rng = np.random.default_rng(0)
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, info = env.last()
        collected[agent] = collected.get(agent, 0.0) + reward
        env.step(None if terminated else int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    result = env.replay()["result"]
    assert [collected[f"seat_{s}"] for s in range(4)] == rank_rewards(result)
    assert sorted(set(collected.values())) == [-1.0, 1.0]


def test_an_episode_is_a_replay_that_arena_replay_verify_accepts(tmp_path, capsys):
    env = envs.aec_env("shogun", 3, seed=21)
    env.reset()
    _random_episode(env, 1)
    path = tmp_path / "shogun.json"
    env.save_replay(path)
    saved = replay.load(path)
    assert (saved["game"], saved["rules_version"], saved["seed"]) == ("shogun", games.get("shogun").rules_version, 21)
    assert main(["replay", "verify", str(path)]) == 0
    assert capsys.readouterr().out.startswith("replay ok: shogun, 3 players")


def test_reset_seeds_the_game_and_the_next_reset_takes_the_next_seed():
    env = envs.aec_env("katana", 5, seed=40)
    env.reset()
    first = env.observe(env.agent_selection)["observation"]
    assert env.game_seed == 40
    env.reset()
    assert env.game_seed == 41
    env.reset(seed=40)
    assert np.array_equal(env.observe(env.agent_selection)["observation"], first)
    state = games.get("katana").new_state(5, 40)
    assert env.infos[env.agent_selection]["observation"] == state.observation(state.current_seats()[0])


def test_an_illegal_action_raises_in_the_aec_environment_and_changes_nothing():
    env = envs.aec_env("katana", 3, seed=1)
    env.reset()
    agent, legal = env.agent_selection, env.infos[env.agent_selection]["legal_actions"]
    illegal = next(a for a in range(len(games.get("katana").action_names)) if a not in legal)
    with pytest.raises(ValueError, match="not a legal action of " + agent):
        env.step(illegal)
    assert env.agent_selection == agent and env.table.outcome.steps == []
    with pytest.raises(ValueError, match="an action is an integer, not "):
        env.step(float(legal[0]))
    env.step(np.int64(legal[0]))       # NumPy integers are actions too
    with pytest.raises(ValueError, match="not over"):
        env.replay()


def test_the_gym_opponents_are_seeded_as_in_arena_play(tmp_path):
    """Seat 0 played by the environment with the moves seat 0 made in ``arena play``: the very
    same game, since the opponents are the same built-in bots with the same seeds."""
    outcome = play_match("risques", seed=6, agents=[builtins.builtin("heuristic", agent_seed(6, s), "risques")
                                                     for s in range(3)])
    mine = iter(action for seat, action in outcome.steps if seat == 0)
    env = envs.gym_env("risques", seat=0, opponents=["heuristic", "heuristic"], seed=6)
    observation, info = env.reset()
    while True:
        observation, reward, terminated, truncated, info = env.step(next(mine))
        if terminated or truncated:
            break
    assert info["result"] == outcome.result
    assert env.replay()["steps"] == outcome.steps
    assert reward == rank_rewards(outcome.result)[0]


def test_an_illegal_action_in_the_gym_environment_forfeits_the_seat_as_on_the_platform(tmp_path, capsys):
    env = envs.gym_env("katana", seat=1, opponents=["random"], players=4, seed=3)
    observation, info = env.reset()
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    assert not env.action_masks()[illegal]
    observation, reward, terminated, truncated, info = env.step(illegal)
    assert terminated and reward == -1.0
    assert info["seat_status"][1]["status"] == "illegal"
    assert info["result"]["ranks"][1] == max(info["result"]["ranks"])
    assert not observation["action_mask"].any()
    env.save_replay(tmp_path / "forfeit.json")
    assert main(["replay", "verify", str(tmp_path / "forfeit.json")]) == 0
    strict = envs.gym_env("katana", seat=1, opponents=["random"], players=4, seed=3, illegal="raise")
    strict.reset()
    with pytest.raises(ValueError, match="not a legal action"):
        strict.step(illegal)


def test_gym_opponents_name_what_the_game_has():
    with pytest.raises(ValueError, match="shogun-smith plays"):
        envs.gym_env("samourai", opponents=["shogun-smith", "random"], players=3)   # another game's heuristic
    with pytest.raises(ValueError, match="unknown built-in bot"):
        envs.gym_env("katana", opponents=["nobody"], players=3)
    with pytest.raises(ValueError, match="one opponent for each of the 3 other seats"):
        envs.gym_env("katana", opponents=["random", "random"], players=4)


def test_a_bot_file_opponent_runs_as_in_arena_match(tmp_path):
    env = envs.gym_env("katana", seat=0, opponents=["examples/bots/katana_samurai.py", "random"], seed=2,
                       trusted=True)
    observation, info = env.reset()
    while True:
        observation, reward, terminated, truncated, info = env.step(int(np.flatnonzero(observation["action_mask"])[0]))
        if terminated or truncated:
            break
    assert info["seat_status"][1] == {"status": "ok", "reason": ""}
    assert env.bot_logs[0] is None and env.bot_logs[1] is not None
    assert env.replay()["bots"] == ["env", "examples/bots/katana_samurai.py", "random"]
    env.save_replay(tmp_path / "bot.json")
    assert main(["replay", "verify", str(tmp_path / "bot.json")]) == 0


def test_render_shows_the_table_as_json():
    env = envs.aec_env("toy", 2, {"target": 30}, seed=1, render_mode="ansi")
    env.reset()
    shown = json.loads(env.render())
    assert shown["to_act"] == [0] and shown["table"]["target"] == 30


@pytest.mark.parametrize("game_id", games.game_ids())
def test_gymnasium_make_builds_each_game_from_its_registered_id(game_id):
    import gymnasium

    from arena.envs import gymnasium_id
    players = games.get(game_id).table_sizes()[0] if games.get(game_id).table_sizes() else 2
    env = gymnasium.make(gymnasium_id(game_id), players=max(players, 2))
    assert type(env.unwrapped).__name__ == "ArenaGymEnv" and env.unwrapped.game.id == game_id
    assert env.metadata["render_fps"] > 0 and "ansi" in env.metadata["render_modes"]
    observation, _ = env.reset(seed=5)
    action = int(np.flatnonzero(observation["action_mask"])[0])
    env.step(action)
    env.close()


@pytest.mark.parametrize("game_id,players", [("katana", 5), ("shogun", 3)])
def test_the_aec_info_builds_the_json_observation_only_when_read_with_the_events_it_would_have(game_id, players):
    """A loop that reads only the vectors never builds the JSON observation; one read before the
    step is what the match loop gives a bot (events since the seat's previous decision), and one
    first read after the step is refused, as the game has moved on."""
    env = envs.aec_env(game_id, players, seed=5)
    env.reset()
    state = games.get(game_id).new_state(players, 5)
    seen = [0] * players
    for _ in range(3 * players):   # vectors only: nothing built
        info = env.infos[env.agent_selection]
        assert info._pending is not None
        seat = int(env.agent_selection.split("_")[1])
        seen[seat] = len(state.events)
        action = info.legal_actions[0]
        state.apply(seat, action)
        env.step(action)
    with pytest.raises(RuntimeError, match="after its step"):
        info["observation"]
    agent = env.agent_selection
    seat = int(agent.split("_")[1])
    assert env.infos[agent]["observation"] == state.observation(seat, seen[seat])
    assert dict(env.infos[agent]) == {"observation": state.observation(seat, seen[seat]),
                                      "legal_actions": state.legal_actions(seat)}

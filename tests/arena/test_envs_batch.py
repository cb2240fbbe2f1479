"""Batch stepping: many games at once, the vectors the layouts declare, restarts and replays."""
import random

import numpy as np
import pytest

from arena import envs, games, replay
from arena.engines import load_module
from arena.envs.common import rank_rewards

pytest.importorskip("gymnasium")


def _random_actions(rng, masks):
    return (rng.random(masks.shape) * masks).argmax(1)


def _expected(game_id, state, seat):
    """The vector and mask of ``seat`` read the slow way: its observation through the layout."""
    game = games.get(game_id)
    layout = game.flat_layout
    vector = np.clip(np.asarray(layout.encode(state.observation(seat), clip=False), dtype=np.float32),
                     np.asarray(layout.low, dtype=np.float32), np.asarray(layout.high, dtype=np.float32))
    mask = np.zeros(len(game.action_names), dtype=np.int8)
    mask[state.legal_actions(seat)] = 1
    return vector, mask


@pytest.mark.parametrize("game_id, players, n_games, steps", [("katana", 4, 4, 250), ("risques", 3, 3, 200)])
def test_the_batch_steps_every_game_restarts_those_that_end_and_each_is_a_replay(game_id, players, n_games, steps):
    batch = envs.batch_env(game_id, n_games=n_games, players=players, seed=100)
    observations, masks, seats = batch.reset()
    rng = np.random.default_rng(0)
    ended = 0
    for step in range(steps):
        observations, masks, seats, rewards, dones = batch.step(_random_actions(rng, masks))
        assert sorted(i for i, _ in batch.finished) == list(np.flatnonzero(dones & ~batch.truncated))
        for i, record in batch.finished:
            assert replay.verify(record) == record["result"]
            assert list(rewards[i]) == rank_rewards(record["result"])
            ended += 1
        assert not rewards[~dones].any()
        for i in (0, n_games - 1) if step % 5 == 0 else ():
            state = batch._states[i]
            assert seats[i] in state.current_seats()
            vector, mask = _expected(game_id, state, int(seats[i]))
            assert np.array_equal(observations[i], vector) and np.array_equal(masks[i], mask)
    assert ended >= n_games
    # the restarted games took the seeds after the first n_games
    assert sorted(batch._tables[i].outcome.seed for i in range(n_games))[-1] >= 100 + n_games


def test_an_illegal_action_in_a_batch_names_its_game():
    batch = envs.batch_env("katana", n_games=3, players=3, seed=1)
    observations, masks, seats = batch.reset()
    actions = masks.argmax(1)
    actions[2] = int(np.flatnonzero(masks[2] == 0)[0])
    with pytest.raises(ValueError, match="game 2: "):
        batch.step(actions)
    with pytest.raises(ValueError, match=r"one action per game: shape \(3,\)"):
        batch.step(actions[:2])
    with pytest.raises(ValueError, match="actions are integers, not float64"):
        batch.step(actions + 0.5)


def _compare_reader(build, players, seeds, decisions=None):
    """Katana's compiled reader against its layout reading the observation, for every seat at
    every step of random games (their first ``decisions``); returns the vectors compared."""
    game = games.get("katana", build)
    layout = game.flat_layout
    reader = load_module(layout.reader, build)
    out = np.zeros((1, layout.size), dtype=np.float32)
    compared = 0
    for seed in seeds:
        state = game.new_state(players, seed)
        rng = random.Random(seed)
        for _ in range(decisions or game.spec.max_decisions):
            for seat in range(players):
                reader.encode_many([state], np.array([seat], dtype=np.int64), out)
                expected = np.asarray(layout.encode(state.observation(seat, len(state.events))), dtype=np.float32)
                assert np.array_equal(out[0], expected), [layout.names()[i] for i in np.flatnonzero(out[0] != expected)]
                compared += 1
            if state.is_terminal():
                break
            seat = state.current_seats()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    return compared


@pytest.mark.parametrize("players", [3, 7])
def test_katanas_compiled_reader_writes_the_vector_its_layout_reads_from_the_observation(build, players):
    assert _compare_reader(build, players, seeds=[players], decisions=60) == 60 * players


@pytest.mark.slow
@pytest.mark.parametrize("players", range(3, 8))
def test_katanas_compiled_reader_agrees_with_its_layout_over_whole_games(build, players):
    assert _compare_reader(build, players, seeds=range(5)) > 100 * players

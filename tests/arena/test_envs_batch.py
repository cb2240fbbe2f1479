"""Batch stepping: many games at once, the vectors the layouts declare, restarts and replays."""
import random

import numpy as np
import pytest

from arena import envs, games, replay
from arena.engines import load_module
from arena.envs.common import rank_rewards
from tests.arena.test_envs_layouts import EVERY_SAMOURAI_OPTION

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


def _compare_batches(game_id, build, players, options, n_games, steps):
    """The batch with its compiled reader (and kernel, where the game has one) against the same
    batch stepping each table through the public interface and reading the JSON observation;
    returns the games that ended (their replays compared)."""
    fast = envs.batch_env(game_id, n_games=n_games, players=players, options=options, seed=7, build=build)
    slow = envs.batch_env(game_id, n_games=n_games, players=players, options=options, seed=7, build=build)
    assert fast._reader is not None
    slow._reader = slow._kernel = None
    rng = np.random.default_rng(3)
    got, want = fast.reset(), slow.reset()
    replays = 0
    for _ in range(steps):
        assert all(np.array_equal(a, b) for a, b in zip(got, want))
        actions = _random_actions(rng, got[1])
        got, want = fast.step(actions), slow.step(actions)
        assert fast.finished == slow.finished
        replays += len(fast.finished)
    assert all(np.array_equal(a, b) for a, b in zip(got, want))
    return replays


@pytest.mark.parametrize("game_id, players, options, steps", [
    ("katana", 5, {}, 300), ("risques", 4, {}, 300), ("risques", 2, {"mode": "frappe", "honor_pool": "personal"}, 300),
    ("shogun", 3, {}, 400), ("shogun", 1, {"ghost": 4}, 400)])
def test_the_compiled_batch_plays_the_games_of_the_tables_stepped_one_by_one(build, game_id, players, options, steps):
    assert _compare_batches(game_id, build, players, options, 4, steps) > 0


@pytest.mark.parametrize("options", [{}, EVERY_SAMOURAI_OPTION])
def test_samourais_compiled_batch_steps_as_its_tables_do(build, options):
    """Samouraï games are long: the first 150 decisions of four games here, whole games in the slow run."""
    _compare_batches("samourai", build, 4, options, 4, 150)


@pytest.mark.slow
@pytest.mark.parametrize("options", [{}, EVERY_SAMOURAI_OPTION])
def test_samourais_compiled_batch_plays_whole_games_as_its_tables_do(build, options):
    assert _compare_batches("samourai", build, 5, options, 3, 2500) > 0


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


def _compare_reader(game_id, build, players, seeds, options=None, decisions=None, resample=False):
    """A game's compiled reader against its layout reading the observation, for every seat at
    every step of random games (their first ``decisions``); returns the vectors compared.  With
    ``resample``, also checks that a seat's vector is unchanged when what it may not know (the
    other seats' hidden information) is drawn anew (``state.resample_hidden``)."""
    game = games.get(game_id, build)
    layout = game.flat_layout
    names = layout.names()
    reader = load_module(layout.reader, build)
    out = np.zeros((2, layout.size), dtype=np.float32)
    compared = 0
    for seed in seeds:
        state = game.new_state(players, seed, game.resolve_options(options))
        rng = random.Random(seed)
        for step in range(decisions or game.spec.max_decisions):
            for seat in range(players):
                reader.encode_many([state], np.array([seat], dtype=np.int64), out[:1])
                expected = np.asarray(layout.encode(state.observation(seat, len(state.events))), dtype=np.float32)
                assert np.array_equal(out[0], expected), [names[i] for i in np.flatnonzero(out[0] != expected)]
                if resample and not state.is_terminal():
                    other = state.resample_hidden(seat, seed * 1000 + step)
                    reader.encode_many([other], np.array([seat], dtype=np.int64), out[1:])
                    assert np.array_equal(out[0], out[1]), [names[i] for i in np.flatnonzero(out[0] != out[1])]
                compared += 1
            if state.is_terminal():
                break
            seat = state.current_seats()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    return compared


# a fast case per game and table size; the slow run plays whole games at every table and option
FAST_READERS = [("katana", 3, {}, 60), ("katana", 7, {}, 60), ("risques", 2, {"mode": "frappe"}, 80),
                ("risques", 5, {"honor_pool": "personal"}, 80), ("shogun", 2, {}, 80), ("shogun", 4, {}, 40),
                ("shogun", 1, {"ghost": 2}, 80), ("shogun", 3, {"ghost": 5}, 40), ("samourai", 3, {}, 60),
                ("samourai", 6, EVERY_SAMOURAI_OPTION, 30)] + [
    ("shogun", 1, {"ghost": 3, "chapter": chapter}, 80) for chapter in (1, 7, 12, 13)]   # story chapters
# Samouraï's optional rules, together and in the groups that change the same decisions
SAMOURAI_OPTIONS = [{}, EVERY_SAMOURAI_OPTION, {"diplomacy": True, "clan_treasury": True, "exchange": True},
                    {"limited_emperor": True, "rank_changes": True, "emperor_office": True, "emperor_support": True,
                     "shogun_power": True}, {"new_ninja": True, "seppuku": True, "justice_for_others": True,
                                             "kyoto_imperial": True, "koku_land": True, "new_card_scale": True}]
SLOW_READERS = [("katana", players, {}) for players in range(3, 8)] + [
    ("risques", players, options) for players in range(2, 8)
    for options in ({}, {"honor_pool": "personal", "scenes": 3})] + [
    ("risques", 2, {"mode": "frappe"}), ("risques", 2, {"mode": "duel", "scenes": 4})] + [
    ("shogun", players, {"ghost": ghost}) for players in (1, 2, 3) for ghost in range(0 if players > 1 else 1, 6)] + [
    ("shogun", 4, {})] + [("shogun", 1, {"ghost": chapter % 5 + 1, "chapter": chapter}) for chapter in range(1, 15)] + [
    ("samourai", players, options) for players in range(3, 7) for options in SAMOURAI_OPTIONS]


@pytest.mark.parametrize("game_id, players, options, decisions", FAST_READERS)
def test_the_compiled_reader_writes_the_vector_its_layout_reads_from_the_observation(build, game_id, players,
                                                                                    options, decisions):
    assert _compare_reader(game_id, build, players, [players], options, decisions) >= 20 * players


@pytest.mark.slow
@pytest.mark.parametrize("game_id, players, options", SLOW_READERS)
def test_the_compiled_reader_agrees_with_its_layout_over_whole_games(build, game_id, players, options):
    seeds = range(2) if game_id == "samourai" else range(5)      # its games are ten times longer
    assert _compare_reader(game_id, build, players, seeds, options) > 20 * players


@pytest.mark.parametrize("game_id, players, options", [("katana", 5, {}), ("risques", 4, {}),
                                                       ("risques", 2, {"mode": "frappe"}), ("shogun", 3, {}),
                                                       ("shogun", 2, {"ghost": 3}),
                                                       ("shogun", 1, {"ghost": 3, "chapter": 13}), ("samourai", 4, {}),
                                                       ("samourai", 3, EVERY_SAMOURAI_OPTION)])
def test_the_compiled_reader_never_reads_what_the_seat_may_not_know(game_id, players, options):
    """A seat's vector stays the same when the other seats' hidden information is resampled."""
    assert _compare_reader(game_id, "compiled", players, range(3), options, decisions=150, resample=True) > 0

"""The contract, checked the same way for every registered game, in both builds.

Random play from many seeds and every player count: the game ends within a
bound, exactly the listed actions are applicable, observations are JSON and
leak nothing, the decision structure reveals nothing hidden, results are well
formed.
"""
import json
import random

import pytest

from arena import games
from arena.engines import PYTHON

MAX_DECISIONS = 20_000
SEEDS = range(3)


def _cases():
    for game_id in games.game_ids():
        game = games.get(game_id, PYTHON)  # metadata only: the uncompiled build always loads
        for n in range(game.min_players, game.max_players + 1):
            yield pytest.param(game_id, n, id=f"{game_id}-{n}p")


def _random_walk(game, n, seed):
    """Yields (state, seat, legal) along one random game, ending with the terminal state."""
    rng = random.Random(seed)
    state = game.new_state(n, seed)
    for _ in range(MAX_DECISIONS):
        if state.is_terminal():
            yield state, None, None
            return
        seats = state.current_seats()
        assert seats, "a game that is not over must ask someone"
        seat = rng.choice(seats)
        legal = state.legal_actions(seat)
        yield state, seat, legal
        state.apply(seat, rng.choice(legal))
    pytest.fail(f"{game.id} with {n} players did not end within {MAX_DECISIONS} decisions")


@pytest.mark.parametrize("game_id,n", list(_cases()))
def test_random_play_ends_and_listed_actions_are_exactly_the_applicable_ones(game_id, n, build):
    game = games.get(game_id, build)
    checked = 0
    for seed in SEEDS:
        for state, seat, legal in _random_walk(game, n, seed):
            if seat is None:
                break
            assert legal == sorted(set(legal)) or len(set(legal)) == len(legal), "duplicate actions"
            assert legal, "a seat asked to decide must have a legal action"
            for other in range(n):
                if other not in state.current_seats():
                    assert state.legal_actions(other) == []
            if checked % 7 == 0:  # every action id, on a sample of decisions
                for action in range(len(game.action_names)):
                    probe = state.clone()
                    if action in legal:
                        probe.apply(seat, action)
                    else:
                        with pytest.raises(ValueError):
                            probe.apply(seat, action)
                for bad in (-1, len(game.action_names), 10**9, True, "END_TURN", None):
                    with pytest.raises(ValueError):
                        state.clone().apply(seat, bad)
            checked += 1
    assert checked > 0


@pytest.mark.parametrize("game_id,n", list(_cases()))
def test_results_are_well_formed(game_id, n, build):
    game = games.get(game_id, build)
    for seed in SEEDS:
        *_, (state, _, _) = _random_walk(game, n, seed)
        result = state.result()
        json.dumps(result)
        assert len(result["scores"]) == len(result["ranks"]) == len(result["teams"]) == n
        ranks = sorted(set(result["ranks"]))
        assert ranks == list(range(1, len(ranks) + 1)), "ranks are 1, 2, ... without gaps"
        assert result["end_reason"]
        for team in set(result["teams"]):
            members = [s for s in range(n) if result["teams"][s] == team]
            assert len({result["ranks"][s] for s in members}) == 1, "a team shares its rank"
        with pytest.raises(ValueError):
            state.apply(0, 0)
        assert state.current_seats() == []


@pytest.mark.parametrize("game_id,n", list(_cases()))
def test_observations_leak_nothing(game_id, n, build):
    """Redrawing what a seat has not seen changes neither its observation nor who is asked next."""
    game = games.get(game_id, build)
    rng = random.Random(n)
    for seed in SEEDS:
        for step, (state, seat, legal) in enumerate(_random_walk(game, n, seed)):
            if seat is None or step % 5:
                continue
            json.dumps(state.observation(seat))
            for viewer in range(n):
                twin = state.resample_hidden(viewer, rng.randrange(1 << 30))
                assert twin.observation(viewer) == state.observation(viewer)
                assert twin.current_seats() == state.current_seats()
                if viewer == seat:
                    assert twin.legal_actions(seat) == legal
                    action = rng.choice(legal)
                    after, twin_after = state.clone(), twin
                    after.apply(seat, action)
                    twin_after.apply(seat, action)
                    assert twin_after.current_seats() == after.current_seats(), (
                        "who decides next must not depend on what the actor cannot see")


@pytest.mark.parametrize("game_id,n", list(_cases()))
def test_a_forfeiting_seat_ranks_last_alone(game_id, n, build):
    game = games.get(game_id, build)
    for seed in SEEDS:
        for step, (state, seat, legal) in enumerate(_random_walk(game, n, seed)):
            if seat is None or step % 17 != 3:
                continue
            quitter = (seat + step) % n
            probe = state.clone()
            probe.forfeit(quitter)
            if probe.is_terminal():
                result = probe.result()
                assert result["ranks"][quitter] == max(result["ranks"])
                assert sum(1 for r in result["ranks"] if r == result["ranks"][quitter]) == 1
                assert quitter in result["forfeited"]
                ranks = sorted(set(result["ranks"]))
                assert ranks == list(range(1, len(ranks) + 1))
            else:
                assert quitter not in probe.current_seats()
            with pytest.raises(ValueError):
                probe.forfeit(n)

"""Samouraï & Katana against the engine contract, checked on the package directly (the game is
not registered until it is complete): random games end, the listed actions are exactly the
applicable ones, observations leak nothing, and both builds play the same games step by step."""
import json
import random

import pytest

from arena.engines import COMPILED, PYTHON, load_module
from engine_ext.samourai.spec import SPEC
from test_builds import assert_builds_agree

OPTION_SETS = [{}, {option.name: 20 if option.name == "target" else True for option in SPEC.options}]


def _walk(module, n, seed, options=None):
    rng = random.Random(seed)
    state = module.new_state(n, seed, options)
    for _ in range(SPEC.max_decisions):
        if state.is_terminal():
            yield state, None, None
            return
        seat = rng.choice(state.current_seats())
        legal = state.legal_actions(seat)
        yield state, seat, legal
        state.apply(seat, rng.choice(legal))
    pytest.fail(f"no end within {SPEC.max_decisions} decisions")


@pytest.mark.parametrize("n", [3, 4, 5, 6])
@pytest.mark.parametrize("options", OPTION_SETS, ids=["default", "every-option"])
def test_random_games_end_and_listed_actions_are_exactly_the_applicable_ones(build, n, options):
    module = load_module(SPEC.rules_module, build)
    size = SPEC.actions.size
    rng = random.Random(n)
    for step, (state, seat, legal) in enumerate(_walk(module, n, n, options)):
        if seat is None:
            result = state.result()
            json.dumps(result)
            assert sorted(set(result["ranks"])) == list(range(1, len(set(result["ranks"])) + 1))
            assert result["end_reason"] in ("target", "round_cap")
            break
        assert legal and len(set(legal)) == len(legal)
        assert all(state.legal_actions(o) == [] for o in range(n) if o != seat)
        if step % 11 == 0:
            for action in legal:
                state.clone().apply(seat, action)
            for _ in range(8):
                action = rng.randrange(size)
                if action not in legal:
                    with pytest.raises(ValueError):
                        state.clone().apply(seat, action)


@pytest.mark.parametrize("n", [3, 6])
def test_observations_leak_nothing_and_who_decides_depends_only_on_what_is_public(build, n):
    module = load_module(SPEC.rules_module, build)
    rng = random.Random(7)
    for step, (state, seat, legal) in enumerate(_walk(module, n, 11 + n, OPTION_SETS[1] if n == 6 else None)):
        if seat is None:
            break
        if step % (7 if n == 3 else 41):   # a 6-player log is long: a sparser sample
            continue
        observation = state.observation(seat)
        json.dumps(observation)
        assert observation["event_count"] == len(state.events)
        for viewer in range(n):
            twin = state.resample_hidden(viewer, rng.randrange(1 << 30))
            assert twin.observation(viewer) == state.observation(viewer)
            assert twin.current_seats() == state.current_seats()
            if viewer == seat:
                assert twin.legal_actions(seat) == legal
                action = rng.choice(legal)
                after = state.clone()
                after.apply(seat, action)
                twin.apply(seat, action)
                assert twin.current_seats() == after.current_seats()


def test_resampling_redraws_the_hands_the_viewer_has_not_seen():
    module = load_module(SPEC.rules_module, PYTHON)
    state = module.new_state(4, 3)
    hands = [state.observation(s)["you"]["hand"] for s in range(4)]
    changed = 0
    for seed in range(20):
        twin = state.resample_hidden(0, seed)
        assert twin.observation(0)["you"]["hand"] == hands[0]
        changed += any(twin.observation(s)["you"]["hand"] != hands[s] for s in (1, 2, 3))
        assert len(twin.pile) == len(state.pile)
    assert changed >= 15


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_both_builds_play_identical_games(n):
    compiled, uncompiled = load_module(SPEC.rules_module, COMPILED), load_module(SPEC.rules_module, PYTHON)
    for seed in range(6):
        assert_builds_agree(compiled, uncompiled, n, seed, OPTION_SETS[seed % 2], observe_every=50)


def test_the_fast_path_plays_whole_games(build):
    module = load_module(SPEC.rules_module, build)
    played = module.play_random_games(4, 3, 5)
    assert played["games"] == 3 and played["decisions"] > 300 and played["rounds"] >= 3


def test_a_forfeit_ends_the_game_and_ranks_the_seat_last_alone(build):
    module = load_module(SPEC.rules_module, build)
    state = module.new_state(5, 2)
    state.forfeit(3)
    result = state.result()
    assert state.is_terminal() and result["end_reason"] == "forfeit"
    assert result["ranks"][3] == max(result["ranks"]) and result["ranks"].count(result["ranks"][3]) == 1
    with pytest.raises(ValueError):
        state.forfeit(3)

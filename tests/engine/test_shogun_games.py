"""Whole games of Shōgun no Katana between players that prefer forging and delivering, so that
every part of the rules is reached: both builds agree step by step and the game's invariants hold."""
import random

import pytest

from arena.engines import COMPILED, PYTHON, load_module
from engine_ext.shogun import data
from engine_ext.shogun.actions import ACTIONS

PREFERENCE = {"DELIVER": 200, "KATANA": 80, "MOVE": 50, "SWAP": 50, "PURCHASE": 8, "WORKER": 6, "MONK": 2,
              "PASS": 0.5, "DONE": 2, "PLAY": 3, "BUY": 2}


def _choose(rng, legal):
    weights = [PREFERENCE.get(ACTIONS.decode(a)[0], 5) for a in legal]
    return rng.choices(legal, weights)[0]


def _check_invariants(s):
    for seat in range(s.n):
        assert s.coins[seat] >= 0
        assert min(s.stock[seat * 4:seat * 4 + 4]) >= 0
        assert 0 <= s.family_home[seat] <= 3
        assert s.family_home[seat] + sum(s.member[seat * 5:seat * 5 + 5]) == 3
        assert all(data.ACADEMY_START <= a < len(data.ACADEMY_COINS) for a in s.artisan[seat * 4:seat * 4 + 4])
        for line in range(9):
            assert len(s.under[seat * 9 + line]) <= 2
    for house in range(4):
        used = sum(s.sashimono[seat * 4 + house] for seat in range(s.n))
        assert used + s.sashi_supply[house] <= data.SASHIMONO_PER_TYPE


def _play(n, seed):
    a = load_module("engine_ext.shogun._rules", COMPILED).new_state(n, seed)
    b = load_module("engine_ext.shogun._rules", PYTHON).new_state(n, seed)
    rng = random.Random(seed)
    steps = 0
    while not a.is_terminal():
        seat = a.current_seats()[0]
        legal = a.legal_actions(seat)
        assert legal == b.legal_actions(seat), f"{n}p seed {seed} step {steps}"
        action = _choose(rng, legal)
        a.apply(seat, action)
        b.apply(seat, action)
        steps += 1
        if steps % 20 == 0:
            _check_invariants(b)
    assert b.is_terminal() and a.full_view() == b.full_view() and a.result() == b.result()
    _check_invariants(b)
    assert all(len(h) == data.ROUNDS for h in b.honours)        # one honour card per seat per round
    return b


def test_forging_players_finish_games_and_both_builds_agree():
    delivered = 0
    for n in (2, 3, 4):
        for seed in range(4):
            s = _play(n, seed)
            delivered += sum(len(d) for d in s.delivered)
    assert delivered > 0


@pytest.mark.slow
def test_forging_players_many_games():
    delivered = []
    for n in (2, 3, 4):
        for seed in range(100, 160):
            s = _play(n, seed)
            delivered.append(sum(len(d) for d in s.delivered))
    assert sum(delivered) > 0                                     # deliveries are reached, not only set-ups


def test_clone_copies_every_field_of_the_state():
    rules = load_module("engine_ext.shogun._rules", PYTHON)
    s = _play_some(rules, 3, 7, 120)
    assert set(vars(s)) == set(rules.STATE_FIELDS) | {"rng"}     # a new field must be cloned too


@pytest.mark.parametrize("build", [COMPILED, PYTHON])
def test_a_clone_plays_on_like_the_original_and_apart_from_it(build):
    rules = load_module("engine_ext.shogun._rules", build)
    s = _play_some(rules, 4, 3, 150)
    c = s.clone()
    assert c.full_view() == s.full_view() and c.legal_actions(c.actor) == s.legal_actions(s.actor)
    rng = random.Random(5)
    while not c.is_terminal():
        c.apply(c.actor, _choose(rng, c.legal_actions(c.actor)))
    assert s.full_view()["phase"] != "game_over" and s.decisions == 150
    rng = random.Random(5)
    while not s.is_terminal():
        s.apply(s.actor, _choose(rng, s.legal_actions(s.actor)))
    assert s.result() == c.result()


def _play_some(rules, n, seed, steps):
    s = rules.new_state(n, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        s.apply(s.actor, _choose(rng, s.legal_actions(s.actor)))
    return s


@pytest.mark.parametrize("build", [COMPILED, PYTHON])
def test_apply_refuses_an_action_that_is_no_action_id(build):
    rules = load_module("engine_ext.shogun._rules", build)
    s = _play_some(rules, 2, 1, 40)
    for action in (-1, ACTIONS.size, 10 ** 30, True, 1.0):
        with pytest.raises(ValueError, match="illegal action"):
            s.apply(s.actor, action)
    assert s.decisions == 40


@pytest.mark.parametrize("n, options", [(1, {"ghost": 1}), (2, {"ghost": 3}), (3, {}), (1, {"ghost": 1, "chapter": 12})])
def test_the_decision_view_is_the_observation_s_entries_the_heuristic_reads(n, options):
    """``views.decision_view`` (read by the heuristic's play-outs): every entry as in the observation,
    the seat's own part only, of the ghost only its level."""
    from engine_ext.shogun import views
    rules = load_module("engine_ext.shogun._rules", COMPILED)
    s = rules.new_state(n, 7, options)
    rng = random.Random(7)
    while not s.is_terminal():
        seat = s.current_seats()[0]
        observation, view = s.observation(seat), views.decision_view(s, seat)
        for key, value in view.items():
            if key == "seats":
                assert value[seat] == observation["seats"][seat] and value.count(None) == n - 1
            elif key == "ghost":
                assert value == {"level": observation["ghost"]["level"]}
            else:
                assert value == observation[key], key
        assert ("ghost" in view) == ("ghost" in observation)
        s.apply(seat, _choose(rng, s.legal_actions(seat)))

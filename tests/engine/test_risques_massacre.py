"""Risques Massacre, vassals and guards from concrete positions; secrecy and build identity in
every mode.  Dice are scripted (``state.scripted``: the next faces)."""
import json
import random

import pytest

from arena import games
from arena.engines import COMPILED, PYTHON
from test_risques_core import act, events, legal, seed_for


def opening(build, chars, frappe_dice, wagers=(12, 10), declarations=("FRAPPE", "CALM"), target=1, **options):
    """A Massacre scene: seat 0 (the instigator) cries Frappe at ``target``; the exchange is rolled
    with ``frappe_dice``."""
    s = seed_for(build, len(chars), list(chars), mode="massacre", **options)
    assert s.current_seats() == [0]
    assert all(n.startswith("TARGET_SEAT_") for n in legal(s, 0))
    act(s, 0, "TARGET_SEAT_%d" % target)
    act(s, 0, declarations[0])
    act(s, target, declarations[1])
    act(s, 0, "POOL_DONE")
    act(s, target, "POOL_DONE")
    act(s, 0, "WAGER_%d" % wagers[0])
    act(s, target, "WAGER_%d" % wagers[1])
    s.scripted = list(frappe_dice)
    act(s, 0, "ROLL")
    act(s, target, "ROLL")
    return s


def choose_targets(s, targets):
    for seat, t in targets.items():
        act(s, seat, "TARGET_SEAT_%d" % t)


def test_the_frappe_winner_has_two_more_dice_in_the_first_round(build):
    # kenji strikes yuki with +2 (18 dice), wagers 12: 6 dice of 6 = 36; yuki 6 dice of 1
    s = opening(build, ["kenji", "yuki", "daigo", "sorano"], [6] * 6 + [1] * 6)
    assert s.winner == 0 and legal(s, 1) == ["SAVE", "ACCEPT_DEATH"]
    act(s, 1, "SAVE")                              # yuki: rank 5, out of the scene
    assert s.frappe_winner == 0 and s.p_in[1] == 0
    assert s.current_seats() == [0, 2, 3]
    choose_targets(s, {0: 2, 2: 0, 3: 0})
    assert s.p_pool[0] == s.base_pool(2, 0) + 2 == 16 + 2
    assert s.p_pool[2] == 16


def test_targets_are_secret_until_everybody_has_pointed(build):
    s = opening(build, ["kenji", "yuki", "daigo"], [1] * 12)
    assert s.winner == -1 and s.frappe_winner == -1
    act(s, 2, "TARGET_SEAT_1")
    for viewer in (0, 1):
        view = s.observation(viewer)
        assert view["participants"][2]["secret"] is None and view["participants"][2]["target"] is None
    assert s.observation(2)["participants"][2]["secret"] == {"phase": "target", "choice": 1}
    assert not events(s, "target")
    act(s, 0, "TARGET_SEAT_2")
    act(s, 1, "TARGET_SEAT_2")
    assert [(e["a"], e["b"]) for e in events(s, "target")] == [(0, 2), (1, 2), (2, 1)]


def gather(s, seats):
    """The initiative's dice are gathered as for a Frappe: each samurai settles his pool."""
    for seat in seats:
        act(s, seat, "POOL_DONE")


def initiative(s, wagers, dice):
    gather(s, sorted(wagers))
    for seat, w in wagers.items():
        act(s, seat, "WAGER_%d" % w)
    s.scripted = list(dice)
    for seat in sorted(wagers):
        act(s, seat, "ROLL")


def test_initiative_wagers_are_extra_strikes_when_the_roll_makes_ten(build):
    s = opening(build, ["kenji", "yuki", "daigo"], [1] * 12)
    choose_targets(s, {0: 1, 1: 2, 2: 0})
    # pools 16 each: kenji wagers 2 (14 dice of 2 = 28), yuki 13 (3 dice of 1 = 3), daigo 0 (16 x 1)
    initiative(s, {0: 2, 1: 13, 2: 0}, [2] * 14 + [1] * 3 + [1] * 16)
    assert [s.p_strikes[p] for p in range(3)] == [2, 1, 1]   # kenji struck once already
    assert [s.p_init[p] for p in range(3)] == [28, 3, 16]
    assert (s.ra, s.rb) == (0, 1) and events(s, "strike")[-1]["a"] == 0, "the best roll strikes first"
    assert s.current_seats() == [0, 1], "a strike is a contested risk: both gather dice"


def test_initiative_dice_are_gathered_as_for_a_frappe_with_honor_and_the_targets_wounds(build):
    s = opening(build, ["kenji", "yuki", "daigo"], [1] * 12)
    choose_targets(s, {0: 1, 1: 2, 2: 0})
    s.wounds[1 * 6 + 3] = 1                           # yuki carries a rank-3 wound
    assert s.current_seats() == [0, 1, 2] and s.phase == 1, "everybody gathers at once, in the open"
    assert legal(s, 0) == ["POOL_DONE", "SPEND_HONOR", "INVOKE_WOUND_RANK_3"]
    assert legal(s, 2) == ["POOL_DONE", "SPEND_HONOR"], "daigo's target, kenji, is unhurt"
    pool, reserve = s.p_pool[0], s.honor[7]
    act(s, 0, "SPEND_HONOR")
    act(s, 0, "INVOKE_WOUND_RANK_3")
    assert s.p_pool[0] == pool + 4 + 3 and s.honor[7] == reserve - 1 + 1
    assert legal(s, 0) == ["POOL_DONE"], "one honor point and each wound once per risk"
    gather(s, (0, 1))
    assert s.current_seats() == [2], "the others are done; daigo still gathers"
    act(s, 2, "POOL_DONE")
    assert s.phase == 5 and s.current_seats() == [0, 1, 2]
    assert [e["amount"] for e in events(s, "pool")[-3:]] == [pool + 7, s.p_pool[1], s.p_pool[2]]
    assert legal(s, 0)[-1] == "WAGER_%d" % (pool + 7), "the honor dice can be wagered"


def test_ashigaru_gather_no_optional_dice_for_the_initiative(build):
    s = opening(build, ["toshiro", "yuki", "daigo"], [1] * 12, wagers=(10, 10))
    for seat, t in ((0, 1), (0, 2), (0, 2), (1, 0), (2, 0)):
        act(s, seat, "TARGET_SEAT_%d" % t)
    assert s.phase == 1 and [s.p_ask[p] for p in (0, 1, 2, 7, 8)] == [1, 1, 1, 0, 0]


def test_a_general_who_declines_lets_the_yojimbos_guards_take_his_wound(build):
    s = opening(build, ["goro", "toshiro", "kenji"], [1] * 12, target=2, wagers=(10, 10))
    act(s, 0, "PROTECT")                              # the General is protected
    act(s, 0, "NO_PROTECT")
    for seat, t in ((0, 2), (0, 2), (0, 2), (1, 2), (1, 2), (1, 2), (2, 1)):
        act(s, seat, "TARGET_SEAT_%d" % t)
    gather(s, (0, 1, 2))
    for seat in (0, 0, 0, 1, 1, 1, 2):
        act(s, seat, "WAGER_0")
    counts = [s.p_pool[p] for p in range(11) if s.p_in[p]]
    s.scripted = [1] * counts[0] + [1] * counts[1] + [2] * counts[2] + [1] * sum(counts[3:])
    for seat in (0, 0, 0, 1, 1, 1, 2):
        act(s, seat, "ROLL")
    assert (s.ra, s.rb) == (2, 1), "kenji strikes the General first"
    strike(s, 2, 1, (0, 0), [6] * s.p_pool[2] + [1] * s.p_pool[1])   # his katana hits
    assert s.current_seats() == [1] and legal(s, 1) == ["ABSORB", "NO_ABSORB"]
    act(s, 1, "NO_ABSORB")
    assert s.current_seats() == [0] and legal(s, 0) == ["ABSORB", "NO_ABSORB"], "the Yojimbo may still"
    glory = s.glory[0]
    act(s, 0, "ABSORB")
    assert s.dead[1] == 0 and s.vrank[2] == 0 and s.glory[0] == glory + 1
    assert s.vrank[0] == s.vrank[1] == 1, "the ashigaru were spared"


def strike(s, a, b, wagers, dice):
    act(s, a, "POOL_DONE")
    act(s, b, "POOL_DONE")
    act(s, a, "WAGER_%d" % wagers[0])
    act(s, b, "WAGER_%d" % wagers[1])
    s.scripted = list(dice)
    act(s, a, "ROLL")
    act(s, b, "ROLL")


def test_ties_strike_together_even_when_one_falls_first(build):
    s = opening(build, ["kenji", "yuki", "daigo"], [1] * 12)
    s.honor[7] = 0                                    # nobody can buy his life back
    choose_targets(s, {0: 2, 1: 0, 2: 0})
    initiative(s, {0: 0, 1: 0, 2: 0}, [2] * 16 + [1] * 16 + [2] * 16)   # kenji and daigo tie at 32
    assert (s.ra, s.rb) == (0, 2)
    strike(s, 0, 2, (0, 0), [6] * 16 + [1] * 16)      # kenji kills daigo
    assert s.dead[2] == 1 and s.p_in[2] == 0
    assert (s.ra, s.rb) == (2, 0), "daigo, in kenji's initiative group, still strikes"
    strike(s, 2, 0, (0, 0), [6] * 16 + [1] * 16)
    assert s.dead[0] == 1
    # yuki alone is left standing: the scene, the last of the match, ends
    assert s.is_terminal() and s.result()["end_reason"] == "last_standing"


def test_a_striker_whose_target_fell_picks_another(build):
    s = opening(build, ["kenji", "yuki", "daigo", "sorano"], [1] * 12)
    s.honor[7] = 0
    choose_targets(s, {0: 3, 1: 3, 2: 0, 3: 2})
    initiative(s, {0: 0, 1: 0, 2: 0, 3: 0}, [3] * 16 + [2] * 16 + [1] * 16 + [1] * 16)
    strike(s, 0, 3, (0, 0), [6] * 16 + [1] * 16)      # kenji kills sorano
    assert s.dead[3] and s.current_seats() == [1]
    assert sorted(legal(s, 1)) == ["TARGET_SEAT_0", "TARGET_SEAT_2"]
    act(s, 1, "TARGET_SEAT_2")
    assert (s.ra, s.rb) == (1, 2)


def test_survivors_choose_whether_to_go_on(build):
    s = opening(build, ["kenji", "yuki", "daigo"], [1] * 12)
    choose_targets(s, {0: 1, 1: 2, 2: 0})
    initiative(s, {0: 0, 1: 0, 2: 0}, [3] * 16 + [2] * 16 + [1] * 16)
    for a, b in ((0, 1), (1, 2), (2, 0)):
        strike(s, a, b, (10, 10), [1] * 12)           # every strike: both under 10, nobody hurt
    assert s.phase == 12 and s.current_seats() == [0] and legal(s, 0) == ["CONTINUE", "STOP"]
    act(s, 0, "STOP")
    act(s, 1, "CONTINUE")
    act(s, 2, "CONTINUE")
    assert s.mround == 2 and s.p_in[0] == 0 and s.current_seats() == [1, 2]


def test_ashigaru_fight_as_samurai_rolling_their_generals_valeur_and_giri(build):
    s = opening(build, ["toshiro", "yuki", "daigo"], [1] * 12, wagers=(10, 10))
    assert [s.p_in[p] for p in (7, 8)] == [1, 1] and s.current_seats() == [0, 1, 2]
    # the General decides for himself, then for each ashigaru
    act(s, 0, "TARGET_SEAT_1")
    assert s.current_seats() == [0, 1, 2] and s.acting_participant(0) == 7
    act(s, 0, "TARGET_SEAT_2")
    act(s, 0, "TARGET_SEAT_2")
    assert legal(s, 1)[-2:] == ["TARGET_ASHIGARU_1", "TARGET_ASHIGARU_2"]
    act(s, 1, "TARGET_ASHIGARU_1")
    act(s, 2, "TARGET_SEAT_0")
    toshiro = s.character[0]
    from engine_ext.risques import data
    c = data.CHARACTERS[toshiro]
    assert s.p_pool[7] == s.p_pool[8] == c.virtues[3] + c.giri_rank


def test_any_hit_kills_an_ashigaru(build):
    s = opening(build, ["toshiro", "yuki", "daigo"], [1] * 12, wagers=(10, 10))
    act(s, 0, "TARGET_SEAT_1")
    act(s, 0, "TARGET_SEAT_2")
    act(s, 0, "TARGET_SEAT_2")
    act(s, 1, "TARGET_ASHIGARU_1")
    act(s, 2, "TARGET_SEAT_0")
    gather(s, (0, 1, 2))
    for seat in (0, 0, 0, 1, 2):
        act(s, seat, "WAGER_0")
    # rolls in participant order: toshiro 14 dice, yuki 14, daigo 16, the ashigaru 6 each
    s.scripted = [1] * 14 + [3] * 14 + [1] * 16 + [1] * 12
    for seat in (0, 0, 0, 1, 2):
        act(s, seat, "ROLL")
    assert (s.ra, s.rb) == (1, 7) and s.current_seats() == [1], "an ashigaru gathers no optional dice"
    act(s, 1, "POOL_DONE")
    act(s, 1, "WAGER_0")
    act(s, 0, "WAGER_0")                              # the General wagers for his ashigaru
    s.scripted = [6] * 14 + [1] * 6
    act(s, 1, "ROLL")
    act(s, 0, "ROLL")
    assert s.vrank[0] == 0 and s.p_in[7] == 0
    assert [e["a"] for e in events(s, "death")] == [7]


def test_a_yojimbo_names_the_protected_and_a_guard_takes_their_wound(build):
    s = opening(build, ["goro", "kenji", "yuki"], [1] * 12, wagers=(10, 10))
    assert s.current_seats() == [0] and legal(s, 0) == ["PROTECT", "NO_PROTECT"] and s.cursor == 1
    act(s, 0, "NO_PROTECT")
    act(s, 0, "PROTECT")                              # yuki is protected
    assert [s.protected[q] for q in range(3)] == [0, 0, 1]
    for seat, t in ((0, 1), (0, 1), (0, 1), (1, 2), (2, 1)):
        act(s, seat, "TARGET_SEAT_%d" % t)
    gather(s, (0, 1, 2))
    for seat in (0, 0, 0, 1, 2):
        act(s, seat, "WAGER_0")
    # goro 14 dice, kenji 16, yuki 16, the guards 5 each: yuki strikes first, at kenji
    s.scripted = [1] * 14 + [1] * 16 + [2] * 16 + [1] * 10
    for seat in (0, 0, 0, 1, 2):
        act(s, seat, "ROLL")
    assert (s.ra, s.rb) == (2, 1)
    glory = s.glory[0]
    strike(s, 2, 1, (0, 0), [1] * 16 + [6] * 16)      # kenji wins the exchange: his katana hits yuki
    assert s.current_seats() == [0] and legal(s, 0) == ["ABSORB", "NO_ABSORB"]
    act(s, 0, "ABSORB")
    assert s.dead[2] == 0 and s.vrank[2] == 0 and s.p_in[9] == 0
    assert s.glory[0] == glory + 1, "a guard taking a wound for another earns the Yojimbo 1 glory"


# ------------------------------------------------------------------ secrecy and builds, every mode
MODES = [("frappe", 2, "shared"), ("frappe", 2, "personal"), ("duel", 2, "personal"),
         ("massacre", 3, "shared"), ("massacre", 5, "personal"), ("massacre", 7, "shared")]
NAMES = ["seat_%d" % s for s in range(7)] + ["ashigaru_1", "ashigaru_2", "guard_1", "guard_2"]


def _walk(game, n, seed, options):
    rng = random.Random(seed)
    state = game.new_state(n, seed, options)
    while not state.is_terminal():
        seat = rng.choice(state.current_seats())
        legal_now = state.legal_actions(seat)
        yield state, seat, legal_now
        state.apply(seat, rng.choice(legal_now))


@pytest.mark.parametrize("mode,n,pool", MODES)
def test_secret_choices_are_never_visible_before_the_reveal(mode, n, pool, build):
    """Property: whatever another seat has secretly chosen, a seat's observation is the same,
    its secret entry is blank, and who decides next does not depend on it."""
    game = games.get("risques", build)
    options = {"mode": mode, "honor_pool": pool, "scenes": 2}
    rng = random.Random(7)
    checked = 0
    for seed in range(6):
        for state, seat, legal_now in _walk(game, n, seed, options):
            secret = [p for p in range(11) if state.p_secret[p]]
            if not secret and rng.random() < 0.8:
                continue
            for viewer in range(n):
                view = state.observation(viewer)
                twin = state.resample_hidden(viewer, rng.randrange(1 << 30))
                assert twin.observation(viewer) == view
                assert twin.current_seats() == state.current_seats()
                entries = {e["participant"]: e for e in view["participants"]}
                for p in secret:
                    if state.p_owner[p] != viewer:
                        assert entries[NAMES[p]]["secret"] is None
                if viewer == seat:
                    action = rng.choice(legal_now)
                    after = state.clone()
                    after.apply(seat, action)
                    twin.apply(seat, action)
                    assert twin.current_seats() == after.current_seats()
            checked += 1
    assert checked > 0


@pytest.mark.parametrize("mode,n,pool", MODES)
def test_both_builds_play_identical_matches_in_every_mode(mode, n, pool):
    compiled, uncompiled = games.get("risques", COMPILED), games.get("risques", PYTHON)
    options = {"mode": mode, "honor_pool": pool, "scenes": 3}
    for seed in range(15):
        rng = random.Random(seed)
        a, b = compiled.new_state(n, seed, options), uncompiled.new_state(n, seed, options)
        while not a.is_terminal():
            assert a.current_seats() == b.current_seats()
            seat = rng.choice(a.current_seats())
            legal_now = a.legal_actions(seat)
            assert legal_now == b.legal_actions(seat)
            action = rng.choice(legal_now)
            a.apply(seat, action)
            b.apply(seat, action)
        assert b.is_terminal() and a.full_view() == b.full_view() and a.result() == b.result()

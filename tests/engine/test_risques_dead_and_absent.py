"""Risques: the dead take no wound and die once; guards who left the Massacre guard nobody.

Constructed Massacre positions with scripted dice (``state.scripted``: the next faces).  The
rulebook (``004_...``): « les égalités frappent en même temps » lets a samurai or a vassal
killed by an equal-initiative striker still strike, but he is dead: losing that exchange
wounds nobody and offers nobody anything.  « Les Gardes peuvent, en plus, prendre une
Blessure pour les autres samouraïs »: only guards still in the scene, with their Yojimbo."""
import pytest

from test_risques_core import act, events, legal
from test_risques_massacre import choose_targets, gather, initiative, opening, strike

SEAT_PARTICIPANTS = 7
ASHIGARU_1, GUARD_1, GUARD_2 = 7, 9, 10


def exchange(s, faces, wagers=(0, 0)):
    """Plays the current strike (``s.ra`` against ``s.rb``): both gather, wager ``wagers``, and
    roll all their dice showing ``faces`` (one face per side)."""
    a, b = s.ra, s.rb
    for p in (a, b):
        if p < SEAT_PARTICIPANTS:
            act(s, s.p_owner[p], "POOL_DONE")
    for p, w in zip((a, b), wagers):
        act(s, s.p_owner[p], "WAGER_%d" % w)
    s.scripted = [faces[0]] * (s.p_pool[a] - wagers[0]) + [faces[1]] * (s.p_pool[b] - wagers[1])
    act(s, s.p_owner[a], "ROLL")
    act(s, s.p_owner[b], "ROLL")


def miss(s):
    """The current strike misses: both sides wager down to 9 dice and roll ones."""
    a, b = s.ra, s.rb
    for p in (a, b):
        if p < SEAT_PARTICIPANTS:
            act(s, s.p_owner[p], "POOL_DONE")
    wagers = [max(0, s.p_pool[p] - 9) for p in (a, b)]
    exchange_wagered(s, wagers)


def exchange_wagered(s, wagers):
    a, b = s.ra, s.rb
    for p, w in zip((a, b), wagers):
        act(s, s.p_owner[p], "WAGER_%d" % w)
    s.scripted = [1] * (s.p_pool[a] - wagers[0] + s.p_pool[b] - wagers[1])
    act(s, s.p_owner[a], "ROLL")
    act(s, s.p_owner[b], "ROLL")


def deaths_of(s, p):
    return [e for e in events(s, "death") if e["a"] == p]


def wounds_of(s, p):
    return [e for e in events(s, "wound") if e["a"] == p]


# ------------------------------------------------------------------ the dead
def tied_kenji_and_yuki(build):
    """kenji and yuki tie at the top of the initiative; kenji (seat 0) strikes yuki first."""
    s = opening(build, ["kenji", "yuki", "aiko"], [1] * 12)
    choose_targets(s, {0: 1, 1: 2, 2: 0})
    initiative(s, {0: 0, 1: 0, 2: 0}, [2] * 16 + [2] * 16 + [1] * 16)
    assert (s.ra, s.rb) == (0, 1) and s.p_init[0] == s.p_init[1]
    return s


def test_a_samurai_killed_in_his_group_who_loses_his_own_strike_is_not_killed_again(build):
    s = tied_kenji_and_yuki(build)
    strike(s, 0, 1, (0, 0), [6] * 16 + [1] * 16)     # kenji's katana kills yuki
    assert legal(s, 1) == ["SAVE", "ACCEPT_DEATH"]
    act(s, 1, "ACCEPT_DEATH")
    assert s.dead[1] == 1 and (s.ra, s.rb) == (1, 2), "yuki, in kenji's group, still strikes aiko"
    reserve = s.honor[7]
    wounds = len(events(s, "wound"))
    glory = s.glory[2]
    strike(s, 1, 2, (0, 4), [1] * 16 + [6] * 12)      # aiko wins the exchange, keeping 4 wagers
    assert s.winner == 2
    assert s.current_seats() != [1] and "SAVE" not in legal(s, 1), "the dead are offered nothing"
    assert "WOUND_WAGERS_0" not in legal(s, 2), "no wager is spent on a corpse"
    assert len(deaths_of(s, 1)) == 1 and s.honor[7] == reserve
    assert len(events(s, "wound")) == wounds, "no wound lands on the dead"
    assert s.wounds[1 * 6 + 5] == 0
    assert s.glory[2] == glory + 4 // 2, "the winner's kept wagers all become glory"
    assert (s.ra, s.rb) == (2, 0), "the round goes on: aiko strikes her own target"


@pytest.mark.parametrize("with_honor", [True, False])
def test_a_katana_winner_against_the_dead_kills_nobody_twice(build, with_honor):
    s = opening(build, ["kenji", "yuki", "aiko"], [1] * 12)
    if not with_honor:
        s.honor[7] = 0                                 # nobody can buy his life back
    choose_targets(s, {0: 1, 1: 0, 2: 0})
    initiative(s, {0: 0, 1: 0, 2: 0}, [2] * 16 + [2] * 16 + [1] * 16)
    strike(s, 0, 1, (0, 0), [6] * 16 + [1] * 16)     # kenji kills yuki
    if with_honor:
        act(s, 1, "ACCEPT_DEATH")
    assert s.dead[1] == 1 and (s.ra, s.rb) == (1, 0), "yuki, in kenji's group, strikes back"
    reserve = s.honor[7]
    strike(s, 1, 0, (0, 0), [1] * 16 + [6] * 16)     # and loses to his katana
    assert 1 not in s.current_seats(), "the dead are offered nothing: no SAVE"
    assert s.honor[7] == reserve and s.wounds[1 * 6 + 5] == 0
    assert len(deaths_of(s, 1)) == 1, "the dead die once"
    assert len(wounds_of(s, 1)) == 1


def test_a_vassal_killed_in_his_group_dies_once(build):
    s = opening(build, ["toshiro", "yuki", "daigo"], [1] * 12, wagers=(10, 10))
    # toshiro at yuki, his ashigaru at daigo, yuki at the first ashigaru, daigo at toshiro
    for seat, t in ((0, "SEAT_1"), (0, "SEAT_2"), (0, "SEAT_2"), (1, "ASHIGARU_1"), (2, "SEAT_0")):
        act(s, seat, "TARGET_" + t)
    gather(s, (0, 1, 2))
    for seat in (0, 0, 0, 1, 2):
        act(s, seat, "WAGER_0")
    # rolls in participant order: toshiro 14 dice, yuki 14, daigo 16, the ashigaru 6 each;
    # yuki and the first ashigaru tie at 18
    s.scripted = [1] * 14 + [2] * 4 + [1] * 10 + [1] * 16 + [3] * 6 + [1] * 6
    for seat in (0, 0, 0, 1, 2):
        act(s, seat, "ROLL")
    assert (s.ra, s.rb) == (1, ASHIGARU_1) and s.p_init[1] == s.p_init[ASHIGARU_1] == 18
    exchange(s, (6, 1))                                # yuki kills the ashigaru
    assert len(deaths_of(s, ASHIGARU_1)) == 1 and s.vrank[0] == 0
    assert (s.ra, s.rb) == (ASHIGARU_1, 2), "the ashigaru, in yuki's group, still strikes daigo"
    exchange(s, (1, 6))                                # daigo's katana wins against him
    assert len(deaths_of(s, ASHIGARU_1)) == 1, "a vassal dies once"
    assert len(wounds_of(s, ASHIGARU_1)) == 1


# ------------------------------------------------------------------ guards who left
def yojimbo_protecting_yuki(build):
    """goro (the Yojimbo, seat 0) protects yuki (seat 2); nobody won the opening Frappe."""
    s = opening(build, ["goro", "kenji", "yuki"], [1] * 12, wagers=(10, 10))
    act(s, 0, "NO_PROTECT")
    act(s, 0, "PROTECT")
    assert [s.protected[q] for q in range(3)] == [0, 0, 1]
    return s


def first_round(s, targets, dice):
    """Targets (goro, his two guards, kenji, yuki, in that order), then the initiative with no
    wager, rolling ``dice`` faces per participant in participant order."""
    for seat, t in zip((0, 0, 0, 1, 2), targets):
        act(s, seat, "TARGET_SEAT_%d" % t)
    gather(s, (0, 1, 2))
    for seat in (0, 0, 0, 1, 2):
        act(s, seat, "WAGER_0")
    s.scripted = [face for p, face in zip((0, 1, 2, GUARD_1, GUARD_2), dice) for _ in range(s.p_pool[p])]
    for seat in (0, 0, 0, 1, 2):
        act(s, seat, "ROLL")


def test_guards_leave_with_a_yojimbo_put_out_at_rank_five(build):
    s = yojimbo_protecting_yuki(build)
    # goro and his guards at kenji, kenji at goro, yuki at kenji; kenji strikes first, then yuki
    first_round(s, (1, 1, 1, 0, 1), (1, 3, 2, 1, 1))
    assert (s.ra, s.rb) == (1, 0)
    exchange(s, (6, 1))                                # kenji's katana hits goro
    act(s, 0, "NO_ABSORB")
    act(s, 0, "SAVE")                                  # goro: rank 5, "totalement hors de combat"
    assert s.p_in[0] == 0 and s.p_in[GUARD_1] == 0 and s.p_in[GUARD_2] == 0
    assert (s.ra, s.rb) == (2, 1)
    glory = s.glory[0]
    exchange(s, (1, 6))                                # kenji wins against yuki: his katana hits her
    assert s.current_seats() == [2] and legal(s, 2) == ["SAVE", "ACCEPT_DEATH"], \
        "the guards left with their Yojimbo: nobody may take yuki's wound"
    assert not events(s, "absorb") and s.vrank[2] == s.vrank[3] == 1
    assert s.glory[0] == glory, "the absent Yojimbo earns nothing"


def test_guards_leave_with_a_yojimbo_who_stops(build):
    s = yojimbo_protecting_yuki(build)
    # everybody at kenji, kenji at yuki: five strikes that all miss
    first_round(s, (1, 1, 1, 2, 1), (2, 3, 1, 1, 1))
    for _ in range(5):
        miss(s)
    assert s.phase == 12 and s.current_seats() == [0]
    act(s, 0, "STOP")                                  # the Yojimbo leaves, and his guards with him
    act(s, 1, "CONTINUE")
    act(s, 2, "CONTINUE")
    assert s.mround == 2 and [s.p_in[p] for p in (0, GUARD_1, GUARD_2)] == [0, 0, 0]
    choose_targets(s, {1: 2, 2: 1})
    initiative(s, {1: 0, 2: 0}, [2] * s.p_pool[1] + [1] * s.p_pool[2])
    assert (s.ra, s.rb) == (1, 2)
    glory = s.glory[0]
    exchange(s, (6, 1))                                # kenji's katana hits yuki
    assert s.current_seats() == [2] and legal(s, 2) == ["SAVE", "ACCEPT_DEATH"], \
        "a guard who left the scene takes no wound"
    assert not events(s, "absorb") and s.glory[0] == glory


def test_guards_in_the_scene_still_protect(build):
    s = yojimbo_protecting_yuki(build)
    first_round(s, (1, 1, 1, 2, 1), (1, 3, 2, 1, 1))
    assert (s.ra, s.rb) == (1, 2)
    glory = s.glory[0]
    exchange(s, (6, 1))
    assert s.current_seats() == [0] and legal(s, 0) == ["ABSORB", "NO_ABSORB"]
    act(s, 0, "ABSORB")
    assert s.dead[2] == 0 and s.glory[0] == glory + 1

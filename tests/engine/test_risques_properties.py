"""Risques properties over many random matches in every mode, read from the event log.

Nobody dies twice; no wound, save or absorbed wound lands on someone already dead (a vassal is
gone once his rank is spent); a guard takes a wound for another samurai only while he and his
Yojimbo are in the scene; glory goes only to a seat present in the scene or fighting the risk
being resolved; the dead are asked nothing but the strike their initiative group still owes.
And in every Frappe-éclair, a lone striker (FRAPPE or SURPRISE) against a samurai not on guard
gathers 2 dice more than his sources give, and a surprised samurai rolls no die.
"""
import random

import pytest

from arena import games
from engine_ext.risques import data, views

SEAT_PARTICIPANTS = data.MAX_PLAYERS
EVENT = {name: kind for kind, name in enumerate(views.EVENT_NAMES)}
PHASE = {name: index for index, name in enumerate(views.PHASE_NAMES)}
RISK_NONE, RISK_FRAPPE = 0, 2
STRIKES = ("frappe", "surprise")
# a samurai or vassal who fell in his initiative group still strikes in it: he gathers, wagers,
# rolls, picks another target if his own is down, and spends his wagers on the wound if he wins
STRIKE_PHASES = (PHASE["pool"], PHASE["wager"], PHASE["roll"], PHASE["pick_target"], PHASE["spend"])

CONFIGS = [("duel", 2, "shared"), ("frappe", 2, "shared"), ("frappe", 2, "personal")] + [
    ("massacre", n, "shared") for n in range(3, 8)] + [("massacre", 4, "personal"), ("massacre", 6, "personal")]
CONFIG_IDS = ["%s-%d-%s" % config for config in CONFIGS]


class Ledger:
    """What the events so far say of each participant: dead, and the vassals' ranks left."""

    def __init__(self, state):
        self.dead = set()
        self.rank = {p: data.VASSAL_RANK[0] for p in range(SEAT_PARTICIPANTS, len(views.PARTICIPANTS))
                     if state.p_owner[p] >= 0}

    def gone(self, p):
        return p in self.dead or (p >= SEAT_PARTICIPANTS and self.rank.get(p, 0) <= 0)

    def check(self, before, new_events, where):
        for kind, a, b, amount, extra in new_events:
            if kind == EVENT["death"] or (kind == EVENT["seppuku"]):
                assert a not in self.dead, f"{where}: participant {a} dies twice"
                self.dead.add(a)
                self.rank[a] = 0
            elif kind == EVENT["wound"]:
                assert not self.gone(a), f"{where}: a wound lands on participant {a}, already dead"
            elif kind == EVENT["save"]:
                assert a not in self.dead, f"{where}: the dead seat {a} buys back his life"
            elif kind == EVENT["absorb"]:
                guard, victim = a, b
                assert not self.gone(guard), f"{where}: vassal {guard}, already gone, takes a wound"
                assert victim not in self.dead, f"{where}: a vassal takes a wound meant for the dead {victim}"
                commander = before["owner"][guard]
                if victim != commander:
                    assert before["in"][guard] and before["in"][commander], (
                        f"{where}: guard {guard} takes a wound for {victim} out of the scene")
                self.rank[guard] -= 1
            elif kind == EVENT["glory"]:
                assert a in before["present"], f"{where}: seat {a}, absent, gains {amount} glory"


def free_dice(state, p, opp):
    """The dice ``p`` gathers against samurai ``opp`` from his sources alone (no bonus, no choice)."""
    character = data.CHARACTERS[state.character[p]]
    return data.static_pool(character) + state.rep_rank(p) + data.HANDICAP_DICE[0]


def check_frappe_start(state, new_events, where):
    """Right after both Frappe declarations are revealed: the striker's advantage."""
    declared = {a: views.DECLARATIONS[amount] for kind, a, b, amount, extra in new_events
                if kind == EVENT["declare"]}
    strikers = [p for p, d in declared.items() if d in STRIKES]
    a, b = state.ra, state.rb
    bonus = {a: 0, b: 0}
    if len(strikers) == 1:
        x = strikers[0]
        y = b if x == a else a
        if not state.p_guard[y]:
            bonus[x] = data.FRAPPE_BONUS[0]
            surprised = [e for e in new_events if e[0] == EVENT["surprised"]]
            assert bool(surprised) == (declared[x] == "surprise" and state.surprised == y), where
    for p, opp in ((a, b), (b, a)):
        assert state.p_pool[p] == free_dice(state, p, opp) + bonus[p], (
            f"{where}: after {declared}, participant {p} gathers {state.p_pool[p]} dice, "
            f"not {free_dice(state, p, opp)} + {bonus[p]}")


def snapshot(state):
    present = {state.p_owner[p] for p in range(len(views.PARTICIPANTS)) if state.p_in[p]}
    if state.risk != RISK_NONE:
        present |= {state.p_owner[state.ra], state.p_owner[state.rb]}
    return {"in": list(state.p_in), "owner": list(state.p_owner), "present": present}


def play_and_check(game, mode, n, pool, seed):
    state = game.new_state(n, seed, {"mode": mode, "honor_pool": pool, "scenes": 4})
    rng = random.Random(seed)
    ledger = Ledger(state)
    steps = 0
    while not state.is_terminal():
        seats = state.current_seats()
        for seat in seats:
            p = state.acting_participant(seat)
            if p in ledger.dead:
                assert state.phase in STRIKE_PHASES and p in (state.ra, state.rb), (
                    f"seed {seed} step {steps}: the dead {p} is asked in phase {views.PHASE_NAMES[state.phase]}")
        seat = rng.choice(seats)
        before = snapshot(state)
        count = len(state.events)
        declaring = state.phase == PHASE["declare"]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        where = f"seed {seed} step {steps}"
        new_events = state.events[count:]
        ledger.check(before, new_events, where)
        if declaring and state.risk == RISK_FRAPPE:
            check_frappe_start(state, new_events, where)
        for kind, a, b, amount, extra in new_events:
            if kind == EVENT["roll"] and a == state.surprised and state.risk == RISK_FRAPPE:
                assert extra == 0, f"{where}: the surprised {a} rolls {extra} dice"
        steps += 1
    return ledger


def _games(build, slow):
    # the uncompiled build is slower: fewer games, the same property
    return (10_000 if slow else 1000) if build == "compiled" else (3000 if slow else 300)


@pytest.mark.parametrize("mode,n,pool", CONFIGS, ids=CONFIG_IDS)
def test_nobody_dies_twice_nor_is_hurt_or_rewarded_dead_or_absent(mode, n, pool, build):
    game = games.get("risques", build)
    for seed in range(_games(build, slow=False)):
        play_and_check(game, mode, n, pool, seed)


@pytest.mark.slow
@pytest.mark.parametrize("mode,n,pool", CONFIGS, ids=CONFIG_IDS)
def test_nobody_dies_twice_nor_is_hurt_or_rewarded_dead_or_absent_many_games(mode, n, pool, build):
    game = games.get("risques", build)
    for seed in range(10_000, 10_000 + _games(build, slow=True)):
        play_and_check(game, mode, n, pool, seed)

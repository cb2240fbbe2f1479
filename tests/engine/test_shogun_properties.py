"""Properties of Shōgun no Katana over many random games, each checked at every decision against
an oracle of its own: the seat to act always has a way on, the katana is offered whenever a project
the rules let it change can be laid, the palace's move hall whenever its activations move a sword,
Favour I is settled within the sequence of the first katana delivered.  The players prefer
forging, delivering and the katana, so that those parts of the rules are reached often.

Each property plays a few games per table in the default run; ``test_many_games_keep_every_property``
(slow) checks them all together over sixty more seeds."""
import functools
import random

import pytest

from arena.engines import load_module
from engine_ext.shogun import data
from engine_ext.shogun.actions import ACTIONS
from engine_ext.shogun.views import EVENT_NAMES, PHASE_NAMES

PREFERENCE = {"DELIVER": 200, "KATANA": 80, "RECOVER": 20, "DROP": 20, "MOVE": 50, "SWAP": 50, "HALL": 20,
              "PURCHASE": 8, "PROJECT": 10, "WORKER": 6, "MONK": 4, "PASS": 0.5, "DONE": 2, "PLAY": 3, "BUY": 2}
TABLES = ((2, None), (3, None), (4, None), (1, {"ghost": 3}), (2, {"ghost": 2}), (3, {"ghost": 4}))
NRES, COLS, CELLS = data.NUM_RESOURCES, data.FORGE_COLS, data.FORGE_CELLS
KATANA = data.NUM_TILES
EV_DELIVER, EV_PLACE, EV_PASS = EVENT_NAMES.index("deliver"), EVENT_NAMES.index("place"), EVENT_NAMES.index("pass")
FAVOUR_OPEN = -2
MOVE_HALL = next(h for h, hall in enumerate(data.HALLS) if hall.kind == data.H_MOVE)
HALL = ACTIONS.first("HALL")
PH_PALACE = PHASE_NAMES.index("palace_activate")


def rules(build):
    return load_module("engine_ext.shogun._rules", build)


def play(R, seeds, check, tables=TABLES, preference=PREFERENCE, smiths=0.7):
    """Plays a game per table and seed, calling ``check(state, seat, legal)`` before each decision.
    A decision is the heuristic's with probability ``smiths`` (it forges and delivers, so that the
    katana is reached), else a random one weighted by ``preference``."""
    from engine_ext.shogun.heuristic import SwordSmith
    for n, options in tables:
        for seed in seeds:
            state = R.new_state(n, seed, options)
            rng = random.Random(seed)
            smith = [SwordSmith(seed * 10 + seat) for seat in range(n)]
            while not state.is_terminal():
                seat = state.current_seats()[0]
                legal = state.legal_actions(seat)
                check(state, seat, legal)
                if rng.random() < smiths:
                    action = smith[seat].act(state.observation(seat), legal)
                else:
                    action = rng.choices(legal, [preference.get(ACTIONS.decode(a)[0], 5) for a in legal])[0]
                state.apply(seat, action)


def _named(state, seat):
    return [ACTIONS.names[a] for a in state.legal_actions(seat)]


# ---------------------------------------------------------------------- a way on; the katana
def _done_reachable(state, seat, depth=12):
    """From the katana's modification: whether some offered changes lead to DONE (on clones)."""
    named = _named(state, seat)
    if "DONE" in named:
        return True
    if depth == 0:
        return False
    for name in named:
        other = state.clone()
        other.apply(seat, ACTIONS.id(name))
        if _done_reachable(other, seat, depth - 1):
            return True
    return False


def a_way_on(state, seat, legal):
    assert legal, f"seat {seat} has no decision in phase {PHASE_NAMES[state.phase]}"
    if PHASE_NAMES[state.phase] == "katana_modify":
        for name in _named(state, seat):
            other = state.clone()
            other.apply(seat, ACTIONS.id(name))
            assert name == "DONE" or _done_reachable(other, seat), f"{name} leaves no way to DONE"


@functools.lru_cache(maxsize=None)
def _layable(counts, free_entries):
    """Whether resources ``counts`` (by type) can be laid one after another, each on the previous
    one's row or a row next to it, the first on a free entry cell (its row in ``free_entries``)."""
    def on(counts, last):
        if not any(counts):
            return True
        for r in range(NRES):
            if counts[r] and abs(r - last) <= 1:
                rest = counts[:r] + (counts[r] - 1,) + counts[r + 1:]
                if on(rest, r):
                    return True
        return False
    for r in free_entries:
        if counts[r] and on(counts[:r] + (counts[r] - 1,) + counts[r + 1:], r):
            return True
    return False


def _recoveries(delivered, most):
    """Every project addition that up to ``most`` RECOVER decisions bring, in any order, each from
    the first delivered sword that still allows its type (two added to a sword at most)."""
    found = set()

    def walk(entries, added, left):
        found.add(added)
        if left == 0:
            return
        for r in range(NRES):
            for k, (tile, taken) in enumerate(entries):
                if sum(taken) < 2 and data.TILES[tile].composition.count(r) > taken[r]:
                    taken2 = taken[:r] + (taken[r] + 1,) + taken[r + 1:]
                    walk(entries[:k] + ((tile, taken2),) + entries[k + 1:],
                         added[:r] + (added[r] + 1,) + added[r + 1:], left - 1)
                    break
    walk(tuple((e[0], tuple(e[2:6])) for e in delivered), (0,) * NRES, most)
    return found


def katana_possible(state, seat, most_recovered=3):
    """The oracle: some recoveries (at most ``most_recovered``) and drops (one of each type kept)
    give a project of every type, at most 7 resources, that can be laid from a free entry cell."""
    project = tuple(state.project[seat * NRES + r] for r in range(NRES))
    free = tuple(r for r in range(NRES) if state.cell_tile[seat * CELLS + r * COLS] < 0)
    for added in _recoveries(state.delivered[seat], most_recovered):
        most = [min(project[r] + added[r], data.KATANA_MAX_RESOURCES) for r in range(NRES)]
        if min(most) == 0:
            continue
        for q0 in range(1, most[0] + 1):
            for q1 in range(1, most[1] + 1):
                for q2 in range(1, most[2] + 1):
                    for q3 in range(1, most[3] + 1):
                        if q0 + q1 + q2 + q3 <= data.KATANA_MAX_RESOURCES and _layable((q0, q1, q2, q3), free):
                            return True
    return False


def katana_offered_when_possible(state, seat, legal):
    if PHASE_NAMES[state.phase] == "turn" and not state.passed[seat] and state.katana_state[seat] == 0:
        offered = ACTIONS.id("KATANA") in legal
        if katana_possible(state, seat):
            assert offered, f"seat {seat}: project {list(state.project[seat * 4:seat * 4 + 4])}, " \
                            f"delivered {state.delivered[seat]}: the katana can be put in play"
        elif offered:
            assert katana_possible(state, seat, most_recovered=7)


def test_every_decision_leaves_a_way_on_and_every_katana_change_a_way_to_done(build):
    play(rules(build), range(8), a_way_on)


def test_the_katana_is_offered_exactly_when_a_project_changed_as_the_rules_allow_can_be_laid(build):
    play(rules(build), range(6), katana_offered_when_possible)


@pytest.mark.slow
def test_many_games_keep_every_property(build):
    favour = favour_checks()

    def check(*decision):
        a_way_on(*decision)
        katana_offered_when_possible(*decision)
        move_hall_checks(*decision)
        favour(*decision)
    play(rules(build), range(100, 160), check, preference=dict(PREFERENCE, MONK=30, HALL=60, DECORATE=60))


# ---------------------------------------------------------------------- the palace's move hall
def _moves_a_sword(state, seat, depth=3):
    """From the move hall's activation: whether some MOVE or SWAP is reached, the hall taken again
    as often as it is offered (on clones)."""
    named = _named(state, seat)
    if any(name.startswith(("MOVE_", "SWAP_")) for name in named):
        return True
    return depth > 0 and any(_moves_a_sword(_applied(state, seat, ACTIONS.id(name)), seat, depth - 1)
                             for name in named if name.startswith("HALL_"))


def _applied(state, seat, action):
    other = state.clone()
    other.apply(seat, action)
    return other


def move_hall_offered_when_it_moves(state, seat, legal):
    """In the seat's own palace action, a side benefit or the Komainu's hall: the move hall is
    offered exactly when activating it (legal or not, forced on a clone) lets a sword move."""
    phase = PHASE_NAMES[state.phase]
    if phase not in ("palace_activate", "side_hall", "hall_once"):
        return
    for slot in range(data.HALLS_IN_PLAY):
        if state.halls[slot] != MOVE_HALL or not state.member[seat * data.HALLS_IN_PLAY + slot]:
            continue
        if phase == "palace_activate" and state.activated_halls & (1 << slot) and state.repeat_left <= 0:
            continue                                               # its one activation is spent
        forced = state.clone()
        forced._apply(HALL + slot)
        assert (HALL + slot in legal) == _moves_a_sword(forced, seat), (phase, slot)


PALACE_HALLS = tuple(next(h for h, hall in enumerate(data.HALLS) if hall.key == key)
                     for key in ("coins", "galuchat", "laque", "move", "artisan"))


def move_hall_in_every_forge(state, seat, legal):
    """The seat's forge as it is at this decision, with its palace action grafted on: a member in
    the move hall, by a worker (one activation) or a monk (the hall may be taken twice)."""
    if state.decisions % 2:
        return
    for repeat in (0, 1):
        palace = state.clone()
        palace.halls = list(PALACE_HALLS)
        for slot in range(data.HALLS_IN_PLAY):
            palace.member[seat * data.HALLS_IN_PLAY + slot] = 1 if PALACE_HALLS[slot] == MOVE_HALL else 0
        palace.phase, palace.actor, palace.activated_halls, palace.repeat_left = PH_PALACE, seat, 0, repeat
        palace.free_moves, palace.forge_line, palace.move_mask = 0, -1, 15       # no forge action under way
        for cell in range(CELLS):
            palace.cell_credit[seat * CELLS + cell] = 0
        move_hall_offered_when_it_moves(palace, seat, palace.legal_actions(seat))


def move_hall_checks(state, seat, legal):
    move_hall_offered_when_it_moves(state, seat, legal)
    move_hall_in_every_forge(state, seat, legal)


def test_the_move_hall_is_offered_exactly_when_its_activations_move_a_sword(build):
    play(rules(build), range(3), move_hall_checks, preference=dict(PREFERENCE, MONK=30, HALL=60))


# ---------------------------------------------------------------------- Favour I
class FavourWatch:
    """R103: a katana delivered while Favour I is in play settles it by the end of its sequence (a
    seat's turn, or the ghost's turn with the benefits it hands out).  A sequence begins at a seat's
    first decision of its turn or at the first decision of the ghost's turn (``turn`` is then the
    number of seats)."""

    def __init__(self):
        self.state = None

    def __call__(self, state, seat, legal):
        if state is not self.state:                               # a new game
            self.state, self.turn, self.acted, self.pending, self.seen = state, None, False, False, 0
            self.open_before = False
        events = state.events
        acted = any(e[0] in (EV_PLACE, EV_PASS) for e in events[self.seen:])
        delivered = any(e[0] == EV_DELIVER and e[3] == KATANA for e in events[self.seen:])
        self.seen = len(events)
        self.pending = self.pending or (delivered and self.open_before)
        self.acted = self.acted or acted
        new_sequence = state.turn != self.turn or (PHASE_NAMES[state.phase] == "turn" and self.acted)
        if new_sequence:
            assert not (self.pending and state.favour[data.FAVOUR_FIRST] == FAVOUR_OPEN), \
                "a katana delivered in the last sequence left Favour I in play"
            self.turn, self.acted, self.pending = state.turn, False, False
        self.open_before = state.favour[data.FAVOUR_FIRST] == FAVOUR_OPEN


def katana_for_the_ghosts_benefit(state, seat, legal):
    """Katanas are seldom delivered in random games: when the ghost hands a seat a benefit, the seat
    is given a finished katana with Favour I in play, which a benefit taken lets it deliver at once
    (a W4 window), within the ghost's sequence."""
    if (state.turn != state.n or PHASE_NAMES[state.phase] not in ("side_hall", "side_decorate")
            or state.katana_state[seat] != 0 or state.favour[data.FAVOUR_FIRST] >= FAVOUR_OPEN + 1):
        return
    free = [c for c in range(CELLS) if state.cell_tile[seat * CELLS + c] < 0]
    if free:
        state.katana_comp[seat] = list(range(NRES))
        state.katana_state[seat] = 1
        state._put_sword(seat, free[0], KATANA, -1)
        state.cell_progress[seat * CELLS + free[0]] = NRES
        state.favour[data.FAVOUR_FIRST] = FAVOUR_OPEN


def favour_checks():
    watch = FavourWatch()

    def check(state, seat, legal):
        katana_for_the_ghosts_benefit(state, seat, legal)
        watch(state, seat, legal)
    return check


def test_favour_i_is_settled_within_the_sequence_of_the_first_katana_delivered(build):
    play(rules(build), range(4), favour_checks(), preference=dict(PREFERENCE, HALL=60, DECORATE=60))

"""Risques' flat observation read straight off the state.

``flat.LAYOUT`` declares the vector and reads it from the observation a bot receives; this
module writes the very same numbers from the state's fields, without building the observation
(the tests compare the two at every step of many games, in both builds).  Offsets come from the
layout itself, so the declaration stays the one place that says where each number goes.
Values are clipped to the layout's bounds, as ``LAYOUT.encode`` clips them.

A secret choice (a Frappe declaration, a Massacre target, a contested wager) is read only for
the seat that made it, as ``views`` shows it: another seat sees that it was made, not what it
is (the tests resample the hidden choices and check that the vector does not move).

``step_many`` plays one decision in each of many games inside compiled code, with the checks of
``RisquesState.apply``.  The secret choices are simultaneous: as the match loop does, the batch
asks them one seat after the other, in the order of each table's queue (``Table.queue``, which
``step_many`` keeps as ``Table.next_seat`` would); the tests check that the games it plays are
those of the tables stepped one by one, and replays that the public interface re-simulates.
"""
import array

import cython

from ._core import RiskCore  # noqa: F401  (the type of ``state``)
from ._rules import RisquesState  # noqa: F401  (the type of the games ``step_many`` plays)
from .flat import LAYOUT, MAX, VASSALS
from .views import ACTION_NAMES, PHASE_NAMES, RISK_NAMES

if not cython.compiled:   # the compiled module cimports the same names (see _flat.pxd)
    from ._core import (FIRST_VASSAL, MAXP, MAXPART, MAXREP, NRANK, P_DECLARE, CALM, SURPRISE,  # noqa: F401
                        NUM_ACTIONS)

_NAMES = {name: i for i, name in enumerate(LAYOUT.names())}
SIZE = LAYOUT.size
LOW = array.array("f", LAYOUT.low)
HIGH = array.array("f", LAYOUT.high)
MAX_SEATS = MAX
N_VASSALS = len(VASSALS)
O_MODE = _NAMES["mode[0]"]
O_PLAYERS = _NAMES["players"]
O_SCENE = _NAMES["scene"]
O_SCENES = _NAMES["scenes"]
O_PHASE = _NAMES["phase[0]"]
# the layout's phases and risks are the engine's, without the empty name of code 0
PHASE_OFFSET = PHASE_NAMES.index(LAYOUT.fields[4].labels[0])
RISK_OFFSET = RISK_NAMES.index(LAYOUT.fields[8].labels[0])
O_TO_ACT = _NAMES["to_act[0]"]
O_PERSONAL = _NAMES["personal_honor"]
O_SHARED = _NAMES["shared_honor"]
O_RISK = _NAMES["risk.kind[0]"]
O_RISK_A = _NAMES["risk.a[0]"]
O_RISK_B = _NAMES["risk.b[0]"]
O_WINNER = _NAMES["risk.winner[0]"]
O_BONUS = _NAMES["risk.bonus[0]"]
O_SURPRISED = _NAMES["risk.surprised[0]"]
O_ROUND = _NAMES["massacre.round"]
O_PASS = _NAMES["massacre.pass"]
O_FRAPPE_WINNER = _NAMES["massacre.frappe_winner[0]"]
O_GENERAL = _NAMES["massacre.general[0]"]
O_YOJIMBO = _NAMES["massacre.yojimbo[0]"]
O_DECLARE_ROUND = _NAMES["declare_round"]
O_VICTIM = _NAMES["pending.victim[0]"]
O_WOUND_RANK = _NAMES["pending.wound_rank"]
O_BY = _NAMES["pending.by[0]"]
O_ABOUT = _NAMES["pending.about_seat[0]"]
O_ACTING = _NAMES["you.acting_as[0]"]
O_SEATS = _NAMES["seats[0].present"]
ROW = _NAMES["seats[1].present"] - O_SEATS
R_CHARACTER = _NAMES["seats[0].character[0]"] - O_SEATS
R_ALIVE = _NAMES["seats[0].alive"] - O_SEATS
R_ABLE = _NAMES["seats[0].able_to_fight"] - O_SEATS
R_WOUNDS = _NAMES["seats[0].wounds[0]"] - O_SEATS
R_GLORY = _NAMES["seats[0].glory"] - O_SEATS
R_REPUTATIONS = _NAMES["seats[0].reputations[0]"] - O_SEATS
R_DIGNIFIED = _NAMES["seats[0].dignified"] - O_SEATS
R_PROTECTED = _NAMES["seats[0].protected"] - O_SEATS
R_HONOR = _NAMES["seats[0].honor"] - O_SEATS
R_SCORE = _NAMES["seats[0].score"] - O_SEATS
O_SAMURAI = _NAMES["samurai[0].present"]
SAMURAI_ROW = _NAMES["samurai[1].present"] - O_SAMURAI
O_VASSALS = _NAMES["vassals[0].present"]
VASSAL_ROW = _NAMES["vassals[1].present"] - O_VASSALS
# a participant's fields, from its row's start (the same in the samurai and the vassal rows)
Q_IN_SCENE = _NAMES["vassals[0].in_scene"] - O_VASSALS
Q_TO_DECIDE = _NAMES["vassals[0].to_decide"] - O_VASSALS
Q_POOL = _NAMES["vassals[0].pool"] - O_VASSALS
Q_WAGER = _NAMES["vassals[0].wager"] - O_VASSALS
Q_ROLL = _NAMES["vassals[0].roll"] - O_VASSALS
Q_KEPT = _NAMES["vassals[0].kept"] - O_VASSALS
Q_TARGET = _NAMES["vassals[0].target[0]"] - O_VASSALS
Q_ON_GUARD = _NAMES["vassals[0].on_guard"] - O_VASSALS
Q_STRIKES = _NAMES["vassals[0].strikes_left"] - O_VASSALS
Q_INITIATIVE = _NAMES["vassals[0].initiative"] - O_VASSALS
Q_HONOR_SPENT = _NAMES["vassals[0].honor_spent"] - O_VASSALS
Q_HIDDEN = _NAMES["vassals[0].secret_hidden"] - O_VASSALS
Q_DECLARATION = _NAMES["vassals[0].secret_declaration[0]"] - O_VASSALS
Q_VALUE = _NAMES["vassals[0].secret_value"] - O_VASSALS
Q_OWNER = _NAMES["vassals[0].owner[0]"] - O_VASSALS
Q_RANK = _NAMES["vassals[0].rank"] - O_VASSALS
assert [_NAMES["samurai[0]." + n] - O_SAMURAI for n in ("in_scene", "secret_value")] == [Q_IN_SCENE, Q_VALUE]


def step_many(states, queues, seats, actions, steps, masks, out, ended, max_decisions):
    """Plays ``actions[i]`` for ``seats[i]`` in ``states[i]`` and records ``[seat, action]`` in
    ``steps[i]``; then, for a game still going, writes its next seat (the first of its queue
    ``queues[i]`` still to decide, or else every seat to decide, in seat order) to ``seats[i]``,
    its legal actions to ``masks[i]`` (0/1) and that seat's vector to ``out[i]``.  The games that
    ended or reached ``max_decisions`` steps are listed in ``ended``; returns how many.  An illegal
    action raises ValueError naming its game (the games before it have moved)."""
    count = 0
    width = masks.shape[1]
    for i in range(len(states)):
        state = states[i]
        seat = seats[i]
        action = actions[i]
        p = -1 if state.over or seat < 0 or seat >= state.n else _acting(state, seat)
        if p < 0 or action < 0 or action >= NUM_ACTIONS or not state._is_legal(p, action):
            raise ValueError("game %d: %s is not a legal action of seat %d now" % (
                i, ACTION_NAMES[action] if 0 <= action < NUM_ACTIONS else str(action), seat))
        state._apply(p, action)
        queue = queues[i]
        if queue and queue[0] == seat:
            del queue[0]
        game_steps = steps[i]
        game_steps.append([seat, action])
        if state.over or len(game_steps) >= max_decisions:
            ended[count] = i
            count += 1
            continue
        kept = [s for s in queue if _acting(state, s) >= 0]
        queue[:] = kept if kept else [s for s in range(state.n) if _acting(state, s) >= 0]
        seat = queue[0]
        seats[i] = seat
        for a in range(width):
            masks[i, a] = 0
        k = state._fill_legal(_acting(state, seat))
        for j in range(k):
            masks[i, state.legal[j]] = 1
        encode(state, seat, out[i])
    return count


def _acting(state, seat):
    """The participant ``seat`` decides for now, or -1 (``RisquesState._acting``)."""
    for p in range(MAXPART):
        if state.p_ask[p] and state.p_owner[p] == seat:
            return p
    return -1


def encode_many(states, seats, out):
    """Writes what ``seats[i]`` observes in ``states[i]`` into row ``i`` of ``out``."""
    for i in range(len(states)):
        encode(states[i], seats[i], out[i])


def _participant(p, seat, n, out, at):
    """The participant one-hot of ``p`` (flat.participant): seats relative, then the vassals."""
    if p < 0:
        return
    if p < FIRST_VASSAL:
        if p < n:
            out[at + (p - seat + n) % n] = 1
    elif p < MAXPART:
        out[at + MAX_SEATS + p - FIRST_VASSAL] = 1


def _listed(state, p):
    """Whether the observation lists participant ``p`` (views._table)."""
    if state.p_owner[p] < 0:
        return False
    if p < state.n or state.vrank[p - FIRST_VASSAL] > 0 or state.p_in[p] or state.p_ask[p] or state.p_secret[p]:
        return True
    return state.risk > 0 and (p == state.ra or p == state.rb)


def _fields(state, p, seat, n, out, at):
    """A listed participant's fields (flat.PARTICIPANT_FIELDS) from ``at``, its row's start."""
    out[at + Q_IN_SCENE] = state.p_in[p] != 0
    out[at + Q_TO_DECIDE] = state.p_ask[p] != 0
    out[at + Q_POOL] = state.p_pool[p]
    out[at + Q_WAGER] = state.p_wager[p]
    out[at + Q_ROLL] = state.p_sum[p]
    out[at + Q_KEPT] = state.p_kept[p]
    _participant(state.p_target[p], seat, n, out, at + Q_TARGET)
    out[at + Q_ON_GUARD] = state.p_guard[p] != 0
    out[at + Q_STRIKES] = state.p_strikes[p]
    out[at + Q_INITIATIVE] = state.p_init[p]
    out[at + Q_HONOR_SPENT] = state.p_honor[p] != 0
    if not state.p_secret[p]:
        return
    if state.p_owner[p] != seat:
        out[at + Q_HIDDEN] = 1          # made, not shown: the choice itself is never read
        return
    value = state.p_choice[p]
    if state.phase == P_DECLARE and CALM <= value <= SURPRISE:
        out[at + Q_DECLARATION + value - CALM] = 1
    else:
        out[at + Q_VALUE] = value


def encode(state, seat, out):
    """Writes what ``seat`` observes into ``out`` (``SIZE`` float32, overwritten entirely)."""
    n = state.n
    for i in range(SIZE):
        out[i] = 0
    out[O_MODE + state.mode] = 1
    out[O_PLAYERS] = n
    out[O_SCENE] = state.scene
    out[O_SCENES] = state.scenes
    if state.phase >= PHASE_OFFSET:
        out[O_PHASE + state.phase - PHASE_OFFSET] = 1
    acting = -1
    for p in range(MAXPART):
        if state.p_ask[p]:
            s = state.p_owner[p]
            if 0 <= s < n and not state.over:
                out[O_TO_ACT + (s - seat + n) % n] = 1
            if s == seat and acting < 0:
                acting = p
    if state.shared:
        out[O_SHARED] = state.honor[MAXP]
    else:
        out[O_PERSONAL] = 1
    if state.risk >= RISK_OFFSET:
        out[O_RISK + state.risk - RISK_OFFSET] = 1
    _participant(state.ra, seat, n, out, O_RISK_A)
    _participant(state.rb, seat, n, out, O_RISK_B)
    _participant(state.winner, seat, n, out, O_WINNER)
    _participant(state.bonus_p, seat, n, out, O_BONUS)
    _participant(state.surprised, seat, n, out, O_SURPRISED)
    out[O_ROUND] = state.mround
    out[O_PASS] = state.pass_no
    _participant(state.frappe_winner, seat, n, out, O_FRAPPE_WINNER)
    _participant(state.commander[0], seat, n, out, O_GENERAL)
    _participant(state.commander[1], seat, n, out, O_YOJIMBO)
    out[O_DECLARE_ROUND] = state.decl_round
    _participant(state.victim, seat, n, out, O_VICTIM)
    out[O_WOUND_RANK] = state.wound_rank
    _participant(state.hitter, seat, n, out, O_BY)
    _participant(state.cursor, seat, n, out, O_ABOUT)
    _participant(acting, seat, n, out, O_ACTING)
    for k in range(n):
        s = (seat + k) % n
        row = O_SEATS + k * ROW
        out[row] = 1
        out[row + R_CHARACTER + state.character[s]] = 1
        fit = state.dead[s] == 0 and state.wounds[s * NRANK + 5] == 0
        out[row + R_ALIVE] = state.dead[s] == 0
        out[row + R_ABLE] = fit
        for r in range(1, NRANK):
            out[row + R_WOUNDS + r - 1] = state.wounds[s * NRANK + r]
        out[row + R_GLORY] = state.glory[s]
        j = 0
        for r in range(MAXREP):
            if state.reps[s * MAXREP + r] >= 0:
                out[row + R_REPUTATIONS + j] = state.reps[s * MAXREP + r]
                j += 1
        out[row + R_DIGNIFIED] = state.dignified[s] != 0
        out[row + R_PROTECTED] = state.protected[s] != 0
        if not state.shared:
            out[row + R_HONOR] = state.honor[s]
        out[row + R_SCORE] = state.score(s)
        row = O_SAMURAI + k * SAMURAI_ROW
        out[row] = 1
        if state.p_owner[s] >= 0:
            _fields(state, s, seat, n, out, row)
    for v in range(N_VASSALS):
        p = FIRST_VASSAL + v
        if not _listed(state, p):
            continue
        row = O_VASSALS + v * VASSAL_ROW
        out[row] = 1
        _fields(state, p, seat, n, out, row)
        _participant(state.p_owner[p], seat, n, out, row + Q_OWNER)
        out[row + Q_RANK] = state.vrank[v]
    for i in range(SIZE):
        if out[i] < LOW[i]:
            out[i] = LOW[i]
        elif out[i] > HIGH[i]:
            out[i] = HIGH[i]

"""Katana's flat observation read straight off the state, and many games stepped at once.

``flat.LAYOUT`` declares the vector and reads it from the observation a bot receives; this
module writes the very same numbers from the state's fields, without building the observation
(the tests compare the two at every step of many games, in both builds).  Offsets come from the
layout itself, so the declaration stays the one place that says where each number goes.
Values are clipped to the layout's bounds, as ``LAYOUT.encode`` clips them.

``step_many`` plays one decision in each of many games inside compiled code, with the checks of
``KatanaState.apply`` (``arena.envs.batch`` uses it; the games it plays are replays that the
public interface re-simulates, which the tests check).
"""
import array

import cython

from ._core import KatanaCore  # noqa: F401  (the type of ``state``)
from ._rules import KatanaState  # noqa: F401  (the type of the games ``step_many`` plays)
from .flat import LAYOUT
from .views import ACTION_NAMES, PHASE_NAMES

if not cython.compiled:   # the compiled module cimports the same names (see _flat.pxd)
    from ._core import (NINJA, NUM_CARDS, NUM_PERMANENTS, CHOOSE_TARGET, PARRY_CHOICE, GEISHA_CHOICE,  # noqa: F401
                        BATTLECRY, JUJITSU, DRAW_CHOICE, BUSHIDO_CHOICE, GEISHA, CRI_DE_GUERRE, JU_JITSU,
                        RESILIENCE, NUM_ACTIONS)

_NAMES = {name: i for i, name in enumerate(LAYOUT.names())}
SIZE = LAYOUT.size
LOW = array.array("f", LAYOUT.low)
HIGH = array.array("f", LAYOUT.high)
O_PLAYERS = _NAMES["players"]
O_PHASE = _NAMES["phase[0]"]
# the layout's phases are the engine's, without the empty name of code 0
PHASE_OFFSET = PHASE_NAMES.index(LAYOUT.fields[1].labels[0])
O_TURN = _NAMES["turn[0]"]
O_TO_ACT = _NAMES["to_act[0]"]
O_TURN_NUMBER = _NAMES["turn_number"]
O_SHOGUN = _NAMES["shogun[0]"]
O_BUSHIDO = _NAMES["bushido_holder[0]"]
O_DRAW_PILE = _NAMES["draw_pile"]
O_DISCARD = _NAMES["discard_pile[0]"]
O_WEAPONS_PLAYED = _NAMES["weapons_played"]
O_WEAPON_LIMIT = _NAMES["weapon_limit"]
O_PENDING_CARD = _NAMES["pending.card[0]"]
O_PENDING_BY = _NAMES["pending.by[0]"]
O_PENDING_TARGET = _NAMES["pending.target[0]"]
O_PENDING_DAMAGE = _NAMES["pending.damage"]
O_PENDING_DRAWS = _NAMES["pending.draws"]
O_ROLE = _NAMES["you.role[0]"]
O_STARS = _NAMES["you.stars"]
O_HAND = _NAMES["you.hand[0]"]
O_SEATS = _NAMES["seats[0].present"]
ROW = _NAMES["seats[1].present"] - O_SEATS
R_CHARACTER = _NAMES["seats[0].character[0]"] - O_SEATS
R_RESILIENCE = _NAMES["seats[0].resilience"] - O_SEATS
R_MAX_RESILIENCE = _NAMES["seats[0].max_resilience"] - O_SEATS
R_HONOR = _NAMES["seats[0].honor"] - O_SEATS
R_HAND_SIZE = _NAMES["seats[0].hand_size"] - O_SEATS
R_PERMANENTS = _NAMES["seats[0].permanents[0]"] - O_SEATS
R_HARMLESS = _NAMES["seats[0].harmless"] - O_SEATS
R_ROLE = _NAMES["seats[0].role[0]"] - O_SEATS


def _relative(seat, me, n):
    return (seat - me + n) % n


def step_many(states, seats, actions, steps, masks, out, ended, max_decisions):
    """Plays ``actions[i]`` for ``seats[i]`` in ``states[i]`` and records ``[seat, action]`` in
    ``steps[i]``; then, for a game still going, writes its next seat to ``seats[i]``, its legal
    actions to ``masks[i]`` (0/1) and that seat's vector to ``out[i]``.  The games that ended or
    reached ``max_decisions`` steps are listed in ``ended``; returns how many.  An illegal action
    raises ValueError naming its game (the games before it have moved)."""
    count = 0
    width = masks.shape[1]
    for i in range(len(states)):
        state = states[i]
        seat = seats[i]
        action = actions[i]
        if state.over or seat != state.actor or action < 0 or action >= NUM_ACTIONS or not state._is_legal(action):
            raise ValueError("game %d: %s is not a legal action of seat %d now" % (
                i, ACTION_NAMES[action] if 0 <= action < NUM_ACTIONS else str(action), seat))
        state._apply(action)
        game_steps = steps[i]
        game_steps.append([seat, action])
        if state.over or len(game_steps) >= max_decisions:
            ended[count] = i
            count += 1
            continue
        seat = state.actor
        seats[i] = seat
        for a in range(width):
            masks[i, a] = 0
        k = state._fill_legal()
        for j in range(k):
            masks[i, state.legal[j]] = 1
        encode(state, seat, out[i])
    return count


def encode_many(states, seats, out):
    """Writes what ``seats[i]`` observes in ``states[i]`` into row ``i`` of ``out``."""
    for i in range(len(states)):
        encode(states[i], seats[i], out[i])


def encode(state, seat, out):
    """Writes what ``seat`` observes into ``out`` (``SIZE`` float32, overwritten entirely)."""
    n = state.n
    for i in range(SIZE):
        out[i] = 0
    out[O_PLAYERS] = n
    phase = state.phase
    if phase >= PHASE_OFFSET:
        out[O_PHASE + phase - PHASE_OFFSET] = 1
    out[O_TURN + _relative(state.turn, seat, n)] = 1
    if not state.over:
        out[O_TO_ACT + _relative(state.actor, seat, n)] = 1
    out[O_TURN_NUMBER] = state.turn_number
    out[O_SHOGUN + _relative(state.shogun, seat, n)] = 1
    if state.bushido_holder >= 0:
        out[O_BUSHIDO + _relative(state.bushido_holder, seat, n)] = 1
    out[O_DRAW_PILE] = state.pile_len
    for i in range(state.discard_len):
        out[O_DISCARD + state.discard[i]] += 1
    out[O_WEAPONS_PLAYED] = state.weapons_played
    out[O_WEAPON_LIMIT] = state.weapon_limit(state.turn)
    _pending(state, seat, n, out)
    role = state.role[seat]
    out[O_ROLE + role] = 1
    if role == NINJA:
        out[O_STARS] = state.stars[seat]
    base = seat * NUM_CARDS
    for c in range(NUM_CARDS):
        out[O_HAND + c] = state.hand[base + c]
    for k in range(n):
        s = (seat + k) % n
        row = O_SEATS + k * ROW
        out[row] = 1
        out[row + R_CHARACTER + state.character[s]] = 1
        out[row + R_RESILIENCE] = state.hp[s]
        out[row + R_MAX_RESILIENCE] = RESILIENCE[state.character[s]]
        out[row + R_HONOR] = state.honor[s]
        out[row + R_HAND_SIZE] = state.hand_size[s]
        for p in range(NUM_PERMANENTS):
            out[row + R_PERMANENTS + p] = state.permanents[s * NUM_PERMANENTS + p]
        if state.hp[s] == 0 or state.hand_size[s] == 0:
            out[row + R_HARMLESS] = 1
        if s == seat or s == state.shogun or state.over:
            out[row + R_ROLE + state.role[s]] = 1
    for i in range(SIZE):
        if out[i] < LOW[i]:
            out[i] = LOW[i]
        elif out[i] > HIGH[i]:
            out[i] = HIGH[i]


def _pending(state, seat, n, out):
    """The ``pending`` block: what is being resolved (``views._pending``)."""
    phase = state.phase
    if phase == CHOOSE_TARGET:
        if state.pending_card >= 0:
            out[O_PENDING_CARD + state.pending_card] = 1
        out[O_PENDING_BY + _relative(state.turn, seat, n)] = 1
    elif phase == PARRY_CHOICE:
        weapon = state.pending_card
        if weapon >= 0:
            out[O_PENDING_CARD + weapon] = 1
        out[O_PENDING_BY + _relative(state.turn, seat, n)] = 1
        if 0 <= state.pending_target < n:
            out[O_PENDING_TARGET + _relative(state.pending_target, seat, n)] = 1
        out[O_PENDING_DAMAGE] = state.weapon_damage(state.turn, state.pending_target, weapon)
    elif phase == GEISHA_CHOICE:
        out[O_PENDING_CARD + GEISHA] = 1
        out[O_PENDING_BY + _relative(state.turn, seat, n)] = 1
        if 0 <= state.pending_target < n:
            out[O_PENDING_TARGET + _relative(state.pending_target, seat, n)] = 1
    elif phase == BATTLECRY or phase == JUJITSU:
        out[O_PENDING_CARD + (CRI_DE_GUERRE if phase == BATTLECRY else JU_JITSU)] = 1
        out[O_PENDING_BY + _relative(state.turn, seat, n)] = 1
    elif phase == DRAW_CHOICE:
        out[O_PENDING_DRAWS] = state.draws_left
    elif phase == BUSHIDO_CHOICE:
        if state.discard_len > 0:
            card = state.discard[state.discard_len - 1]
            if card >= 0:
                out[O_PENDING_CARD + card] = 1

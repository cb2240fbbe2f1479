"""Samouraï & Katana's flat observation read straight off the state, and many games stepped at once.

``flat.LAYOUT`` declares the vector and reads it from the observation a bot receives; this
module writes the very same numbers from the state's fields, without building the observation
(the tests compare the two at every step of many games, with every optional rule, in both
builds).  Offsets come from the layout itself, so the declaration stays the one place that says
where each number goes.  Values are clipped to the layout's bounds, as ``LAYOUT.encode`` clips
them.

Hidden information is read as ``views`` shows it, and only so: a seat's own hand and phase-4
discards set aside, never another's; the cards committed to a battle by their count, and by
their kinds only to the seat that committed them or once revealed (the tests resample what a
seat has not seen and check that its vector does not move).

``step_many`` plays one decision in each of many games inside compiled code, with the checks of
``SamouraiState.apply`` (``arena.envs.batch`` uses it; the games it plays are replays that the
public interface re-simulates, which the tests check).
"""
import array

import cython

from ._core import SamouraiCore  # noqa: F401  (the type of ``state``)
from ._rules import SamouraiState  # noqa: F401  (the type of the games ``step_many`` plays)
from .flat import LAYOUT, MAX, SWITCHES
from .views import ACTION_NAMES, STEP_NAMES

if not cython.compiled:   # the compiled module cimports the same names (see _flat.pxd)
    from ._core import NK, NT, NUM_ACTIONS  # noqa: F401

_NAMES = {name: i for i, name in enumerate(LAYOUT.names())}
SIZE = LAYOUT.size
LOW = array.array("f", LAYOUT.low)
HIGH = array.array("f", LAYOUT.high)
MAX_SEATS = MAX
N_SWITCHES = len(SWITCHES)
ST_MOVE_TO = STEP_NAMES.index("move_to")
ST_MOVE_COUNT = STEP_NAMES.index("move_count")
ST_WINDOW = STEP_NAMES.index("window")
ST_TARGET_PLAYER = STEP_NAMES.index("target_player")
ST_TARGET_TERRITORY = STEP_NAMES.index("target_territory")
ST_COUNTER = STEP_NAMES.index("counter")
ST_BUY_WHERE = STEP_NAMES.index("buy_where")
ST_OFFICE_ANSWER = STEP_NAMES.index("office_answer")
ST_SUPPORT_FROM = STEP_NAMES.index("support_from")
ST_SUPPORT_ANSWER = STEP_NAMES.index("support_answer")
ST_TRADE_ANSWER = STEP_NAMES.index("trade_answer")
ST_SHOGUN_POWER = STEP_NAMES.index("shogun_power")
# the steps during which a battle is shown (views._battle), and the window after a battle
assert [STEP_NAMES[k] for k in (12, 14, 15, 16, 17, 26, 27, 28)] == [
    "window", "commit", "castle_taken", "relocate_castle", "retreat", "support", "support_from", "support_answer"]
O_PLAYERS = _NAMES["players"]
O_TARGET = _NAMES["target"]
O_ROUND = _NAMES["round"]
O_PHASE = _NAMES["phase[0]"]
O_TO_ACT = _NAMES["to_act[0]"]
O_ACTIVE = _NAMES["active[0]"]
O_EMPEROR = _NAMES["emperor[0]"]
O_SHOGUN = _NAMES["shogun[0]"]
O_LATCHED = _NAMES["end_latched"]
O_FREE_MOVE = _NAMES["shogun_free_move_used"]
O_MOVES = _NAMES["moves_this_turn"]
O_ORDER = _NAMES["order[0].present"]
ORDER_ROW = _NAMES["order[1].present"] - O_ORDER
O_OFFICE_SOLD = _NAMES["emperor_office_sold"]
O_SUPPORT_USED = _NAMES["emperor_support_used"]
O_POWER_USED = _NAMES["shogun_power_used"]
O_TERRITORIES = _NAMES["territories[0].present"]
TERRITORY_ROW = _NAMES["territories[1].present"] - O_TERRITORIES
T_OWNER = _NAMES["territories[0].owner[0]"] - O_TERRITORIES
T_SAMURAI = _NAMES["territories[0].samurai"] - O_TERRITORIES
T_CASTLE = _NAMES["territories[0].castle[0]"] - O_TERRITORIES
T_BARRED = _NAMES["territories[0].barred"] - O_TERRITORIES
O_DRAW_PILE = _NAMES["draw_pile"]
O_DISCARD = _NAMES["discard_pile[0]"]
O_BATTLE = _NAMES["battle"]
O_B_TERRITORY = _NAMES["battle.territory[0]"]
O_B_FROM = _NAMES["battle.from[0]"]
O_B_COUNT = _NAMES["battle.attacking_samurai"]
O_B_ATTACKER = _NAMES["battle.attacker[0]"]
O_B_DEFENDER = _NAMES["battle.defender[0]"]
O_B_COMMITTED = _NAMES["battle.attacker_committed"]      # then the defender's
O_B_CARDS = _NAMES["battle.attacker_cards[0]"]           # then the defender's
O_B_FORCED = _NAMES["battle.forced_defence"]
O_B_WINNER = _NAMES["battle.winner[0]"]
O_B_RETREAT = _NAMES["battle.retreat_to[0]"]
O_P_STEP = _NAMES["pending.step[0]"]
O_P_SEAT = _NAMES["pending.seat[0]"]
O_P_FROM = _NAMES["pending.move.from[0]"]
O_P_TO = _NAMES["pending.move.to[0]"]
O_P_COUNT = _NAMES["pending.move.count"]
O_P_SEA = _NAMES["pending.move.sea"]
O_P_WINDOW = _NAMES["pending.window[0]"]
O_P_CARD = _NAMES["pending.card[0]"]
O_P_CARD_BY = _NAMES["pending.card.by[0]"]
O_P_TARGET_SEAT = _NAMES["pending.card.target_seat[0]"]
O_P_TARGET_TERRITORY = _NAMES["pending.card.target_territory[0]"]
O_P_BUYING = _NAMES["pending.buying[0]"]
O_P_PRICE = _NAMES["pending.office.price"]
O_P_SIDE = _NAMES["pending.support.side[0]"]
O_P_SAMURAI = _NAMES["pending.support.samurai"]
O_P_TRADE_BY = _NAMES["pending.trade.by[0]"]
O_P_TRADE_CARD = _NAMES["pending.trade.card[0]"]
O_OPTIONS = _NAMES["options[0]"] if N_SWITCHES > 1 else _NAMES["options"]
O_HAND = _NAMES["you.hand[0]"]
O_SET_ASIDE = _NAMES["you.discards_set_aside[0]"]
O_TREASURY = _NAMES["you.treasury"]
O_SEATS = _NAMES["seats[0].present"]
ROW = _NAMES["seats[1].present"] - O_SEATS
R_CLAN = _NAMES["seats[0].clan[0]"] - O_SEATS
R_KOKU = _NAMES["seats[0].koku"] - O_SEATS
R_HONOR = _NAMES["seats[0].honor"] - O_SEATS
R_RESERVE = _NAMES["seats[0].reserve_samurai"] - O_SEATS
R_CASTLES = _NAMES["seats[0].reserve_castles"] - O_SEATS
R_HAND_SIZE = _NAMES["seats[0].hand_size"] - O_SEATS
R_TERRITORIES = _NAMES["seats[0].territories"] - O_SEATS
R_CLAN_POINTS = _NAMES["seats[0].clan_points"] - O_SEATS
R_CITIES = _NAMES["seats[0].cities"] - O_SEATS
R_ON_BOARD = _NAMES["seats[0].samurai_on_board"] - O_SEATS
R_CASTLE_BUILT = _NAMES["seats[0].castle_built"] - O_SEATS
R_ELIMINATED = _NAMES["seats[0].eliminated"] - O_SEATS
R_FORFEITED = _NAMES["seats[0].forfeited"] - O_SEATS
R_PLAYED = _NAMES["seats[0].played_this_phase"] - O_SEATS
R_EMPEROR = _NAMES["seats[0].emperor"] - O_SEATS
R_SHOGUN = _NAMES["seats[0].shogun"] - O_SEATS


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
        if (state.over or seat != state.decider or action < 0 or action >= NUM_ACTIONS
                or not state._is_legal(seat, action)):
            raise ValueError("game %d: %s is not a legal action of seat %d now" % (
                i, ACTION_NAMES[action] if 0 <= action < NUM_ACTIONS else str(action), seat))
        state._apply(seat, action)
        game_steps = steps[i]
        game_steps.append([seat, action])
        if state.over or len(game_steps) >= max_decisions:
            ended[count] = i
            count += 1
            continue
        seat = state.decider
        seats[i] = seat
        for a in range(width):
            masks[i, a] = 0
        for a in state._legal(seat):
            masks[i, a] = 1
        encode(state, seat, out[i])
    return count


def encode_many(states, seats, out):
    """Writes what ``seats[i]`` observes in ``states[i]`` into row ``i`` of ``out``."""
    for i in range(len(states)):
        encode(states[i], seats[i], out[i])


def _seat(holder, seat, n, out, at):
    """A seat one-hot in relative order (flat.seat); none for -1."""
    if 0 <= holder < n:
        out[at + (holder - seat + n) % n] = 1


def _key(index, count):
    """The position ``views`` names by ``KEYS[index]`` (a Python index: -1 is the last)."""
    return index + count if index < 0 else index


def encode(state, seat, out):
    """Writes what ``seat`` observes into ``out`` (``SIZE`` float32, overwritten entirely)."""
    n = state.n
    for i in range(SIZE):
        out[i] = 0
    out[O_PLAYERS] = n
    out[O_TARGET] = state.target
    out[O_ROUND] = state.round_no
    out[O_PHASE + state.phase] = 1
    if not state.over:
        _seat(state.decider, seat, n, out, O_TO_ACT)
    _seat(state.active, seat, n, out, O_ACTIVE)
    _seat(state.emperor, seat, n, out, O_EMPEROR)
    _seat(state.shogun, seat, n, out, O_SHOGUN)
    out[O_LATCHED] = state.latched
    out[O_FREE_MOVE] = state.shogun_free_used
    out[O_MOVES] = state.moves_made
    if state.limited_emperor:
        k = 0
        for s in state.order:
            if k < MAX_SEATS:
                out[O_ORDER + k * ORDER_ROW] = 1
                _seat(s, seat, n, out, O_ORDER + k * ORDER_ROW + 1)
            k += 1
    out[O_OFFICE_SOLD] = state.office_sold
    out[O_SUPPORT_USED] = state.support_used
    out[O_POWER_USED] = state.shogun_power_used
    for t in range(NT):
        row = O_TERRITORIES + t * TERRITORY_ROW
        out[row] = 1
        _seat(state.owner[t], seat, n, out, row + T_OWNER)
        out[row + T_SAMURAI] = state.samurai[t]
        _seat(state.castle[t], seat, n, out, row + T_CASTLE)
        out[row + T_BARRED] = state.blocked[t] != 0
    out[O_DRAW_PILE] = len(state.pile)
    for c in state.discard:
        out[O_DISCARD + _key(c, NK)] += 1
    _battle(state, seat, n, out)
    _pending(state, seat, n, out)
    options = state.options
    for k in range(N_SWITCHES):
        if options.get(SWITCHES[k]):
            out[O_OPTIONS + k] = 1
    for c in range(NK):
        out[O_HAND + c] = state.hand[seat * NK + c]
        out[O_SET_ASIDE + c] = state.pending[seat * NK + c]
    out[O_TREASURY] = state.treasury[seat]
    for k in range(n):
        s = (seat + k) % n
        row = O_SEATS + k * ROW
        out[row] = 1
        out[row + R_CLAN + s] = 1
        out[row + R_KOKU] = state.koku[s]
        out[row + R_HONOR] = state.honor[s]
        out[row + R_RESERVE] = state.reserve[s]
        out[row + R_CASTLES] = state.castles_left[s]
        out[row + R_HAND_SIZE] = state.hand_size[s] + state.pending_size[s]
        out[row + R_TERRITORIES] = state.territories_of(s)
        out[row + R_CLAN_POINTS] = state.clan_points(s)
        out[row + R_CITIES] = state.cities_of(s)
        out[row + R_ON_BOARD] = state.samurai_on_board(s)
        out[row + R_CASTLE_BUILT] = state.castle_built[s] != 0
        out[row + R_ELIMINATED] = state.eliminated[s] != 0
        out[row + R_FORFEITED] = state.forfeited[s] != 0
        out[row + R_PLAYED] = state.done[s] != 0
        out[row + R_EMPEROR] = s == state.emperor
        out[row + R_SHOGUN] = s == state.shogun
    for i in range(SIZE):
        if out[i] < LOW[i]:
            out[i] = LOW[i]
        elif out[i] > HIGH[i]:
            out[i] = HIGH[i]


def _battle(state, seat, n, out):
    """The ``battle`` block (views._battle): the committed cards' kinds only to the seat that
    committed them, or to every seat once revealed."""
    step = state.step
    if state.b_att < 0 or not (step == 14 or step == 15 or step == 16 or step == 17 or step == 26 or step == 27
                               or step == 28 or (step == 12 and state.window_kind == 2)
                               or (step == ST_SHOGUN_POWER and state.shogun_context == 1)):
        return
    out[O_BATTLE] = 1
    out[O_B_TERRITORY + _key(state.b_where, NT)] = 1
    out[O_B_FROM + _key(state.b_from, NT)] = 1
    out[O_B_COUNT] = state.b_count
    _seat(state.b_att, seat, n, out, O_B_ATTACKER)
    _seat(state.b_def, seat, n, out, O_B_DEFENDER)
    for side in range(2):
        who = state.b_att if side == 0 else state.b_def
        shown = state.b_revealed or seat == who
        committed = 0
        for i in range(3):
            c = state.b_cards[side * 3 + i]
            if c >= 0:
                committed += 1
                if shown:
                    out[O_B_CARDS + side * NK + c] += 1
        out[O_B_COMMITTED + side] = committed
    out[O_B_FORCED] = state.b_forced
    if state.b_winner >= 0:
        out[O_B_WINNER + state.b_winner] = 1
    for i in range(state.n_retreat):
        out[O_B_RETREAT + state.retreat_plan[i]] += 1


def _pending(state, seat, n, out):
    """The ``pending`` block (views._table): what is being decided."""
    step = state.step
    if step >= 1:
        out[O_P_STEP + step - 1] = 1
    _seat(state.decider, seat, n, out, O_P_SEAT)
    window = step == ST_WINDOW
    if step == ST_MOVE_TO or step == ST_MOVE_COUNT or (window and state.window_kind == 1):
        out[O_P_FROM + _key(state.mv_from, NT)] = 1
        if step != ST_MOVE_TO:
            out[O_P_TO + _key(state.mv_to, NT)] = 1
        if window:
            out[O_P_COUNT] = state.mv_count
            out[O_P_SEA] = state.mv_sea
    if window and _key(state.window_kind, 4) >= 1:
        out[O_P_WINDOW + _key(state.window_kind, 4) - 1] = 1
    if step == ST_TARGET_PLAYER or step == ST_TARGET_TERRITORY or step == ST_COUNTER:
        out[O_P_CARD + _key(state.c_kind, NK)] = 1
        _seat(state.c_player, seat, n, out, O_P_CARD_BY)
        _seat(state.c_target_player, seat, n, out, O_P_TARGET_SEAT)
        if state.c_target_terr >= 0:
            out[O_P_TARGET_TERRITORY + state.c_target_terr] = 1
    if step == ST_SHOGUN_POWER and state.sh_card >= 0:
        out[O_P_CARD + _key(state.sh_card, NK)] = 1
        _seat(state.sh_by, seat, n, out, O_P_CARD_BY)
        _seat(state.sh_target, seat, n, out, O_P_TARGET_SEAT)
    if step == ST_BUY_WHERE:
        out[O_P_BUYING + _key(state.buy_kind, 2)] = 1
    if step == ST_OFFICE_ANSWER:
        out[O_P_PRICE] = state.office_price
    if step == ST_SUPPORT_FROM or step == ST_SUPPORT_ANSWER:
        out[O_P_SIDE + _key(state.sup_side, 2)] = 1
        out[O_P_SAMURAI] = state.sup_count
    if step == ST_TRADE_ANSWER:
        _seat(state.active, seat, n, out, O_P_TRADE_BY)
        out[O_P_TRADE_CARD + _key(state.trade_card, NK)] = 1

"""Shōgun no Katana's flat observation read straight off the state, and many games stepped at once.

``flat.LAYOUT`` declares the vector and reads it from the observation a bot receives; this
module writes the very same numbers from the state's fields, without building the observation
(the tests compare the two at every step of many games, in both builds, with and without the
ghost, and in story chapters).  Offsets come from the layout itself, so the declaration stays the
one place that says where each number goes.  Values are clipped to the layout's bounds, as
``LAYOUT.encode`` clips them.  Nothing in the layout is hidden: the orders of the stacks and decks
(the game's only hidden information, the ghost's action deck included) are read by their sizes and
visible tops, as ``views`` shows them.  The ghost's belongings are a plain Python object (see
``_ghost``) and a chapter's conditions are worked out by ``chapters``: both are read the Python way,
in the games that have them only.

``step_many`` plays one decision in each of many games inside compiled code, with the checks of
``ShogunState.apply`` (``arena.envs.batch`` uses it; the games it plays are replays that the
public interface re-simulates, which the tests check).
"""
import array

import cython

from ._flow import ShogunFlow  # noqa: F401  (the type of ``state``)
from ._rules import ShogunState  # noqa: F401  (the type of the games ``step_many`` plays)
from .actions import ACTION_NAMES, CELLS as CELL_NAMES
from .flat import LAYOUT, MAX
from . import chapters
from . import data

if not cython.compiled:   # the compiled module cimports the same names (see _flat.pxd)
    from ._tables import (N_TILES, CELLS, NRES, N_CARDS, N_LINES, N_HALLS, N_SPACES, N_FAVOURS, MAX_OPEN,  # noqa: F401
                          TILE_COMPOSITION, TILE_POINTS, TILE_COINS, TEMPLE_COST, FAVOUR_OUT, FAVOUR_REMOVED)
    from ._flow import N_ACTIONS  # noqa: F401

_NAMES = {name: i for i, name in enumerate(LAYOUT.names())}
SIZE = LAYOUT.size
LOW = array.array("f", LAYOUT.low)
HIGH = array.array("f", LAYOUT.high)
MAX_SEATS = MAX
N_DECKS = data.DAIMYO_DECKS
N_HOUSES = len(data.HOUSES)
assert len(CELL_NAMES) == data.FORGE_ROWS * data.FORGE_COLS and len(data.FAVOURS) == 5
O_PLAYERS = _NAMES["players"]
O_ROUND = _NAMES["round"]
O_FIRST = _NAMES["first_player[0]"]
O_TURN = _NAMES["turn[0]"]
O_PHASE = _NAMES["phase[0]"]
O_TO_ACT = _NAMES["to_act[0]"]
O_TEMPLE = _NAMES["temple_cost"]
O_DRAFT = _NAMES["draft[0]"]
O_SPACES = _NAMES["sword_spaces[0].present"]
SPACE_ROW = _NAMES["sword_spaces[1].present"] - O_SPACES
S_OPEN = _NAMES["sword_spaces[0].open"] - O_SPACES
S_TILE = _NAMES["sword_spaces[0].tile[0]"] - O_SPACES
S_WORKER = _NAMES["sword_spaces[0].worker[0]"] - O_SPACES
GHOST_FIGURE = -2                 # the ghost's figure in the board tables (_ghost.GHOST_FIGURE)
O_STACK = _NAMES["sword_stack"]
O_DECKS = _NAMES["daimyo_decks[0].present"]
DECK_ROW = _NAMES["daimyo_decks[1].present"] - O_DECKS
D_SIZE = _NAMES["daimyo_decks[0].size"] - O_DECKS
D_TOP = _NAMES["daimyo_decks[0].top[0]"] - O_DECKS
O_MARKET = _NAMES["market_display[0]"]
O_MARKET_DECK = _NAMES["market_deck"]
O_MARKET_USED = _NAMES["market_spaces_used"]
O_ACADEMY_USED = _NAMES["academy_spaces_used"]
O_PALACE_USED = _NAMES["palace_spaces_used"]
O_KOMAINU = _NAMES["komainu[0]"]
O_HALLS = _NAMES["halls[0].present"]
HALL_ROW = _NAMES["halls[1].present"] - O_HALLS
H_HALL = _NAMES["halls[0].hall[0]"] - O_HALLS
H_MEMBERS = _NAMES["halls[0].members[0]"] - O_HALLS
H_GHOST = _NAMES["halls[0].ghost"] - O_HALLS
O_HONOURS = _NAMES["honour_display[0]"]
O_HONOUR_DECK = _NAMES["honour_deck"]
O_FAVOURS = _NAMES["favours[0].present"]
FAVOUR_ROW = _NAMES["favours[1].present"] - O_FAVOURS
F_HOLDER = _NAMES["favours[0].holder[0]"] - O_FAVOURS
O_SUPPLY = _NAMES["sashimono_supply[0]"]
O_OVER = _NAMES["over"]
O_GHOST = _NAMES["ghost.present"]
O_G_LEVEL = _NAMES["ghost.level[0]"]
O_G_SCORE = _NAMES["ghost.score"]
O_G_WORKERS = _NAMES["ghost.workers_available"]
O_G_PASSED = _NAMES["ghost.passed"]
O_G_FIRST = _NAMES["ghost.plays_first"]
O_G_SWORDS = _NAMES["ghost.swords"]
O_G_COINS = _NAMES["ghost.sword_coins"]
O_G_BLOCKED = _NAMES["ghost.blocked_slots[0]"]
O_G_SASHIMONO = _NAMES["ghost.sashimono[0]"]
O_G_KATANA = _NAMES["ghost.katana[0]"]
O_G_DECORATED = _NAMES["ghost.katana_decorated[0]"]
O_G_MARKET = _NAMES["ghost.market_cards"]
O_G_HONOURS = _NAMES["ghost.honours[0]"]
O_G_DECK = _NAMES["ghost.deck"]
O_G_DISCARD = _NAMES["ghost.discard[0]"]
O_G_LAST = _NAMES["ghost.last_card[0]"]
O_G_SET_ASIDE = _NAMES["ghost.set_aside"]
O_CHAPTER = _NAMES["chapter[0]"]
O_CONDITIONS = _NAMES["chapter_conditions[0].present"]
CONDITION_ROW = _NAMES["chapter_conditions[1].present"] - O_CONDITIONS
K_MET = _NAMES["chapter_conditions[0].met"] - O_CONDITIONS
O_SURCHARGE = _NAMES["chapter_surcharge[0]"]
SCARCITY = chapters.SCARCITY
O_SEATS = _NAMES["seats[0].present"]
ROW = _NAMES["seats[1].present"] - O_SEATS
R_COINS = _NAMES["seats[0].coins"] - O_SEATS
R_SCORE = _NAMES["seats[0].score"] - O_SEATS
R_PASSED = _NAMES["seats[0].passed"] - O_SEATS
R_WORKERS = _NAMES["seats[0].workers_available"] - O_SEATS
R_UNLOCKED = _NAMES["seats[0].workers_unlocked"] - O_SEATS
R_MONKS = _NAMES["seats[0].monks_used"] - O_SEATS
R_STOCK = _NAMES["seats[0].stock[0]"] - O_SEATS
R_ARTISANS = _NAMES["seats[0].artisans[0]"] - O_SEATS
R_PROJECT = _NAMES["seats[0].project[0]"] - O_SEATS
R_SASHIMONO = _NAMES["seats[0].sashimono[0]"] - O_SEATS
R_FORGE = _NAMES["seats[0].forge[0].present"] - O_SEATS
CELL_ROW = _NAMES["seats[0].forge[1].present"] - O_SEATS - R_FORGE
C_TILE = _NAMES["seats[0].forge[0].tile[0]"] - O_SEATS - R_FORGE
C_PLACED = _NAMES["seats[0].forge[0].placed"] - O_SEATS - R_FORGE
C_DECORATED = _NAMES["seats[0].forge[0].decorated[0]"] - O_SEATS - R_FORGE
C_SASHIMONO = _NAMES["seats[0].forge[0].sashimono[0]"] - O_SEATS - R_FORGE
C_COMPLETE = _NAMES["seats[0].forge[0].complete"] - O_SEATS - R_FORGE
R_CARDS = _NAMES["seats[0].cards[0]"] - O_SEATS
R_UNDER = _NAMES["seats[0].under[0]"] - O_SEATS
R_OPEN = _NAMES["seats[0].open_cards[0]"] - O_SEATS
R_FAMILY = _NAMES["seats[0].family_home"] - O_SEATS
R_KATANA_STATE = _NAMES["seats[0].katana.state[0]"] - O_SEATS
R_KATANA_COMPOSITION = _NAMES["seats[0].katana.composition[0]"] - O_SEATS
R_KATANA_COLUMN = _NAMES["seats[0].katana.column"] - O_SEATS
R_KATANA_VALUE = _NAMES["seats[0].katana.value"] - O_SEATS
R_SHAME = _NAMES["seats[0].shame[0]"] - O_SEATS
R_DELIVERED = _NAMES["seats[0].delivered"] - O_SEATS
R_HONOURS = _NAMES["seats[0].honours[0]"] - O_SEATS


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
        if state.over or seat != state.actor or action < 0 or action >= N_ACTIONS or not state._is_legal(action):
            raise ValueError("game %d: %s is not a legal action of seat %d now" % (
                i, ACTION_NAMES[action] if 0 <= action < N_ACTIONS else str(action), seat))
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
        for a in state._legal():
            masks[i, a] = 1
        encode(state, seat, out[i])
    return count


def encode_many(states, seats, out):
    """Writes what ``seats[i]`` observes in ``states[i]`` into row ``i`` of ``out``."""
    for i in range(len(states)):
        encode(states[i], seats[i], out[i])


def _seat(holder, seat, n, out, at):
    """A seat one-hot (relative order); the ghost (-2) and nobody (-1) are no seat."""
    if 0 <= holder < n:
        out[at + (holder - seat + n) % n] = 1


def _figure(holder, seat, n, out, at):
    """Whose figure holds a space (flat.figure): a seat one-hot (relative order), then the ghost's."""
    if holder == GHOST_FIGURE:
        out[at + MAX_SEATS] = 1
    else:
        _seat(holder, seat, n, out, at)


def _tile(tile, out, at):
    """A sword tile: present, its resources counted, points, coins (flat.tile); the katana is only present."""
    out[at] = 1
    if tile < N_TILES:
        for r in TILE_COMPOSITION[tile]:
            out[at + 1 + r] += 1
        out[at + 5] = TILE_POINTS[tile]
        out[at + 6] = TILE_COINS[tile]


def encode(state, seat, out):
    """Writes what ``seat`` observes into ``out`` (``SIZE`` float32, overwritten entirely)."""
    n = state.n
    for i in range(SIZE):
        out[i] = 0
    out[O_PLAYERS] = n
    out[O_ROUND] = state.round + 1
    _seat(state.first, seat, n, out, O_FIRST)
    _seat(state.turn, seat, n, out, O_TURN)
    out[O_PHASE + state.phase] = 1
    if not state.over:
        _seat(state.actor, seat, n, out, O_TO_ACT)
    out[O_TEMPLE] = TEMPLE_COST[state.round]
    for tile in state.draft:
        if tile >= 0:
            out[O_DRAFT + tile] += 1
    for k in range(N_SPACES):
        row = O_SPACES + k * SPACE_ROW
        out[row] = 1
        out[row + S_OPEN] = state.space_open[k] != 0
        if state.space_tile[k] >= 0:
            _tile(state.space_tile[k], out, row + S_TILE)
        _figure(state.space_worker[k], seat, n, out, row + S_WORKER)
    out[O_STACK] = len(state.tile_stack)
    for h in range(N_DECKS):
        deck = state.daimyo_deck[h]
        row = O_DECKS + h * DECK_ROW
        out[row] = 1
        out[row + D_SIZE] = len(deck)
        if deck:
            card = deck[len(deck) - 1]
            if card >= 0:
                out[row + D_TOP + card] = 1
    for k in range(len(state.market_display)):
        card = state.market_display[k]
        if card >= 0:
            out[O_MARKET + card] += 1
    out[O_MARKET_DECK] = len(state.market_deck)
    out[O_MARKET_USED] = _sum(state.market_used)
    out[O_ACADEMY_USED] = _sum(state.academy_used)
    out[O_PALACE_USED] = _sum(state.palace_used)
    _figure(state.komainu, seat, n, out, O_KOMAINU)
    for k in range(chapters.open_halls(state) if state.chapter else N_HALLS):
        row = O_HALLS + k * HALL_ROW
        out[row] = 1
        out[row + H_HALL + state.halls[k]] = 1
        for s in range(n):
            if state.member[s * N_HALLS + k]:
                out[row + H_MEMBERS + (s - seat + n) % n] = 1
    for card in state.honour_display:
        out[O_HONOURS + card] += 1
    out[O_HONOUR_DECK] = len(state.honour_deck)
    for k in range(N_FAVOURS):
        row = O_FAVOURS + k * FAVOUR_ROW
        out[row] = 1
        holder = state.favour[k]
        if FAVOUR_OUT <= holder <= FAVOUR_REMOVED:
            out[row + F_HOLDER + holder - FAVOUR_OUT] = 1
        else:
            _seat(holder, seat, n, out, row + F_HOLDER + 3)
    for k in range(N_HOUSES):
        out[O_SUPPLY + k] = state.sashi_supply[k]
    out[O_OVER] = state.over
    if state.ghost is not None:
        _write_ghost(state.ghost, out)
    if state.chapter:
        _write_chapter(state, out)
    for k in range(n):
        _write_seat(state, (seat + k) % n, out, O_SEATS + k * ROW)
    for i in range(SIZE):
        if out[i] < LOW[i]:
            out[i] = LOW[i]
        elif out[i] > HIGH[i]:
            out[i] = HIGH[i]


def _sum(table):
    total = 0
    for k in range(len(table)):
        total += table[k]
    return total


def _write_seat(state, s, out, row):
    """Seat ``s``'s row (flat.SEAT) from ``row``."""
    out[row] = 1
    out[row + R_COINS] = state.coins[s]
    out[row + R_SCORE] = state.score[s]
    out[row + R_PASSED] = state.passed[s] != 0
    out[row + R_WORKERS] = state.workers_free[s]
    out[row + R_UNLOCKED] = state.workers_unlocked[s]
    out[row + R_MONKS] = state.monks_used[s]
    for r in range(NRES):
        out[row + R_STOCK + r] = state.stock[s * NRES + r]
        out[row + R_ARTISANS + r] = state.artisan[s * NRES + r]
        out[row + R_PROJECT + r] = state.project[s * NRES + r]
    for h in range(N_HOUSES):
        out[row + R_SASHIMONO + h] = state.sashimono[s * NRES + h]
    for cell in range(CELLS):
        i = s * CELLS + cell
        tile = state.cell_tile[i]
        if tile < 0:
            continue
        at = row + R_FORGE + cell * CELL_ROW
        out[at] = 1
        _tile(tile, out, at + C_TILE)
        out[at + C_PLACED] = state.cell_progress[i]
        for r in range(NRES):
            if state.cell_deco[i] & (1 << r):
                out[at + C_DECORATED + r] = 1
        if state.cell_sashi[i] >= 0:
            out[at + C_SASHIMONO + state.cell_sashi[i]] = 1
        out[at + C_COMPLETE] = state.is_complete(s, cell)
    for c in range(N_CARDS):
        out[row + R_CARDS + c] = state.hand[s * N_CARDS + c]
    for line in range(N_LINES):
        out[row + R_UNDER + line] = len(state.under[s * N_LINES + line])
    for k in range(state.open_count[s]):
        card = state.open_card[s * MAX_OPEN + k]
        if card >= 0:
            out[row + R_OPEN + card] += 1
    out[row + R_FAMILY] = state.family_home[s]
    out[row + R_KATANA_STATE + state.katana_state[s]] = 1
    for r in state.katana_comp[s]:
        out[row + R_KATANA_COMPOSITION + r] += 1
    if state.katana_column[s] >= 0:
        out[row + R_KATANA_COLUMN] = state.katana_column[s] + 1
    out[row + R_KATANA_VALUE] = state.katana_value[s]
    if state.shame[s] > 0:
        out[row + R_SHAME + state.shame[s] - 1] = 1
    out[row + R_DELIVERED] = len(state.delivered[s])
    for h in state.honours[s]:
        out[row + R_HONOURS + h] += 1


def _write_ghost(ghost, out):
    """The ghost's public belongings (flat's ``ghost.*``, views._ghost_view): its deck by its size."""
    out[O_GHOST] = 1
    out[O_G_LEVEL + ghost.level - 1] = 1
    out[O_G_SCORE] = ghost.score
    out[O_G_WORKERS] = ghost.available
    out[O_G_PASSED] = ghost.passed != 0
    out[O_G_FIRST] = ghost.plays_first != 0
    out[O_G_SWORDS] = len(ghost.washitsu)
    for tile in ghost.washitsu:
        out[O_G_COINS] += TILE_COINS[tile]
    for slot in ghost.blocked:
        out[O_G_BLOCKED + slot] += 1
    for h in range(N_HOUSES):
        out[O_G_SASHIMONO + h] = ghost.sashimono[h]
    for entry in ghost.katana:
        r = entry[0]
        out[O_G_KATANA + r] += 1
        if entry[1]:
            out[O_G_DECORATED + r] += 1
    out[O_G_MARKET] = len(ghost.market_cards)
    for h in ghost.honours:
        out[O_G_HONOURS + h] += 1
    out[O_G_DECK] = len(ghost.deck)
    for card in ghost.discard:
        out[O_G_DISCARD + card] += 1
    if ghost.discard:
        out[O_G_LAST + ghost.discard[len(ghost.discard) - 1]] = 1
    out[O_G_SET_ASIDE] = len(ghost.set_aside)
    for hall in ghost.halls:
        out[O_HALLS + hall * HALL_ROW + H_GHOST] += 1


def _write_chapter(state, out):
    """The story chapter (flat's ``chapter*``, views._chapter_view): its number, its conditions met so
    far, chapter 13's coins on the market prices."""
    out[O_CHAPTER + state.chapter - 1] = 1
    k = 0
    for condition in chapters.conditions(state):
        out[O_CONDITIONS + k * CONDITION_ROW] = 1
        out[O_CONDITIONS + k * CONDITION_ROW + K_MET] = condition["met"]
        k += 1
    if state.chapter == SCARCITY:
        for r in range(NRES):
            out[O_SURCHARGE + r] = state.market_coins[r]

"""Shōgun no Katana: the flow of a game on top of the mechanics of ``_core``: the phases, the
automatic steps between decisions, Moments and cards, and the legality helpers.

The rulings are listed in ``_rules.py``'s docstring, which builds the engine contract on this
module.  Compiled by Cython (``_flow.pxd``) and also run as plain Python.
"""
import array

import cython

from . import chapters
from . import data
from ._core import ShogunCore
from .actions import ACTIONS

if not cython.compiled:   # the compiled module cimports the same names (see _flow.pxd)
    from ._core import (KATANA, CELLS, COLS, NRES, N_CARDS, N_LINES, N_HALLS, N_SPACES,  # noqa: F401
                        STARTING_SASHIMONO, EV_PLAY, EV_DISCARD, EV_END, EV_TEMPLE_TAX, MAX_OPEN, TILE_LENGTH, HALL_PASSIVE,
                        _first_free, _zeros, _fill)
    from ._ghost import ghost_turn  # noqa: F401

# the data the flow reads on every decision, as C ints and C int tables (card and hall ids index them)
PALACE_AREA = data.PALACE_AREA
ACADEMY_AREA = data.ACADEMY_AREA
MARKET_AREA = data.MARKET_AREA
FORGE_AREA = data.FORGE_AREA
HOUSE_AREA = data.HOUSE_AREA
E_SECOND_ADVANTAGE = data.E_SECOND_ADVANTAGE
E_SASHIMONO = data.E_SASHIMONO
E_REORGANIZE = data.E_REORGANIZE
E_FAMILY = data.E_FAMILY
E_DOUBLE_POINTS = data.E_DOUBLE_POINTS
E_DOUBLE_LINE = data.E_DOUBLE_LINE
E_DECORATE = data.E_DECORATE
E_ADVANCE = data.E_ADVANCE
E_TEMPLE_COINS = data.E_TEMPLE_COINS
E_RESOURCE = data.E_RESOURCE
E_POINTS = data.E_POINTS
E_MOVE = data.E_MOVE
E_DELIVERY_POINTS = data.E_DELIVERY_POINTS
E_COINS = data.E_COINS
H_PAY = data.H_PAY
H_MOVE = data.H_MOVE
H_TAKE = data.H_TAKE
H_MARKET_MOVE = data.H_MARKET_MOVE
H_DISCOUNT = data.H_DISCOUNT
H_ADVANCE = data.H_ADVANCE
MARKET_DISPLAY = data.MARKET_DISPLAY
MONKS = data.MONKS
FAMILY_MEMBERS = data.FAMILY_MEMBERS
NO_DECORATING = chapters.NO_DECORATING      # the story chapter whose academy is closed
KATANA_MAX_RESOURCES = data.KATANA_MAX_RESOURCES
assert KATANA_MAX_RESOURCES >= data.NUM_RESOURCES + 1     # the shortest katana from any entry (_katana_reachable)
PROJECT_CHANGE_PENALTY = data.PROJECT_CHANGE_PENALTY
KOMAINU_COINS = data.KOMAINU_COINS
ROUNDS = data.ROUNDS
FORGE_ROWS = data.FORGE_ROWS
AREA_ANY = data.ANY
AREA_DELIVERY = data.DELIVERY
CARD_AREA = array.array("i", [c.area for c in data.CARDS])
CARD_EFFECT = array.array("i", [c.effect for c in data.CARDS])
CARD_AMOUNT = array.array("i", [c.amount for c in data.CARDS])
CARD_RESOURCE = array.array("i", [c.resource for c in data.CARDS])
CARD_PRICE = array.array("i", [c.price for c in data.CARDS])
HALL_KIND = array.array("i", [h.kind for h in data.HALLS])
HALL_COST = array.array("i", [h.cost for h in data.HALLS])
HALL_COINS = array.array("i", [h.coins for h in data.HALLS])
HALL_POINTS = array.array("i", [h.points for h in data.HALLS])
HALL_GOODS = array.array("i", [h.resources[r] for h in data.HALLS for r in range(data.NUM_RESOURCES)])

STACK_SIZE = 32     # the flow's stack: a turn, a window, a delivery, a card, a hall... at most a few deep
ACTION_NAMES = ACTIONS.names
PASS, DONE = ACTIONS.first("PASS"), ACTIONS.first("DONE")
WORKER, MONK = ACTIONS.first("WORKER"), ACTIONS.first("MONK")
N_PLACES = ACTIONS.block("WORKER").size
P_MARKET, P_ACADEMY, P_PALACE, P_KOMAINU = N_SPACES, N_SPACES + 1, N_SPACES + 2, N_SPACES + 3
P_LINE = N_SPACES + 4                     # + line (rows then columns)
DELIVER, KATANA_ACTION = ACTIONS.first("DELIVER"), ACTIONS.first("KATANA")
PLAY, BUY, DISCARD = ACTIONS.first("PLAY"), ACTIONS.first("BUY"), ACTIONS.first("DISCARD")
LINE, MOVE, SWAP = ACTIONS.first("LINE"), ACTIONS.first("MOVE"), ACTIONS.first("SWAP")
COLLECT_ROW, COLLECT_COLUMN = ACTIONS.first("COLLECT_ROW"), ACTIONS.first("COLLECT_COLUMN")
PURCHASE, ADVANCE, DECORATE = ACTIONS.first("PURCHASE"), ACTIONS.first("ADVANCE"), ACTIONS.first("DECORATE")
SASHIMONO, PROJECT = ACTIONS.first("SASHIMONO"), ACTIONS.first("PROJECT")
RECOVER, DROP, COMPOSE = ACTIONS.first("RECOVER"), ACTIONS.first("DROP"), ACTIONS.first("COMPOSE")
HALL, REORGANIZE = ACTIONS.first("HALL"), ACTIONS.first("REORGANIZE")
MARKET_CARD, HONOUR = ACTIONS.first("MARKET_CARD"), ACTIONS.first("HONOUR")
KOMAINU_EFFECT, DRAFT = ACTIONS.first("KOMAINU_EFFECT"), ACTIONS.first("DRAFT")
N_SWAPS = ACTIONS.block("SWAP").size
# the free decisions of the windows are one run of ids, DELIVER_* to DISCARD_* (_rules' _is_legal reads it so)
assert DELIVER + CELLS == KATANA_ACTION and KATANA_ACTION + 1 == PLAY and PLAY + N_CARDS == BUY == DISCARD - N_CARDS
N_ACTIONS = ACTIONS.size
REORG_PAIRS = tuple((a, b) for a in range(N_HALLS) for b in range(N_HALLS) if a != b)
K_FORGE, K_MARKET, K_ACADEMY, K_PALACE, K_HOUSE = range(5)

# phases: a seat is asked; automatic steps (>= 100) run without asking anybody
(PH_DRAFT, PH_TURN, PH_AFTER, PH_HONOUR, PH_SASHIMONO, PH_MARKET_BUY, PH_MARKET_CARD, PH_ADVANCE,
 PH_DECORATE, PH_SIDE_DECORATE, PH_SIDE_FREE, PH_PAL_PLACE, PH_REORG, PH_PAL_ACTIVATE, PH_SIDE_HALL,
 PH_FORGE, PH_MOVE, PH_KOMAINU, PH_LINE, PH_RESOLVE, PH_DELIVER_SCORE, PH_DELIVER_LINES, PH_PROJECT,
 PH_KATANA_MODIFY, PH_COMPOSE, PH_DECORATE_ONE, PH_FAMILY, PH_HALL_ONCE, PH_OVER) = range(29)
PH_MARKET_COIN = 29                          # story chapter 13: the coin on a resource bought (PURCHASE_<res>)
(A_END_TURN, A_SIDE_NEXT, A_SIDE_FREE, A_SIDE_END, A_DELIVER_REST, A_DELIVER_PROJECT, A_MARKET_AFTER_BUY,
 A_MARKET_CARDS, A_PALACE_SIDE, A_ACADEMY_SIDE, A_FORGE_END) = range(100, 111)


def _area_of_phase(phase):
    """The area whose cards are playable in ``phase`` besides the seat's own action area, or -2."""
    if phase == PH_FORGE:
        return FORGE_AREA
    if phase == PH_DECORATE:
        return ACADEMY_AREA
    if phase == PH_PAL_ACTIVATE:
        return PALACE_AREA
    if phase == PH_MARKET_BUY:
        return MARKET_AREA
    return -2


class ShogunFlow(ShogunCore):
    """The flow of decisions on top of ``ShogunCore``."""

    def __init__(self, n_players, seed, record=True, ghost_level=0, chapter=0):
        self.ghost_level = ghost_level              # R115: 0 without the ghost, else its level
        self.chapter = chapter                      # R133: the story chapter 1-14, 0 none
        self._allocate(n_players)
        self.stack_phase = _zeros(STACK_SIZE)       # where the flow goes back to: phases and seats
        self.stack_seat = _zeros(STACK_SIZE)
        self.offered = _zeros(N_ACTIONS)            # the legal actions being collected (see _offer):
        self.offered_list = _zeros(N_ACTIONS)       # marked, and listed in the order offered
        self.compose_left = _zeros(NRES)
        self.counts = _zeros(NRES)                  # scratch: the project's resources being laid out
        self.market_coins = _zeros(NRES)            # story chapter 13: coins on each resource's price
        self.reset(n_players, seed, record)

    def reset(self, n_players, seed, record):
        """A new game, on the tables allocated for ``n_players`` seats (the fast path plays its games
        on one state)."""
        self.setup(n_players, seed, record)
        _fill(self.market_coins, 0)
        if self.chapter:                            # R133: a story chapter's set-up
            chapters.at_setup(self)
        self.depth = 0
        self.next_seat = -1                         # the seat of the phase _step or _next_turn returns
        _fill(self.offered, 0)
        self.offered_count = 0
        self.phase = PH_DRAFT
        self.actor = self.start_draft_seat(0)
        self.turn = self.first
        if n_players == 1:                          # a seat alone takes the one tile offered (R12)
            self.take_draft_tile(self.first, 0)
            self.phase = PH_TURN
        self.monk = 0
        self.used_artisans = 0
        self.advances_left = 0
        self.activated_halls = 0
        self.repeat_left = 0
        self.hall_move_slot = -1
        self.free_moves = 0
        self.forge_line = -1
        self.move_mask = 15
        self.bought_mask = 0
        self.market_cards_left = 0
        self.side_kind = 0
        self.side_first = -1
        self.side_index = 0
        self.reorg_moved = 0
        self.pending_buy = -1
        _fill(self.compose_left, 0)
        self.d_cell = -1
        self.d_double = 0
        self.d_bonus = 0
        self.d_twice = 0
        self.d_row = 0
        self.d_col = 0
        self.d_slot = -1
        self.d_played = 0

    # ------------------------------------------------------------------ flow
    def _push(self, phase, seat):
        self.stack_phase[self.depth] = phase
        self.stack_seat[self.depth] = seat
        self.depth += 1

    def _pop(self):
        self.depth -= 1
        self._goto(self.stack_phase[self.depth], self.stack_seat[self.depth])

    def _to(self, phase, seat):
        """The next phase of ``_step`` and ``_next_turn``; its seat in ``next_seat``."""
        self.next_seat = seat
        return phase

    def _popped(self):
        """The phase on top of the stack, taken off (its seat in ``next_seat``)."""
        self.depth -= 1
        self.next_seat = self.stack_seat[self.depth]
        return self.stack_phase[self.depth]

    def _ask(self, phase, seat):
        self.phase = phase
        self.actor = seat

    def _goto(self, phase, seat):
        """Runs automatic steps until a seat must decide."""
        while phase >= 100 or (phase == PH_RESOLVE and not self._unresolved(seat)):
            if phase == PH_RESOLVE:
                phase = self._popped()
            else:
                phase = self._step(phase, seat)
                if self.over:
                    return
            seat = self.next_seat
        self._ask(phase, seat)

    def _step(self, phase, seat):
        if phase == A_END_TURN:
            if self._unresolved(seat):
                self._push(A_END_TURN, seat)
                return self._to(PH_RESOLVE, seat)
            self._close_moment(seat)
            self.action_area[seat] = -1
            return self._next_turn()
        if phase == A_FORGE_END:
            for cell in range(CELLS):
                self.cell_credit[seat * CELLS + cell] = 0
                self.cell_activated[seat * CELLS + cell] = 0
            self.free_moves = 0
            self.forge_line = -1
            return self._to(PH_AFTER, seat)
        if phase == A_ACADEMY_SIDE or phase == A_PALACE_SIDE:
            self.side_kind = ACADEMY_AREA if phase == A_ACADEMY_SIDE else PALACE_AREA
            self.side_first = seat
            self.side_index = 1
            return self._to(A_SIDE_NEXT, seat)
        if phase == A_SIDE_NEXT:
            while self.side_index < self.n:           # the others, clockwise from the actor's left
                other = (self.side_first + self.side_index) % self.n
                self.side_index += 1
                if self.side_kind == ACADEMY_AREA and self.any_decoration(other, 0):
                    return self._to(PH_SIDE_DECORATE, other)
                if self.side_kind == PALACE_AREA and self._usable_halls(other, False):
                    return self._to(PH_SIDE_HALL, other)
            if self.turn == self.n:                   # after the ghost's turn (R123 d, R125)
                return self._next_turn()
            return self._to(PH_AFTER, self.turn)
        if phase == A_SIDE_FREE:
            if not self.passed[seat]:
                self.action_area[seat] = self.side_kind
                offered = self._offer_free(seat, PH_SIDE_FREE)
                self._offers_cleared()              # only whether there is one counts here
                if offered > 0:
                    return self._to(PH_SIDE_FREE, seat)
            return self._to(A_SIDE_END, seat)
        if phase == A_SIDE_END:
            if self._unresolved(seat):
                self._push(A_SIDE_END, seat)
                return self._to(PH_RESOLVE, seat)
            self._close_moment(seat)
            self.action_area[seat] = -1
            return self._to(A_SIDE_NEXT, seat)
        if phase == A_DELIVER_REST:
            if self.remove_delivered(seat, self.d_cell) == STARTING_SASHIMONO and self._any_sashimono():
                self._push(A_DELIVER_PROJECT, seat)
                return self._to(PH_SASHIMONO, seat)
            return self._to(A_DELIVER_PROJECT, seat)
        if phase == A_DELIVER_PROJECT:
            if self.d_slot >= 0 and self.katana_state[seat] == 0:
                return self._to(PH_PROJECT, seat)
            return self._popped()
        if phase == A_MARKET_AFTER_BUY:
            if self.bought_mask and self._has_passive(seat, H_MARKET_MOVE):
                self.free_moves, self.forge_line, self.move_mask, self.hall_move_slot = 1, -1, self.bought_mask, -1
                self._push(A_MARKET_CARDS, seat)
                return self._to(PH_MOVE, seat)
            return self._to(A_MARKET_CARDS, seat)
        if phase == A_MARKET_CARDS:
            self.move_mask = 15
            if self.market_cards_left > 0 and self._market_has_card():
                return self._to(PH_MARKET_CARD, seat)
            return self._to(PH_AFTER, seat)
        raise AssertionError("unknown step %d" % phase)

    def _next_turn(self):
        """The sequence that ends settles Favour I (R103, A12): a seat's turn, or the ghost's with
        the benefits it handed out, which is a sequence of its own."""
        self.settle_first_favour()
        if self.ghost is not None:
            return self._next_turn_with_ghost()
        for k in range(1, self.n + 1):
            seat = (self.turn + k) % self.n
            if not self.passed[seat]:
                self.turn = seat
                return self._to(PH_TURN, seat)
        if self.round == ROUNDS - 1:
            self._finish("four_rounds")
            return self._to(PH_OVER, -1)
        self.restore()
        self.turn = self.first
        return self._to(PH_TURN, self.first)

    def _next_turn_with_ghost(self):
        """R117, R121, R129: the ghost's place in the turn order is between the last seat and the
        first, playing first in a round after its Komainu, else last.  ``turn`` is ``n`` while the
        ghost plays."""
        n = self.n
        ghost = self.ghost
        position = n if self.turn == n else (self.turn - self.first + n) % n
        for k in range(1, n + 2):
            p = (position + k) % (n + 1)
            if p == n:
                if not ghost.passed:
                    return self._ghost_plays()
            elif not self.passed[(self.first + p) % n]:
                self.turn = (self.first + p) % n
                return self._to(PH_TURN, self.turn)
        if self.chapter:                          # A16: a chapter's end of round, the last included
            tax = chapters.at_round_end(self)
            if tax is not None:
                due, paid = tax
                self._log(EV_TEMPLE_TAX, chapters.SEAT, due, paid, due - paid)
        if self.round == ROUNDS - 1:
            self._finish("four_rounds")
            return self._to(PH_OVER, -1)
        self.restore()
        if self.chapter:
            chapters.at_round_start(self)
        if ghost.plays_first:
            return self._ghost_plays()
        self.turn = self.first
        return self._to(PH_TURN, self.first)

    def _ghost_plays(self):
        """The ghost's turn, played by the engine; then each seat may take the benefit it hands out,
        clockwise from the first seat (R123 d, R125)."""
        self.turn = self.n
        benefit = ghost_turn(self, self.ghost)
        if benefit:
            self.side_kind = benefit
            self.side_first = self.first
            self.side_index = 0
            return self._to(A_SIDE_NEXT, self.first)
        return self._next_turn_with_ghost()

    def _finish(self, reason):
        self.final_scoring()
        self.over = True
        self.end_reason = reason
        self.phase = PH_OVER
        self.actor = -1
        self._log(EV_END, -1, 0, 0, 0)

    # ------------------------------------------------------------------ cards and Moments
    def _open_index(self, seat, card, used, bought):
        """The index of the first open ``card`` of the seat's Moment with those marks (-1: any), or -1."""
        base = seat * MAX_OPEN
        for i in range(base, base + self.open_count[seat]):
            if (self.open_card[i] == card and (used < 0 or self.open_used[i] == used)
                    and (bought < 0 or self.open_bought[i] == bought)):
                return i - base
        return -1

    def _open_card(self, seat, card, used, bought):
        """A card opened in the seat's Moment, after the others."""
        i = seat * MAX_OPEN + self.open_count[seat]
        self.open_card[i] = card
        self.open_used[i] = used
        self.open_bought[i] = bought
        self.open_count[seat] += 1

    def _unresolved(self, seat):
        base = seat * MAX_OPEN
        for i in range(base, base + self.open_count[seat]):
            if self.open_used[i] and not self.open_bought[i]:
                return True
        return False

    def _close_moment(self, seat):
        self.open_count[seat] = 0
        self.second_line[seat] = 0

    def price(self, seat, card):
        price = CARD_PRICE[card]
        if self._has_passive(seat, H_DISCOUNT):
            price -= 1
        return price if price > 0 else 0

    def _line_free(self, seat, line):
        held = len(self.under[seat * N_LINES + line])
        return held == 0 or (held == 1 and self.second_line[seat])

    def _any_line_free(self, seat):
        for line in range(N_LINES):
            if self._line_free(seat, line):
                return True
        return False

    def _can_buy(self, seat, card, resolving):
        if self._open_index(seat, card, 1, 0) < 0 and (resolving or self.hand[seat * N_CARDS + card] == 0):
            return False
        return self.coins[seat] >= self.price(seat, card) and self._any_line_free(seat)

    def _can_play(self, seat, card, phase):
        area, effect = CARD_AREA[card], CARD_EFFECT[card]
        if self.hand[seat * N_CARDS + card] == 0 and self._open_index(seat, card, 0, 1) < 0:
            return False
        if area == AREA_DELIVERY:
            if effect == E_DOUBLE_LINE:
                return phase == PH_DELIVER_LINES and not self.d_twice and not (self.d_row and self.d_col)
            if phase != PH_DELIVER_SCORE or self.d_played & (1 << effect):
                return False
            return effect != E_DOUBLE_POINTS or self.cell_tile[seat * CELLS + self.d_cell] != KATANA
        if phase == PH_DELIVER_SCORE or phase == PH_DELIVER_LINES:
            return False
        if area != AREA_ANY and area != self.action_area[seat] and area != _area_of_phase(phase):
            return False
        if effect == E_ADVANCE:
            return self.any_advance(seat)
        if effect == E_DECORATE:
            return self.any_decoration(seat, 0)
        if effect == E_SASHIMONO:
            return self._any_sashimono()
        if effect == E_REORGANIZE:
            return self._can_reorganize(seat)
        if effect == E_FAMILY:
            return self.family_home[seat] > 0 and self._free_hall_for(seat)
        if effect == E_SECOND_ADVANTAGE:
            return not self.second_line[seat]
        return True

    def _play(self, seat, card, phase):
        i = self._open_index(seat, card, 0, 1)
        if i >= 0:
            self.open_used[seat * MAX_OPEN + i] = 1
        else:
            self.hand[seat * N_CARDS + card] -= 1
            self.held[seat] -= 1
            self._open_card(seat, card, 1, 0)
        amount = CARD_AMOUNT[card]
        self._log(EV_PLAY, seat, card, 0, 0)
        effect = CARD_EFFECT[card]
        if effect == E_COINS:
            self.coins[seat] += amount
        elif effect == E_RESOURCE:
            self.stock[seat * NRES + CARD_RESOURCE[card]] += amount
        elif effect == E_POINTS:
            self.score[seat] += amount
        elif effect == E_TEMPLE_COINS:
            self.coins[seat] += self.temple_cost()
        elif effect == E_DELIVERY_POINTS:
            self.d_bonus += amount
            self.d_played |= 1 << effect
        elif effect == E_DOUBLE_POINTS:
            self.d_double = 1
            self.d_played |= 1 << effect
        elif effect == E_DOUBLE_LINE:
            self.d_twice = 1
        elif effect == E_SECOND_ADVANTAGE:
            self.second_line[seat] = 1
        elif effect == E_MOVE:
            if phase == PH_FORGE:
                self.free_moves += amount
            else:
                self._push(phase, seat)
                self.free_moves, self.forge_line, self.move_mask, self.hall_move_slot = amount, -1, 15, -1
                self._ask(PH_MOVE, seat)
        elif effect == E_ADVANCE:
            self._push(phase, seat)
            self.advances_left = amount
            self._ask(PH_ADVANCE, seat)
        elif effect == E_DECORATE:
            self._push(phase, seat)
            self._ask(PH_DECORATE_ONE, seat)
        elif effect == E_SASHIMONO:
            self._push(phase, seat)
            self._ask(PH_SASHIMONO, seat)
        elif effect == E_REORGANIZE:
            self._push(phase, seat)
            self.reorg_moved = 0
            self._ask(PH_REORG, seat)
        elif effect == E_FAMILY:
            self._push(phase, seat)
            self._ask(PH_FAMILY, seat)

    def _buy(self, seat, card, phase):
        i = self._open_index(seat, card, 1, 0)
        if i >= 0:
            self.open_bought[seat * MAX_OPEN + i] = 1
        else:
            self.hand[seat * N_CARDS + card] -= 1
            self.held[seat] -= 1
            self._open_card(seat, card, 0, 1)
        self.coins[seat] -= self.price(seat, card)
        self.pending_buy = card
        self._push(phase, seat)
        self._ask(PH_LINE, seat)

    def _discard(self, seat, card):
        """The card leaves the Moment; the cards opened after it keep their order."""
        base = seat * MAX_OPEN
        last = base + self.open_count[seat] - 1
        for i in range(base + self._open_index(seat, card, 1, 0), last):
            self.open_card[i] = self.open_card[i + 1]
            self.open_used[i] = self.open_used[i + 1]
            self.open_bought[i] = self.open_bought[i + 1]
        self.open_count[seat] -= 1
        self._log(EV_DISCARD, seat, card, 0, 0)

    # ------------------------------------------------------------------ helpers of legality
    def _offer_free(self, s, phase):
        """Offers the free decisions of the windows (deliveries, the katana, cards: see the rulings);
        returns how many."""
        offered = 0
        if self.passed[s]:
            return offered
        delivering = phase == PH_DELIVER_SCORE or phase == PH_DELIVER_LINES
        if not delivering:
            base = s * CELLS
            for cell in range(CELLS):           # a complete sword: all its resources placed
                tile = self.cell_tile[base + cell]
                if tile >= 0 and self.cell_progress[base + cell] >= (
                        TILE_LENGTH[tile] if tile != KATANA else len(self.katana_comp[s])):
                    self._offer(DELIVER + cell)
                    offered += 1
            if self._can_katana(s):
                self._offer(KATANA_ACTION)
                offered += 1
        any_open = self.open_count[s] > 0
        if not any_open and self.held[s] == 0:
            return offered
        for card in range(N_CARDS):         # only the cards the seat holds or has open can be used
            if not self.hand[s * N_CARDS + card] and not (any_open and self._open_index(s, card, -1, -1) >= 0):
                continue
            if self._can_play(s, card, phase):
                self._offer(PLAY + card)
                offered += 1
            if self._can_buy(s, card, False):
                self._offer(BUY + card)
                offered += 1
            if not delivering and self._open_index(s, card, 1, 0) >= 0:
                self._offer(DISCARD + card)
                offered += 1
        return offered

    def _offer(self, action):
        """Marks ``action`` legal, once (the legal actions are collected in increasing order by ``_offers``)."""
        if not self.offered[action]:
            self.offered[action] = 1
            self.offered_list[self.offered_count] = action
            self.offered_count += 1

    def _sort_offers(self):
        """The actions offered, in increasing order (an insertion sort: they are a few, mostly in order)."""
        for i in range(1, self.offered_count):
            action = self.offered_list[i]
            j = i
            while j > 0 and self.offered_list[j - 1] > action:
                self.offered_list[j] = self.offered_list[j - 1]
                j -= 1
            self.offered_list[j] = action

    def _offers(self):
        """The actions offered since the last call, in increasing order; the marks are cleared."""
        self._sort_offers()
        out = [self.offered_list[i] for i in range(self.offered_count)]
        self._offers_cleared()
        return out

    def _count_offers(self):
        return self.offered_count

    def _pick_offer(self, k):
        """The ``k``-th action offered, in increasing order (as ``_offers()[k]``); the marks are cleared."""
        self._sort_offers()
        chosen = self.offered_list[k]
        self._offers_cleared()
        return chosen

    def _offers_cleared(self):
        """Clears the marks of ``_offer`` without listing them."""
        for i in range(self.offered_count):
            self.offered[self.offered_list[i]] = 0
        self.offered_count = 0

    def _has_passive(self, seat, kind):
        for slot in range(N_HALLS):
            if self.member[seat * N_HALLS + slot] and HALL_KIND[self.halls[slot]] == kind:
                return True
        return False

    def _any_sashimono(self):
        for h in range(NRES):
            if self.sashi_supply[h] > 0:
                return True
        return False

    def _market_has_card(self):
        for p in range(MARKET_DISPLAY):
            if self.market_display[p] >= 0:
                return True
        return False

    def _free_hall_for(self, seat):
        for slot in range(N_HALLS):
            if self._hall_room(seat, slot):
                return True
        return False

    def _hall_room(self, seat, slot):
        """Can one more of the seat's members go to this hall?  One each, but in a chapter's palace."""
        if self.chapter:
            return chapters.hall_room(self, seat, slot)
        return not self.member[seat * N_HALLS + slot]

    def _can_reorganize(self, seat):
        placed = FAMILY_MEMBERS - self.family_home[seat]
        if self.chapter:
            placed = chapters.family_members(self) - self.family_home[seat]
        return placed > 0 and self._free_hall_for(seat)

    def _any_move(self, seat):
        for cell in range(CELLS):
            if self.cell_tile[seat * CELLS + cell] >= 0 and self.can_move(seat, cell):
                return True
        return False

    def _hall_usable(self, seat, slot):
        if not self.member[seat * N_HALLS + slot]:
            return False
        hall = self.halls[slot]
        if HALL_PASSIVE[hall]:
            return False
        if HALL_KIND[hall] == H_PAY:
            return self.coins[seat] >= HALL_COST[hall]
        if HALL_KIND[hall] == H_ADVANCE:
            return self.any_advance(seat)
        if HALL_KIND[hall] == H_MOVE:
            return self._any_move(seat)
        return True

    def _usable_halls(self, seat, own_action):
        found = []
        for slot in range(N_HALLS):
            if own_action and self.activated_halls & (1 << slot) and self.repeat_left <= 0:
                continue
            if self._hall_usable(seat, slot) or (own_action and self._hall_swaps(seat, slot)):
                found.append(slot)
        return found

    def _hall_swaps(self, seat, slot):
        """R66 c: the move hall of the seat's own palace action, not activated yet, with the monk's
        repeat left gives two moves together, which may swap two swords that block each other."""
        if (not self.member[seat * N_HALLS + slot] or HALL_KIND[self.halls[slot]] != H_MOVE
                or self.activated_halls & (1 << slot) or self.repeat_left <= 0):
            return False
        for upper in range(N_SWAPS):
            if self.can_swap(seat, upper):
                return True
        return False

    def _can_katana(self, seat):
        return self.katana_state[seat] == 0 and self._katana_reachable(seat)

    def _katana_reachable(self, seat):
        """R96-R99: whether the project, changed as the rules allow (forgotten resources recovered,
        the excess dropped, one of each type kept), can be laid from a free entry cell.  Laid from
        the top or bottom row's cell, a chain needs one resource of each type; from a middle row's,
        a second of that row's type (it goes out to one end and comes back through it); any more
        are laid beside their like.  So the fewest resources that do are at most 5, within the 7
        a katana holds, and only what recovery must bring matters."""
        for r in range(NRES):                     # most often: a type missing, no sword to bring it
            if self.project[seat * NRES + r] == 0 and self._recoverable(seat, r) is None:
                return False
        for e in range(NRES):
            if self.cell_tile[seat * CELLS + e * COLS] >= 0:
                continue
            need = 0                                  # two bits a type, Laque lowest
            for r in range(NRES):
                least = 2 if r == e and 0 < e < NRES - 1 else 1
                have = self.project[seat * NRES + r]
                if have < least:
                    need += (least - have) << (2 * r)
            if self._recovers(seat, need):
                return True
        return False

    def _recovers(self, seat, need):
        """Whether RECOVER decisions, in some order, bring the resources ``need`` counts (two bits a
        type), each taken from the first delivered sword that still allows it: the order matters."""
        if need == 0:
            return True
        for r in range(NRES):
            if (need >> (2 * r)) & 3:
                entry = self._recoverable(seat, r)
                if entry is not None:
                    entry[2 + r] += 1
                    ok = self._recovers(seat, need - (1 << (2 * r)))
                    entry[2 + r] -= 1
                    if ok:
                        return True
        return False

    def _katana_entry_possible(self, seat):
        counts = self.counts
        for r in range(NRES):
            counts[r] = self.project[seat * NRES + r]
        for r in range(NRES):
            if counts[r] and self.cell_tile[seat * CELLS + r * COLS] < 0:
                counts[r] -= 1
                ok = self.can_compose(counts, r)
                counts[r] += 1
                if ok:
                    return True
        return False

    def _recoverable(self, seat, r):
        for entry in self.delivered[seat]:
            added = entry[2] + entry[3] + entry[4] + entry[5]
            if added < 2 and self.tile_count(entry[0], r) > entry[2 + r]:
                return entry
        return None

    def _place_ok(self, seat, place):
        if place < N_SPACES:
            tile = self.space_tile[place]
            return self.space_open[place] and tile >= 0 and self.can_enter(seat, tile)
        if place == P_MARKET:
            return _first_free(self.market_used) >= 0
        if place == P_ACADEMY:                      # chapter 11 (A42): closed to the seat
            return _first_free(self.academy_used) >= 0 and not (self.chapter and self.chapter == NO_DECORATING)
        if place == P_PALACE:
            return _first_free(self.palace_used) >= 0
        if place == P_KOMAINU:
            return self.komainu == -1               # -1: free; a seat or the ghost (-2) holds it
        return True

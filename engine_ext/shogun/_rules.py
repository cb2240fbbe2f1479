"""Shōgun no Katana: who decides what and when, the legality of each decision, the engine contract.

One source for both builds: compiled by Cython (``_rules.pxd``) and run as plain Python.  The
state and the mechanics (forge, delivery, scoring) are in ``_core``; the numbers in ``data``.
Rule numbers R1-R114 and rulings A1-A48 are those of ``shared/rules/shogun-no-katana.md``.

A turn is a sequence of small decisions by one seat: a placement (worker or paid monk), then the
steps its area asks, then ``DONE``.  Rulings where the rulebook is silent, beside what they affect:

* Free decisions (deliver a sword R72, put the katana in play R96, play a card's immediate effect,
  buy a permanent advantage R82) are offered in these windows only (A11): the own turn before the
  placement (W1), inside the action where the text lets them interleave (between forge moves R51,
  during the academy's decorations and the palace's halls: W2), after the action (W3), and after
  taking an academy or palace side benefit in another seat's turn (W4), never after passing (R71,
  A10: a passed seat plays no card and buys no permanent either).
* A Moment (R83) of the seat whose turn it is lasts its whole turn; a W4 window is a Moment of its
  own.  At a Moment's end every card whose immediate effect was used must be paid for (slid under a
  line) or discarded; a permanent bought whose immediate was not used loses it (R84 c-d, R86).
  A card played while its permanent is already bought in the Moment is that copy (R85 d-e).
* Cards with an area icon are played while acting in that area, own action or side benefit (A44);
  delivery cards (market n°1, n°3, n°5) during a delivery: n°1 and n°3 before the points are
  scored, n°5 before a line is collected, doubling the next line collected (R89-R90, A2).
  Market n°4 lets the next permanent bought in the Moment go on a line already holding one.
  The passive hall's discount (R87) applies by itself: it is never worse to take it.
* Forge (R38-R40, A4-A5): the swords in the named line are activated at placement, each with one
  normal move; a monk adds one free move for any sword; a sword the free move brings into the line
  is activated if it never was; a sword is activated at most once per action.  A move uses the
  sword's own move before the free one.  A swap (R48) spends one move of each sword.
* Palace: adding a member is mandatory while one is at home (A8); a reorganization moves each member
  at most once (members are alike, so any final placement is reachable).  The monk's extra
  activation repeats a hall already activated (choose ``HALL_<h>`` again); in the move-sword hall it
  may be taken at once, giving two moves together, which is how two swords swap (R66 c).  So with
  the repeat left that hall is offered when its two moves can swap two swords that block each
  other, no other sword able to move (« il est possible d'invertir 2 Sabres en plaçant un Moine
  au Palais et en profitant de l'Avantage de la salle « déplacement de Sabre » à deux reprises »).
* Side benefits (R58, R63) are asked one seat at a time, clockwise from the actor's left; a seat
  with no legal benefit is skipped (everything is public, so skipping reveals nothing).
* An academy advance is mandatory when possible; an artisan in the last column cannot advance (A6).
  Komainu with a monk (R69, A7): one monk effect of another area alone (forge: one sword move;
  market: one more visible card; academy: one advance; palace: one hall of yours once; house: a
  sashimono of your choice).
* Katana (R96-R99): ``KATANA`` is offered when the project, changed as the rules allow, can hold
  every type and be laid from a free entry cell, recovery bringing a type it lacks too (« vous
  avez oublié … de placer les ressources dont vous avez besoin … vous pouvez les récupérer »).
  ``RECOVER_<res>`` takes a forgotten resource from the first delivered sword that still allows
  it, ``DROP_<res>`` discards one (at least one of each type stays); each costs 1 point and gives
  Honte, and only changes that keep a way to ``DONE`` are offered (« défausser les ressources
  excédentaires » never leaves the seat without a decision).  The composition is
  laid one resource at a time; only entries that keep the rest placeable are offered; the entry
  cell must be free (A32).  Forging it uses resources from the stock (A34); it can be decorated (A35).
* Favour I (R103, A12): katanas delivered in the same sequence are simultaneous, Favour I settled
  as it ends (« au cours de la même séquence de jeu »): a seat's turn, or the ghost's turn with the
  benefits it hands out, a sequence of its own.
* The ghost's academy (R125): it decorates at once (« 1. Le fantôme façonne la première
  ressource … »), whatever the seats then do with their benefit; « si un joueur humain active
  l'Académie, le fantôme NE façonne AUCUNE ressource » is a seat's worker there, as in « si
  l'Académie est activée par un autre joueur » (``_ghost``'s rulings).
* Supplies (R114): coins and resources unlimited; 14 sashimono per type (a sword from an exhausted
  house carries none); empty decks and stacks give nothing.
* A seat that forfeits ends the game at once: it is scored as it stands and ranks last, alone.
* Counts and supplies (A1, A27-A30, A33, A38, A46): "the number of players" is the number of seats
  (the ghost of a later rules version will count too); resources in the project are not money at
  the end; favours II-V need a katana delivered during the game; shares are rounded down, then
  halved (rounded down) with Honte; scores may fall below 0.
* Ties (R113): the tied seat holding the favour card with the highest numeral ranks first,
  otherwise the tied seats share the rank; ``result()["winner"]`` lists the seats ranked first.
"""
import cython

from .._rng import Rng
from . import chapters
from . import data
from . import views
from ._core import _ints
from ._flow import ShogunFlow, ACTION_NAMES  # noqa: F401  (ACTION_NAMES: the module's API)
from .spec import SPEC

if not cython.compiled:   # the compiled module cimports the same names (see _rules.pxd)
    from ._core import (KATANA, CELLS, COLS, NRES, TILE_COINS, N_CARDS, N_LINES, N_HALLS,  # noqa: F401
                        N_SPACES, EV_PLACE, EV_PASS, EV_TAKE_SWORD, EV_PURCHASE, EV_FAMILY, EV_REORGANIZE,
                        EV_HALL, EV_DELIVER, EV_PROJECT, EV_KATANA, EV_BUY, RESOURCE_PRICE, SPACE_HOUSE,
                        _first_free)
    from ._flow import (PASS, DONE, WORKER, MONK, N_PLACES, P_MARKET, P_ACADEMY, P_PALACE,  # noqa: F401
                        P_KOMAINU, P_LINE, DELIVER, KATANA_ACTION, PLAY, BUY, DISCARD, LINE, MOVE, SWAP,
                        COLLECT_ROW, COLLECT_COLUMN, PURCHASE, ADVANCE, DECORATE, SASHIMONO, PROJECT, RECOVER,
                        DROP, COMPOSE, HALL, REORGANIZE, MARKET_CARD, HONOUR, KOMAINU_EFFECT, DRAFT, N_SWAPS, N_ACTIONS,
                        REORG_PAIRS, K_FORGE, K_MARKET, K_ACADEMY, K_PALACE, K_HOUSE, PH_DRAFT, PH_TURN,
                        PH_AFTER, PH_HONOUR, PH_SASHIMONO, PH_MARKET_BUY, PH_MARKET_COIN, PH_MARKET_CARD, PH_ADVANCE,
                        PH_DECORATE, PH_SIDE_DECORATE, PH_SIDE_FREE, PH_PAL_PLACE, PH_REORG, PH_PAL_ACTIVATE,
                        PH_SIDE_HALL, PH_FORGE, PH_MOVE, PH_KOMAINU, PH_LINE, PH_RESOLVE, PH_DELIVER_SCORE,
                        PH_DELIVER_LINES, PH_PROJECT, PH_KATANA_MODIFY, PH_COMPOSE, PH_DECORATE_ONE, PH_FAMILY,
                        PH_HALL_ONCE, A_END_TURN, A_SIDE_NEXT, A_SIDE_FREE, A_SIDE_END, A_DELIVER_REST,
                        A_MARKET_AFTER_BUY, A_MARKET_CARDS, A_PALACE_SIDE, A_ACADEMY_SIDE, A_FORGE_END,
                        PALACE_AREA, ACADEMY_AREA, MARKET_AREA, FORGE_AREA, HOUSE_AREA, H_PAY, H_MOVE, H_TAKE,
                        HALL_KIND, HALL_COST, HALL_COINS, HALL_POINTS, HALL_GOODS, MARKET_DISPLAY, MONKS, KATANA_MAX_RESOURCES, PROJECT_CHANGE_PENALTY, KOMAINU_COINS,
                        FORGE_ROWS)

MIN_PLAYERS, MAX_PLAYERS = data.MIN_PLAYERS, data.MAX_PLAYERS


class ShogunState(ShogunFlow):
    """A game of Shōgun no Katana: legal decisions, their effects, and the engine contract."""

    # ------------------------------------------------------------------ legality
    def _forge_move_ok(self, s, cell):
        i = s * CELLS + cell
        if self.cell_tile[i] < 0 or not (self.cell_credit[i] or self.free_moves > 0):
            return False
        r = self.next_resource(s, cell)
        return r >= 0 and self.move_mask & (1 << r) != 0 and self.can_move(s, cell)

    def _swap_need(self, s, upper):
        return (1 - self.cell_credit[s * CELLS + upper]) + (1 - self.cell_credit[s * CELLS + upper + COLS])

    def _legal(self):
        self._mark_legal(True)
        return self._offers()

    def _is_legal(self, action):
        """Whether ``action`` (already known to be an action id) is legal now, without listing them all.
        Only the free decisions' ids come from ``_offer_free``: for another action it is not asked."""
        self._mark_legal(DELIVER <= action < DISCARD + N_CARDS)
        legal = self.offered[action] != 0
        self._offers_cleared()
        return legal

    def _mark_legal(self, with_free):
        """Marks every legal action of the seat to act (``_offer``); the free decisions of the windows
        (``_offer_free``: deliveries, the katana, cards) only ``with_free``."""
        # no negative indices here or in the other compiled modules: they are built without wraparound
        s, ph = self.actor, self.phase
        if ph == PH_DRAFT:
            for i in range(len(self.draft)):
                self._offer(DRAFT + i)
        elif ph == PH_TURN:
            if not self._unresolved(s):
                self._offer(PASS)
            monk_ok = self.monks_used[s] < MONKS and self.coins[s] >= self.temple_cost()
            for place in range(N_PLACES):
                if self._place_ok(s, place):
                    if self.workers_free[s] > 0:
                        self._offer(WORKER + place)
                    if monk_ok:
                        self._offer(MONK + place)
            if with_free:
                self._offer_free(s, ph)
        elif ph == PH_AFTER or ph == PH_SIDE_FREE:
            self._offer(DONE)
            if with_free:
                self._offer_free(s, ph)
        elif ph == PH_FORGE or ph == PH_MOVE:
            self._offer(DONE)
            for cell in range(CELLS):
                if self._forge_move_ok(s, cell):
                    self._offer(MOVE + cell)
            if self.move_mask == 15:
                for upper in range(N_SWAPS):
                    if self.can_swap(s, upper) and self._swap_need(s, upper) <= self.free_moves:
                        self._offer(SWAP + upper)
            if ph == PH_FORGE:
                if with_free:
                    self._offer_free(s, ph)
            elif self.hall_move_slot >= 0 and self.repeat_left > 0:
                self._offer(HALL + self.hall_move_slot)
        elif ph == PH_HONOUR:
            for p in range(len(self.honour_display)):
                self._offer(HONOUR + p)
        elif ph == PH_SASHIMONO:
            for h in range(NRES):
                if self.sashi_supply[h] > 0:
                    self._offer(SASHIMONO + h)
        elif ph == PH_MARKET_BUY:
            self._offer(DONE)
            for r in range(NRES):
                if self.coins[s] >= RESOURCE_PRICE[r] + self.market_coins[r]:
                    self._offer(PURCHASE + r)
            if with_free:
                self._offer_free(s, ph)
        elif ph == PH_MARKET_COIN:
            for r in range(NRES):
                if self.bought_mask & (1 << r):
                    self._offer(PURCHASE + r)
        elif ph == PH_MARKET_CARD:
            for p in range(MARKET_DISPLAY):
                if self.market_display[p] >= 0:
                    self._offer(MARKET_CARD + p)
        elif ph == PH_ADVANCE:
            for r in range(NRES):
                if self.can_advance(s, r):
                    self._offer(ADVANCE + r)
        elif ph in (PH_DECORATE, PH_SIDE_DECORATE, PH_DECORATE_ONE):
            self._offer(DONE)
            used = self.used_artisans if ph == PH_DECORATE else 0
            for cell in range(CELLS):
                for r in range(NRES):
                    if not used & (1 << r) and self.can_decorate(s, cell, r):
                        self._offer(DECORATE + cell * NRES + r)
            if ph == PH_DECORATE:
                if with_free:
                    self._offer_free(s, ph)
        elif ph == PH_PAL_PLACE or ph == PH_FAMILY:
            for h in range(N_HALLS):
                if self._hall_room(s, h):
                    self._offer(HALL + h)
        elif ph == PH_REORG:
            self._offer(DONE)
            for k in range(len(REORG_PAIRS)):
                a, b = REORG_PAIRS[k]
                if (self.member[s * N_HALLS + a] and self._hall_room(s, b)
                        and not self.reorg_moved & (1 << a)):
                    self._offer(REORGANIZE + k)
        elif ph == PH_PAL_ACTIVATE:
            self._offer(DONE)
            for h in self._usable_halls(s, True):
                self._offer(HALL + h)
            if with_free:
                self._offer_free(s, ph)
        elif ph == PH_SIDE_HALL or ph == PH_HALL_ONCE:
            self._offer(DONE)
            for h in self._usable_halls(s, False):
                self._offer(HALL + h)
        elif ph == PH_KOMAINU:
            self._offer(DONE)
            if self._any_move(s):
                self._offer(KOMAINU_EFFECT + K_FORGE)
            if self._market_has_card():
                self._offer(KOMAINU_EFFECT + K_MARKET)
            if self.any_advance(s):
                self._offer(KOMAINU_EFFECT + K_ACADEMY)
            if self._usable_halls(s, False):
                self._offer(KOMAINU_EFFECT + K_PALACE)
            if self._any_sashimono():
                self._offer(KOMAINU_EFFECT + K_HOUSE)
        elif ph == PH_LINE:
            for line in range(N_LINES):
                if self._line_free(s, line):
                    self._offer(LINE + line)
        elif ph == PH_RESOLVE:
            for card in range(N_CARDS):
                if self._open_index(s, card, 1, 0) >= 0:
                    if self._can_buy(s, card, True):
                        self._offer(BUY + card)
                    self._offer(DISCARD + card)
        elif ph == PH_DELIVER_SCORE:
            self._offer(DONE)
            if with_free:
                self._offer_free(s, ph)
        elif ph == PH_DELIVER_LINES:
            if not self.d_row:
                self._offer(COLLECT_ROW)
            if not self.d_col:
                self._offer(COLLECT_COLUMN)
            if with_free:
                self._offer_free(s, ph)
        elif ph == PH_PROJECT:
            entry = self.delivered[s][self.d_slot]
            self._offer(DONE)
            if entry[2] + entry[3] + entry[4] + entry[5] < 2:
                for r in range(NRES):
                    if self.tile_count(entry[0], r) > entry[2 + r]:
                        self._offer(PROJECT + r)
        elif ph == PH_KATANA_MODIFY:                     # each change offered keeps a way to DONE
            total = 0
            for r in range(NRES):
                total += self.project[s * NRES + r]
            if total <= KATANA_MAX_RESOURCES and self.project_complete(s) and self._katana_entry_possible(s):
                self._offer(DONE)
            for r in range(NRES):
                entry = self._recoverable(s, r)
                if entry is not None:
                    entry[2 + r] += 1
                    self.project[s * NRES + r] += 1
                    if self._katana_reachable(s):
                        self._offer(RECOVER + r)
                    entry[2 + r] -= 1
                    self.project[s * NRES + r] -= 1
                if self.project[s * NRES + r] > 1:
                    self.project[s * NRES + r] -= 1
                    if self._katana_reachable(s):
                        self._offer(DROP + r)
                    self.project[s * NRES + r] += 1
        elif ph == PH_COMPOSE:
            comp = self.katana_comp[s]
            left = self.compose_left
            for r in range(NRES):
                if left[r] == 0:
                    continue
                if comp:
                    last = comp[len(comp) - 1]
                    if r < last - 1 or r > last + 1:
                        continue
                elif self.cell_tile[s * CELLS + r * COLS] >= 0:
                    continue
                left[r] -= 1
                ok = self.can_compose(left, r)
                left[r] += 1
                if ok:
                    self._offer(COMPOSE + r)

    # ------------------------------------------------------------------ effects
    def _apply(self, action):
        s, ph = self.actor, self.phase
        self.decisions += 1
        if action >= DELIVER and action < DELIVER + CELLS and ph != PH_DELIVER_SCORE and ph != PH_DELIVER_LINES:
            self._push(ph, s)
            self.d_cell = action - DELIVER
            self.d_double = self.d_bonus = self.d_twice = self.d_row = self.d_col = self.d_played = 0
            self._ask(PH_DELIVER_SCORE, s)
            return
        if action == KATANA_ACTION:
            self._push(ph, s)
            self._ask(PH_KATANA_MODIFY, s)
            return
        if PLAY <= action < PLAY + N_CARDS:
            self._play(s, action - PLAY, ph)
            return
        if BUY <= action < BUY + N_CARDS:
            self._buy(s, action - BUY, ph)
            return
        if DISCARD <= action < DISCARD + N_CARDS:
            self._discard(s, action - DISCARD)
            self._goto(ph, s)
            return
        if ph == PH_DRAFT:
            self.take_draft_tile(s, action - DRAFT)
            if len(self.draft) == 1:
                self.take_draft_tile(self.first, 0)
                self.turn = self.first
                self._ask(PH_TURN, self.first)
            else:
                self._ask(PH_DRAFT, self.start_draft_seat(self.n - len(self.draft)))
        elif ph == PH_TURN:
            if action == PASS:
                self.passed[s] = 1
                self._close_moment(s)
                self._log(EV_PASS, s, 0, 0, 0)
                if self.honour_display:
                    self._ask(PH_HONOUR, s)
                else:
                    self._goto(A_END_TURN, s)
            elif action < MONK:
                self._place(s, action - WORKER, 0)
            else:
                self._place(s, action - MONK, 1)
        elif ph == PH_AFTER:
            self._goto(A_END_TURN, s)
        elif ph == PH_SIDE_FREE:
            self._goto(A_SIDE_END, s)
        elif ph == PH_FORGE or ph == PH_MOVE:
            self._forge_decision(s, ph, action)
        elif ph == PH_HONOUR:
            self.honours[s].append(self.honour_display.pop(action - HONOUR))
            self._goto(A_END_TURN, s)
        elif ph == PH_SASHIMONO:
            self.take_sashimono(s, action - SASHIMONO)
            self._pop()
        elif ph == PH_MARKET_BUY:
            if action == DONE and self.chapter and self.bought_mask and chapters.market_coin(self):
                self._ask(PH_MARKET_COIN, s)
            elif action == DONE:
                self._goto(A_MARKET_AFTER_BUY, s)
            else:
                r = action - PURCHASE
                self.coins[s] -= RESOURCE_PRICE[r] + self.market_coins[r]
                self.stock[s * NRES + r] += 1
                self.bought_mask |= 1 << r
                self._log(EV_PURCHASE, s, r, RESOURCE_PRICE[r] + self.market_coins[r], 0)
        elif ph == PH_MARKET_COIN:                        # chapter 13: the coin raises that price for good
            self.market_coins[action - PURCHASE] += 1
            self._goto(A_MARKET_AFTER_BUY, s)
        elif ph == PH_MARKET_CARD:
            self.take_market_card(s, action - MARKET_CARD)
            self.market_cards_left -= 1
            self._goto(A_MARKET_CARDS, s)
        elif ph == PH_ADVANCE:
            self.advance_artisan(s, action - ADVANCE)
            self.advances_left -= 1
            if self.advances_left <= 0 or not self.any_advance(s):
                self._pop()
        elif ph in (PH_DECORATE, PH_SIDE_DECORATE, PH_DECORATE_ONE):
            self._decoration(s, ph, action)
        elif ph == PH_PAL_PLACE or ph == PH_FAMILY:
            slot = action - HALL
            self.member[s * N_HALLS + slot] += 1              # 2 only in chapter 12's palace
            self.family_home[s] -= 1
            self._log(EV_FAMILY, s, slot, 0, 0)
            if ph == PH_FAMILY:
                self._pop()
            elif self._can_reorganize(s):
                self._push(PH_PAL_ACTIVATE, s)
                self.reorg_moved = 0
                self._ask(PH_REORG, s)
            else:
                self._ask(PH_PAL_ACTIVATE, s)
        elif ph == PH_REORG:
            if action == DONE:
                self._pop()
            else:
                a, b = REORG_PAIRS[action - REORGANIZE]
                self.member[s * N_HALLS + a] -= 1
                self.member[s * N_HALLS + b] += 1
                self.reorg_moved |= 1 << b
                self._log(EV_REORGANIZE, s, a, b, 0)
        elif ph == PH_PAL_ACTIVATE:
            if action == DONE:
                self._goto(A_PALACE_SIDE, s)
            else:
                slot = action - HALL
                if self.activated_halls & (1 << slot):
                    self.repeat_left -= 1
                self.activated_halls |= 1 << slot
                self._use_hall(s, slot, PH_PAL_ACTIVATE, True)
        elif ph == PH_SIDE_HALL:
            if action == DONE:
                self._goto(A_SIDE_NEXT, s)
            else:
                self._use_hall(s, action - HALL, A_SIDE_FREE, False)
        elif ph == PH_HALL_ONCE:
            if action == DONE:
                self._ask(PH_AFTER, s)
            else:
                self._use_hall(s, action - HALL, PH_AFTER, False)
        elif ph == PH_KOMAINU:
            self._komainu_effect(s, action)
        elif ph == PH_LINE:
            self._slide_under(s, action - LINE)
        elif ph == PH_RESOLVE:
            raise AssertionError("resolution decisions are cards")
        elif ph == PH_DELIVER_SCORE:
            points = self.sword_points(s, self.d_cell, self.d_double, self.d_bonus)
            self.score[s] += points
            self._log(EV_DELIVER, s, self.d_cell, self.cell_tile[s * CELLS + self.d_cell], points)
            self._ask(PH_DELIVER_LINES, s)
        elif ph == PH_DELIVER_LINES:
            times = 2 if self.d_twice else 1
            self.d_twice = 0
            if action == COLLECT_ROW:
                self.d_row = 1
                self.line_payout(s, self.d_cell // COLS, times)
            else:
                self.d_col = 1
                self.line_payout(s, FORGE_ROWS + self.d_cell % COLS, times)
            if self.d_row and self.d_col:
                tile = self.cell_tile[s * CELLS + self.d_cell]
                self.d_slot = -1 if tile == KATANA else len(self.delivered[s])
                self._goto(A_DELIVER_REST, s)
        elif ph == PH_PROJECT:
            if action == DONE:
                self._pop()
            else:
                r = action - PROJECT
                entry = self.delivered[s][self.d_slot]
                entry[2 + r] += 1
                self.project[s * NRES + r] += 1
                self._log(EV_PROJECT, s, r, 0, 0)
                if entry[2] + entry[3] + entry[4] + entry[5] == 2:
                    self._pop()
        elif ph == PH_KATANA_MODIFY:
            self._katana_modify(s, action)
        elif ph == PH_COMPOSE:
            self._compose(s, action - COMPOSE)

    def _place(self, s, place, monk):
        if monk:
            self.coins[s] -= self.temple_cost()
            self.monks_used[s] += 1
        else:
            self.workers_free[s] -= 1
        self.monk = monk
        self._log(EV_PLACE, s, place, monk, 0)
        if place < P_LINE:
            self.figures_on_board[s] += 1
        if place < N_SPACES:
            self.action_area[s] = HOUSE_AREA
            tile = self.space_tile[place]
            house = SPACE_HOUSE[place]
            self.space_tile[place] = -1
            self.space_worker[place] = s
            cell = self._enter_cell(s, tile)
            sashi = -1
            if self.sashi_supply[house] > 0:
                self.sashi_supply[house] -= 1
                sashi = house
            self._put_sword(s, cell, tile, sashi)
            self.coins[s] += TILE_COINS[tile]
            if self.chapter:                            # chapter 11: the round's number in coins
                self.coins[s] += chapters.sword_bonus(self)
            deck = self.daimyo_deck[house]
            card = deck.pop() if deck else -1
            if card >= 0:
                self.hand[s * N_CARDS + card] += 1
                self.held[s] += 1
            self._log(EV_TAKE_SWORD, s, tile, house, card)
            if monk and self._any_sashimono():
                self._push(PH_AFTER, s)
                self._ask(PH_SASHIMONO, s)
            else:
                self._ask(PH_AFTER, s)
        elif place == P_MARKET:
            self.market_used[_first_free(self.market_used)] = 1
            self.action_area[s] = MARKET_AREA
            self.bought_mask = 0
            self.market_cards_left = 2 if monk else 1
            self._ask(PH_MARKET_BUY, s)
        elif place == P_ACADEMY:
            self.academy_used[_first_free(self.academy_used)] = 1
            self.action_area[s] = ACADEMY_AREA
            self.used_artisans = 0
            self.advances_left = 2 if monk else 1
            if self.any_advance(s):
                self._push(PH_DECORATE, s)
                self._ask(PH_ADVANCE, s)
            else:
                self._ask(PH_DECORATE, s)
        elif place == P_PALACE:
            self.palace_used[_first_free(self.palace_used)] = 1
            self.action_area[s] = PALACE_AREA
            self.activated_halls = 0
            self.repeat_left = monk
            if self.family_home[s] > 0:
                self._ask(PH_PAL_PLACE, s)
            elif self._can_reorganize(s):
                self._push(PH_PAL_ACTIVATE, s)
                self.reorg_moved = 0
                self._ask(PH_REORG, s)
            else:
                self._ask(PH_PAL_ACTIVATE, s)
        elif place == P_KOMAINU:
            self.komainu = s
            self.coins[s] += KOMAINU_COINS
            self._ask(PH_KOMAINU if monk else PH_AFTER, s)
        else:
            line = place - P_LINE
            self.action_area[s] = FORGE_AREA
            self.forge_line = line
            self.move_mask = 15
            self.hall_move_slot = -1
            for cell in range(CELLS):
                i = s * CELLS + cell
                self.cell_credit[i] = 0
                self.cell_activated[i] = 0
                if self.cell_tile[i] >= 0 and self.in_line(cell, line):
                    self.cell_credit[i] = 1
                    self.cell_activated[i] = 1
            self.free_moves = monk
            self._ask(PH_FORGE, s)

    def _activate_if_entering(self, s, cell):
        i = s * CELLS + cell
        if self.forge_line >= 0 and self.in_line(cell, self.forge_line) and not self.cell_activated[i]:
            self.cell_activated[i] = 1
            self.cell_credit[i] = 1

    def _forge_decision(self, s, ph, action):
        if action == DONE:
            self.free_moves = 0
            if ph == PH_FORGE:
                self._goto(A_FORGE_END, s)
            else:
                self._pop()
            return
        if HALL <= action < HALL + N_HALLS:                  # the monk's repeat of the move hall
            self.repeat_left -= 1
            self.free_moves += 1
            return
        if MOVE <= action < MOVE + CELLS:
            cell = action - MOVE
            i = s * CELLS + cell
            if self.cell_credit[i]:
                self.cell_credit[i] = 0
            else:
                self.free_moves -= 1
            self._activate_if_entering(s, self.place_resource(s, cell))
        else:
            upper = action - SWAP
            for cell in (upper, upper + COLS):
                i = s * CELLS + cell
                if self.cell_credit[i]:
                    self.cell_credit[i] = 0
                else:
                    self.free_moves -= 1
            self.swap(s, upper)
            self._activate_if_entering(s, upper)
            self._activate_if_entering(s, upper + COLS)
        if ph == PH_MOVE and self.free_moves <= 0 and not (self.hall_move_slot >= 0 and self.repeat_left > 0):
            self._pop()

    def _decoration(self, s, ph, action):
        if action == DONE:
            if ph == PH_DECORATE:
                self._goto(A_ACADEMY_SIDE, s)
            elif ph == PH_SIDE_DECORATE:
                self._goto(A_SIDE_NEXT, s)
            else:
                self._pop()
            return
        cell, r = divmod(action - DECORATE, NRES)
        self.decorate(s, cell, r)
        if ph == PH_DECORATE:
            self.used_artisans |= 1 << r
        elif ph == PH_SIDE_DECORATE:
            self._goto(A_SIDE_FREE, s)
        else:
            self._pop()

    def _use_hall(self, s, slot, back, own):
        hall = self.halls[slot]
        kind = HALL_KIND[hall]
        self._log(EV_HALL, s, slot, hall, 0)
        if kind == H_TAKE or kind == H_PAY:
            self.coins[s] += HALL_COINS[hall] - HALL_COST[hall]
            for r in range(NRES):
                self.stock[s * NRES + r] += HALL_GOODS[hall * NRES + r]
            self.score[s] += HALL_POINTS[hall]
            self._goto(back, s)
        elif kind == H_MOVE:
            self._push(back, s)
            self.free_moves, self.forge_line, self.move_mask = 1, -1, 15
            self.hall_move_slot = slot if own else -1
            self._ask(PH_MOVE, s)
        else:
            self._push(back, s)
            self.advances_left = 1
            self._ask(PH_ADVANCE, s)

    def _komainu_effect(self, s, action):
        if action == DONE:
            self._ask(PH_AFTER, s)
            return
        effect = action - KOMAINU_EFFECT
        self._push(PH_AFTER, s)
        if effect == K_FORGE:
            self.free_moves, self.forge_line, self.move_mask, self.hall_move_slot = 1, -1, 15, -1
            self._ask(PH_MOVE, s)
        elif effect == K_MARKET:
            self.depth -= 1                       # the market card's step goes on to after_action itself
            self.market_cards_left = 1
            self._ask(PH_MARKET_CARD, s)
        elif effect == K_ACADEMY:
            self.advances_left = 1
            self._ask(PH_ADVANCE, s)
        elif effect == K_PALACE:
            self.depth -= 1                       # so does hall_once
            self._ask(PH_HALL_ONCE, s)
        else:
            self._ask(PH_SASHIMONO, s)

    def _slide_under(self, s, line):
        card = self.pending_buy
        cards = self.under[s * N_LINES + line]
        if cards:
            self.second_line[s] = 0                          # market n°4's exception is spent
        cards.append(card)
        self.pending_buy = -1
        self._log(EV_BUY, s, card, line, self.price(s, card))
        self._pop()

    def _katana_modify(self, s, action):
        if action == DONE:
            for r in range(NRES):
                self.compose_left[r] = self.project[s * NRES + r]
            self.katana_comp[s] = []
            self._ask(PH_COMPOSE, s)
            return
        if RECOVER <= action < RECOVER + NRES:
            r = action - RECOVER
            self._recoverable(s, r)[2 + r] += 1
            self.project[s * NRES + r] += 1
        else:
            r = action - DROP
            self.project[s * NRES + r] -= 1
        self.score[s] -= PROJECT_CHANGE_PENALTY
        if self.shame[s] == 0:
            self.shame[s] = 1
        self._log(EV_PROJECT, s, r, 1 if action < DROP else -1, 1)

    def _compose(self, s, r):
        comp = self.katana_comp[s]
        comp.append(r)
        self.compose_left[r] -= 1
        for k in range(NRES):
            if self.compose_left[k]:
                return
        self.katana_state[s] = 1
        self._put_sword(s, comp[0] * COLS, KATANA, -1)
        self._log(EV_KATANA, s, len(comp), comp[0], 0)
        self._pop()

    # ------------------------------------------------------------------ the contract
    def current_seats(self):
        return [] if self.over else [self.actor]

    def legal_actions(self, seat):
        if self.over or seat != self.actor:
            return []
        return self._legal()

    def apply(self, seat, action):
        if self.over:
            raise ValueError("the game is over")
        if isinstance(seat, bool) or not isinstance(seat, int) or seat != self.actor:
            raise ValueError("seat %r cannot act now: seat %d decides" % (seat, self.actor))
        if (isinstance(action, bool) or not isinstance(action, int) or not 0 <= action < N_ACTIONS
                or not self._is_legal(action)):
            raise ValueError("illegal action %r for seat %d in phase %s" % (
                action, seat, views.PHASE_NAMES[self.phase]))
        self._apply(action)

    def is_terminal(self):
        return self.over

    def observation(self, seat, since=0):
        return views.observation(self, seat, since)

    def full_view(self, since=0):
        return views.full_view(self, since)

    def result(self):
        return views.result(self)

    def resample_hidden(self, seat, seed):
        return views.resample_hidden(self, seat, seed)

    def forfeit(self, seat):
        """``seat`` leaves: the game ends at once, scored as it stands, the seat ranking last alone."""
        if self.over:
            raise ValueError("the game is over")
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.n:
            raise ValueError("no seat %r in a %d-player game" % (seat, self.n))
        self.forfeited = seat
        self._finish("forfeit")

    def clone(self):
        other = ShogunState.__new__(ShogunState)
        for name in STATE_FIELDS:
            value = getattr(self, name)
            if name == "ghost":
                value = value.clone() if value is not None else None
            elif isinstance(value, list):
                value = [list(v) if isinstance(v, list) else v for v in value]
                if name == "delivered":
                    value = [[list(e) for e in v] for v in getattr(self, name)]
            elif value is not None and not isinstance(value, (int, str)):     # a table of C ints
                value = _ints(value)
            setattr(other, name, value)
        other.rng = Rng(0)
        other.rng.state, other.rng.increment = self.rng.state, self.rng.increment
        return other


# Every field of the state (the compiled classes have no __dict__ to list them): what clone() copies.
STATE_FIELDS = (
    "n", "seed", "record", "events", "decisions", "over", "end_reason", "forfeited", "round", "coins", "score",
    "passed", "workers_free", "workers_unlocked", "monks_used", "figures_on_board", "stock", "artisan",
    "project", "sashimono", "held", "cell_tile", "cell_progress", "cell_deco", "cell_sashi", "cell_credit",
    "cell_activated", "hand", "under", "family_home", "member", "katana_state", "katana_comp", "katana_column",
    "katana_value", "shame", "delivered", "honours", "open_card", "open_used", "open_bought", "open_count",
    "second_line", "action_area", "end_scores", "space_tile", "space_worker", "space_open", "market_used",
    "academy_used", "palace_used", "komainu", "sashi_supply", "favour", "katana_this_turn", "halls",
    "tile_stack", "daimyo_deck", "market_deck", "market_display", "honour_deck", "honour_display", "first",
    "draft", "katana_deco", "chapter", "ghost_level", "board_players", "ghost", "phase", "actor", "turn", "monk", "used_artisans",
    "advances_left", "activated_halls",
    "repeat_left", "hall_move_slot", "free_moves", "forge_line", "move_mask", "bought_mask",
    "market_cards_left", "side_kind", "side_first", "side_index", "reorg_moved", "pending_buy", "compose_left",
    "d_cell", "d_double", "d_bonus", "d_twice", "d_row", "d_col", "d_slot", "d_played", "offered",
    "offered_list", "offered_count", "market_coins", "stack_phase", "stack_seat", "depth", "next_seat", "counts")


def new_state(n_players, seed, options=None):
    """A new game; ``options`` are checked by the spec.  The ghost (R115-R120) joins 1 to 3 seats;
    a seat alone needs it."""
    options = SPEC.check_match(n_players, options)
    return ShogunState(n_players, seed, True, options["ghost"], options["chapter"])


def play_random_games(n_players, n_games, seed, options=None):
    """The fast path: ``n_games`` whole games between uniform random players (with the ghost of
    ``options``, if any, as in ``new_state``)."""
    policy = Rng(seed, 54)
    decisions = 0
    points = 0
    state = ShogunState(n_players, seed, False, SPEC.check_match(n_players, options)["ghost"] if options else 0)
    for g in range(n_games):
        if g > 0:
            state.reset(n_players, seed + g, False)
        while not state.over:              # the same choice as legal[policy.below(len(legal))]
            state._mark_legal(True)
            state._apply(state._pick_offer(policy.below(state._count_offers())))
        decisions += state.decisions
        for s in range(n_players):
            points += state.score[s]
    return {"games": n_games, "decisions": decisions, "points": points}

"""Samouraï & Katana (Pascal Bernard, Tilsit 1999): the rules.

One source for both builds: compiled by Cython (``_rules.pxd``) and run as plain Python for the
cross-check.  The state, the board, honour, titles and the battle arithmetic are in ``_core``;
this module is the flow of a game (set-up, rounds of four phases, turns named one at a time by
the Emperor, moves, battles, cards and the reaction windows), the decisions' legality and the
engine contract.  The rule numbers (R#), optional rules (O#) and rulings (A#) are those of
``shared/rules/samourai-et-katana.md``.

Rulings where the rulebook is silent or ambiguous:

* Set-up (R8-R16): the first Emperor is a seeded random seat (A5); cities are drawn blind,
  clockwise from him, Kyoto excluded; each clan then places its extra samurai one at a time,
  clockwise from the Emperor.  At 3 players a clan has 20 samurai (A3).  Honour starts at 0,
  which is also the dishonour floor (A4).
* Turn order (R31-R32): the Emperor names the next clan among those that have not played the
  phase, himself included; the last one is named without asking.  Titles change only in phase 3
  (A10); round 1 has no Shogun.  The Emperor is the fewest honour, then fewest PC, cities, koku,
  samurai on the board; the Shogun the most honour other than the Emperor, then the most of the
  same; a full tie goes to the earliest seat clockwise from the previous holder (A9).  The new
  Emperor gains 1 honour at once (A11).
* Phase 1 (R37-R45): one castle per round, one per territory; selling honour is allowed in a
  clan's own phase-1 and phase-2 turns, 2 honour for 1 koku (A37).
* Moves (R49-R55): one edge per move, any number of moves (A14), at most 60 in a turn (A15).  A
  move into one's own castle's territory is free; the Shogun's extra free move is applied to his
  first koku-costing move of the round (A39).  A territory left with neither samurai nor castle
  is free at once (A13).  An attack needs 2 cards in hand (A19).
* Battles (R59-R77): the attacker commits 2 cards then a blue card or none, the defender then
  does the same knowing only the count; a defender with fewer than 2 cards draws up to 2 and
  commits them, with no special (A20).  Totals: the 2 values, at most 4 samurai, the special's
  fan or effect, +1 for a defender in the mountains, and the defender's weaker value card once
  more with his castle (A21).  Losses are the sabres on all the opponent's cards, the special
  included (A23), at most 4 and at most the samurai present.  A tie: nobody gains honour, both
  take their losses, the attacker's survivors go home (A22).  A winner left with no samurai still
  gains his honour; an attacker then destroys the castle and the territory is free (A25).  The
  defender says before the cards where his survivors would go if he lost (R74 "sur un ou
  plusieurs de ses territoires"): a territory for each of his samurai there, in order, the first
  survivor going to the first named, or the rest where the last went (automatic with one other
  territory; with none they go back to his reserve, A24): asked after the reveal, who decides
  next would depend on the cards, which the clan whose commitment revealed them could not see.
  For the same reason the others' window comes right after the reveal (and the Shogun's power
  on a special, O9), then the winning attacker decides a captured castle's fate: destroy it, replace it from
  his reserve, or with none in reserve move one of his own there (A26; a destroyed castle returns
  to its owner's reserve); then each side draws 2, a winning defender 3 (R76), and the attacker's
  turn goes on, even if his attack eliminated him (he may then only end it).
* Cards (R17-R29): a card is used for its value in a battle or for its power.  Events are
  played in one's own activation turn; blue cards only as a battle's special; any-time cards
  (Ninja, Wako) in one's own turn or in a reaction window, and only with 3 cards or more in
  hand (R23, A31).  Justice shogunale and Tsunami are counters, played only in the window of
  what they counter; Terre brûlée too, or at the start of the turn of the clan it bars.  Their
  designed effects are in ``data``.
* Reaction windows (§5.4, A32; R22 "à jouer n'importe quand ... pendant le tour des autres
  joueurs", R24 "avant ou après un combat mais jamais pendant"): asked in turn, clockwise from the
  active clan's left, of every seat whose hand holds at least 3 cards (a public fact), whatever
  it holds: who is asked never depends on a hand, and each answers ``PASS`` or plays one of the
  cards it holds that the window allows.  At the start of each activation turn, before the
  active clan plays, the others may play Ninja (the only moment another clan may under
  Nouveau Ninja, O18), Wako, or Terre brûlée "avant que le joueur visé ne se soit déplacé": on
  one of their own territories, barred to the active clan for the rest of his turn.  After each
  battle, before its draws, Ninja or Wako.  A sea move asks every other seat (Tsunami); an
  attack asks the defender (Justice, Terre brûlée "pendant son déplacement").  A card aimed at
  another seat asks that seat (Justice).  None in phases 1, 3 and 4.  The first counter cancels
  the action: Tsunami and Terre brûlée refund the move (R101, R104), Justice does not (A41); a
  counter is never countered, but by the Shogun's power (O9, ``_options``).
* Honour (R78-R84): a clan scores its complete provinces and Kyoto when it ends its activation
  turn, every round (A7); with the whole Kinai, Kyoto's point is not added (A8).
* Elimination (R105, A46): a clan with no territory is eliminated at once and plays no more
  turns that round; at its next phase-1 turn it returns with a free uprising on a legal target,
  or in a free territory, with 5 samurai, and gains 4 koku, then buys as usual.  It keeps its
  honour and cards, counts for the titles and draws in phase 4 (A30).
* Phase 4 (R89-R95): taxes, then each seat in turn from the Emperor sets aside its discards
  unseen by the others (the rule's simultaneous choice), revealed together; then each draws up
  to 5 plus its extra cards by PC, clockwise from the Emperor (A28, A29).
* The end (R106-R110): the game ends after the phase 2 of the round in which a clan passed the
  target (strictly more, A16), or in the next one if it was passed in phase 3 (A17), or after
  round 40 (A15, ``data.MAX_ROUNDS``).  Ranks: honour, then PC, cities, territories, castles and
  samurai on the board (R109, A18); full ties share a rank.  A seat that forfeits ends the game at once and
  ranks last alone.
"""
import array

import cython

from .._rng import Rng
from ._core import FULL_DECK, MAJOR_CITIES, MINOR_CITIES
from ._options import SamouraiOptions
from . import data
from . import resample
from . import views
from .spec import SPEC

if not cython.compiled:   # the compiled module cimports the same names (see _rules.pxd)
    from ._core import (  # noqa: F401
        BUY_CASTLE, BUY_SAMURAI, CASTLES_PER_CLAN, CASTLE_PRICE, CATEGORY, CAT_ANY_TIME, CAT_EVENT, CAT_SPECIAL,
        COMMIT, COST, COUNT, DESTROY, DISCARD, DONE, EFFECT, EMPEROR_HONOR, END_FORFEIT, END_NONE, END_ROUND_CAP,
        END_TARGET, END_TURN, EV_BUY, EV_CANCEL, EV_COMMIT, EV_DISCARD, EV_EMPEROR, EV_END, EV_FORFEIT, EV_NAME,
        EV_PLACE, EV_PLAY, EV_RETURN, EV_ROUND, EV_SCORE, EV_SELL, EV_SETUP_CITY, EV_SHOGUN, EV_TAX, EV_TREASURY,
        EV_UPRISING, EXTRA_CARDS, FX_NINJA, FX_SECT, FX_UPRISING, FX_WAKO, HAND_REFILL, HONOR_PER_KOKU_SOLD,
        JUSTICE, KOKU_PER_HONOR, KYOTO, KYOTO_CASTLE_PRICE, MAXP, MAX_MOVES, MAX_ROUNDS, MOVE, NEIGHBOURS,
        NEIGHBOUR_START, NEW_EXTRA_CARDS, NK, NO_SPECIAL, NT, NUM_ACTIONS, PASS, PH_ACTIVATION, PH_OVER,
        PH_PURCHASE, PH_SETUP, PH_TAXES, PLAY, PLAYER, RELOCATE, REPLACE, RETURN_KOKU, RETURN_SAMURAI,
        SAMURAI_PRICE, SELL_HONOR, SEPPUKU, START_HAND, START_HONOR, START_KOKU, ST_ACTIVATE, ST_BUY_WHERE,
        ST_CASTLE, ST_COMMIT, ST_COUNTER, ST_DISCARD, ST_MOVE_COUNT, ST_MOVE_FROM, ST_MOVE_TO, ST_NAME, ST_NONE,
        ST_OVER, ST_PURCHASE, ST_RELOCATE, ST_RETREAT, ST_RETURN, ST_SETUP, ST_TARGET_PLAYER, ST_TARGET_TERRITORY,
        ST_WINDOW, TERRITORY, W_MOVE, W_START, FX_SCORCHED)
    from ._play import CTX_TURN, CTX_WINDOW, SH_CARD_COUNTER  # noqa: F401
    from ._options import FIRST_OPTION_STEP, LAST_OPTION_STEP  # noqa: F401

MIN_PLAYERS, MAX_PLAYERS = data.MIN_PLAYERS, data.MAX_PLAYERS
_ALLOWANCE = data.SAMURAI_ALLOWANCE[0]
_MINORS = data.MINORS_DRAWN[0]
_EXTRAS = data.EXTRA_SAMURAI[0]


class SamouraiState(SamouraiOptions):
    """A game of Samouraï & Katana: its rounds, who decides what, and the engine contract."""

    def __init__(self, n_players, seed, options=None, record=True):
        self._allocate()
        self.reset(n_players, seed, SPEC.resolve_options(options), record)

    # ------------------------------------------------------------------ set-up
    def reset(self, n_players, seed, options, record):
        n = n_players
        self.n = n
        self.seed = seed
        self.record = record
        self.options = dict(options)
        self.target = options["target"]
        self.province_malus = 1 if options["province_variant"] else 0
        self.new_card_scale = options["new_card_scale"]
        self.kyoto_imperial = options["kyoto_imperial"]
        self.justice_for_others = options["justice_for_others"]
        self.new_ninja = options["new_ninja"]
        self.seppuku = options["seppuku"]
        self.koku_land = options["koku_land"]
        self.diplomacy = options["diplomacy"]
        self.clan_treasury = options["clan_treasury"]
        self.shogun_power = options["shogun_power"]
        self.exchange = options["exchange"]
        self.emperor_office = options["emperor_office"]
        self.emperor_support = options["emperor_support"]
        self.limited_emperor = options["limited_emperor"]
        self.rank_changes = options["rank_changes"]
        if self.rank_changes and not self.limited_emperor:
            raise ValueError("samourai option rank_changes needs limited_emperor")
        self.events = []
        self.view_cache = {}
        self.rng = Rng(seed)
        self.over = False
        self.end_reason = END_NONE
        self.decisions = 0
        self.round_no = 0
        self.phase = PH_SETUP
        self.step = ST_NONE
        self.decider = -1
        self.active = -1
        self.shogun = -1
        self.latched = False
        self.shogun_free_used = False
        self.moves_made = 0
        self.acted = False
        self.buy_kind = 0
        self.mv_from = self.mv_to = self.mv_count = -1
        self.mv_paid = 0
        self.mv_free = False
        self.mv_sea = False
        self.mv_attack = False
        self.b_att = self.b_def = self.b_where = self.b_from = -1
        self.b_count = 0
        self.b_side = 0
        self.b_n0 = self.b_n1 = 0
        self.b_forced = False
        self.b_winner = -1
        self.n_retreat = 0
        self.b_revealed = False
        self.b_cancelled = 0
        self.k_card = self.k_player = -1
        self.shogun_context = 0
        self.sh_card = self.sh_by = self.sh_target = -1
        self.c_kind = self.c_player = self.c_target_player = self.c_target_terr = -1
        self.c_context = CTX_TURN
        self.window_kind = -1
        self.window_pos = 0
        self.counter_seats = []
        self.counter_pos = 0
        self.discard_order = []
        self.discard_pos = 0
        self.forfeit_order = []
        for t in range(NT):
            self.owner[t] = -1
            self.samurai[t] = 0
            self.castle[t] = -1
            self.blocked[t] = 0
        for i in range(MAXP * NK):
            self.hand[i] = 0
            self.pending[i] = 0
        for i in range(6):
            self.b_cards[i] = -1
        for s in range(MAXP):
            self.koku[s] = START_KOKU if s < n else 0
            self.honor[s] = START_HONOR
            self.castles_left[s] = CASTLES_PER_CLAN if s < n else 0
            self.reserve[s] = 0
            self.eliminated[s] = 0
            self.forfeited[s] = 0 if s < n else 1
            self.done[s] = 0
            self.castle_built[s] = 0
            self.setup_left[s] = 0
            self.hand_size[s] = 0
            self.pending_size[s] = 0
        self.announced = []
        self._reset_options()
        self.emperor = self.rng.below(n)
        majors = list(MAJOR_CITIES)
        minors = list(MINOR_CITIES)
        self._shuffle_list(majors)
        self._shuffle_list(minors)
        for i in range(n):
            s = (self.emperor + i) % n
            drawn = [majors.pop()] + [minors.pop() for _ in range(_MINORS[n])]
            for t in drawn:
                self.owner[t] = s
                self.samurai[t] = 1
                self._log(EV_SETUP_CITY, s, t, -1, 1, 0)
            self.reserve[s] = _ALLOWANCE[n] - len(drawn)
            self.setup_left[s] = _EXTRAS[n]
        self.pile = list(FULL_DECK)
        self.discard = []
        self._shuffle_pile()
        for i in range(n):
            self._draw((self.emperor + i) % n, START_HAND)
        self._log(EV_EMPEROR, self.emperor, -1, -1, 0, 0)
        self._ask(ST_SETUP, self.emperor)

    def _shuffle_list(self, items):
        for i in range(len(items) - 1, 0, -1):
            j = self.rng.below(i + 1)
            items[i], items[j] = items[j], items[i]

    # ------------------------------------------------------------------ rounds and phases
    def _start_round(self):
        self.round_no += 1
        self._log(EV_ROUND, -1, -1, -1, self.round_no, 0)
        self.shogun_free_used = False
        for s in range(self.n):
            self.castle_built[s] = 0
        self._new_round_options()
        if self.limited_emperor:
            self.phase = PH_PURCHASE
            self._start_order()
        else:
            self._begin_phase(PH_PURCHASE)

    def _order_done(self):
        self._begin_phase(PH_PURCHASE)

    def _begin_phase(self, phase):
        self.phase = phase
        for s in range(self.n):
            self.done[s] = 1 if self.forfeited[s] or (phase == PH_ACTIVATION and self.eliminated[s]) else 0
        self._next_named()

    def _next_named(self):
        if self.limited_emperor:       # O15: the order announced at the start of the round
            for s in self.order:
                if not self.done[s]:
                    self._start_turn(s)
                    return
            self._end_phase()
            return
        left = 0
        last = -1
        for s in range(self.n):
            if not self.done[s]:
                left += 1
                last = s
        if left == 0:
            self._end_phase()
        elif left == 1:
            self._start_turn(last)
        else:
            self._ask(ST_NAME, self._namer())

    def _start_turn(self, seat):
        self._log(EV_NAME, seat, -1, -1, self.phase, 0)
        self.active = seat
        if self.phase == PH_PURCHASE:
            if self.eliminated[seat]:
                if self._any_return(seat):
                    self._ask(ST_RETURN, seat)
                else:
                    self._end_turn()
            else:
                self._ask(ST_PURCHASE, seat)
        else:
            self.moves_made = 0
            self.acted = False
            for t in range(NT):
                self.blocked[t] = 0
            self._open_window(W_START)      # the others' any-time cards, before he plays

    def _end_turn(self):
        self.done[self.active] = 1
        self.active = -1
        self._next_named()

    def _end_activation_turn(self):
        seat = self.active
        score = self.province_score(seat)
        if score > 0:
            self._log(EV_SCORE, seat, -1, -1, score, 0)
            self._change_honor(seat, score)
        for t in range(NT):
            self.blocked[t] = 0
        self._end_turn()

    def _end_phase(self):
        if self.phase == PH_PURCHASE:
            self._begin_phase(PH_ACTIVATION)
        elif self.latched:
            self._finish(END_TARGET)
        elif self.round_no >= MAX_ROUNDS:
            self._finish(END_ROUND_CAP)
        else:
            self._titles()
            self._taxes_and_discards()

    def _titles(self):
        previous = self.emperor
        emperor = self._pick_title(True, previous, -1)
        shogun = self._pick_title(False, self.shogun if self.shogun >= 0 else previous, emperor)
        self.emperor = emperor
        self.shogun = shogun
        self._log(EV_EMPEROR, emperor, -1, -1, 0, 0)
        if shogun >= 0:
            self._log(EV_SHOGUN, shogun, -1, -1, 0, 0)
        self._change_honor(emperor, EMPEROR_HONOR)

    def _taxes_and_discards(self):
        self.phase = PH_TAXES
        self.discard_order = []
        for i in range(self.n):
            s = (self.emperor + i) % self.n
            if not self.forfeited[s]:
                tax = self.taxes(s)
                if tax > 0:
                    self.koku[s] += tax
                    self._log(EV_TAX, s, -1, -1, tax, 0)
                self.discard_order.append(s)
        self.discard_pos = 0
        self._ask(ST_DISCARD, self.discard_order[0])

    def _discards_done(self):
        extra = NEW_EXTRA_CARDS if self.new_card_scale else EXTRA_CARDS
        for s in self.discard_order:
            cards = [] if self.record else None
            count = 0
            for k in range(NK):
                while self.pending[s * NK + k] > 0:
                    self.pending[s * NK + k] -= 1
                    self._to_discard(k)
                    if self.record:
                        cards.append(k)
                    count += 1
            if count > 0 and self.record:
                self._log_cards(EV_DISCARD, s, cards, count, 0)
            self.pending_size[s] = 0
        for s in self.discard_order:
            self._draw(s, max(0, HAND_REFILL - self.hand_size[s]) + extra[self.clan_points(s)])
        self._start_round()

    def _finish(self, reason):
        if self.clan_treasury and reason != END_FORFEIT:
            for s in range(self.n):      # O5: the secret treasury, 3 koku for 1 honour
                if self.treasury[s] > 0:
                    self._log(EV_TREASURY, s, -1, -1, self.treasury[s], 0)
                    self._change_honor(s, self.treasury[s] // KOKU_PER_HONOR)
        if self.koku_land and reason != END_FORFEIT:
            for s in range(self.n):      # O8: the last round's taxes, 3 koku for 1 honour
                if not self.forfeited[s]:
                    self._change_honor(s, self.taxes(s) // KOKU_PER_HONOR)
        self.over = True
        self.phase = PH_OVER
        self.end_reason = reason
        self._ask(ST_OVER, -1)
        self._log(EV_END, -1, -1, -1, reason, 0)

    # ------------------------------------------------------------------ purchases and return
    def _castle_price(self, t):
        return KYOTO_CASTLE_PRICE if t == KYOTO else CASTLE_PRICE

    def _can_build_at(self, seat, t):
        return self.owner[t] == seat and self.castle[t] < 0 and self.koku[seat] >= self._castle_price(t)

    def _can_return_to(self, seat, t):
        """R105: an eliminated clan returns in a free territory or by an uprising on a legal target."""
        return self.owner[t] < 0 or self.uprising_target(seat, t, self.kyoto_imperial)

    def _any_return(self, seat):
        for t in range(NT):
            if self._can_return_to(seat, t):
                return True
        return False

    def _return(self, seat, t):
        victim = self.owner[t]
        if victim >= 0:
            self._log(EV_UPRISING, seat, t, victim, self.samurai[t], 0)
            self._remove_samurai(t, self.samurai[t])
            self.owner[t] = -1
        placed = min(RETURN_SAMURAI, self.reserve[seat])
        self.owner[t] = seat
        self.samurai[t] = placed
        self.reserve[seat] -= placed
        self.koku[seat] += RETURN_KOKU
        self.eliminated[seat] = 0
        self._log(EV_RETURN, seat, t, -1, placed, 0)
        self._ask(ST_PURCHASE, seat)

    def _sell_honor(self, seat):
        self._change_honor(seat, -HONOR_PER_KOKU_SOLD)
        self.koku[seat] += 1
        self._log(EV_SELL, seat, -1, -1, 1, 0)

    # ------------------------------------------------------------------ legality
    def _legal(self, seat):
        """The legal actions of ``seat`` now, as a list."""
        self._collect_legal(seat)
        return [self.legal[i] for i in range(self.n_legal)]

    def _is_legal(self, seat, action):
        self._collect_legal(seat)
        for i in range(self.n_legal):
            if self.legal[i] == action:
                return True
        return False

    def _collect_legal(self, seat):
        """Collects the legal actions of ``seat`` now in ``legal[0:n_legal]``, in increasing order
        (but for a move's counters, see ``_offer_window_plays``)."""
        self.n_legal = 0
        if self.over or seat != self.decider:
            return
        step = self.step
        if step == ST_SETUP:
            for t in range(NT):
                if self.owner[t] == seat:
                    self._offer(TERRITORY + t)
        elif step == ST_NAME:
            for s in range(self.n):
                if not self.done[s]:
                    self._offer(PLAYER + s)
        elif step == ST_RETURN:
            for t in range(NT):
                if self._can_return_to(seat, t):
                    self._offer(TERRITORY + t)
        elif step == ST_PURCHASE:
            self._offer(END_TURN)
            if self.koku[seat] >= SAMURAI_PRICE and self.reserve[seat] > 0 and self._holds_at_least(seat, 1):
                self._offer(BUY_SAMURAI)
            if (self.castle_built[seat] == 0 and self.castles_left[seat] > 0
                    and self.koku[seat] >= min(CASTLE_PRICE, KYOTO_CASTLE_PRICE)):
                for t in range(NT):
                    if self._can_build_at(seat, t):
                        self._offer(BUY_CASTLE)
                        break
            if self.honor[seat] >= HONOR_PER_KOKU_SOLD:
                self._offer(SELL_HONOR)
            self._offer_option_verbs(seat, False)
        elif step == ST_BUY_WHERE:
            for t in range(NT):
                if self.owner[t] == seat and (self.buy_kind == 0 or self._can_build_at(seat, t)):
                    self._offer(TERRITORY + t)
        elif step == ST_ACTIVATE:
            self._offer(END_TURN)
            if self.eliminated[seat]:
                return
            if self.moves_made < MAX_MOVES and self._can_move(seat):
                self._offer(MOVE)
            if self.honor[seat] >= HONOR_PER_KOKU_SOLD:
                self._offer(SELL_HONOR)
            hand = self.hand        # the seat's cards are hand[base:base + NK]
            base = seat * NK
            for k in range(NK):
                if hand[base + k] > 0 and self._playable_in_turn(seat, k):
                    self._offer(PLAY + k)
            if self.seppuku and self.territories_of(seat) == 1 and self.samurai_on_board(seat) <= 3:
                self._offer(SEPPUKU)
            self._offer_option_verbs(seat, True)
        elif step == ST_MOVE_FROM:
            for t in range(NT):
                if self.owner[t] == seat and self._is_origin(seat, t):
                    self._offer(TERRITORY + t)
        elif step == ST_MOVE_TO:
            for i in range(NEIGHBOUR_START[self.mv_from], NEIGHBOUR_START[self.mv_from + 1]):
                if self._dest_ok(seat, self.mv_from, NEIGHBOURS[i]):
                    self._offer(TERRITORY + NEIGHBOURS[i])
        elif step == ST_MOVE_COUNT:
            for i in range(self.samurai[self.mv_from]):
                self._offer(COUNT + i)
        elif step == ST_TARGET_PLAYER:
            self._offer_card_players(seat)
        elif step == ST_TARGET_TERRITORY:
            self._offer_card_territories(seat)
        elif step == ST_WINDOW:
            self._offer_window_plays(seat)
        elif step == ST_COUNTER:
            self._offer(PASS)
            if self.has_card(seat, JUSTICE):
                self._offer(PLAY + JUSTICE)
        elif step == ST_COMMIT:
            slots = self.b_n0 if self.b_side == 0 else self.b_n1
            if slots == 2:
                self._offer(NO_SPECIAL)
            hand = self.hand
            base = seat * NK
            for k in range(NK):
                if hand[base + k] > 0 and (slots < 2 or CATEGORY[k] == CAT_SPECIAL):
                    self._offer(COMMIT + k)
        elif step == ST_CASTLE:
            self._offer(DESTROY)
            if self.castles_left[seat] > 0:
                self._offer(REPLACE)
            elif self.castles_on_board(seat) > 0:
                self._offer(RELOCATE)
        elif step == ST_RELOCATE:
            for t in range(NT):
                if self.castle[t] == seat and t != self.b_where:
                    self._offer(TERRITORY + t)
        elif step == ST_RETREAT:
            if self.n_retreat > 0:
                self._offer(DONE)
            for t in range(NT):
                if self._is_retreat(t):
                    self._offer(TERRITORY + t)
        elif FIRST_OPTION_STEP <= step <= LAST_OPTION_STEP:
            self._offer_option_step(step, seat)
        elif step == ST_DISCARD:
            self._offer(DONE)
            hand = self.hand
            base = seat * NK
            for k in range(NK):
                if hand[base + k] > 0:
                    self._offer(DISCARD + k)

    def _playable_in_turn(self, seat, card):
        category = CATEGORY[card]
        effect = EFFECT[card]
        if category == CAT_EVENT:
            if self.koku[seat] < COST[card]:
                return False
            if effect == FX_UPRISING or effect == FX_SECT:
                barred = self.kyoto_imperial and effect == FX_UPRISING
                for t in range(NT):
                    if self.uprising_target(seat, t, barred):
                        return True
                return False
            return True
        if category == CAT_ANY_TIME and self.can_play_any_time(seat):
            if effect == FX_NINJA:
                return self._ninja_targets(seat) and not (self.new_ninja and self.acted)
            if effect == FX_WAKO:
                return True
        return False

    # ------------------------------------------------------------------ applying a decision
    def _apply(self, seat, action):
        self.decisions += 1
        step = self.step
        if step == ST_SETUP:
            t = action - TERRITORY
            self.samurai[t] += 1
            self.reserve[seat] -= 1
            self.setup_left[seat] -= 1
            self._log(EV_PLACE, seat, t, -1, 1, 0)
            if self.setup_left[seat] == 0:
                nxt = (seat + 1) % self.n
                if nxt == self.emperor:
                    self._start_round()
                else:
                    self._ask(ST_SETUP, nxt)
        elif step == ST_NAME:
            self._start_turn(action - PLAYER)
        elif step == ST_RETURN:
            self._return(seat, action - TERRITORY)
        elif step == ST_PURCHASE:
            if self._option_verb(seat, action):
                return
            if action == END_TURN:
                self._end_turn()
            elif action == SELL_HONOR:
                self._sell_honor(seat)
            else:
                self.buy_kind = 0 if action == BUY_SAMURAI else 1
                self._ask(ST_BUY_WHERE, seat)
        elif step == ST_BUY_WHERE:
            t = action - TERRITORY
            if self.buy_kind == 0:
                self.koku[seat] -= SAMURAI_PRICE
                self.reserve[seat] -= 1
                self.samurai[t] += 1
            else:
                self.koku[seat] -= self._castle_price(t)
                self.castles_left[seat] -= 1
                self.castle_built[seat] = 1
                self.castle[t] = seat
            self._log(EV_BUY, seat, t, -1, self.buy_kind, 0)
            self._ask(ST_PURCHASE, seat)
        elif step == ST_ACTIVATE:
            if action == END_TURN:
                self._end_activation_turn()
                return
            self.acted = True
            if self._option_verb(seat, action):
                return
            if action == MOVE:
                self._ask(ST_MOVE_FROM, seat)
            elif action == SELL_HONOR:
                self._sell_honor(seat)
            elif action == SEPPUKU:
                self._do_seppuku(seat)
            else:
                self._play_card(seat, action - PLAY, CTX_TURN)
        elif step == ST_MOVE_FROM:
            self.mv_from = action - TERRITORY
            self._ask(ST_MOVE_TO, seat)
        elif step == ST_MOVE_TO:
            self.mv_to = action - TERRITORY
            self._ask(ST_MOVE_COUNT, seat)
        elif step == ST_MOVE_COUNT:
            self._declare_move(action - COUNT + 1)
        elif step == ST_TARGET_PLAYER:
            self.c_target_player = action - PLAYER
            self._card_targeted()
        elif step == ST_TARGET_TERRITORY:
            self.c_target_terr = action - TERRITORY
            # Terre brûlée is aimed at the clan it bars, the others' cards at the territory's owner
            self.c_target_player = self.active if EFFECT[self.c_kind] == FX_SCORCHED else self.owner[self.c_target_terr]
            self._card_targeted()
        elif step == ST_WINDOW:
            if action == PASS:
                self._window_next()
            elif self.window_kind == W_MOVE:
                self._counter_move(seat, action - PLAY)
            else:
                self._play_card(seat, action - PLAY, CTX_WINDOW)
        elif step == ST_COUNTER:
            if action == PASS:
                self._counter_next()
            else:
                self._take_card(seat, JUSTICE)
                self._to_discard(JUSTICE)
                self._log(EV_PLAY, seat, JUSTICE, self.c_player, 0, 0)
                self.k_card = JUSTICE
                self.k_player = seat
                self._before_counter(SH_CARD_COUNTER)
        elif step == ST_COMMIT:
            if action == NO_SPECIAL:
                self._log(EV_COMMIT, seat, -1, -1, 2, 0)
                self._commit_done()
            else:
                self._commit(seat, action - COMMIT)
        elif step == ST_CASTLE:
            if action == RELOCATE:
                self._ask(ST_RELOCATE, seat)
            else:
                self._castle_fate(action, -1)
        elif step == ST_RELOCATE:
            self._castle_fate(RELOCATE, action - TERRITORY)
        elif step == ST_RETREAT:
            self._retreat_named(action)
        elif FIRST_OPTION_STEP <= step <= LAST_OPTION_STEP:
            self._option_apply(step, seat, action)
        elif step == ST_DISCARD:
            if action == DONE:
                self.discard_pos += 1
                if self.discard_pos < len(self.discard_order):
                    self._ask(ST_DISCARD, self.discard_order[self.discard_pos])
                else:
                    self._discards_done()
            else:
                k = action - DISCARD
                self._take_card(seat, k)
                self.pending[seat * NK + k] += 1
                self.pending_size[seat] += 1

    # ------------------------------------------------------------------ the contract
    def current_seats(self):
        return [] if self.over else [self.decider]

    def legal_actions(self, seat):
        return self._legal(seat)

    def apply(self, seat, action):
        if self.over:
            raise ValueError("the game is over")
        if isinstance(seat, bool) or not isinstance(seat, int) or not (0 <= seat < self.n):
            raise ValueError("no seat %r in a %d-player game" % (seat, self.n))
        if seat != self.decider:
            raise ValueError("seat %d cannot act now: seat %d decides" % (seat, self.decider))
        if (isinstance(action, bool) or not isinstance(action, int) or not 0 <= action < NUM_ACTIONS
                or not self._is_legal(seat, action)):
            raise ValueError("illegal action %r for seat %d at %s" % (action, seat, views.STEP_NAMES[self.step]))
        self._apply(seat, action)

    def is_terminal(self):
        return self.over

    def observation(self, seat, since=0):
        return views.observation(self, seat, since)

    def full_view(self, since=0):
        return views.full_view(self, since)

    def result(self):
        return views.result(self)

    def resample_hidden(self, seat, seed):
        return resample.resample_hidden(self, seat, seed)

    def forfeit(self, seat):
        """``seat`` leaves (its bot failed): the game ends at once, scored as it stands, and that
        seat ranks last alone."""
        if self.over:
            raise ValueError("the game is over")
        if isinstance(seat, bool) or not isinstance(seat, int) or not (0 <= seat < self.n):
            raise ValueError("no seat %r in a %d-player game" % (seat, self.n))
        self.forfeited[seat] = 1
        self.forfeit_order.append(seat)
        self._log(EV_FORFEIT, seat, -1, -1, 0, 0)
        self._finish(END_FORFEIT)

    def clone(self):
        other = SamouraiState.__new__(SamouraiState)
        for name in views.ARRAY_FIELDS:
            setattr(other, name, array.array("i", getattr(self, name)))
        for name in views.SCALAR_FIELDS:
            setattr(other, name, getattr(self, name))
        for name in views.LIST_FIELDS:
            setattr(other, name, list(getattr(self, name)))
        other.options = dict(self.options)
        other.view_cache = {}
        other.rng = Rng(0)
        other.rng.state = self.rng.state
        other.rng.increment = self.rng.increment
        return other


def new_state(n_players, seed, options=None):
    """A new game; ``options`` are checked and completed by the spec."""
    SPEC.check_players(n_players)
    return SamouraiState(n_players, seed, options, True)


def play_random_games(n_players, n_games, seed):
    """The fast path: ``n_games`` whole games (default options) between uniform random players.
    Returns the decisions made and the rounds played."""
    SPEC.check_players(n_players)
    policy = Rng(seed, 54)
    decisions = 0
    rounds = 0
    state = SamouraiState(n_players, seed, None, False)
    options = SPEC.resolve_options(None)
    for g in range(n_games):
        if g > 0:
            state.reset(n_players, seed + g, options, False)
        while not state.over:               # the same choice as legal[policy.below(len(legal))]
            state._collect_legal(state.decider)
            state._apply(state.decider, state.legal[policy.below(state.n_legal)])
        decisions += state.decisions
        rounds += state.round_no
    return {"games": n_games, "decisions": decisions, "rounds": rounds}

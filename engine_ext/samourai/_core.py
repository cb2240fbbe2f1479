"""Samouraï & Katana, the state and the rules every phase shares: the board, the cards, honour,
titles and the resolution of a battle.

One source for both builds, like ``_rules``: compiled by Cython (``_core.pxd``) and run as
plain Python for the cross-check.  ``SamouraiCore`` holds the whole state of a game; ``_play``,
``_options`` and ``_rules`` subclass it with the activation turn, the optional rules, the flow of
rounds and phases, the decisions' legality and the engine contract.  Numbers, the map and the
cards come from ``data``, read once into the C int tables and constants below; the rulings are
stated in ``_rules``' docstring beside the rules they affect.

In the compiled build the state is a typed extension class: its counters are C ints, its tables
flat ``int[::1]`` arrays (``array.array("i")`` in the uncompiled build, indexed the same way),
and the helpers below are C calls.  The draw pile, the discards and the event log stay lists.
"""
import array

import cython

from .._rng import Rng
from . import data
from .actions import ACTIONS


def _ints(values):
    """A flat table of C ints (a typed memoryview in the compiled build, indexed like a list)."""
    return array.array("i", values)


def _zeros(count, value=0):
    return _ints([value] * count)


MAXP = data.MAX_PLAYERS
NT = len(data.TERRITORIES)
NK = len(data.CARDS)
NPROV = len(data.PROVINCES)

# --- the map as flat tables -----------------------------------------------------------------
_TI = {key: i for i, key in enumerate(data.TERRITORY_KEYS)}
MOUNTAIN_T = _ints([1 if t.terrain == data.MOUNTAIN else 0 for t in data.TERRITORIES])
PROVINCE_OF = _ints([data.PROVINCE_KEYS.index(t.province) for t in data.TERRITORIES])
PROVINCE_HONOR = _ints([p.honor for p in data.PROVINCES])
# the territories of province p: PROVINCE_MEMBERS[PROVINCE_START[p]:PROVINCE_START[p + 1]]
PROVINCE_MEMBERS = _ints([t for p in range(NPROV) for t in range(NT) if PROVINCE_OF[t] == p])
PROVINCE_START = _ints([sum(1 for t in range(NT) if PROVINCE_OF[t] < p) for p in range(NPROV + 1)])
CITY_PC = _ints([data.city_points(t) for t in data.TERRITORIES])
KYOTO = _TI[data.KYOTO]
KINAI = PROVINCE_OF[KYOTO]
# link[a * NT + b]: 0 none, 1 land, 2 sea
LINK = _zeros(NT * NT)
for _a, _b in data.LAND_LINKS:
    LINK[_TI[_a] * NT + _TI[_b]] = LINK[_TI[_b] * NT + _TI[_a]] = 1
for _a, _b in data.SEA_LINKS:
    LINK[_TI[_a] * NT + _TI[_b]] = LINK[_TI[_b] * NT + _TI[_a]] = 2
# the territories linked to t by land or sea, in increasing order:
# NEIGHBOURS[NEIGHBOUR_START[t]:NEIGHBOUR_START[t + 1]]
NEIGHBOURS = _ints([u for t in range(NT) for u in range(NT) if LINK[t * NT + u]])
NEIGHBOUR_START = _ints([sum(1 for v in range(t) for u in range(NT) if LINK[v * NT + u]) for t in range(NT + 1)])
# the set-up's cities, drawn blind (shuffled as lists once a game)
MAJOR_CITIES = tuple(i for i, t in enumerate(data.TERRITORIES)
                     if t.city_kind == data.MAJOR and t.key != data.KYOTO)
MINOR_CITIES = tuple(i for i, t in enumerate(data.TERRITORIES) if t.city_kind == data.MINOR)
MAX_PC = sum(data.city_points(t) for t in data.TERRITORIES)

# --- the cards --------------------------------------------------------------------------------
_CATEGORIES = (data.WARRIOR, data.SPECIAL, data.EVENT, data.ANY_TIME)
CAT_WARRIOR, CAT_SPECIAL, CAT_EVENT, CAT_ANY_TIME = 0, 1, 2, 3
CATEGORY = _ints([_CATEGORIES.index(c.category) for c in data.CARDS])
VALUE = _ints([c.value for c in data.CARDS])
SABRES = _ints([c.sabres for c in data.CARDS])
FAN = _ints([c.fan for c in data.CARDS])
COST = _ints([c.cost for c in data.CARDS])
EFFECT = _ints([c.effect for c in data.CARDS])
AMOUNT = _ints([c.amount for c in data.CARDS])
FULL_DECK = tuple(data.deck())               # the pile is a list, dealt from its end
NINJA, JUSTICE, TSUNAMI, SCORCHED, WAKO = [data.card_index(k) for k in (
    "ninja", "justice_shogunale", "tsunami", "terre_brulee", "wako")]

# --- numbers ----------------------------------------------------------------------------------
COUNTED = data.COUNTED_SAMURAI[0]
ALLIANCE_MAX = data.ALLIANCE_MAX[0]
MAX_LOSSES = data.MAX_LOSSES[0]
ANY_TIME_MIN = data.ANY_TIME_MIN_HAND[0]
MAX_ROUNDS = data.MAX_ROUNDS[0]
MAX_MOVES = data.MAX_MOVES_PER_TURN[0]
# a retreat plan names a place for each samurai of the defended territory: at most a clan's whole allowance
RETREAT_MAX = max(data.SAMURAI_ALLOWANCE[0].values())
START_KOKU = data.START_KOKU[0]
START_HONOR = data.START_HONOR[0]
START_HAND = data.START_HAND[0]
CASTLES_PER_CLAN = data.CASTLES_PER_CLAN[0]
SAMURAI_PRICE = data.SAMURAI_PRICE[0]
CASTLE_PRICE = data.CASTLE_PRICE[0]
KYOTO_CASTLE_PRICE = data.KYOTO_CASTLE_PRICE[0]
MOVE_PRICE = data.MOVE_PRICE[0]
PLAIN_TAX = data.PLAIN_TAX[0]
MOUNTAIN_TAX = data.MOUNTAIN_TAX[0]
HAND_REFILL = data.HAND_REFILL[0]
HONOR_PER_KOKU_SOLD = data.HONOR_PER_KOKU_SOLD[0]
MOUNTAIN_DEFENCE = data.MOUNTAIN_DEFENCE[0]
BATTLE_DRAW = data.BATTLE_DRAW[0]
WINNING_DEFENDER_DRAW = data.WINNING_DEFENDER_DRAW[0]
BATTLE_HONOR = data.BATTLE_HONOR[0]
SHOGUN_DEFEAT_HONOR = data.SHOGUN_DEFEAT_HONOR[0]
EMPEROR_HONOR = data.EMPEROR_HONOR[0]
KYOTO_HONOR = data.KYOTO_HONOR[0]
RETURN_SAMURAI = data.RETURN_SAMURAI[0]
RETURN_KOKU = data.RETURN_KOKU[0]
KOKU_PER_HONOR = data.KOKU_PER_HONOR[0]
# cards drawn beyond the refill, by city points (PC): the rulebook's scale and the new one (O17)
EXTRA_CARDS = _ints([data.extra_cards(pc, data.EXTRA_CARDS_SCALE[0]) for pc in range(MAX_PC + 1)])
NEW_EXTRA_CARDS = _ints([data.extra_cards(pc, data.NEW_EXTRA_CARDS_SCALE[0]) for pc in range(MAX_PC + 1)])
# the cards' effect codes
(FX_NONE, FX_FAN, FX_ALLIANCE, FX_AMBUSH, FX_UPRISING, FX_SECT, FX_HONOR, FX_AFFRONT, FX_KOKU, FX_NINJA,
 FX_JUSTICE, FX_TSUNAMI, FX_SCORCHED, FX_WAKO) = (
    data.FX_NONE, data.FX_FAN, data.FX_ALLIANCE, data.FX_AMBUSH, data.FX_UPRISING, data.FX_SECT,
    data.FX_HONOR, data.FX_AFFRONT, data.FX_KOKU, data.FX_NINJA, data.FX_JUSTICE, data.FX_TSUNAMI,
    data.FX_SCORCHED, data.FX_WAKO)

# --- actions: the offsets of the blocks declared in actions.py -------------------------------
(END_TURN, PASS, DONE, MOVE, BUY_SAMURAI, BUY_CASTLE, SELL_HONOR, NO_SPECIAL, DESTROY, REPLACE,
 RELOCATE, SEPPUKU) = [ACTIONS.first(name) for name in (
    "END_TURN", "PASS", "DONE", "MOVE", "BUY_SAMURAI", "BUY_CASTLE", "SELL_HONOR", "NO_SPECIAL",
    "DESTROY", "REPLACE", "RELOCATE", "SEPPUKU")]
TERRITORY = ACTIONS.first("TERRITORY")
PLAYER = ACTIONS.first("PLAYER")
COUNT = ACTIONS.first("COUNT")              # + n - 1
PLAY = ACTIONS.first("PLAY")
COMMIT = ACTIONS.first("COMMIT")
DISCARD = ACTIONS.first("DISCARD")
(SET_ASIDE, ECHANGE, SELL_OFFICE, ACCEPT, REFUSE, SUPPORT_ATTACKER, SUPPORT_DEFENDER, SHOGUN_CANCEL,
 OFFER_TRADE, GIVE_KOKU, UP, DOWN, COUNTER) = [ACTIONS.first(name) for name in (
    "SET_ASIDE", "ECHANGE", "SELL_OFFICE", "ACCEPT", "REFUSE", "SUPPORT_ATTACKER", "SUPPORT_DEFENDER",
    "SHOGUN_CANCEL", "OFFER_TRADE", "GIVE_KOKU", "UP", "DOWN", "COUNTER")]
OFFER = ACTIONS.first("OFFER")
CANCEL_ATTACKER, CANCEL_DEFENDER = ACTIONS.first("CANCEL_ATTACKER"), ACTIONS.first("CANCEL_DEFENDER")
MAX_COUNT = ACTIONS.block("COUNT").size
NUM_ACTIONS = ACTIONS.size

# --- phases of the round, pending decisions, windows, end reasons, events --------------------
PH_SETUP, PH_PURCHASE, PH_ACTIVATION, PH_TAXES, PH_OVER = 0, 1, 2, 3, 4
(ST_NONE, ST_SETUP, ST_NAME, ST_RETURN, ST_PURCHASE, ST_BUY_WHERE, ST_ACTIVATE, ST_MOVE_FROM,
 ST_MOVE_TO, ST_MOVE_COUNT, ST_TARGET_PLAYER, ST_TARGET_TERRITORY, ST_WINDOW, ST_COUNTER, ST_COMMIT,
 ST_CASTLE, ST_RELOCATE, ST_RETREAT, ST_DISCARD, ST_OVER,
 # optional rules
 ST_ORDER, ST_RANK, ST_RANK_COUNTER, ST_OFFICE_BUYER, ST_OFFICE_PRICE, ST_OFFICE_ANSWER, ST_SUPPORT,
 ST_SUPPORT_FROM, ST_SUPPORT_ANSWER, ST_SHOGUN, ST_TRADE_PLAYER, ST_TRADE_CARD, ST_TRADE_ANSWER,
 ST_GIFT_PLAYER, ST_GIFT_AMOUNT, ST_EXCHANGE) = range(36)
W_MOVE, W_AFTER, W_START = 1, 2, 3     # reaction windows: a move's counters, after a battle, a turn's start
END_NONE, END_TARGET, END_ROUND_CAP, END_FORFEIT = 0, 1, 2, 3
(EV_SETUP_CITY, EV_PLACE, EV_EMPEROR, EV_SHOGUN, EV_NAME, EV_BUY, EV_SELL, EV_MOVE, EV_CANCEL,
 EV_ENTER, EV_BATTLE, EV_COMMIT, EV_REVEAL, EV_BATTLE_END, EV_LOSSES, EV_RETREAT, EV_CASTLE, EV_HONOR,
 EV_KOKU, EV_DRAW, EV_DISCARD, EV_RESHUFFLE, EV_PLAY, EV_TARGET, EV_STEAL, EV_UPRISING, EV_FREE,
 EV_ELIMINATED, EV_RETURN, EV_SCORE, EV_TAX, EV_ROUND, EV_PASS, EV_END, EV_SEPPUKU,
 EV_FORFEIT, EV_ORDER, EV_RANK, EV_OFFICE, EV_SUPPORT, EV_SHOGUN_CANCEL, EV_OFFER, EV_TRADE, EV_GIFT,
 EV_SET_ASIDE, EV_SHOW, EV_TREASURY) = range(47)


class SamouraiCore:
    """The state of a game.  Seats are numbered clockwise.  Territory ``t`` is controlled by
    ``owner[t]`` (-1: free) with ``samurai[t]`` of his samurai and, when ``castle[t] >= 0``,
    the castle of seat ``castle[t]`` (the owner's, except while a captured castle's fate is
    decided).  Hands are counted by card kind: ``hand[seat * NK + kind]``.  The legal actions of
    the seat asked are collected in ``legal[0:n_legal]``, in the order they are listed."""

    def _allocate(self):
        self.owner = _zeros(NT, -1)
        self.samurai = _zeros(NT)
        self.castle = _zeros(NT, -1)
        self.blocked = _zeros(NT)
        self.koku = _zeros(MAXP)
        self.honor = _zeros(MAXP)
        self.reserve = _zeros(MAXP)
        self.castles_left = _zeros(MAXP)
        self.eliminated = _zeros(MAXP)
        self.forfeited = _zeros(MAXP)
        self.done = _zeros(MAXP)
        self.castle_built = _zeros(MAXP)
        self.setup_left = _zeros(MAXP)
        self.hand_size = _zeros(MAXP)
        self.pending_size = _zeros(MAXP)
        self.hand = _zeros(MAXP * NK)
        self.pending = _zeros(MAXP * NK)
        self.b_cards = _zeros(6, -1)
        self.retreat_plan = _zeros(RETREAT_MAX, -1)
        self.treasury = _zeros(MAXP)
        self.rank_used = _zeros(MAXP)
        self.exchange_used = _zeros(MAXP)
        self.trade_used = _zeros(MAXP)
        self.support_sent = _zeros(NT)
        self.legal = _zeros(NUM_ACTIONS)
        self.n_legal = 0

    def _ask(self, step, seat):
        self.step = step
        self.decider = seat

    def _namer(self):
        """Who names the next clan: the Emperor, or the first seat after him still playing."""
        for i in range(self.n):
            s = (self.emperor + i) % self.n
            if not self.forfeited[s]:
                return s
        return -1

    def _offer(self, action):
        """Appends ``action`` to the legal actions being collected."""
        self.legal[self.n_legal] = action
        self.n_legal += 1

    # --- events ---------------------------------------------------------------------------
    def _log(self, kind, seat, a, b, amount, audience):
        """Appends an event when recording (the fast path does not).  ``audience``: 0 for a
        public event, else the bit mask of the seats who see its card ``a``."""
        if self.record:
            self.events.append((kind, seat, a, b, amount, audience))

    def _log_cards(self, kind, seat, cards, amount, audience):
        """An event whose ``a`` is several cards (a draw, the discards revealed)."""
        self.events.append((kind, seat, tuple(cards), -1, amount, audience))

    # --- cards ----------------------------------------------------------------------------
    def _shuffle_pile(self):
        pile = self.pile
        for i in range(len(pile) - 1, 0, -1):
            j = self.rng.below(i + 1)
            pile[i], pile[j] = pile[j], pile[i]

    def _draw(self, seat, count):
        """``seat`` draws ``count`` cards; an empty pile is refilled from the shuffled discards
        (R27); with neither, nothing more is drawn.  Returns how many were drawn."""
        drawn = 0
        cards = [] if self.record else None
        for i in range(count):
            if len(self.pile) == 0:
                if len(self.discard) == 0:
                    break
                self.pile = self.discard
                self.discard = []
                self._shuffle_pile()
                self._log(EV_RESHUFFLE, -1, -1, -1, len(self.pile), 0)
            card = self.pile.pop()
            self.hand[seat * NK + card] += 1
            self.hand_size[seat] += 1
            if self.record:
                cards.append(card)
            drawn += 1
        if drawn > 0 and self.record:
            self._log_cards(EV_DRAW, seat, cards, drawn, 1 << seat)
        return drawn

    def _take_card(self, seat, card):
        self.hand[seat * NK + card] -= 1
        self.hand_size[seat] -= 1

    def _to_discard(self, card):
        self.discard.append(card)

    def has_card(self, seat, card):
        return self.hand[seat * NK + card] > 0

    def can_play_any_time(self, seat):
        """R23: a hand of 2 cards or fewer cannot play cards "à jouer n'importe quand"."""
        return self.forfeited[seat] == 0 and self.hand_size[seat] >= ANY_TIME_MIN

    # --- board ----------------------------------------------------------------------------
    def territories_of(self, seat):
        count = 0
        for t in range(NT):
            if self.owner[t] == seat:
                count += 1
        return count

    def _holds_at_least(self, seat, count):
        """Whether ``seat`` controls ``count`` territories or more (counting stops there)."""
        for t in range(NT):
            if self.owner[t] == seat:
                count -= 1
                if count <= 0:
                    return True
        return count <= 0

    def clan_points(self, seat):
        pc = 0
        for t in range(NT):
            if self.owner[t] == seat:
                pc += CITY_PC[t]
        return pc

    def cities_of(self, seat):
        count = 0
        for t in range(NT):
            if self.owner[t] == seat and CITY_PC[t] > 0:
                count += 1
        return count

    def samurai_on_board(self, seat):
        count = 0
        for t in range(NT):
            if self.owner[t] == seat:
                count += self.samurai[t]
        return count

    def castles_on_board(self, seat):
        count = 0
        for t in range(NT):
            if self.castle[t] == seat:
                count += 1
        return count

    def _free_if_empty(self, t):
        """A territory with neither samurai nor castle is free at once, its city neutral (A13)."""
        if self.owner[t] >= 0 and self.samurai[t] == 0 and self.castle[t] < 0:
            self._log(EV_FREE, self.owner[t], t, -1, 0, 0)
            self.owner[t] = -1

    def _remove_samurai(self, t, count):
        """``count`` samurai of ``t``'s owner go back to his reserve."""
        if count > 0:
            self.samurai[t] -= count
            self.reserve[self.owner[t]] += count

    def uprising_target(self, seat, t, kyoto_barred):
        """R97: an uprising or a sect strikes another clan's territory with no castle, never a
        clan left with one territory (nor Kyoto's for Ikko Ikki under Kyoto ville impériale)."""
        victim = self.owner[t]
        return (victim >= 0 and victim != seat and self.castle[t] < 0
                and not (kyoto_barred and t == KYOTO) and self._holds_at_least(victim, 2))

    def province_score(self, seat):
        """R79-R81: the honour of every province the seat holds entirely, and Kyoto's 1 when it
        holds Kyoto without the whole Kinai (A8)."""
        total = 0
        kinai_whole = False
        for p in range(NPROV):
            whole = True
            for i in range(PROVINCE_START[p], PROVINCE_START[p + 1]):
                if self.owner[PROVINCE_MEMBERS[i]] != seat:
                    whole = False
                    break
            if whole:
                total += max(0, PROVINCE_HONOR[p] - self.province_malus)
                if p == KINAI:
                    kinai_whole = True
        if self.owner[KYOTO] == seat and not kinai_whole:
            total += KYOTO_HONOR
        return total

    def taxes(self, seat):
        """R90: 2 koku per plain, 1 per mountain controlled (a castle alone counts)."""
        total = 0
        for t in range(NT):
            if self.owner[t] == seat:
                total += MOUNTAIN_TAX if MOUNTAIN_T[t] else PLAIN_TAX
        return total

    # --- honour and titles ----------------------------------------------------------------
    def _change_honor(self, seat, delta):
        """Honour never falls below the dishonour box, 0 (R82); passing the target latches the
        end of the game (R106-R107, A17): losing honour later does not unlatch it."""
        before = self.honor[seat]
        after = before + delta
        if after < 0:
            after = 0
        self.honor[seat] = after
        if after != before:
            self._log(EV_HONOR, seat, -1, -1, after - before, 0)
        if after > self.target:
            self.latched = True

    def _title_order(self, a, b):
        """-1, 0 or 1 as seat ``a`` ranks below, level with or above seat ``b`` for the titles:
        honour, then PC, cities, koku and samurai on the board (R35, A9)."""
        if self.honor[a] != self.honor[b]:
            return -1 if self.honor[a] < self.honor[b] else 1
        x, y = self.clan_points(a), self.clan_points(b)
        if x == y:
            x, y = self.cities_of(a), self.cities_of(b)
        if x == y:
            x, y = self.koku[a], self.koku[b]
        if x == y:
            x, y = self.samurai_on_board(a), self.samurai_on_board(b)
        return 0 if x == y else -1 if x < y else 1

    def _pick_title(self, lowest, start, exclude):
        """The seat ranking lowest (Emperor, R35) or highest (Shogun, A9) for the titles; a full
        tie goes to the earliest seat clockwise from ``start``."""
        best = -1
        for i in range(self.n):
            s = (start + i) % self.n
            if self.forfeited[s] or s == exclude:
                continue
            if best < 0:
                best = s
                continue
            order = self._title_order(s, best)
            if (order < 0) if lowest else (order > 0):
                best = s
        return best

    # --- battle ---------------------------------------------------------------------------
    def alliance_samurai(self, seat, t):
        """Alliance (R102, A42): the seat's own samurai in territories land-adjacent to ``t``."""
        total = 0
        for i in range(NEIGHBOUR_START[t], NEIGHBOUR_START[t + 1]):
            u = NEIGHBOURS[i]
            if LINK[t * NT + u] == 1 and self.owner[u] == seat:
                total += self.samurai[u]
        return min(total, ALLIANCE_MAX)

    def _side_total(self, side, cancelled):
        """A side's combat total (R65-R68, R72-R73) from its revealed cards: the 2 values, at
        most 4 samurai (8 with the Emperor's or an alliance's), the special's fan or effect
        unless ``cancelled``, and for the defender the mountain and his castle."""
        seat = self.b_att if side == 0 else self.b_def
        where = self.b_where
        total = 0
        lowest = 99
        for slot in range(2):
            card = self.b_cards[side * 3 + slot]
            if card >= 0:
                total += VALUE[card]
                lowest = min(lowest, VALUE[card])
            else:
                lowest = 0
        special = self.b_cards[side * 3 + 2]
        present = self.b_count if side == 0 else self.samurai[where]
        counted = min(present, COUNTED)
        if side == self.sup_side:      # O12: the Emperor's samurai join, at most 8 counted
            counted = min(counted + self.sup_count, 2 * COUNTED)
        if special >= 0 and not cancelled:
            if EFFECT[special] == FX_FAN:
                total += FAN[special]
            elif EFFECT[special] == FX_ALLIANCE:
                counted = min(counted + self.alliance_samurai(seat, where), 2 * COUNTED)
        total += counted
        if side == 1:
            if MOUNTAIN_T[where]:
                total += MOUNTAIN_DEFENCE
            if self.castle[where] == seat:
                total += lowest          # the castle doubles the weaker value card (R68)
        return total

    def _side_sabres(self, side, cancelled):
        """The sabres a side's cards deal to the other: its value cards' and its special's unless
        ``cancelled`` (A23)."""
        sabres = 0
        for slot in range(3):
            card = self.b_cards[side * 3 + slot]
            if card >= 0 and not (slot == 2 and cancelled):
                sabres += SABRES[card]
        return sabres

    def battle_totals(self):
        """The two sides' combat totals and the losses each takes, from the revealed cards:
        (attack, defence, attacker's losses, defender's losses).  Embuscade cancels the other
        side's special: its effect and its sabres; ``b_cancelled`` (bit 1: the attacker's, bit 2:
        the defender's) the specials whose power the Shogun cancelled."""
        # the Shogun's power (O9) takes a special's power, not its sabres: a cancelled Embuscade
        # cancels nothing
        att_power = self.b_cards[2] >= 0 and not (self.b_cancelled & 1)
        def_power = self.b_cards[5] >= 0 and not (self.b_cancelled & 2)
        att_ambushed = def_power and EFFECT[self.b_cards[5]] == FX_AMBUSH
        def_ambushed = att_power and EFFECT[self.b_cards[2]] == FX_AMBUSH
        att_loss = min(self._side_sabres(1, def_ambushed), MAX_LOSSES, self.b_count)
        def_loss = min(self._side_sabres(0, att_ambushed), MAX_LOSSES, self.samurai[self.b_where])
        return (self._side_total(0, att_ambushed or not att_power), self._side_total(1, def_ambushed or not def_power),
                att_loss, def_loss)

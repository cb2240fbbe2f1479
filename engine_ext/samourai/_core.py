"""Samouraï & Katana, the state and the rules every phase shares: the board, the cards, honour,
titles and the resolution of a battle.

One source for both builds, like ``_rules``: compiled by Cython (``_core.pxd``) and run as
plain Python for the cross-check.  ``SamouraiCore`` holds the whole state of a game; the rules
module ``_rules`` subclasses it with the flow of rounds, phases and reaction windows, the
decisions' legality and the engine contract.  Numbers, the map and the cards come from
``data``; the rulings are stated in ``_rules``' docstring beside the rules they affect.
"""
import array

from .._rng import Rng
from . import data
from .actions import ACTIONS

MAXP = data.MAX_PLAYERS
NT = len(data.TERRITORIES)
NK = len(data.CARDS)
NPROV = len(data.PROVINCES)

# --- the map as flat tables -----------------------------------------------------------------
_TI = {key: i for i, key in enumerate(data.TERRITORY_KEYS)}
MOUNTAIN_T = array.array("i", [1 if t.terrain == data.MOUNTAIN else 0 for t in data.TERRITORIES])
PROVINCE_OF = array.array("i", [data.PROVINCE_KEYS.index(t.province) for t in data.TERRITORIES])
PROVINCE_HONOR = array.array("i", [p.honor for p in data.PROVINCES])
PROVINCE_SIZE = array.array("i", [sum(1 for t in data.TERRITORIES if t.province == p.key)
                                  for p in data.PROVINCES])
CITY_PC = array.array("i", [data.city_points(t) for t in data.TERRITORIES])
KYOTO = _TI[data.KYOTO]
KINAI = PROVINCE_OF[KYOTO]
# link[a * NT + b]: 0 none, 1 land, 2 sea
LINK = array.array("i", [0] * (NT * NT))
for _a, _b in data.LAND_LINKS:
    LINK[_TI[_a] * NT + _TI[_b]] = LINK[_TI[_b] * NT + _TI[_a]] = 1
for _a, _b in data.SEA_LINKS:
    LINK[_TI[_a] * NT + _TI[_b]] = LINK[_TI[_b] * NT + _TI[_a]] = 2
MAJOR_CITIES = array.array("i", [i for i, t in enumerate(data.TERRITORIES)
                                 if t.city_kind == data.MAJOR and t.key != data.KYOTO])
MINOR_CITIES = array.array("i", [i for i, t in enumerate(data.TERRITORIES) if t.city_kind == data.MINOR])

# --- the cards --------------------------------------------------------------------------------
_CATEGORIES = (data.WARRIOR, data.SPECIAL, data.EVENT, data.ANY_TIME)
CAT_WARRIOR, CAT_SPECIAL, CAT_EVENT, CAT_ANY_TIME = 0, 1, 2, 3
CATEGORY = array.array("i", [_CATEGORIES.index(c.category) for c in data.CARDS])
VALUE = array.array("i", [c.value for c in data.CARDS])
SABRES = array.array("i", [c.sabres for c in data.CARDS])
FAN = array.array("i", [c.fan for c in data.CARDS])
COST = array.array("i", [c.cost for c in data.CARDS])
EFFECT = array.array("i", [c.effect for c in data.CARDS])
AMOUNT = array.array("i", [c.amount for c in data.CARDS])
FULL_DECK = array.array("i", data.deck())
NINJA, JUSTICE, TSUNAMI, SCORCHED, WAKO = [data.card_index(k) for k in (
    "ninja", "justice_shogunale", "tsunami", "terre_brulee", "wako")]

# --- numbers ----------------------------------------------------------------------------------
COUNTED = data.COUNTED_SAMURAI[0]
ALLIANCE_MAX = data.ALLIANCE_MAX[0]
MAX_LOSSES = data.MAX_LOSSES[0]
ANY_TIME_MIN = data.ANY_TIME_MIN_HAND[0]
MAX_ROUNDS = data.MAX_ROUNDS[0]
MAX_MOVES = data.MAX_MOVES_PER_TURN[0]

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
W_MOVE, W_AFTER = 1, 2
END_NONE, END_TARGET, END_ROUND_CAP, END_FORFEIT = 0, 1, 2, 3
(EV_SETUP_CITY, EV_PLACE, EV_EMPEROR, EV_SHOGUN, EV_NAME, EV_BUY, EV_SELL, EV_MOVE, EV_CANCEL,
 EV_ENTER, EV_BATTLE, EV_COMMIT, EV_REVEAL, EV_BATTLE_END, EV_LOSSES, EV_RETREAT, EV_CASTLE, EV_HONOR,
 EV_KOKU, EV_DRAW, EV_DISCARD, EV_RESHUFFLE, EV_PLAY, EV_TARGET, EV_STEAL, EV_UPRISING, EV_FREE,
 EV_ELIMINATED, EV_RETURN, EV_SCORE, EV_TAX, EV_ROUND, EV_PASS, EV_END, EV_SEPPUKU,
 EV_FORFEIT, EV_ORDER, EV_RANK, EV_OFFICE, EV_SUPPORT, EV_SHOGUN_CANCEL, EV_OFFER, EV_TRADE, EV_GIFT,
 EV_SET_ASIDE, EV_SHOW, EV_TREASURY) = range(47)


def _zeros(count, value=0):
    return array.array("i", [value] * count)


class SamouraiCore:
    """The state of a game.  Seats are numbered clockwise.  Territory ``t`` is controlled by
    ``owner[t]`` (-1: free) with ``samurai[t]`` of his samurai and, when ``castle[t] >= 0``,
    the castle of seat ``castle[t]`` (the owner's, except while a captured castle's fate is
    decided).  Hands are counted by card kind: ``hand[seat * NK + kind]``."""

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
        self.treasury = _zeros(MAXP)
        self.rank_used = _zeros(MAXP)
        self.exchange_used = _zeros(MAXP)
        self.trade_used = _zeros(MAXP)
        self.support_sent = _zeros(NT)
        self.legal = _zeros(NUM_ACTIONS)

    # --- events ---------------------------------------------------------------------------
    def _log(self, kind, seat, a, b, amount, audience):
        """Appends an event when recording (the fast path does not).  ``audience``: 0 for a
        public event, else the bit mask of the seats who see its card ``a``."""
        if self.record:
            self.events.append((kind, seat, a, b, amount, audience))

    # --- cards ----------------------------------------------------------------------------
    def _shuffle_pile(self):
        pile = self.pile
        for i in range(len(pile) - 1, 0, -1):
            j = self.rng.below(i + 1)
            pile[i], pile[j] = pile[j], pile[i]

    def _draw(self, seat, count):
        """``seat`` draws ``count`` cards; an empty pile is refilled from the shuffled discards
        (R27); with neither, nothing more is drawn.  Returns the cards drawn."""
        drawn = 0
        cards = []
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
            cards.append(card)
            drawn += 1
        if drawn > 0:
            self._log(EV_DRAW, seat, tuple(cards), -1, drawn, 1 << seat)
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
                and not (kyoto_barred and t == KYOTO) and self.territories_of(victim) >= 2)

    def province_score(self, seat):
        """R79-R81: the honour of every province the seat holds entirely, and Kyoto's 1 when it
        holds Kyoto without the whole Kinai (A8)."""
        held = _zeros(NPROV)
        for t in range(NT):
            if self.owner[t] == seat:
                held[PROVINCE_OF[t]] += 1
        total = 0
        for p in range(NPROV):
            if held[p] == PROVINCE_SIZE[p]:
                total += max(0, PROVINCE_HONOR[p] - self.province_malus)
        if self.owner[KYOTO] == seat and held[KINAI] < PROVINCE_SIZE[KINAI]:
            total += data.KYOTO_HONOR[0]
        return total

    def taxes(self, seat):
        """R90: 2 koku per plain, 1 per mountain controlled (a castle alone counts)."""
        total = 0
        for t in range(NT):
            if self.owner[t] == seat:
                total += data.MOUNTAIN_TAX[0] if MOUNTAIN_T[t] else data.PLAIN_TAX[0]
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

    def _order_key(self, seat):
        return (self.honor[seat], self.clan_points(seat), self.cities_of(seat), self.koku[seat],
                self.samurai_on_board(seat))

    def _pick_title(self, lowest, start, exclude):
        """The seat with the lowest (Emperor, R35) or highest (Shogun, A9) key; a full tie goes
        to the earliest seat clockwise from ``start``."""
        best = -1
        best_key = None
        for i in range(self.n):
            s = (start + i) % self.n
            if self.forfeited[s] or s == exclude:
                continue
            key = self._order_key(s)
            if best < 0 or (key < best_key if lowest else key > best_key):
                best = s
                best_key = key
        return best

    # --- battle ---------------------------------------------------------------------------
    def alliance_samurai(self, seat, t):
        """Alliance (R102, A42): the seat's own samurai in territories land-adjacent to ``t``."""
        total = 0
        for u in range(NT):
            if LINK[t * NT + u] == 1 and self.owner[u] == seat:
                total += self.samurai[u]
        return min(total, ALLIANCE_MAX)

    def battle_totals(self):
        """The two sides' combat totals and the losses each takes, from the revealed cards
        (R65-R68, R72-R73): (attack, defence, attacker's losses, defender's losses)."""
        where = self.b_where
        att_special = self.b_cards[2]
        def_special = self.b_cards[5]
        # Embuscade cancels the other side's special: its effect and its sabres
        att_cancelled = def_special >= 0 and EFFECT[def_special] == data.FX_AMBUSH
        def_cancelled = att_special >= 0 and EFFECT[att_special] == data.FX_AMBUSH
        totals = [0, 0]
        sabres = [0, 0]          # sabres each side's cards deal to the other
        for side in range(2):
            seat = self.b_att if side == 0 else self.b_def
            v1 = self.b_cards[side * 3]
            v2 = self.b_cards[side * 3 + 1]
            special = self.b_cards[side * 3 + 2]
            cancelled = att_cancelled if side == 0 else def_cancelled
            total = 0
            lowest = 99
            for card in (v1, v2):
                if card >= 0:
                    total += VALUE[card]
                    sabres[side] += SABRES[card]
                    lowest = min(lowest, VALUE[card])
                else:
                    lowest = 0
            present = self.b_count if side == 0 else self.samurai[where]
            counted = min(present, COUNTED)
            if side == self.sup_side:      # O12: the Emperor's samurai join, at most 8 counted
                counted = min(counted + self.sup_count, 2 * COUNTED)
            if special >= 0 and not cancelled:
                sabres[side] += SABRES[special]
                effect = EFFECT[special]
                if effect == data.FX_FAN:
                    total += FAN[special]
                elif effect == data.FX_ALLIANCE:
                    counted = min(counted + self.alliance_samurai(seat, where), 2 * COUNTED)
            total += counted
            if side == 1:
                if MOUNTAIN_T[where]:
                    total += data.MOUNTAIN_DEFENCE[0]
                if self.castle[where] == seat:
                    total += lowest          # the castle doubles the weaker value card (R68)
            totals[side] = total
        att_loss = min(sabres[1], MAX_LOSSES, self.b_count)
        def_loss = min(sabres[0], MAX_LOSSES, self.samurai[where])
        return totals[0], totals[1], att_loss, def_loss

"""Shōgun no Katana's state and its mechanics: set-up, the forge and the movement of swords,
decoration, delivering a sword, the katana's composition, restoration and the final scoring.

Who decides what, and when, is in ``_rules.py`` (its docstring lists the rulings); this module
is what every rule uses.  Rule numbers (R1-R114) are those of ``shared/rules/shogun-no-katana.md``.
Compiled by Cython (``_core.pxd``) and also run as plain Python.
"""
import array

import cython

from .._rng import Rng
from . import data

N_TILES = data.NUM_TILES
KATANA = N_TILES                     # the tile id of a seat's Shōgun no Katana in its forge
ROWS, COLS, CELLS = data.FORGE_ROWS, data.FORGE_COLS, data.FORGE_CELLS
NRES = data.NUM_RESOURCES
N_CARDS = len(data.CARDS)
N_LINES = ROWS + COLS                # lines 0-3 are the rows, 4-8 the columns
N_HALLS = data.HALLS_IN_PLAY
N_SPACES = len(data.SWORD_SPACES)
STARTING_SASHIMONO = 4               # on a sword: the starting sashimono (0-3: a house's)
NO_SASHIMONO = -1
TILE_COMPOSITION = tuple(t.composition for t in data.TILES)
TILE_POINTS = tuple(t.points for t in data.TILES)
TILE_COINS = tuple(t.coins for t in data.TILES)
TILE_POWER = tuple(t.power for t in data.TILES)
MAX_COMPOSITION = max(len(c) for c in TILE_COMPOSITION)
TILE_LENGTH = array.array("i", [len(c) for c in TILE_COMPOSITION])
TILE_RESOURCE = array.array("i", [c[k] if k < len(c) else -1 for c in TILE_COMPOSITION for k in range(MAX_COMPOSITION)])
PRICE = data.PRICE
RESOURCE_PRICE = array.array("i", data.PRICE)
TEMPLE_COST = array.array("i", data.TEMPLE_COST)
LAST_ARTISAN_COLUMN = len(data.ACADEMY_COINS) - 1   # an artisan there cannot advance (A6)

# favour cards: who holds each
FAVOUR_OUT, FAVOUR_OPEN, FAVOUR_REMOVED = -3, -2, -1

# public events: (kind, seat, a, b, c)
(EV_ROUND, EV_DRAFT, EV_PLACE, EV_PASS, EV_TAKE_SWORD, EV_PURCHASE, EV_MARKET_CARD, EV_MOVE, EV_SWAP,
 EV_ADVANCE, EV_DECORATE, EV_FAMILY, EV_REORGANIZE, EV_HALL, EV_DELIVER, EV_COLLECT, EV_PROJECT, EV_KATANA,
 EV_PLAY, EV_BUY, EV_DISCARD, EV_SASHIMONO, EV_FAVOUR, EV_REFILL, EV_HONOUR_REVEAL, EV_SCORE,
 EV_END) = range(27)


def cell_of(row, column):
    return row * COLS + column


def _ints(values):
    """A flat table of C ints (a typed memoryview in the compiled build, indexed like a list)."""
    return array.array("i", values)


def _zeros(count, value=0):
    return _ints([value] * count)


def _first_free(used):
    """The first unused space of a board area, or -1."""
    for k in range(len(used)):
        if used[k] == 0:
            return k
    return -1


def _spaces_for(n, least_players):
    """Spaces of an area: those needing more players than ``n`` are out of play (used)."""
    return _ints([0 if least <= n else 1 for least in least_players])


def _listed(table):
    """A flat int table as a list, read item by item in C (from Python, each read of a compiled
    state's table makes a memoryview object, and listing one goes item by item through it)."""
    out = []
    for k in range(len(table)):
        out.append(table[k])
    return out


class ShogunCore:
    """The state of a game and the mechanics every rule uses.  Per-seat tables are flat lists
    (``stock[s * NRES + r]``, ``cell_tile[s * CELLS + cell]``...)."""

    # ------------------------------------------------------------------ set-up (R1-R15)
    def setup(self, n_players, seed, record):
        n = n_players
        self.n = n
        self.seed = seed
        self.record = record
        self.rng = Rng(seed)
        self.events = []
        self.decisions = 0
        self.over = False
        self.end_reason = ""
        self.forfeited = -1
        self.round = 0
        self.coins = _zeros(n)
        self.score = _zeros(n)
        self.passed = _zeros(n)
        self.workers_free = _zeros(n, data.WORKERS_AVAILABLE)
        self.workers_unlocked = _zeros(n)
        self.monks_used = _zeros(n)
        self.figures_on_board = _zeros(n)
        self.stock = _ints([data.STARTING_STOCK[r] for s in range(n) for r in range(NRES)])
        self.artisan = _zeros(n * NRES, data.ACADEMY_START)
        self.project = _zeros(n * NRES)
        self.sashimono = _zeros(n * NRES)
        self.cell_tile = _zeros(n * CELLS, -1)
        self.cell_progress = _zeros(n * CELLS)
        self.cell_deco = _zeros(n * CELLS)            # bit r: a decorated resource of type r on it
        self.cell_sashi = _zeros(n * CELLS, NO_SASHIMONO)
        self.cell_credit = _zeros(n * CELLS)          # forge action: a normal move left
        self.cell_activated = _zeros(n * CELLS)       # forge action: activated once already
        self.hand = _zeros(n * N_CARDS)
        self.under = [[] for _ in range(n * N_LINES)]  # cards slid under each line of each forge
        self.family_home = _zeros(n, data.FAMILY_MEMBERS)
        self.member = _zeros(n * N_HALLS)             # member[s * N_HALLS + slot]
        self.katana_state = _zeros(n)                 # 0 project, 1 in the forge, 2 delivered
        self.katana_comp = [[] for _ in range(n)]
        self.katana_column = _zeros(n, -1)
        self.katana_value = _zeros(n)                 # resources + decorations, no round points
        self.shame = _zeros(n)                        # 0, 1 Honte, 2 Déshonneur
        self.delivered = [[] for _ in range(n)]       # per seat: [tile, deco, added L, B, A, G]
        self.honours = [[] for _ in range(n)]
        self.open_cards = [[] for _ in range(n)]      # cards of the current Moment: [card, used, bought]
        self.second_line = _zeros(n)                  # market n°4 played in this Moment
        self.action_area = _zeros(n, -1)              # the area a seat acts in (cards with an icon)
        self.end_scores = [[0] * 6 for _ in range(n)]  # money, katana, sashimono, honour, favour, total
        # board
        self.space_tile = _zeros(N_SPACES, -1)
        self.space_worker = _zeros(N_SPACES, -1)
        self.space_open = _ints([1 if least <= n else 0 for _, least in data.SWORD_SPACES])
        self.market_used = _spaces_for(n, data.MARKET_SPACES)
        self.academy_used = _spaces_for(n, data.ACADEMY_SPACES)
        self.palace_used = _spaces_for(n, data.PALACE_SPACES)
        self.komainu = -1
        self.sashi_supply = _zeros(NRES, data.SASHIMONO_PER_TYPE)
        self.favour = _zeros(len(data.FAVOURS), FAVOUR_OUT)
        self.katana_this_turn = []
        # R5: 5 halls, at most one passive
        bag = list(range(len(data.HALLS)))
        self._shuffle(bag)
        self.halls = []
        passive = 0
        for h in bag:
            if len(self.halls) == N_HALLS:
                break
            if data.HALLS[h].passive:
                if passive:
                    continue
                passive = 1
            self.halls.append(h)
        # R6: the sword stack
        self.tile_stack = list(range(N_TILES))
        self._shuffle(self.tile_stack)
        for k in range(N_SPACES):
            if self.space_open[k]:
                self.space_tile[k] = self.tile_stack.pop()
        # R7: 64 Daimyō cards in 4 face-up decks of 16 (the top is the last entry)
        daimyo = [c for c, card in enumerate(data.CARDS) if card.deck == data.DAIMYO for _ in range(card.copies)]
        self._shuffle(daimyo)
        size = data.DAIMYO_DECK_SIZE
        self.daimyo_deck = [daimyo[i * size:(i + 1) * size] for i in range(data.DAIMYO_DECKS)]
        # R8: the market deck, its top card visible in display position 0, two more beside it
        self.market_deck = [c for c, card in enumerate(data.CARDS) if card.deck == data.MARKET
                            for _ in range(card.copies)]
        self._shuffle(self.market_deck)
        self.market_display = _zeros(data.MARKET_DISPLAY, -1)
        for p in range(1, data.MARKET_DISPLAY):
            self.market_display[p] = self.market_deck.pop()
        self.market_display[0] = self.market_deck[len(self.market_deck) - 1] if self.market_deck else -1
        # R9: as many favour cards as players
        favours = list(range(len(data.FAVOURS)))
        self._shuffle(favours)
        for f in favours[:n]:
            self.favour[f] = FAVOUR_OPEN
        # R10: honour cards
        self.honour_deck = list(range(len(data.HONOURS)))
        self._shuffle(self.honour_deck)
        self.honour_display = []
        self._reveal_honours()
        # R11: first player at random; starting sashimono 0, 1, 2, 3 clockwise
        self.first = self.rng.below(n)
        drafted = [self.tile_stack.pop() for _ in range(n)]
        self.draft = drafted
        self._log(EV_ROUND, self.first, 1, 0, 0)

    def start_draft_seat(self, k):
        """The seat choosing the k-th draft tile (R12: from the last player counter-clockwise)."""
        return (self.first + self.n - 1 - k) % self.n

    def take_draft_tile(self, seat, index):
        """R12-R15: the seat takes the draft tile, puts it on its entry cell, gets its coins and
        those of its starting sashimono, which it lays on the tile."""
        tile = self.draft.pop(index)
        position = (seat - self.first + self.n) % self.n   # never negative: compiled with C division
        cell = self._enter_cell(seat, tile)
        self._put_sword(seat, cell, tile, STARTING_SASHIMONO)
        self.coins[seat] += TILE_COINS[tile] + data.STARTING_SASHIMONO_COINS[position]
        self._log(EV_DRAFT, seat, tile, TILE_COINS[tile] + data.STARTING_SASHIMONO_COINS[position], 0)

    # ------------------------------------------------------------------ for the views
    def tables(self):
        """The flat int tables the views read, as lists (one read of each, cheap in both builds)."""
        return {
            "coins": _listed(self.coins), "score": _listed(self.score), "passed": _listed(self.passed),
            "workers_free": _listed(self.workers_free), "workers_unlocked": _listed(self.workers_unlocked),
            "monks_used": _listed(self.monks_used), "stock": _listed(self.stock), "artisan": _listed(self.artisan),
            "project": _listed(self.project), "sashimono": _listed(self.sashimono),
            "cell_tile": _listed(self.cell_tile), "cell_progress": _listed(self.cell_progress),
            "cell_deco": _listed(self.cell_deco), "cell_sashi": _listed(self.cell_sashi), "hand": _listed(self.hand),
            "family_home": _listed(self.family_home), "member": _listed(self.member),
            "katana_state": _listed(self.katana_state), "katana_column": _listed(self.katana_column),
            "katana_value": _listed(self.katana_value), "shame": _listed(self.shame),
            "space_tile": _listed(self.space_tile), "space_worker": _listed(self.space_worker),
            "space_open": _listed(self.space_open), "market_display": _listed(self.market_display),
            "market_used": _listed(self.market_used), "academy_used": _listed(self.academy_used),
            "palace_used": _listed(self.palace_used), "sashi_supply": _listed(self.sashi_supply),
            "favour": _listed(self.favour),
        }

    # ------------------------------------------------------------------ helpers
    def _shuffle(self, items):
        for i in range(len(items) - 1, 0, -1):
            j = self.rng.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def _log(self, kind, seat, a, b, c):
        if self.record:
            self.events.append((kind, seat, a, b, c))

    def _reveal_honours(self):
        for _ in range(self.n):
            if self.honour_deck:
                card = self.honour_deck.pop()
                self.honour_display.append(card)
                self._log(EV_HONOUR_REVEAL, -1, card, 0, 0)

    def temple_cost(self):
        return TEMPLE_COST[self.round]

    def gain(self, seat, coins, resources, points):
        self.coins[seat] += coins
        for r in range(NRES):
            self.stock[seat * NRES + r] += resources[r]
        self.score[seat] += points

    def take_sashimono(self, seat, house):
        """A sashimono of ``house`` into the Washitsu (R75 a/b), if the supply has one (R114)."""
        if self.sashi_supply[house] > 0:
            self.sashi_supply[house] -= 1
            self.sashimono[seat * NRES + house] += 1
            self._log(EV_SASHIMONO, seat, house, 0, 0)

    def advance_artisan(self, seat, r):
        self.artisan[seat * NRES + r] += 1
        self._log(EV_ADVANCE, seat, r, self.artisan[seat * NRES + r], 0)

    def can_advance(self, seat, r):
        return self.artisan[seat * NRES + r] < LAST_ARTISAN_COLUMN

    def any_advance(self, seat):
        for r in range(NRES):
            if self.can_advance(seat, r):
                return True
        return False

    def next_market_card(self):
        return self.market_deck[len(self.market_deck) - 1] if self.market_deck else -1

    def take_market_card(self, seat, position):
        """R35 and ruling A31: position 0 is the deck's top card; taking a side card moves the
        deck's top card into the gap; the deck's next card is then visible."""
        card = self.market_display[position]
        self.hand[seat * N_CARDS + card] += 1
        if self.market_deck:
            self.market_deck.pop()
        if position != 0:
            self.market_display[position] = self.market_display[0]
        self.market_display[0] = self.next_market_card()
        self._log(EV_MARKET_CARD, seat, card, position, 0)

    # ------------------------------------------------------------------ the forge (R41-R51)
    def composition(self, seat, cell):
        tile = self.cell_tile[seat * CELLS + cell]
        return self.katana_comp[seat] if tile == KATANA else TILE_COMPOSITION[tile]

    def next_resource(self, seat, cell):
        """The resource the sword on ``cell`` needs next, or -1 when it is complete."""
        i = seat * CELLS + cell
        tile = self.cell_tile[i]
        k = self.cell_progress[i]
        if tile != KATANA:
            return TILE_RESOURCE[tile * MAX_COMPOSITION + k] if k < TILE_LENGTH[tile] else -1
        comp = self.katana_comp[seat]
        return comp[k] if k < len(comp) else -1

    def is_complete(self, seat, cell):
        return self.cell_tile[seat * CELLS + cell] >= 0 and self.next_resource(seat, cell) < 0

    def _enter_cell(self, seat, tile):
        comp = self.katana_comp[seat] if tile == KATANA else TILE_COMPOSITION[tile]
        return cell_of(comp[0], 0)

    def can_enter(self, seat, tile):
        """R27 / R42: a sword can be taken only if its entry cell is free."""
        return self.cell_tile[seat * CELLS + self._enter_cell(seat, tile)] < 0

    def _put_sword(self, seat, cell, tile, sashi):
        i = seat * CELLS + cell
        self.cell_tile[i] = tile
        self.cell_progress[i] = 0
        self.cell_deco[i] = 0
        self.cell_sashi[i] = sashi
        self.cell_credit[i] = 0
        self.cell_activated[i] = 0

    def move_target(self, seat, cell):
        """The cell the sword on ``cell`` moves to with its next resource (R45), or -1."""
        r = self.next_resource(seat, cell)
        if r < 0:
            return -1
        row, column = cell // COLS, cell % COLS
        if r == row:
            return cell + 1 if column + 1 < COLS else -1
        if r == row - 1 or r == row + 1:
            return cell_of(r, column)
        return -1

    def can_move(self, seat, cell):
        """The golden rule: a resource from the stock, a free cell to move into (R43-R46)."""
        target = self.move_target(seat, cell)
        if target < 0 or self.cell_tile[seat * CELLS + target] >= 0:
            return False
        return self.stock[seat * NRES + self.next_resource(seat, cell)] > 0

    def _relocate(self, seat, source, target):
        a, b = seat * CELLS + source, seat * CELLS + target
        self.cell_tile[a], self.cell_tile[b] = self.cell_tile[b], self.cell_tile[a]
        self.cell_progress[a], self.cell_progress[b] = self.cell_progress[b], self.cell_progress[a]
        self.cell_deco[a], self.cell_deco[b] = self.cell_deco[b], self.cell_deco[a]
        self.cell_sashi[a], self.cell_sashi[b] = self.cell_sashi[b], self.cell_sashi[a]
        self.cell_credit[a], self.cell_credit[b] = self.cell_credit[b], self.cell_credit[a]
        self.cell_activated[a], self.cell_activated[b] = self.cell_activated[b], self.cell_activated[a]

    def place_resource(self, seat, cell):
        """One resource from the stock onto the sword; the sword moves one cell.  Returns its new cell."""
        r = self.next_resource(seat, cell)
        target = self.move_target(seat, cell)
        self.stock[seat * NRES + r] -= 1
        self.cell_progress[seat * CELLS + cell] += 1
        self._relocate(seat, cell, target)
        self._log(EV_MOVE, seat, cell, target, r)
        return target

    def can_swap(self, seat, upper):
        """R48: the swords on ``upper`` and the cell below trade places, each by its own legal move."""
        lower = upper + COLS
        if lower >= CELLS:
            return False
        i, j = seat * CELLS + upper, seat * CELLS + lower
        if self.cell_tile[i] < 0 or self.cell_tile[j] < 0:
            return False
        row = upper // COLS
        if self.next_resource(seat, upper) != row + 1 or self.next_resource(seat, lower) != row:
            return False
        return self.stock[seat * NRES + row] > 0 and self.stock[seat * NRES + row + 1] > 0

    def swap(self, seat, upper):
        lower = upper + COLS
        row = upper // COLS
        self.stock[seat * NRES + row + 1] -= 1
        self.stock[seat * NRES + row] -= 1
        self.cell_progress[seat * CELLS + upper] += 1
        self.cell_progress[seat * CELLS + lower] += 1
        self._relocate(seat, upper, lower)
        self._log(EV_SWAP, seat, upper, lower, 0)

    def in_line(self, cell, line):
        return cell // COLS == line if line < ROWS else cell % COLS == line - ROWS

    # ------------------------------------------------------------------ decoration (R55-R58)
    def placed_count(self, seat, cell, r):
        """How many resources of type ``r`` are already on the sword."""
        comp = self.composition(seat, cell)
        k = self.cell_progress[seat * CELLS + cell]
        count = 0
        for i in range(k):
            if comp[i] == r:
                count += 1
        return count

    def can_decorate(self, seat, cell, r):
        """A placed resource of type ``r``, and no decorated ``r`` yet on that sword (E5b)."""
        i = seat * CELLS + cell
        if self.cell_tile[i] < 0 or self.cell_deco[i] & (1 << r):
            return False
        return self.placed_count(seat, cell, r) > 0

    def decorate(self, seat, cell, r):
        self.cell_deco[seat * CELLS + cell] |= 1 << r
        coins = data.ACADEMY_COINS[self.artisan[seat * NRES + r]]
        self.coins[seat] += coins
        self._log(EV_DECORATE, seat, cell, r, coins)

    def any_decoration(self, seat, used_mask):
        for cell in range(CELLS):
            for r in range(NRES):
                if not used_mask & (1 << r) and self.can_decorate(seat, cell, r):
                    return True
        return False

    # ------------------------------------------------------------------ delivering (R72-R77, R101)
    def decoration_points(self, deco):
        points = 0
        for r in range(NRES):
            if deco & (1 << r):
                points += data.DECORATION_POINTS[r]
        return points

    def katana_base(self, seat):
        total = 0
        for r in self.katana_comp[seat]:
            total += PRICE[r]
        return total

    def sword_points(self, seat, cell, double_tile, bonus):
        """R73 step 1: printed points (twice with market n°3), decorations, the round's points."""
        i = seat * CELLS + cell
        tile = self.cell_tile[i]
        base = self.katana_base(seat) if tile == KATANA else TILE_POINTS[tile] * (2 if double_tile else 1)
        return base + self.decoration_points(self.cell_deco[i]) + data.ROUND_POINTS[self.round] + bonus

    def line_payout(self, seat, line, times):
        """R74: the printed advantage at the end of the line and every card under it, ``times`` over."""
        printed = data.ROW_ADVANTAGES[line] if line < ROWS else data.COLUMN_ADVANTAGES[line - ROWS]
        coins, points = printed.coins, printed.points
        goods = [0] * NRES
        if printed.resource >= 0:
            goods[printed.resource] += 1
        for card in self.under[seat * N_LINES + line]:
            c = data.CARDS[card]
            coins += c.perm_coins
            points += c.perm_points
            if c.perm_resource >= 0:
                goods[c.perm_resource] += 1
        for _ in range(times):
            self.gain(seat, coins, goods, points)
        self._log(EV_COLLECT, seat, line, coins * times, points * times)

    def remove_delivered(self, seat, cell):
        """R75-R76: the sashimono to the Washitsu, the sword to its first free slot (a blocked worker
        there is freed).  The katana goes back to its own slot.  Returns the sashimono left to
        choose (the starting one) or -1."""
        i = seat * CELLS + cell
        tile, deco, sashi = self.cell_tile[i], self.cell_deco[i], self.cell_sashi[i]
        self._put_sword(seat, cell, -1, NO_SASHIMONO)
        self.cell_tile[i] = -1
        if tile == KATANA:
            self.katana_state[seat] = 2
            self.katana_column[seat] = cell % COLS
            self.katana_value[seat] = self.katana_base(seat) + self.decoration_points(deco)
            self.katana_this_turn.append(seat)
            return -1
        slot = len(self.delivered[seat])
        self.delivered[seat].append([tile, deco, 0, 0, 0, 0])
        if slot in data.BLOCKED_SLOTS:
            self.workers_unlocked[seat] += 1
            self.workers_free[seat] += 1
        if 0 <= sashi < NRES:
            self.sashimono[seat * NRES + sashi] += 1
            return -1
        return STARTING_SASHIMONO if sashi == STARTING_SASHIMONO else -1

    def tile_count(self, tile, r):
        count = 0
        for x in TILE_COMPOSITION[tile]:
            if x == r:
                count += 1
        return count

    # ------------------------------------------------------------------ the katana (R95-R99)
    def can_compose(self, counts, last):
        """Can these resources be laid one after another from ``last`` (-1: anywhere), each next to
        the previous one on the forge (same or adjacent row)?  R98."""
        total = counts[0] + counts[1] + counts[2] + counts[3]
        if total == 0:
            return True
        for r in range(NRES):
            if counts[r] and (last < 0 or r == last or r == last - 1 or r == last + 1):
                counts[r] -= 1
                ok = self.can_compose(counts, r)
                counts[r] += 1
                if ok:
                    return True
        return False

    def project_complete(self, seat):
        for r in range(NRES):
            if self.project[seat * NRES + r] == 0:
                return False
        return True

    # ------------------------------------------------------------------ restoration (R105)
    def restore(self):
        self.round += 1
        self.first = self.komainu if self.komainu >= 0 else (self.first + 1) % self.n
        self.komainu = -1
        for s in range(self.n):
            self.passed[s] = 0
            self.monks_used[s] = 0
            self.workers_free[s] = data.WORKERS_AVAILABLE + self.workers_unlocked[s]
            self.figures_on_board[s] = 0
        for k in range(N_SPACES):
            self.space_worker[k] = -1
            if self.space_open[k] and self.space_tile[k] < 0 and self.tile_stack:
                self.space_tile[k] = self.tile_stack.pop()
                self._log(EV_REFILL, -1, k, self.space_tile[k], 0)
        self.market_used = _spaces_for(self.n, data.MARKET_SPACES)
        self.academy_used = _spaces_for(self.n, data.ACADEMY_SPACES)
        self.palace_used = _spaces_for(self.n, data.PALACE_SPACES)
        self._log(EV_ROUND, self.first, self.round + 1, 0, 0)
        self._reveal_honours()

    # ------------------------------------------------------------------ the end (R106-R113)
    def sashimono_points(self, seat):
        """R108: every set of distinct types scores; counts c1 >= c2 >= ... give sets by level."""
        counts = [self.sashimono[seat * NRES + r] for r in range(NRES)]
        points = 0
        level = 1
        while True:
            types = 0
            for c in counts:
                if c >= level:
                    types += 1
            if types == 0:
                return points
            points += data.SET_POINTS[types]
            level += 1

    def honour_points(self, seat, card):
        h = data.HONOURS[card]
        count = 0
        kind = h.kind
        if kind == data.HC_COINS:
            count = self.coins[seat]
        elif kind == data.HC_SWORDS:
            count = len(self.delivered[seat])
        elif kind == data.HC_DECORATIONS:
            for entry in self.delivered[seat]:
                count += bin(entry[1]).count("1")
        elif kind == data.HC_PALACE:
            count = data.FAMILY_MEMBERS - self.family_home[seat]
        elif kind == data.HC_ARTISANS:
            for r in range(NRES):
                count += self.artisan[seat * NRES + r] - data.ACADEMY_START
        elif kind == data.HC_SASHIMONO:
            for r in range(NRES):
                count += self.sashimono[seat * NRES + r]
        elif kind == data.HC_PERMANENTS:
            for line in range(N_LINES):
                count += len(self.under[seat * N_LINES + line])
        elif kind == data.HC_CARDS:
            for c in range(N_CARDS):
                count += self.hand[seat * N_CARDS + c]
        elif kind == data.HC_POWER:
            for entry in self.delivered[seat]:
                count += TILE_POWER[entry[0]]
        elif kind == data.HC_FIGURES:
            count = self.figures_on_board[seat]
        elif kind == data.HC_WORKERS:
            count = self.workers_unlocked[seat]
        elif kind == data.HC_STOCK:
            for r in range(NRES):
                count += self.stock[seat * NRES + r]
        elif kind == data.HC_KATANA:
            count = 1 if self.katana_state[seat] == 2 and self.shame[seat] != 2 else 0
        elif kind == data.HC_SWORDS_WITH:
            for entry in self.delivered[seat]:
                if h.resource in TILE_COMPOSITION[entry[0]]:
                    count += 1
        elif kind == data.HC_DECORATED:
            for entry in self.delivered[seat]:
                if entry[1] & (1 << h.resource):
                    count += 1
        elif kind == data.HC_SETS:
            count = min([self.sashimono[seat * NRES + r] for r in range(NRES)])
        return min(data.HONOUR_MAX, count * h.per // h.divisor)

    def _favour_share(self, favour, winners):
        """R110-R111, A33: one winner takes the card; a tie removes it and shares 6 rounded down;
        Honte halves a share (rounded down)."""
        if not winners:
            return
        share = data.FAVOUR_POINTS // len(winners)
        self.favour[favour] = winners[0] if len(winners) == 1 else FAVOUR_REMOVED
        for s in winners:
            points = share // 2 if self.shame[s] == 1 else share
            self.score[s] += points
            self.end_scores[s][4] += points
            self._log(EV_FAVOUR, s, favour, points, len(winners))

    def settle_first_favour(self):
        """R103, A12: the katanas delivered in one seat's turn are simultaneous for Favour I."""
        seats = self.katana_this_turn
        self.katana_this_turn = []
        if seats and self.favour[data.FAVOUR_FIRST] == FAVOUR_OPEN:
            share = data.FAVOUR_POINTS // len(seats)
            self.favour[data.FAVOUR_FIRST] = seats[0] if len(seats) == 1 else FAVOUR_REMOVED
            for s in seats:
                points = share // 2 if self.shame[s] == 1 else share
                self.score[s] += points
                self._log(EV_FAVOUR, s, data.FAVOUR_FIRST, points, len(seats))

    def final_scoring(self):
        n = self.n
        for s in range(n):
            money = self.coins[s]
            for r in range(NRES):
                money += self.stock[s * NRES + r] * PRICE[r]
            self.end_scores[s][0] = money // 5                                  # R106
            for cell in range(CELLS):                                           # R107
                i = s * CELLS + cell
                if self.cell_tile[i] == KATANA:
                    comp = self.katana_comp[s]
                    value = 0
                    for k in range(self.cell_progress[i]):
                        value += PRICE[comp[k]]
                    self.end_scores[s][1] = value + self.decoration_points(self.cell_deco[i])
                    self.shame[s] = 2
            self.end_scores[s][2] = self.sashimono_points(s)                    # R108
            for card in self.honours[s]:                                        # R109
                self.end_scores[s][3] += self.honour_points(s, card)
            for k in range(4):
                self.score[s] += self.end_scores[s][k]
        eligible = [s for s in range(n) if self.katana_state[s] == 2 and self.shame[s] != 2]   # R110, R112
        for favour, measure in ((data.FAVOUR_MOST_RESOURCES, 0), (data.FAVOUR_HIGHEST_VALUE, 1),
                                (data.FAVOUR_LEFTMOST, 2), (data.FAVOUR_RIGHTMOST, 3)):
            if self.favour[favour] != FAVOUR_OPEN or not eligible:
                continue
            values = []
            for s in eligible:
                if measure == 0:
                    values.append(len(self.katana_comp[s]))
                elif measure == 1:
                    values.append(self.katana_value[s])
                elif measure == 2:
                    values.append(-self.katana_column[s])
                else:
                    values.append(self.katana_column[s])
            best = max(values)
            self._favour_share(favour, [eligible[i] for i in range(len(eligible)) if values[i] == best])
        for s in range(n):
            self.end_scores[s][5] = self.score[s]
            self._log(EV_SCORE, s, self.score[s], 0, 0)

    def ranks(self):
        """R113: most points; a tie goes to the holder of the highest favour card; else shared.
        A seat that forfeited ranks last, alone."""
        n = self.n
        key = []
        for s in range(n):
            best = -1
            for f in range(len(data.FAVOURS)):
                if self.favour[f] == s:
                    best = f
            if s == self.forfeited:
                key.append((-10 ** 9, -2))
            else:
                key.append((self.score[s], best))
        distinct = sorted(set(key), reverse=True)
        return [distinct.index(key[s]) + 1 for s in range(n)]

"""Shōgun no Katana's state and its mechanics: set-up, the forge and the movement of swords,
decoration, delivering a sword, the katana's composition, restoration and the final scoring.

Who decides what, and when, is in ``_rules.py`` (its docstring lists the rulings); this module
is what every rule uses, reading its numbers from the C tables of ``_tables``.  Rule numbers
(R1-R114) are those of ``shared/rules/shogun-no-katana.md``.  Compiled by Cython (``_core.pxd``) and
also run as plain Python.
"""
import array

import cython

from .._rng import Rng
from . import _ghost
from . import chapters
from . import data

if not cython.compiled:   # the compiled module cimports the same names (see _core.pxd)
    from ._tables import (  # noqa: F401
        N_TILES, KATANA, ROWS, COLS, CELLS, NRES, N_CARDS, N_LINES, N_HALLS, N_SPACES, STARTING_SASHIMONO,
        NO_SASHIMONO, TILE_COMPOSITION, TILE_POINTS, TILE_COINS, TILE_POWER, MAX_COMPOSITION, TILE_LENGTH,
        TILE_RESOURCE, RESOURCE_PRICE, TEMPLE_COST, LAST_ARTISAN_COLUMN, FAVOUR_OUT, FAVOUR_OPEN,
        FAVOUR_REMOVED, EV_ROUND, EV_DRAFT, EV_PLACE, EV_PASS, EV_TAKE_SWORD, EV_PURCHASE, EV_MARKET_CARD,
        EV_MOVE, EV_SWAP, EV_ADVANCE, EV_DECORATE, EV_FAMILY, EV_REORGANIZE, EV_HALL, EV_DELIVER, EV_COLLECT,
        EV_PROJECT, EV_KATANA, EV_PLAY, EV_BUY, EV_DISCARD, EV_SASHIMONO, EV_FAVOUR, EV_REFILL,
        EV_HONOUR_REVEAL, EV_SCORE, EV_END, EV_TEMPLE_TAX, WORKERS_AVAILABLE, FAMILY_MEMBERS, ACADEMY_START, HONOUR_MAX,
        FAVOUR_POINTS, FAVOUR_FIRST, N_FAVOURS, MAX_OPEN, DECORATION_POINTS, ROUND_POINTS, ACADEMY_COINS,
        STARTING_SASHIMONO_COINS, SPACE_HOUSE, SPACE_LEAST, MARKET_LEAST, ACADEMY_LEAST, PALACE_LEAST,
        BLOCKED_SLOTS, LINE_COINS, LINE_RESOURCE, LINE_POINTS, PERM_COINS, PERM_RESOURCE, PERM_POINTS,
        HONOUR_KIND, HONOUR_RESOURCE, HONOUR_PER, HONOUR_DIVISOR, HC_COINS, HC_SWORDS, HC_DECORATIONS,
        HC_PALACE, HC_ARTISANS, HC_SASHIMONO, HC_PERMANENTS, HC_CARDS, HC_POWER, HC_FIGURES, HC_WORKERS,
        HC_STOCK, HC_KATANA, HC_SWORDS_WITH, HC_DECORATED, HC_SETS, SET_POINTS, HALL_PASSIVE, N_HALL_TILES,
        N_HONOURS, STARTING_STOCK, DAIMYO_PILE, MARKET_PILE)
GHOST_STREAM = 77                    # the ghost's own random stream (R118, R130)

# the int tables of the state (see _allocate): per seat, and for the board
SEAT_INTS = 16 + 4 * NRES + 6 * CELLS + N_CARDS + N_HALLS + 3 * MAX_OPEN
BOARD_INTS = (3 * N_SPACES + len(MARKET_LEAST) + len(ACADEMY_LEAST) + len(PALACE_LEAST) + NRES + N_FAVOURS
              + data.MARKET_DISPLAY)


def cell_of(row, column):
    return row * COLS + column


def _ints(values):
    """A flat table of C ints (a typed memoryview in the compiled build, indexed like a list)."""
    return array.array("i", values)


def _zeros(count, value=0):
    return array.array("i", [value]) * count      # one C copy, not a list read item by item


def _first_free(used):
    """The first unused space of a board area, or -1."""
    for k in range(len(used)):
        if used[k] == 0:
            return k
    return -1


def _fill(table, value):
    for k in range(len(table)):
        table[k] = value


def _free_spaces(used, least_players, n):
    """Every space of an area free again, but those needing more players than ``n``."""
    for k in range(len(least_players)):
        used[k] = 0 if least_players[k] <= n else 1


def _listed(table):
    """A flat int table as a list, read item by item in C (from Python, each read of a compiled
    state's table makes a memoryview object, and listing one goes item by item through it)."""
    return [table[k] for k in range(len(table))]


class ShogunCore:
    """The state of a game and the mechanics every rule uses.  Per-seat tables are flat lists
    (``stock[s * NRES + r]``, ``cell_tile[s * CELLS + cell]``...)."""

    # ------------------------------------------------------------------ set-up (R1-R15)
    def _allocate(self, n):
        """The int tables of an ``n``-seat game, carved out of one block once: ``setup`` fills them for
        each game (in the uncompiled build each is a copy of its part of the block)."""
        block = _zeros(n * SEAT_INTS + BOARD_INTS)
        at = 0
        self.coins = block[at:at + n]
        at += n
        self.score = block[at:at + n]
        at += n
        self.passed = block[at:at + n]
        at += n
        self.workers_free = block[at:at + n]
        at += n
        self.workers_unlocked = block[at:at + n]
        at += n
        self.monks_used = block[at:at + n]
        at += n
        self.figures_on_board = block[at:at + n]
        at += n
        self.stock = block[at:at + n * NRES]
        at += n * NRES
        self.artisan = block[at:at + n * NRES]
        at += n * NRES
        self.project = block[at:at + n * NRES]
        at += n * NRES
        self.sashimono = block[at:at + n * NRES]
        at += n * NRES
        self.cell_tile = block[at:at + n * CELLS]
        at += n * CELLS
        self.cell_progress = block[at:at + n * CELLS]
        at += n * CELLS
        self.cell_deco = block[at:at + n * CELLS]            # bit r: a decorated resource of type r on it
        at += n * CELLS
        self.cell_sashi = block[at:at + n * CELLS]
        at += n * CELLS
        self.cell_credit = block[at:at + n * CELLS]          # forge action: a normal move left
        at += n * CELLS
        self.cell_activated = block[at:at + n * CELLS]       # forge action: activated once already
        at += n * CELLS
        self.hand = block[at:at + n * N_CARDS]
        at += n * N_CARDS
        self.held = block[at:at + n]                  # cards in hand, all kinds together
        at += n
        self.family_home = block[at:at + n]
        at += n
        self.member = block[at:at + n * N_HALLS]             # member[s * N_HALLS + slot]
        at += n * N_HALLS
        self.katana_state = block[at:at + n]                 # 0 project, 1 in the forge, 2 delivered
        at += n
        self.katana_column = block[at:at + n]
        at += n
        self.katana_value = block[at:at + n]                 # resources + decorations, no round points
        at += n
        self.shame = block[at:at + n]                        # 0, 1 Honte, 2 Déshonneur
        at += n
        self.open_card = block[at:at + n * MAX_OPEN]         # cards of the current Moment, in the order opened:
        at += n * MAX_OPEN
        self.open_used = block[at:at + n * MAX_OPEN]         # its immediate effect used,
        at += n * MAX_OPEN
        self.open_bought = block[at:at + n * MAX_OPEN]       # its permanent bought
        at += n * MAX_OPEN
        self.open_count = block[at:at + n]
        at += n
        self.second_line = block[at:at + n]                  # market n°4 played in this Moment
        at += n
        self.action_area = block[at:at + n]                  # the area a seat acts in (cards with an icon)
        at += n
        self.space_tile = block[at:at + N_SPACES]
        at += N_SPACES
        self.space_worker = block[at:at + N_SPACES]
        at += N_SPACES
        self.space_open = block[at:at + N_SPACES]
        at += N_SPACES
        self.market_used = block[at:at + len(MARKET_LEAST)]
        at += len(MARKET_LEAST)
        self.academy_used = block[at:at + len(ACADEMY_LEAST)]
        at += len(ACADEMY_LEAST)
        self.palace_used = block[at:at + len(PALACE_LEAST)]
        at += len(PALACE_LEAST)
        self.sashi_supply = block[at:at + NRES]
        at += NRES
        self.favour = block[at:at + N_FAVOURS]
        at += N_FAVOURS
        self.market_display = block[at:at + data.MARKET_DISPLAY]
        at += data.MARKET_DISPLAY
        assert at == len(block)

    def setup(self, n_players, seed, record):
        n = n_players
        self.n = n
        # R120: the ghost (``ghost_level`` > 0, set before) counts as a player on the board; its
        # deck has a stream of its own, so that a game without it draws exactly as before.
        self.board_players = n + 1 if self.ghost_level else n
        self.ghost = _ghost.Ghost(self.ghost_level, Rng(seed, GHOST_STREAM)) if self.ghost_level else None
        self.seed = seed
        self.record = record
        self.rng = Rng(seed)
        self.events = []
        self.decisions = 0
        self.over = False
        self.end_reason = ""
        self.forfeited = -1
        self.round = 0
        _fill(self.coins, 0)
        _fill(self.score, 0)
        _fill(self.passed, 0)
        _fill(self.workers_free, WORKERS_AVAILABLE)
        _fill(self.workers_unlocked, 0)
        _fill(self.monks_used, 0)
        _fill(self.figures_on_board, 0)
        for s in range(n):
            for r in range(NRES):
                self.stock[s * NRES + r] = STARTING_STOCK[r]
        _fill(self.artisan, ACADEMY_START)
        _fill(self.project, 0)
        _fill(self.sashimono, 0)
        _fill(self.cell_tile, -1)
        _fill(self.cell_progress, 0)
        _fill(self.cell_deco, 0)
        _fill(self.cell_sashi, NO_SASHIMONO)
        _fill(self.cell_credit, 0)
        _fill(self.cell_activated, 0)
        _fill(self.hand, 0)
        _fill(self.held, 0)
        self.under = [[] for _ in range(n * N_LINES)]   # cards slid under each line of each forge
        _fill(self.family_home, FAMILY_MEMBERS)
        _fill(self.member, 0)
        _fill(self.katana_state, 0)
        self.katana_comp = [[] for _ in range(n)]
        _fill(self.katana_column, -1)
        _fill(self.katana_value, 0)
        _fill(self.shame, 0)
        self.delivered = [[] for _ in range(n)]       # per seat: [tile, deco, added L, B, A, G]
        self.katana_deco = [0] * n                    # the delivered katana's decorated types (bits)
        self.honours = [[] for _ in range(n)]
        _fill(self.open_card, -1)
        _fill(self.open_used, 0)
        _fill(self.open_bought, 0)
        _fill(self.open_count, 0)
        _fill(self.second_line, 0)
        _fill(self.action_area, -1)
        self.end_scores = [[0] * 6 for _ in range(n)]  # money, katana, sashimono, honour, favour, total
        # board
        _fill(self.space_tile, -1)
        _fill(self.space_worker, -1)
        for k in range(N_SPACES):
            self.space_open[k] = 1 if SPACE_LEAST[k] <= self.board_players else 0
        _free_spaces(self.market_used, MARKET_LEAST, self.board_players)
        _free_spaces(self.academy_used, ACADEMY_LEAST, self.board_players)
        _free_spaces(self.palace_used, PALACE_LEAST, self.board_players)
        self.komainu = -1
        _fill(self.sashi_supply, data.SASHIMONO_PER_TYPE)
        _fill(self.favour, FAVOUR_OUT)
        self.katana_this_turn = []
        # R5: 5 halls, at most one passive
        bag = list(range(N_HALL_TILES))
        self._shuffle(bag)
        self.halls = []
        passive = 0
        for h in bag:
            if len(self.halls) == N_HALLS:
                break
            if HALL_PASSIVE[h]:
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
        daimyo = list(DAIMYO_PILE)
        self._shuffle(daimyo)
        size = data.DAIMYO_DECK_SIZE
        self.daimyo_deck = [daimyo[i * size:(i + 1) * size] for i in range(data.DAIMYO_DECKS)]
        # R8: the market deck, its top card visible in display position 0, two more beside it
        self.market_deck = list(MARKET_PILE)
        self._shuffle(self.market_deck)
        _fill(self.market_display, -1)
        for p in range(1, data.MARKET_DISPLAY):
            self.market_display[p] = self.market_deck.pop()
        self.market_display[0] = self.market_deck[len(self.market_deck) - 1] if self.market_deck else -1
        # R9: as many favour cards as players
        favours = list(range(N_FAVOURS))
        self._shuffle(favours)
        for f in favours[:n]:
            self.favour[f] = FAVOUR_OPEN
        # R10: honour cards
        self.honour_deck = list(range(N_HONOURS))
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
        self.coins[seat] += TILE_COINS[tile] + STARTING_SASHIMONO_COINS[position]
        self._log(EV_DRAFT, seat, tile, TILE_COINS[tile] + STARTING_SASHIMONO_COINS[position], 0)

    # ------------------------------------------------------------------ for the views
    def tables(self):
        """The flat int tables the views read, as lists (one read of each, cheap in both builds)."""
        return {
            "coins": _listed(self.coins), "score": _listed(self.score), "passed": _listed(self.passed),
            "workers_free": _listed(self.workers_free), "workers_unlocked": _listed(self.workers_unlocked),
            "monks_used": _listed(self.monks_used), "stock": _listed(self.stock), "artisan": _listed(self.artisan),
            "project": _listed(self.project), "sashimono": _listed(self.sashimono),
            "hand": _listed(self.hand), "held": _listed(self.held),
            "family_home": _listed(self.family_home), "member": _listed(self.member),
            "katana_state": _listed(self.katana_state), "katana_column": _listed(self.katana_column),
            "katana_value": _listed(self.katana_value), "shame": _listed(self.shame),
            "space_tile": _listed(self.space_tile), "space_worker": _listed(self.space_worker),
            "space_open": _listed(self.space_open), "market_display": _listed(self.market_display),
            "market_used": _listed(self.market_used), "academy_used": _listed(self.academy_used),
            "palace_used": _listed(self.palace_used), "sashi_supply": _listed(self.sashi_supply),
            "favour": _listed(self.favour),
        }

    def swords(self, seat):
        """The swords in the seat's forge, by cell: (cell, tile, resources placed, decorated types as
        bits, sashimono, complete)."""
        out = []
        for cell in range(CELLS):
            i = seat * CELLS + cell
            if self.cell_tile[i] >= 0:
                out.append((cell, self.cell_tile[i], self.cell_progress[i], self.cell_deco[i], self.cell_sashi[i],
                            self.is_complete(seat, cell)))
        return out

    def open_entries(self, seat):
        """The cards of ``seat``'s current Moment, in the order opened: [card, used, bought]."""
        base = seat * MAX_OPEN
        return [[self.open_card[base + i], self.open_used[base + i], self.open_bought[base + i]]
                for i in range(self.open_count[seat])]

    # ------------------------------------------------------------------ helpers
    def _shuffle(self, items):
        for i in range(len(items) - 1, 0, -1):
            j = self.rng.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def _log(self, kind, seat, a, b, c):
        if self.record:
            self.events.append((kind, seat, a, b, c))

    def _reveal_honours(self):
        for _ in range(self.board_players):
            if self.honour_deck:
                card = self.honour_deck.pop()
                self.honour_display.append(card)
                self._log(EV_HONOUR_REVEAL, -1, card, 0, 0)

    def temple_cost(self):
        return TEMPLE_COST[self.round]

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
        self.held[seat] += 1
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
        first = self.katana_comp[seat][0] if tile == KATANA else TILE_RESOURCE[tile * MAX_COMPOSITION]
        return cell_of(first, 0)

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
        coins = ACADEMY_COINS[self.artisan[seat * NRES + r]]
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
                points += DECORATION_POINTS[r]
        return points

    def katana_base(self, seat):
        total = 0
        for r in self.katana_comp[seat]:
            total += RESOURCE_PRICE[r]
        return total

    def sword_points(self, seat, cell, double_tile, bonus):
        """R73 step 1: printed points (twice with market n°3), decorations, the round's points."""
        i = seat * CELLS + cell
        tile = self.cell_tile[i]
        base = self.katana_base(seat) if tile == KATANA else TILE_POINTS[tile] * (2 if double_tile else 1)
        return base + self.decoration_points(self.cell_deco[i]) + ROUND_POINTS[self.round] + bonus

    def line_payout(self, seat, line, times):
        """R74: the printed advantage at the end of the line and every card under it, ``times`` over."""
        coins, points = LINE_COINS[line], LINE_POINTS[line]
        if LINE_RESOURCE[line] >= 0:
            self.stock[seat * NRES + LINE_RESOURCE[line]] += times
        for card in self.under[seat * N_LINES + line]:
            coins += PERM_COINS[card]
            points += PERM_POINTS[card]
            if PERM_RESOURCE[card] >= 0:
                self.stock[seat * NRES + PERM_RESOURCE[card]] += times
        self.coins[seat] += coins * times
        self.score[seat] += points * times
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
            self.katana_deco[seat] = deco
            self.katana_this_turn.append(seat)
            return -1
        slot = len(self.delivered[seat])
        self.delivered[seat].append([tile, deco, 0, 0, 0, 0])
        for k in range(len(BLOCKED_SLOTS)):
            if BLOCKED_SLOTS[k] == slot and not (self.chapter and self.chapter == chapters.ALL_WORKERS):  # ch. 7
                self.workers_unlocked[seat] += 1
                self.workers_free[seat] += 1
        if 0 <= sashi < NRES:
            self.sashimono[seat * NRES + sashi] += 1
            return -1
        return STARTING_SASHIMONO if sashi == STARTING_SASHIMONO else -1

    def tile_count(self, tile, r):
        count = 0
        for k in range(TILE_LENGTH[tile]):
            if TILE_RESOURCE[tile * MAX_COMPOSITION + k] == r:
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
        if self.komainu != _ghost.GHOST_FIGURE:        # R129: the ghost on the Komainu keeps the order
            self.first = self.komainu if self.komainu >= 0 else (self.first + 1) % self.n
        if self.ghost is not None:
            self.ghost.plays_first = self.komainu == _ghost.GHOST_FIGURE
            self.ghost.restore(self.ghost.rng)                            # R129-R130
        self.komainu = -1
        for s in range(self.n):
            self.passed[s] = 0
            self.monks_used[s] = 0
            self.workers_free[s] = WORKERS_AVAILABLE + self.workers_unlocked[s]
            self.figures_on_board[s] = 0
        for k in range(N_SPACES):
            self.space_worker[k] = -1
            if self.space_open[k] and self.space_tile[k] < 0 and self.tile_stack:
                self.space_tile[k] = self.tile_stack.pop()
                self._log(EV_REFILL, -1, k, self.space_tile[k], 0)
        _free_spaces(self.market_used, MARKET_LEAST, self.board_players)
        _free_spaces(self.academy_used, ACADEMY_LEAST, self.board_players)
        _free_spaces(self.palace_used, PALACE_LEAST, self.board_players)
        self._log(EV_ROUND, self.first, self.round + 1, 0, 0)
        self._reveal_honours()

    # ------------------------------------------------------------------ the end (R106-R113)
    def sashimono_points(self, seat):
        """R108: every set of distinct types scores; counts c1 >= c2 >= ... give sets by level."""
        points = 0
        level = 1
        while True:
            types = 0
            for r in range(NRES):
                if self.sashimono[seat * NRES + r] >= level:
                    types += 1
            if types == 0:
                return points
            points += SET_POINTS[types]
            level += 1

    def honour_points(self, seat, card):
        count = 0
        kind = HONOUR_KIND[card]
        resource = HONOUR_RESOURCE[card]
        if kind == HC_COINS:
            count = self.coins[seat]
        elif kind == HC_SWORDS:
            count = len(self.delivered[seat])
        elif kind == HC_DECORATIONS:
            for entry in self.delivered[seat]:
                for r in range(NRES):
                    if entry[1] & (1 << r):
                        count += 1
        elif kind == HC_PALACE:
            for k in range(N_HALLS):                 # members in the palace (two fit a hall in ch. 12)
                count += self.member[seat * N_HALLS + k]
        elif kind == HC_ARTISANS:
            for r in range(NRES):
                count += self.artisan[seat * NRES + r] - ACADEMY_START
        elif kind == HC_SASHIMONO:
            for r in range(NRES):
                count += self.sashimono[seat * NRES + r]
        elif kind == HC_PERMANENTS:
            for line in range(N_LINES):
                count += len(self.under[seat * N_LINES + line])
        elif kind == HC_CARDS:
            for c in range(N_CARDS):
                count += self.hand[seat * N_CARDS + c]
        elif kind == HC_POWER:
            for entry in self.delivered[seat]:
                count += TILE_POWER[entry[0]]
        elif kind == HC_FIGURES:
            count = self.figures_on_board[seat]
        elif kind == HC_WORKERS:
            count = self.workers_unlocked[seat]
        elif kind == HC_STOCK:
            for r in range(NRES):
                count += self.stock[seat * NRES + r]
        elif kind == HC_KATANA:
            count = 1 if self.katana_state[seat] == 2 and self.shame[seat] != 2 else 0
        elif kind == HC_SWORDS_WITH:
            for entry in self.delivered[seat]:
                if self.tile_count(entry[0], resource) > 0:
                    count += 1
        elif kind == HC_DECORATED:
            for entry in self.delivered[seat]:
                if entry[1] & (1 << resource):
                    count += 1
        elif kind == HC_SETS:
            count = self.sashimono[seat * NRES]
            for r in range(1, NRES):
                if self.sashimono[seat * NRES + r] < count:
                    count = self.sashimono[seat * NRES + r]
        points = count * HONOUR_PER[card] // HONOUR_DIVISOR[card]
        return points if points < HONOUR_MAX else HONOUR_MAX

    def _favour_share(self, favour, winners):
        """R110-R111, A33: one winner takes the card; a tie removes it and shares 6 rounded down;
        Honte halves a share (rounded down)."""
        if not winners:
            return
        share = FAVOUR_POINTS // len(winners)
        self.favour[favour] = winners[0] if len(winners) == 1 else FAVOUR_REMOVED
        for s in winners:
            points = share // 2 if self.shame[s] == 1 else share
            self.score[s] += points
            self.end_scores[s][4] += points
            self._log(EV_FAVOUR, s, favour, points, len(winners))

    def settle_first_favour(self):
        """R103, A12: the katanas delivered in one seat's turn are simultaneous for Favour I."""
        if not self.katana_this_turn:
            return
        seats = self.katana_this_turn
        self.katana_this_turn = []
        if self.favour[FAVOUR_FIRST] == FAVOUR_OPEN:
            share = FAVOUR_POINTS // len(seats)
            self.favour[FAVOUR_FIRST] = seats[0] if len(seats) == 1 else FAVOUR_REMOVED
            for s in seats:
                points = share // 2 if self.shame[s] == 1 else share
                self.score[s] += points
                self._log(EV_FAVOUR, s, FAVOUR_FIRST, points, len(seats))

    def final_scoring(self):
        n = self.n
        for s in range(n):
            money = self.coins[s]
            for r in range(NRES):
                money += self.stock[s * NRES + r] * RESOURCE_PRICE[r]
            self.end_scores[s][0] = money // 5                                  # R106
            for cell in range(CELLS):                                           # R107
                i = s * CELLS + cell
                if self.cell_tile[i] == KATANA:
                    comp = self.katana_comp[s]
                    value = 0
                    for k in range(self.cell_progress[i]):
                        value += RESOURCE_PRICE[comp[k]]
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
        if self.ghost is not None:                                              # R131
            _ghost.end_scoring(self, self.ghost)

    def ranks(self):
        """R113: most points; a tie goes to the holder of the highest favour card; else shared.
        A seat that forfeited ranks last, alone."""
        n = self.n
        key = []
        if self.ghost is not None:                 # R132: it holds no favour card
            key.append((self.ghost.total if self.over else self.ghost.score, -1))
        for s in range(n):
            best = -1
            for f in range(N_FAVOURS):
                if self.favour[f] == s:
                    best = f
            if s == self.forfeited:
                key.append((-10 ** 9, -2))
            else:
                key.append((self.score[s], best))
        distinct = sorted(set(key), reverse=True)
        shift = 1 if self.ghost is not None else 0
        return [distinct.index(key[s + shift]) + 1 for s in range(n)]

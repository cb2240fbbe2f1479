"""Shōgun no Katana: the data the rules read during play, as C ints and C int tables.

The numbers come from ``data`` (their sources are there); here they are laid out for the compiled
build (``_tables.pxd``: ids index the tables, no Python object is read on the hot path).  The
uncompiled build reads the same names as Python ints and ``array`` tables.
"""
import array

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
TILE_POINTS = array.array("i", [t.points for t in data.TILES])
TILE_COINS = array.array("i", [t.coins for t in data.TILES])
TILE_POWER = array.array("i", [t.power for t in data.TILES])
MAX_COMPOSITION = max(len(c) for c in TILE_COMPOSITION)
TILE_LENGTH = array.array("i", [len(c) for c in TILE_COMPOSITION])
TILE_RESOURCE = array.array("i", [c[k] if k < len(c) else -1                   # tile * MAX_COMPOSITION + k
                                  for c in TILE_COMPOSITION for k in range(MAX_COMPOSITION)])
RESOURCE_PRICE = array.array("i", data.PRICE)
TEMPLE_COST = array.array("i", data.TEMPLE_COST)
LAST_ARTISAN_COLUMN = len(data.ACADEMY_COINS) - 1   # an artisan there cannot advance (A6)

# favour cards: who holds each
FAVOUR_OUT, FAVOUR_OPEN, FAVOUR_REMOVED = -3, -2, -1

# public events: (kind, seat, a, b, c)
(EV_ROUND, EV_DRAFT, EV_PLACE, EV_PASS, EV_TAKE_SWORD, EV_PURCHASE, EV_MARKET_CARD, EV_MOVE, EV_SWAP,
 EV_ADVANCE, EV_DECORATE, EV_FAMILY, EV_REORGANIZE, EV_HALL, EV_DELIVER, EV_COLLECT, EV_PROJECT, EV_KATANA,
 EV_PLAY, EV_BUY, EV_DISCARD, EV_SASHIMONO, EV_FAVOUR, EV_REFILL, EV_HONOUR_REVEAL, EV_SCORE,
 EV_END, EV_TEMPLE_TAX) = range(28)
# the ghost's turn (R121-R128), seat -2: a card drawn (card, points it scored, 1 when its worker was
# placed, 0 for a full area), then what the placed worker did; information only, the rules read none
(EV_GHOST_CARD, EV_GHOST_SWORD, EV_GHOST_HALL, EV_GHOST_MARKET, EV_GHOST_DECORATE, EV_GHOST_PASS) = range(28, 34)

# numbers and tables of the components, by id
WORKERS_AVAILABLE = data.WORKERS_AVAILABLE
FAMILY_MEMBERS = data.FAMILY_MEMBERS
ACADEMY_START = data.ACADEMY_START
HONOUR_MAX = data.HONOUR_MAX
FAVOUR_POINTS = data.FAVOUR_POINTS
FAVOUR_FIRST = data.FAVOUR_FIRST
N_FAVOURS = len(data.FAVOURS)
MAX_OPEN = data.DAIMYO_CARDS + data.MARKET_CARDS   # cards one seat can have open in a Moment, at most
DECORATION_POINTS = array.array("i", data.DECORATION_POINTS)
ROUND_POINTS = array.array("i", data.ROUND_POINTS)
ACADEMY_COINS = array.array("i", data.ACADEMY_COINS)
STARTING_SASHIMONO_COINS = array.array("i", data.STARTING_SASHIMONO_COINS)
SPACE_HOUSE = array.array("i", [house for house, _ in data.SWORD_SPACES])
SPACE_LEAST = array.array("i", [least for _, least in data.SWORD_SPACES])
MARKET_LEAST = array.array("i", data.MARKET_SPACES)
ACADEMY_LEAST = array.array("i", data.ACADEMY_SPACES)
PALACE_LEAST = array.array("i", data.PALACE_SPACES)
BLOCKED_SLOTS = array.array("i", data.BLOCKED_SLOTS)
LINE_COINS = array.array("i", [a.coins for a in data.ROW_ADVANTAGES + data.COLUMN_ADVANTAGES])
LINE_RESOURCE = array.array("i", [a.resource for a in data.ROW_ADVANTAGES + data.COLUMN_ADVANTAGES])
LINE_POINTS = array.array("i", [a.points for a in data.ROW_ADVANTAGES + data.COLUMN_ADVANTAGES])
PERM_COINS = array.array("i", [c.perm_coins for c in data.CARDS])
PERM_RESOURCE = array.array("i", [c.perm_resource for c in data.CARDS])
PERM_POINTS = array.array("i", [c.perm_points for c in data.CARDS])
HONOUR_KIND = array.array("i", [h.kind for h in data.HONOURS])
HONOUR_RESOURCE = array.array("i", [h.resource for h in data.HONOURS])
HONOUR_PER = array.array("i", [h.per for h in data.HONOURS])
HONOUR_DIVISOR = array.array("i", [h.divisor for h in data.HONOURS])
HONOUR_HUMAN = array.array("i", [int(h.human) for h in data.HONOURS])    # the human icon (R131)
HC_COINS, HC_SWORDS, HC_DECORATIONS, HC_PALACE = data.HC_COINS, data.HC_SWORDS, data.HC_DECORATIONS, data.HC_PALACE
HC_ARTISANS, HC_SASHIMONO = data.HC_ARTISANS, data.HC_SASHIMONO
HC_PERMANENTS, HC_CARDS = data.HC_PERMANENTS, data.HC_CARDS
HC_POWER, HC_FIGURES, HC_WORKERS, HC_STOCK = data.HC_POWER, data.HC_FIGURES, data.HC_WORKERS, data.HC_STOCK
HC_KATANA, HC_SWORDS_WITH, HC_DECORATED, HC_SETS = data.HC_KATANA, data.HC_SWORDS_WITH, data.HC_DECORATED, data.HC_SETS
SET_POINTS = array.array("i", data.SET_POINTS)
HALL_PASSIVE = array.array("i", [1 if h.passive else 0 for h in data.HALLS])
N_HALL_TILES = len(data.HALLS)
N_HONOURS = len(data.HONOURS)
STARTING_STOCK = tuple(data.STARTING_STOCK)
# the piles before shuffling: card ids, one entry per copy
DAIMYO_PILE = tuple(c for c, card in enumerate(data.CARDS) if card.deck == data.DAIMYO for _ in range(card.copies))
MARKET_PILE = tuple(c for c, card in enumerate(data.CARDS) if card.deck == data.MARKET for _ in range(card.copies))


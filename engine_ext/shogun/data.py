"""Shōgun no Katana: every component, table and number the rules read.

The rulebook (``shared/seeds/002_...``, French) keeps the rules but not the
printed components: tiles, cards, halls and board tracks are pictures.  Each
value here says where it comes from:

* ``RULEBOOK``: stated by the text;
* ``derived("E13")``: pinned by a worked example (E1-E21, numbered as in
  ``shared/rules/shogun-no-katana.md`` §5) or a line of the text;
* ``CHOSEN``: designed by this project where the text is silent.  A player who
  owns the box can correct any of them here, in one place.

The order of each table is the order of the engine's integer ids: never reorder
an entry, only append (ids appear in action names, replays and observations).
Everything is plain tuples of ints and strings, read by both builds of the rules.
"""
from collections import namedtuple

RULEBOOK = "rulebook"
CHOSEN = "chosen"


def derived(source):
    return "derived: " + source


MIN_PLAYERS, MAX_PLAYERS = 2, 4           # RULEBOOK 1-4; solo needs the ghost (a later rules version)
ROUNDS = 4                                # RULEBOOK « La partie se joue en 4 tours »

# --- resources: the forge's rows, top to bottom (RULEBOOK « Laque, Bois, Acier, Galuchat ») ---
LAQUE, BOIS, ACIER, GALUCHAT = 0, 1, 2, 3
RESOURCES = ("laque", "bois", "acier", "galuchat")
RESOURCE_LETTERS = "LBAG"
NUM_RESOURCES = 4
PRICE = (4, 1, 2, 3)                      # derived: E4 (Bois 1, Acier 2), l.775 (Laque 4), E17 (Galuchat 3)
DECORATION_POINTS = (4, 1, 2, 3)          # RULEBOOK « Livrer des Sabres » 1b-1e
STARTING_STOCK = (0, 2, 1, 0)             # RULEBOOK set-up 3: 2 Bois + 1 Acier

# --- the forge ---
FORGE_ROWS, FORGE_COLS = 4, 5             # RULEBOOK
FORGE_CELLS = FORGE_ROWS * FORGE_COLS
# Printed line advantages: (coins, resource or -1, points).  A delivered sword is never in column 1
# (its first resource always moves it right), so that column's end pays nothing.
Advantage = namedtuple("Advantage", "coins resource points source")
ROW_ADVANTAGES = (
    Advantage(0, LAQUE, 0, derived("E14: the top row gives 1 Laque")),
    Advantage(0, BOIS, 0, CHOSEN),
    Advantage(0, ACIER, 0, derived("E11, E13: the third row gives 1 Acier")),
    Advantage(0, GALUCHAT, 0, CHOSEN),
)
COLUMN_ADVANTAGES = (
    Advantage(0, -1, 0, CHOSEN + " (never paid out: no sword is delivered from column 1)"),
    Advantage(3, -1, 0, derived("E14: the second column gives 3 coins")),
    Advantage(2, -1, 0, derived("E13: the third column gives 2 coins")),
    Advantage(1, -1, 0, derived("E11: a column gives 1 coin") + "; its place chosen"),
    Advantage(0, -1, 2, CHOSEN),
)

# --- rounds, temple, academy ---
ROUND_POINTS = (0, 2, 4, 6)               # derived: E19 (round 1), E13 (2), E11 (3), E17 (4)
TEMPLE_COST = (5, 6, 7, 8)                # round 1 derived: E2; rounds 2-4 CHOSEN (money grows each round)
MONKS = 2                                 # RULEBOOK set-up 5
ACADEMY_COINS = (0, 1, 2, 3)              # coins per decoration by artisan column: last derived E20 (3);
ACADEMY_START = 0                         # a 1-coin column derived E5b; start column and 0, 2 CHOSEN
KOMAINU_COINS = 4                         # RULEBOOK

# --- workers and the Washitsu ---
WORKERS_AVAILABLE, WORKERS_BLOCKED = 4, 3  # RULEBOOK set-up 4
WASHITSU_SLOTS = 8                        # RULEBOOK « plus de huit Sabres »
BLOCKED_SLOTS = (1, 3, 5)                 # CHOSEN: the 2nd, 4th and 6th sword delivered unlock a worker
FAMILY_MEMBERS = 3                        # RULEBOOK
KATANA_MAX_RESOURCES = 7                  # RULEBOOK « pas en mesure d'en utiliser plus de 7 »
PROJECT_CHANGE_PENALTY = 1                # RULEBOOK: 1 point per resource added or removed at entry

# --- houses and sashimono ---
HOUSES = ("takeda", "uesugi", "oda", "mori")      # CHOSEN names; four houses RULEBOOK
SASHIMONO_PER_TYPE = 14                   # RULEBOOK « 14 par type »
STARTING_SASHIMONO_COINS = (0, 1, 2, 3)   # RULEBOOK set-up 12, in turn order
SET_POINTS = (0, 1, 3, 6, 10)             # RULEBOOK by number of types in a set; E18: 16 = 10 + 6

# --- the main board's spaces: the least player count that opens each (RULEBOOK: unnumbered or ≤ N) ---
# Sword spaces as (house, least players).  CHOSEN: 6 / 8 / 10 spaces at 2 / 3 / 4 players, so that the
# draft and four fillings never need more than the 50 tiles (4 + 4 * 10 = 44).
SWORD_SPACES = ((0, 2), (0, 2), (1, 2), (1, 2), (2, 2), (3, 2), (2, 3), (3, 3), (0, 4), (1, 4))
MARKET_SPACES = (2, 2, 3, 4)              # CHOSEN
ACADEMY_SPACES = (2, 3, 4)                # CHOSEN
PALACE_SPACES = (2, 3, 4)                 # CHOSEN
KOMAINU_SPACES = (2,)                     # RULEBOOK: one unnumbered space
MARKET_DISPLAY = 3                        # RULEBOOK set-up 9

# --- sword tiles ---
# composition: the resources in the order they must be placed (letters LBAG); power: the corner
# number (honour cards, the ghost).  CHOSEN unless marked; every composition is legal on the forge
# (tests/engine/test_shogun_data.py walks each one).  CHOSEN coins: about 4/5 of the market price of
# the tile's resources (the Daimyō's advance payment), rounded; with less, self-play between the
# built-in players delivered under two swords per seat in a game.
Tile = namedtuple("Tile", "key composition points coins power source")


def _tile(composition, points, coins, power, source=CHOSEN):
    return Tile(composition.lower(), tuple(RESOURCE_LETTERS.index(c) for c in composition),
                points, coins, power, source)


TILES = (
    _tile("AAB", 2, 4, 1), _tile("AAG", 2, 6, 1), _tile("ABL", 3, 6, 1), _tile("AGA", 2, 6, 1),
    _tile("BAA", 2, 4, 1), _tile("BAB", 3, 3, 1), _tile("BLB", 2, 5, 1), _tile("BLL", 2, 7, 1),
    _tile("GAA", 2, 6, 1), _tile("GAG", 3, 6, 1), _tile("GGA", 2, 6, 1), _tile("LBB", 3, 5, 1),
    _tile("AAGG", 4, 8, 2),
    _tile("ABBA", 5, 2, 2, derived("E13: 5 points, Bois and Acier, ends in row 3 column 3")),
    _tile("AGGA", 6, 1, 2, derived("E19: 6 points, first resource Acier")),
    _tile("BAAA", 3, 6, 2), _tile("BAGA", 4, 6, 2), _tile("BLBB", 4, 6, 2), _tile("BLBL", 4, 8, 2),
    _tile("GAAA", 3, 7, 2), _tile("GAAB", 5, 6, 2),
    _tile("GABB", 4, 5, 2, derived("E1 + E2: Ringo's starting tile pays 5 (3 + 5 = 8 coins); "
                                   "E8: white is Galuchat, Acier, Bois")),
    _tile("GABL", 5, 3, 2, derived("E14: 5 points, ends in row 1 column 2")),
    _tile("LBAA", 4, 4, 2, derived("E3: a tile paying 4 coins; E8: red is Laque, Bois, Acier")),
    _tile("LBBL", 3, 8, 2), _tile("LBLB", 3, 8, 2),
    _tile("AAGGG", 6, 10, 3),
    _tile("ABBBL", 6, 2, 3, derived("E8: blue is Acier, Bois, Bois, Bois, then one more")),
    _tile("AGAGA", 5, 10, 3), _tile("AGGAG", 6, 10, 3), _tile("BLBLL", 6, 11, 3), _tile("BLLBL", 5, 11, 3),
    _tile("GAGAA", 5, 10, 3), _tile("GAGGG", 5, 11, 3), _tile("GGAGA", 6, 10, 3), _tile("GGGAA", 5, 10, 3),
    _tile("GGGAB", 6, 10, 3), _tile("LBBLL", 5, 11, 3), _tile("LBLBL", 5, 11, 3),
    _tile("LLBAA", 6, 3, 3, derived("E11: 6 points, Laque, Bois, two Acier, ends in the Acier row "
                                    "at a 1-coin column")),
    _tile("LLBBA", 6, 10, 3), _tile("LLLBA", 6, 12, 3),
    _tile("ABBBBL", 8, 8, 4), _tile("AGGGGA", 7, 13, 4), _tile("BBAABL", 8, 9, 4), _tile("BLBAGG", 8, 11, 4),
    _tile("GAGGGA", 7, 13, 4), _tile("LBAAAG", 8, 11, 4), _tile("LBABLB", 8, 10, 4), _tile("LLBLBA", 9, 13, 4),
)
NUM_TILES = 50                            # RULEBOOK « 50 tuiles Sabre »


def tile_index(key):
    return [t.key for t in TILES].index(key)


def walk(composition, row=None, column=0):
    """The cells (row, column) a sword visits placing ``composition`` from its entry cell (the
    first resource's row, column 0), or None when a step is illegal; the golden rule of movement."""
    if row is None:
        row = composition[0]
    cells = [(row, column)]
    for resource in composition:
        if resource == row:
            column += 1
        elif abs(resource - row) == 1:
            row = resource
        else:
            return None
        if column >= FORGE_COLS:
            return None
        cells.append((row, column))
    return cells


# --- cards: Daimyō (64) and market (28) ---
# An immediate effect may be used once, where its area allows; a permanent advantage, bought for
# ``price``, pays at every delivery from the line the card is slid under.
ANY, FORGE_AREA, MARKET_AREA, ACADEMY_AREA, PALACE_AREA, HOUSE_AREA, DELIVERY = range(7)
AREAS = ("any", "forge", "market", "academy", "palace", "house", "delivery")
(E_COINS, E_RESOURCE, E_POINTS, E_MOVE, E_ADVANCE, E_DECORATE, E_SASHIMONO, E_REORGANIZE, E_FAMILY,
 E_TEMPLE_COINS, E_DELIVERY_POINTS, E_DOUBLE_POINTS, E_SECOND_ADVANTAGE, E_DOUBLE_LINE) = range(14)
EFFECTS = ("coins", "resource", "points", "move_sword", "advance_artisan", "decorate", "sashimono",
           "reorganize_family", "family_to_palace", "coins_of_temple", "delivery_points", "double_tile_points",
           "second_advantage_on_a_line", "line_twice")
Card = namedtuple("Card", "key deck label area effect amount resource perm_coins perm_resource perm_points "
                          "price copies source")
DAIMYO, MARKET = 0, 1


def _card(key, deck, label, area, effect, amount, resource, perm, price, copies, source=CHOSEN):
    coins, resource_perm, points = perm
    return Card(key, deck, label, area, effect, amount, resource, coins, resource_perm, points, price,
                copies, source)


NO = -1
CARDS = (
    # Daimyō: four letters of four definitions, 4 copies each (64 = 16 x 4).  « Daimyō C » concern
    # decoration (RULEBOOK chapter 11).  Permanent prices: a 2-coin advantage costs 3 and a Bois
    # advantage 1 (derived: E13, E14, hall note l.1399); the others CHOSEN on the same scale
    # (1 coin 1, 3 coins 4, a resource its market price, 1 point 2, 2 points 4).
    _card("a_move", DAIMYO, "A", FORGE_AREA, E_MOVE, 1, NO, (1, NO, 0), 1, 4),
    _card("a_acier", DAIMYO, "A", ANY, E_RESOURCE, 1, ACIER, (0, ACIER, 0), 2, 4),
    _card("a_coins", DAIMYO, "A", ANY, E_COINS, 2, NO, (2, NO, 0), 3, 4),
    _card("a_sashimono", DAIMYO, "A", HOUSE_AREA, E_SASHIMONO, 1, NO, (0, NO, 1), 2, 4),
    _card("b_laque", DAIMYO, "B", MARKET_AREA, E_RESOURCE, 1, LAQUE, (0, LAQUE, 0), 4, 4),
    _card("b_bois", DAIMYO, "B", ANY, E_RESOURCE, 2, BOIS, (0, BOIS, 0), 1, 4),
    _card("b_galuchat", DAIMYO, "B", MARKET_AREA, E_RESOURCE, 1, GALUCHAT, (0, GALUCHAT, 0), 3, 4),
    _card("b_coins", DAIMYO, "B", ANY, E_COINS, 3, NO, (1, NO, 0), 1, 4),
    _card("c_advance", DAIMYO, "C", ACADEMY_AREA, E_ADVANCE, 1, NO, (2, NO, 0), 3, 4),
    _card("c_decorate", DAIMYO, "C", ANY, E_DECORATE, 1, NO, (0, NO, 1), 2, 4),
    _card("c_decorate_academy", DAIMYO, "C", ACADEMY_AREA, E_DECORATE, 1, NO, (0, BOIS, 0), 1, 4),
    _card("c_advance_any", DAIMYO, "C", ANY, E_ADVANCE, 1, NO, (1, NO, 0), 1, 4),
    _card("d_reorganize", DAIMYO, "D", PALACE_AREA, E_REORGANIZE, 1, NO, (1, NO, 0), 1, 4,
          derived("E12a: a card reorganizing family members, its permanent paid with 1 of 2 coins")),
    _card("d_family", DAIMYO, "D", PALACE_AREA, E_FAMILY, 1, NO, (0, NO, 2), 4, 4),
    _card("d_points", DAIMYO, "D", ANY, E_POINTS, 2, NO, (2, NO, 0), 3, 4),
    _card("d_coins", DAIMYO, "D", PALACE_AREA, E_COINS, 2, NO, (0, ACIER, 0), 2, 4),
    # Market cards n°1-7, 4 copies each (28 / 7: derived).  n°3, n°4, n°5 RULEBOOK; their copies share one
    # permanent (CHOSEN); n°3 and n°5's permanent is 2 coins for 3 (derived: E13, E14).
    _card("m1_delivery_points", MARKET, "1", DELIVERY, E_DELIVERY_POINTS, 3, NO, (0, NO, 1), 2, 4,
          derived("résumé: n°1 acts at delivery step 1") + "; +3 points CHOSEN"),
    _card("m2_decorate", MARKET, "2", ANY, E_DECORATE, 1, NO, (1, NO, 0), 1, 4,
          derived("chapter 11: n°2 concerns decoration") + "; effect CHOSEN"),
    _card("m3_double_points", MARKET, "3", DELIVERY, E_DOUBLE_POINTS, 1, NO, (2, NO, 0), 3, 4,
          derived("E13, E14")),
    _card("m4_second_advantage", MARKET, "4", ANY, E_SECOND_ADVANTAGE, 1, NO, (0, BOIS, 0), 1, 4,
          derived("« sauf si vous activez l'effet immédiat de la carte Marché n°4 »") + "; permanent CHOSEN"),
    _card("m5_line_twice", MARKET, "5", DELIVERY, E_DOUBLE_LINE, 1, NO, (2, NO, 0), 3, 4, derived("E13")),
    _card("m6_advance", MARKET, "6", ANY, E_ADVANCE, 2, NO, (0, GALUCHAT, 0), 3, 4,
          derived("chapter 11: n°6 concerns decoration") + "; effect CHOSEN"),
    _card("m7_temple", MARKET, "7", ANY, E_TEMPLE_COINS, 1, NO, (1, NO, 0), 1, 4,
          derived("chapter 7: n°7 concerns monks") + "; effect CHOSEN"),
)
DAIMYO_CARDS = 64                         # RULEBOOK
MARKET_CARDS = 28                         # RULEBOOK
DAIMYO_DECKS, DAIMYO_DECK_SIZE = 4, 16    # RULEBOOK set-up 8


def card_index(key):
    return [c.key for c in CARDS].index(key)


# --- the palace: 9 hall tiles, 5 in play, at most 1 passive (RULEBOOK set-up 6) ---
H_TAKE, H_PAY, H_MOVE, H_ADVANCE, H_DISCOUNT, H_MARKET_MOVE = range(6)
HALL_KINDS = ("take", "pay", "move_sword", "advance_artisan", "passive_discount", "passive_market_move")
Hall = namedtuple("Hall", "key kind cost coins resources points passive source")
NO_GOODS = (0, 0, 0, 0)
HALLS = (
    Hall("coins", H_TAKE, 0, 2, NO_GOODS, 0, False, derived("E6: take 2 coins")),
    Hall("galuchat", H_PAY, 1, 0, (0, 0, 0, 1), 0, False, derived("E6: pay 1 coin for 1 Galuchat")),
    Hall("laque", H_PAY, 2, 0, (1, 0, 0, 0), 0, False, derived("E6: pay 2 coins for 1 Laque")),
    Hall("move", H_MOVE, 0, 0, NO_GOODS, 0, False, derived("E6, E8c: move one sword")),
    Hall("artisan", H_ADVANCE, 0, 0, NO_GOODS, 0, False, derived("E6: advance an artisan")),
    Hall("bois_acier", H_TAKE, 0, 0, (0, 1, 1, 0), 0, False, CHOSEN),
    Hall("points", H_PAY, 3, 0, NO_GOODS, 2, False, CHOSEN),
    Hall("discount", H_DISCOUNT, 0, 0, NO_GOODS, 0, True, derived("résumé: -1 coin on a permanent")),
    Hall("market_move", H_MARKET_MOVE, 0, 0, NO_GOODS, 0, True,
         derived("résumé: a resource bought moves a sword")),
)
HALLS_IN_PLAY = 5                         # RULEBOOK
FIRST_GAME_HALLS = (0, 1, 2, 3, 4)        # CHOSEN: the five halls of E6 (the printed set is a picture)

# --- honour cards: 22, each at most 12 points (RULEBOOK) ---
(HC_COINS, HC_SWORDS, HC_DECORATIONS, HC_PALACE, HC_ARTISANS, HC_SASHIMONO, HC_PERMANENTS, HC_CARDS,
 HC_POWER, HC_FIGURES, HC_WORKERS, HC_STOCK, HC_KATANA, HC_SWORDS_WITH, HC_DECORATED, HC_SETS) = range(16)
HONOUR_KINDS = ("coins", "swords_delivered", "decorations_delivered", "family_in_palace", "artisan_steps",
                "sashimono", "permanents", "cards_held", "power_delivered", "figures_on_board",
                "workers_unlocked", "resources_in_stock", "katana_delivered", "swords_with_resource",
                "decorated_resource", "sashimono_full_sets")
# points = min(12, count * per // divisor); resource: the type some kinds count (-1: none);
# human: the human-player icon (the ghost's scoring of it, a later rules version).
Honour = namedtuple("Honour", "key kind resource per divisor human source")
HONOUR_MAX = 12
HONOURS = (
    Honour("coins", HC_COINS, NO, 1, 4, True, derived("E21: 1 point per 4 coins, human icon")),
    Honour("swords", HC_SWORDS, NO, 2, 1, False, CHOSEN),
    Honour("decorations", HC_DECORATIONS, NO, 1, 1, False, CHOSEN),
    Honour("palace", HC_PALACE, NO, 3, 1, False, CHOSEN),
    Honour("artisans", HC_ARTISANS, NO, 1, 1, True, CHOSEN),
    Honour("sashimono", HC_SASHIMONO, NO, 1, 1, False, CHOSEN),
    Honour("permanents", HC_PERMANENTS, NO, 2, 1, True, CHOSEN),
    Honour("cards", HC_CARDS, NO, 1, 1, True, CHOSEN),
    Honour("power", HC_POWER, NO, 1, 1, False, CHOSEN),
    Honour("figures", HC_FIGURES, NO, 2, 1, False, derived("l.974: a card counts figures on the main board")),
    Honour("workers", HC_WORKERS, NO, 3, 1, False, CHOSEN),
    Honour("stock", HC_STOCK, NO, 1, 2, True, CHOSEN),
    Honour("katana", HC_KATANA, NO, 8, 1, False, CHOSEN),
    Honour("swords_laque", HC_SWORDS_WITH, LAQUE, 3, 1, False, CHOSEN),
    Honour("swords_bois", HC_SWORDS_WITH, BOIS, 2, 1, False, CHOSEN),
    Honour("swords_acier", HC_SWORDS_WITH, ACIER, 2, 1, False, CHOSEN),
    Honour("swords_galuchat", HC_SWORDS_WITH, GALUCHAT, 3, 1, False, CHOSEN),
    Honour("painted_laque", HC_DECORATED, LAQUE, 3, 1, False, CHOSEN),
    Honour("carved_bois", HC_DECORATED, BOIS, 2, 1, False, CHOSEN),
    Honour("engraved_acier", HC_DECORATED, ACIER, 2, 1, False, CHOSEN),
    Honour("adorned_galuchat", HC_DECORATED, GALUCHAT, 3, 1, False, CHOSEN),
    Honour("full_sets", HC_SETS, NO, 4, 1, False, CHOSEN),
)
NUM_HONOURS = 22                          # RULEBOOK

# --- the Shōgun's favour cards I-V (RULEBOOK « Le Sabre pour le Shōgun », « Fin de la partie » 5) ---
FAVOURS = ("I", "II", "III", "IV", "V")
FAVOUR_FIRST, FAVOUR_MOST_RESOURCES, FAVOUR_HIGHEST_VALUE, FAVOUR_LEFTMOST, FAVOUR_RIGHTMOST = range(5)
FAVOUR_POINTS = 6

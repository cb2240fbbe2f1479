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


MIN_PLAYERS, MAX_PLAYERS = 1, 4           # RULEBOOK 1-4; a seat alone plays against the ghost
MIN_PLAYERS_WITHOUT_GHOST = 2             # RULEBOOK
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

# --- the ghost (« MODE +1 JOUEUR », R115-R132): an automaton seat played by the engine ---
# A level is a layout of the ghost's 7 workers on a Washitsu side: ``available`` at the start, the
# others on the sword slots ``blocked`` (a sword put on such a slot frees its worker, R122 b).
# RULEBOOK: 5 levels, level 3 is the human layout (4 available, 3 blocked) and the ghost starts
# with 3, 4 or 5 available workers; which level has which count and which slots are blocked is
# CHOSEN (the backs are pictures) so that the ghost's mean score rises with the level: measured
# over 300 solo games against shogun-smith per layout (BENCHMARKS.md, « Shōgun: the heuristic
# against the ghost »), the number of workers a round and how soon the swords free the blocked
# ones decide it: 3 available freed from the 5th sword 111, freed from the 3rd 129, the human
# layout 249, 5 available freed by the 1st and 3rd swords 260, by the 1st and 2nd 264.
GhostLevel = namedtuple("GhostLevel", "available blocked source")
GHOST_LEVELS = (
    GhostLevel(3, (4, 5, 6, 7), CHOSEN + ": the fewest workers, freed last (from the 5th sword)"),
    GhostLevel(3, (2, 4, 6, 7), CHOSEN + ": the fewest workers, the first freed by the 3rd sword"),
    GhostLevel(4, BLOCKED_SLOTS, derived("R115: ghost 3 is the front of the Washitsu, the human layout")),
    GhostLevel(5, (0, 2), CHOSEN + ": the most workers, freed by the 1st and 3rd swords"),
    GhostLevel(5, (0, 1), CHOSEN + ": the most workers, freed by its first two swords"),
)
GHOST_WORKERS = WORKERS_AVAILABLE + WORKERS_BLOCKED   # RULEBOOK: the same 7 workers as a player
# The ghost's action cards name a main-board area.
G_DAIMYO, G_PALACE, G_MARKET, G_ACADEMY, G_KOMAINU = range(5)
GHOST_CARDS = ("daimyo", "palace", "market", "academy", "komainu")
GHOST_DECK = (G_DAIMYO,) * 4 + (G_PALACE,) * 2 + (G_MARKET,) * 2 + (G_ACADEMY, G_KOMAINU)   # RULEBOOK l.840-856
GHOST_SET_ASIDE = (G_PALACE, G_MARKET, G_ACADEMY)    # RULEBOOK l.840-856: one joins the deck each restoration
GHOST_KOMAINU_POINTS = 4                             # RULEBOOK l.922
GHOST_KATANA_SLOTS = KATANA_MAX_RESOURCES            # derived: A19, the composition has 7 places

# --- story mode (« MODE HISTOIRE », l.980-1308; rules inventory §4, R133-R138) ---
# Option ``chapter`` 1-14: one seat against a ghost of its choice.  Each chapter: its French title,
# difficulty (RULEBOOK « DIFFICULTÉ »), its special rules in words, and its conditions as
# (key, English text); the chapter is won when every condition holds and the seat scores strictly
# more than the ghost (R134, A15: a tie is a defeat).  Parameters below say where they come from.
EASY, INTERMEDIATE, DIFFICULT = "easy", "intermediate", "difficult"
Chapter = namedtuple("Chapter", "number title difficulty rules conditions source")
CH1_NO_SWORD, CH1_KATANA = "empty_forge", "katana_delivered"
CH2_ARTISANS = "artisans_last_column"
CH3_SWORDS, CH3_KATANA = "decorated_swords", "decorated_katana"
CH4_SASHIMONO = "sashimono_points"
CH5_PERMANENTS = "permanents"
CH6_COMPOSITION = "katana_composition"
CH8_SWORDS = "swords_delivered"
CH9_COINS = "coins"
CH10_POWER = "power_delivered"
CH14_CARDS = "cards_held"

CH3_DECORATIONS = 2                       # RULEBOOK l.1050 « au moins 2 ressources décorées »
CH4_SASHIMONO_POINTS = 22                 # RULEBOOK l.1063 « au moins 22 points »
CH5_PERMANENTS_MIN = 7                    # RULEBOOK l.1078 « au moins 7 cartes sous votre Forge »
# CHOSEN (the composition is a picture, l.1098): the katana's 7 places (KATANA_MAX_RESOURCES), every type
# present as the project requires, counted as a multiset (the order a katana is laid in is forced by
# the forge, not by the picture we cannot see): 2 Laque, 2 Bois, 2 Acier, 1 Galuchat.
CH6_KATANA_COUNTS = (2, 2, 2, 1)
CH8_SWORDS_MIN = 8                        # RULEBOOK l.1130 « au moins 8 Sabres »
CH9_COINS_MIN = 60                        # RULEBOOK l.1147 « au moins 60 pièces »
CH10_POWER_MIN = 13                       # RULEBOOK l.1163 « valeur totale d'au moins 13 »; A13: tile power
CH14_CARDS_MIN = 7                        # RULEBOOK l.1252 « au moins 7 cartes Daimyō ou Marché »; A41
# Chapter 2 (« cette Salle du Palais doit être en jeu », picture l.1033): CHOSEN the advance-an-artisan
# hall, the only hall that serves the chapter's condition (all artisans to the last column).
CH2_HALL = 4
# Chapter 7 (l.1112): no monks, no market card n°7, all 7 workers from the start, the Temple's coins
# paid at the end of each round, round 4 included (A16), the shortfall in points.  RULEBOOK.
CH7_MARKET_OUT = ("7",)
# Chapter 11 (l.1178): no decorating.  « cette Salle du Palais » (picture): CHOSEN the advance-an-artisan
# hall (the only hall about the academy), out with market n°2, n°6, every Daimyō C and the honour cards
# about decorations or the academy (RULEBOOK; which honour cards those are, CHOSEN from their kinds);
# academy spaces closed to the seat (A42); extra coins = the round's number per sword taken (RULEBOOK).
CH11_HALL_OUT = 4
CH11_MARKET_OUT = ("2", "6")
CH11_DAIMYO_OUT = ("C",)
CH11_HONOUR_KINDS_OUT = (HC_DECORATIONS, HC_ARTISANS, HC_DECORATED)
# Chapter 12 (l.1194): 3 halls, 2 family members each (RULEBOOK); no picture: the first 3 of the usual
# random draw (A43), the other two slots closed.
CH12_OPEN_HALLS = 3
CH12_FAMILY = 2
# Chapter 13 (l.1216): « les 5 Salles affichées ici » (picture): CHOSEN the five halls that do not hand
# out resources cheaply (scarce resources is the chapter's theme): coins, move, artisan, points, the
# discount; market prices +1 per coin on a resource (RULEBOOK).  CHOSEN: the end scoring of leftover
# resources (R106) keeps their base prices, without the coins on them (the text raises only what the
# market charges, and the coins are not the seat's).
CH13_HALLS = (0, 3, 4, 6, 7)

_NO_RULES = ("none",)
CHAPTERS = (
    Chapter(1, "L'ORIGINE", EASY, _NO_RULES,
            ((CH1_NO_SWORD, "no sword left in your forge at the end of the game"),
             (CH1_KATANA, "your Shōgun no Katana delivered before the end of the last round")), RULEBOOK),
    Chapter(2, "UNE PÉRIODE DE PAIX", INTERMEDIATE,
            ("the Palace hall 'advance an artisan' is in play (chosen: the rulebook shows a picture)",),
            ((CH2_ARTISANS, "all 4 of your artisans in the academy's last column at the end of the game"),),
            RULEBOOK + "; hall " + CHOSEN),
    Chapter(3, "GION MATSURI", EASY, _NO_RULES,
            ((CH3_SWORDS, "at least 2 decorated resources on each sword you delivered"),
             (CH3_KATANA, "at least 2 decorated resources on your Shōgun no Katana")), RULEBOOK),
    Chapter(4, "RENOMMÉE ET GLOIRE", INTERMEDIATE, _NO_RULES,
            ((CH4_SASHIMONO, "at least 22 points from sashimono sets (honour cards do not count)"),), RULEBOOK),
    Chapter(5, "MASAMUNE EN VISITE", EASY, _NO_RULES,
            ((CH5_PERMANENTS, "at least 7 cards under your forge as permanent advantages at the end"),),
            RULEBOOK),
    Chapter(6, "LA REQUÊTE DU SHŌGUN", DIFFICULT, _NO_RULES,
            ((CH6_COMPOSITION, "your Shōgun no Katana delivered made of 2 Laque, 2 Bois, 2 Acier and "
                               "1 Galuchat (chosen: the rulebook shows a picture)"),), RULEBOOK + "; composition "
            + CHOSEN),
    Chapter(7, "LES VENTS DE LA GUERRE", INTERMEDIATE,
            ("no monks and no market cards n°7", "you have all 7 workers from the start",
             "at the end of each round you pay the Temple's coins for that round; what you cannot pay "
             "costs as many points"), (), RULEBOOK),
    Chapter(8, "L'ENNEMI AUX PORTES", DIFFICULT, _NO_RULES,
            ((CH8_SWORDS, "at least 8 swords delivered (the Shōgun no Katana does not count)"),), RULEBOOK),
    Chapter(9, "LES TAMBOURS DE LA GUERRE", DIFFICULT, _NO_RULES,
            ((CH9_COINS, "at least 60 coins at the end of the game"),), RULEBOOK),
    Chapter(10, "LES SABRES DANS LA BATAILLE", INTERMEDIATE, _NO_RULES,
            ((CH10_POWER, "swords delivered with a total power of at least 13"),), RULEBOOK + "; A13"),
    Chapter(11, "MOMENT DE CRISE", DIFFICULT,
            ("no decorating: the academy is closed to you; the hall 'advance an artisan', market cards "
             "n°2 and n°6, Daimyō cards C and the honour cards about decorations or the academy are out",
             "the ghost ignores its Académie cards and draws the next one",
             "each sword you take from a Daimyō house gives extra coins equal to the round's number"),
            (), RULEBOOK + "; hall and honour cards " + CHOSEN),
    Chapter(12, "RUINES", EASY,
            ("only 3 halls in the palace", "only 2 family members on your Washitsu and on the ghost's",
             "both your members may be in the same hall; such a hall gives its effect once"), (),
            RULEBOOK + "; A17, A43"),
    Chapter(13, "UNE RECONSTRUCTION DIFFICILE", DIFFICULT,
            ("the halls: take coins, move a sword, advance an artisan, pay for points, the discount "
             "(chosen: the rulebook shows a picture)",
             "each time you go to the market, a coin goes on one resource type you bought: it costs 1 more "
             "per coin on it",
             "each time the ghost goes to the market, a coin goes on the resource with the fewest coins "
             "(a tie: the most expensive)"), (), RULEBOOK + "; halls " + CHOSEN),
    Chapter(14, "UN REPOS BIEN MÉRITÉ", DIFFICULT, _NO_RULES,
            ((CH14_CARDS, "at least 7 Daimyō or market cards in your hand at the end of the game"),),
            RULEBOOK + "; A41"),
)
NUM_CHAPTERS = 14                         # RULEBOOK


# --- words: what a person reads (replays, a person's seat, the rules summary) ---
# The engine's keys (``a_move``, ``b_galuchat``, ``swords_laque``) are ids, never shown.  Everything a
# page shows is below, in English words.  The names of things the rulebook names are its names in
# English (RULEBOOK: « Laque, Bois, Acier, Galuchat », « Salle du Palais », « carte Faveur »); the
# wording of what a designed component does is CHOSEN, written from the numbers above so that it
# cannot say something the engine does not do.
RESOURCE_WORDS = ("lacquer", "wood", "steel", "galuchat")        # RULEBOOK, in English
HOUSE_WORDS = ("Takeda", "Uesugi", "Oda", "Mōri")                 # CHOSEN with HOUSES
AREA_WORDS = ("", "at the forge", "at the market", "at the academy", "at the palace",
              "at a Daimyō house", "when you deliver a sword")    # CHOSEN: where an immediate effect works
GHOST_CARD_WORDS = ("Daimyō", "Palace", "Market", "Academy", "Komainu")   # RULEBOOK l.840-856
# what the ghost does on drawing each card (RULEBOOK « SÉQUENCE DU FANTÔME » l.877-946, R122-R126)
GHOST_TURN_WORDS = (
    "takes the most powerful sword on offer, scoring its points and the round's",
    "sends a family member to the emptiest palace hall, scoring 1 point per hall with a member; "
    "each player may then use a hall where their family sits",
    "takes the highest-numbered market card, scoring 1 point per figure at the market",
    "decorates a resource of its Shōgun no Katana, scoring the coins of the players' most advanced "
    "artisan; each player may then decorate",
    f"takes the Komainu: {GHOST_KOMAINU_POINTS} points, and it plays first next round",
)
# A monk on the Komainu adds one other area's monk effect (R69, its wording RULEBOOK + ruling)
KOMAINU_EFFECT_WORDS = ("the forge's: move one sword", "the market's: take one more market card",
                        "the academy's: advance one artisan", "the palace's: use a hall where your family sits",
                        "a Daimyō house's: take a sashimono of your choice")


def _plural(count, word, many=None):
    return f"{count} {word if count == 1 else (many or word + 's')}"


def _goods(coins, resource, points):
    parts = []
    if coins:
        parts.append(_plural(coins, "coin"))
    if resource >= 0:
        parts.append("1 " + RESOURCE_WORDS[resource])
    if points:
        parts.append(_plural(points, "point"))
    return " and ".join(parts) or "nothing"


def card_effect_words(card):
    """What a card's immediate effect does, in words (CHOSEN wording of the effect's numbers)."""
    n, resource = card.amount, card.resource
    words = {
        E_COINS: f"take {_plural(n, 'coin')}",
        E_RESOURCE: f"take {n} {RESOURCE_WORDS[resource]}" if resource >= 0 else "",
        E_POINTS: f"score {_plural(n, 'point')}",
        E_MOVE: f"move one of your swords {_plural(n, 'cell')}, with a resource from your stock",
        E_ADVANCE: f"advance an artisan {_plural(n, 'step')}",
        E_DECORATE: "decorate one resource of a sword in your forge",
        E_SASHIMONO: "take a sashimono of the house of your choice",
        E_REORGANIZE: "move your family members from hall to hall in the palace",
        E_FAMILY: "send a family member from your Washitsu to a palace hall",
        E_TEMPLE_COINS: "take as many coins as the temple costs this round",
        E_DELIVERY_POINTS: f"{_plural(n, 'point')} more for the sword you deliver",
        E_DOUBLE_POINTS: "the sword you deliver scores its printed points twice (not the Shōgun no Katana)",
        E_SECOND_ADVANTAGE: "slide a second permanent under a line of your forge that already holds one",
        E_DOUBLE_LINE: "collect one line's advantages twice at this delivery",
    }[card.effect]
    where = AREA_WORDS[card.area]
    return words[0].upper() + words[1:] + (f" ({where})" if where and card.area != DELIVERY else "")


def card_permanent_words(card):
    """The permanent advantage a card gives slid under a line of the forge, and its price."""
    return (f"Permanent for {_plural(card.price, 'coin')}: "
            f"{_goods(card.perm_coins, card.perm_resource, card.perm_points)} at each delivery from its line")


def card_name(card):
    """A card's name: its deck and letter or number, as printed (« Daimyō C », « carte Marché n°4 »)."""
    return f"Daimyō {card.label}" if card.deck == DAIMYO else f"Market n°{card.label}"


def hall_words(hall):
    """What a palace hall gives (CHOSEN wording of its numbers)."""
    goods = " and ".join([_plural(hall.coins, "coin")] * bool(hall.coins)
                         + [f"{n} {RESOURCE_WORDS[r]}" for r, n in enumerate(hall.resources) if n]
                         + [_plural(hall.points, "point")] * bool(hall.points))
    return {
        H_TAKE: f"Take {goods}",
        H_PAY: f"Pay {_plural(hall.cost, 'coin')} for {goods}",
        H_MOVE: "Move one of your swords",
        H_ADVANCE: "Advance an artisan at the academy",
        H_DISCOUNT: "Always: your permanents cost 1 coin less",
        H_MARKET_MOVE: "Always: the resources you buy at the market move a sword",
    }[hall.kind]


_HONOUR_COUNTS = {
    HC_COINS: ("coin", None), HC_SWORDS: ("sword delivered", "swords delivered"),
    HC_DECORATIONS: ("decoration on your delivered swords", "decorations on your delivered swords"),
    HC_PALACE: ("family member in the palace", "family members in the palace"),
    HC_ARTISANS: ("step your artisans advanced", "steps your artisans advanced"),
    HC_SASHIMONO: ("sashimono", "sashimono"), HC_PERMANENTS: ("permanent under your forge", "permanents under your forge"),
    HC_CARDS: ("card in your hand", "cards in your hand"), HC_POWER: ("point of power of your delivered swords", "power of your delivered swords"),
    HC_FIGURES: ("figure of yours on the main board", "figures of yours on the main board"),
    HC_WORKERS: ("worker unlocked", "workers unlocked"), HC_STOCK: ("resource in your stock", "resources in your stock"),
    HC_KATANA: ("Shōgun no Katana delivered",) * 2,
    HC_SWORDS_WITH: ("delivered sword with {r}", "delivered swords with {r}"),
    HC_DECORATED: ("delivered sword with its {r} decorated", "delivered swords with their {r} decorated"),
    HC_SETS: ("full set of the four houses' sashimono", "full sets of the four houses' sashimono"),
}


def honour_words(honour):
    """An honour card's condition (RULEBOOK: each card at most 12 points; its counts CHOSEN)."""
    one, many = _HONOUR_COUNTS[honour.kind]
    resource = RESOURCE_WORDS[honour.resource] if honour.resource >= 0 else ""
    thing = (one if honour.divisor == 1 else (many or one + "s")).format(r=resource)
    per = f"per {thing}" if honour.divisor == 1 else f"per {honour.divisor} {thing}"
    if honour.kind == HC_KATANA:
        return f"{_plural(honour.per, 'point')} for your Shōgun no Katana delivered"
    return f"{_plural(honour.per, 'point')} {per}, at most {HONOUR_MAX}"


def honour_name(honour):
    """An honour card's short name: what it counts."""
    one, many = _HONOUR_COUNTS[honour.kind]
    resource = RESOURCE_WORDS[honour.resource] if honour.resource >= 0 else ""
    name = (many or one + "s").format(r=resource)
    return name[0].upper() + name[1:]


# RULEBOOK « Le Sabre pour le Shōgun » (l.753) and « Fin de la partie » 5 (l.795-809), in English
FAVOUR_WORDS = (
    f"the first to deliver a Shōgun no Katana scores {FAVOUR_POINTS} points at once",
    f"{FAVOUR_POINTS} points for the completed Shōgun no Katana with the most resources",
    f"{FAVOUR_POINTS} points for the completed Shōgun no Katana worth the most",
    f"{FAVOUR_POINTS} points for the Shōgun no Katana delivered in the leftmost column",
    f"{FAVOUR_POINTS} points for the Shōgun no Katana delivered in the rightmost column",
)


# --- the story chapters in words (« MODE HISTOIRE », l.1010-1252) ---
# RULEBOOK: the parts' and chapters' titles are the printed ones (CHAPTERS keeps the French) in English.
STORY_PART_WORDS = (
    (1, 6, "Part one: the most renowned school of Japan"),   # l.1010 « L'ÉCOLE LA PLUS RENOMMÉE DU JAPON »
    (7, 12, "Part two: feudal wars"),                         # l.1102 « GUERRES FÉODALES »
    (13, 14, "Epilogue: back to peace"),                      # l.1206 « RETOUR À LA PAIX »
)
CHAPTER_TITLE_WORDS = (
    "The Origin",                   # l.1012 « L'ORIGINE »
    "A Time of Peace",              # l.1024 « UNE PÉRIODE DE PAIX »
    "Gion Matsuri",                 # l.1043 the festival's name, kept
    "Renown and Glory",             # l.1055 « RENOMMÉE ET GLOIRE »
    "Masamune Comes to Visit",      # l.1070 « MASAMUNE EN VISITE »
    "The Shōgun's Request",         # l.1084 « LA REQUÊTE DU SHŌGUN »
    "The Winds of War",             # l.1104 « LES VENTS DE LA GUERRE »
    "The Enemy at the Gates",       # l.1120 « L'ENNEMI AUX PORTES »
    "The Drums of War",             # l.1137 « LES TAMBOURS DE LA GUERRE »
    "Swords in Battle",             # l.1153 « LES SABRES DANS LA BATAILLE »
    "A Time of Crisis",             # l.1170 « MOMENT DE CRISE »
    "Ruins",                        # l.1186 « RUINES »
    "A Hard Rebuilding",            # l.1208 « UNE RECONSTRUCTION DIFFICILE »
    "A Well-Earned Rest",           # l.1242 « UN REPOS BIEN MÉRITÉ »
)
# Each condition in a few words, for a list that marks it met or not (✓ / ✗): the rulebook's condition
# (its line) shortened, with the numbers above; CHAPTERS keeps the whole sentence.
CONDITION_WORDS = {
    CH1_NO_SWORD: "no sword left in your forge",                                        # l.1022
    CH1_KATANA: "Shōgun no Katana delivered before the last round ended",               # l.1022
    CH2_ARTISANS: f"all {NUM_RESOURCES} artisans in the academy's last column",         # l.1039
    CH3_SWORDS: f"at least {CH3_DECORATIONS} decorated resources on every sword delivered",   # l.1053
    CH3_KATANA: f"at least {CH3_DECORATIONS} decorated resources on the Shōgun no Katana",    # l.1053
    CH4_SASHIMONO: f"at least {CH4_SASHIMONO_POINTS} points from sashimono sets",       # l.1066
    CH5_PERMANENTS: f"at least {CH5_PERMANENTS_MIN} permanents under your forge",       # l.1082
    CH6_COMPOSITION: "Shōgun no Katana delivered made of " + ", ".join(                 # l.1098, CHOSEN counts
        f"{n} {RESOURCE_WORDS[r]}" for r, n in enumerate(CH6_KATANA_COUNTS)),
    CH8_SWORDS: f"at least {CH8_SWORDS_MIN} swords delivered",                          # l.1133
    CH9_COINS: f"at least {CH9_COINS_MIN} coins at the end",                            # l.1149
    CH10_POWER: f"swords delivered with a total power of at least {CH10_POWER_MIN}",    # l.1166
    CH14_CARDS: f"at least {CH14_CARDS_MIN} Daimyō or market cards in your hand at the end",  # l.1254
}
BEAT_GHOST_WORDS = "more points than the ghost"           # RULEBOOK l.992, R134: a tie is not more (A15)


def chapter_words():
    """Each story chapter in words, by its number as a string (JSON): the title in English and as
    printed, its part, difficulty, special rules (none: an empty list) and conditions, each with its
    few words (``words``) and its whole sentence (``text``), and where they come from."""
    out = {}
    for chapter in CHAPTERS:
        part = next(words for first, last, words in STORY_PART_WORDS if first <= chapter.number <= last)
        out[str(chapter.number)] = {
            "title": CHAPTER_TITLE_WORDS[chapter.number - 1], "printed_title": chapter.title, "part": part,
            "difficulty": chapter.difficulty, "rules": [r for r in chapter.rules if r not in _NO_RULES],
            "conditions": [{"key": key, "words": CONDITION_WORDS[key], "text": text}
                           for key, text in chapter.conditions],
            "source": chapter.source}
    return out


def words():
    """Every name and text the renderers show, keyed by the ids the views use (JSON)."""
    return {
        "resources": dict(zip(RESOURCES, RESOURCE_WORDS)),
        "resource_order": list(RESOURCES),
        "prices": dict(zip(RESOURCES, PRICE)),
        "houses": dict(zip(HOUSES, HOUSE_WORDS)),
        "forge": {"rows": FORGE_ROWS, "columns": FORGE_COLS,
                  "row_advantages": [_goods(a.coins, a.resource, a.points) for a in ROW_ADVANTAGES],
                  "column_advantages": [_goods(a.coins, a.resource, a.points) for a in COLUMN_ADVANTAGES]},
        "cards": {c.key: {"name": card_name(c), "deck": ("daimyo", "market")[c.deck], "label": c.label,
                          "effect": card_effect_words(c), "permanent": card_permanent_words(c), "price": c.price}
                  for c in CARDS},
        "halls": {h.key: {"text": hall_words(h), "passive": h.passive} for h in HALLS},
        "honours": {h.key: {"name": honour_name(h), "text": honour_words(h), "ghost_best": h.human} for h in HONOURS},
        "favours": dict(zip(FAVOURS, FAVOUR_WORDS)),
        "tiles": {t.key: {"points": t.points, "coins": t.coins, "power": t.power,
                          "composition": [RESOURCES[r] for r in t.composition]} for t in TILES},
        "ghost_cards": dict(zip(GHOST_CARDS, GHOST_CARD_WORDS)),
        "ghost_turns": dict(zip(GHOST_CARDS, GHOST_TURN_WORDS)),
        "komainu_effects": dict(zip(("FORGE", "MARKET", "ACADEMY", "PALACE", "HOUSE"), KOMAINU_EFFECT_WORDS)),
        "round_points": list(ROUND_POINTS), "temple_cost": list(TEMPLE_COST),
        "academy_coins": list(ACADEMY_COINS), "washitsu_slots": WASHITSU_SLOTS, "rounds": ROUNDS,
        "monks": MONKS, "komainu_coins": KOMAINU_COINS,
        "chapters": chapter_words(), "beat_ghost": BEAT_GHOST_WORDS,
    }

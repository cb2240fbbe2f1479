"""Samouraï & Katana (Pascal Bernard, Tilsit 1999): the map of Japan, the 55 cards and the
rulebook's numbers.

Every value says where it comes from: ``RULEBOOK`` is the French rulebook
(``shared/seeds/003_...``), ``DERIVED`` follows from it by arithmetic (the reason
is written beside it), ``CHOSEN`` is this project's design: the rulebook gives
neither the board nor the cards, so the whole map and every card are designed
here within the constraints the text puts on them (C1-C12 of the rules
inventory ``shared/rules/samourai-et-katana.md``, checked by
``tests/engine/test_samourai_map.py``).

This module is the one source of the map's geometry: the engine reads the
territories, provinces, links, terrain and cities from it, and the replay
renderer reads the same tables, served to the match page by ``board_tables``
(``x``, ``y`` are drawing positions in a ``DRAWING_FRAME`` of 900 x 660, north up).

The order of each table is the order of the engine's integer ids: never reorder
an entry, only append (an id is part of the action names, the replays and the
bots' observations).
"""
from collections import namedtuple

RULEBOOK = "rulebook"
DERIVED = "derived"
CHOSEN = "chosen"

MIN_PLAYERS, MAX_PLAYERS = 3, 6          # RULEBOOK: "un jeu pour 3 à 6 joueurs"

# --- set-up by player count (index: number of players) -------------------------------------
# RULEBOOK: "À 4 joueurs, on prend 20 samourais, à 5 joueurs 18 et à 6 joueurs 15";
# 3 players are not stated: 20, the 4-player number and every figure of the clan (ruling A3).
SAMURAI_ALLOWANCE = ({3: 20, 4: 20, 5: 18, 6: 15}, RULEBOOK)
# RULEBOOK: 1 major + 2 minors ("1 marqueur de ville majeure et 2 ..."), at 3-4 players 1 + 3.
MINORS_DRAWN = ({3: 3, 4: 3, 5: 2, 6: 2}, RULEBOOK)
MAJORS_DRAWN = (1, RULEBOOK)
# RULEBOOK: "chaque joueur reçoit 3 samourais supplémentaires", at 3-4 players 4.
EXTRA_SAMURAI = ({3: 4, 4: 4, 5: 3, 6: 3}, RULEBOOK)
CASTLES_PER_CLAN = (3, RULEBOOK)         # "18 figurines château (3 par joueur)"
START_KOKU = (5, RULEBOOK)               # "ainsi que 5 koku de trésor"
START_HAND = (5, RULEBOOK)               # "Chaque joueur reçoit 5 cartes au premier tour"
START_HONOR = (0, CHOSEN)                # not stated (ruling A4); the dishonour box is 0

# --- prices, taxes, cards per round ---------------------------------------------------------
SAMURAI_PRICE = (1, RULEBOOK)            # "1 koku le samouraï"
CASTLE_PRICE = (4, RULEBOOK)             # "4 koku le château"
KYOTO_CASTLE_PRICE = (6, RULEBOOK)       # "6 koku le château à Kyoto"
MOVE_PRICE = (1, RULEBOOK)               # "Cette action coûte 1 koku"
PLAIN_TAX, MOUNTAIN_TAX = (2, RULEBOOK), (1, RULEBOOK)   # "plaine rapporte 2 koku ... montagne 1"
HAND_REFILL = (5, RULEBOOK)              # "reconstituer sa main à 5 cartes"
# RULEBOOK: extra cards by city points (PC): none without a city, 1 from 1 to 5 PC, 2 from 6.
EXTRA_CARDS_SCALE = (((0, 0), (1, 1), (6, 2)), RULEBOOK)
# RULEBOOK (option Nouvelle donne politique): 0-2 PC none, 3-5 PC one, 6+ two.
NEW_EXTRA_CARDS_SCALE = (((0, 0), (3, 1), (6, 2)), RULEBOOK)
MAJOR_PC, MINOR_PC = (2, RULEBOOK), (1, RULEBOOK)
HONOR_PER_KOKU_SOLD = (2, RULEBOOK)      # "2 points d'honneur = 1 koku"

# --- battle ---------------------------------------------------------------------------------
COUNTED_SAMURAI = (4, RULEBOOK)          # "seulement 4 compteront"
ALLIANCE_MAX = (4, RULEBOOK)             # "avec un maximum de 4"
MOUNTAIN_DEFENCE = (1, RULEBOOK)         # "bonus supplémentaire de +1"
MAX_LOSSES = (4, RULEBOOK)               # "pas subir plus de 4 sabres de pertes"
BATTLE_DRAW = (2, RULEBOOK)              # "Chacun des joueurs reçoit 2 nouvelles cartes"
WINNING_DEFENDER_DRAW = (3, RULEBOOK)    # "sauf si le vainqueur est le défenseur ... 3"
BATTLE_HONOR = (1, RULEBOOK)             # "Le vainqueur de la bataille gagne 1 point d'honneur"
SHOGUN_DEFEAT_HONOR = (1, RULEBOOK)      # "Chaque fois que le Shogun perd une bataille, il perd 1"
EMPEROR_HONOR = (1, RULEBOOK)            # "1 point d'honneur par tour s'il reste Empereur"
KYOTO_HONOR = (1, RULEBOOK)              # "Kyoto ... rapporte 1 point d'honneur par tour"
ANY_TIME_MIN_HAND = (3, RULEBOOK)        # "ne possède plus que 2 cartes" cannot play any-time cards

# --- return after elimination ---------------------------------------------------------------
RETURN_SAMURAI = (5, RULEBOOK)           # "revient ... avec un soulèvement Ikko Ikki gratuit, 5 samourais"
RETURN_KOKU = (4, RULEBOOK)              # "et 4 koku"

# --- the end --------------------------------------------------------------------------------
TARGET = (25, RULEBOOK)                  # "Le joueur qui dépasse les 25 points d'honneur"
TARGETS = ((20, 25, 30, 35, 40), RULEBOOK)   # initiation 20; option Durée 30, 35, 40
# CHOSEN (ruling A15): a game with no winner after 40 rounds ends there, ranked by the
# rulebook's order.  The cap is for games nobody can win (random players sell their honour and
# almost never reach the target), not to decide games: in self-play of the built-in heuristic at 3
# to 6 players, with the defaults and with every option (110 to 1,760 games a table), 5-89% of
# games went past round 15, up to 9% past 25 and 2.7% past 30 (6 players, every option, the
# longest 34), none to 40.  And at most 60 moves in one activation turn, so that free moves between
# one's own castles cannot go on for ever.
MAX_ROUNDS = (40, CHOSEN)
MAX_MOVES_PER_TURN = (60, CHOSEN)
KOKU_PER_HONOR = (3, RULEBOOK)           # options Trésor du clan and Au pays des koku: 3 koku = 1

CLANS = (("oda", "Oda Nobunaga"), ("takeda", "Takeda Shingen"), ("uesugi", "Uesugi Kenshin"),
         ("toyotomi", "Toyotomi Hideyoshi"), ("date", "Date Masamune"),
         ("tokugawa", "Tokugawa Ieyasu"))     # RULEBOOK (biographies): cosmetic, no powers

# --- the map (all CHOSEN: the board is not in the text) -------------------------------------
PLAIN, MOUNTAIN = "plain", "mountain"
MAJOR, MINOR = "major", "minor"

Province = namedtuple("Province", "key name honor source")
Territory = namedtuple("Territory", "key name province terrain city city_kind x y")

# Provinces are the Gokishichidō circuits, Tōkaidō split into Tōkaidō and Kantō; Tōhoku is left
# out (a public description of the board stops a little north of Edo, C7).  Honour: Kinai 5
# (RULEBOOK, the province variant's example "Kinaï 5"), Tōkaidō 4 (DERIVED: the same example
# gives it 3 in the variant, which subtracts 1), the others CHOSEN by size, cities and exposure.
PROVINCES = (
    Province("kinai", "Kinai", 5, RULEBOOK),
    Province("tokaido", "Tōkaidō", 4, DERIVED),
    Province("kanto", "Kantō", 3, CHOSEN),
    Province("tosando", "Tōsandō", 3, CHOSEN),
    Province("hokurikudo", "Hokurikudō", 3, CHOSEN),
    Province("sanindo", "San'indō", 2, CHOSEN),
    Province("sanyodo", "San'yōdō", 4, CHOSEN),
    Province("nankaido", "Nankaidō", 3, CHOSEN),
    Province("saikaido", "Saikaidō", 4, CHOSEN),
)

# Territories are historical kuni, small ones merged.  Kyoto is a major city (RULEBOOK:
# "Kyoto, la capitale impériale" among the major cities); the other cities are period towns,
# 7 major and 12 minor in all (DERIVED, C1).  x, y: approximate centres of the kuni, projected
# as x = 80 * (longitude - 129.5), y = 90 * (38.5 - latitude); Settsu, Kawachi and Izumi, small
# kuni crowded round Osaka Bay, are spread by up to 12 units so that no two territories are drawn
# closer than 26 units (CHOSEN, for drawing: the engine never reads x, y).
TERRITORIES = (
    Territory("yamashiro", "Yamashiro", "kinai", PLAIN, "Kyoto", MAJOR, 501, 315),
    Territory("settsu", "Settsu", "kinai", PLAIN, "Osaka", MINOR, 468, 334),
    Territory("kawachi", "Kawachi", "kinai", PLAIN, None, None, 494, 346),
    Territory("izumi", "Izumi", "kinai", PLAIN, "Sakai", MINOR, 472, 372),
    Territory("yamato", "Yamato", "kinai", PLAIN, "Nara", MINOR, 508, 369),
    Territory("ise", "Ise", "tokaido", PLAIN, None, None, 552, 351),
    Territory("owari", "Owari", "tokaido", PLAIN, "Kiyosu", MINOR, 592, 297),
    Territory("mikawa", "Mikawa", "tokaido", PLAIN, None, None, 624, 324),
    Territory("totomi", "Tōtōmi", "tokaido", PLAIN, None, None, 664, 333),
    Territory("suruga", "Suruga", "tokaido", PLAIN, "Sunpu", MAJOR, 712, 306),
    Territory("kai", "Kai", "tokaido", MOUNTAIN, "Kōfu", MINOR, 728, 256),
    Territory("sagami", "Sagami", "kanto", PLAIN, "Odawara", MAJOR, 784, 279),
    Territory("musashi", "Musashi", "kanto", PLAIN, "Edo", MINOR, 800, 234),
    Territory("boso", "Bōsō", "kanto", PLAIN, None, None, 856, 270),
    Territory("kozuke", "Kōzuke", "kanto", MOUNTAIN, None, None, 776, 180),
    Territory("omi", "Ōmi", "tosando", PLAIN, None, None, 528, 297),
    Territory("mino", "Mino", "tosando", PLAIN, "Gifu", MAJOR, 584, 261),
    Territory("hida", "Hida", "tosando", MOUNTAIN, None, None, 616, 207),
    Territory("shinano", "Shinano", "tosando", MOUNTAIN, None, None, 688, 207),
    Territory("echizen", "Echizen", "hokurikudo", PLAIN, "Ichijōdani", MINOR, 536, 234),
    Territory("kaga", "Kaga", "hokurikudo", PLAIN, None, None, 568, 171),
    Territory("etchu", "Etchū", "hokurikudo", PLAIN, None, None, 616, 162),
    Territory("echigo", "Echigo", "hokurikudo", PLAIN, "Kasugayama", MAJOR, 752, 99),
    Territory("sado", "Sado", "hokurikudo", MOUNTAIN, None, None, 712, 45),
    Territory("tanba", "Tanba", "sanindo", MOUNTAIN, None, None, 464, 288),
    Territory("tajima", "Tajima", "sanindo", MOUNTAIN, None, None, 408, 279),
    Territory("izumo", "Izumo", "sanindo", PLAIN, "Gassan-Toda", MINOR, 280, 288),
    Territory("iwami", "Iwami", "sanindo", MOUNTAIN, None, None, 216, 333),
    Territory("harima", "Harima", "sanyodo", PLAIN, "Himeji", MINOR, 416, 324),
    Territory("bizen", "Bizen", "sanyodo", PLAIN, None, None, 344, 333),
    Territory("bingo", "Bingo", "sanyodo", MOUNTAIN, None, None, 288, 351),
    Territory("aki", "Aki", "sanyodo", PLAIN, None, None, 240, 360),
    Territory("suo", "Suō", "sanyodo", PLAIN, "Yamaguchi", MAJOR, 184, 396),
    Territory("nagato", "Nagato", "sanyodo", PLAIN, None, None, 128, 378),
    Territory("kii", "Kii", "nankaido", MOUNTAIN, None, None, 480, 405),
    Territory("awa", "Awa", "nankaido", PLAIN, None, None, 392, 405),
    Territory("sanuki", "Sanuki", "nankaido", PLAIN, None, None, 360, 383),
    Territory("iyo", "Iyo", "nankaido", MOUNTAIN, None, None, 264, 441),
    Territory("tosa", "Tosa", "nankaido", MOUNTAIN, "Okō", MINOR, 312, 459),
    Territory("chikuzen", "Chikuzen", "saikaido", PLAIN, "Hakata", MAJOR, 88, 450),
    Territory("buzen", "Buzen", "saikaido", PLAIN, None, None, 120, 432),
    Territory("bungo", "Bungo", "saikaido", PLAIN, "Funai", MINOR, 160, 486),
    Territory("hizen", "Hizen", "saikaido", PLAIN, None, None, 32, 477),
    Territory("higo", "Higo", "saikaido", MOUNTAIN, None, None, 104, 531),
    Territory("hyuga", "Hyūga", "saikaido", MOUNTAIN, None, None, 144, 567),
    Territory("satsuma", "Satsuma", "saikaido", PLAIN, "Kagoshima", MINOR, 80, 621),
)

# Land edges follow the borders of the merged kuni (CHOSEN).  Each pair once, by territory key.
LAND_LINKS = (
    ("yamashiro", "settsu"), ("yamashiro", "kawachi"), ("yamashiro", "yamato"), ("yamashiro", "ise"),
    ("yamashiro", "omi"), ("yamashiro", "tanba"),
    ("settsu", "kawachi"), ("settsu", "izumi"), ("settsu", "tanba"), ("settsu", "harima"),
    ("kawachi", "izumi"), ("kawachi", "yamato"), ("kawachi", "kii"),
    ("izumi", "kii"),
    ("yamato", "ise"), ("yamato", "kii"),
    ("ise", "owari"), ("ise", "omi"), ("ise", "mino"), ("ise", "kii"),
    ("owari", "mikawa"), ("owari", "mino"),
    ("mikawa", "totomi"), ("mikawa", "mino"), ("mikawa", "shinano"),
    ("totomi", "suruga"), ("totomi", "shinano"),
    ("suruga", "kai"), ("suruga", "sagami"),
    ("kai", "sagami"), ("kai", "musashi"), ("kai", "shinano"),
    ("sagami", "musashi"),
    ("musashi", "boso"), ("musashi", "kozuke"), ("musashi", "shinano"),
    ("boso", "kozuke"),
    ("kozuke", "shinano"), ("kozuke", "echigo"),
    ("omi", "mino"), ("omi", "echizen"),
    ("mino", "hida"), ("mino", "shinano"), ("mino", "echizen"),
    ("hida", "shinano"), ("hida", "echizen"), ("hida", "kaga"), ("hida", "etchu"),
    ("shinano", "etchu"), ("shinano", "echigo"),
    ("echizen", "kaga"), ("echizen", "tanba"),
    ("kaga", "etchu"),
    ("etchu", "echigo"),
    ("tanba", "tajima"), ("tanba", "harima"),
    ("tajima", "izumo"), ("tajima", "harima"), ("tajima", "bizen"),
    ("izumo", "iwami"), ("izumo", "bizen"), ("izumo", "bingo"),
    ("iwami", "bingo"), ("iwami", "aki"), ("iwami", "suo"), ("iwami", "nagato"),
    ("harima", "bizen"),
    ("bizen", "bingo"),
    ("bingo", "aki"),
    ("aki", "suo"),
    ("suo", "nagato"),
    ("awa", "sanuki"), ("awa", "iyo"), ("awa", "tosa"),
    ("sanuki", "iyo"),
    ("iyo", "tosa"),
    ("chikuzen", "buzen"), ("chikuzen", "bungo"), ("chikuzen", "hizen"), ("chikuzen", "higo"),
    ("buzen", "bungo"),
    ("bungo", "higo"), ("bungo", "hyuga"),
    ("higo", "hyuga"), ("higo", "satsuma"),
    ("hyuga", "satsuma"),
)

# Sea links, the board's blue lines: dense and "volontairement surestimées" (RULEBOOK, design
# note), with long hauls and hubs (Awa, Iyo) where the tips advise castles (CHOSEN).
SEA_LINKS = (
    # Inland Sea
    ("settsu", "awa"), ("izumi", "awa"), ("harima", "awa"), ("harima", "sanuki"), ("bizen", "sanuki"),
    ("bingo", "iyo"), ("aki", "iyo"), ("suo", "iyo"), ("suo", "bungo"), ("iyo", "bungo"),
    ("nagato", "buzen"), ("settsu", "suo"), ("izumi", "bungo"),
    # Pacific
    ("kii", "awa"), ("kii", "tosa"), ("tosa", "hyuga"), ("totomi", "kii"), ("ise", "mikawa"),
    ("ise", "suruga"), ("suruga", "boso"), ("sagami", "boso"),
    # around Kyūshū
    ("nagato", "chikuzen"), ("hizen", "satsuma"), ("hizen", "higo"),
    # Sea of Japan
    ("echigo", "sado"), ("kaga", "sado"), ("echizen", "tajima"), ("izumo", "nagato"),
    ("echizen", "izumo"),
)
MAP_SOURCE = CHOSEN
DRAWING_FRAME = ((900, 660), CHOSEN)    # width and height of the frame of the x, y positions
KYOTO = "yamashiro"                      # the territory of the city of Kyoto

# --- the 55 cards (all CHOSEN within C9-C10, except the names the rulebook gives) ----------
WARRIOR, SPECIAL, EVENT, ANY_TIME = "warrior", "special", "event", "any_time"

# effect codes read by the engine (one per power)
(FX_NONE, FX_FAN, FX_ALLIANCE, FX_AMBUSH, FX_UPRISING, FX_SECT, FX_HONOR, FX_AFFRONT, FX_KOKU,
 FX_NINJA, FX_JUSTICE, FX_TSUNAMI, FX_SCORCHED, FX_WAKO) = range(14)

# value: combat value (top left); sabres: losses dealt; fan: bonus when played as the special;
# cost: koku paid when the power is used; amount: the power's number (honour, koku, samurai).
Card = namedtuple("Card", "key name category copies value sabres fan cost effect amount source")

CARDS = (
    # Warriors: no power, numerous enough that a whole hand of them happens (option Échange).
    Card("ashigaru", "Ashigaru", WARRIOR, 6, 1, 1, 0, 0, FX_NONE, 0, CHOSEN),
    Card("samourai", "Samouraï", WARRIOR, 5, 2, 1, 0, 0, FX_NONE, 0, CHOSEN),
    Card("archers", "Archers (yumi)", WARRIOR, 4, 2, 2, 0, 0, FX_NONE, 0, CHOSEN),
    Card("cavaliers", "Cavaliers (kiba)", WARRIOR, 4, 3, 1, 0, 0, FX_NONE, 0, CHOSEN),
    Card("arquebusiers", "Arquebusiers (teppō)", WARRIOR, 3, 3, 2, 0, 0, FX_NONE, 0, CHOSEN),
    Card("hatamoto", "Hatamoto", WARRIOR, 2, 4, 1, 0, 0, FX_NONE, 0, CHOSEN),
    # Blue specials: powers only in battles (RULEBOOK: "fond bleu ... uniquement ... batailles").
    Card("gunbai", "Gunbai", SPECIAL, 2, 3, 0, 3, 0, FX_FAN, 0, CHOSEN),
    Card("nobori", "Nobori", SPECIAL, 3, 2, 0, 2, 0, FX_FAN, 0, CHOSEN),
    # RULEBOOK names it: land-adjacent samurai, at most 4, added to yours (ruling A42: your own).
    Card("alliance", "Alliance", SPECIAL, 2, 2, 0, 0, 0, FX_ALLIANCE, 4, RULEBOOK),
    Card("ronin", "Rōnin", SPECIAL, 2, 2, 1, 1, 0, FX_FAN, 0, CHOSEN),
    Card("embuscade", "Embuscade", SPECIAL, 1, 3, 0, 0, 0, FX_AMBUSH, 0, CHOSEN),
    # Events, played in one's own activation turn.
    # RULEBOOK names Ikko Ikki and the sects, not their effects (ruling A45).
    Card("ikko_ikki", "Soulèvement Ikko Ikki", EVENT, 2, 5, 0, 0, 2, FX_UPRISING, 0, RULEBOOK),
    Card("hokke", "Secte Hokke", EVENT, 1, 4, 0, 0, 1, FX_SECT, 2, RULEBOOK),
    Card("nichiren", "Secte Nichiren", EVENT, 1, 4, 0, 0, 1, FX_SECT, 2, RULEBOOK),
    # RULEBOOK names the culture cards Cérémonie du Thé and Théâtre Nô.
    Card("ceremonie_du_the", "Cérémonie du thé", EVENT, 2, 5, 0, 0, 2, FX_HONOR, 2, RULEBOOK),
    Card("theatre_no", "Théâtre nō", EVENT, 2, 3, 0, 0, 0, FX_HONOR, 1, RULEBOOK),
    # RULEBOOK names affront and complot: honour lost by the target, possibly oneself.
    Card("affront", "Affront", EVENT, 2, 2, 0, 0, 0, FX_AFFRONT, 1, RULEBOOK),
    Card("complot", "Complot", EVENT, 1, 3, 0, 0, 1, FX_AFFRONT, 2, RULEBOOK),
    Card("commerce_nanban", "Commerce nanban", EVENT, 2, 3, 0, 0, 0, FX_KOKU, 3, CHOSEN),
    # Any-time cards (RULEBOOK names all of these but Wako's effect).  Terre brûlée is played on an
    # attack on its holder: the move is cancelled and refunded, the territory barred to the attacker
    # for the rest of his turn (RULEBOOK: "le déplacement est annulé et le joueur récupère son koku").
    Card("ninja", "Ninja", ANY_TIME, 2, 5, 0, 0, 0, FX_NINJA, 1, RULEBOOK),
    Card("justice_shogunale", "Justice shogunale", ANY_TIME, 2, 5, 0, 0, 0, FX_JUSTICE, 0, RULEBOOK),
    Card("tsunami", "Tsunami", ANY_TIME, 2, 4, 0, 0, 0, FX_TSUNAMI, 0, RULEBOOK),
    Card("terre_brulee", "Terre brûlée", ANY_TIME, 1, 4, 0, 0, 0, FX_SCORCHED, 0, RULEBOOK),
    Card("wako", "Pirates wako", ANY_TIME, 1, 3, 0, 0, 0, FX_WAKO, 3, CHOSEN),
)
DECK_SIZE = (55, RULEBOOK)               # "55 cartes"


# --- derived tables -------------------------------------------------------------------------
TERRITORY_KEYS = tuple(t.key for t in TERRITORIES)
PROVINCE_KEYS = tuple(p.key for p in PROVINCES)
CARD_KEYS = tuple(c.key for c in CARDS)


def territory_index(key):
    return TERRITORY_KEYS.index(key)


def card_index(key):
    return CARD_KEYS.index(key)


def neighbours(key, sea=None):
    """Keys of the territories linked to ``key``: by land and sea (``sea`` None), by sea only
    (True) or by land only (False)."""
    links = (LAND_LINKS if sea is False else SEA_LINKS if sea else LAND_LINKS + SEA_LINKS)
    return tuple(b if a == key else a for a, b in links if key in (a, b))


def city_points(territory):
    """PC of a territory's city: 2 for a major city, 1 for a minor one, 0 without a city."""
    if territory.city_kind == MAJOR:
        return MAJOR_PC[0]
    return MINOR_PC[0] if territory.city_kind == MINOR else 0


def extra_cards(pc, scale=EXTRA_CARDS_SCALE[0]):
    """Cards drawn beyond the refill to 5 for ``pc`` city points."""
    extra = 0
    for threshold, cards in scale:
        if pc >= threshold:
            extra = cards
    return extra


def deck():
    """The 55 cards as kind indices, in table order (shuffled by the engine)."""
    return [k for k, card in enumerate(CARDS) for _ in range(card.copies)]


def board_tables():
    """The map's geometry, the clans and the cards as JSON tables, for the replay renderer
    (``GameSpec.replay_board``): the same tuples the engine reads, so that the page draws this
    module's map and no copy of it."""
    width, height = DRAWING_FRAME[0]
    return {
        "frame": {"width": width, "height": height},
        "provinces": [{"key": p.key, "name": p.name, "honor": p.honor} for p in PROVINCES],
        "territories": [{"key": t.key, "name": t.name, "province": t.province, "terrain": t.terrain,
                         "city": t.city, "city_kind": t.city_kind, "city_points": city_points(t),
                         "x": t.x, "y": t.y} for t in TERRITORIES],
        "land_links": [list(link) for link in LAND_LINKS],
        "sea_links": [list(link) for link in SEA_LINKS],
        "kyoto": KYOTO,
        "clans": [{"key": key, "daimyo": daimyo} for key, daimyo in CLANS],
        "cards": [{"key": c.key, "name": c.name, "category": c.category, "value": c.value,
                   "sabres": c.sabres, "fan": c.fan} for c in CARDS],
    }

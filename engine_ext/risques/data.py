"""Risques (the conflict rules of Sang & Honneur): the rulebook's numbers and the roster.

Every value says where it comes from: ``RULEBOOK`` is the French text
(``shared/seeds/004_...``), ``CHOSEN`` a decision of this project, written next
to it.  The order of each table is the order of the engine's integer ids:
never reorder an entry, only append.
"""
from collections import namedtuple

RULEBOOK = "rulebook"
CHOSEN = "chosen"

# (value, source) pairs: the engine reads value[0].
MIN_PLAYERS, MAX_PLAYERS = 2, 7            # CHOSEN: a duel, up to a 7-samurai Massacre
THRESHOLD = (10, RULEBOOK)               # 10+ on the rolled dice: the Privilege / keeping wagers
DIE_FACES = (6, RULEBOOK)                # every die rolled is a d6 (_core rolls 1 + below(6))
WAGERS_PER_GLORY = (2, RULEBOOK)         # 2 wagers = 1 glory point
HONOR_DICE = (4, RULEBOOK)               # 1 honor point spent = +4 dice
HANDICAP_DICE = (2, RULEBOOK)            # each known handicap of the opponent invoked = +2 dice
CLAN_DICE = (2, RULEBOOK)
NAME_DICE = (1, RULEBOOK)
ASPECT_DICE = (3, RULEBOOK)              # one aspect only
FRAPPE_BONUS = (2, RULEBOOK)             # the striker's advantage, also the Frappe winner's in a Massacre
KATANA_WOUND = (6, RULEBOOK)             # a katana hit kills
DEATH_RANK = (6, RULEBOOK)
SAVED_RANK = (5, RULEBOOK)               # 1 honor turns a death into a rank-5 wound
SEPPUKU_HONOR = (4, RULEBOOK)            # +1 per wager kept
POINTS_PER_RANK = (10, RULEBOOK)         # glory: 10 points = 1 reputation rank

# Wound healing (rulebook: 1-2 heal 1 rank a day, 3-4 a season, 5 a year).  CHOSEN: scenes
# are one season apart, so between two scenes a rank 1-2 wound heals entirely, a rank 3 or 4
# wound drops one rank (and then waits for the next season), a rank 5 wound does not change
# (it needs a year: four scenes, longer than a match of at most 4 scenes).
HEALED_RANK = ((0, 0, 0, 2, 3, 5), CHOSEN)   # index: rank before, value: rank after a season

START_HONOR = (3, CHOSEN)                # personal pool per samurai; the shared pool starts at 3 x players
SCENE_HONOR = (1, RULEBOOK)              # "prendre un Risque qui met votre samouraï en danger mais lui
                                         # permet d'accomplir une obligation": +1 per fighter per scene
SURPRISE_HONOR_COST = (1, CHOSEN)        # a total surprise is "un acte scandaleux": -1 honor
SURVIVAL_POINTS = (10, CHOSEN)           # alive and able to fight at the end, or a dignified seppuku
MAX_WAGER = (24, CHOSEN)                 # actions WAGER_0..WAGER_24; pools beyond 24 dice still roll
MAX_WOUND_WAGERS = (5, RULEBOOK)         # rank 1 + 5 wagers = rank 6, the most a wound can be
DECLARE_ROUNDS = (3, CHOSEN)             # Frappe stand-off: in the 3rd round somebody must strike
MASSACRE_ROUNDS = (3, CHOSEN)            # a Massacre scene lasts at most 3 rounds
VASSALS = (2, CHOSEN)                    # a General has 2 ashigaru, a Yojimbo 2 guards
VASSAL_RANK = (1, CHOSEN)                # each can take one wound for his commander

VIRTUES = ("beaute", "courage", "ruse", "valeur", "force", "sagesse")
# CHOSEN: the six virtues of every samurai take the ranks 4, 3, 3, 2, 2, 1 (the excerpt gives
# no creation rules; one spread for everybody keeps the draw fair).
VIRTUE_SPREAD = (4, 3, 3, 2, 2, 1)

KATANA, OTHER = "katana", "other"
GENERAL, YOJIMBO, SAMURAI = "general", "yojimbo", "samurai"

# A source "applies" (rulebook: "seulement s'ils correspondent") in the character's fights
# when its flag is True.  Reputations: (name, glory points, martial); the martial one with the
# highest rank is the one reputation invoked in a fight.  Every roster samurai has one known
# handicap, invoked by any opponent for +2 dice.  CHOSEN: every samurai's fighting pool
# (Valeur + applying sources + weapon) is 14 dice, a commander's 12 (his vassals make up for it).
Character = namedtuple(
    "Character",
    "key name clan role virtues giri giri_rank giri_fights clan_fights name_fights "
    "aspect aspect_fights reputations equipment equipment_rank weapon handicap")

CHARACTERS = (
    Character("toshiro", "Akodo Toshiro", "Lion", GENERAL, (2, 3, 2, 4, 3, 1),
              "Mener l'armée du daimyo", 2, True, True, True, "Stratège né", False,
              (("Vainqueur de la passe de Beiden", 20, True),), "Katana des Akodo", 1, KATANA,
              "Méprise les courtisans"),
    Character("kenji", "Kakita Kenji", "Grue", SAMURAI, (3, 2, 1, 4, 2, 3),
              "Défendre le nom de sa famille", 1, True, True, True, "La lame la plus rapide", True,
              (("Duelliste invaincu", 20, True),), "Katana Kakita", 1, KATANA, "Orgueilleux"),
    Character("goro", "Hida Goro", "Crabe", YOJIMBO, (1, 4, 2, 3, 3, 2),
              "Protéger le daimyo", 2, True, True, False, "Inébranlable", True,
              (), "Tetsubo", 2, OTHER, "Lent"),
    Character("aiko", "Bayushi Aiko", "Scorpion", SAMURAI, (3, 2, 4, 3, 1, 2),
              "Garder les secrets du clan", 2, True, True, True, "Lame dans l'ombre", True,
              (("Murmure mortel", 10, True),), "Wakizashi empoisonné", 2, OTHER, "Fille d'un traître"),
    Character("hiroshi", "Shiba Hiroshi", "Phénix", SAMURAI, (2, 3, 3, 2, 1, 4),
              "Servir les shugenja du clan", 3, True, True, True, "Calme du vent", True,
              (("Gardien du temple", 10, True),), "Naginata", 2, OTHER, "Pacifiste"),
    Character("yuki", "Matsu Yuki", "Lion", SAMURAI, (1, 3, 2, 4, 3, 2),
              "Venger son frère", 1, True, True, True, "Rage des Matsu", True,
              (("Furie de la lande", 20, True),), "Katana", 1, KATANA, "Impulsive"),
    Character("daigo", "Mirumoto Daigo", "Dragon", SAMURAI, (2, 3, 2, 4, 3, 1),
              "Suivre la voie des deux sabres", 2, True, True, True, "Deux sabres", True,
              (("Ermite des montagnes", 10, True),), "Katana", 1, KATANA, "Borgne"),
    Character("sorano", "Ide Sorano", "Licorne", SAMURAI, (4, 2, 3, 3, 2, 1),
              "Escorter les caravanes", 2, True, True, True, "Cavalier des steppes", True,
              (("Archer des steppes", 10, True),), "Yumi", 2, OTHER, "Étranger aux coutumes"),
)


def components():
    """What the dice and the samurai's sheets show that the views do not, as JSON, for the renderers
    that draw the table: the dice rolled and the score that wins, each samurai's equipment and
    known handicap."""
    return {
        "dice": {"faces": DIE_FACES[0], "threshold": THRESHOLD[0]},
        "samurai": {c.key: {"equipment": c.equipment, "handicap": c.handicap} for c in CHARACTERS},
    }


def character_index(key):
    return [c.key for c in CHARACTERS].index(key)


def static_pool(c):
    """The dice a character brings to every fight before options: Valeur and the sources that apply."""
    pool = c.virtues[VIRTUES.index("valeur")] + c.equipment_rank
    pool += c.giri_rank if c.giri_fights else 0
    pool += CLAN_DICE[0] if c.clan_fights else 0
    pool += NAME_DICE[0] if c.name_fights else 0
    pool += ASPECT_DICE[0] if c.aspect_fights else 0
    return pool


def max_reputations(c):
    """Rulebook: at most 1 + giri rank reputations."""
    return 1 + c.giri_rank


def auto_mode(n_players):
    """CHOSEN: what ``mode=auto`` means: the Duel for two samurai, the Massacre for more."""
    return "duel" if n_players == 2 else "massacre"

"""Katana (Samurai Sword): cards, characters, roles and the rulebook's tables.

Every value says where it comes from: ``RULEBOOK`` is the French rulebook
(``shared/seeds/000_...``), ``CARD_LIST`` the public card lists summarised in
``shared/facts/katana-cards.md`` (the rulebook names the cards but not their
copies or numbers), ``CHOSEN`` a decision of this project, written next to it.

The order of each table is the order of the engine's integer ids: never reorder
an entry, only append (an id is part of the action names, the replays and the
bots' observations).
"""
from collections import namedtuple

RULEBOOK = "rulebook"
CARD_LIST = "card list (shared/facts/katana-cards.md)"
CHOSEN = "chosen"

WEAPON, PERMANENT, ACTION = "weapon", "permanent", "action"

MIN_PLAYERS, MAX_PLAYERS = 3, 7  # RULEBOOK: "de 3 à 7 joueurs"

Card = namedtuple("Card", "key name_fr kind range damage copies source")
Character = namedtuple("Character", "key name resilience ability source")
Role = namedtuple("Role", "key name_fr team stars source")

CARDS = (
    # Weapons: range is the highest difficulty the weapon reaches, damage the wounds it deals.
    Card("bokken", "Bokken", WEAPON, 1, 1, 6, CARD_LIST),
    Card("kiseru", "Kiseru", WEAPON, 1, 2, 5, CARD_LIST),
    Card("wakizashi", "Wakizashi", WEAPON, 1, 3, 1, CARD_LIST),
    Card("bo", "Bo", WEAPON, 2, 1, 5, CARD_LIST),
    Card("kusarigama", "Kusarigama", WEAPON, 2, 2, 4, CARD_LIST),
    Card("katana", "Katana", WEAPON, 2, 3, 1, CARD_LIST),
    Card("shuriken", "Shuriken", WEAPON, 3, 1, 3, CARD_LIST),
    Card("kanabo", "Kanabo", WEAPON, 3, 2, 1, CARD_LIST),
    Card("nodachi", "Nodachi", WEAPON, 3, 3, 1, CARD_LIST),
    Card("naginata", "Naginata", WEAPON, 4, 1, 2, CARD_LIST),
    Card("nagayari", "Nagayari", WEAPON, 4, 2, 1, CARD_LIST),
    Card("tanegashima", "Tanegashima", WEAPON, 5, 1, 1, CARD_LIST),
    Card("daikyu", "Daikyu", WEAPON, 5, 2, 1, CARD_LIST),
    # Permanents stay in play in front of a player.
    Card("concentration", "Concentration", PERMANENT, 0, 0, 6, CARD_LIST),
    Card("armure", "Armure", PERMANENT, 0, 0, 4, CARD_LIST),
    Card("attaque_rapide", "Attaque rapide", PERMANENT, 0, 0, 3, CARD_LIST),
    Card("code_du_bushido", "Code du bushido", PERMANENT, 0, 0, 2, CARD_LIST),
    # Actions take effect and are discarded.
    Card("parade", "Parade", ACTION, 0, 0, 15, CARD_LIST),
    Card("geisha", "Geisha", ACTION, 0, 0, 6, CARD_LIST),
    Card("diversion", "Diversion", ACTION, 0, 0, 5, CARD_LIST),
    Card("cri_de_guerre", "Cri de guerre", ACTION, 0, 0, 4, CARD_LIST),
    Card("ceremonie_du_the", "Cérémonie du thé", ACTION, 0, 0, 4, CARD_LIST),
    Card("meditation", "Méditation", ACTION, 0, 0, 3, CARD_LIST),
    Card("ju_jitsu", "Ju Jitsu", ACTION, 0, 0, 3, CARD_LIST),
    Card("daimyo", "Daimyo", ACTION, 0, 0, 3, CARD_LIST),
)

CHARACTERS = (
    Character("benkei", "Benkei", 5, "other players attack you at +1 difficulty", RULEBOOK),
    Character("chiyome", "Chiyome", 4, "only weapons make you lose resilience", RULEBOOK),
    Character("ginchiyo", "Ginchiyo", 4, "weapons deal you 1 less damage (minimum 1)", RULEBOOK),
    Character("goemon", "Goemon", 5, "you may play 1 more weapon per turn", RULEBOOK),
    Character("hanzo", "Hanzō", 4, "your weapons parry, unless it is your last card (also against Cri de guerre)", RULEBOOK),
    Character("hideyoshi", "Hideyoshi", 4, "draw 1 more card in your draw phase", RULEBOOK),
    Character("ieyasu", "Ieyasu", 5, "your first draw may be the top card of the discard pile", RULEBOOK),
    Character("kojiro", "Kojirō", 5, "your weapons reach any player whatever the difficulty", RULEBOOK),
    Character("musashi", "Musashi", 5, "your weapons deal 1 more damage", RULEBOOK),
    Character("nobunaga", "Nobunaga", 5, "in your turn, lose 1 resilience (not your last) to draw 1 card", RULEBOOK),
    Character("tomoe", "Tomoe", 5, "draw 1 card each time one of your weapons wounds a player", RULEBOOK),
    Character("ushiwaka", "Ushiwaka", 4, "draw 1 card for each resilience a weapon makes you lose", RULEBOOK),
)

SHOGUN_TEAM, NINJA_TEAM, RONIN_TEAM = "shogun", "ninja", "ronin"
TEAMS = (SHOGUN_TEAM, NINJA_TEAM, RONIN_TEAM)

ROLES = (
    Role("shogun", "Shogun", SHOGUN_TEAM, 0, RULEBOOK),
    Role("samurai", "Samouraï", SHOGUN_TEAM, 0, RULEBOOK),
    Role("ninja", "Ninja", NINJA_TEAM, 0, RULEBOOK),
    Role("ronin", "Ronin", RONIN_TEAM, 0, RULEBOOK),
)
# The three ninja cards carry 1, 2 and 3 stars; only the 4-player scoring reads them.
NINJA_STARS = ((1, 2, 3), CARD_LIST)

# Role cards dealt per player count (shogun, samurai, ninja, ronin).  With 4
# players all three ninja cards are shuffled and one is removed unseen, so the
# stars of the two that remain are random.
ROLE_COUNTS = ({
    3: (1, 0, 2, 0),
    4: (1, 1, 2, 0),
    5: (1, 1, 2, 1),
    6: (1, 1, 3, 1),
    7: (1, 2, 3, 1),
}, RULEBOOK)

# Starting honour: (shogun, everybody else).
STARTING_HONOR = ({3: (6, 3), 4: (5, 3), 5: (5, 3), 6: (5, 4), 7: (5, 4)}, RULEBOOK)

# Starting hand by position counted clockwise from the shogun (position 0).
STARTING_HAND = ((4, 5, 5, 6, 6, 7, 7), RULEBOOK)

# End-of-game multiplier of each role's honour, by player count.  The 4-player
# ninja entry is for the ninja with fewer stars; the one with the most stars
# doubles (NINJA_MOST_STARS_MULTIPLIER_4P).
SCORE_MULTIPLIER = ({
    #   shogun samurai ninja ronin
    3: (2, 0, 1, 0),
    4: (1, 2, 1, 0),
    5: (1, 1, 1, 2),
    6: (1, 2, 1, 3),
    7: (1, 1, 1, 3),
}, RULEBOOK)
NINJA_MOST_STARS_MULTIPLIER_4P = (2, RULEBOOK)

# Tie between team scores: the higher priority wins (ninjas beat anyone on a
# tie, the shogun's team beats the ronin).
TIE_PRIORITY = ({NINJA_TEAM: 2, SHOGUN_TEAM: 1, RONIN_TEAM: 0}, RULEBOOK)

DRAWS_PER_TURN = (2, RULEBOOK)
HAND_LIMIT = (7, RULEBOOK)
LOST_BLADE_PENALTY = (3, RULEBOOK)
DAIMYO_POINTS = (1, RULEBOOK)


def card_index(key):
    return next(i for i, card in enumerate(CARDS) if card.key == key)


def character_index(key):
    return next(i for i, character in enumerate(CHARACTERS) if character.key == key)


def role_index(key):
    return next(i for i, role in enumerate(ROLES) if role.key == key)


def components():
    """What the cards, characters and roles show, as JSON, for the renderers that draw the table:
    the views name them by key only."""
    return {
        "cards": {c.key: {"name": c.name_fr, "kind": c.kind, "range": c.range, "damage": c.damage}
                  for c in CARDS},
        "characters": {c.key: {"name": c.name, "resilience": c.resilience, "ability": c.ability}
                       for c in CHARACTERS},
        "roles": {r.key: {"name": r.name_fr, "team": r.team} for r in ROLES},
    }


def check():
    """The tables agree with the totals the rulebook states (32 weapons, 15 permanents, 43 actions)."""
    totals = {kind: sum(c.copies for c in CARDS if c.kind == kind) for kind in (WEAPON, PERMANENT, ACTION)}
    assert totals == {WEAPON: 32, PERMANENT: 15, ACTION: 43}, totals
    assert len(CHARACTERS) == 12
    for n, counts in ROLE_COUNTS[0].items():
        assert sum(counts) == n, (n, counts)

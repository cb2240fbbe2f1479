"""Katana's flat observation: the one declaration of its layout (see ``engine_ext.flat``).

Read from the observation a bot receives; the bot reference lists it field by field.  Events
are left out: the vector describes the table as it is now.
"""
from ..flat import FlatLayout, PerSeat, counts, flag, number, one_hot, seat, seats
from . import data
from .actions import PERMANENTS

MAX = data.MAX_PLAYERS
CARDS = [c.key for c in data.CARDS]
PHASES = ("bushido_choice", "draw_choice", "play_cards", "choose_target", "geisha_choice", "parry_choice",
          "battlecry", "jujitsu", "discard_down", "game_over")
ROLES = [r.key for r in data.ROLES]
MOST_COPIES = max(c.copies for c in data.CARDS)
DECK = sum(c.copies for c in data.CARDS)


def _pending(key):
    return lambda o: (o["pending"] or {}).get(key)


LAYOUT = FlatLayout(
    "katana", MAX,
    number("players", lambda o: o["players"], MAX, "seats in this game"),
    one_hot("phase", PHASES, lambda o: o["phase"], "what is being decided"),
    seat("turn", lambda o: o["turn"], "whose turn it is", MAX),
    seats("to_act", lambda o: o["to_act"], "the seats that must decide now", MAX),
    number("turn_number", lambda o: o["turn_number"], 1000, "turns started so far"),
    seat("shogun", lambda o: o["shogun"], "the shogun's seat", MAX),
    seat("bushido_holder", lambda o: o["bushido_holder"], "who holds the Code du bushido", MAX),
    number("draw_pile", lambda o: o["draw_pile"], DECK, "cards left in the draw pile"),
    counts("discard_pile", CARDS, lambda o: o["discard_pile"], MOST_COPIES, "cards in the discard pile"),
    number("weapons_played", lambda o: o["weapons_played"], 10, "weapons played this turn"),
    number("weapon_limit", lambda o: o["weapon_limit"], 10, "weapons the player in turn may play"),
    one_hot("pending.card", CARDS, _pending("card"), "the card being resolved"),
    seat("pending.by", lambda o: (o["pending"] or {}).get("by", (o["pending"] or {}).get("attacker")),
         "who plays the card being resolved (the attacker of a parry)", MAX),
    seat("pending.target", _pending("target"), "the target of the card being resolved", MAX),
    number("pending.damage", _pending("damage"), 10, "the damage a parry would avoid"),
    number("pending.draws", _pending("draws"), 5, "draws left (Ieyasu's choice)"),
    one_hot("you.role", ROLES, lambda o: o["you"]["role"], "your role"),
    number("you.stars", lambda o: o["you"]["stars"], 3, "your ninja card's stars (0 if not a ninja)"),
    counts("you.hand", CARDS, lambda o: o["you"]["hand"], MOST_COPIES, "the cards in your hand"),
    PerSeat("seats", lambda o: o["seats"], (
        one_hot("character", [c.key for c in data.CHARACTERS], lambda e: e["character"], "its character"),
        number("resilience", lambda e: e["resilience"], 5, "resilience left"),
        number("max_resilience", lambda e: e["max_resilience"], 5, "its character's resilience"),
        number("honor", lambda e: e["honor"], 40, "honour points", low=-10),
        number("hand_size", lambda e: e["hand_size"], 40, "cards in hand"),
        counts("permanents", [c.key for c in PERMANENTS], lambda e: e["permanents"], MOST_COPIES,
               "permanents in play in front of it"),
        flag("harmless", lambda e: e["harmless"], "no resilience or no cards"),
        one_hot("role", ROLES, lambda e: e["role"], "its role, zeros where unknown to you"),
    ), "every seat, yours first, then in seat order", MAX),
    reader="engine_ext.katana._flat",
)

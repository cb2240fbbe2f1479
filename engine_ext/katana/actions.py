"""Katana's actions: the one declaration of their integer ids and names (see ``engine_ext.spec``).

A turn is a sequence of these: play a card, then name its target; a parry is asked of the
target out of turn; the Code du bushido, Geisha and discards are choices of their own.
"""
from ..spec import ActionTable
from . import data

WEAPONS = tuple(c for c in data.CARDS if c.kind == data.WEAPON)
PERMANENTS = tuple(c for c in data.CARDS if c.kind == data.PERMANENT)

ACTIONS = ActionTable(
    ("END_TURN",),
    ("PLAY", [c.key for c in data.CARDS]),
    ("TARGET_SEAT", range(data.MAX_PLAYERS)),
    ("PARRY",),                                   # play a Parade
    ("TAKE_DAMAGE",),
    ("PARRY_WITH", [c.key for c in WEAPONS]),     # Hanzō parries with a weapon
    ("DISCARD", [c.key for c in data.CARDS]),
    ("BUSHIDO_PAY_HONOR",),
    ("DRAW_FROM_DISCARD",),                       # Ieyasu
    ("DRAW_FROM_PILE",),
    ("NOBUNAGA_DRAW",),
    ("GEISHA_HAND",),
    ("GEISHA", [c.key for c in PERMANENTS]),
)
ACTION_NAMES = ACTIONS.names

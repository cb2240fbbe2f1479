"""Shōgun no Katana's actions: the one declaration of their integer ids and names.

A turn is a sequence of these small decisions by one seat: a placement (``WORKER_MARKET``,
``MONK_ROW_2``...), then what the action asks (``PURCHASE_ACIER`` repeated, ``MARKET_CARD_1``;
``MOVE_R2C1``, ``SWAP_R2C2``; ``ADVANCE_BOIS`` then ``DECORATE_R1C3_LAQUE``; ``HALL_3``...), then
``DONE``.  Free decisions (``DELIVER_<cell>``, ``KATANA``, ``PLAY_<card>``, ``BUY_<card>`` followed
by ``LINE_<line>``, ``DISCARD_<card>``) are offered in the windows the rules module lists.
Cells are ``R<row>C<column>``: row 1 is the Laque row at the top, column 1 the entry column.
"""
from ..spec import ActionTable
from . import data

SPACES = [f"SPACE_{i + 1}" for i in range(len(data.SWORD_SPACES))]
PLACES = SPACES + ["MARKET", "ACADEMY", "PALACE", "KOMAINU"] + \
    [f"ROW_{r + 1}" for r in range(data.FORGE_ROWS)] + [f"COL_{c + 1}" for c in range(data.FORGE_COLS)]
CELLS = [f"R{r + 1}C{c + 1}" for r in range(data.FORGE_ROWS) for c in range(data.FORGE_COLS)]
SWAP_CELLS = CELLS[:(data.FORGE_ROWS - 1) * data.FORGE_COLS]     # the upper sword of a vertical pair
LINES = [f"ROW_{r + 1}" for r in range(data.FORGE_ROWS)] + [f"COL_{c + 1}" for c in range(data.FORGE_COLS)]
RESOURCE_NAMES = [r.upper() for r in data.RESOURCES]
CARD_KEYS = [c.key for c in data.CARDS]
HALL_SLOTS = range(1, data.HALLS_IN_PLAY + 1)
REORGANIZATIONS = [f"{a}_{b}" for a in HALL_SLOTS for b in HALL_SLOTS if a != b]
KOMAINU_EFFECTS = ("FORGE", "MARKET", "ACADEMY", "PALACE", "HOUSE")

ACTIONS = ActionTable(
    ("PASS",),
    ("DONE",),
    ("WORKER", PLACES),
    ("MONK", PLACES),
    ("DELIVER", CELLS),
    ("KATANA",),
    ("PLAY", CARD_KEYS),
    ("BUY", CARD_KEYS),
    ("DISCARD", CARD_KEYS),
    ("LINE", LINES),
    ("MOVE", CELLS),
    ("SWAP", SWAP_CELLS),
    ("COLLECT_ROW",),
    ("COLLECT_COLUMN",),
    ("PURCHASE", RESOURCE_NAMES),
    ("ADVANCE", RESOURCE_NAMES),
    ("DECORATE", [f"{cell}_{r}" for cell in CELLS for r in RESOURCE_NAMES]),
    ("SASHIMONO", [h.upper() for h in data.HOUSES]),
    ("PROJECT", RESOURCE_NAMES),
    ("RECOVER", RESOURCE_NAMES),
    ("DROP", RESOURCE_NAMES),
    ("COMPOSE", RESOURCE_NAMES),
    ("HALL", HALL_SLOTS),
    ("REORGANIZE", REORGANIZATIONS),
    ("MARKET_CARD", range(1, data.MARKET_DISPLAY + 1)),
    ("HONOUR", range(1, data.MAX_PLAYERS + 1)),
    ("KOMAINU_EFFECT", KOMAINU_EFFECTS),
    ("DRAFT", range(1, data.MAX_PLAYERS + 1)),
)
ACTION_NAMES = ACTIONS.names

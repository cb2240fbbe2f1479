"""Risques' actions: the one declaration of their integer ids and names (see ``engine_ext.spec``).

A risk is a sequence of these: gather the pool (spend honor, invoke wounds, done), declare or
target in secret, wager in secret, roll, spend kept wagers on the wound, then the answers a hit
asks for (save, absorb with a vassal, protect) and the ends of scenes (continue, seppuku).
"""
from ..spec import ActionTable
from . import data

# The participants of a scene: the seats' samurai, then the General's ashigaru and the
# Yojimbo's guards (the vassals, acting for their commander's seat).
PARTICIPANTS = tuple(["seat_%d" % s for s in range(data.MAX_PLAYERS)]
                     + ["ashigaru_1", "ashigaru_2", "guard_1", "guard_2"])
FIRST_VASSAL = data.MAX_PLAYERS

ACTIONS = ActionTable(
    ("POOL_DONE",),
    ("SPEND_HONOR",),
    ("INVOKE_WOUND_RANK", range(1, 6)),
    ("CALM",), ("GARDE",), ("FRAPPE",), ("SURPRISE",),
    ("TARGET", PARTICIPANTS),
    ("WAGER", range(data.MAX_WAGER[0] + 1)),
    ("ROLL",),
    ("WOUND_WAGERS", range(data.MAX_WOUND_WAGERS[0] + 1)),
    ("DUEL_DRAW",), ("SAVE",), ("ACCEPT_DEATH",), ("ABSORB",), ("NO_ABSORB",), ("PROTECT",),
    ("NO_PROTECT",), ("CONTINUE",), ("STOP",), ("SEPPUKU",), ("NO_SEPPUKU",),
)
ACTION_NAMES = ACTIONS.names

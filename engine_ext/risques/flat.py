"""Risques' flat observation: the one declaration of its layout (see ``engine_ext.flat``).

Read from the observation a bot receives; the bot reference lists it field by field.  A
participant (a seat's samurai or one of the four vassals) is referred to by a one-hot over
the seats in relative order followed by the four vassals (``PARTICIPANT_ROWS`` numbers).
Events are left out: the vector describes the scene as it is now.
"""
from ..flat import Field, FlatLayout, PerSeat, Rows, counts, flag, number, one_hot, seats, values
from . import data
from .actions import FIRST_VASSAL, PARTICIPANTS

MAX = data.MAX_PLAYERS
VASSALS = PARTICIPANTS[FIRST_VASSAL:]
PARTICIPANT_ROWS = MAX + len(VASSALS)
PHASES = ("pool", "declare", "target", "pick_target", "wager", "open_wager", "roll", "spend", "save", "absorb",
          "protect", "continue", "seppuku", "game_over")
RISKS = ("duel", "frappe", "strike", "initiative", "seppuku")
DECLARATIONS = ("calm", "garde", "frappe", "surprise")
WOUND_RANKS = ("1", "2", "3", "4", "5")
POOL = 60          # dice in a pool: far above what any samurai gathers
SCORE = 200


def participant(name, read, meaning):
    """A one-hot of the participant ``read`` returns (its index in PARTICIPANTS or its name)."""
    index = {name: i for i, name in enumerate(PARTICIPANTS)}

    def write(o, f, out, at):
        p = read(o)
        if isinstance(p, str):
            p = index.get(p)
        if p is None or p < 0:
            return
        row = f.relative(p) if p < FIRST_VASSAL else MAX + p - FIRST_VASSAL
        if row is not None:
            out[at + row] = 1
    return Field(name, PARTICIPANT_ROWS, 0, 1, meaning, write, "participant one-hot")


def _seat_participants(o):
    by_name = {p["participant"]: p for p in o["participants"]}
    return [by_name.get("seat_%d" % s, {}) for s in range(o["players"])]


def _vassals(o):
    by_name = {p["participant"]: p for p in o["participants"]}
    return [by_name.get(name) for name in VASSALS]


def _secret(key):
    def read(entry):
        secret = entry.get("secret")
        return secret.get("choice") if secret else None
    if key == "declaration":
        return read
    return lambda entry: (lambda choice: choice if isinstance(choice, int) else None)(read(entry))


PARTICIPANT_FIELDS = (
    flag("in_scene", lambda e: e.get("in_scene"), "in the scene"),
    flag("to_decide", lambda e: e.get("to_decide"), "has a decision to make now"),
    number("pool", lambda e: e.get("pool"), POOL, "dice in its pool"),
    number("wager", lambda e: e.get("wager"), data.MAX_WAGER[0], "dice wagered"),
    number("roll", lambda e: e.get("roll"), POOL * 10, "the sum it rolled"),
    number("kept", lambda e: e.get("kept"), data.MAX_WAGER[0], "wagers kept"),
    participant("target", lambda e: e.get("target"), "its target"),
    flag("on_guard", lambda e: e.get("on_guard"), "on guard"),
    number("strikes_left", lambda e: e.get("strikes_left"), data.MAX_WAGER[0] + 1, "strikes left this round"),
    number("initiative", lambda e: e.get("initiative"), POOL * 10, "its initiative"),
    flag("honor_spent", lambda e: e.get("honor_spent"), "spent honour on this risk"),
    flag("secret_hidden", lambda e: "secret" in e and e["secret"] is None,
         "made a secret choice you may not see yet"),
    one_hot("secret_declaration", DECLARATIONS, _secret("declaration"),
            "its secret declaration, where you may see it"),
    number("secret_value", _secret("value"), data.MAX_WAGER[0] + len(PARTICIPANTS),
           "its secret target (participant index) or wager, where you may see it"),
)

LAYOUT = FlatLayout(
    "risques", MAX,
    one_hot("mode", ("duel", "frappe", "massacre"), lambda o: o["mode"], "the mode played"),
    number("players", lambda o: o["players"], MAX, "seats in this game"),
    number("scene", lambda o: o["scene"], 4, "the scene being played (0-based)"),
    number("scenes", lambda o: o["scenes"], 4, "scenes in the match"),
    one_hot("phase", PHASES, lambda o: o["phase"], "what is being decided"),
    seats("to_act", lambda o: o["to_act"], "the seats that must decide now", MAX),
    flag("personal_honor", lambda o: o["honor_pool"] == "personal", "one honour reserve per samurai"),
    number("shared_honor", lambda o: o["shared_honor"], 3 * MAX + 20, "the shared honour reserve (0 if personal)"),
    one_hot("risk.kind", RISKS, lambda o: o["risk"]["kind"], "the risk being taken"),
    participant("risk.a", lambda o: o["risk"]["a"], "the risk's first participant"),
    participant("risk.b", lambda o: o["risk"]["b"], "the risk's second participant"),
    participant("risk.winner", lambda o: o["risk"]["winner"], "who won the risk"),
    participant("risk.bonus", lambda o: o["risk"]["bonus"], "who has the striker's bonus"),
    participant("risk.surprised", lambda o: o["risk"]["surprised"], "who was surprised"),
    number("massacre.round", lambda o: o["massacre"]["round"], data.MASSACRE_ROUNDS[0] + 1, "massacre round"),
    number("massacre.pass", lambda o: o["massacre"]["pass"], 10, "pass within the round"),
    participant("massacre.frappe_winner", lambda o: o["massacre"]["frappe_winner"], "the Frappe's winner"),
    participant("massacre.general", lambda o: o["massacre"]["general"], "the General's seat"),
    participant("massacre.yojimbo", lambda o: o["massacre"]["yojimbo"], "the Yojimbo's seat"),
    number("declare_round", lambda o: o["declare_round"], data.DECLARE_ROUNDS[0], "Frappe stand-off round"),
    participant("pending.victim", lambda o: o["pending"]["victim"], "who is being wounded"),
    number("pending.wound_rank", lambda o: o["pending"]["wound_rank"], data.DEATH_RANK[0], "the wound's rank"),
    participant("pending.by", lambda o: o["pending"]["by"], "who dealt the wound"),
    participant("pending.about_seat", lambda o: o["pending"]["about_seat"], "the seat a question is about"),
    participant("you.acting_as", lambda o: o["you"]["acting_as"], "the participant you decide for"),
    PerSeat("seats", lambda o: o["seats"], (
        one_hot("character", [c.key for c in data.CHARACTERS], lambda e: e["character"], "its samurai"),
        flag("alive", lambda e: e["alive"], "alive"),
        flag("able_to_fight", lambda e: e["able_to_fight"], "alive and able to fight"),
        counts("wounds", WOUND_RANKS, lambda e: e["wounds"], 10, "wounds by rank"),
        number("glory", lambda e: e["glory"], SCORE, "glory points"),
        values("reputations", 4, lambda e: [r["points"] for r in e["reputations"]], SCORE,
               "points of its reputations, in order"),
        flag("dignified", lambda e: e["dignified"], "made a dignified seppuku"),
        flag("protected", lambda e: e["protected"], "protected"),
        number("honor", lambda e: e["honor"], 3 * MAX + 20, "its honour (personal pool; 0 if shared)"),
        number("score", lambda e: e["score"], SCORE, "its score now"),
    ), "every seat's samurai, yours first, then in seat order", MAX),
    PerSeat("samurai", _seat_participants, PARTICIPANT_FIELDS,
            "every seat's samurai in the scene, yours first, then in seat order", MAX),
    Rows("vassals", _vassals, PARTICIPANT_FIELDS + (
        participant("owner", lambda e: e["owner"], "the seat it acts for"),
        number("rank", lambda e: e.get("rank"), 2, "wounds it can still take for its commander"),
    ), "the General's two ashigaru and the Yojimbo's two guards, when listed", len(VASSALS)),
    reader="engine_ext.risques._flat",
)

"""Risques' observations and full view, built by compiled code (``views`` re-exports them).

One source for both builds, like the rules: compiled by Cython (typed by ``_views.pxd``, the
state's tables read as C arrays) and run as plain Python by the uncompiled build.  Everything is
public except the secret choices made and not yet revealed (Frappe declarations, Massacre
targets, wagers of a contested risk): a seat sees only its own.
"""
from . import data
from ._core import RiskCore  # noqa: F401  (the type of ``state``)
from .actions import FIRST_VASSAL, PARTICIPANTS

PHASE_NAMES = ("", "pool", "declare", "target", "pick_target", "wager", "open_wager", "roll",
               "spend", "save", "absorb", "protect", "continue", "seppuku", "game_over")
EVENT_NAMES = ("scene", "honor", "pool", "invoke_wound", "declare", "target", "wager", "roll",
               "privilege", "wound", "absorb", "death", "save", "glory", "draw", "protect", "continue",
               "seppuku", "heal", "strike", "strikes", "surprised", "end")
END_REASONS = ("", "scenes_played", "last_standing", "forfeit")
RISK_NAMES = ("", "duel", "frappe", "strike", "initiative", "seppuku")
MODE_NAMES = ("duel", "frappe", "massacre")
DECLARATIONS = {7: "calm", 8: "garde", 9: "frappe", 10: "surprise"}
SECRET_PHASES = ("declare", "target", "wager")
MAXPART = len(PARTICIPANTS)

PHASE_DECLARE = PHASE_NAMES.index("declare")
EVENT_END = EVENT_NAMES.index("end")
EVENT_DECLARE = EVENT_NAMES.index("declare")
GLORY_PER_RANK = data.POINTS_PER_RANK[0]
MARTIAL_REPUTATION = "Réputation martiale"


def _none(value):
    return value if value >= 0 else None


def _seat_view(state, s):
    """Seat ``s``'s samurai as every seat sees it (the result lists it too)."""
    c = data.CHARACTERS[state.character[s]]
    names = c.reputations
    reps_table, martial, wounds = state.reps, state.rep_martial, state.wounds
    reps = []
    for i in range(4):
        points = reps_table[s * 4 + i]
        if points >= 0:
            name = names[i][0] if i < len(names) else MARTIAL_REPUTATION
            reps.append({"name": name, "points": points, "rank": points // GLORY_PER_RANK,
                         "martial": martial[s * 4 + i] != 0})
    wounded = {}
    for r in range(1, 6):
        if wounds[s * 6 + r]:
            wounded[str(r)] = wounds[s * 6 + r]
    dead = state.dead[s] != 0
    return {
        "character": c.key, "name": c.name, "clan": c.clan, "role": c.role, "weapon": c.weapon,
        "alive": not dead, "able_to_fight": not dead and wounds[s * 6 + 5] == 0,
        "wounds": wounded,
        "glory": state.glory[s], "reputations": reps, "dignified": state.dignified[s] != 0,
        "protected": state.protected[s] != 0,
        "honor": None if state.shared else state.honor[s],
        "score": state.score(s),
    }


def _participant_view(state, p, seat):
    owner = state.p_owner[p]
    hidden = state.p_secret[p] != 0 and seat >= 0 and owner != seat
    entry = {"participant": PARTICIPANTS[p], "owner": owner, "in_scene": state.p_in[p] != 0,
             "to_decide": state.p_ask[p] != 0, "pool": state.p_pool[p], "wager": state.p_wager[p],
             "roll": state.p_sum[p], "kept": state.p_kept[p], "target": _none(state.p_target[p]),
             "on_guard": state.p_guard[p] != 0, "strikes_left": state.p_strikes[p],
             "initiative": state.p_init[p], "honor_spent": state.p_honor[p] != 0}
    first_vassal = FIRST_VASSAL
    if p >= first_vassal:
        entry["rank"] = state.vrank[p - first_vassal]
    if state.p_secret[p]:
        entry["secret"] = None if hidden else {"phase": PHASE_NAMES[state.phase], "choice": _choice(state, p)}
    return entry


def _choice(state, p):
    value = state.p_choice[p]
    if state.phase == PHASE_DECLARE:
        return DECLARATIONS.get(value, value)
    return value


def _listed(state, p):
    """Whether participant ``p`` is in the views: a vassal is listed while it has a rank, is in
    the scene, or still acts (one that fell in its initiative group strikes with it)."""
    first_vassal = FIRST_VASSAL
    return state.p_owner[p] >= 0 and (p < state.n or state.vrank[p - first_vassal] > 0
                                      or state.p_in[p] != 0 or state.p_ask[p] != 0 or state.p_secret[p] != 0
                                      or (state.risk > 0 and (p == state.ra or p == state.rb)))


def _table(state, seat):
    """The table as ``seat`` sees it (``seat`` -1: everything)."""
    participants = []
    for p in range(MAXPART):
        if _listed(state, p):
            participants.append(_participant_view(state, p, seat))
    return {
        "game": "risques",
        "mode": MODE_NAMES[state.mode],
        "players": state.n,
        "scene": state.scene,
        "scenes": state.scenes,
        "phase": PHASE_NAMES[state.phase],
        "to_act": state.current_seats(),
        "honor_pool": "shared" if state.shared else "personal",
        "shared_honor": state.honor[7] if state.shared else None,
        "seats": [_seat_view(state, s) for s in range(state.n)],
        "participants": participants,
        "risk": {"kind": RISK_NAMES[state.risk], "a": _none(state.ra), "b": _none(state.rb),
                 "winner": _none(state.winner), "bonus": _none(state.bonus_p),
                 "surprised": _none(state.surprised)},
        "massacre": {"round": state.mround, "pass": state.pass_no, "frappe_winner": _none(state.frappe_winner),
                     "general": _none(state.commander[0]), "yojimbo": _none(state.commander[1])},
        "declare_round": state.decl_round,
        "pending": {"victim": _none(state.victim), "wound_rank": state.wound_rank, "by": _none(state.hitter),
                    "about_seat": state.cursor},
    }


def _event(event):
    kind, a, b, amount, extra = event
    entry = {"event": EVENT_NAMES[kind], "a": a, "b": b, "amount": amount, "extra": extra}
    if kind == EVENT_END:
        entry["reason"] = END_REASONS[amount]
    elif kind == EVENT_DECLARE:
        entry["declaration"] = DECLARATIONS[amount]
    return entry


def _events(state, since):
    """The log from index ``since`` on (every event is public); ``since`` counts as a slice's
    start does."""
    events = state.events
    count = len(events)
    if since < 0:
        since = max(count + since, 0)
    return [_event(events[i]) for i in range(since, count)]


def observation(state, seat, since=0):
    """Everything ``seat`` may know, with the events from index ``since`` on."""
    if seat < 0 or seat >= state.n:   # the tables are read unchecked in the compiled build
        raise ValueError("no seat %d in a %d-player game" % (seat, state.n))
    view = _table(state, seat)
    view["seat"] = seat
    p = state.acting_participant(seat)
    view["you"] = {"acting_as": PARTICIPANTS[p] if p >= 0 else None}
    view["events"] = _events(state, since)
    view["event_count"] = len(state.events)
    return view


def full_view(state, since=0):
    """Everything, secret choices included: for spectators of finished games and replays."""
    view = _table(state, -1)
    view["events"] = _events(state, since)
    view["event_count"] = len(state.events)
    return view

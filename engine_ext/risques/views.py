"""What each seat of a Risques match may see, the full view, the result, and resampling.

Plain Python over the state's public fields, shared by both builds.  Everything
is public except the secret choices made and not yet revealed (Frappe
declarations, Massacre targets, wagers of a contested risk): a seat sees only
its own.  Dice are rolled in the open, once every wager is revealed, so no seat
ever holds dice the others have not seen.
"""
from . import data
from .actions import ACTIONS, ACTION_NAMES, FIRST_VASSAL, PARTICIPANTS  # noqa: F401  (re-exported for bots' docs)

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


ARRAY_FIELDS = ("character", "glory", "dead", "dignified", "protected", "wounds", "reps", "rep_martial",
                "honor", "commander", "vrank", "p_owner", "p_in", "p_ask", "p_secret", "p_choice",
                "p_target", "p_wager", "p_pool", "p_sum", "p_kept", "p_honor", "p_guard", "p_strikes",
                "p_struck", "p_down_pass", "p_down_sum", "p_init", "p_inv", "legal")
SCALAR_FIELDS = ("n", "seed", "mode", "shared", "scenes", "record", "over", "end_reason", "decisions",
                 "phase", "risk", "ra", "rb", "winner", "victim", "hitter", "wound_rank", "cursor",
                 "decl_round", "forfeited", "bonus_p", "surprised", "frappe_winner", "mround", "pass_no",
                 "group_sum", "scene")
MAXPART = len(PARTICIPANTS)


def _none(value):
    return value if value >= 0 else None


def _seat_view(state, s):
    c = data.CHARACTERS[state.character[s]]
    reps = []
    for i in range(4):
        points = state.reps[s * 4 + i]
        if points >= 0:
            name = c.reputations[i][0] if i < len(c.reputations) else "Réputation martiale"
            reps.append({"name": name, "points": points, "rank": points // data.POINTS_PER_RANK[0],
                         "martial": bool(state.rep_martial[s * 4 + i])})
    return {
        "character": c.key, "name": c.name, "clan": c.clan, "role": c.role, "weapon": c.weapon,
        "alive": not state.dead[s], "able_to_fight": not state.dead[s] and state.wounds[s * 6 + 5] == 0,
        "wounds": {str(r): state.wounds[s * 6 + r] for r in range(1, 6) if state.wounds[s * 6 + r]},
        "glory": state.glory[s], "reputations": reps, "dignified": bool(state.dignified[s]),
        "protected": bool(state.protected[s]),
        "honor": None if state.shared else state.honor[s],
        "score": state.score(s),
    }


def _participant_view(state, p, seat):
    owner = state.p_owner[p]
    hidden = state.p_secret[p] and seat is not None and owner != seat
    phase = PHASE_NAMES[state.phase]
    entry = {"participant": PARTICIPANTS[p], "owner": owner, "in_scene": bool(state.p_in[p]),
             "to_decide": bool(state.p_ask[p]), "pool": state.p_pool[p], "wager": state.p_wager[p],
             "roll": state.p_sum[p], "kept": state.p_kept[p], "target": _none(state.p_target[p]),
             "on_guard": bool(state.p_guard[p]), "strikes_left": state.p_strikes[p],
             "initiative": state.p_init[p], "honor_spent": bool(state.p_honor[p])}
    if p >= FIRST_VASSAL:
        entry["rank"] = state.vrank[p - FIRST_VASSAL]
    if state.p_secret[p]:
        entry["secret"] = None if hidden else {"phase": phase, "choice": _choice(state, p)}
    return entry


def _choice(state, p):
    value = state.p_choice[p]
    phase = PHASE_NAMES[state.phase]
    if phase == "declare":
        return DECLARATIONS.get(value, value)
    return value


def _table(state, seat):
    # a vassal is listed while it has a rank, is in the scene, or still acts (one that fell in
    # its initiative group strikes with it)
    participants = [_participant_view(state, p, seat) for p in range(MAXPART)
                    if state.p_owner[p] >= 0 and (p < state.n or state.vrank[p - FIRST_VASSAL] > 0
                                                  or state.p_in[p] or state.p_ask[p] or state.p_secret[p]
                                                  or (state.risk > 0 and p in (state.ra, state.rb)))]
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
    if EVENT_NAMES[kind] == "end":
        entry["reason"] = END_REASONS[amount]
    elif EVENT_NAMES[kind] == "declare":
        entry["declaration"] = DECLARATIONS[amount]
    return entry


def observation(state, seat, since=0):
    """Everything ``seat`` may know, with the events from index ``since`` on."""
    view = _table(state, seat)
    view["seat"] = seat
    p = state.acting_participant(seat)
    view["you"] = {"acting_as": PARTICIPANTS[p] if p >= 0 else None}
    view["events"] = [_event(e) for e in state.events[since:]]
    view["event_count"] = len(state.events)
    return view


def full_view(state, since=0):
    """Everything, secret choices included: for spectators of finished games and replays."""
    view = _table(state, None)
    view["events"] = [_event(e) for e in state.events[since:]]
    view["event_count"] = len(state.events)
    return view


def result(state):
    """Per seat: character, glory, survival, score and rank (ties share a rank); the end reason."""
    if not state.over:
        raise ValueError("the game is not over")
    scores = [state.score(s) for s in range(state.n)]
    distinct = sorted({scores[s] for s in range(state.n) if s != state.forfeited}, reverse=True)
    # a seat that forfeited places below everybody else, alone
    ranks = [len(distinct) + 1 if s == state.forfeited else distinct.index(scores[s]) + 1
             for s in range(state.n)]
    seats = []
    for s in range(state.n):
        entry = _seat_view(state, s)
        entry.update({"seat": s, "rank": ranks[s]})
        seats.append(entry)
    return {
        "game": "risques",
        "mode": MODE_NAMES[state.mode],
        "end_reason": END_REASONS[state.end_reason],
        "forfeited": [state.forfeited] if state.forfeited >= 0 else [],
        "scores": scores,
        "ranks": ranks,
        "teams": ["seat_%d" % s for s in range(state.n)],
        "seats": seats,
        "last_scene": state.scene,
        "decisions": state.decisions,
    }


def resample_hidden(state, seat, seed):
    """A copy of ``state`` that ``seat`` cannot tell apart from it: every secret choice another
    seat has made and not yet revealed is drawn anew among that participant's legal choices.

    Nothing else is hidden: dice are rolled in the open once the wagers are revealed, so
    there are no unrevealed dice; the dice still to come are chance, not information, and
    the copy keeps the generator so that it can be compared step by step after the next move."""
    import random

    rng = random.Random(seed)
    other = state.clone()
    phase = PHASE_NAMES[other.phase]
    for p in range(MAXPART):
        if other.p_secret[p] and other.p_owner[p] != seat:
            action = rng.choice(other.fill_legal_for(p))
            # a declaration is stored as its action id, a target or a wager as its index in the block
            other.p_choice[p] = action if phase == "declare" else ACTIONS.decode(action)[1]
    return other


def balance_facts(state):
    """What each seat starts with, for the balance report: the samurai it plays."""
    return [{"samurai": data.CHARACTERS[state.character[s]].key} for s in range(state.n)]

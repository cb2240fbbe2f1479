"""What each seat of a Risques match may see, the full view, the result, and resampling.

The observations and the full view are built by ``_views`` (compiled in the compiled build, the
same source run by the interpreter in the other); this module names them.  Everything
is public except the secret choices made and not yet revealed (Frappe
declarations, Massacre targets, wagers of a contested risk): a seat sees only
its own.  Dice are rolled in the open, once every wager is revealed, so no seat
ever holds dice the others have not seen.
"""
from . import data
from ._views import (DECLARATIONS, END_REASONS, EVENT_NAMES, MAXPART, MODE_NAMES, PHASE_NAMES,  # noqa: F401
                     RISK_NAMES, SECRET_PHASES, _seat_view, full_view, observation)
from .actions import ACTIONS, ACTION_NAMES, FIRST_VASSAL, PARTICIPANTS  # noqa: F401  (re-exported for bots' docs)

ARRAY_FIELDS = ("character", "glory", "dead", "dignified", "protected", "wounds", "reps", "rep_martial",
                "honor", "commander", "vrank", "p_owner", "p_in", "p_ask", "p_secret", "p_choice",
                "p_target", "p_wager", "p_pool", "p_sum", "p_kept", "p_honor", "p_guard", "p_strikes",
                "p_struck", "p_down_pass", "p_down_sum", "p_init", "p_inv", "legal")
SCALAR_FIELDS = ("n", "seed", "mode", "shared", "scenes", "record", "over", "end_reason", "decisions",
                 "phase", "risk", "ra", "rb", "winner", "victim", "hitter", "wound_rank", "cursor",
                 "decl_round", "forfeited", "bonus_p", "surprised", "frappe_winner", "mround", "pass_no",
                 "group_sum", "scene")


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

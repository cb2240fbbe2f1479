"""What each seat of a Katana game may see, the full view for finished games, and the result.

The observations and the full view are built by ``_views`` (compiled in the compiled build, the
same source run by the interpreter in the other); this module names them for the rules, the
players and the bots' docs.  A seat sees its own role and hand, the shogun's role, everything on
the table (cards in play, resilience, honour, hand sizes, the discard pile), and the card of a
private event only if it was in that event's audience.  Roles are revealed when the game ends.
"""
from . import data
from ._views import END_REASONS, EVENT_NAMES, NUM_CARDS, PHASE_NAMES, full_view, observation  # noqa: F401
from .actions import ACTION_NAMES, PERMANENTS, WEAPONS  # noqa: F401  (re-exported for bots' docs)


def _role_key(state, seat):
    return data.ROLES[state.role[seat]].key


def result(state):
    """Per seat: character, role, team, honour, points, team score and rank; the end reason."""
    if not state.over:
        raise ValueError("the game is not over")
    order = state.team_order()
    seats = []
    for s in range(state.n):
        team = data.ROLES[state.role[s]].team
        team_id = data.TEAMS.index(team)
        seats.append({
            "seat": s,
            "character": data.CHARACTERS[state.character[s]].key,
            "role": _role_key(state, s),
            "team": team,
            "honor": state.honor[s],
            "points": state.seat_points(s),
            "score": state.team_scores[team_id],
            # A seat that forfeited places below every team; its team-mates keep the team's place.
            "rank": len(order) if s == state.forfeited else order.index(team_id),
        })
    places = sorted({entry["rank"] for entry in seats})
    for entry in seats:
        entry["rank"] = places.index(entry["rank"]) + 1
    return {
        "game": "katana",
        "end_reason": END_REASONS[state.end_reason],
        "forfeited": [state.forfeited] if state.forfeited >= 0 else [],
        "winner": data.TEAMS[order[0]],
        "team_scores": {data.TEAMS[t]: state.team_scores[t] for t in order},
        "scores": [entry["score"] for entry in seats],
        "ranks": [entry["rank"] for entry in seats],
        "teams": [entry["team"] for entry in seats],
        "seats": seats,
        "turns": state.turn_number,
        "decisions": state.decisions,
    }


def resample_hidden(state, seat, seed):
    """A copy of ``state`` that ``seat`` cannot tell apart from it: the cards it has not seen
    (other hands and the pile) dealt anew with the same hand sizes, the roles it does not know
    permuted among their holders, and the cards of events it was not shown replaced.

    Used to test that observations leak nothing: ``seat``'s observation must not change."""
    import random

    rng = random.Random(seed)
    other = state.clone()
    n_cards = len(data.CARDS)
    unseen = [other.pile[i] for i in range(other.pile_len)]
    for s in range(other.n):
        if s != seat:
            for c in range(n_cards):
                unseen += [c] * other.hand[s * n_cards + c]
    rng.shuffle(unseen)
    for i in range(other.pile_len):
        other.pile[i] = unseen.pop()
    for s in range(other.n):
        if s != seat:
            for c in range(n_cards):
                other.hand[s * n_cards + c] = 0
            for k in range(other.hand_size[s]):
                other.hand[s * n_cards + unseen.pop()] += 1
    if not state.over:
        hidden = [s for s in range(other.n) if s != seat and s != other.shogun]
        identities = [(other.role[s], other.stars[s]) for s in hidden]
        rng.shuffle(identities)
        for s, (role, stars) in zip(hidden, identities):
            other.role[s] = role
            other.stars[s] = stars
    other.events = [
        event if event[5] == 0 or (event[5] >> seat) & 1 else event[:3] + (rng.randrange(n_cards),) + event[4:]
        for event in other.events]
    return other


def balance_facts(state):
    """What each seat starts with, for the balance report: its role and its character."""
    return [{"role": _role_key(state, s), "character": data.CHARACTERS[state.character[s]].key}
            for s in range(state.n)]

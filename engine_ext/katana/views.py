"""What each seat of a Katana game may see, the full view for finished games, and the result.

Plain Python over the state's public fields, shared by both builds.  A seat
sees its own role and hand, the shogun's role, everything on the table (cards
in play, resilience, honour, hand sizes, the discard pile), and the card of a
private event only if it was in that event's audience.  Roles are revealed when
the game ends.
"""
from . import data
from .actions import ACTION_NAMES, PERMANENTS, WEAPONS  # noqa: F401  (re-exported for bots' docs)

# Names of the engine's phases, events and end reasons, in the order of its integer codes.

PHASE_NAMES = ("", "bushido_choice", "draw_choice", "play_cards", "choose_target", "geisha_choice",
           "parry_choice", "battlecry", "jujitsu", "discard_down", "game_over")
EVENT_NAMES = ("turn", "recover", "draw", "take_discard", "reshuffle", "flip", "bushido_pass",
           "play", "target", "parry", "damage", "defeat", "honor", "steal", "discard",
           "permanent_lost", "heal", "nobunaga", "end")
END_REASONS = ("", "honor", "sword_victory", "sword_victory_void", "forfeit")
NUM_CARDS = len(data.CARDS)


def _hand(state, seat):
    base = seat * NUM_CARDS
    return {data.CARDS[c].key: state.hand[base + c] for c in range(NUM_CARDS) if state.hand[base + c]}


def _permanents(state, seat):
    base = seat * len(PERMANENTS)
    return {card.key: state.permanents[base + p] for p, card in enumerate(PERMANENTS)
            if state.permanents[base + p]}


def _card(card):
    return data.CARDS[card].key if card >= 0 else None


def _event(event, seat):
    kind, actor, target, card, amount, audience = event
    visible = audience == 0 or seat is None or (audience >> seat) & 1
    entry = {"event": EVENT_NAMES[kind], "seat": actor if actor >= 0 else None}
    if target >= 0:
        entry["target"] = target
    if card >= 0:
        entry["card"] = _card(card) if visible else None
    if EVENT_NAMES[kind] == "end":
        entry["reason"] = END_REASONS[amount]
    else:
        entry["amount"] = amount
    return entry


def _pending(state):
    phase = PHASE_NAMES[state.phase]
    if phase == "choose_target":
        return {"card": _card(state.pending_card), "by": state.turn}
    if phase == "parry_choice":
        weapon = state.pending_card
        return {"card": _card(weapon), "attacker": state.turn, "target": state.pending_target,
                "damage": state.weapon_damage(state.turn, state.pending_target, weapon)}
    if phase == "geisha_choice":
        return {"card": "geisha", "by": state.turn, "target": state.pending_target}
    if phase in ("battlecry", "jujitsu"):
        return {"card": "cri_de_guerre" if phase == "battlecry" else "ju_jitsu", "by": state.turn}
    if phase == "draw_choice":
        return {"draws": state.draws_left}
    if phase == "bushido_choice":
        return {"card": _card(state.discard[state.discard_len - 1])}
    return None


def _role_key(state, seat):
    return data.ROLES[state.role[seat]].key


def _table(state, seat):
    """The public table, plus what ``seat`` knows (``seat`` None: everything)."""
    seats = []
    for s in range(state.n):
        role_known = seat is None or s == seat or s == state.shogun or state.over
        seats.append({
            "character": data.CHARACTERS[state.character[s]].key,
            "resilience": state.hp[s],
            "max_resilience": data.CHARACTERS[state.character[s]].resilience,
            "honor": state.honor[s],
            "hand_size": state.hand_size[s],
            "permanents": _permanents(state, s),
            "harmless": state.hp[s] == 0 or state.hand_size[s] == 0,
            "role": _role_key(state, s) if role_known else None,
        })
    return {
        "game": "katana",
        "players": state.n,
        "turn": state.turn,
        "turn_number": state.turn_number,
        "phase": PHASE_NAMES[state.phase],
        "to_act": state.current_seats(),
        "shogun": state.shogun,
        "seats": seats,
        "bushido_holder": state.bushido_holder if state.bushido_holder >= 0 else None,
        "draw_pile": state.pile_len,
        "discard_pile": [_card(state.discard[i]) for i in range(state.discard_len)],
        "weapons_played": state.weapons_played,
        "weapon_limit": state.weapon_limit(state.turn),
        "pending": _pending(state),
    }


def observation(state, seat, since=0):
    """Everything ``seat`` may know, with the events from index ``since`` on."""
    view = _table(state, seat)
    view["seat"] = seat
    view["you"] = {
        "role": _role_key(state, seat),
        "stars": state.stars[seat] if state.role[seat] == 2 else None,
        "hand": _hand(state, seat),
    }
    view["events"] = [_event(e, seat) for e in state.events[since:]]
    view["event_count"] = len(state.events)
    return view


def full_view(state, since=0):
    """Everything, hidden parts included: for spectators of finished games and replays."""
    view = _table(state, None)
    for s, entry in enumerate(view["seats"]):
        entry["hand"] = _hand(state, s)
        entry["stars"] = state.stars[s] if state.role[s] == 2 else None
    view["draw_pile_cards"] = [_card(state.pile[i]) for i in range(state.pile_len - 1, -1, -1)]
    view["events"] = [_event(e, None) for e in state.events[since:]]
    view["event_count"] = len(state.events)
    return view


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

"""Katana's observations and full view, built by compiled code (``views`` re-exports them).

One source for both builds, like the rules: compiled by Cython (typed by ``_views.pxd``, the
state's tables read as C arrays) and run as plain Python by the uncompiled build.  A bot or a
heuristic reads an observation at every decision, so building it is much of what a decision
costs the arena.  A seat sees its own role and hand, the shogun's role, everything on the table
(cards in play, resilience, honour, hand sizes, the discard pile), and the card of a private
event only if it was in that event's audience.  Roles are revealed when the game ends.
"""
from . import data
from ._core import KatanaCore  # noqa: F401  (the type of ``state``)
from .actions import PERMANENTS

# Names of the engine's phases, events and end reasons, in the order of its integer codes.

PHASE_NAMES = ("", "bushido_choice", "draw_choice", "play_cards", "choose_target", "geisha_choice",
               "parry_choice", "battlecry", "jujitsu", "discard_down", "game_over")
EVENT_NAMES = ("turn", "recover", "draw", "take_discard", "reshuffle", "flip", "bushido_pass",
               "play", "target", "parry", "damage", "defeat", "honor", "steal", "discard",
               "permanent_lost", "heal", "nobunaga", "end")
END_REASONS = ("", "honor", "sword_victory", "sword_victory_void", "forfeit")
NUM_CARDS = len(data.CARDS)

# The names the views print, by the ids the state holds.
CARD_KEYS = tuple(card.key for card in data.CARDS)
PERMANENT_KEYS = tuple(card.key for card in PERMANENTS)
ROLE_KEYS = tuple(role.key for role in data.ROLES)
CHARACTER_KEYS = tuple(character.key for character in data.CHARACTERS)
CHARACTER_RESILIENCE = tuple(character.resilience for character in data.CHARACTERS)
EVENT_END = EVENT_NAMES.index("end")
NINJA_ROLE = 2      # data.ROLES: the role whose stars a seat sees


def _hand(state, seat):
    hand = state.hand
    cards = NUM_CARDS
    keys = CARD_KEYS
    base = seat * cards
    view = {}
    for c in range(cards):
        count = hand[base + c]
        if count:
            view[keys[c]] = count
    return view


def _permanents(state, seat):
    permanents = state.permanents
    keys = PERMANENT_KEYS
    kinds = len(keys)
    base = seat * kinds
    view = {}
    for p in range(kinds):
        count = permanents[base + p]
        if count:
            view[keys[p]] = count
    return view


def _card(card):
    return CARD_KEYS[card] if card >= 0 else None


def _event(event, seat):
    kind, actor, target, card, amount, audience = event
    visible = audience == 0 or seat < 0 or (audience >> seat) & 1
    entry = {"event": EVENT_NAMES[kind], "seat": actor if actor >= 0 else None}
    if target >= 0:
        entry["target"] = target
    if card >= 0:
        entry["card"] = CARD_KEYS[card] if visible else None
    if kind == EVENT_END:
        entry["reason"] = END_REASONS[amount]
    else:
        entry["amount"] = amount
    return entry


def _events(state, seat, since):
    """The log from index ``since`` on as ``seat`` sees it (``seat`` -1: everything); ``since``
    counts as a slice's start does."""
    events = state.events
    count = len(events)
    if since < 0:
        since = max(count + since, 0)
    return [_event(events[i], seat) for i in range(since, count)]


def _check_seat(state, seat):
    """The tables are read unchecked in the compiled build: a seat outside the table is refused."""
    if seat < 0 or seat >= state.n:
        raise ValueError("no seat %d in a %d-player game" % (seat, state.n))


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


def _table(state, seat):
    """The public table, plus what ``seat`` knows (``seat`` -1: everything)."""
    hp, honor, hand_size, role, character = state.hp, state.honor, state.hand_size, state.role, state.character
    discard = state.discard
    seats = []
    for s in range(state.n):
        role_known = seat < 0 or s == seat or s == state.shogun or state.over
        seats.append({
            "character": CHARACTER_KEYS[character[s]],
            "resilience": hp[s],
            "max_resilience": CHARACTER_RESILIENCE[character[s]],
            "honor": honor[s],
            "hand_size": hand_size[s],
            "permanents": _permanents(state, s),
            "harmless": hp[s] == 0 or hand_size[s] == 0,
            "role": ROLE_KEYS[role[s]] if role_known else None,
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
        "discard_pile": [_card(discard[i]) for i in range(state.discard_len)],
        "weapons_played": state.weapons_played,
        "weapon_limit": state.weapon_limit(state.turn),
        "pending": _pending(state),
    }


def observation(state, seat, since=0):
    """Everything ``seat`` may know, with the events from index ``since`` on."""
    _check_seat(state, seat)
    view = _table(state, seat)
    view["seat"] = seat
    view["you"] = {
        "role": ROLE_KEYS[state.role[seat]],
        "stars": state.stars[seat] if state.role[seat] == NINJA_ROLE else None,
        "hand": _hand(state, seat),
    }
    view["events"] = _events(state, seat, since)
    view["event_count"] = len(state.events)
    return view


def full_view(state, since=0):
    """Everything, hidden parts included: for spectators of finished games and replays."""
    view = _table(state, -1)
    for s, entry in enumerate(view["seats"]):
        entry["hand"] = _hand(state, s)
        entry["stars"] = state.stars[s] if state.role[s] == NINJA_ROLE else None
    pile = state.pile
    view["draw_pile_cards"] = [_card(pile[i]) for i in range(state.pile_len - 1, -1, -1)]
    view["events"] = _events(state, -1, since)
    view["event_count"] = len(state.events)
    return view

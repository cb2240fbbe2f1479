"""Concrete Katana positions for rule tests.

``position`` deals a normal game with ``k.new_state`` and then overwrites the
public fields that a test names, keeping the state consistent: hand sizes are
the sums of the hand counts, the shogun is the seat holding the shogun role,
the Code du bushido holder follows the permanents, and the actor of the play
phase is the player whose turn it is.  Cards are named by their keys in
``katana_data`` ("bokken", "armure", ...), characters and roles likewise.

Piles are given bottom first: the LAST card of ``pile`` is the top of the draw
pile (the next card drawn), the last card of ``discard`` the top of the
discard pile.  When ``pile`` is not given it holds the rest of the 90-card
deck (every copy not placed in a hand, in play or in the discard pile), in an
order fixed by the seed.
"""
import random

from engine_ext.katana import data

PERMANENT_KEYS = [c.key for c in data.CARDS if c.kind == data.PERMANENT]
FIRST_PERMANENT = data.card_index(PERMANENT_KEYS[0])
NUM_CARDS = len(data.CARDS)
NUM_PERMANENTS = len(PERMANENT_KEYS)
SHOGUN = data.role_index("shogun")
NINJA = data.role_index("ninja")


def card(key):
    return data.card_index(key)


def position(k, n, *, roles, characters, hands=None, hp=None, honor=None, permanents=None,
             pile=None, discard=(), turn=None, phase="play_cards", actor=None, stars=None,
             weapons_played=0, seed=1):
    """A ``k.KatanaState`` for ``n`` players set to the described position.

    ``roles`` and ``characters``: one key per seat.  ``hands``/``permanents``:
    ``{seat: {card_key: count}}`` (seats left out hold nothing).  ``hp``/
    ``honor``: ``{seat: value}`` overriding full resilience and the starting
    honour of the role.  ``stars``: ``{seat: stars}`` for ninjas (default 1, 2,
    3 in seat order).  ``turn`` defaults to the shogun.
    """
    assert len(roles) == n and len(characters) == n
    hands = hands or {}
    permanents = permanents or {}
    hp = hp or {}
    honor = honor or {}
    s = k.new_state(n, seed)
    s.events.clear()

    start = data.STARTING_HONOR[0][n]
    ninja_stars = iter((1, 2, 3))
    for seat in range(n):
        role = data.role_index(roles[seat])
        s.role[seat] = role
        if role == SHOGUN:
            s.shogun = seat
        s.stars[seat] = 0
        if role == NINJA:
            s.stars[seat] = (stars or {}).get(seat, next(ninja_stars))
        character = data.character_index(characters[seat])
        s.character[seat] = character
        s.hp[seat] = hp.get(seat, data.CHARACTERS[character].resilience)
        s.honor[seat] = honor.get(seat, start[0] if role == SHOGUN else start[1])
    assert list(roles).count("shogun") == 1, roles

    used = [0] * NUM_CARDS
    for seat in range(n):
        s.hand_size[seat] = 0
        for c in range(NUM_CARDS):
            s.hand[seat * NUM_CARDS + c] = 0
        for key, count in hands.get(seat, {}).items():
            s.hand[seat * NUM_CARDS + card(key)] = count
            s.hand_size[seat] += count
            used[card(key)] += count
    s.bushido_holder = -1
    for seat in range(n):
        for p in range(NUM_PERMANENTS):
            s.permanents[seat * NUM_PERMANENTS + p] = 0
        for key, count in permanents.get(seat, {}).items():
            assert key in PERMANENT_KEYS, key
            s.permanents[seat * NUM_PERMANENTS + card(key) - FIRST_PERMANENT] = count
            used[card(key)] += count
            if key == "code_du_bushido" and count:
                assert s.bushido_holder < 0, "only one Code du bushido in play"
                s.bushido_holder = seat

    s.discard_len = len(discard)
    for i, key in enumerate(discard):
        s.discard[i] = card(key)
        used[card(key)] += 1
    if pile is None:
        rest = []
        for c, spec in enumerate(data.CARDS):
            rest += [spec.key] * max(0, spec.copies - used[c])
        random.Random(seed).shuffle(rest)
        pile = rest
    s.pile_len = len(pile)
    for i, key in enumerate(pile):
        s.pile[i] = card(key)

    s.turn = s.shogun if turn is None else turn
    s.phase = k.PHASE_NAMES.index(phase)
    s.actor = s.turn if actor is None else actor
    s.weapons_played = weapons_played
    s.pending_card = -1
    s.pending_target = -1
    s.reacting = -1
    s.draws_left = 0
    return s


# ------------------------------------------------------------------ reading a state
def hand(s, seat):
    """``seat``'s hand as ``{card_key: count}``."""
    return {data.CARDS[c].key: s.hand[seat * NUM_CARDS + c]
            for c in range(NUM_CARDS) if s.hand[seat * NUM_CARDS + c]}


def in_play(s, seat):
    """The permanents in front of ``seat`` as ``{card_key: count}``."""
    return {key: s.permanents[seat * NUM_PERMANENTS + p]
            for p, key in enumerate(PERMANENT_KEYS) if s.permanents[seat * NUM_PERMANENTS + p]}


def pile(s):
    """The draw pile, bottom first (the last entry is the next card drawn)."""
    return [data.CARDS[s.pile[i]].key for i in range(s.pile_len)]


def discard(s):
    """The discard pile, bottom first (the last entry is its top)."""
    return [data.CARDS[s.discard[i]].key for i in range(s.discard_len)]


def phase(k, s):
    return k.PHASE_NAMES[s.phase]


def event_names(k, s, since=0):
    return [k.EVENT_NAMES[e[0]] for e in s.events[since:]]


def cards_accounted(s):
    """Every card of the deck somewhere: hands, in play, draw and discard piles."""
    return (sum(s.hand_size[seat] for seat in range(s.n))
            + sum(s.permanents[i] for i in range(s.n * NUM_PERMANENTS))
            + s.pile_len + s.discard_len)


# ------------------------------------------------------------------ acting
def actor(s):
    seats = s.current_seats()
    assert len(seats) == 1, seats
    return seats[0]


def legal_names(s, k=None):
    """Names of the legal actions of the player who decides now."""
    names = _names(s, k)
    return [names[a] for a in s.legal_actions(actor(s))]


def act(s, name, k=None):
    """Applies the named action for the player who decides now, asserting that it is legal."""
    names = _names(s, k)
    seat = actor(s)
    legal = [names[a] for a in s.legal_actions(seat)]
    assert name in legal, "%s is not legal for seat %d: %s" % (name, seat, legal)
    s.apply(seat, names.index(name))
    return s


def _names(s, k):
    if k is not None:
        return k.ACTION_NAMES
    import sys
    return sys.modules[type(s).__module__].ACTION_NAMES

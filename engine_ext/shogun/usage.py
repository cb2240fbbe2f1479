"""Which designed components a finished game of Shōgun no Katana used, read from its public events.

The balance of the designed data (``data.py``) asks that every card, hall and tile be used in
self-play: a component nobody ever uses is a design to fix.  Used means:

* a Daimyō or market card: its immediate effect played, or its permanent advantage bought;
* a hall: activated (a hall with an action), or, for a passive hall, its advantage applied: a
  permanent bought by a seat with a family member in the discount hall, a sword moved with a
  resource just bought by a seat with one in the market-move hall;
* a sword tile: delivered;
* an honour card: taken.

``seen`` counts the components that were in play in the game (the halls drawn, every tile and
card that left its pile, the honour cards revealed), so that "seen but never used" can be told
from "never in play".  ``counts`` is the spec's ``usage`` hook: ``arena balance shogun`` sums it
over its games and names what was never used.
"""
from . import data
from .views import EVENT_NAMES

(EV_BUY, EV_DELIVER, EV_DRAFT, EV_FAMILY, EV_HALL, EV_MARKET_CARD, EV_MOVE, EV_PLACE, EV_PLAY, EV_PURCHASE,
 EV_REFILL, EV_REORGANIZE, EV_TAKE_SWORD) = (EVENT_NAMES.index(name) for name in (
    "buy", "deliver", "draft", "family", "hall", "market_card", "move", "place", "play", "purchase", "refill",
    "reorganize", "take_sword"))

KINDS = ("cards", "halls", "tiles", "honours")


def keys(kind):
    """The components of ``kind``, by key, in the data's order."""
    table = {"cards": data.CARDS, "halls": data.HALLS, "tiles": data.TILES, "honours": data.HONOURS}[kind]
    return [item.key for item in table]


def empty():
    """Counts of zero for every component: {"used": {kind: {key: 0}}, "seen": {...}}."""
    return {part: {kind: dict.fromkeys(keys(kind), 0) for kind in KINDS} for part in ("used", "seen")}


def add(total, counts):
    """Adds the counts of one game to ``total`` (both as ``empty()`` makes them)."""
    for part in ("used", "seen"):
        for kind in KINDS:
            for key, count in counts[part][kind].items():
                total[part][kind][key] += count
    return total


def _passive_holders(state):
    """For each event (by index) of a purchase of a permanent or a sword's move, whether its seat had
    then a family member in the discount hall and in the market-move hall.  Members come and go by
    events only: the halls at each event are found walking back from the state's own table."""
    slots = data.HALLS_IN_PLAY
    member = [[state.member[seat * slots + slot] for slot in range(slots)] for seat in range(state.n)]
    kind_of = [data.HALLS[state.halls[slot]].kind for slot in range(slots)]
    holders = {}
    for index in range(len(state.events) - 1, -1, -1):
        kind, seat, a, b, c = state.events[index]
        if kind == EV_FAMILY:
            member[seat][a] = 0
        elif kind == EV_REORGANIZE:
            member[seat][a], member[seat][b] = 1, 0
        elif kind == EV_BUY or kind == EV_MOVE:
            held = {kind_of[slot] for slot in range(slots) if member[seat][slot]}
            holders[index] = (data.H_DISCOUNT in held, data.H_MARKET_MOVE in held)
    return holders


def usage(state):
    """The components a finished game (played with its events recorded) used and saw, counted."""
    counts = empty()
    used, seen = counts["used"], counts["seen"]
    cards, halls, tiles, honours = keys("cards"), keys("halls"), keys("tiles"), keys("honours")
    for h in state.halls:
        seen["halls"][halls[h]] += 1
    holders = _passive_holders(state)
    bought_now = [False] * state.n         # a resource bought in the market action under way
    for index, (kind, seat, a, b, c) in enumerate(state.events):
        if kind == EV_PLAY:
            used["cards"][cards[a]] += 1
        elif kind == EV_BUY:
            used["cards"][cards[a]] += 1
            if holders[index][0]:
                used["halls"]["discount"] += 1
        elif kind == EV_TAKE_SWORD:
            seen["tiles"][tiles[a]] += 1
            if c >= 0:
                seen["cards"][cards[c]] += 1
        elif kind == EV_DRAFT or kind == EV_REFILL:
            seen["tiles"][tiles[a if kind == EV_DRAFT else b]] += 1
        elif kind == EV_MARKET_CARD:
            seen["cards"][cards[a]] += 1
            bought_now[seat] = False
        elif kind == EV_DELIVER and b < data.NUM_TILES:
            used["tiles"][tiles[b]] += 1
        elif kind == EV_HALL:
            used["halls"][halls[b]] += 1
        elif kind == EV_PLACE:
            bought_now[seat] = False
        elif kind == EV_PURCHASE:
            bought_now[seat] = True
        elif kind == EV_MOVE and bought_now[seat]:
            if holders[index][1]:
                used["halls"]["market_move"] += 1
            bought_now[seat] = False
    for seat_honours in state.honours:
        for h in seat_honours:
            used["honours"][honours[h]] += 1
    for h in list(state.honour_display) + [h for seat_honours in state.honours for h in seat_honours]:
        seen["honours"][honours[h]] += 1
    return counts


def counts(state):
    """What ``arena balance`` sums over self-play (``GameSpec.usage``): {kind: {key: times used}},
    every component listed, those unused at 0."""
    return usage(state)["used"]


def never_used(total):
    """{kind: [keys]} of the components seen in play but never used, over ``total``."""
    return {kind: [key for key, count in total["used"][kind].items()
                   if count == 0 and total["seen"][kind][key] > 0] for kind in KINDS}


def never_seen(total):
    """{kind: [keys]} of the components never in play over ``total``."""
    return {kind: [key for key, count in total["seen"][kind].items() if count == 0] for kind in KINDS}

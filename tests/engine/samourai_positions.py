"""Constructed positions of Samouraï & Katana for the rule tests: a board, hands and koku set by
hand on a new game, with the decision that the test wants to ask next.  Both builds index their
state like lists (flat int tables; the pile, the discards and the log are lists), so tests read
and set fields directly; compare a table with ``list(...)``."""
from arena.engines import load_module
from engine_ext.samourai import data
from engine_ext.samourai.actions import ACTIONS

NK = len(data.CARDS)
NT = len(data.TERRITORIES)


def rules(build):
    return load_module("engine_ext.samourai._rules", build)


def T(key):
    return data.territory_index(key)


def C(key):
    return data.card_index(key)


def names(state, seat):
    return [ACTIONS.names[a] for a in state.legal_actions(seat)]


def act(state, seat, *action_names):
    for name in action_names:
        state.apply(seat, ACTIONS.id(name))


def events(state, name):
    return [e for e in state.full_view()["events"] if e["event"] == name]


def set_hand(state, seat, cards):
    for k in range(NK):
        state.hand[seat * NK + k] = 0
    for key in cards:
        state.hand[seat * NK + C(key)] += 1
    state.hand_size[seat] = len(cards)


def hand(state, seat):
    return {data.CARD_KEYS[k]: state.hand[seat * NK + k] for k in range(NK) if state.hand[seat * NK + k]}


def position(build, n=3, board=None, hands=None, koku=None, honor=None, active=0, step="activate",
             seed=0, pile=None, **options):
    """A game of ``n`` seats at the activation turn of ``active`` in round 1 (or, with
    ``step="purchase"``, at its purchase turn).  ``board``: {territory key: (seat, samurai,
    castle)}; every other territory is free.  ``hands``: {seat: [card keys]}, other seats hold no
    card (so that no reaction window asks them).  ``pile``: the draw pile, top card last."""
    m = rules(build)
    state = m.new_state(n, seed, options)
    for t in range(NT):
        state.owner[t], state.samurai[t], state.castle[t] = -1, 0, -1
    for key, (seat, samurai, castle) in (board or {}).items():
        state.owner[T(key)] = seat
        state.samurai[T(key)] = samurai
        state.castle[T(key)] = seat if castle else -1
    for s in range(n):
        set_hand(state, s, (hands or {}).get(s, []))
        state.koku[s] = (koku or {}).get(s, 5)
        state.honor[s] = (honor or {}).get(s, 0)
        state.castles_left[s] = 3 - state.castles_on_board(s)
        state.reserve[s] = data.SAMURAI_ALLOWANCE[0][n] - state.samurai_on_board(s)
        state.setup_left[s] = 0
        state.done[s] = 0
    if pile is not None:
        state.pile = [C(k) for k in pile]
    state.discard = []
    state.round_no = 1
    state.events = []
    state.view_cache = {}
    state.active = active
    state.decider = active
    if step == "purchase":
        state.phase = m.PH_PURCHASE if hasattr(m, "PH_PURCHASE") else 1
        state.step = 4
    else:
        state.phase = 2
        state.step = 6
    return state

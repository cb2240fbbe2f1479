"""Shōgun no Katana's observations, full view and decision view, built by compiled code (``views``
re-exports them).

One source for both builds, like the rules: compiled by Cython (typed by ``_views.pxd``, the
state's int tables read as C arrays) and run as plain Python by the uncompiled build.  Nothing
is private: cards, forges, stocks, coins, the project and honour cards are all face up.  Hidden
from everybody are the orders of the sword stack, of each Daimyō deck below its visible top card,
of the market deck below its top card, of the honour deck and of the ghost's action deck: a view
shows their sizes only.
"""
from . import chapters
from . import data
from ._core import ShogunCore  # noqa: F401  (the type of ``state``)
from .actions import CARD_KEYS, CELLS, LINES, PLACES

PHASE_NAMES = ("draft", "turn", "after_action", "honour", "sashimono", "market_buy", "market_card", "advance",
               "decorate", "side_decorate", "side_free", "palace_place", "reorganize", "palace_activate",
               "side_hall", "forge", "move", "komainu", "line", "resolve_cards", "deliver_score",
               "deliver_lines", "project", "katana_modify", "compose", "decorate_one", "family", "hall_once",
               "game_over", "market_coin")
EVENT_NAMES = ("round", "draft", "place", "pass", "take_sword", "purchase", "market_card", "move", "swap",
               "advance", "decorate", "family", "reorganize", "hall", "deliver", "collect", "project",
               "katana", "play", "buy", "discard", "sashimono", "favour", "refill", "honour_reveal", "score",
               "end", "temple_tax", "ghost_card", "ghost_sword", "ghost_hall", "ghost_market", "ghost_decorate",
               "ghost_pass")
FAVOUR_HOLDER = {-3: "not_in_play", -2: "open", -1: "removed"}


# what the views name, by the ids the state holds
TILE_KEYS = [t.key for t in data.TILES] + ["katana"]            # a tile id (the katana's is NUM_TILES)
DECORATED = [[r for k, r in enumerate(data.RESOURCES) if mask & (1 << k)] for mask in range(16)]  # by bits
SASHIMONO_KEYS = list(data.HOUSES) + ["starting"]              # a sword's sashimono (4: the starting one)
HONOUR_KEYS = tuple(h.key for h in data.HONOURS)
HALL_KEYS = tuple(h.key for h in data.HALLS)
KATANA_STATES = ("project", "forge", "delivered")
SHAMES = ("", "honte", "deshonneur")
SPACE_HOUSES = tuple(data.HOUSES[space[0]] for space in data.SWORD_SPACES)


def _card_key(card):
    return CARD_KEYS[card] if card >= 0 else None


def _tile(tile):
    if tile < 0:
        return None
    return TILE_KEYS[tile]


def _named(names, table, start):
    """``{names[k]: table[start + k]}``: a seat's row of a table, by name."""
    row = {}
    for k in range(len(names)):
        row[names[k]] = table[start + k]
    return row


def _total(table):
    count = 0
    for k in range(len(table)):
        count += table[k]
    return count


def _seat(state, s):
    """Seat ``s``'s part of the table."""
    n_res, n_cards, n_lines = data.NUM_RESOURCES, len(CARD_KEYS), len(LINES)
    resources = data.RESOURCES
    swords = [{"cell": CELLS[cell], "tile": TILE_KEYS[tile], "placed": placed, "decorated": list(DECORATED[deco]),
               "sashimono": SASHIMONO_KEYS[sashi] if sashi >= 0 else None, "complete": bool(complete)}
              for cell, tile, placed, deco, sashi, complete in state.swords(s)]
    r0, c0, l0 = s * n_res, s * n_cards, s * n_lines
    hand = state.hand
    cards = {}
    for k in range(n_cards):
        if hand[c0 + k]:
            cards[CARD_KEYS[k]] = hand[c0 + k]
    under = {}
    for k in range(n_lines):
        line_cards = state.under[l0 + k]
        if line_cards:
            under[LINES[k]] = [CARD_KEYS[c] for c in line_cards]
    katana_column = state.katana_column[s]
    return {
        "coins": state.coins[s], "score": state.score[s], "passed": bool(state.passed[s]),
        "workers_available": state.workers_free[s], "workers_unlocked": state.workers_unlocked[s],
        "monks_used": state.monks_used[s],
        "stock": _named(resources, state.stock, r0),
        "artisans": _named(resources, state.artisan, r0),
        "project": _named(resources, state.project, r0),
        "sashimono": _named(data.HOUSES, state.sashimono, r0),
        "forge": swords,
        "cards": cards,
        "under": under,
        "open_cards": [{"card": _card_key(e[0]), "used": bool(e[1]), "bought": bool(e[2])}
                       for e in state.open_entries(s)],
        "family_home": state.family_home[s],
        "katana": {"state": KATANA_STATES[state.katana_state[s]],
                   "composition": [resources[r] for r in state.katana_comp[s]],
                   "column": katana_column + 1 if katana_column >= 0 else None,
                   "value": state.katana_value[s]},
        "shame": SHAMES[state.shame[s]],
        "delivered": [{"tile": TILE_KEYS[e[0]], "decorated": list(DECORATED[e[1]]), "to_project": list(e[2:6])}
                      for e in state.delivered[s]],
        "honours": [HONOUR_KEYS[h] for h in state.honours[s]],
    }


def _market_display(state):
    display = state.market_display
    return [_card_key(display[k]) for k in range(len(display))]


def _table(state):
    n = state.n
    favour, supply, decks = state.favour, state.sashi_supply, state.daimyo_deck
    view = {
        "game": "shogun", "players": n, "round": state.round + 1, "first_player": state.first,
        "turn": state.turn, "phase": PHASE_NAMES[state.phase], "to_act": state.current_seats(),
        "temple_cost": data.TEMPLE_COST[state.round],
        "draft": [_tile(tile) for tile in state.draft],
        "sword_spaces": _sword_spaces(state),
        "sword_stack": len(state.tile_stack),
        "daimyo_decks": [{"house": data.HOUSES[h], "size": len(decks[h]),
                          "top": _card_key(decks[h][len(decks[h]) - 1]) if decks[h] else None}
                         for h in range(data.DAIMYO_DECKS)],
        "market_display": _market_display(state),
        "market_deck": len(state.market_deck),
        "market_spaces_used": _total(state.market_used), "academy_spaces_used": _total(state.academy_used),
        "palace_spaces_used": _total(state.palace_used),
        "komainu": _figure(state.komainu),
        "halls": _halls(state),
        "honour_display": [HONOUR_KEYS[h] for h in state.honour_display],
        "honour_deck": len(state.honour_deck),
        "favours": {data.FAVOURS[f]: FAVOUR_HOLDER.get(favour[f], favour[f]) for f in range(len(data.FAVOURS))},
        "sashimono_supply": {data.HOUSES[h]: supply[h] for h in range(data.NUM_RESOURCES)},
        "seats": [_seat(state, s) for s in range(n)],
        "over": state.over,
    }
    if state.ghost is not None:
        view["ghost"] = _ghost_view(state.ghost)
    if state.chapter:
        # the story chapter (R133-R138): its rules in words, its conditions met so far (final at the end)
        view["chapter"] = chapters.view(state)
    return view


def _halls(state):
    member, halls_in_play = state.member, data.HALLS_IN_PLAY
    halls = []
    for slot in range(chapters.open_halls(state) if state.chapter else halls_in_play):
        members = []
        for s in range(state.n):
            for _ in range(member[s * halls_in_play + slot]):
                members.append(s)
        halls.append({"hall": HALL_KEYS[state.halls[slot]], "members": members})
    return halls


def _sword_spaces(state):
    space_open, space_tile, space_worker = state.space_open, state.space_tile, state.space_worker
    return [{"space": PLACES[k], "house": SPACE_HOUSES[k], "open": bool(space_open[k]),
             "tile": _tile(space_tile[k]), "worker": _figure(space_worker[k])}
            for k in range(len(SPACE_HOUSES))]


def decision_view(state, seat):
    """The part of ``observation(state, seat)`` the built-in player reads to decide
    (``heuristic.SwordSmith``), each entry as there, the other seats' parts left out (None) and
    of the ghost only its level: its look-ahead (``planner``) reads the table at every step of the
    games it plays on, where the whole observation would cost most of the time."""
    _check_seat(state, seat)
    seats = [None] * state.n
    seats[seat] = _seat(state, seat)
    view = {
        "game": "shogun", "seat": seat, "round": state.round + 1, "phase": PHASE_NAMES[state.phase],
        "temple_cost": data.TEMPLE_COST[state.round], "draft": [_tile(tile) for tile in state.draft],
        "sword_spaces": _sword_spaces(state), "market_display": _market_display(state),
        "halls": _halls(state), "honour_display": [HONOUR_KEYS[h] for h in state.honour_display],
        "seats": seats,
    }
    if state.ghost is not None:
        view["ghost"] = {"level": state.ghost.level}
    return view


def _figure(holder):
    """Who holds a board space: a seat, ``"ghost"`` (-2) or nobody (-1)."""
    return holder if holder >= 0 else ("ghost" if holder == -2 else None)


def _ghost_view(ghost):
    """The ghost's public belongings (a table without the ghost has no ``ghost`` entry): its deck only by its size (its order is hidden, R118), its
    discard pile face up, the set-aside cards by their number (one joins the deck unseen, R130)."""
    return {"level": ghost.level, "score": ghost.score, "total": ghost.total if ghost.end else None,
            "workers_available": ghost.available,
            "workers_out": data.GHOST_LEVELS[ghost.level - 1].available + ghost.unlocked - ghost.available,
            "passed": ghost.passed, "plays_first": ghost.plays_first,
            "washitsu": [_tile(t) for t in ghost.washitsu], "blocked_slots": list(ghost.blocked),
            "sashimono": dict(zip(data.HOUSES, ghost.sashimono)),
            "katana": [{"resource": data.RESOURCES[r], "decorated": bool(d)} for r, d in ghost.katana],
            "halls": [h + 1 for h in ghost.halls], "market_cards": [_card_key(c) for c in ghost.market_cards],
            "honours": [HONOUR_KEYS[h] for h in ghost.honours],
            "deck": len(ghost.deck), "discard": [data.GHOST_CARDS[c] for c in ghost.discard],
            "last_card": data.GHOST_CARDS[ghost.discard[len(ghost.discard) - 1]] if ghost.discard else None,
            "set_aside": len(ghost.set_aside)}


def _resource(r):
    return data.RESOURCES[r] if r >= 0 else None


# each event's fields, by name, from its (a, b, c)
_EVENT_FIELDS = {
    "round": lambda a, b, c: {"round": a},
    "draft": lambda a, b, c: {"tile": _tile(a), "coins": b},
    "place": lambda a, b, c: {"place": PLACES[a], "monk": bool(b)},
    "take_sword": lambda a, b, c: {"tile": _tile(a), "house": data.HOUSES[b], "card": _card_key(c)},
    "purchase": lambda a, b, c: {"resource": _resource(a), "price": b},
    "market_card": lambda a, b, c: {"card": _card_key(a), "position": b + 1},
    "move": lambda a, b, c: {"from": CELLS[a], "to": CELLS[b], "resource": _resource(c)},
    "swap": lambda a, b, c: {"upper": CELLS[a], "lower": CELLS[b]},
    "advance": lambda a, b, c: {"resource": _resource(a), "column": b},
    "decorate": lambda a, b, c: {"cell": CELLS[a], "resource": _resource(b), "coins": c},
    "family": lambda a, b, c: {"hall": a + 1},
    "reorganize": lambda a, b, c: {"from_hall": a + 1, "to_hall": b + 1},
    "hall": lambda a, b, c: {"hall": a + 1, "key": data.HALLS[b].key},
    "deliver": lambda a, b, c: {"cell": CELLS[a], "tile": _tile(b), "points": c},
    "collect": lambda a, b, c: {"line": LINES[a], "coins": b, "points": c},
    "project": lambda a, b, c: {"resource": _resource(a), "change": b if b else 1, "penalty": bool(c)},
    "katana": lambda a, b, c: {"resources": a, "first": _resource(b)},
    "play": lambda a, b, c: {"card": _card_key(a)},
    "buy": lambda a, b, c: {"card": _card_key(a), "line": LINES[b], "price": c},
    "discard": lambda a, b, c: {"card": _card_key(a)},
    "sashimono": lambda a, b, c: {"house": data.HOUSES[a]},
    "favour": lambda a, b, c: {"favour": data.FAVOURS[a], "points": b, "shared_by": c},
    "refill": lambda a, b, c: {"space": PLACES[a], "tile": _tile(b)},
    "honour_reveal": lambda a, b, c: {"honour": data.HONOURS[a].key},
    "score": lambda a, b, c: {"score": a},
    "temple_tax": lambda a, b, c: {"due": a, "coins": b, "points": c},
    # the ghost's turn: its card is public once drawn (R127: a full area's card is shown and set aside)
    "ghost_card": lambda a, b, c: {"card": data.GHOST_CARDS[a], "points": b, "placed": c == 1, "ignored": c == 2},
    "ghost_sword": lambda a, b, c: {"tile": _tile(a), "house": data.HOUSES[b], "sashimono": bool(c & 1),
                                    "worker_freed": bool(c & 2)},
    "ghost_hall": lambda a, b, c: {"hall": a + 1 if a >= 0 else None, "members": b},
    "ghost_market": lambda a, b, c: {"card": _card_key(a) if a >= 0 else None, "position": b + 1 if a >= 0 else None},
    "ghost_decorate": lambda a, b, c: {"resource": _resource(a)},
    "ghost_pass": lambda a, b, c: {"honour": data.HONOURS[a].key if a >= 0 else None},
}


def _event(event):
    kind, seat, a, b, c = event
    name = EVENT_NAMES[kind]
    entry = {"event": name, "seat": seat if seat >= 0 else None}
    fields = _EVENT_FIELDS.get(name)
    if fields is not None:
        entry.update(fields(a, b, c))
    return entry


def _events(state, since):
    """The log from index ``since`` on (every event is public); ``since`` counts as a slice's
    start does."""
    events = state.events
    count = len(events)
    if since < 0:
        since = max(count + since, 0)
    return [_event(events[i]) for i in range(since, count)]


def _check_seat(state, seat):
    """The tables are read unchecked in the compiled build: a seat outside the table is refused."""
    if seat < 0 or seat >= state.n:
        raise ValueError("no seat %d in a %d-player game" % (seat, state.n))


def observation(state, seat, since=0):
    """Everything ``seat`` may know (the whole public table), with the events from ``since`` on."""
    _check_seat(state, seat)
    view = _table(state)
    view["seat"] = seat
    view["events"] = _events(state, since)
    view["event_count"] = len(state.events)
    return view


def full_view(state, since=0):
    """The table and the hidden orders: for spectators of finished games and replays."""
    view = _table(state)
    view["seat"] = None
    view["hidden"] = {"sword_stack": [_tile(t) for t in state.tile_stack],
                      "daimyo_decks": [[_card_key(c) for c in deck] for deck in state.daimyo_deck],
                      "market_deck": [_card_key(c) for c in state.market_deck],
                      "honour_deck": [HONOUR_KEYS[h] for h in state.honour_deck]}
    if state.ghost is not None:
        view["hidden"]["ghost_deck"] = [data.GHOST_CARDS[c] for c in state.ghost.deck]
        view["hidden"]["ghost_set_aside"] = [data.GHOST_CARDS[c] for c in state.ghost.set_aside]
    view["events"] = _events(state, since)
    view["event_count"] = len(state.events)
    return view

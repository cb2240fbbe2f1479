"""What a seat of Shōgun no Katana sees, the full view, the result, and resampling.

Plain Python over the state's fields, shared by both builds.  Nothing is private: cards, forges,
stocks, coins, the project and honour cards are all face up (§6.1 of the rules inventory).  Hidden
from everybody are the orders of the sword stack, of each Daimyō deck below its visible top card,
of the market deck below its top card, of the honour deck and of the ghost's action deck: an observation shows their sizes
only, and ``resample_hidden`` redraws them.
"""
import random

from . import _ghost
from . import chapters
from . import data
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
# what the seat asked is doing at each phase, in words (for "to act: ..." on a page)
PHASE_WORDS = {
    "draft": "chooses a starting sword", "turn": "places a worker or a monk, or passes",
    "after_action": "may deliver swords or play cards before ending the action",
    "honour": "takes an honour card", "sashimono": "takes a sashimono", "market_buy": "buys resources at the market",
    "market_card": "takes a market card", "advance": "advances an artisan at the academy",
    "decorate": "decorates resources at the academy", "side_decorate": "may decorate too (the academy was used)",
    "side_free": "may deliver swords or play cards", "palace_place": "sends a family member to a palace hall",
    "reorganize": "moves family members between the halls", "palace_activate": "uses the palace halls",
    "side_hall": "may use a hall too (the palace was used)", "forge": "places resources on the swords of a line",
    "move": "moves a sword", "komainu": "chooses the Komainu's second monk effect",
    "line": "chooses the line to slide the permanent under", "resolve_cards": "uses or keeps the cards taken",
    "deliver_score": "may play cards on the sword delivered", "deliver_lines": "collects the delivery's advantages",
    "project": "adds a resource to the Shōgun no Katana's project", "katana_modify": "may change the project",
    "compose": "orders the Shōgun no Katana's resources", "decorate_one": "decorates one resource",
    "family": "sends a family member to a hall", "hall_once": "uses a hall", "game_over": "the game is over",
    "market_coin": "puts a coin on a resource bought",
}


def _card_key(card):
    return data.CARDS[card].key if card >= 0 else None


def _tile(tile):
    if tile < 0:
        return None
    if tile == data.NUM_TILES:
        return "katana"
    return data.TILES[tile].key


# what the views name, by the ids the state holds
TILE_KEYS = [t.key for t in data.TILES] + ["katana"]            # a tile id (the katana's is NUM_TILES)
DECORATED = [[r for k, r in enumerate(data.RESOURCES) if mask & (1 << k)] for mask in range(16)]  # by bits
SASHIMONO_KEYS = list(data.HOUSES) + ["starting"]              # a sword's sashimono (4: the starting one)


def _seat(state, t, s):
    """Seat ``s``'s part of the table; ``t`` holds the state's int tables as lists (``tables()``)."""
    n_res, n_cards, n_lines = data.NUM_RESOURCES, len(data.CARDS), len(LINES)
    resources, houses = data.RESOURCES, data.HOUSES
    swords = [{"cell": CELLS[cell], "tile": TILE_KEYS[tile], "placed": placed, "decorated": list(DECORATED[deco]),
               "sashimono": SASHIMONO_KEYS[sashi] if sashi >= 0 else None, "complete": bool(complete)}
              for cell, tile, placed, deco, sashi, complete in state.swords(s)]
    r0, r1, c0, l0 = s * n_res, (s + 1) * n_res, s * n_cards, s * n_lines
    katana_column = t["katana_column"][s]
    return {
        "coins": t["coins"][s], "score": t["score"][s], "passed": bool(t["passed"][s]),
        "workers_available": t["workers_free"][s], "workers_unlocked": t["workers_unlocked"][s],
        "monks_used": t["monks_used"][s],
        "stock": dict(zip(resources, t["stock"][r0:r1])),
        "artisans": dict(zip(resources, t["artisan"][r0:r1])),
        "project": dict(zip(resources, t["project"][r0:r1])),
        "sashimono": dict(zip(houses, t["sashimono"][r0:r1])),
        "forge": swords,
        "cards": {key: count for key, count in zip(CARD_KEYS, t["hand"][c0:c0 + n_cards]) if count},
        "under": {line: [CARD_KEYS[c] for c in cards]
                  for line, cards in zip(LINES, state.under[l0:l0 + n_lines]) if cards},
        "open_cards": [{"card": _card_key(e[0]), "used": bool(e[1]), "bought": bool(e[2])}
                       for e in state.open_entries(s)],
        "family_home": t["family_home"][s],
        "katana": {"state": ("project", "forge", "delivered")[t["katana_state"][s]],
                   "composition": [resources[r] for r in state.katana_comp[s]],
                   "column": katana_column + 1 if katana_column >= 0 else None,
                   "value": t["katana_value"][s]},
        "shame": ("", "honte", "deshonneur")[t["shame"][s]],
        "delivered": [{"tile": TILE_KEYS[e[0]], "decorated": list(DECORATED[e[1]]), "to_project": list(e[2:6])}
                      for e in state.delivered[s]],
        "honours": [data.HONOURS[h].key for h in state.honours[s]],
    }


def _table(state):
    # The int tables are read once, as lists: in the compiled build each read of a table from Python
    # makes a memoryview object, which would cost more than the view itself.
    t = state.tables()
    n = state.n
    favour, supply, decks = t["favour"], t["sashi_supply"], state.daimyo_deck
    return {
        "game": "shogun", "players": n, "round": state.round + 1, "first_player": state.first,
        "turn": state.turn, "phase": PHASE_NAMES[state.phase], "to_act": state.current_seats(),
        "temple_cost": data.TEMPLE_COST[state.round],
        "draft": [_tile(tile) for tile in state.draft],
        "sword_spaces": _sword_spaces(t),
        "sword_stack": len(state.tile_stack),
        "daimyo_decks": [{"house": data.HOUSES[h], "size": len(decks[h]),
                          "top": _card_key(decks[h][-1]) if decks[h] else None}
                         for h in range(data.DAIMYO_DECKS)],
        "market_display": [_card_key(c) for c in t["market_display"]],
        "market_deck": len(state.market_deck),
        "market_spaces_used": sum(t["market_used"]), "academy_spaces_used": sum(t["academy_used"]),
        "palace_spaces_used": sum(t["palace_used"]),
        "komainu": _figure(state.komainu),
        "halls": _halls(state, t),
        "honour_display": [data.HONOURS[h].key for h in state.honour_display],
        "honour_deck": len(state.honour_deck),
        "favours": {data.FAVOURS[f]: FAVOUR_HOLDER.get(favour[f], favour[f]) for f in range(len(data.FAVOURS))},
        "sashimono_supply": {data.HOUSES[h]: supply[h] for h in range(data.NUM_RESOURCES)},
        "seats": [_seat(state, t, s) for s in range(n)],
        "over": state.over,
    } | ({"ghost": _ghost_view(state.ghost)} if state.ghost is not None else {}) | _chapter_view(state)


def _halls(state, t):
    member, halls_in_play = t["member"], data.HALLS_IN_PLAY
    return [{"hall": data.HALLS[state.halls[slot]].key,
             "members": [s for s in range(state.n) for _ in range(member[s * halls_in_play + slot])]}
            for slot in range(chapters.open_halls(state) if state.chapter else halls_in_play)]


def _sword_spaces(t):
    space_open, space_tile, space_worker = t["space_open"], t["space_tile"], t["space_worker"]
    return [{"space": PLACES[k], "house": data.HOUSES[data.SWORD_SPACES[k][0]], "open": bool(space_open[k]),
             "tile": _tile(space_tile[k]), "worker": _figure(space_worker[k])}
            for k in range(len(data.SWORD_SPACES))]


def decision_view(state, seat):
    """The part of ``observation(state, seat)`` the built-in player reads to decide
    (``heuristic.SwordSmith``), each entry as there, the other seats' parts left out (None) and
    of the ghost only its level: its
    look-ahead (``planner``) reads the table at every step of the games it plays on, where the
    whole observation would cost most of the time."""
    t = state.tables()
    seats = [None] * state.n
    seats[seat] = _seat(state, t, seat)
    return {
        "game": "shogun", "seat": seat, "round": state.round + 1, "phase": PHASE_NAMES[state.phase],
        "temple_cost": data.TEMPLE_COST[state.round], "draft": [_tile(tile) for tile in state.draft],
        "sword_spaces": _sword_spaces(t), "market_display": [_card_key(c) for c in t["market_display"]],
        "halls": _halls(state, t), "honour_display": [data.HONOURS[h].key for h in state.honour_display],
        "seats": seats,
    } | ({"ghost": {"level": state.ghost.level}} if state.ghost is not None else {})


def _chapter_view(state):
    """The story chapter (R133-R138): its rules in words, its conditions met so far (final at the end)."""
    return {"chapter": chapters.view(state)} if state.chapter else {}


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
            "honours": [data.HONOURS[h].key for h in ghost.honours],
            "deck": len(ghost.deck), "discard": [data.GHOST_CARDS[c] for c in ghost.discard],
            "last_card": data.GHOST_CARDS[ghost.discard[-1]] if ghost.discard else None,
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


def observation(state, seat, since=0):
    """Everything ``seat`` may know (the whole public table), with the events from ``since`` on."""
    view = _table(state)
    view["seat"] = seat
    view["events"] = [_event(e) for e in state.events[since:]]
    view["event_count"] = len(state.events)
    return view


def full_view(state, since=0):
    """The table and the hidden orders: for spectators of finished games and replays."""
    view = _table(state)
    view["seat"] = None
    view["hidden"] = {"sword_stack": [_tile(t) for t in state.tile_stack],
                      "daimyo_decks": [[_card_key(c) for c in deck] for deck in state.daimyo_deck],
                      "market_deck": [_card_key(c) for c in state.market_deck],
                      "honour_deck": [data.HONOURS[h].key for h in state.honour_deck]}
    if state.ghost is not None:
        view["hidden"]["ghost_deck"] = [data.GHOST_CARDS[c] for c in state.ghost.deck]
        view["hidden"]["ghost_set_aside"] = [data.GHOST_CARDS[c] for c in state.ghost.set_aside]
    view["events"] = [_event(e) for e in state.events[since:]]
    view["event_count"] = len(state.events)
    return view


def result(state):
    if not state.over:
        raise ValueError("the game is not over")
    ranks = state.ranks()
    return {
        "game": "shogun", "end_reason": state.end_reason,
        "forfeited": [state.forfeited] if state.forfeited >= 0 else [],
        "scores": list(state.score), "ranks": ranks, "teams": ["seat_%d" % s for s in range(state.n)],
        "winner": [s for s in range(state.n) if ranks[s] == 1],      # R113: a tie not broken is shared
        "breakdown": [dict(zip(("money", "katana_left", "sashimono", "honour", "favours", "total"), row))
                      for row in state.end_scores],
        "favours": {data.FAVOURS[f]: FAVOUR_HOLDER.get(state.favour[f], state.favour[f])
                    for f in range(len(data.FAVOURS))},
        "decisions": state.decisions,
    } | ({"automata": [{"name": "ghost", "level": state.ghost.level, "score": state.ghost.total,
                        "rank": _ghost.ghost_rank(state, state.ghost), "breakdown": dict(state.ghost.end)}]}
         if state.ghost is not None else {}) | ({"chapter": chapters.summary(state)} if state.chapter else {})


def resample_hidden(state, seat, seed):
    """A copy ``seat`` cannot tell apart: the unseen orders redrawn (the sword stack, the Daimyō cards
    below the decks' visible tops, spread anew over the decks keeping their sizes, the market deck
    below its top, the honour deck).  The engine's own generator is kept."""
    rng = random.Random(seed)
    other = state.clone()
    rng.shuffle(other.tile_stack)
    unseen = [c for deck in other.daimyo_deck for c in deck[:-1]]
    rng.shuffle(unseen)
    for deck in other.daimyo_deck:
        if deck:
            top = deck[-1]
            deck[:] = [unseen.pop() for _ in range(len(deck) - 1)] + [top]
    if other.market_deck:
        below = other.market_deck[:-1]
        rng.shuffle(below)
        other.market_deck[:-1] = below
    rng.shuffle(other.honour_deck)
    if other.ghost is not None:
        other.ghost.resample(rng)                  # its deck order (R118)
    return other


def balance_facts(state):
    """What each seat starts with, for the balance report: its starting sashimono, which sets its
    place in the first round's turn order and the coins it brings (R11-R15)."""
    facts = []
    for s in range(state.n):
        position = (s - state.first + state.n) % state.n
        coins = data.STARTING_SASHIMONO_COINS[position]
        facts.append({"starting sashimono": f"{position + 1} ({coins} coin{'' if coins == 1 else 's'})"})
    return facts


def components():
    """The names and texts a page shows for the ids the views use (data.py's words) and what each
    phase asks, in words: the spec's ``components`` for the renderers (replays, a person's seat)."""
    return data.words() | {"phases": {name: PHASE_WORDS.get(name, name.replace("_", " ")) for name in PHASE_NAMES}}

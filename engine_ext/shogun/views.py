"""What a seat of Shōgun no Katana sees, the full view, the result, and resampling.

Plain Python over the state's fields, shared by both builds.  Nothing is private: cards, forges,
stocks, coins, the project and honour cards are all face up (§6.1 of the rules inventory).  Hidden
from everybody are the orders of the sword stack, of each Daimyō deck below its visible top card,
of the market deck below its top card and of the honour deck: an observation shows their sizes
only, and ``resample_hidden`` redraws them.
"""
import random

from . import data
from .actions import CELLS, LINES, PLACES

PHASE_NAMES = ("draft", "turn", "after_action", "honour", "sashimono", "market_buy", "market_card", "advance",
               "decorate", "side_decorate", "side_free", "palace_place", "reorganize", "palace_activate",
               "side_hall", "forge", "move", "komainu", "line", "resolve_cards", "deliver_score",
               "deliver_lines", "project", "katana_modify", "compose", "decorate_one", "family", "hall_once",
               "game_over")
EVENT_NAMES = ("round", "draft", "place", "pass", "take_sword", "purchase", "market_card", "move", "swap",
               "advance", "decorate", "family", "reorganize", "hall", "deliver", "collect", "project",
               "katana", "play", "buy", "discard", "sashimono", "favour", "refill", "honour_reveal", "score",
               "end")
FAVOUR_HOLDER = {-3: "not_in_play", -2: "open", -1: "removed"}


def _card_key(card):
    return data.CARDS[card].key if card >= 0 else None


def _tile(tile):
    if tile < 0:
        return None
    if tile == data.NUM_TILES:
        return "katana"
    return data.TILES[tile].key


def _seat(state, s):
    n_res, n_cells, n_cards = data.NUM_RESOURCES, data.FORGE_CELLS, len(data.CARDS)
    swords = []
    for cell in range(n_cells):
        i = s * n_cells + cell
        tile = state.cell_tile[i]
        if tile >= 0:
            sashi = state.cell_sashi[i]
            swords.append({"cell": CELLS[cell], "tile": _tile(tile), "placed": state.cell_progress[i],
                           "decorated": [data.RESOURCES[r] for r in range(n_res) if state.cell_deco[i] & (1 << r)],
                           "sashimono": (None if sashi < 0 else "starting" if sashi == 4 else data.HOUSES[sashi]),
                           "complete": state.is_complete(s, cell)})
    return {
        "coins": state.coins[s], "score": state.score[s], "passed": bool(state.passed[s]),
        "workers_available": state.workers_free[s], "workers_unlocked": state.workers_unlocked[s],
        "monks_used": state.monks_used[s],
        "stock": {data.RESOURCES[r]: state.stock[s * n_res + r] for r in range(n_res)},
        "artisans": {data.RESOURCES[r]: state.artisan[s * n_res + r] for r in range(n_res)},
        "project": {data.RESOURCES[r]: state.project[s * n_res + r] for r in range(n_res)},
        "sashimono": {data.HOUSES[h]: state.sashimono[s * n_res + h] for h in range(n_res)},
        "forge": swords,
        "cards": {data.CARDS[c].key: state.hand[s * n_cards + c] for c in range(n_cards) if state.hand[s * n_cards + c]},
        "under": {LINES[line]: [_card_key(c) for c in state.under[s * len(LINES) + line]]
                  for line in range(len(LINES)) if state.under[s * len(LINES) + line]},
        "open_cards": [{"card": _card_key(e[0]), "used": bool(e[1]), "bought": bool(e[2])} for e in state.open_cards[s]],
        "family_home": state.family_home[s],
        "katana": {"state": ("project", "forge", "delivered")[state.katana_state[s]],
                   "composition": [data.RESOURCES[r] for r in state.katana_comp[s]],
                   "column": state.katana_column[s] + 1 if state.katana_column[s] >= 0 else None,
                   "value": state.katana_value[s]},
        "shame": ("", "honte", "deshonneur")[state.shame[s]],
        "delivered": [{"tile": _tile(e[0]), "decorated": [data.RESOURCES[r] for r in range(n_res) if e[1] & (1 << r)],
                       "to_project": list(e[2:6])} for e in state.delivered[s]],
        "honours": [data.HONOURS[h].key for h in state.honours[s]],
    }


def _table(state):
    n = state.n
    halls = []
    for slot in range(data.HALLS_IN_PLAY):
        halls.append({"hall": data.HALLS[state.halls[slot]].key,
                      "members": [s for s in range(n) if state.member[s * data.HALLS_IN_PLAY + slot]]})
    return {
        "game": "shogun", "players": n, "round": state.round + 1, "first_player": state.first,
        "turn": state.turn, "phase": PHASE_NAMES[state.phase], "to_act": state.current_seats(),
        "temple_cost": data.TEMPLE_COST[state.round],
        "draft": [_tile(t) for t in state.draft],
        "sword_spaces": [{"space": PLACES[k], "house": data.HOUSES[data.SWORD_SPACES[k][0]],
                          "open": bool(state.space_open[k]), "tile": _tile(state.space_tile[k]),
                          "worker": state.space_worker[k] if state.space_worker[k] >= 0 else None}
                         for k in range(len(data.SWORD_SPACES))],
        "sword_stack": len(state.tile_stack),
        "daimyo_decks": [{"house": data.HOUSES[h], "size": len(state.daimyo_deck[h]),
                          "top": _card_key(state.daimyo_deck[h][-1]) if state.daimyo_deck[h] else None}
                         for h in range(data.DAIMYO_DECKS)],
        "market_display": [_card_key(c) for c in state.market_display],
        "market_deck": len(state.market_deck),
        "market_spaces_used": sum(state.market_used), "academy_spaces_used": sum(state.academy_used),
        "palace_spaces_used": sum(state.palace_used),
        "komainu": state.komainu if state.komainu >= 0 else None,
        "halls": halls,
        "honour_display": [data.HONOURS[h].key for h in state.honour_display],
        "honour_deck": len(state.honour_deck),
        "favours": {data.FAVOURS[f]: FAVOUR_HOLDER.get(state.favour[f], state.favour[f])
                    for f in range(len(data.FAVOURS))},
        "sashimono_supply": {data.HOUSES[h]: state.sashi_supply[h] for h in range(data.NUM_RESOURCES)},
        "seats": [_seat(state, s) for s in range(n)],
        "over": state.over,
    }


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
    }


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

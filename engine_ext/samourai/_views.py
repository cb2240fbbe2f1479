"""Samouraï & Katana's observations and full view, built by compiled code (``views`` re-exports
them).

One source for both builds, like the rules: compiled by Cython (typed by ``_views.pxd``, the
state's tables read as C arrays) and run as plain Python by the uncompiled build.  Public: the
board, every clan's koku, honour, reserve, hand size and title, the draw pile's size, the face-up
discard pile, every declared action and target, and revealed battle cards.  Hidden: the hands (a
seat sees its own), the cards committed to a battle until the reveal, the phase-4 discards until
all are chosen, and cards drawn or stolen (seen by the drawer, or by the thief and his victim).
"""
from . import data
from ._core import SamouraiCore  # noqa: F401  (the type of ``state``)

STEP_NAMES = ("", "setup_place", "name_next", "return", "purchase", "buy_where", "activate", "move_from",
              "move_to", "move_count", "target_player", "target_territory", "window", "counter",
              "commit", "castle_taken", "relocate_castle", "retreat", "discard", "game_over",
              "announce_order", "rank_change", "rank_counter", "office_buyer", "office_price", "office_answer",
              "support", "support_from", "support_answer", "shogun_power", "trade_with", "trade_card",
              "trade_answer", "gift_to", "gift_amount", "exchange")
PHASE_NAMES = ("setup", "purchase", "activation", "taxes_and_cards", "over")
WINDOW_NAMES = ("", "move", "after_battle", "turn_start")
END_REASONS = ("", "target", "round_cap", "forfeit")
EVENT_NAMES = ("setup_city", "place", "emperor", "shogun", "named", "buy", "sell_honor", "move", "cancel",
               "enter", "battle", "commit", "reveal", "battle_end", "losses", "retreat", "castle", "honor",
               "koku", "draw", "discard", "reshuffle", "play", "target", "steal", "uprising", "free",
               "eliminated", "return", "province_score", "taxes", "round", "pass", "end", "seppuku",
               "forfeit", "order", "rank_change", "office", "support", "shogun_cancel", "offer", "trade",
               "gift", "set_aside", "show", "treasury")
# events whose ``a`` field is a card kind, a territory, or a seat
_CARDS_EVENTS = {"draw", "discard"}     # ``a`` is a tuple of card kinds
_CARD_EVENTS = {"commit", "reveal", "play", "steal", "offer", "trade", "show",
                "shogun_cancel"}
_TERRITORY_EVENTS = {"setup_city", "place", "buy", "move", "cancel", "enter", "battle", "castle", "free",
                     "uprising", "return", "retreat"}
CASTLE_FATES = ("destroy", "replace", "relocate")
NK = len(data.CARDS)
NT = len(data.TERRITORIES)
KEYS = data.CARD_KEYS
TKEYS = data.TERRITORY_KEYS
CLAN_KEYS = tuple(clan[0] for clan in data.CLANS)
BATTLE_SIDES = ("attacker", "defender", "tie")


def _none(value):
    return value if value >= 0 else None


def _hand(counts, seat):
    """The cards of ``seat`` in ``counts`` (the hands' table, or the discards set aside)."""
    keys = KEYS
    kinds = NK
    base = seat * kinds
    view = {}
    for k in range(kinds):
        count = counts[base + k]
        if count:
            view[keys[k]] = count
    return view


def _territories(state):
    owner, samurai, castle, blocked = state.owner, state.samurai, state.castle, state.blocked
    keys = TKEYS
    return [{"key": keys[t], "owner": _none(owner[t]), "samurai": samurai[t], "castle": _none(castle[t]),
             "barred": blocked[t] != 0} for t in range(NT)]


def _seat_view(state, s):
    """Seat ``s``'s clan as every seat sees it (the result lists it too)."""
    return {
        "clan": CLAN_KEYS[s],
        "koku": state.koku[s],
        "honor": state.honor[s],
        "reserve_samurai": state.reserve[s],
        "reserve_castles": state.castles_left[s],
        # a discard set aside in phase 4 is not seen leaving the hand until all are revealed
        "hand_size": state.hand_size[s] + state.pending_size[s],
        "territories": state.territories_of(s),
        "clan_points": state.clan_points(s),
        "cities": state.cities_of(s),
        "samurai_on_board": state.samurai_on_board(s),
        "castle_built": state.castle_built[s] != 0,
        "eliminated": state.eliminated[s] != 0,
        "forfeited": state.forfeited[s] != 0,
        "played_this_phase": state.done[s] != 0,
        "emperor": s == state.emperor,
        "shogun": s == state.shogun,
    }


def _battle(state, seat):
    """The battle being fought, as ``seat`` sees it (``seat`` -1: everything), or None."""
    step = state.step
    if state.b_att < 0 or not (step in (14, 15, 16, 17, 26, 27, 28)
                               or (step == 12 and state.window_kind == 2)
                               or (step == 29 and state.shogun_context == 1)):
        return None
    revealed = bool(state.b_revealed)
    b_cards = state.b_cards
    sides = []
    for side in range(2):
        who = state.b_att if side == 0 else state.b_def
        mine = seat < 0 or seat == who
        committed = 0
        cards = []
        for i in range(3):
            card = b_cards[side * 3 + i]
            if card >= 0:
                committed += 1
            cards.append(KEYS[card] if card >= 0 else None)
        sides.append({"seat": who, "committed": committed, "cards": cards if revealed or mine else None})
    retreat_plan = state.retreat_plan
    return {"territory": TKEYS[state.b_where], "from": TKEYS[state.b_from], "attacking_samurai": state.b_count,
            "attacker": sides[0], "defender": sides[1], "forced_defence": bool(state.b_forced),
            "winner": BATTLE_SIDES[state.b_winner] if state.b_winner >= 0 else None,
            # the defender's plan: where each of his samurai there would go, the first survivor first
            "retreat_to": [TKEYS[retreat_plan[i]] for i in range(state.n_retreat)]}


def _pending(state):
    """What is being decided."""
    step = STEP_NAMES[state.step]
    pending = {"step": step, "seat": _none(state.decider)}
    if step in ("move_to", "move_count") or (step == "window" and state.window_kind == 1):
        pending["move"] = {"from": TKEYS[state.mv_from], "to": TKEYS[state.mv_to] if step != "move_to" else None,
                           "count": state.mv_count if step == "window" else None,
                           "sea": bool(state.mv_sea) if step == "window" else None}
    if step == "window":
        pending["window"] = WINDOW_NAMES[state.window_kind]
    if step in ("target_player", "target_territory", "counter"):
        pending["card"] = {"card": KEYS[state.c_kind], "by": state.c_player,
                           "target_seat": _none(state.c_target_player),
                           "target_territory": TKEYS[state.c_target_terr] if state.c_target_terr >= 0 else None}
    if step == "buy_where":
        pending["buying"] = ("samurai", "castle")[state.buy_kind]
    if step == "office_answer":
        pending["office"] = {"price": state.office_price, "emperor": state.emperor}
    if step in ("support_from", "support_answer"):
        pending["support"] = {"side": ("attacker", "defender")[state.sup_side], "samurai": state.sup_count}
    if step == "trade_answer":
        pending["trade"] = {"by": state.active, "card": KEYS[state.trade_card]}
    if step == "shogun_power" and state.sh_card >= 0:
        # a card's power or a counter's; for a battle's special, the battle shows the cards
        pending["card"] = {"card": KEYS[state.sh_card], "by": state.sh_by, "target_seat": _none(state.sh_target)}
    return pending


def _table(state, seat):
    """The table as ``seat`` sees it (``seat`` -1: everything)."""
    return {
        "game": "samourai",
        "players": state.n,
        "target": state.target,
        "round": state.round_no,
        "phase": PHASE_NAMES[state.phase],
        "to_act": state.current_seats(),
        "active": _none(state.active),
        "emperor": state.emperor,
        "shogun": _none(state.shogun),
        "end_latched": bool(state.latched),
        "shogun_free_move_used": bool(state.shogun_free_used),
        "moves_this_turn": state.moves_made,
        "order": list(state.order) if state.limited_emperor else None,
        "emperor_office_sold": bool(state.office_sold),
        "emperor_support_used": bool(state.support_used),
        "shogun_power_used": bool(state.shogun_power_used),
        "territories": _territories(state),
        "seats": [_seat_view(state, s) for s in range(state.n)],
        "draw_pile": len(state.pile),
        "discard_pile": [KEYS[c] for c in state.discard],
        "battle": _battle(state, seat),
        "pending": _pending(state),
        "options": dict(state.options),
    }


def _event(event, seat):
    kind, actor, a, b, amount, audience = event
    name = EVENT_NAMES[kind]
    visible = audience == 0 or seat < 0 or (audience >> seat) & 1
    entry = {"event": name, "seat": _none(actor)}
    if name in _CARDS_EVENTS:
        entry["cards"] = [KEYS[c] for c in a] if visible else None
    elif name in _CARD_EVENTS:
        entry["card"] = KEYS[a] if visible and a >= 0 else None
        if name == "steal" or (name == "play" and b >= 0):
            entry["target"] = b
    elif name == "cancel" and b < 0:
        # Justice shogunale cancels a card: ``a`` is the card's kind, not a move's origin
        entry["card"] = KEYS[a]
    elif name in _TERRITORY_EVENTS:
        entry["territory"] = TKEYS[a] if a >= 0 else None
        if name in ("move", "cancel"):
            entry["to"] = TKEYS[b]
        elif name in ("battle", "castle", "uprising"):
            entry["other"] = _none(b)
    elif name == "battle_end":
        entry["attack"], entry["defence"] = a, b
        entry["winner"] = BATTLE_SIDES[amount]
    elif name == "losses":
        entry["attacker_lost"], entry["defender_lost"] = a, b
    elif name == "support":
        entry["side"] = ("attacker", "defender")[a]
    elif name in ("gift", "office", "rank_change"):
        entry["to"] = _none(a)
    elif name == "target":
        entry["target_seat"] = _none(a)
        entry["target_territory"] = TKEYS[b] if b >= 0 else None
    if name == "end":
        entry["reason"] = END_REASONS[amount]
    elif name == "castle" and amount >= 0:
        entry["fate"] = CASTLE_FATES[amount] if amount < 3 else None
    else:
        entry["amount"] = amount
    return entry


def _events(state, seat, since):
    """The log from ``since`` on as ``seat`` sees it (``seat`` -1: everything).  A game's log is
    long (thousands of events) and only grows, so each seat's rendering is kept on the state and
    extended; callers get copies."""
    key = seat if seat >= 0 else None
    cache = state.view_cache.get(key)
    if cache is None:
        cache = state.view_cache[key] = []
    events = state.events
    count = len(events)
    for i in range(len(cache), count):
        cache.append(_event(events[i], seat))
    count = len(cache)
    if since < 0:   # counted as a slice's start does
        since = max(count + since, 0)
    return [cache[i].copy() for i in range(since, count)]


def observation(state, seat, since=0):
    """Everything ``seat`` may know, with the events from index ``since`` on."""
    if seat < 0 or seat >= state.n:   # the tables are read unchecked in the compiled build
        raise ValueError("no seat %d in a %d-player game" % (seat, state.n))
    view = _table(state, seat)
    view["seat"] = seat
    view["you"] = {"hand": _hand(state.hand, seat), "discards_set_aside": _hand(state.pending, seat),
                   "treasury": state.treasury[seat]}
    view["events"] = _events(state, seat, since)
    view["event_count"] = len(state.events)
    return view


def full_view(state, since=0):
    """Everything, hidden parts included: for spectators of finished games and replays."""
    view = _table(state, -1)
    for s, entry in enumerate(view["seats"]):
        entry["hand"] = _hand(state.hand, s)
        entry["discards_set_aside"] = _hand(state.pending, s)
        entry["treasury"] = state.treasury[s]
    view["draw_pile_cards"] = [KEYS[c] for c in reversed(state.pile)]
    view["events"] = _events(state, -1, since)
    view["event_count"] = len(state.events)
    return view

"""What each seat of a Samouraï & Katana game may see, the full view and the result (resampling
what a seat has not seen is in ``resample``).

Plain Python over the state's fields, shared by both builds.  Public: the board (owners,
samurai, castles, cities), every clan's koku, honour, reserve, hand size and title, the draw
pile's size, the face-up discard pile, every declared action and target, and revealed battle
cards.  Hidden: the hands (a seat sees its own), the cards committed to a battle until the reveal
(their count is public), the phase-4 discards until all are chosen, and cards drawn or stolen
(seen by the drawer, or by the thief and his victim).
"""
from . import data
from .actions import ACTIONS, ACTION_NAMES  # noqa: F401  (re-exported for bots' docs)

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

ARRAY_FIELDS = ("owner", "samurai", "castle", "blocked", "koku", "honor", "reserve", "castles_left",
                "eliminated", "forfeited", "done", "castle_built", "setup_left", "hand_size",
                "pending_size", "hand", "pending", "b_cards", "legal", "treasury", "rank_used", "exchange_used",
                "trade_used", "support_sent", "retreat_plan")
SCALAR_FIELDS = ("n", "seed", "record", "target", "province_malus", "new_card_scale", "kyoto_imperial",
                 "justice_for_others", "new_ninja", "seppuku", "koku_land", "over", "end_reason",
                 "decisions", "round_no", "phase", "step", "decider", "active", "emperor", "shogun",
                 "latched", "shogun_free_used", "moves_made", "acted", "buy_kind", "mv_from", "mv_to",
                 "mv_count", "mv_paid", "mv_free", "mv_sea", "mv_attack", "b_att", "b_def", "b_where",
                 "b_from", "b_count", "b_side", "b_n0", "b_n1", "b_forced", "b_winner", "n_retreat",
                 "c_kind", "c_player", "c_target_player", "c_target_terr", "c_context", "window_kind",
                 "window_pos", "counter_pos", "discard_pos", "diplomacy", "clan_treasury", "shogun_power",
                 "exchange", "emperor_office", "emperor_support", "limited_emperor", "rank_changes",
                 "rank_pos", "rank_mover", "office_sold", "office_buyer", "office_price", "support_used",
                 "sup_side", "sup_count", "shogun_power_used", "trade_with", "trade_card", "gift_to", "n_legal",
                 "b_revealed", "b_cancelled", "k_card", "k_player", "shogun_context", "sh_card", "sh_by", "sh_target")
LIST_FIELDS = ("events", "pile", "discard", "counter_seats", "discard_order", "forfeit_order", "order",
               "announced")
NK = len(data.CARDS)
NT = len(data.TERRITORIES)
KEYS = data.CARD_KEYS
TKEYS = data.TERRITORY_KEYS


def _none(value):
    return value if value >= 0 else None


def _hand(state, seat, field="hand"):
    counts = getattr(state, field)
    return {KEYS[k]: counts[seat * NK + k] for k in range(NK) if counts[seat * NK + k]}


def _territories(state):
    # each table read once: on the compiled state every read of a table field is a new view of it
    owner, samurai, castle, blocked = state.owner, state.samurai, state.castle, state.blocked
    return [{"key": TKEYS[t], "owner": _none(owner[t]), "samurai": samurai[t], "castle": _none(castle[t]),
             "barred": bool(blocked[t])} for t in range(NT)]


def _seat_view(state, s):
    return {
        "clan": data.CLANS[s][0],
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
        "castle_built": bool(state.castle_built[s]),
        "eliminated": bool(state.eliminated[s]),
        "forfeited": bool(state.forfeited[s]),
        "played_this_phase": bool(state.done[s]),
        "emperor": s == state.emperor,
        "shogun": s == state.shogun,
    }


def _battle(state, seat):
    if state.b_att < 0 or not (state.step in (14, 15, 16, 17, 26, 27, 28)
                               or (state.step == 12 and state.window_kind == 2)
                               or (state.step == 29 and state.shogun_context == 1)):
        return None
    revealed = bool(state.b_revealed)
    sides = []
    for side, who in ((0, state.b_att), (1, state.b_def)):
        cards = [state.b_cards[side * 3 + i] for i in range(3)]
        mine = seat is None or seat == who
        sides.append({"seat": who, "committed": sum(1 for c in cards if c >= 0),
                      "cards": [KEYS[c] if c >= 0 else None for c in cards] if revealed or mine else None})
    return {"territory": TKEYS[state.b_where], "from": TKEYS[state.b_from], "attacking_samurai": state.b_count,
            "attacker": sides[0], "defender": sides[1], "forced_defence": bool(state.b_forced),
            "winner": ("attacker", "defender", "tie")[state.b_winner] if state.b_winner >= 0 else None,
            # the defender's plan: where each of his samurai there would go, the first survivor first
            "retreat_to": [TKEYS[state.retreat_plan[i]] for i in range(state.n_retreat)]}


def _table(state, seat):
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
        "pending": pending,
        "options": dict(state.options),
    }


def _event(event, seat):
    kind, actor, a, b, amount, audience = event
    name = EVENT_NAMES[kind]
    visible = audience == 0 or seat is None or (audience >> seat) & 1
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
        entry["winner"] = ("attacker", "defender", "tie")[amount]
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
    """The log from ``since`` on as ``seat`` sees it.  A game's log is long (thousands of events)
    and only grows, so each seat's rendering is kept on the state and extended; callers get
    copies."""
    cache = state.view_cache.get(seat)
    if cache is None:
        cache = state.view_cache[seat] = []
    events = state.events
    for i in range(len(cache), len(events)):
        cache.append(_event(events[i], seat))
    return [dict(entry) for entry in cache[since:]]


def observation(state, seat, since=0):
    """Everything ``seat`` may know, with the events from index ``since`` on."""
    view = _table(state, seat)
    view["seat"] = seat
    view["you"] = {"hand": _hand(state, seat), "discards_set_aside": _hand(state, seat, "pending"),
                   "treasury": state.treasury[seat]}
    view["events"] = _events(state, seat, since)
    view["event_count"] = len(state.events)
    return view


def full_view(state, since=0):
    """Everything, hidden parts included: for spectators of finished games and replays."""
    view = _table(state, None)
    for s, entry in enumerate(view["seats"]):
        entry["hand"] = _hand(state, s)
        entry["discards_set_aside"] = _hand(state, s, "pending")
        entry["treasury"] = state.treasury[s]
    view["draw_pile_cards"] = [KEYS[c] for c in reversed(state.pile)]
    view["events"] = _events(state, None, since)
    view["event_count"] = len(state.events)
    return view


def ranking_key(state, s):
    """R108-R109: honour, then PC, cities, territories, castles and samurai on the board."""
    return (state.honor[s], state.clan_points(s), state.cities_of(s), state.territories_of(s),
            state.castles_on_board(s), state.samurai_on_board(s))


def result(state):
    """Per seat: honour (the score), the tie-break counts and the rank; the end reason."""
    if not state.over:
        raise ValueError("the game is not over")
    playing = [s for s in range(state.n) if not state.forfeited[s]]
    keys = sorted({ranking_key(state, s) for s in playing}, reverse=True)
    ranks = [0] * state.n
    for s in playing:
        ranks[s] = keys.index(ranking_key(state, s)) + 1
    for order, s in enumerate(state.forfeit_order):
        ranks[s] = len(keys) + 1 + order
    seats = []
    for s in range(state.n):
        entry = _seat_view(state, s)
        entry.update({"seat": s, "rank": ranks[s], "castles": state.castles_on_board(s),
                      "treasury": state.treasury[s]})
        seats.append(entry)
    return {
        "game": "samourai",
        "end_reason": END_REASONS[state.end_reason],
        "forfeited": list(state.forfeit_order),
        "scores": [state.honor[s] for s in range(state.n)],
        "ranks": ranks,
        "teams": ["seat_%d" % s for s in range(state.n)],
        "seats": seats,
        "rounds": state.round_no,
        "decisions": state.decisions,
    }


SETUP_ORDER = "set-up order (1: the first Emperor)"


def balance_facts(state):
    """What each seat starts with, for the balance report: its clan, and its place clockwise from
    the first Emperor (a seeded random seat), who draws his cities, places his samurai and names
    the first clan to play before the others."""
    return [{"clan": data.CLANS[s][0], SETUP_ORDER: str((s - state.emperor) % state.n + 1)}
            for s in range(state.n)]


_PLAY, _REVEAL = EVENT_NAMES.index("play"), EVENT_NAMES.index("reveal")
_POWERS = tuple(c.key for c in data.CARDS if c.category in (data.EVENT, data.ANY_TIME))
_SPECIALS = tuple(c.key for c in data.CARDS if c.category == data.SPECIAL)


def card_usage(state):
    """How often each card kind was used in a finished game, for the balance report: played for
    its power (events and any-time cards), committed to a battle for its value (every kind), or
    as a battle's special (blue cards); every kind listed, unused ones at 0."""
    powers = dict.fromkeys(_POWERS, 0)
    values = dict.fromkeys(KEYS, 0)
    specials = dict.fromkeys(_SPECIALS, 0)
    for kind, _, card, _, amount, _ in state.events:
        if kind == _PLAY:
            powers[KEYS[card]] += 1
        elif kind == _REVEAL:
            if amount == 2:
                specials[KEYS[card]] += 1
            else:
                values[KEYS[card]] += 1
    return {"card played for its power": powers, "card fought with, for its value": values,
            "blue card fought with, as the special": specials}

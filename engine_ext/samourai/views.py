"""What each seat of a Samouraï & Katana game may see, the full view and the result (resampling
what a seat has not seen is in ``resample``).

The observations and the full view are built by ``_views`` (compiled in the compiled build, the
same source run by the interpreter in the other); this module names them.  Public: the board (owners,
samurai, castles, cities), every clan's koku, honour, reserve, hand size and title, the draw
pile's size, the face-up discard pile, every declared action and target, and revealed battle
cards.  Hidden: the hands (a seat sees its own), the cards committed to a battle until the reveal
(their count is public), the phase-4 discards until all are chosen, and cards drawn or stolen
(seen by the drawer, or by the thief and his victim).
"""
from . import data
from ._views import (CASTLE_FATES, END_REASONS, EVENT_NAMES, KEYS, NK, NT, PHASE_NAMES, STEP_NAMES,  # noqa: F401
                     TKEYS, WINDOW_NAMES, _seat_view, full_view, observation)
from .actions import ACTIONS, ACTION_NAMES  # noqa: F401  (re-exported for bots' docs)

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

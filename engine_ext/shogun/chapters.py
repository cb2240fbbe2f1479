"""Story mode (« MODE HISTOIRE », R133-R138): the chapter of a game, its conditions and its verdict.

The chapter is the option ``chapter`` (1-14, 0 none): one seat against the ghost.  Its numbers and
texts are in ``data.CHAPTERS``; this module reads a state and says, for seat 0, which conditions hold
(so far while the game runs, at the end once it is over) and whether the chapter is won: every
condition met and strictly more points than the ghost (R134, A15).  Everything it reads is public.
Plain Python (not compiled): it is read by the views and at set-up, never on the fast path.
"""
from . import data

KATANA = data.NUM_TILES                     # the katana's tile id in a forge
CELLS = data.FORGE_CELLS
N_LINES = data.FORGE_ROWS + data.FORGE_COLS
NRES = data.NUM_RESOURCES
LAST_ARTISAN_COLUMN = len(data.ACADEMY_COINS) - 1

SEAT = 0                                    # a chapter is played by one seat (spec.check_table)


def chapter_of(number):
    """The chapter's data, or None for 0."""
    return data.CHAPTERS[number - 1] if number else None


def _popcount(bits):
    return bin(bits).count("1")


def _katana_in_forge(state, seat):
    """The katana's cell in the forge, or -1."""
    for cell in range(CELLS):
        if state.cell_tile[seat * CELLS + cell] == KATANA:
            return cell
    return -1


def katana_decorations(state, seat):
    """Decorated resources on the seat's katana: delivered, or still in the forge (R107's forced end
    delivery counts, §4.2 ch. 3), or 0 when it never was put in play."""
    if state.katana_state[seat] == 2:
        return _popcount(state.katana_deco[seat])
    cell = _katana_in_forge(state, seat)
    return _popcount(state.cell_deco[seat * CELLS + cell]) if cell >= 0 else 0


def measures(state, seat=SEAT):
    """The public facts the conditions read, by condition key: (value, met)."""
    delivered = state.delivered[seat]
    out = {}
    swords_in_forge = sum(1 for cell in range(CELLS) if state.cell_tile[seat * CELLS + cell] >= 0)
    out[data.CH1_NO_SWORD] = (swords_in_forge, swords_in_forge == 0)
    out[data.CH1_KATANA] = (state.katana_state[seat] == 2, state.katana_state[seat] == 2)
    at_last = sum(1 for r in range(NRES) if state.artisan[seat * NRES + r] == LAST_ARTISAN_COLUMN)
    out[data.CH2_ARTISANS] = (at_last, at_last == NRES)
    least = min((_popcount(entry[1]) for entry in delivered), default=None)
    out[data.CH3_SWORDS] = (least, least is None or least >= data.CH3_DECORATIONS)
    on_katana = katana_decorations(state, seat)
    put_in_play = state.katana_state[seat] > 0
    out[data.CH3_KATANA] = (on_katana, put_in_play and on_katana >= data.CH3_DECORATIONS)
    sets = state.sashimono_points(seat)
    out[data.CH4_SASHIMONO] = (sets, sets >= data.CH4_SASHIMONO_POINTS)
    permanents = sum(len(state.under[seat * N_LINES + line]) for line in range(N_LINES))
    out[data.CH5_PERMANENTS] = (permanents, permanents >= data.CH5_PERMANENTS_MIN)
    counts = tuple(state.katana_comp[seat].count(r) for r in range(NRES))
    out[data.CH6_COMPOSITION] = (list(counts), state.katana_state[seat] == 2 and counts == data.CH6_KATANA_COUNTS)
    out[data.CH8_SWORDS] = (len(delivered), len(delivered) >= data.CH8_SWORDS_MIN)
    coins = state.coins[seat]
    out[data.CH9_COINS] = (coins, coins >= data.CH9_COINS_MIN)
    power = sum(data.TILES[entry[0]].power for entry in delivered)
    out[data.CH10_POWER] = (power, power >= data.CH10_POWER_MIN)
    held = state.held[seat]
    out[data.CH14_CARDS] = (held, held >= data.CH14_CARDS_MIN)
    return out


def conditions(state, seat=SEAT):
    """The chapter's conditions: [{"key", "text", "met"}] (met so far; final once the game is over)."""
    chapter = chapter_of(state.chapter)
    if chapter is None:
        return []
    facts = measures(state, seat)
    return [{"key": key, "text": text, "met": bool(facts[key][1])} for key, text in chapter.conditions]


def beat_ghost(state, seat=SEAT):
    """R134, A15: strictly more points than the ghost (a tie is a defeat)."""
    if state.ghost is None:
        return False
    ghost_points = state.ghost.total if state.over else state.ghost.score
    return state.score[seat] > ghost_points


def summary(state, seat=SEAT):
    """The chapter block of the result: number, title, difficulty, conditions, beat_ghost, won."""
    chapter = chapter_of(state.chapter)
    listed = conditions(state, seat)
    beaten = beat_ghost(state, seat)
    won = beaten and all(c["met"] for c in listed) and state.forfeited != seat
    return {"number": chapter.number, "title": chapter.title, "difficulty": chapter.difficulty,
            "conditions": listed, "beat_ghost": beaten, "won": won}


def view(state, seat=SEAT):
    """What the observation and the full view show: the result's block plus the special rules in words
    and whether the conditions are final."""
    chapter = chapter_of(state.chapter)
    shown = summary(state, seat) | {"rules": list(chapter.rules), "final": bool(state.over)}
    if state.chapter == SCARCITY:
        shown["market_prices"] = {data.RESOURCES[r]: market_price(state, r) for r in range(NRES)}
    return shown


# ---------------------------------------------------------------- special rules (called by the engine
# only when ``state.chapter`` is set: a game without a chapter never enters this module)
ALL_WORKERS, NO_DECORATING, RUINS, SCARCITY = 7, 11, 12, 13   # the chapters whose rules the engine asks about


def _label_out(pile, deck, labels):
    return [c for c in pile if not (data.CARDS[c].deck == deck and data.CARDS[c].label in labels)]


def _halls_with(halls, required, removed=()):
    """The five halls in play with ``required`` in (first) and ``removed`` out, at most one passive
    (R5): the others kept in their drawn order, completed from the unused tiles in tile order."""
    kept = list(required)
    for h in list(halls) + list(range(len(data.HALLS))):
        if len(kept) == data.HALLS_IN_PLAY:
            break
        if h in kept or h in removed:
            continue
        if data.HALLS[h].passive and any(data.HALLS[k].passive for k in kept):
            continue
        kept.append(h)
    return kept


def at_setup(state):
    """The chapter's changes to the set-up (after the normal one, R1-R15)."""
    number = state.chapter
    if number == 2:                                        # the hall the chapter shows must be in play
        state.halls = _halls_with(state.halls, (data.CH2_HALL,))
    elif number == ALL_WORKERS:                            # no monks, no market n°7, all 7 workers
        _market_out(state, data.CH7_MARKET_OUT)
        _all_workers(state)
    elif number == NO_DECORATING:
        state.halls = _halls_with(state.halls, (), (data.CH11_HALL_OUT,))
        _market_out(state, data.CH11_MARKET_OUT)
        for deck in state.daimyo_deck:
            deck[:] = _label_out(deck, data.DAIMYO, data.CH11_DAIMYO_OUT)
        out = [h for h in range(len(data.HONOURS)) if data.HONOURS[h].kind in data.CH11_HONOUR_KINDS_OUT]
        state.honour_deck[:] = [h for h in state.honour_deck if h not in out]
        shown = len(state.honour_display)
        state.honour_display[:] = [h for h in state.honour_display if h not in out]
        while len(state.honour_display) < shown and state.honour_deck:
            state.honour_display.append(state.honour_deck.pop())
    elif number == RUINS:                  # the first 3 halls drawn (A43; the 2 other slots closed), 2 members
        state.family_home[SEAT] = data.CH12_FAMILY
    elif number == 13:
        state.halls = list(data.CH13_HALLS)


def _market_out(state, labels):
    """Market cards with these numbers leave the deck and the display, refilled from the deck (R8)."""
    pile = [c for c in state.market_display if c >= 0][1:] + list(state.market_deck)
    pile = _label_out(pile, data.MARKET, labels)
    state.market_deck[:] = pile[data.MARKET_DISPLAY - 1:]
    for p in range(1, data.MARKET_DISPLAY):
        state.market_display[p] = pile[p - 1]
    state.market_display[0] = state.market_deck[-1] if state.market_deck else -1


def _all_workers(state):
    state.monks_used[SEAT] = data.MONKS                    # « laissez tous les Moines dans la boîte »
    state.workers_free[SEAT] = data.GHOST_WORKERS          # « Commencez la partie avec 7 de vos Ouvriers »


def at_round_start(state):
    """After the restoration (R105)."""
    if state.chapter == ALL_WORKERS:
        _all_workers(state)


def at_round_end(state):
    """After the last turn of a round, before the restoration or the final scoring (A16): chapter 7's
    tax, the Temple's coins for the round, what is missing paid in points.  Returns the tax as
    ``(due, coins paid)`` for the event log, or ``None`` in the other chapters."""
    if state.chapter == ALL_WORKERS:
        due = data.TEMPLE_COST[state.round]
        paid = min(due, state.coins[SEAT])
        state.coins[SEAT] -= paid
        state.score[SEAT] -= due - paid
        return due, paid
    return None


def sword_bonus(state):
    """Chapter 11: extra coins for a sword taken from a Daimyō house, the round's number."""
    return state.round + 1 if state.chapter == NO_DECORATING else 0


def ghost_ignores(state, card):
    """Chapter 11: every Académie card the ghost draws is ignored and the next one drawn."""
    return state.chapter == NO_DECORATING and card == data.G_ACADEMY


def open_halls(state):
    """The hall slots in play: the first 3 in chapter 12, else all 5."""
    return data.CH12_OPEN_HALLS if state.chapter == RUINS else data.HALLS_IN_PLAY


def family_members(state):
    """Family members on a Washitsu: 2 in chapter 12 (the ghost's too), else 3."""
    return data.CH12_FAMILY if state.chapter == RUINS else data.FAMILY_MEMBERS


def hall_room(state, seat, slot):
    """Chapter 12: both the seat's members may share one of the 3 halls; else one member per hall."""
    members = state.member[seat * data.HALLS_IN_PLAY + slot]
    if state.chapter == RUINS:
        return slot < open_halls(state) and members < data.CH12_FAMILY
    return not members


def market_coin(state):
    """Chapter 13: after buying at the market, the seat puts a coin on one resource type it bought."""
    return state.chapter == SCARCITY


def market_price(state, r):
    return data.PRICE[r] + state.market_coins[r]


def ghost_market(state):
    """Chapter 13: the ghost at the market puts a coin on the resource with the fewest coins; a tie goes
    to the one that costs the most."""
    if state.chapter == SCARCITY:
        r = min(range(NRES), key=lambda r: (state.market_coins[r], -market_price(state, r)))
        state.market_coins[r] += 1

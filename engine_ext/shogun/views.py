"""What a seat of Shōgun no Katana sees, the full view, the result, and resampling.

The observations, the full view and the decision view are built by ``_views`` (compiled in the
compiled build, the same source run by the interpreter in the other).  Nothing is private: cards, forges,
stocks, coins, the project and honour cards are all face up (§6.1 of the rules inventory).  Hidden
from everybody are the orders of the sword stack, of each Daimyō deck below its visible top card,
of the market deck below its top card, of the honour deck and of the ghost's action deck: an observation shows their sizes
only, and ``resample_hidden`` redraws them.
"""
import random

from . import _ghost
from . import chapters
from . import data
from ._views import (EVENT_NAMES, FAVOUR_HOLDER, PHASE_NAMES, decision_view, full_view,  # noqa: F401
                     observation)

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

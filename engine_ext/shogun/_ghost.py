"""Shōgun no Katana's ghost (« MODE +1 JOUEUR », R115-R132): an automaton seat the engine plays.

The ghost decides nothing: each of its turns follows from its action deck and the board.  This
module holds the ghost's own state and its rules as plain Python, read by both builds of the rules
(it runs only on the ghost's turns, so a game without a ghost never enters it; compiled without
wraparound like the other modules: no negative indices).  Rule numbers
R115-R132 and rulings A19-A26 are those of ``shared/rules/shogun-no-katana.md``.  Rulings:

* R122 a, A22: the sword with the highest corner number (« puissance »), then more printed points,
  then the first space in board order; the worker goes on that space.
* R122 c, A19: the tile's first resource, in base version, fills the katana's first free slot;
  once its 7 slots are full, nothing.
* R123 a-b, A23: a member goes to the leftmost hall with the fewest members (all families) that
  holds none of the ghost's; then, while a hall is empty, a ghost member moves from the leftmost
  hall holding at least 2 members (one of them the ghost's) to the leftmost empty hall.
* R124, A22: the visible market card with the highest number; a tie goes to the deck's top card
  (display position 0), then left to right.
* R125, A20: the academy decorates the first undecorated resource of the katana, repeats allowed;
  every decorated resource adds its decoration points to the katana's value.  It is step 1 of the
  ghost's academy (« 1. Le fantôme façonne la première ressource … »), done at once, before the
  seats' benefit of step 3, and nothing a seat then does takes it back.  « si un joueur humain
  active l'Académie, le fantôme NE façonne AUCUNE ressource » (l.916) is a seat placing a worker
  at the academy, as « si l'Académie est activée par un autre joueur » (l.452) is for the seats'
  benefit there: the ghost takes no benefit from a seat's academy.  It is not a seat decorating as
  the benefit step 3 hands out.
* R127, A24: a full area is scored as if the ghost had placed there and changes nothing else; the
  ghost draws again for the same worker, each of its cards at most once in a turn: the cards drawn
  for full areas wait beside the deck until the worker is placed (so an emptied deck reshuffles
  only the discard pile from before the turn, A25).  When no card the ghost could draw names an
  area with a free space, its worker has nowhere to go: it passes as in R128 (no card drawn,
  nothing scored).  The printed procedure would loop forever there (« répétez la procédure »);
  without this ruling a ghost on a full board scored its whole deck on every worker left, 20 to
  30 points a turn, once the seats had passed.
* R128, A21: with no worker available the ghost passes and takes the honour card revealed first.
* R121, A25: an empty deck is the discard pile shuffled; R130: each restoration adds one of the
  set-aside cards, unseen, then shuffles deck and discard together.
* R131: the ghost's total is its score marker, 1 point per 5 coins printed on its swords, its
  katana's value, its sashimono sets and its honour cards (a card with the human icon gives it
  the best score a bot seat would get with it).
"""
import array

import cython

from .._rng import Rng
from . import chapters
from . import data

if not cython.compiled:   # the compiled module cimports the same C tables (see _ghost.pxd)
    from ._tables import (  # noqa: F401
        ACADEMY_COINS, TILE_POINTS, TILE_POWER, TILE_COINS, TILE_RESOURCE, TILE_LENGTH, MAX_COMPOSITION,
        ROUND_POINTS, SPACE_HOUSE, MARKET_LEAST, ACADEMY_LEAST, PALACE_LEAST, NRES, RESOURCE_PRICE,
        DECORATION_POINTS, SET_POINTS, HONOUR_KIND, HONOUR_RESOURCE, HONOUR_PER, HONOUR_DIVISOR, HONOUR_HUMAN,
        HONOUR_MAX, HC_SWORDS, HC_PALACE, HC_SASHIMONO, HC_SETS, HC_CARDS, HC_POWER, HC_FIGURES, HC_WORKERS,
        HC_SWORDS_WITH, HC_DECORATED, FAMILY_MEMBERS, EV_GHOST_CARD, EV_GHOST_SWORD, EV_GHOST_HALL, EV_GHOST_MARKET,
        EV_GHOST_DECORATE, EV_GHOST_PASS)

GHOST_SLOTS = data.WASHITSU_SLOTS
HALLS_IN_PLAY = data.HALLS_IN_PLAY
GHOST_KATANA_SLOTS = data.GHOST_KATANA_SLOTS
GHOST_AVAILABLE = array.array("i", [layout.available for layout in data.GHOST_LEVELS])   # by level - 1
GHOST_BLOCKED = tuple(tuple(layout.blocked) for layout in data.GHOST_LEVELS)            # by level - 1
GHOST_DECK, GHOST_SET_ASIDE = tuple(data.GHOST_DECK), tuple(data.GHOST_SET_ASIDE)


class Ghost:
    """The ghost's belongings.  ``deck`` draws from its end; its order is hidden information."""

    def __init__(self, level, rng):
        self.level = level
        self.rng = rng                               # its own stream: a game without it draws the same
        self.available = GHOST_AVAILABLE[level - 1]  # workers free this round
        self.unlocked = 0                            # blocked workers freed by swords
        self.blocked = list(GHOST_BLOCKED[level - 1])   # sword slots still holding a worker
        self.washitsu = []                           # tile ids, slot order (R122 b)
        self.sashimono = [0] * NRES
        self.katana = []                             # [resource, decorated] per slot (R122 c, R125)
        self.score = 0
        self.deck = list(GHOST_DECK)
        shuffle(rng, self.deck)
        self.discard = []
        self.set_aside = list(GHOST_SET_ASIDE)
        self.honours = []
        self.halls = []                              # hall slots holding one of its members
        self.market_cards = []
        self.plays_first = False                     # R117: last in round 1
        self.passed = False
        self.end = {}                                # R131 parts, at the end
        self.total = 0

    def clone(self):
        # Field by field: the compiled class has no __dict__.
        other = Ghost.__new__(Ghost)
        other.level, other.available, other.unlocked, other.score = self.level, self.available, self.unlocked, self.score
        other.plays_first, other.passed = self.plays_first, self.passed
        other.total, other.end = self.total, dict(self.end)
        other.blocked, other.washitsu, other.sashimono = list(self.blocked), list(self.washitsu), list(self.sashimono)
        other.deck, other.discard, other.set_aside = list(self.deck), list(self.discard), list(self.set_aside)
        other.honours, other.halls, other.market_cards = list(self.honours), list(self.halls), list(self.market_cards)
        other.katana = [list(slot) for slot in self.katana]
        other.rng = Rng(0)
        other.rng.state, other.rng.increment = self.rng.state, self.rng.increment
        return other

    # --- the deck (R118, R121, R130) ---
    def draw(self, rng):
        if not self.deck:                            # A25
            self.deck, self.discard = self.discard, []
            shuffle(rng, self.deck)
        return self.deck.pop() if self.deck else -1

    def restore(self, rng):
        """R129-R130: workers back, one set-aside card inserted unseen, deck and discard shuffled."""
        self.available = GHOST_AVAILABLE[self.level - 1] + self.unlocked
        self.passed = False
        if self.set_aside:
            shuffle(rng, self.set_aside)
            self.deck.append(self.set_aside.pop())
        self.deck.extend(self.discard)
        self.discard = []
        shuffle(rng, self.deck)

    def resample(self, rng):
        """Its deck in another order, as any seat could believe it (hidden information): the deck
        and the cards still set aside dealt anew (which set-aside cards joined it is unseen, R130);
        ``rng`` is the ``random.Random`` of ``views.resample_hidden``."""
        pool = self.deck + self.set_aside
        rng.shuffle(pool)
        self.deck, self.set_aside = pool[:len(self.deck)], pool[len(self.deck):]

    # --- Daimyō (R122) ---
    def take_sword(self, tile, house, round_index):
        """Scores the tile's points + the round's; sword and sashimono onto the Washitsu; the first
        resource into the katana.  True when a blocked worker was freed (the card leaves the game)."""
        self.score += TILE_POINTS[tile] + ROUND_POINTS[round_index]
        slot = len(self.washitsu)
        self.washitsu.append(tile)
        if 0 <= house < NRES:
            self.sashimono[house] += 1
        if len(self.katana) < GHOST_KATANA_SLOTS:
            self.katana.append([TILE_RESOURCE[tile * MAX_COMPOSITION], 0])      # the tile's first resource
        if slot in self.blocked:
            self.blocked.remove(slot)
            self.unlocked += 1
            self.available += 1
            return True
        return False

    # --- academy (R125) ---
    def decorate_first(self):
        for resource in self.katana:
            if not resource[1]:
                resource[1] = 1
                return resource[0]
        return -1

    # --- end scoring (R131) ---
    def katana_value(self):
        value = 0
        for slot in self.katana:
            resource = slot[0]
            value += RESOURCE_PRICE[resource] + (DECORATION_POINTS[resource] if slot[1] else 0)
        return value

    def sword_coins(self):
        coins = 0
        for tile in self.washitsu:
            coins += TILE_COINS[tile]
        return coins // 5

    def parts(self, honours):
        """R131's parts, ``honours`` being what its honour cards give it (``honour_for_ghost``)."""
        return {"marker": self.score, "swords": self.sword_coins(), "katana": self.katana_value(),
                "sashimono": sashimono_points(self.sashimono), "honours": honours}


def shuffle(rng, items):
    for i in range(len(items) - 1, 0, -1):
        j = rng.below(i + 1)
        items[i], items[j] = items[j], items[i]


def sashimono_points(counts):
    """R108 on the ghost's Washitsu."""
    points, level = 0, 1
    while True:
        types = 0
        for count in counts:
            if count >= level:
                types += 1
        if not types:
            return points
        points += SET_POINTS[types]
        level += 1


def choose_sword(space_tiles):
    """R122 a, A22: the space whose tile has the highest corner number, then more points, then
    board order; -1 with no sword on the board."""
    best, best_key = -1, None
    for space, tile in enumerate(space_tiles):
        if tile < 0:
            continue
        key = (data.TILES[tile].power, data.TILES[tile].points)
        if best_key is None or key > best_key:
            best, best_key = space, key
    return best


def daimyo_points(tile, round_index):
    """R122 a, R127: a sword's points at once; with no sword on the board, 0."""
    return 0 if tile < 0 else data.TILES[tile].points + ROUND_POINTS[round_index]


def palace_hall(members, ghost_halls):
    """R123 a: the leftmost hall with the fewest members (all families) holding none of the
    ghost's; -1 when every hall holds one of them."""
    best = -1
    for hall, count in enumerate(members):
        if hall not in ghost_halls and (best < 0 or count < members[best]):
            best = hall
    return best


def palace_place(members, ghost_halls, members_left):
    """R123 a on the lists themselves: the hall given a member (``palace_hall``), or -1 with none
    left to place."""
    hall = palace_hall(members, ghost_halls) if members_left else -1
    if hall >= 0:
        members[hall] += 1
        ghost_halls.append(hall)
    return hall


def palace_reorganize(members, ghost_halls, record=True):
    """R123 b, A23: the ghost's moves (from, to) so that no hall is empty, if possible; ``members``
    and ``ghost_halls`` are updated.  The moves are listed only when ``record``: the engine applies
    them to a copy of the ghost's halls and reads none (None then)."""
    moves = [] if record else None
    while 0 in members:
        empty = members.index(0)
        source = -1
        for hall in range(len(members)):
            if members[hall] >= 2 and hall in ghost_halls:
                source = hall
                break
        if source < 0:
            break
        members[source] -= 1
        members[empty] += 1
        ghost_halls[ghost_halls.index(source)] = empty
        if record:
            moves.append((source, empty))
    return moves


def palace_points(members):
    """R123 c: a point per hall holding at least one member."""
    points = 0
    for count in members:
        if count:
            points += 1
    return points


def palace_turn(members, ghost_halls, members_left):
    """R123 a-c on copies: (hall placed or -1, moves, points); the full-area score (R127) is the
    points of the same computation."""
    members, ghost_halls = list(members), list(ghost_halls)
    hall = palace_place(members, ghost_halls, members_left)
    moves = palace_reorganize(members, ghost_halls)
    return hall, moves, palace_points(members)


def market_number(card):
    return int(data.CARDS[card].label)


def market_pick(display):
    """R124, A22: the display position of the visible card with the highest number; position 0
    (the deck's top card) first on a tie, then left to right; -1 with no card."""
    best = -1
    for position, card in enumerate(display):
        if card >= 0 and (best < 0 or market_number(card) > market_number(display[best])):
            best = position
    return best


def market_points(figures_at_market):
    """R124: a point per figure at the market, the ghost's worker included (R127: + 1 when full)."""
    return figures_at_market


def academy_points(artisan_columns):
    """R125, E20: the coins shown by the most advanced artisan of the bot seats."""
    return data.ACADEMY_COINS[max(artisan_columns)] if artisan_columns else 0


def honour_for_ghost(card, seat_points, own_points):
    """R131 (5), E21: a card with the human icon gives the ghost the best score a seat gets with
    it; any other card is applied to the ghost itself."""
    return max(seat_points) if HONOUR_HUMAN[card] and seat_points else own_points


def own_honour(ghost, card):
    """R131 (5): a card without the human icon applied to the ghost's own belongings: its swords
    are those on its Washitsu, its figures on the board its workers out; what it never has (a
    delivered katana, decorations delivered, resources, coins) counts 0."""
    kind, resource = HONOUR_KIND[card], HONOUR_RESOURCE[card]
    count = 0
    if kind == HC_SWORDS:
        count = len(ghost.washitsu)
    elif kind == HC_PALACE:
        count = len(ghost.halls)
    elif kind == HC_SASHIMONO:
        for n in ghost.sashimono:
            count += n
    elif kind == HC_SETS:
        count = min(ghost.sashimono)
    elif kind == HC_CARDS:
        count = len(ghost.market_cards)
    elif kind == HC_POWER:
        for tile in ghost.washitsu:
            count += TILE_POWER[tile]
    elif kind == HC_FIGURES:
        count = GHOST_AVAILABLE[ghost.level - 1] + ghost.unlocked - ghost.available
    elif kind == HC_WORKERS:
        count = ghost.unlocked
    elif kind == HC_SWORDS_WITH:
        for tile in ghost.washitsu:
            for k in range(TILE_LENGTH[tile]):
                if TILE_RESOURCE[tile * MAX_COMPOSITION + k] == resource:
                    count += 1
                    break
    elif kind == HC_DECORATED:
        for slot in ghost.katana:
            if slot[1] and slot[0] == resource:
                count += 1
    return min(HONOUR_MAX, count * HONOUR_PER[card] // HONOUR_DIVISOR[card])


def oldest_honour(display):
    """R128, A21: the honour card revealed first among those left (display in reveal order)."""
    return display[0] if display else -1


# ---------------------------------------------------------------------- the ghost's turn on a state
G_DAIMYO, G_PALACE, G_MARKET, G_ACADEMY = data.G_DAIMYO, data.G_PALACE, data.G_MARKET, data.G_ACADEMY
N_GHOST_CARDS, GHOST_KOMAINU_POINTS = len(data.GHOST_CARDS), data.GHOST_KOMAINU_POINTS
MARKET_NUMBER = array.array("i", [int(card.label) if card.label.isdigit() else -1   # market_number, read
                                   for card in data.CARDS])                         # once (market cards)
GHOST_FIGURE = -2           # the ghost's figure in the state's board tables (seats are 0..n-1)
NO_BENEFIT = 0
PALACE_BENEFIT, ACADEMY_BENEFIT = data.PALACE_AREA, data.ACADEMY_AREA


def _open_spaces(used, least, players, want_free):
    """The free (``want_free``) or occupied spaces of an area open at ``players`` (``used`` marks
    closed spaces too)."""
    count = 0
    for k in range(len(used)):
        if least[k] <= players and (used[k] == 0) == want_free:
            count += 1
    return count


def hall_members(state, ghost):
    """Members in each hall in play, every family's and the ghost's."""
    halls = HALLS_IN_PLAY
    members = [0] * halls
    for s in range(state.n):
        for hall in range(halls):
            members[hall] += state.member[s * halls + hall]
    for hall in ghost.halls:
        members[hall] += 1
    return members


def ghost_turn(state, ghost):
    """R121-R128: the ghost's whole turn on ``state`` (a seat table with ``n`` bot seats, the ghost
    counted among the players on the board).  Returns the benefit the bot seats may then take
    (R123 d, R125: PALACE_BENEFIT or ACADEMY_BENEFIT), or NO_BENEFIT."""
    players = state.n + 1
    if ghost.available <= 0 or not any_card_placeable(state, ghost, players):   # R128, R127
        ghost.passed = True
        card = oldest_honour(state.honour_display)
        if card >= 0:
            state.honour_display.remove(card)
            ghost.honours.append(card)
        state._log(EV_GHOST_PASS, GHOST_FIGURE, card, 0, 0)
        return NO_BENEFIT
    drawn = []                                                           # R127: full areas this turn
    benefit = -1
    while benefit < 0:
        card = ghost.draw(ghost.rng)
        if card < 0:                                                     # unreachable: a card is placeable
            break
        if state.chapter and chapters.ghost_ignores(state, card):       # story chapter 11
            drawn.append(card)                                           # aside like a full area's (R127)
            state._log(EV_GHOST_CARD, GHOST_FIGURE, card, 0, 2)
            continue
        logged, before = len(state.events), ghost.score
        benefit = _ghost_card(state, ghost, card, players)
        if state.record:                                                 # the card, before what it did
            state.events.insert(logged, (EV_GHOST_CARD, GHOST_FIGURE, card, ghost.score - before,
                                         1 if benefit >= 0 else 0))
        if benefit < 0:
            drawn.append(card)                                           # R127: a full area, draw again
    ghost.discard.extend(drawn)
    ghost.available -= 1
    return benefit


def card_placeable(state, card, players):
    """Whether the area ``card`` names has a free space (Daimyō: a sword on a free space)."""
    if card == G_DAIMYO:
        for k in range(len(SPACE_HOUSE)):
            if state.space_worker[k] == -1 and state.space_tile[k] >= 0:
                return True
        return False
    if card == G_PALACE:
        return _open_spaces(state.palace_used, PALACE_LEAST, players, True) > 0
    if card == G_MARKET:
        return _open_spaces(state.market_used, MARKET_LEAST, players, True) > 0
    if card == G_ACADEMY:
        return _open_spaces(state.academy_used, ACADEMY_LEAST, players, True) > 0
    return state.komainu == -1


def any_card_placeable(state, ghost, players):
    """R127 ruling: some card of its deck or discard pile names an area with a free space."""
    for card in range(N_GHOST_CARDS):
        if state.chapter and chapters.ghost_ignores(state, card):       # story chapter 11
            continue
        if card_placeable(state, card, players) and (card in ghost.deck or card in ghost.discard):
            return True
    return False


def _ghost_card(state, ghost, card, players):
    """One drawn card: its area's rule, or its points alone and -1 when the area is full (R127)."""
    if card == G_DAIMYO:
        best_power = best_points = 0
        space = -1                                                       # choose_sword on the free spaces
        for k in range(len(SPACE_HOUSE)):
            tile = state.space_tile[k]
            if state.space_worker[k] != -1 or tile < 0:
                continue
            if space < 0 or TILE_POWER[tile] > best_power or (
                    TILE_POWER[tile] == best_power and TILE_POINTS[tile] > best_points):
                space, best_power, best_points = k, TILE_POWER[tile], TILE_POINTS[tile]
        if space < 0:
            return -1                                                    # R127: no sword, 0 points
        tile, house = state.space_tile[space], SPACE_HOUSE[space]
        state.space_tile[space] = -1
        state.space_worker[space] = GHOST_FIGURE
        with_sashimono = state.sashi_supply[house] > 0                   # R114
        if with_sashimono:
            state.sashi_supply[house] -= 1
        freed = ghost.take_sword(tile, house if with_sashimono else -1, state.round)
        state._log(EV_GHOST_SWORD, GHOST_FIGURE, tile, house, (1 if with_sashimono else 0) + (2 if freed else 0))
        if not freed:
            ghost.discard.append(card)                                   # R122 d
        deck = state.daimyo_deck[house]
        if deck:
            deck.pop()                                                   # R122 e
        return NO_BENEFIT
    if card == G_PALACE:
        free = _open_spaces(state.palace_used, PALACE_LEAST, players, True)
        members, family = hall_members(state, ghost), FAMILY_MEMBERS
        if state.chapter:                                                # story chapter 12's palace
            members, family = members[:chapters.open_halls(state)], chapters.family_members(state)
        halls = list(ghost.halls)                                        # palace_turn, on a copy kept
        hall = palace_place(members, halls, len(halls) < family)        # when the worker is placed
        palace_reorganize(members, halls, False)
        ghost.score += palace_points(members)
        if not free:
            return -1
        state._log(EV_GHOST_HALL, GHOST_FIGURE, hall, len(halls), 0)
        state.palace_used[_first_free(state.palace_used)] = 1
        ghost.halls = halls
        ghost.discard.append(card)
        return PALACE_BENEFIT
    if card == G_MARKET:
        free = _open_spaces(state.market_used, MARKET_LEAST, players, True)
        ghost.score += _open_spaces(state.market_used, MARKET_LEAST, players, False) + 1   # market_points
        if not free:
            return -1
        state.market_used[_first_free(state.market_used)] = 1
        if state.chapter:                                                # story chapter 13
            chapters.ghost_market(state)
        best_number = 0
        position = -1                                                    # market_pick on the display
        for k in range(len(state.market_display)):
            shown = state.market_display[k]
            if shown >= 0 and (position < 0 or MARKET_NUMBER[shown] > best_number):
                position, best_number = k, MARKET_NUMBER[shown]
        state._log(EV_GHOST_MARKET, GHOST_FIGURE, state.market_display[position] if position >= 0 else -1, position, 0)
        if position >= 0:                                                # replaced as usual (R35, A31)
            ghost.market_cards.append(state.market_display[position])
            if state.market_deck:
                state.market_deck.pop()
            if position != 0:
                state.market_display[position] = state.market_display[0]
            state.market_display[0] = state.market_deck[len(state.market_deck) - 1] if state.market_deck else -1
        ghost.discard.append(card)
        return NO_BENEFIT
    if card == G_ACADEMY:
        free = _open_spaces(state.academy_used, ACADEMY_LEAST, players, True)
        most = -1                                                        # academy_points over the seats
        for k in range(state.n * NRES):
            if state.artisan[k] > most:
                most = state.artisan[k]
        ghost.score += ACADEMY_COINS[most] if most >= 0 else 0
        if not free:
            return -1
        state.academy_used[_first_free(state.academy_used)] = 1
        state._log(EV_GHOST_DECORATE, GHOST_FIGURE, ghost.decorate_first(), 0, 0)   # step 1, before the seats' benefit
        ghost.discard.append(card)
        return ACADEMY_BENEFIT
    ghost.score += GHOST_KOMAINU_POINTS                                  # R126
    if state.komainu != -1:
        return -1
    state.komainu = GHOST_FIGURE
    ghost.plays_first = True
    ghost.discard.append(card)
    return NO_BENEFIT


def _first_free(used):
    for k in range(len(used)):
        if used[k] == 0:
            return k
    return -1


# ---------------------------------------------------------------------- the end (R131-R132)
def end_scoring(state, ghost):
    """R131: the ghost's total; a card with the human icon weighed against every seat (E21)."""
    honours = 0
    for card in ghost.honours:
        honours += honour_for_ghost(card, [state.honour_points(s, card) for s in range(state.n)],
                                    own_honour(ghost, card))
    ghost.end = ghost.parts(honours)
    ghost.total = sum(ghost.end.values())


def ghost_rank(state, ghost):
    """R113, R132: the ghost ranks by its total among the seats; it holds no favour card, so a
    tied seat holding one ranks before it; a seat that forfeited ranks below it."""
    keys = []
    for s in range(state.n):
        best = -1
        for f in range(len(data.FAVOURS)):
            if state.favour[f] == s:
                best = f
        keys.append((-10 ** 9, -2) if s == state.forfeited else (state.score[s], best))
    mine = (ghost.total, -1)
    return sorted(set(keys + [mine]), reverse=True).index(mine) + 1

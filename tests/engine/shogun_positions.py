"""Concrete Shōgun no Katana positions for rule tests.

``position`` starts a normal game with the rules module's ``new_state``, plays the starting draft,
then empties every forge, stock and purse, so that a test describes only what it needs: coins,
stocks, swords (by tile key, cell name such as ``"R3C2"``, resources already placed and the ones
decorated), cards in hand, family members in halls, the round, whose turn it is, the ghost's level
(0: no ghost).  Rows are numbered from 1 (Laque, at the top) to 4 (Galuchat); resources are named
by their letters L, B, A, G.  Both builds index their state like lists (flat int tables, lists of
lists), so tests read and set fields directly.
"""
from engine_ext.shogun import data
from engine_ext.shogun.actions import ACTIONS, CELLS
from engine_ext.shogun.views import PHASE_NAMES

# the phases a position is built in (the compiled rules module keeps its phase numbers as C constants)
PH_DRAFT, PH_TURN = PHASE_NAMES.index("draft"), PHASE_NAMES.index("turn")

LETTER = {c: i for i, c in enumerate(data.RESOURCE_LETTERS)}


def cell(name):
    return CELLS.index(name)


def tile(key):
    return data.tile_index(key)


def card(key):
    return data.card_index(key)


def position(R, n=4, *, seed=1, round=1, turn=0, coins=None, stock=None, swords=None, hands=None,
             halls=None, members=None, artisans=None, first=None, ghost=0):
    s = R.new_state(n, seed, {"ghost": ghost} if ghost else None)
    while s.phase == PH_DRAFT:
        s.apply(s.actor, ACTIONS.first("DRAFT"))
    for seat in range(n):
        s.coins[seat] = 0
        for r in range(4):
            s.stock[seat * 4 + r] = 0
        for c in range(data.FORGE_CELLS):
            s._put_sword(seat, c, -1, -1)
    for seat, amount in (coins or {}).items():
        s.coins[seat] = amount
    for seat, letters in (stock or {}).items():
        for letter in letters:
            s.stock[seat * 4 + LETTER[letter]] += 1
    for seat, placed in (swords or {}).items():
        for where, spec in placed.items():
            put_sword(s, seat, where, *spec)
    for seat, cards in (hands or {}).items():
        for key, count in cards.items():
            s.hand[seat * len(data.CARDS) + card(key)] = count
        s.held[seat] = sum(s.hand[seat * len(data.CARDS):(seat + 1) * len(data.CARDS)])   # kept with the hand
    if halls is not None:
        s.halls = [data.HALLS.index(next(h for h in data.HALLS if h.key == key)) for key in halls]
    for seat, slots in (members or {}).items():
        for slot in slots:
            s.member[seat * data.HALLS_IN_PLAY + slot] = 1
            s.family_home[seat] -= 1
    for seat, positions in (artisans or {}).items():
        for letter, column in positions.items():
            s.artisan[seat * 4 + LETTER[letter]] = column
    s.round = round - 1
    if first is not None:
        s.first = first
    s.turn = s.actor = turn
    s.phase = PH_TURN
    s.events.clear()
    return s


def put_sword(s, seat, where, key, placed=0, decorated="", sashimono=None):
    """A sword on ``where`` with its first ``placed`` resources on it, ``decorated`` letters decorated."""
    c = cell(where)
    t = data.NUM_TILES if key == "katana" else tile(key)
    s._put_sword(seat, c, t, -1 if sashimono is None else sashimono)
    i = seat * data.FORGE_CELLS + c
    s.cell_progress[i] = placed
    for letter in decorated:
        s.cell_deco[i] |= 1 << LETTER[letter]


def sword_at(s, seat, where):
    t = s.cell_tile[seat * data.FORGE_CELLS + cell(where)]
    return None if t < 0 else "katana" if t == data.NUM_TILES else data.TILES[t].key


def stock(s, seat):
    return "".join(letter * s.stock[seat * 4 + r] for letter, r in LETTER.items())


def act(s, seat, *names):
    for name in names:
        s.apply(seat, ACTIONS.id(name))


def legal_names(s, seat):
    return [ACTIONS.names[a] for a in s.legal_actions(seat)]


def phase(s):
    from engine_ext.shogun.views import PHASE_NAMES
    return PHASE_NAMES[s.phase]


def hand(s, seat):
    n = len(data.CARDS)
    return {data.CARDS[c].key: s.hand[seat * n + c] for c in range(n) if s.hand[seat * n + c]}

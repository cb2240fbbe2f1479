# Declarations that make _ghost.py a compiled module: the ghost's counters as C ints, its short
# lists (deck, discard, Washitsu...) as Python lists, and C calls on the state's tables for its
# turn, so that a game with the ghost stays on the fast path.  Names not declared here stay Python.
cimport cython
from engine_ext._rng cimport Rng
from engine_ext.shogun._core cimport ShogunCore
from engine_ext.shogun._tables cimport (
    ACADEMY_COINS, TILE_POINTS, TILE_POWER, TILE_COINS, TILE_RESOURCE, TILE_LENGTH, MAX_COMPOSITION,
    ROUND_POINTS, SPACE_HOUSE, MARKET_LEAST, ACADEMY_LEAST, PALACE_LEAST, NRES, RESOURCE_PRICE,
    DECORATION_POINTS, SET_POINTS, HONOUR_KIND, HONOUR_RESOURCE, HONOUR_PER, HONOUR_DIVISOR, HONOUR_HUMAN,
    HONOUR_MAX, HC_SWORDS, HC_PALACE, HC_SASHIMONO, HC_SETS, HC_CARDS, HC_POWER, HC_FIGURES, HC_WORKERS,
    HC_SWORDS_WITH, HC_DECORATED, FAMILY_MEMBERS, EV_GHOST_CARD, EV_GHOST_SWORD, EV_GHOST_HALL, EV_GHOST_MARKET,
    EV_GHOST_DECORATE, EV_GHOST_PASS)

cdef int G_DAIMYO, G_PALACE, G_MARKET, G_ACADEMY, N_GHOST_CARDS, GHOST_KOMAINU_POINTS, GHOST_KATANA_SLOTS
cdef int HALLS_IN_PLAY
cdef int[::1] MARKET_NUMBER, GHOST_AVAILABLE
cdef tuple GHOST_BLOCKED, GHOST_DECK, GHOST_SET_ASIDE


cdef class Ghost:
    cdef public int level, available, unlocked, score, total
    cdef public bint plays_first, passed
    cdef public Rng rng
    cdef public list blocked, washitsu, sashimono, katana, deck, discard, set_aside, honours, halls
    cdef public list market_cards
    cdef public dict end

    cpdef int draw(self, Rng rng) except? -2
    @cython.locals(slot=cython.int)
    cpdef bint take_sword(self, int tile, int house, int round_index) except -1
    @cython.locals(value=cython.int, resource=cython.int, slot=list)
    cpdef int katana_value(self) except? -1
    @cython.locals(coins=cython.int, tile=cython.int)
    cpdef int sword_coins(self) except? -1
    cpdef dict parts(self, int honours)


@cython.locals(i=cython.int, j=cython.int)
cdef void shuffle(Rng rng, list items) except *
@cython.locals(k=cython.Py_ssize_t, count=cython.int)
cdef int _open_spaces(int[::1] used, int[::1] least, int players, bint want_free) noexcept
@cython.locals(k=cython.Py_ssize_t)
cdef int _first_free(int[::1] used) noexcept
@cython.locals(s=cython.int, hall=cython.int, halls=cython.int)
cdef list hall_members(ShogunCore state, Ghost ghost)
@cython.locals(players=cython.int, card=cython.int, benefit=cython.int, logged=cython.Py_ssize_t, before=cython.int)
cpdef int ghost_turn(ShogunCore state, Ghost ghost) except? -2
@cython.locals(k=cython.Py_ssize_t)
cdef bint card_placeable(ShogunCore state, int card, int players) noexcept
@cython.locals(card=cython.int)
cdef bint any_card_placeable(ShogunCore state, Ghost ghost, int players) except -1
@cython.locals(space=cython.int, k=cython.Py_ssize_t, tile=cython.int, house=cython.int, best_power=cython.int,
               best_points=cython.int, free=cython.int, position=cython.int, shown=cython.int, most=cython.int,
               best_number=cython.int, with_sashimono=cython.bint, freed=cython.bint,
               members=list, halls=list, family=cython.int, hall=cython.int)
cdef int _ghost_card(ShogunCore state, Ghost ghost, int card, int players) except? -2
@cython.locals(points=cython.int, level=cython.int, types=cython.int, count=cython.int)
cpdef int sashimono_points(list counts) except? -1
@cython.locals(best=cython.int, hall=cython.Py_ssize_t, count=cython.int)
cpdef int palace_hall(list members, list ghost_halls) except? -2
cpdef int palace_place(list members, list ghost_halls, bint members_left) except? -2
@cython.locals(empty=cython.Py_ssize_t, source=cython.Py_ssize_t, hall=cython.Py_ssize_t)
cpdef list palace_reorganize(list members, list ghost_halls, bint record=*)
@cython.locals(points=cython.int, count=cython.int)
cpdef int palace_points(list members) except? -1
@cython.locals(hall=cython.int)
cpdef tuple palace_turn(list members, list ghost_halls, bint members_left)
@cython.locals(kind=cython.int, resource=cython.int, count=cython.int, n=cython.int, tile=cython.int,
               k=cython.int, slot=list)
cpdef int own_honour(Ghost ghost, int card) except? -1
cpdef int honour_for_ghost(int card, list seat_points, int own_points) except? -1
@cython.locals(honours=cython.int, card=cython.int, s=cython.int)
cpdef end_scoring(ShogunCore state, Ghost ghost)

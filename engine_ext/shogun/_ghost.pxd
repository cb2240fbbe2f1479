# Declarations that make _ghost.py a compiled module: the ghost's counters as C ints, its short
# lists (deck, discard, Washitsu...) as Python lists, and C calls on the state's tables for its
# turn, so that a game with the ghost stays on the fast path.  Names not declared here stay Python.
cimport cython
from engine_ext._rng cimport Rng
from engine_ext.shogun._core cimport ShogunCore
from engine_ext.shogun._tables cimport (
    ACADEMY_COINS, TILE_POINTS, TILE_POWER, ROUND_POINTS, SPACE_HOUSE, MARKET_LEAST, ACADEMY_LEAST,
    PALACE_LEAST, NRES)

cdef int G_DAIMYO, G_PALACE, G_MARKET, G_ACADEMY, N_GHOST_CARDS, GHOST_KOMAINU_POINTS
cdef int[::1] MARKET_NUMBER


cdef class Ghost:
    cdef public int level, available, unlocked, score, decoration_due, total
    cdef public bint plays_first, passed
    cdef public Rng rng
    cdef public list blocked, washitsu, sashimono, katana, deck, discard, set_aside, honours, halls
    cdef public list market_cards
    cdef public dict end

    cpdef int draw(self, Rng rng) except? -2


@cython.locals(i=cython.int, j=cython.int)
cdef void shuffle(Rng rng, list items) except *
@cython.locals(k=cython.Py_ssize_t, count=cython.int)
cdef int _open_spaces(int[::1] used, int[::1] least, int players, bint want_free) noexcept
@cython.locals(k=cython.Py_ssize_t)
cdef int _first_free(int[::1] used) noexcept
@cython.locals(s=cython.int, hall=cython.int, halls=cython.int)
cdef list hall_members(ShogunCore state, Ghost ghost)
@cython.locals(players=cython.int, card=cython.int, benefit=cython.int)
cpdef int ghost_turn(ShogunCore state, Ghost ghost) except? -2
@cython.locals(k=cython.Py_ssize_t)
cdef bint card_placeable(ShogunCore state, int card, int players) noexcept
@cython.locals(card=cython.int)
cdef bint any_card_placeable(ShogunCore state, Ghost ghost, int players) except -1
@cython.locals(space=cython.int, k=cython.Py_ssize_t, tile=cython.int, house=cython.int, best_power=cython.int,
               best_points=cython.int, free=cython.int, position=cython.int, shown=cython.int, most=cython.int,
               best_number=cython.int, with_sashimono=cython.bint, freed=cython.bint)
cdef int _ghost_card(ShogunCore state, Ghost ghost, int card, int players) except? -2

# Declarations that make _flat.py a compiled module: the state's fields read as C, the vector
# written through a typed view.  Names not declared here stay Python.
cimport cython
from engine_ext.shogun._tables cimport (N_TILES, CELLS, NRES, N_CARDS, N_LINES, N_HALLS, N_SPACES, N_FAVOURS,
    MAX_OPEN, TILE_COMPOSITION, TILE_POINTS, TILE_COINS, TEMPLE_COST, FAVOUR_OUT, FAVOUR_REMOVED)
from engine_ext.shogun._flow cimport ShogunFlow, N_ACTIONS
from engine_ext.shogun._rules cimport ShogunState

cdef float[::1] LOW, HIGH
cdef int SIZE, MAX_SEATS, N_DECKS, N_HOUSES, O_PLAYERS, O_ROUND, O_FIRST, O_TURN, O_PHASE, O_TO_ACT, O_TEMPLE
cdef int O_DRAFT, O_SPACES, SPACE_ROW, S_OPEN, S_TILE, S_WORKER, O_STACK, O_DECKS, DECK_ROW, D_SIZE, D_TOP
cdef int O_MARKET, O_MARKET_DECK, O_MARKET_USED, O_ACADEMY_USED, O_PALACE_USED, O_KOMAINU, O_HALLS, HALL_ROW
cdef int H_HALL, H_MEMBERS, O_HONOURS, O_HONOUR_DECK, O_FAVOURS, FAVOUR_ROW, F_HOLDER, O_SUPPLY, O_OVER
cdef int O_SEATS, ROW, R_COINS, R_SCORE, R_PASSED, R_WORKERS, R_UNLOCKED, R_MONKS, R_STOCK, R_ARTISANS
cdef int R_PROJECT, R_SASHIMONO, R_FORGE, CELL_ROW, C_TILE, C_PLACED, C_DECORATED, C_SASHIMONO, C_COMPLETE
cdef int R_CARDS, R_UNDER, R_OPEN, R_FAMILY, R_KATANA_STATE, R_KATANA_COMPOSITION, R_KATANA_COLUMN
cdef int R_KATANA_VALUE, R_SHAME, R_DELIVERED, R_HONOURS, GHOST_FIGURE, H_GHOST, O_GHOST, O_G_LEVEL, O_G_SCORE
cdef int O_G_WORKERS, O_G_PASSED, O_G_FIRST, O_G_SWORDS, O_G_COINS, O_G_BLOCKED, O_G_SASHIMONO, O_G_KATANA
cdef int O_G_DECORATED, O_G_MARKET, O_G_HONOURS, O_G_DECK, O_G_DISCARD, O_G_LAST, O_G_SET_ASIDE, O_CHAPTER, O_CONDITIONS
cdef int CONDITION_ROW, K_MET, O_SURCHARGE, SCARCITY

@cython.locals(i=cython.Py_ssize_t, count=cython.int, width=cython.int, state=ShogunState, seat=cython.long,
               action=cython.long, a=cython.int, game_steps=list)
cpdef int step_many(list states, long[::1] seats, long[::1] actions, list steps, signed char[:, ::1] masks,
                    float[:, ::1] out, long[::1] ended, int max_decisions) except -1

@cython.locals(i=cython.Py_ssize_t)
cpdef void encode_many(list states, long[::1] seats, float[:, ::1] out)

cdef void _seat(int holder, int seat, int n, float[::1] out, int at)

cdef void _figure(int holder, int seat, int n, float[::1] out, int at)

@cython.locals(r=cython.int)
cdef void _tile(int tile, float[::1] out, int at)

@cython.locals(n=cython.int, i=cython.int, k=cython.int, s=cython.int, h=cython.int, row=cython.int,
               tile=cython.int, card=cython.int, holder=cython.int, deck=list)
cpdef void encode(ShogunFlow state, int seat, float[::1] out)

@cython.locals(total=cython.int, k=cython.Py_ssize_t)
cdef int _sum(int[::1] table)

@cython.locals(r=cython.int, h=cython.int, cell=cython.int, i=cython.int, tile=cython.int, at=cython.int,
               c=cython.int, line=cython.int, k=cython.int, card=cython.int)
cdef void _write_seat(ShogunFlow state, int s, float[::1] out, int row)

@cython.locals(tile=cython.int, slot=cython.int, h=cython.int, r=cython.int, card=cython.int, hall=cython.int)
cdef void _write_ghost(object ghost, float[::1] out)

@cython.locals(k=cython.int, r=cython.int)
cdef void _write_chapter(ShogunFlow state, float[::1] out)

# Declarations that make _flat.py a compiled module: the state's fields read as C, the vector
# written through a typed view.  Names not declared here stay Python.
cimport cython
from engine_ext.samourai._core cimport SamouraiCore, NK, NT, NUM_ACTIONS
from engine_ext.samourai._rules cimport SamouraiState

cdef float[::1] LOW, HIGH
cdef int SIZE, MAX_SEATS, N_SWITCHES, ST_MOVE_TO, ST_MOVE_COUNT, ST_WINDOW, ST_TARGET_PLAYER, ST_TARGET_TERRITORY
cdef int ST_COUNTER, ST_BUY_WHERE, ST_OFFICE_ANSWER, ST_SUPPORT_FROM, ST_SUPPORT_ANSWER, ST_TRADE_ANSWER
cdef int ST_SHOGUN_POWER, O_PLAYERS, O_TARGET, O_ROUND, O_PHASE, O_TO_ACT, O_ACTIVE, O_EMPEROR, O_SHOGUN
cdef int O_LATCHED, O_FREE_MOVE, O_MOVES, O_ORDER, ORDER_ROW, O_OFFICE_SOLD, O_SUPPORT_USED, O_POWER_USED
cdef int O_TERRITORIES, TERRITORY_ROW, T_OWNER, T_SAMURAI, T_CASTLE, T_BARRED, O_DRAW_PILE, O_DISCARD, O_BATTLE
cdef int O_B_TERRITORY, O_B_FROM, O_B_COUNT, O_B_ATTACKER, O_B_DEFENDER, O_B_COMMITTED, O_B_CARDS, O_B_FORCED
cdef int O_B_WINNER, O_B_RETREAT, O_P_STEP, O_P_SEAT, O_P_FROM, O_P_TO, O_P_COUNT, O_P_SEA, O_P_WINDOW, O_P_CARD
cdef int O_P_CARD_BY, O_P_TARGET_SEAT, O_P_TARGET_TERRITORY, O_P_BUYING, O_P_PRICE, O_P_SIDE, O_P_SAMURAI
cdef int O_P_TRADE_BY, O_P_TRADE_CARD, O_OPTIONS, O_HAND, O_SET_ASIDE, O_TREASURY, O_SEATS, ROW, R_CLAN, R_KOKU
cdef int R_HONOR, R_RESERVE, R_CASTLES, R_HAND_SIZE, R_TERRITORIES, R_CLAN_POINTS, R_CITIES, R_ON_BOARD
cdef int R_CASTLE_BUILT, R_ELIMINATED, R_FORFEITED, R_PLAYED, R_EMPEROR, R_SHOGUN

@cython.locals(i=cython.Py_ssize_t, count=cython.int, width=cython.int, state=SamouraiState, seat=cython.long,
               action=cython.long, a=cython.int, game_steps=list)
cpdef int step_many(list states, long[::1] seats, long[::1] actions, list steps, signed char[:, ::1] masks,
                    float[:, ::1] out, long[::1] ended, int max_decisions) except -1

@cython.locals(i=cython.Py_ssize_t)
cpdef void encode_many(list states, long[::1] seats, float[:, ::1] out)

cdef void _seat(int holder, int seat, int n, float[::1] out, int at)

cdef inline int _key(int index, int count)

@cython.locals(n=cython.int, i=cython.int, k=cython.int, s=cython.int, t=cython.int, c=cython.int, row=cython.int,
               options=dict)
cpdef void encode(SamouraiCore state, int seat, float[::1] out)

@cython.locals(step=cython.int, side=cython.int, who=cython.int, shown=cython.bint, committed=cython.int,
               i=cython.int, c=cython.int)
cdef void _battle(SamouraiCore state, int seat, int n, float[::1] out)

@cython.locals(step=cython.int, window=cython.bint)
cdef void _pending(SamouraiCore state, int seat, int n, float[::1] out)

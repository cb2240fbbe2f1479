# Declarations that make _flat.py a compiled module: the state's fields read as C, the vector
# written through a typed view.  Names not declared here stay Python.
cimport cython
from engine_ext.katana._core cimport (KatanaCore, NINJA, NUM_CARDS, NUM_PERMANENTS, CHOOSE_TARGET,
    PARRY_CHOICE, GEISHA_CHOICE, BATTLECRY, JUJITSU, DRAW_CHOICE, BUSHIDO_CHOICE, GEISHA, CRI_DE_GUERRE,
    JU_JITSU, RESILIENCE, NUM_ACTIONS)
from engine_ext.katana._rules cimport KatanaState

cdef float[::1] LOW, HIGH
cdef int SIZE, O_PLAYERS, O_PHASE, PHASE_OFFSET, O_TURN, O_TO_ACT, O_TURN_NUMBER, O_SHOGUN, O_BUSHIDO
cdef int O_DRAW_PILE, O_DISCARD, O_WEAPONS_PLAYED, O_WEAPON_LIMIT, O_PENDING_CARD, O_PENDING_BY
cdef int O_PENDING_TARGET, O_PENDING_DAMAGE, O_PENDING_DRAWS, O_ROLE, O_STARS, O_HAND, O_SEATS, ROW
cdef int R_CHARACTER, R_RESILIENCE, R_MAX_RESILIENCE, R_HONOR, R_HAND_SIZE, R_PERMANENTS, R_HARMLESS, R_ROLE

cdef int _relative(int seat, int me, int n)

@cython.locals(i=cython.Py_ssize_t, count=cython.int, width=cython.int, state=KatanaState, seat=cython.long,
               action=cython.long, a=cython.int, j=cython.int, k=cython.int, game_steps=list)
cpdef int step_many(list states, long[::1] seats, long[::1] actions, list steps, signed char[:, ::1] masks,
                    float[:, ::1] out, long[::1] ended, int max_decisions) except -1

@cython.locals(i=cython.Py_ssize_t)
cpdef void encode_many(list states, long[::1] seats, float[:, ::1] out)

@cython.locals(n=cython.int, phase=cython.int, i=cython.int, k=cython.int, s=cython.int, c=cython.int,
               p=cython.int, row=cython.int, base=cython.int, role=cython.int)
cpdef void encode(KatanaCore state, int seat, float[::1] out)

@cython.locals(phase=cython.int, weapon=cython.int, card=cython.int)
cdef void _pending(KatanaCore state, int seat, int n, float[::1] out)

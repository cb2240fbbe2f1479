# Declarations that make _flat.py a compiled module: the state's fields read as C, the vector
# written through a typed view.  Names not declared here stay Python.
cimport cython
from engine_ext.risques._core cimport (RiskCore, FIRST_VASSAL, MAXP, MAXPART, MAXREP, NRANK, P_DECLARE, CALM,
    SURPRISE, NUM_ACTIONS)
from engine_ext.risques._rules cimport RisquesState

cdef float[::1] LOW, HIGH
cdef int SIZE, MAX_SEATS, N_VASSALS, O_MODE, O_PLAYERS, O_SCENE, O_SCENES, O_PHASE, PHASE_OFFSET, RISK_OFFSET
cdef int O_TO_ACT, O_PERSONAL, O_SHARED, O_RISK, O_RISK_A, O_RISK_B, O_WINNER, O_BONUS, O_SURPRISED, O_ROUND
cdef int O_PASS, O_FRAPPE_WINNER, O_GENERAL, O_YOJIMBO, O_DECLARE_ROUND, O_VICTIM, O_WOUND_RANK, O_BY, O_ABOUT
cdef int O_ACTING, O_SEATS, ROW, R_CHARACTER, R_ALIVE, R_ABLE, R_WOUNDS, R_GLORY, R_REPUTATIONS, R_DIGNIFIED
cdef int R_PROTECTED, R_HONOR, R_SCORE, O_SAMURAI, SAMURAI_ROW, O_VASSALS, VASSAL_ROW
cdef int Q_IN_SCENE, Q_TO_DECIDE, Q_POOL, Q_WAGER, Q_ROLL, Q_KEPT, Q_TARGET, Q_ON_GUARD, Q_STRIKES, Q_INITIATIVE
cdef int Q_HONOR_SPENT, Q_HIDDEN, Q_DECLARATION, Q_VALUE, Q_OWNER, Q_RANK

@cython.locals(i=cython.Py_ssize_t, count=cython.int, width=cython.int, state=RisquesState, seat=cython.long,
               action=cython.long, p=cython.int, a=cython.int, j=cython.int, k=cython.int, s=cython.int,
               game_steps=list, queue=list, kept=list)
cpdef int step_many(list states, list queues, long[::1] seats, long[::1] actions, list steps,
                    signed char[:, ::1] masks, float[:, ::1] out, long[::1] ended, int max_decisions) except -1

@cython.locals(p=cython.int)
cdef int _acting(RiskCore state, int seat)

@cython.locals(i=cython.Py_ssize_t)
cpdef void encode_many(list states, long[::1] seats, float[:, ::1] out)

cdef void _participant(int p, int seat, int n, float[::1] out, int at)

cdef bint _listed(RiskCore state, int p)

@cython.locals(value=cython.int)
cdef void _fields(RiskCore state, int p, int seat, int n, float[::1] out, int at)

@cython.locals(n=cython.int, i=cython.int, k=cython.int, s=cython.int, p=cython.int, r=cython.int, j=cython.int,
               v=cython.int, row=cython.int, acting=cython.int, fit=cython.bint)
cpdef void encode(RiskCore state, int seat, float[::1] out)

# Declarations that make _rules.py a compiled module: the scenes' flow on top of
# _core's state and risks.  Names not declared here stay Python.
cimport cython
from engine_ext._rng cimport Rng
from engine_ext.risques._core cimport (RiskCore, MAXP, MAXPART, FIRST_VASSAL, NRANK, MAXREP, THRESHOLD, MAX_WAGER,
    MAX_WOUND_WAGERS, M_DUEL, M_FRAPPE, M_MASSACRE, R_NONE, R_DUEL, R_FRAPPE, R_STRIKE, R_INIT, R_SEPPUKU,
    NUM_CHARACTERS, COURAGE, GIRI, COMMANDS, REP0, REP0_MARTIAL, HEALED, DECLARE_ROUNDS, HONOR_DICE,
    MASSACRE_ROUNDS, SAVED_RANK, SCENE_HONOR, SEPPUKU_HONOR, START_HONOR, SURPRISE_HONOR_COST, VASSAL_RANK,
    POOL_DONE, SPEND_HONOR, INVOKE_WOUND, CALM, GARDE, FRAPPE, SURPRISE, TARGET, WAGER, ROLL, WOUND_WAGERS,
    DUEL_DRAW, SAVE, ACCEPT_DEATH, ABSORB, NO_ABSORB, PROTECT, NO_PROTECT, CONTINUE, STOP, SEPPUKU,
    NO_SEPPUKU, P_POOL, P_DECLARE, P_TARGET, P_PICK, P_WAGER, P_OPEN_WAGER, P_ROLL, P_SPEND, P_SAVE, P_ABSORB,
    P_PROTECT, P_CONTINUE, P_SEPPUKU, P_OVER, END_NONE, END_SCENES, END_STANDING, END_FORFEIT, EV_SCENE,
    EV_POOL, EV_INVOKE, EV_DECLARE, EV_TARGET, EV_WAGER, EV_ROLL, EV_SAVE, EV_PROTECT, EV_CONTINUE,
    EV_SEPPUKU, EV_HEAL, EV_STRIKE, EV_STRIKES, EV_SURPRISED, EV_END)


cdef class RisquesState(RiskCore):
    @cython.locals(i=cython.int, j=cython.int, s=cython.int, c=cython.int, r=cython.int, p=cython.int,
                   v=cython.int, n=cython.int)
    cpdef void reset(self, int n_players, object seed, int mode, bint shared, int scenes, bint record)
    @cython.locals(n=cython.int, s=cython.int, r=cython.int, k=cython.int, fit=cython.int, p=cython.int,
                   first=cython.int)
    cdef void _next_scene(self)
    @cython.locals(p=cython.int)
    cdef void _end_scene(self)
    @cython.locals(s=cython.int)
    cdef void _offer_seppuku(self, int start)
    @cython.locals(p=cython.int)
    cdef void _finish(self, int reason)
    cdef void _start_frappe(self, int a, int b)
    @cython.locals(risk=cython.int, a=cython.int, b=cython.int, p=cython.int, o=cython.int, w=cython.int)
    cdef void _after_hit(self)
    @cython.locals(v=cython.int, c=cython.int, y=cython.int)
    cdef void _start_massacre(self)
    @cython.locals(y=cython.int, s=cython.int)
    cdef void _offer_protection(self, int start)
    @cython.locals(p=cython.int)
    cdef void _start_round(self)
    @cython.locals(p=cython.int)
    cdef void _targets_done(self)
    @cython.locals(p=cython.int)
    cdef void _resolve_initiative(self)
    cdef bint _can_strike(self, int p)
    @cython.locals(x=cython.int, p=cython.int, more=cython.bint)
    cdef void _next_strike(self)
    cdef void _begin_strike(self, int x, int t)
    cdef void _round_end(self)
    @cython.locals(s=cython.int)
    cdef void _offer_continue(self, int start)
    @cython.locals(phase=cython.int, k=cython.int, opp=cython.int, r=cython.int, q=cython.int, top=cython.int,
                   i=cython.int, last=cython.bint)
    cpdef int _fill_legal(self, int p)
    @cython.locals(k=cython.int, i=cython.int)
    cdef bint _is_legal(self, int p, int action)
    @cython.locals(p=cython.int)
    cdef int _acting(self, int seat)
    @cython.locals(phase=cython.int, r=cython.int, opp=cython.int, q=cython.int, k=cython.int, o=cython.int,
                   s=cython.int)
    cpdef void _apply(self, int p, int action)
    @cython.locals(a=cython.int, b=cython.int, strikes=cython.int, p=cython.int, d=cython.int, x=cython.int,
                   y=cython.int)
    cdef void _declarations_done(self)
    @cython.locals(dice=cython.int, total=cython.int, success=cython.bint)
    cdef void _seppuku(self, int s, int k)

@cython.locals(state=RisquesState, policy=Rng, g=cython.int, p=cython.int, k=cython.int, s=cython.int,
               decisions=cython.longlong, deaths=cython.longlong, glory=cython.longlong, mode=cython.int)
cpdef dict play_random_games(int n_players, int n_games, unsigned long long seed)

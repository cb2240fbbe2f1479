# Declarations that make _core.py a compiled module (cimported by _risques.pxd):
# C types for the state, C calls for everything on the hot path.
cimport cython
from engine_ext._rng cimport Rng

cdef int MAXP, MAXPART, FIRST_VASSAL, NRANK, MAXREP, THRESHOLD, MAX_WAGER, MAX_WOUND_WAGERS, SURVIVAL
cdef int M_DUEL, M_FRAPPE, M_MASSACRE, R_NONE, R_DUEL, R_FRAPPE, R_STRIKE, R_INIT, R_SEPPUKU
cdef int NUM_CHARACTERS
cdef int[::1] STATIC_POOL, VALEUR, COURAGE, GIRI, KATANA, COMMANDS, MAX_REPS, REP0, REP0_MARTIAL, HEALED
cdef int DEATH_RANK, DECLARE_ROUNDS, FRAPPE_BONUS, HANDICAP_DICE, HONOR_DICE, KATANA_WOUND
cdef int MASSACRE_ROUNDS, POINTS_PER_RANK, SAVED_RANK, SCENE_HONOR, SEPPUKU_HONOR, START_HONOR
cdef int SURPRISE_HONOR_COST, VASSAL_RANK, WAGERS_PER_GLORY
cdef int POOL_DONE, SPEND_HONOR, INVOKE_WOUND, CALM, GARDE, FRAPPE, SURPRISE, TARGET, WAGER, ROLL
cdef int WOUND_WAGERS, DUEL_DRAW, SAVE, ACCEPT_DEATH, ABSORB, NO_ABSORB, PROTECT, NO_PROTECT
cdef int CONTINUE, STOP, SEPPUKU, NO_SEPPUKU, NUM_ACTIONS
cdef int P_POOL, P_DECLARE, P_TARGET, P_PICK, P_WAGER, P_OPEN_WAGER, P_ROLL
cdef int P_SPEND, P_SAVE, P_ABSORB, P_PROTECT, P_CONTINUE, P_SEPPUKU, P_OVER
cdef int END_NONE, END_SCENES, END_STANDING, END_FORFEIT
cdef int EV_SCENE, EV_HONOR, EV_POOL, EV_INVOKE, EV_DECLARE, EV_TARGET, EV_WAGER, EV_ROLL, EV_PRIVILEGE
cdef int EV_WOUND, EV_ABSORB, EV_DEATH, EV_SAVE, EV_GLORY, EV_DRAW, EV_PROTECT, EV_CONTINUE, EV_SEPPUKU
cdef int EV_HEAL, EV_STRIKE, EV_STRIKES, EV_SURPRISED, EV_END


cdef class RiskCore:
    cdef public int n, mode, scenes, scene, phase, risk, ra, rb, winner, victim, hitter, wound_rank
    cdef public int cursor, decl_round, bonus_p, surprised, frappe_winner, mround, pass_no, group_sum
    cdef public int decisions, end_reason, forfeited
    cdef public bint shared, record, over
    cdef public object seed
    cdef public list events, scripted
    cdef public Rng rng
    cdef public int[::1] character, glory, dead, dignified, protected, wounds, reps, rep_martial
    cdef public int[::1] honor, commander, vrank, p_owner, p_in, p_ask, p_secret, p_choice, p_target
    cdef public int[::1] p_wager, p_pool, p_sum, p_kept, p_honor, p_guard, p_strikes, p_struck
    cdef public int[::1] p_down_pass, p_down_sum, p_init, p_inv, legal

    cdef void _allocate(self)
    cdef void _after_hit(self)
    cdef void _log(self, int kind, int a, int b, int amount, int extra)
    @cython.locals(total=cython.int, i=cython.int)
    cdef int _roll(self, int count)
    cdef inline int _hidx(self, int seat)
    cdef void _change_honor(self, int seat, int delta)
    cdef inline bint _fit(self, int s)
    cdef inline bint _katana(self, int p)
    cdef inline bint _alive(self, int p)
    cdef bint _present(self, int v)
    @cython.locals(best=cython.int, i=cython.int, r=cython.int)
    cpdef int rep_rank(self, int s)
    @cython.locals(c=cython.int, pool=cython.int)
    cpdef int base_pool(self, int p, int opp)
    @cython.locals(slot=cython.int, free=cython.int, count=cython.int, i=cython.int, k=cython.int)
    cdef void _glory(self, int seat, int points)
    @cython.locals(count=cython.int, s=cython.int)
    cdef int _owners_in(self)
    cdef inline bint _valid_target(self, int p, int q)
    @cython.locals(q=cython.int)
    cdef bint _has_target(self, int p)
    cdef inline void _ask(self, int phase, int p)
    @cython.locals(p=cython.int)
    cdef bint _asking(self)
    cpdef int score(self, int s)
    @cython.locals(p=cython.int)
    cdef void _start_risk(self, int kind, int a, int b)
    @cython.locals(r=cython.int)
    cdef void _prepare(self, int p, int opp)
    cdef int _opponent(self, int p)
    @cython.locals(a=cython.int, b=cython.int, p=cython.int)
    cdef void _pools_done(self)
    @cython.locals(p=cython.int)
    cdef void _reveal_wagers(self)
    @cython.locals(dice=cython.int)
    cdef void _roll_for(self, int p)
    @cython.locals(a=cython.int, b=cython.int, sa=cython.int, sb=cython.int, w=cython.int, p=cython.int,
                   loser=cython.int)
    cdef void _resolve_pair(self)
    @cython.locals(loser=cython.int, k=cython.int, rank=cython.int)
    cdef void _spend(self, int p, int action)
    cdef void _hit(self, int q, int rank, int by)
    @cython.locals(c=cython.int, j=cython.int, v=cython.int)
    cdef int _vassal_for(self, int q, int k)
    @cython.locals(q=cython.int, k=cython.int, v=cython.int)
    cdef void _absorb(self, int seat)
    @cython.locals(s=cython.int, r=cython.int)
    cdef void _take_wound(self)
    cdef void _die(self, int s)
    @cython.locals(k=cython.int)
    cdef void _knock_out(self, int p)

# Declarations that make _risques.py a compiled module: C types for the state,
# C calls for everything on the hot path.  Names not declared here stay Python.
cimport cython
from ._rng cimport Rng

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


cdef class RisquesState:
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

    @cython.locals(i=cython.int, j=cython.int, s=cython.int, c=cython.int, r=cython.int, p=cython.int,
                   v=cython.int, n=cython.int)
    cpdef void reset(self, int n_players, object seed, int mode, bint shared, int scenes, bint record)
    cdef void _log(self, int kind, int a, int b, int amount, int extra)
    @cython.locals(total=cython.int, i=cython.int)
    cdef int _roll(self, int count)
    cdef inline int _hidx(self, int seat)
    cdef void _change_honor(self, int seat, int delta)
    cdef inline bint _fit(self, int s)
    cdef inline bint _katana(self, int p)
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
    @cython.locals(n=cython.int, s=cython.int, r=cython.int, k=cython.int, fit=cython.int, p=cython.int,
                   first=cython.int)
    cdef void _next_scene(self)
    @cython.locals(p=cython.int)
    cdef void _end_scene(self)
    @cython.locals(s=cython.int)
    cdef void _offer_seppuku(self, int start)
    @cython.locals(p=cython.int)
    cdef void _finish(self, int reason)
    cpdef int score(self, int s)
    cdef void _start_frappe(self, int a, int b)
    @cython.locals(p=cython.int)
    cdef void _start_risk(self, int kind, int a, int b)
    @cython.locals(r=cython.int)
    cdef void _prepare(self, int p, int opp)
    @cython.locals(a=cython.int, b=cython.int)
    cdef void _pools_done(self)
    @cython.locals(p=cython.int)
    cdef void _reveal_wagers(self)
    @cython.locals(dice=cython.int)
    cdef void _roll_for(self, int p)
    @cython.locals(a=cython.int, b=cython.int, sa=cython.int, sb=cython.int, w=cython.int, p=cython.int)
    cdef void _resolve_pair(self)
    @cython.locals(loser=cython.int, k=cython.int, rank=cython.int)
    cdef void _spend(self, int p, int action)
    cdef void _hit(self, int q, int rank, int by)
    @cython.locals(c=cython.int, j=cython.int)
    cdef int _vassal_for(self, int q, int k)
    @cython.locals(q=cython.int, k=cython.int, v=cython.int)
    cdef void _absorb(self, int seat)
    @cython.locals(s=cython.int, r=cython.int)
    cdef void _take_wound(self)
    cdef void _die(self, int s)
    @cython.locals(k=cython.int)
    cdef void _knock_out(self, int p)
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

# Declarations that make _rules.py a compiled module: the flow of rounds and phases, the legality of
# each decision and its effect as C calls on the state of _core (noexcept and final: see _core.pxd).
# Names not declared here stay Python.
cimport cython
from engine_ext._rng cimport Rng
from engine_ext.samourai._core cimport (
    BUY_CASTLE, BUY_SAMURAI, CASTLES_PER_CLAN, CASTLE_PRICE, CATEGORY, CAT_ANY_TIME, CAT_EVENT, CAT_SPECIAL,
    COMMIT, COST, COUNT, DESTROY, DISCARD, DONE, EFFECT, EMPEROR_HONOR, END_FORFEIT, END_NONE, END_ROUND_CAP,
    END_TARGET, END_TURN, EV_BUY, EV_CANCEL, EV_COMMIT, EV_DISCARD, EV_EMPEROR, EV_END, EV_FORFEIT, EV_NAME,
    EV_PLACE, EV_PLAY, EV_RETURN, EV_ROUND, EV_SCORE, EV_SELL, EV_SETUP_CITY, EV_SHOGUN, EV_TAX, EV_TREASURY,
    EV_UPRISING, EXTRA_CARDS, FX_NINJA, FX_SECT, FX_UPRISING, FX_WAKO, HAND_REFILL, HONOR_PER_KOKU_SOLD, JUSTICE,
    KOKU_PER_HONOR, KYOTO, KYOTO_CASTLE_PRICE, MAXP, MAX_MOVES, MAX_ROUNDS, MOVE, NEIGHBOURS, NEIGHBOUR_START,
    NEW_EXTRA_CARDS, NK, NO_SPECIAL, NT, NUM_ACTIONS, PASS, PH_ACTIVATION, PH_OVER, PH_PURCHASE, PH_SETUP,
    PH_TAXES, PLAY, PLAYER, RELOCATE, REPLACE, RETURN_KOKU, RETURN_SAMURAI, SAMURAI_PRICE, SELL_HONOR, SEPPUKU,
    START_HAND, START_HONOR, START_KOKU, ST_ACTIVATE, ST_BUY_WHERE, ST_CASTLE, ST_COMMIT, ST_COUNTER, ST_DISCARD,
    ST_MOVE_COUNT, ST_MOVE_FROM, ST_MOVE_TO, ST_NAME, ST_NONE, ST_OVER, ST_PURCHASE, ST_RELOCATE, ST_RETREAT,
    ST_RETURN, ST_SETUP, ST_TARGET_PLAYER, ST_TARGET_TERRITORY, ST_WINDOW, TERRITORY, W_MOVE, W_START, FX_SCORCHED)
from engine_ext.samourai._play cimport CTX_TURN, CTX_WINDOW, SH_CARD_COUNTER
from engine_ext.samourai._options cimport SamouraiOptions, FIRST_OPTION_STEP, LAST_OPTION_STEP


cdef class SamouraiState(SamouraiOptions):
    @cython.locals(s=cython.int, i=cython.int, t=cython.int, n=cython.int)
    cpdef reset(self, int n_players, object seed, dict options, bint record)
    @cython.locals(i=cython.int, j=cython.int)
    cdef void _shuffle_list(self, list items)
    cdef void _start_round(self)
    cdef void _order_done(self)
    cdef void _begin_phase(self, int phase)
    @cython.locals(left=cython.int, last=cython.int, s=cython.int)
    cdef void _next_named(self)
    cpdef void _start_turn(self, int seat)
    cdef void _end_turn(self)
    @cython.locals(score=cython.int)
    cdef void _end_activation_turn(self)
    cdef void _end_phase(self)
    @cython.locals(previous=cython.int, emperor=cython.int, shogun=cython.int)
    cpdef void _titles(self)
    @cython.locals(i=cython.int, s=cython.int, tax=cython.int)
    cdef void _taxes_and_discards(self)
    @cython.locals(s=cython.int, k=cython.int, count=cython.int, extra=cython.int[::1])
    cdef void _discards_done(self)
    @cython.locals(s=cython.int)
    cpdef void _finish(self, int reason)
    @cython.final
    cdef inline int _castle_price(self, int t) noexcept
    @cython.final
    cdef inline bint _can_build_at(self, int seat, int t) noexcept
    @cython.final
    cdef inline bint _can_return_to(self, int seat, int t) noexcept
    cdef bint _any_return(self, int seat) noexcept
    @cython.locals(victim=cython.int, placed=cython.int)
    cdef void _return(self, int seat, int t)
    cdef void _sell_honor(self, int seat) noexcept
    @cython.locals(i=cython.int)
    cpdef list _legal(self, int seat)
    @cython.locals(i=cython.int)
    cdef bint _is_legal(self, int seat, int action) except -1
    @cython.locals(step=cython.int, s=cython.int, t=cython.int, k=cython.int, i=cython.int, slots=cython.int,
                   hand=cython.int[::1], base=cython.int)
    @cython.final
    cdef void _collect_legal(self, int seat) noexcept
    @cython.locals(category=cython.int, effect=cython.int, barred=cython.bint)
    @cython.final
    cdef bint _playable_in_turn(self, int seat, int card) noexcept
    @cython.locals(step=cython.int, t=cython.int, k=cython.int, nxt=cython.int)
    cpdef void _apply(self, int seat, int action)


@cython.locals(state=SamouraiState, policy=Rng, g=cython.int, decisions=cython.longlong, rounds=cython.longlong)
cpdef dict play_random_games(int n_players, int n_games, object seed)

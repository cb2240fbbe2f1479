# Declarations that make _play.py a compiled module: C calls for the windows, cards, moves and
# battles of an activation turn, on the state of _core (noexcept: see _core.pxd).  The helpers
# marked final are called directly (and inlined) within this module; names not declared here stay
# Python.
cimport cython
from engine_ext.samourai._core cimport (SamouraiCore,
    AMOUNT, BATTLE_DRAW, BATTLE_HONOR, COST, DESTROY, EFFECT, EV_BATTLE, EV_BATTLE_END, EV_CANCEL, EV_CASTLE,
    DONE, EV_COMMIT, EV_ELIMINATED, EV_ENTER, EV_FREE, EV_KOKU, EV_LOSSES, EV_MOVE, EV_PLAY, EV_RETREAT, EV_REVEAL,
    EV_SEPPUKU, EV_STEAL, EV_TARGET, EV_UPRISING, FX_AFFRONT, FX_HONOR, FX_KOKU, FX_NINJA, FX_SCORCHED, FX_SECT,
    FX_UPRISING,
    FX_WAKO, JUSTICE, LINK, MOVE_PRICE, NEIGHBOURS, NEIGHBOUR_START, NINJA, NK, NT, PASS, PLAY, PLAYER, RELOCATE,
    REPLACE, SCORCHED, SHOGUN_DEFEAT_HONOR, ST_ACTIVATE, ST_CASTLE, ST_COMMIT, ST_COUNTER, ST_RETREAT,
    ST_TARGET_PLAYER, ST_TARGET_TERRITORY, ST_WINDOW, TERRITORY, TSUNAMI, WAKO, WINNING_DEFENDER_DRAW, W_AFTER,
    W_MOVE, W_START)

cdef int CTX_TURN, CTX_WINDOW, SH_CARD, SH_SPECIAL, SH_MOVE_COUNTER, SH_CARD_COUNTER


cdef class SamouraiPlay(SamouraiCore):
    cdef bint _eligible(self, int seat) noexcept
    cpdef void _open_window(self, int kind)
    @cython.locals(seat=cython.int)
    cdef void _window_next(self)
    cdef void _resume_turn(self) noexcept
    cdef void _offer_window_plays(self, int seat) noexcept
    cdef bint _ninja_targets(self, int seat) noexcept
    @cython.locals(t=cython.int)
    cdef bint _scorched_targets(self, int seat) noexcept
    cdef void _counter_move(self, int seat, int card)
    @cython.locals(card=cython.int, refund=cython.bint)
    cdef void _move_countered(self)
    cdef void _play_card(self, int seat, int card, int context)
    @cython.locals(barred=cython.bint)
    cdef void _offer_card_territories(self, int seat) noexcept
    @cython.locals(effect=cython.int)
    cdef void _offer_card_players(self, int seat) noexcept
    @cython.locals(aimed=cython.int, i=cython.int, s=cython.int)
    cdef void _card_targeted(self)
    cdef void _counter_next(self)
    cdef void _card_countered(self)
    @cython.locals(card=cython.int, seat=cython.int, effect=cython.int, t=cython.int, aimed=cython.int,
                   removed=cython.int, pick=cython.int, k=cython.int, paid=cython.int)
    cdef void _resolve_card(self)
    cdef void _after_card(self)
    @cython.final
    cdef inline int _move_cost(self, int seat, int t) noexcept
    @cython.final
    cdef inline bint _dest_ok(self, int seat, int origin, int t) noexcept
    @cython.final
    @cython.locals(i=cython.int)
    cdef bint _is_origin(self, int seat, int o) noexcept
    cdef bint _can_move(self, int seat) noexcept
    cdef void _declare_move(self, int count)
    cdef void _execute_move(self)
    cdef void _ask_commit(self) noexcept
    cdef void _commit(self, int seat, int card)
    cdef void _commit_done(self)
    @cython.locals(attack=cython.int, defence=cython.int, att_loss=cython.int, def_loss=cython.int,
                   winner=cython.int, survivors=cython.int, att=cython.int, d=cython.int, where=cython.int,
                   loser=cython.int, s=cython.int)
    cdef void _fight(self)
    @cython.locals(i=cython.int)
    cdef void _reveal(self)
    cdef inline bint _is_retreat(self, int t) noexcept
    @cython.locals(options=cython.int, first=cython.int, present=cython.int)
    cdef void _ask_retreat(self)
    @cython.locals(i=cython.int)
    cdef void _plan_retreat(self, int t, int count) noexcept
    @cython.locals(present=cython.int)
    cdef void _retreat_named(self, int action)
    @cython.locals(i=cython.int, j=cython.int, t=cython.int, count=cython.int, seen=cython.bint)
    cdef void _retreat(self, int d, int survivors) noexcept
    cdef void _after_battle(self)
    cdef void _castle_fate(self, int action, int relocated_from)
    cdef void _battle_over(self)
    cdef void _eliminate(self, int seat) noexcept
    cdef void _do_seppuku(self, int seat)
    cdef void _before_counter(self, int context)
    cdef void _before_fight(self)
    cdef void _before_resolve(self)
    cdef void _before_commit(self)
    cdef void _support_outcome(self, int winner)
    cdef void _end_activation_turn(self)

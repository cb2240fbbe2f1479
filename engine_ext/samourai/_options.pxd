# Declarations that make _options.py a compiled module: C calls for the optional rules' decisions,
# on the state of _core and the turn of _play (noexcept: see _core.pxd).  Names not declared here
# stay Python.
cimport cython
from engine_ext.samourai._core cimport (
    ACCEPT, CANCEL_ATTACKER, CANCEL_DEFENDER, CATEGORY, CAT_WARRIOR, COUNT, COUNTER, DISCARD, DONE, DOWN,
    ECHANGE, EV_GIFT, EV_OFFER,
    EV_OFFICE, EV_ORDER, EV_RANK, EV_SET_ASIDE, EV_SHOGUN_CANCEL, EV_SHOW, EV_SUPPORT, EV_TRADE, GIVE_KOKU,
    HAND_REFILL, MAX_COUNT, NK, NT, OFFER, OFFER_TRADE, PASS, PLAYER, REFUSE, SELL_OFFICE, SET_ASIDE,
    SHOGUN_CANCEL, ST_ACTIVATE, ST_EXCHANGE, ST_GIFT_AMOUNT, ST_GIFT_PLAYER, ST_OFFICE_ANSWER,
    ST_OFFICE_BUYER, ST_OFFICE_PRICE, ST_ORDER, ST_RANK, ST_RANK_COUNTER, ST_SHOGUN, ST_SUPPORT,
    ST_SUPPORT_ANSWER, ST_SUPPORT_FROM, ST_TRADE_ANSWER, ST_TRADE_CARD, ST_TRADE_PLAYER, SUPPORT_ATTACKER,
    SUPPORT_DEFENDER, TERRITORY, UP)
from engine_ext.samourai._play cimport SH_CARD, SH_CARD_COUNTER, SH_MOVE_COUNTER, SH_SPECIAL, SamouraiPlay

cdef int RANK_HONOR, SUPPORT_MAX, FIRST_OPTION_STEP, LAST_OPTION_STEP


cdef class SamouraiOptions(SamouraiPlay):
    cdef void _reset_options(self) noexcept
    cdef void _new_round_options(self) noexcept
    cdef inline bint _is_other(self, int seat, int s) noexcept
    cdef void _offer_option_verbs(self, int seat, bint activation) noexcept
    cdef bint _all_warriors(self, int seat) noexcept
    cdef inline bint _is_trade_partner(self, int seat, int s) noexcept
    cdef bint _any_trade_partner(self, int seat) noexcept
    @cython.locals(k=cython.int)
    cdef bint _option_verb(self, int seat, int action) noexcept
    @cython.locals(s=cython.int, i=cython.int, t=cython.int, k=cython.int)
    cdef void _offer_option_step(self, int step, int seat) noexcept
    cdef inline bint _can_send(self, int seat, int t) noexcept
    cdef bint _any_to_send(self, int seat) noexcept
    @cython.locals(accepted=cython.bint, answer=cython.int, amount=cython.int, k=cython.int)
    cdef void _option_apply(self, int step, int seat, int action)
    cdef void _start_order(self)
    cdef void _order_named(self, int seat)
    @cython.locals(seat=cython.int)
    cdef void _rank_next(self)
    @cython.locals(i=cython.int, other=cython.int)
    cdef void _rank_choice(self, int seat, int action)
    @cython.locals(i=cython.int, j=cython.int)
    cdef void _swap_ranks(self, int payer, int other)
    cdef void _before_commit(self)
    cdef void _clear_support(self) noexcept
    cdef void _support_outcome(self, int winner)
    cdef bint _shogun_may(self, int by, int aimed_at) noexcept
    cdef void _ask_shogun(self, int context, int card, int by, int aimed_at) noexcept
    cdef void _before_resolve(self)
    @cython.locals(aimed=cython.int)
    cdef void _before_counter(self, int context)
    cdef void _before_fight(self)
    @cython.locals(context=cython.int, side=cython.int)
    cdef void _shogun_answer(self, int seat, int action)
    cdef void _order_done(self)

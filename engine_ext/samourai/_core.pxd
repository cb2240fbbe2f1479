# Declarations that make _core.py a compiled module: the state as a typed extension class (C ints
# for its counters, int[::1] for its tables), the data's numbers as C ints and C int tables, and C
# calls for the mechanics.  Names not declared here stay Python.  The helpers marked noexcept
# cannot fail on a consistent state (they read C tables): they are spared the exception check
# after every call.  Those marked final are called directly (and inlined) within this module.
cimport cython
from engine_ext._rng cimport Rng

cdef int MAXP, NT, NK, NPROV, KYOTO, KINAI, MAX_PC
cdef int[::1] MOUNTAIN_T, PROVINCE_OF, PROVINCE_HONOR, PROVINCE_MEMBERS, PROVINCE_START, CITY_PC, LINK
cdef int[::1] NEIGHBOURS, NEIGHBOUR_START
cdef int CAT_WARRIOR, CAT_SPECIAL, CAT_EVENT, CAT_ANY_TIME
cdef int[::1] CATEGORY, VALUE, SABRES, FAN, COST, EFFECT, AMOUNT, EXTRA_CARDS, NEW_EXTRA_CARDS
cdef int NINJA, JUSTICE, TSUNAMI, SCORCHED, WAKO
cdef int RETREAT_MAX, COUNTED, ALLIANCE_MAX, MAX_LOSSES, ANY_TIME_MIN, MAX_ROUNDS, MAX_MOVES, START_KOKU, START_HONOR
cdef int START_HAND, CASTLES_PER_CLAN, SAMURAI_PRICE, CASTLE_PRICE, KYOTO_CASTLE_PRICE, MOVE_PRICE
cdef int PLAIN_TAX, MOUNTAIN_TAX, HAND_REFILL, HONOR_PER_KOKU_SOLD, MOUNTAIN_DEFENCE, BATTLE_DRAW
cdef int WINNING_DEFENDER_DRAW, BATTLE_HONOR, SHOGUN_DEFEAT_HONOR, EMPEROR_HONOR, KYOTO_HONOR
cdef int RETURN_SAMURAI, RETURN_KOKU, KOKU_PER_HONOR
cdef int FX_NONE, FX_FAN, FX_ALLIANCE, FX_AMBUSH, FX_UPRISING, FX_SECT, FX_HONOR, FX_AFFRONT, FX_KOKU
cdef int FX_NINJA, FX_JUSTICE, FX_TSUNAMI, FX_SCORCHED, FX_WAKO
cdef int END_TURN, PASS, DONE, MOVE, BUY_SAMURAI, BUY_CASTLE, SELL_HONOR, NO_SPECIAL, DESTROY, REPLACE
cdef int RELOCATE, SEPPUKU, TERRITORY, PLAYER, COUNT, PLAY, COMMIT, DISCARD
cdef int SET_ASIDE, ECHANGE, SELL_OFFICE, ACCEPT, REFUSE, SUPPORT_ATTACKER, SUPPORT_DEFENDER, SHOGUN_CANCEL
cdef int CANCEL_ATTACKER, CANCEL_DEFENDER
cdef int OFFER_TRADE, GIVE_KOKU, UP, DOWN, COUNTER, OFFER, MAX_COUNT, NUM_ACTIONS
cdef int PH_SETUP, PH_PURCHASE, PH_ACTIVATION, PH_TAXES, PH_OVER
cdef int ST_NONE, ST_SETUP, ST_NAME, ST_RETURN, ST_PURCHASE, ST_BUY_WHERE, ST_ACTIVATE, ST_MOVE_FROM
cdef int ST_MOVE_TO, ST_MOVE_COUNT, ST_TARGET_PLAYER, ST_TARGET_TERRITORY, ST_WINDOW, ST_COUNTER, ST_COMMIT
cdef int ST_CASTLE, ST_RELOCATE, ST_RETREAT, ST_DISCARD, ST_OVER
cdef int ST_ORDER, ST_RANK, ST_RANK_COUNTER, ST_OFFICE_BUYER, ST_OFFICE_PRICE, ST_OFFICE_ANSWER, ST_SUPPORT
cdef int ST_SUPPORT_FROM, ST_SUPPORT_ANSWER, ST_SHOGUN, ST_TRADE_PLAYER, ST_TRADE_CARD, ST_TRADE_ANSWER
cdef int ST_GIFT_PLAYER, ST_GIFT_AMOUNT, ST_EXCHANGE
cdef int W_MOVE, W_AFTER, W_START, END_NONE, END_TARGET, END_ROUND_CAP, END_FORFEIT
cdef int EV_SETUP_CITY, EV_PLACE, EV_EMPEROR, EV_SHOGUN, EV_NAME, EV_BUY, EV_SELL, EV_MOVE, EV_CANCEL
cdef int EV_ENTER, EV_BATTLE, EV_COMMIT, EV_REVEAL, EV_BATTLE_END, EV_LOSSES, EV_RETREAT, EV_CASTLE, EV_HONOR
cdef int EV_KOKU, EV_DRAW, EV_DISCARD, EV_RESHUFFLE, EV_PLAY, EV_TARGET, EV_STEAL, EV_UPRISING, EV_FREE
cdef int EV_ELIMINATED, EV_RETURN, EV_SCORE, EV_TAX, EV_ROUND, EV_PASS, EV_END, EV_SEPPUKU
cdef int EV_FORFEIT, EV_ORDER, EV_RANK, EV_OFFICE, EV_SUPPORT, EV_SHOGUN_CANCEL, EV_OFFER, EV_TRADE, EV_GIFT
cdef int EV_SET_ASIDE, EV_SHOW, EV_TREASURY


cdef class SamouraiCore:
    cdef public int n, target, province_malus, end_reason, decisions, round_no, phase, step, decider
    cdef public int active, emperor, shogun, moves_made, buy_kind, mv_from, mv_to, mv_count, mv_paid
    cdef public int b_att, b_def, b_where, b_from, b_count, b_side, b_n0, b_n1, b_winner, n_retreat
    cdef public bint b_revealed
    cdef public int c_kind, c_player, c_target_player, c_target_terr, c_context
    cdef public int window_kind, window_pos, counter_pos, discard_pos, n_legal
    cdef public int rank_pos, rank_mover, office_buyer, office_price, sup_side, sup_count
    cdef public int trade_with, trade_card, gift_to
    cdef public int b_cancelled, k_card, k_player, shogun_context, sh_card, sh_by, sh_target
    cdef public bint record, over, latched, shogun_free_used, acted, mv_free, mv_sea, mv_attack, b_forced
    cdef public bint new_card_scale, kyoto_imperial, justice_for_others, new_ninja, seppuku, koku_land
    cdef public bint diplomacy, clan_treasury, shogun_power, exchange, emperor_office, emperor_support
    cdef public bint limited_emperor, rank_changes, office_sold, support_used, shogun_power_used
    cdef public object seed
    cdef public Rng rng
    cdef public dict options, view_cache
    cdef public list events, pile, discard, window_seats, counter_seats, discard_order, forfeit_order
    cdef public list order, announced
    cdef public int[::1] owner, samurai, castle, blocked, koku, honor, reserve, castles_left, eliminated
    cdef public int[::1] forfeited, done, castle_built, setup_left, hand_size, pending_size, hand, pending
    cdef public int[::1] retreat_plan, b_cards, treasury, rank_used, exchange_used, trade_used, support_sent, legal

    cdef void _allocate(self)
    cdef inline void _ask(self, int step, int seat) noexcept
    @cython.locals(s=cython.int)
    cdef int _namer(self) noexcept
    cdef inline void _offer(self, int action) noexcept
    @cython.final
    cdef inline void _log(self, int kind, int seat, int a, int b, int amount, int audience) noexcept
    cdef void _log_cards(self, int kind, int seat, list cards, int amount, int audience)
    @cython.locals(i=cython.int, j=cython.int)
    cdef void _shuffle_pile(self)
    @cython.locals(card=cython.int, drawn=cython.int, i=cython.int)
    cdef int _draw(self, int seat, int count) except -1
    cdef inline void _take_card(self, int seat, int card) noexcept
    cdef inline void _to_discard(self, int card)
    cdef inline bint has_card(self, int seat, int card) noexcept
    cdef inline bint can_play_any_time(self, int seat) noexcept
    cpdef int territories_of(self, int seat) noexcept
    @cython.final
    cdef bint _holds_at_least(self, int seat, int count) noexcept
    cpdef int clan_points(self, int seat) noexcept
    cpdef int cities_of(self, int seat) noexcept
    cpdef int samurai_on_board(self, int seat) noexcept
    cpdef int castles_on_board(self, int seat) noexcept
    cdef void _free_if_empty(self, int t) noexcept
    cdef inline void _remove_samurai(self, int t, int count) noexcept
    cdef bint uprising_target(self, int seat, int t, bint kyoto_barred) noexcept
    @cython.locals(whole=cython.bint)
    cpdef int province_score(self, int seat) noexcept
    cpdef int taxes(self, int seat) noexcept
    cdef void _change_honor(self, int seat, int delta) noexcept
    @cython.locals(x=cython.int, y=cython.int)
    cdef int _title_order(self, int a, int b) noexcept
    @cython.locals(best=cython.int, order=cython.int)
    cdef int _pick_title(self, bint lowest, int start, int exclude) noexcept
    @cython.locals(u=cython.int)
    cdef int alliance_samurai(self, int seat, int t) noexcept
    @cython.locals(card=cython.int, lowest=cython.int, special=cython.int, counted=cython.int)
    cdef int _side_total(self, int side, bint cancelled) noexcept
    @cython.locals(card=cython.int)
    cdef int _side_sabres(self, int side, bint cancelled) noexcept
    @cython.locals(att_power=cython.bint, def_power=cython.bint, att_ambushed=cython.bint, def_ambushed=cython.bint,
                   att_loss=cython.int, def_loss=cython.int)
    cpdef tuple battle_totals(self)

# Declarations that make _flow.py a compiled module: the phases and the flow's counters as C ints,
# C calls for the legality helpers (noexcept: see _core.pxd).  Names not declared here stay Python.
cimport cython
from engine_ext.shogun._core cimport (ShogunCore, KATANA, CELLS, COLS, NRES, N_CARDS, N_LINES, N_HALLS,
    N_SPACES, STARTING_SASHIMONO, EV_PLAY, EV_DISCARD, EV_END, EV_TEMPLE_TAX, MAX_OPEN, TILE_LENGTH, HALL_PASSIVE, _first_free,
    _zeros, _fill)
from engine_ext.shogun._ghost cimport Ghost, ghost_turn

cdef int PASS, DONE, WORKER, MONK, N_PLACES, P_MARKET, P_ACADEMY, P_PALACE, P_KOMAINU, P_LINE
cdef int DELIVER, KATANA_ACTION, PLAY, BUY, DISCARD, LINE, MOVE, SWAP, COLLECT_ROW, COLLECT_COLUMN
cdef int PURCHASE, ADVANCE, DECORATE, SASHIMONO, PROJECT, RECOVER, DROP, COMPOSE, HALL, REORGANIZE
cdef int MARKET_CARD, HONOUR, KOMAINU_EFFECT, DRAFT, N_SWAPS, N_ACTIONS
cdef tuple REORG_PAIRS
cdef int K_FORGE, K_MARKET, K_ACADEMY, K_PALACE, K_HOUSE
cdef int PH_DRAFT, PH_TURN, PH_AFTER, PH_HONOUR, PH_SASHIMONO, PH_MARKET_BUY, PH_MARKET_CARD, PH_ADVANCE
cdef int PH_DECORATE, PH_SIDE_DECORATE, PH_SIDE_FREE, PH_PAL_PLACE, PH_REORG, PH_PAL_ACTIVATE, PH_SIDE_HALL
cdef int PH_FORGE, PH_MOVE, PH_KOMAINU, PH_LINE, PH_RESOLVE, PH_DELIVER_SCORE, PH_DELIVER_LINES, PH_PROJECT
cdef int PH_KATANA_MODIFY, PH_COMPOSE, PH_DECORATE_ONE, PH_FAMILY, PH_HALL_ONCE, PH_OVER, PH_MARKET_COIN
cdef int A_END_TURN, A_SIDE_NEXT, A_SIDE_FREE, A_SIDE_END, A_DELIVER_REST, A_DELIVER_PROJECT
cdef int A_MARKET_AFTER_BUY, A_MARKET_CARDS, A_PALACE_SIDE, A_ACADEMY_SIDE, A_FORGE_END
cdef int PALACE_AREA, ACADEMY_AREA, MARKET_AREA, FORGE_AREA, HOUSE_AREA, E_SECOND_ADVANTAGE, E_SASHIMONO
cdef int E_REORGANIZE, E_FAMILY, E_DOUBLE_POINTS, E_DOUBLE_LINE, E_DECORATE, E_ADVANCE, E_TEMPLE_COINS
cdef int E_RESOURCE, E_POINTS, E_MOVE, E_DELIVERY_POINTS, E_COINS
cdef int H_PAY, H_MOVE, H_TAKE, H_MARKET_MOVE, H_DISCOUNT, H_ADVANCE, MARKET_DISPLAY, MONKS, FAMILY_MEMBERS
cdef int KATANA_MAX_RESOURCES, PROJECT_CHANGE_PENALTY, KOMAINU_COINS, ROUNDS, FORGE_ROWS, AREA_ANY
cdef int AREA_DELIVERY, STACK_SIZE
cdef int[::1] CARD_AREA, CARD_EFFECT, CARD_AMOUNT, CARD_RESOURCE, CARD_PRICE, HALL_KIND, HALL_COST
cdef int[::1] HALL_COINS, HALL_POINTS, HALL_GOODS

cdef int _area_of_phase(int phase) noexcept


cdef class ShogunFlow(ShogunCore):
    cdef public int phase, actor, turn, monk, used_artisans, advances_left, activated_halls, repeat_left
    cdef public int hall_move_slot, free_moves, forge_line, move_mask, bought_mask, market_cards_left
    cdef public int side_kind, side_first, side_index, reorg_moved, pending_buy
    cdef public int d_cell, d_double, d_bonus, d_twice, d_row, d_col, d_slot, d_played
    cdef public int offered_count, depth, next_seat
    cdef public int[::1] offered, offered_list, stack_phase, stack_seat
    cdef public int[::1] compose_left, counts, market_coins

    cpdef reset(self, int n_players, object seed, bint record)
    cdef inline void _push(self, int phase, int seat) noexcept
    cdef void _pop(self)
    cdef inline int _to(self, int phase, int seat) noexcept
    cdef inline int _popped(self) noexcept
    cdef inline void _ask(self, int phase, int seat) noexcept
    cdef void _goto(self, int phase, int seat)
    cdef int _step(self, int phase, int seat) except -1
    cdef int _next_turn(self) except -1
    @cython.locals(n=cython.int, position=cython.int, k=cython.int, p=cython.int, ghost=Ghost)
    cdef int _next_turn_with_ghost(self) except -1
    @cython.locals(benefit=cython.int)
    cdef int _ghost_plays(self) except -1
    cdef void _finish(self, object reason)
    cdef int _open_index(self, int seat, int card, int used, int bought) noexcept
    cdef void _open_card(self, int seat, int card, int used, int bought) noexcept
    cdef bint _unresolved(self, int seat) noexcept
    cdef void _close_moment(self, int seat) noexcept
    cpdef int price(self, int seat, int card) noexcept
    cdef bint _line_free(self, int seat, int line) noexcept
    cdef bint _any_line_free(self, int seat) noexcept
    cdef bint _can_buy(self, int seat, int card, bint resolving) noexcept
    cdef bint _can_play(self, int seat, int card, int phase)
    cdef void _play(self, int seat, int card, int phase)
    cdef void _buy(self, int seat, int card, int phase)
    cdef void _discard(self, int seat, int card) noexcept
    @cython.locals(delivering=cython.bint, any_open=cython.bint, base=cython.int, tile=cython.int)
    cdef int _offer_free(self, int s, int phase) noexcept
    cdef inline void _offer(self, int action) noexcept
    cdef void _sort_offers(self) noexcept
    cdef list _offers(self)
    cdef void _offers_cleared(self) noexcept
    cdef int _count_offers(self) noexcept
    cdef int _pick_offer(self, int k) noexcept
    cdef bint _has_passive(self, int seat, int kind) noexcept
    cdef bint _any_sashimono(self) noexcept
    cdef bint _market_has_card(self) noexcept
    cdef bint _free_hall_for(self, int seat) noexcept
    cdef bint _can_reorganize(self, int seat) noexcept
    cdef bint _hall_room(self, int seat, int slot) noexcept
    cdef bint _any_move(self, int seat) noexcept
    @cython.locals(hall=cython.int)
    cdef bint _hall_usable(self, int seat, int slot) noexcept
    cdef list _usable_halls(self, int seat, bint own_action)
    cdef bint _hall_swaps(self, int seat, int slot) noexcept
    cdef bint _can_katana(self, int seat)
    @cython.locals(e=cython.int, r=cython.int, need=cython.int, least=cython.int, have=cython.int)
    cdef bint _katana_reachable(self, int seat)
    @cython.locals(r=cython.int, entry=list, ok=cython.bint)
    cdef bint _recovers(self, int seat, int need)
    cdef bint _katana_entry_possible(self, int seat)
    @cython.locals(added=cython.int)
    cdef object _recoverable(self, int seat, int r)
    cdef bint _place_ok(self, int seat, int place) noexcept

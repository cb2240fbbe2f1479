# Declarations that make _rules.py a compiled module: legal decisions and their effects as C calls
# on the state of _flow.  Names not declared here stay Python.
cimport cython
from engine_ext._rng cimport Rng
from engine_ext.shogun._core cimport (KATANA, CELLS, COLS, NRES, TILE_COINS, N_CARDS, N_LINES, N_HALLS,
    N_SPACES, EV_PLACE, EV_PASS, EV_TAKE_SWORD, EV_PURCHASE, EV_FAMILY, EV_REORGANIZE, EV_HALL, EV_DELIVER,
    EV_PROJECT, EV_KATANA, EV_BUY, RESOURCE_PRICE, SPACE_HOUSE, _first_free)
from engine_ext.shogun._flow cimport (ShogunFlow, PASS, DONE, WORKER, MONK, N_PLACES, P_MARKET, P_ACADEMY,
    P_PALACE, P_KOMAINU, P_LINE, DELIVER, KATANA_ACTION, PLAY, BUY, DISCARD, LINE, MOVE, SWAP, COLLECT_ROW,
    COLLECT_COLUMN, PURCHASE, ADVANCE, DECORATE, SASHIMONO, PROJECT, RECOVER, DROP, COMPOSE, HALL, REORGANIZE,
    MARKET_CARD, HONOUR, KOMAINU_EFFECT, DRAFT, N_SWAPS, N_ACTIONS, REORG_PAIRS, K_FORGE, K_MARKET, K_ACADEMY, K_PALACE,
    K_HOUSE, PH_DRAFT, PH_TURN, PH_AFTER, PH_HONOUR, PH_SASHIMONO, PH_MARKET_BUY, PH_MARKET_COIN, PH_MARKET_CARD, PH_ADVANCE,
    PH_DECORATE, PH_SIDE_DECORATE, PH_SIDE_FREE, PH_PAL_PLACE, PH_REORG, PH_PAL_ACTIVATE, PH_SIDE_HALL,
    PH_FORGE, PH_MOVE, PH_KOMAINU, PH_LINE, PH_RESOLVE, PH_DELIVER_SCORE, PH_DELIVER_LINES, PH_PROJECT,
    PH_KATANA_MODIFY, PH_COMPOSE, PH_DECORATE_ONE, PH_FAMILY, PH_HALL_ONCE, A_END_TURN, A_SIDE_NEXT,
    A_SIDE_FREE, A_SIDE_END, A_DELIVER_REST, A_MARKET_AFTER_BUY, A_MARKET_CARDS, A_PALACE_SIDE,
    A_ACADEMY_SIDE, A_FORGE_END, PALACE_AREA, ACADEMY_AREA, MARKET_AREA, FORGE_AREA, HOUSE_AREA, H_PAY, H_MOVE,
    H_TAKE, HALL_KIND, HALL_COST, HALL_COINS, HALL_POINTS, HALL_GOODS, MARKET_DISPLAY, MONKS, KATANA_MAX_RESOURCES, PROJECT_CHANGE_PENALTY, KOMAINU_COINS, FORGE_ROWS)


cdef class ShogunState(ShogunFlow):
    cdef bint _forge_move_ok(self, int s, int cell) noexcept
    cdef int _swap_need(self, int s, int upper) noexcept
    cpdef list _legal(self)
    @cython.locals(legal=cython.bint)
    cdef bint _is_legal(self, int action)
    @cython.locals(s=cython.int, ph=cython.int, monk_ok=cython.bint, h=cython.int, a=cython.int, b=cython.int,
                   last=cython.int, total=cython.int, used=cython.int, entry=list)
    cdef void _mark_legal(self, bint with_free)
    @cython.locals(s=cython.int, ph=cython.int, a=cython.int, b=cython.int, r=cython.int, slot=cython.int,
                   points=cython.int, times=cython.int, tile=cython.int)
    cpdef void _apply(self, int action)
    @cython.locals(tile=cython.int, house=cython.int, cell=cython.int, sashi=cython.int, card=cython.int, i=cython.int)
    cdef void _place(self, int s, int place, int monk)
    cdef void _activate_if_entering(self, int s, int cell)
    cdef void _forge_decision(self, int s, int ph, int action)
    cdef void _decoration(self, int s, int ph, int action)
    @cython.locals(hall=cython.int, kind=cython.int)
    cdef void _use_hall(self, int s, int slot, int back, bint own)
    cdef void _komainu_effect(self, int s, int action)
    cdef void _slide_under(self, int s, int line)
    cdef void _katana_modify(self, int s, int action)
    cdef void _compose(self, int s, int r)

@cython.locals(state=ShogunState, policy=Rng, g=cython.int, s=cython.int, decisions=cython.longlong)
cpdef dict play_random_games(int n_players, int n_games, object seed, object options=*)

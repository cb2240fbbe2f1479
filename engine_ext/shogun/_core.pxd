# Declarations that make _core.py a compiled module: C types for the state's scalars, C calls
# for the mechanics on the hot path.  Names not declared here stay Python.  The helpers marked
# noexcept cannot fail on a consistent state (they read C tables, or log an event): they are spared
# the exception check after every call.
cimport cython
from engine_ext._rng cimport Rng
from engine_ext.shogun._tables cimport (
    N_TILES, KATANA, ROWS, COLS, CELLS, NRES, N_CARDS, N_LINES, N_HALLS, N_SPACES, STARTING_SASHIMONO,
    NO_SASHIMONO, TILE_COMPOSITION, TILE_POINTS, TILE_COINS, TILE_POWER, MAX_COMPOSITION, TILE_LENGTH,
    TILE_RESOURCE, RESOURCE_PRICE, TEMPLE_COST, LAST_ARTISAN_COLUMN, FAVOUR_OUT, FAVOUR_OPEN, FAVOUR_REMOVED,
    EV_ROUND, EV_DRAFT, EV_PLACE, EV_PASS, EV_TAKE_SWORD, EV_PURCHASE, EV_MARKET_CARD, EV_MOVE, EV_SWAP,
    EV_ADVANCE, EV_DECORATE, EV_FAMILY, EV_REORGANIZE, EV_HALL, EV_DELIVER, EV_COLLECT, EV_PROJECT, EV_KATANA,
    EV_PLAY, EV_BUY, EV_DISCARD, EV_SASHIMONO, EV_FAVOUR, EV_REFILL, EV_HONOUR_REVEAL, EV_SCORE, EV_END,
    EV_TEMPLE_TAX,
    WORKERS_AVAILABLE, FAMILY_MEMBERS, ACADEMY_START, HONOUR_MAX, FAVOUR_POINTS, FAVOUR_FIRST, N_FAVOURS,
    MAX_OPEN, DECORATION_POINTS, ROUND_POINTS, ACADEMY_COINS, STARTING_SASHIMONO_COINS, SPACE_HOUSE,
    SPACE_LEAST, MARKET_LEAST, ACADEMY_LEAST, PALACE_LEAST, BLOCKED_SLOTS, LINE_COINS, LINE_RESOURCE,
    LINE_POINTS, PERM_COINS, PERM_RESOURCE, PERM_POINTS, HONOUR_KIND, HONOUR_RESOURCE, HONOUR_PER,
    HONOUR_DIVISOR, HC_COINS, HC_SWORDS, HC_DECORATIONS, HC_PALACE, HC_ARTISANS, HC_SASHIMONO, HC_PERMANENTS,
    HC_CARDS, HC_POWER, HC_FIGURES, HC_WORKERS, HC_STOCK, HC_KATANA, HC_SWORDS_WITH, HC_DECORATED, HC_SETS,
    SET_POINTS, HALL_PASSIVE, N_HALL_TILES, N_HONOURS, STARTING_STOCK, DAIMYO_PILE, MARKET_PILE)

cdef int SEAT_INTS, BOARD_INTS

cdef int cell_of(int row, int column) noexcept
cdef int _first_free(int[::1] used) noexcept
@cython.locals(k=cython.Py_ssize_t)
cdef list _listed(int[::1] table)
cdef object _zeros(int count, int value=*)
cdef void _fill(int[::1] table, int value) noexcept
cdef void _free_spaces(int[::1] used, int[::1] least_players, int n) noexcept


cdef class ShogunCore:
    cdef public int n, decisions, forfeited, round, komainu, first, ghost_level, board_players, chapter
    cdef public object ghost
    cdef public bint over, record
    cdef public object seed, end_reason
    cdef public Rng rng
    cdef public list events, under, katana_comp, delivered, honours, end_scores
    cdef public list katana_this_turn, halls, tile_stack, daimyo_deck, market_deck, honour_deck
    cdef public list honour_display, draft, katana_deco
    cdef public int[::1] coins, score, passed, workers_free, workers_unlocked, monks_used, figures_on_board
    cdef public int[::1] stock, artisan, project, sashimono, hand, held, family_home, member, katana_state
    cdef public int[::1] katana_column, katana_value, shame, second_line, action_area, favour
    cdef public int[::1] cell_tile, cell_progress, cell_deco, cell_sashi, cell_credit, cell_activated
    cdef public int[::1] space_tile, space_worker, space_open, market_used, academy_used, palace_used
    cdef public int[::1] sashi_supply, market_display, open_card, open_used, open_bought, open_count

    @cython.locals(block=cython.int[::1], at=cython.int)
    cdef void _allocate(self, int n)
    @cython.locals(n=cython.int, h=cython.int, p=cython.int, f=cython.int, size=cython.int, passive=cython.int)
    cpdef setup(self, int n_players, object seed, bint record)
    cdef int start_draft_seat(self, int k)
    cpdef dict tables(self)
    @cython.locals(i=cython.int, cell=cython.int)
    cpdef list swords(self, int seat)
    cpdef list open_entries(self, int seat)
    @cython.locals(tile=cython.int, position=cython.int, cell=cython.int)
    cdef void take_draft_tile(self, int seat, int index)
    cdef void _shuffle(self, list items)
    cdef inline void _log(self, int kind, int seat, int a, int b, int c) noexcept
    @cython.locals(card=cython.int)
    cdef void _reveal_honours(self)
    cdef inline int temple_cost(self) noexcept
    cdef void take_sashimono(self, int seat, int house)
    cdef void advance_artisan(self, int seat, int r)
    cdef bint can_advance(self, int seat, int r) noexcept
    cdef bint any_advance(self, int seat) noexcept
    cdef int next_market_card(self)
    cdef void take_market_card(self, int seat, int position)
    cdef object composition(self, int seat, int cell)
    cdef int next_resource(self, int seat, int cell) noexcept
    cpdef bint is_complete(self, int seat, int cell) noexcept
    @cython.locals(first=cython.int)
    cdef int _enter_cell(self, int seat, int tile) noexcept
    cdef bint can_enter(self, int seat, int tile) noexcept
    cpdef void _put_sword(self, int seat, int cell, int tile, int sashi)
    cdef int move_target(self, int seat, int cell) noexcept
    cdef bint can_move(self, int seat, int cell) noexcept
    cdef void _relocate(self, int seat, int source, int target)
    cdef int place_resource(self, int seat, int cell)
    cdef bint can_swap(self, int seat, int upper) noexcept
    cdef void swap(self, int seat, int upper)
    cdef bint in_line(self, int cell, int line) noexcept
    cdef int placed_count(self, int seat, int cell, int r) noexcept
    cdef bint can_decorate(self, int seat, int cell, int r) noexcept
    cdef void decorate(self, int seat, int cell, int r)
    cdef bint any_decoration(self, int seat, int used_mask) noexcept
    cdef int decoration_points(self, int deco)
    @cython.locals(total=cython.int, r=cython.int)
    cdef int katana_base(self, int seat)
    cdef int sword_points(self, int seat, int cell, int double_tile, int bonus)
    @cython.locals(coins=cython.int, points=cython.int, card=cython.int)
    cdef void line_payout(self, int seat, int line, int times)
    cdef int remove_delivered(self, int seat, int cell)
    cdef int tile_count(self, int tile, int r)
    cdef bint can_compose(self, int[::1] counts, int last)
    cdef bint project_complete(self, int seat) noexcept
    cdef void restore(self)
    cpdef int sashimono_points(self, int seat)
    @cython.locals(count=cython.int, points=cython.int, kind=cython.int, resource=cython.int)
    cpdef int honour_points(self, int seat, int card)
    @cython.locals(s=cython.int, share=cython.int, points=cython.int)
    cdef void _favour_share(self, int favour, list winners)
    @cython.locals(s=cython.int, share=cython.int, points=cython.int)
    cpdef settle_first_favour(self)
    @cython.locals(s=cython.int, money=cython.int, i=cython.int, value=cython.int, card=cython.int,
                   favour=cython.int, best=cython.int, n=cython.int)
    cpdef final_scoring(self)
    cpdef list ranks(self)

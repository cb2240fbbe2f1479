"""Shōgun no Katana's ghost (R115-R132): its levels, its deck and each of its rules from constructed
positions, with the printed numbers of examples E19-E21, in both builds.  Rule, ruling and example
numbers are those of shared/rules/shogun-no-katana.md."""
import random

from arena.engines import load_module
from engine_ext._rng import Rng
from engine_ext.shogun import data

ACIER, GALUCHAT = data.ACIER, data.GALUCHAT
D, P, M, A, K = data.G_DAIMYO, data.G_PALACE, data.G_MARKET, data.G_ACADEMY, data.G_KOMAINU


def ghost_module(build):
    return load_module("engine_ext.shogun._ghost", build)


def tile(key):
    return data.tile_index(key)


def market(number):
    return next(i for i, c in enumerate(data.CARDS) if c.deck == data.MARKET and c.label == str(number))


def test_r115_levels_start_with_3_4_or_5_workers_and_level_3_is_the_human_layout(build):
    G = ghost_module(build)
    available = [G.Ghost(level, Rng(1)).available for level in range(1, 6)]
    assert available == [3, 3, 4, 5, 5]
    for level in range(1, 6):
        layout = data.GHOST_LEVELS[level - 1]
        assert layout.available + len(layout.blocked) == data.GHOST_WORKERS == 7
        assert all(0 <= slot < data.WASHITSU_SLOTS for slot in layout.blocked)
    assert data.GHOST_LEVELS[2].available == data.WORKERS_AVAILABLE
    assert tuple(data.GHOST_LEVELS[2].blocked) == tuple(data.BLOCKED_SLOTS)
    # chosen so that difficulty rises: fewer workers, or the same freed later, at a lower level
    for easier, harder in zip(data.GHOST_LEVELS, data.GHOST_LEVELS[1:]):
        assert easier.available < harder.available or (
            easier.available == harder.available and sorted(easier.blocked) > sorted(harder.blocked))


def test_r117_r118_the_ghost_starts_with_ten_shuffled_cards_three_set_aside_and_nothing_else(build):
    G = ghost_module(build)
    ghost = G.Ghost(3, Rng(7))
    assert sorted(ghost.deck) == [D, D, D, D, P, P, M, M, A, K]
    assert sorted(ghost.set_aside) == [P, M, A]
    assert ghost.score == 0 and ghost.washitsu == [] and ghost.katana == [] and not ghost.plays_first
    orders = {tuple(G.Ghost(3, Rng(seed)).deck) for seed in range(20)}
    assert len(orders) > 10                                    # the seed shuffles it


def test_e19_the_ghost_takes_the_highest_corner_number_scores_6_and_puts_acier_in_its_katana(build):
    G = ghost_module(build)
    ghost = G.Ghost(3, Rng(1))
    board = [tile("aab"), -1, tile("agga"), tile("bab"), -1, tile("gaa")]
    space = G.choose_sword(board)
    assert space == 2 and data.TILES[board[space]].power == 2
    assert G.daimyo_points(board[space], 0) == 6             # 6 points + round 1's 0
    freed = ghost.take_sword(board[space], house=1, round_index=0)
    assert ghost.score == 6
    assert ghost.washitsu == [tile("agga")] and ghost.sashimono == [0, 1, 0, 0]
    assert ghost.katana == [[ACIER, 0]]                       # slot 1: a base Acier
    assert not freed                                          # slot 1 holds no blocked worker at level 3
    assert ghost.available == 4


def test_r122_ties_go_to_more_points_then_board_order_and_an_empty_board_scores_nothing(build):
    G = ghost_module(build)
    assert G.choose_sword([tile("bab"), tile("aab")]) == 0            # power 1, points 3 beats 2
    assert G.choose_sword([tile("aab"), tile("aag")]) == 0            # power 1, points 2: board order
    assert G.choose_sword([tile("aab"), tile("llblba"), tile("abbbbl")]) == 1   # power 4: 9 points beat 8
    assert G.choose_sword([-1, -1]) == -1
    assert G.daimyo_points(-1, 3) == 0                                 # R127: no sword, 0 points
    assert G.daimyo_points(tile("agga"), 3) == 6 + 6


def test_r122_b_a_sword_on_a_blocked_slot_frees_a_worker_and_the_katana_stops_at_7(build):
    G = ghost_module(build)
    ghost = G.Ghost(4, Rng(2))                                # level 4: the 1st and 3rd slots blocked
    freed = [ghost.take_sword(tile("gaa"), house=0, round_index=1) for _ in range(8)]
    assert freed == [True, False, True, False, False, False, False, False]
    assert ghost.available == 7 and ghost.unlocked == 2
    assert len(ghost.katana) == 7 and all(r == GALUCHAT for r, _ in ghost.katana)   # A19
    assert ghost.score == 8 * (2 + 2)


def test_r123_palace_leftmost_fewest_never_twice_reorganized_so_no_hall_is_empty(build):
    G = ghost_module(build)
    assert G.palace_hall([1, 0, 2, 0, 1], []) == 1
    assert G.palace_hall([1, 0, 2, 0, 1], [1]) == 3                    # never 2 members in one hall
    assert G.palace_hall([1, 1, 1, 1, 1], [0, 1, 2, 3, 4]) == -1
    # a ghost member shares hall 0; halls 3 and 4 are empty: the new member goes to 3, then the
    # one in hall 0 moves to hall 4; 5 halls are occupied.
    hall, moves, points = G.palace_turn([2, 1, 1, 0, 0], [0], members_left=True)
    assert (hall, moves, points) == (3, [(0, 4)], 5)
    # alone in its hall, the ghost member does not move; the empty hall stays empty
    assert G.palace_turn([1, 1, 0, 0, 1], [0, 4], members_left=False) == (-1, [], 3)


def test_r124_the_market_card_with_the_highest_number_ties_to_the_deck_top(build):
    G = ghost_module(build)
    assert G.market_pick([market(2), market(7), market(5)]) == 1
    assert G.market_pick([market(6), market(3), market(6)]) == 0
    assert G.market_pick([-1, market(4), market(4)]) == 1
    assert G.market_pick([-1, -1, -1]) == -1
    assert G.market_points(3) == 3


def test_e20_the_ghost_at_the_academy_scores_3_and_decorates_its_first_plain_resource(build):
    G = ghost_module(build)
    ghost = G.Ghost(3, Rng(3))
    ghost.take_sword(tile("agga"), house=0, round_index=0)
    ghost.take_sword(tile("gaa"), house=2, round_index=0)
    assert G.academy_points([1, 3, 0, 2]) == 3                # yellow in the last column: 3 coins
    assert ghost.decorate_first() == ACIER
    assert ghost.decorate_first() == GALUCHAT
    assert ghost.decorate_first() == -1
    assert ghost.katana == [[ACIER, 1], [GALUCHAT, 1]]
    assert ghost.katana_value() == (2 + 2) + (3 + 3)          # A20: each decoration counts


def test_r127_a_full_area_scores_as_if_placed_and_changes_nothing(build):
    G = ghost_module(build)
    members, ghost_halls = [0, 2, 1, 0, 1], [1]
    assert G.palace_turn(members, ghost_halls, members_left=True) == (0, [(1, 3)], 5)
    assert members == [0, 2, 1, 0, 1] and ghost_halls == [1]
    assert G.market_points(2 + 1) == 3                        # figures present + the ghost's


def test_r128_a_passing_ghost_takes_the_honour_card_revealed_first(build):
    G = ghost_module(build)
    assert G.oldest_honour([5, 12, 3]) == 5
    assert G.oldest_honour([]) == -1


def test_r130_restorations_add_the_set_aside_cards_one_by_one_and_workers_come_back(build):
    G = ghost_module(build)
    ghost = G.Ghost(4, Rng(4))                               # level 4: 5 available, slots 0, 2 blocked
    rng = Rng(40)
    for _ in range(4):
        ghost.discard.append(ghost.draw(rng))
    ghost.take_sword(tile("aab"), house=0, round_index=0)     # slot 0: a worker freed
    ghost.take_sword(tile("aab"), house=0, round_index=0)
    ghost.available = 0
    ghost.restore(rng)
    assert ghost.available == 5 + 1
    assert len(ghost.deck) == 11 and ghost.discard == [] and len(ghost.set_aside) == 2
    ghost.restore(rng)
    ghost.restore(rng)
    assert sorted(ghost.deck) == sorted(data.GHOST_DECK + data.GHOST_SET_ASIDE) and ghost.set_aside == []


def test_a25_an_empty_deck_is_the_discard_pile_shuffled(build):
    G = ghost_module(build)
    ghost = G.Ghost(3, Rng(5))
    rng = Rng(50)
    drawn = []
    for _ in range(10):
        card = ghost.draw(rng)
        drawn.append(card)
        ghost.discard.append(card)
    assert sorted(drawn) == sorted(data.GHOST_DECK) and ghost.deck == []
    assert ghost.draw(rng) in data.GHOST_DECK and len(ghost.deck) == 9


def test_the_deck_order_is_resampled_as_hidden_information(build):
    G = ghost_module(build)
    ghost = G.Ghost(3, Rng(6))
    copy = ghost.clone()
    copy.resample(random.Random(60))
    assert sorted(copy.deck) == sorted(ghost.deck) and copy.deck != ghost.deck
    copy.katana.append([0, 0])
    assert ghost.katana == []                                 # a clone shares nothing


def test_e21_an_honour_card_with_the_human_icon_gives_the_ghost_the_best_seat_score(build):
    G = ghost_module(build)
    coins_card = next(i for i, h in enumerate(data.HONOURS) if h.kind == data.HC_COINS)
    assert data.HONOURS[coins_card].human
    paul, john = min(12, 38 // 4), min(12, 28 // 4)
    assert (paul, john) == (9, 7)
    assert G.honour_for_ghost(coins_card, [paul, john], own_points=0) == 9
    swords_card = next(i for i, h in enumerate(data.HONOURS) if h.kind == data.HC_SWORDS)
    assert not data.HONOURS[swords_card].human
    assert G.honour_for_ghost(swords_card, [10, 4], own_points=6) == 6


def test_r131_the_ghost_total_adds_marker_sword_coins_katana_sashimono_and_honours(build):
    G = ghost_module(build)
    ghost = G.Ghost(3, Rng(8))
    ghost.take_sword(tile("agga"), house=0, round_index=0)    # 6 points, 1 coin, Acier
    ghost.take_sword(tile("aaggg"), house=1, round_index=1)   # 6 + 2 points, 10 coins, Acier
    ghost.take_sword(tile("llbaa"), house=1, round_index=2)   # 6 + 4 points, 3 coins, Laque
    ghost.decorate_first()
    ghost.score += 4                                          # R126: Komainu
    ghost.honours = [0, 1]
    parts = ghost.parts(9 + 6)                                # its two honour cards (E21: honour_for_ghost)
    assert parts == {"marker": 6 + 8 + 10 + 4, "swords": (1 + 10 + 3) // 5, "katana": (2 + 2) + 2 + 4,
                     "sashimono": 3 + 1, "honours": 15}


# --- the ghost's turn on a game's table (R121-R128), from constructed positions ---
def table(build, seed=11):
    """A 2-seat table in round 1 after the draft, its areas opened for 3 players: the ghost counts
    as a player on the board (R120)."""
    R = load_module("engine_ext.shogun._rules", build)
    state = R.new_state(2, seed)
    while state.phase == 0:                                   # the draft
        state.apply(state.actor, state.legal_actions(state.actor)[0])
    for used, least in ((state.market_used, data.MARKET_SPACES), (state.academy_used, data.ACADEMY_SPACES),
                        (state.palace_used, data.PALACE_SPACES)):
        for k, players in enumerate(least):
            used[k] = 0 if players <= 3 else 1
    return state


def test_r122_e19_a_daimyo_card_on_the_table_takes_the_sword_space_and_discards_the_house_top(build):
    G = ghost_module(build)
    state = table(build)
    ghost = G.Ghost(3, Rng(12))
    for k in range(len(data.SWORD_SPACES)):
        state.space_tile[k] = -1
    state.space_tile[0], state.space_tile[3], state.space_tile[5] = tile("aab"), tile("agga"), tile("bab")
    house = data.SWORD_SPACES[3][0]
    deck_before, supply_before = len(state.daimyo_deck[house]), state.sashi_supply[house]
    ghost.deck = [D]
    assert G.ghost_turn(state, ghost) == G.NO_BENEFIT
    assert state.space_worker[3] == G.GHOST_FIGURE and state.space_tile[3] == -1
    assert ghost.score == 6 and ghost.katana == [[ACIER, 0]] and ghost.washitsu == [tile("agga")]
    assert len(state.daimyo_deck[house]) == deck_before - 1 and state.sashi_supply[house] == supply_before - 1
    assert ghost.discard == [D] and ghost.available == 3


def test_r123_a_palace_card_places_a_member_scores_the_occupied_halls_and_opens_the_benefit(build):
    G = ghost_module(build)
    state = table(build)
    ghost = G.Ghost(3, Rng(13))
    state.member[0 * data.HALLS_IN_PLAY + 0] = 1               # seat 0 in hall 0, seat 1 in halls 0 and 2
    state.member[1 * data.HALLS_IN_PLAY + 0] = 1
    state.member[1 * data.HALLS_IN_PLAY + 2] = 1
    ghost.deck = [P]
    assert G.ghost_turn(state, ghost) == G.PALACE_BENEFIT
    assert ghost.halls == [1] and ghost.score == 3
    assert list(state.palace_used) == [1, 0, 1]               # the first space; the third opens at 4


def test_r127_a_full_market_scores_its_figures_plus_one_then_the_next_card_is_played(build):
    G = ghost_module(build)
    state = table(build)
    ghost = G.Ghost(3, Rng(14))
    for k in range(len(data.MARKET_SPACES)):
        state.market_used[k] = 1                              # 3 spaces open at 3 players, all taken
    display = list(state.market_display)
    ghost.deck = [K, M]
    assert G.ghost_turn(state, ghost) == G.NO_BENEFIT
    assert ghost.score == (3 + 1) + 4                         # market as if placed, then Komainu
    assert list(state.market_display) == display and ghost.market_cards == []
    assert state.komainu == G.GHOST_FIGURE and ghost.plays_first
    assert ghost.discard == [K, M] and ghost.available == 3  # the full area's card once the worker is placed


def test_r124_a_market_card_takes_the_highest_number_and_scores_the_figures_there(build):
    G = ghost_module(build)
    state = table(build)
    ghost = G.Ghost(3, Rng(15))
    state.market_used[0] = 1                                  # one bot figure at the market
    state.market_display[0], state.market_display[1], state.market_display[2] = market(3), market(6), market(2)
    ghost.deck = [M]
    assert G.ghost_turn(state, ghost) == G.NO_BENEFIT
    assert ghost.market_cards == [market(6)] and ghost.score == 2
    assert state.market_display[1] == market(3)               # the deck's top card fills the gap


def test_r125_an_academy_card_decorates_first_scores_the_best_bot_artisan_and_opens_the_benefit(build):
    """« 1. Le fantôme façonne la première ressource non utilisée »: step 1, before the seats' benefit."""
    G = ghost_module(build)
    state = table(build)
    ghost = G.Ghost(3, Rng(16))
    ghost.take_sword(tile("gaa"), house=0, round_index=0)
    state.artisan[1 * data.NUM_RESOURCES + 2] = 2
    ghost.deck = [A]
    assert G.ghost_turn(state, ghost) == G.ACADEMY_BENEFIT
    assert ghost.score == 2 + 2 and ghost.katana == [[GALUCHAT, 1]]


def test_r125_l916_a_seat_decorating_as_the_ghosts_academy_benefit_leaves_the_ghosts_decoration(build):
    """« si un joueur humain active l'Académie, le fantôme NE façonne AUCUNE ressource » (l.916) is
    a seat's worker at the academy (« l'Académie est activée par un autre joueur », l.452), not the
    benefit step 3 hands the seats: the decoration of step 1 stays."""
    from shogun_positions import act, phase, position
    R = load_module("engine_ext.shogun._rules", build)
    state = position(R, 1, ghost=3, turn=0, first=0, swords={0: {"R1C2": ("lbb", 1)}})
    state.ghost.take_sword(tile("gaa"), house=0, round_index=0)
    state.ghost.deck = [A]
    act(state, 0, "WORKER_KOMAINU", "DONE")                          # then the ghost plays its academy
    assert (phase(state), state.actor) == ("side_decorate", 0)
    assert state.ghost.katana == [[GALUCHAT, 1]]
    act(state, 0, "DECORATE_R1C2_LAQUE")
    assert state.cell_deco[0 * data.FORGE_CELLS + 1] == 1 << data.LAQUE
    assert state.ghost.katana == [[GALUCHAT, 1]]


def test_r125_in_play_the_ghosts_academy_decorates_before_the_seats_benefit_whatever_they_do(build):
    """Solo games against ghost 3 with random seats: when the seat is asked for the academy benefit
    the ghost hands out, the ghost has already decorated a resource it had plain before its turn,
    and the seat's choice, decorating or not, leaves the ghost's katana as it is."""
    from arena import games
    game = games.get("shogun", build)
    seen = {"decorated": 0, "declined": 0}
    for seed in range(30):
        state = game.new_state(1, seed, {"ghost": 3})
        rng = random.Random(seed)
        before = []                                       # the ghost's katana before the last decision
        while not state.is_terminal():
            seat = state.current_seats()[0]
            action = rng.choice(state.legal_actions(seat))
            katana = [list(slot) for slot in state.ghost.katana]
            side = state.full_view()["phase"] == "side_decorate"
            if side:
                if any(not decorated for _, decorated in before):
                    assert sum(d for _, d in katana) > sum(d for _, d in before), seed
                workers = state.ghost.available
            state.apply(seat, action)
            before = katana
            if side and not state.is_terminal() and state.ghost.available == workers:   # no ghost turn since
                seen["decorated" if game.action_name(action).startswith("DECORATE_") else "declined"] += 1
                assert [list(slot) for slot in state.ghost.katana] == katana, seed
    assert seen["decorated"] and seen["declined"], seen


def test_r127_each_card_is_drawn_at_most_once_a_turn_the_full_areas_waiting_beside_the_deck(build):
    G = ghost_module(build)
    state = table(build)
    ghost = G.Ghost(3, Rng(18))
    for k in range(len(data.MARKET_SPACES)):
        state.market_used[k] = 1                              # 3 spaces open at 3 players, all taken
    ghost.deck, ghost.discard = [M], [K]
    assert G.ghost_turn(state, ghost) == G.NO_BENEFIT
    assert ghost.score == (3 + 1) + 4                         # the full market once, then the reshuffled Komainu
    assert ghost.discard == [K, M] and ghost.deck == []


def test_r127_ruling_with_no_free_area_for_any_of_its_cards_the_ghost_passes_and_scores_nothing(build):
    G = ghost_module(build)
    state = table(build)
    ghost = G.Ghost(3, Rng(19))
    for k in range(len(data.SWORD_SPACES)):
        state.space_tile[k] = -1                              # no sword on the board
    for used in (state.market_used, state.academy_used, state.palace_used):
        for k in range(len(used)):
            used[k] = 1
    state.komainu = 0
    oldest = state.honour_display[0]
    ghost.deck = [D, P, M, A, K]
    assert G.ghost_turn(state, ghost) == G.NO_BENEFIT
    assert ghost.score == 0 and ghost.passed and ghost.honours == [oldest]
    assert ghost.deck == [D, P, M, A, K] and ghost.available == 4      # its workers stay home
    state.komainu = -1                                        # a free area whose card is in the discard pile
    ghost.passed, ghost.deck, ghost.discard = False, [M, M], [K]
    assert G.ghost_turn(state, ghost) == G.NO_BENEFIT
    assert ghost.score == 2 * (3 + 1) + 4 and state.komainu == G.GHOST_FIGURE


def test_r128_without_a_worker_the_ghost_passes_with_the_oldest_honour_card(build):
    G = ghost_module(build)
    state = table(build)
    ghost = G.Ghost(3, Rng(17))
    ghost.available = 0
    oldest = state.honour_display[0]
    assert G.ghost_turn(state, ghost) == G.NO_BENEFIT
    assert ghost.passed and ghost.honours == [oldest] and oldest not in state.honour_display


def test_r127_chapter_11_an_ignored_academy_card_is_never_placeable_so_the_ghost_cannot_loop(build):
    """Story chapter 11 ignores the ghost's Académie cards: with only the academy free the ghost
    has nowhere to go and passes; an ignored card drawn waits aside like a full area's."""
    from engine_ext.shogun import chapters
    G = ghost_module(build)
    state = table(build)
    state.chapter = chapters.NO_DECORATING
    ghost = G.Ghost(3, Rng(20))
    for k in range(len(data.SWORD_SPACES)):
        state.space_tile[k] = -1
    for used in (state.market_used, state.palace_used):
        for k in range(len(used)):
            used[k] = 1
    state.komainu = 0
    ghost.deck, ghost.discard = [A], [A]
    assert G.ghost_turn(state, ghost) == G.NO_BENEFIT
    assert ghost.passed and ghost.score == 0 and ghost.deck == [A]
    state.komainu = -1                                        # the Komainu free: the academy is drawn and set aside
    ghost.passed, ghost.deck, ghost.discard = False, [K, A], []
    assert G.ghost_turn(state, ghost) == G.NO_BENEFIT
    assert state.komainu == G.GHOST_FIGURE and ghost.discard == [K, A] and ghost.score == 4

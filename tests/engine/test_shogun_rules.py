"""Shōgun no Katana rules beyond the worked examples: turn order and passing, spaces per player
count, monks, the market display, the palace, Komainu, cards and lines, favours, the end of the
game and its scoring, in both builds.  Rule numbers R1-R114 and rulings A1-A48 are those of
shared/rules/shogun-no-katana.md."""
from arena.engines import load_module
from engine_ext.shogun import data

from shogun_positions import act, card, hand, legal_names, phase, position, stock, sword_at, tile

JOHN, PAUL, GEORGE, RINGO = 0, 1, 2, 3
FIRST_GAME = ("coins", "galuchat", "laque", "move", "artisan")


def rules(build):
    return load_module("engine_ext.shogun._rules", build)


def test_passing_takes_an_honour_card_and_passed_seats_are_skipped_until_restoration(build):
    R = rules(build)
    s = position(R, 3, turn=0, first=0)
    display = list(s.honour_display)
    act(s, 0, "PASS", "HONOUR_2")
    assert s.honours[0] == [display[1]] and s.passed[0] == 1
    assert (phase(s), s.actor) == ("turn", 1)
    act(s, 1, "WORKER_ROW_1", "DONE", "DONE")
    assert s.actor == 2                                                       # seat 0 is skipped
    act(s, 2, "PASS", "HONOUR_1")
    act(s, 1, "PASS", "HONOUR_1")
    assert s.round == 1 and s.first == 1 and s.actor == 1                    # R105: the card goes left
    taken = s.honours[0] + s.honours[1] + s.honours[2]
    assert sorted(taken) == sorted(display)                                  # R70: the display emptied
    assert len(s.honour_display) == 3 and not set(s.honour_display) & set(taken)
    assert s.workers_free[1] == 4 and list(s.passed) == [0, 0, 0]


def test_restoration_refills_the_sword_spaces_and_frees_the_board(build):
    R = rules(build)
    s = position(R, 2, turn=0, first=0)
    taken = s.space_tile[0]
    stack = len(s.tile_stack)
    act(s, 0, "WORKER_SPACE_1", "DONE")
    assert s.space_worker[0] == 0
    act(s, 1, "WORKER_KOMAINU", "DONE")
    act(s, 0, "PASS", "HONOUR_1")
    act(s, 1, "PASS", "HONOUR_1")
    assert s.round == 1 and s.first == 1                                     # the Komainu's owner
    assert s.space_worker[0] == -1 and s.space_tile[0] >= 0 and s.space_tile[0] != taken
    assert len(s.tile_stack) == stack - 1 and s.komainu == -1


def test_spaces_open_by_player_count(build):
    R = rules(build)
    s = position(R, 2, turn=0)
    names = legal_names(s, 0)
    assert "WORKER_SPACE_7" not in names and "WORKER_SPACE_6" in names      # R20
    assert sum(s.space_open) == 6
    act(s, 0, "WORKER_ACADEMY")
    while s.actor == 0 and phase(s) != "after_action":
        act(s, 0, legal_names(s, 0)[0])
    act(s, 0, "DONE")
    assert "WORKER_ACADEMY" not in legal_names(s, 1)                         # one academy space at 2
    assert sum(position(R, 4).space_open) == 10 and sum(position(R, 3).space_open) == 8


def test_the_temple_cost_follows_the_round_and_a_seat_has_two_monks(build):
    R = rules(build)
    s = position(R, 4, round=2, turn=JOHN, coins={JOHN: 12})
    assert data.TEMPLE_COST[1] == 6
    act(s, JOHN, "MONK_ROW_1", "DONE", "DONE")
    assert s.coins[JOHN] == 6
    s.turn = s.actor = JOHN
    act(s, JOHN, "MONK_ROW_1", "DONE", "DONE")
    s.turn = s.actor = JOHN
    s.coins[JOHN] = 50
    assert not any(n.startswith("MONK_") for n in legal_names(s, JOHN))


def test_a_seat_without_worker_or_monk_money_can_only_pass(build):
    R = rules(build)
    s = position(R, 4, turn=JOHN, coins={JOHN: 4})
    s.workers_free[JOHN] = 0
    assert legal_names(s, JOHN) == ["PASS"]


def test_a_monk_at_a_house_takes_a_second_sashimono_of_any_type_into_the_washitsu(build):
    R = rules(build)
    s = position(R, 4, turn=JOHN, coins={JOHN: 5})
    s.space_tile[0] = tile("baa")
    act(s, JOHN, "MONK_SPACE_1")
    assert phase(s) == "sashimono"
    act(s, JOHN, "SASHIMONO_ODA")
    assert s.sashimono[JOHN * 4 + 2] == 1 and s.cell_sashi[JOHN * 20 + 5] == data.SWORD_SPACES[0][0]


def test_an_exhausted_house_gives_no_sashimono_on_the_sword(build):
    R = rules(build)
    s = position(R, 4, turn=JOHN)
    house = data.SWORD_SPACES[0][0]
    s.sashi_supply[house] = 0
    s.space_tile[0] = tile("baa")
    act(s, JOHN, "WORKER_SPACE_1")
    assert s.cell_sashi[JOHN * 20 + 5] == -1                                 # R114


def test_taking_a_side_market_card_moves_the_deck_top_into_the_gap(build):
    R = rules(build)
    s = position(R, 4, turn=JOHN)
    top, side = s.market_display[0], s.market_display[2]
    following = s.market_deck[len(s.market_deck) - 2]
    act(s, JOHN, "WORKER_MARKET", "DONE", "MARKET_CARD_3")
    assert hand(s, JOHN) == {data.CARDS[side].key: 1}
    assert s.market_display[2] == top and s.market_display[0] == following   # A31


def test_the_palace_adds_a_member_first_and_a_reorganization_moves_each_member_once(build):
    R = rules(build)
    s = position(R, 4, turn=JOHN, halls=FIRST_GAME, members={JOHN: (0,)})
    act(s, JOHN, "WORKER_PALACE")
    assert phase(s) == "palace_place" and "DONE" not in legal_names(s, JOHN)   # A8: mandatory
    assert "HALL_1" not in legal_names(s, JOHN)                              # one member per hall
    act(s, JOHN, "HALL_2", "REORGANIZE_1_3")
    assert not any(n.startswith("REORGANIZE_3_") for n in legal_names(s, JOHN))
    act(s, JOHN, "REORGANIZE_2_4", "DONE")
    assert [s.member[JOHN * 5 + h] for h in range(5)] == [0, 0, 1, 1, 0]
    assert phase(s) == "palace_activate"


def test_passive_halls_are_never_activated_and_the_discount_hall_lowers_prices(build):
    R = rules(build)
    halls = ("coins", "discount", "laque", "move", "artisan")
    s = position(R, 4, turn=JOHN, coins={JOHN: 2}, halls=halls, members={JOHN: (0, 1)},
                 hands={JOHN: {"a_coins": 1}})
    assert s.price(JOHN, card("a_coins")) == 2                               # 3 - 1
    act(s, JOHN, "WORKER_PALACE", "HALL_3", "DONE")
    assert "HALL_2" not in legal_names(s, JOHN)                              # R67
    act(s, JOHN, "BUY_A_COINS", "LINE_ROW_1")
    assert s.coins[JOHN] == 0


def test_the_market_move_hall_moves_a_sword_with_a_resource_just_bought(build):
    R = rules(build)
    halls = ("coins", "market_move", "laque", "move", "artisan")
    s = position(R, 4, turn=JOHN, coins={JOHN: 3}, halls=halls, members={JOHN: (1,)}, stock={JOHN: "A"},
                 swords={JOHN: {"R2C1": ("baa", 0), "R3C1": ("aab", 0)}})
    act(s, JOHN, "WORKER_MARKET", "PURCHASE_BOIS", "DONE")
    assert phase(s) == "move"
    assert [n for n in legal_names(s, JOHN) if n.startswith("MOVE")] == ["MOVE_R2C1"]   # Bois, not Acier
    act(s, JOHN, "MOVE_R2C1")
    assert sword_at(s, JOHN, "R2C2") == "baa" and phase(s) == "market_card"


def test_komainu_monk_effects_of_the_other_areas(build):
    R = rules(build)
    s = position(R, 4, turn=JOHN, coins={JOHN: 5}, halls=FIRST_GAME, members={JOHN: (0,)})
    act(s, JOHN, "MONK_KOMAINU")
    assert legal_names(s, JOHN) == ["DONE", "KOMAINU_EFFECT_MARKET", "KOMAINU_EFFECT_ACADEMY",
                                    "KOMAINU_EFFECT_PALACE", "KOMAINU_EFFECT_HOUSE"]
    for effect, follow, check in (("MARKET", "MARKET_CARD_1", lambda t: sum(hand(t, JOHN).values()) == 1),
                                  ("ACADEMY", "ADVANCE_GALUCHAT", lambda t: t.artisan[JOHN * 4 + 3] == 1),
                                  ("PALACE", "HALL_1", lambda t: t.coins[JOHN] == 6),
                                  ("HOUSE", "SASHIMONO_MORI", lambda t: t.sashimono[JOHN * 4 + 3] == 1)):
        t = s.clone()
        act(t, JOHN, "KOMAINU_EFFECT_" + effect, follow)
        assert check(t) and phase(t) == "after_action", effect


def test_a_delivered_starting_sashimono_is_exchanged_for_one_of_any_type(build):
    R = rules(build)
    s = position(R, 4, turn=JOHN, swords={JOHN: {"R2C2": ("bab", 3, "", 4)}})
    act(s, JOHN, "DELIVER_R2C2", "DONE", "COLLECT_ROW", "COLLECT_COLUMN")
    assert phase(s) == "sashimono"
    act(s, JOHN, "SASHIMONO_UESUGI", "DONE")
    assert [s.sashimono[JOHN * 4 + h] for h in range(4)] == [0, 1, 0, 0]


def test_a_second_advantage_on_a_line_needs_market_card_4(build):
    R = rules(build)
    s = position(R, 4, turn=JOHN, coins={JOHN: 10}, hands={JOHN: {"a_coins": 2, "m4_second_advantage": 1}})
    act(s, JOHN, "BUY_A_COINS", "LINE_ROW_1")
    act(s, JOHN, "BUY_A_COINS")
    assert "LINE_ROW_1" not in legal_names(s, JOHN)                          # R84 a
    act(s, JOHN, "LINE_ROW_2", "PLAY_M4_SECOND_ADVANTAGE", "BUY_M4_SECOND_ADVANTAGE")
    assert "LINE_ROW_1" in legal_names(s, JOHN)
    act(s, JOHN, "LINE_ROW_1")
    assert len(s.under[JOHN * 9 + 0]) == 2 and s.coins[JOHN] == 10 - 3 - 3 - 1


def test_market_card_1_adds_points_at_delivery(build):
    R = rules(build)
    s = position(R, 4, round=2, turn=JOHN, hands={JOHN: {"m1_delivery_points": 1}},
                 swords={JOHN: {"R2C2": ("bab", 3)}})
    act(s, JOHN, "DELIVER_R2C2", "PLAY_M1_DELIVERY_POINTS", "DONE")
    assert s.score[JOHN] == 3 + 2 + 3


def test_cards_with_an_area_icon_are_played_while_acting_there(build):
    R = rules(build)
    s = position(R, 4, turn=JOHN, coins={JOHN: 1}, hands={JOHN: {"b_laque": 1, "b_coins": 1}})
    names = legal_names(s, JOHN)
    assert "PLAY_B_COINS" in names and "PLAY_B_LAQUE" not in names           # any time / market only
    act(s, JOHN, "WORKER_MARKET")
    act(s, JOHN, "PLAY_B_LAQUE")
    assert stock(s, JOHN) == "L"


def test_cards_played_must_be_paid_or_discarded_when_the_moment_ends(build):
    R = rules(build)
    s = position(R, 4, turn=JOHN, hands={JOHN: {"b_coins": 1}})
    act(s, JOHN, "PLAY_B_COINS")
    assert s.coins[JOHN] == 3 and "PASS" not in legal_names(s, JOHN)
    act(s, JOHN, "WORKER_ROW_1", "DONE", "DONE")
    assert phase(s) == "resolve_cards"
    assert legal_names(s, JOHN) == ["BUY_B_COINS", "DISCARD_B_COINS"]
    act(s, JOHN, "BUY_B_COINS", "LINE_COL_2")
    assert s.coins[JOHN] == 2 and s.actor == PAUL


def test_a_passed_seat_takes_side_benefits_but_cannot_deliver_or_play(build):
    R = rules(build)
    s = position(R, 4, turn=JOHN, artisans={PAUL: {"B": 2}}, hands={PAUL: {"b_coins": 1}},
                 swords={PAUL: {"R2C3": ("bab", 3)}})
    s.passed[PAUL] = 1
    act(s, JOHN, "WORKER_ACADEMY", "ADVANCE_BOIS", "DONE")
    assert (phase(s), s.actor) == ("side_decorate", PAUL)
    act(s, PAUL, "DECORATE_R2C3_BOIS")
    assert s.coins[PAUL] == 2 and (phase(s), s.actor) == ("after_action", JOHN)


def test_favour_i_goes_to_the_first_katana_delivered_and_is_shared_when_simultaneous(build):
    R = rules(build)
    s = position(R, 4)
    s.favour[0] = -2
    s.shame[1] = 1
    s.katana_this_turn = [0, 1]
    s.settle_first_favour()
    assert s.favour[0] == -1 and s.score[0] == 3 and s.score[1] == 1         # 6 / 2, halved with Honte
    t = position(R, 4)
    t.favour[0] = -2
    t.katana_this_turn = [2]
    t.settle_first_favour()
    assert t.favour[0] == 2 and t.score[2] == 6


def test_final_scoring_money_katana_left_in_the_forge_sashimono_and_favours(build):
    R = rules(build)
    s = position(R, 4, round=4, coins={JOHN: 7, PAUL: 0}, stock={JOHN: "LA"})
    for f in range(5):
        s.favour[f] = -3
    s.favour[1] = s.favour[3] = s.favour[4] = -2                             # II, IV, V in play
    s.katana_comp[PAUL] = [1, 2, 3]
    s.katana_state[PAUL] = 1
    s._put_sword(PAUL, 11, data.NUM_TILES, -1)                               # on the forge at the end
    s.cell_progress[PAUL * 20 + 11] = 2
    s.cell_deco[PAUL * 20 + 11] = 0b0010
    for seat, comp, column, value in ((GEORGE, [0, 1, 2, 3], 2, 10), (RINGO, [0, 1, 2, 3], 4, 12)):
        s.katana_comp[seat], s.katana_state[seat] = comp, 2
        s.katana_column[seat], s.katana_value[seat] = column, value
    s.shame[RINGO] = 1
    s.final_scoring()
    assert s.end_scores[JOHN][0] == 2                                        # (7 + 4 + 2) // 5
    assert s.end_scores[PAUL][1] == 1 + 2 + 1 and s.shame[PAUL] == 2         # Bois, Acier, a carved Bois
    assert s.favour[1] == -1                                                 # II: a tie at 4 resources
    assert s.favour[3] == GEORGE and s.favour[4] == RINGO
    assert s.end_scores[GEORGE][4] == 3 + 6 and s.end_scores[RINGO][4] == (3 // 2) + (6 // 2)


def test_ties_go_to_the_highest_favour_card_else_are_shared(build):
    R = rules(build)
    s = position(R, 3)
    s.score[0] = s.score[1] = s.score[2] = 20
    s.favour[2] = 1
    assert s.ranks() == [2, 1, 2]


def test_e21_the_coins_honour_card_scores_one_point_per_four_coins_up_to_12(build):
    R = rules(build)
    s = position(R, 4, coins={PAUL: 38, JOHN: 28, GEORGE: 60})
    assert [s.honour_points(seat, 0) for seat in (PAUL, JOHN, GEORGE)] == [9, 7, 12]


def test_a_forfeit_ends_the_game_and_ranks_the_seat_last_alone(build):
    R = rules(build)
    s = position(R, 3)
    s.forfeit(1)
    result = s.result()
    assert s.is_terminal() and result["forfeited"] == [1]
    assert result["ranks"][1] == max(result["ranks"]) and result["ranks"].count(result["ranks"][1]) == 1


def test_observations_hide_deck_orders_and_resampling_keeps_them(build):
    R = rules(build)
    s = R.new_state(4, 5)
    view = s.observation(2)
    assert "hidden" not in view and view["sword_stack"] == len(s.tile_stack)
    twin = s.resample_hidden(2, 99)
    assert twin.observation(2) == view
    assert twin.full_view()["hidden"] != s.full_view()["hidden"]
    assert [d[len(d) - 1] for d in twin.daimyo_deck] == [d[len(d) - 1] for d in s.daimyo_deck]


def test_events_say_what_happened_by_name(build):
    R = rules(build)
    s = position(R, 4, turn=PAUL, stock={PAUL: "L"}, swords={PAUL: {"R1C1": ("lbaa", 0)}})
    s.space_tile[1] = tile("baa")
    house = data.HOUSES[data.SWORD_SPACES[1][0]]
    deck = s.daimyo_deck[data.SWORD_SPACES[1][0]]
    top = data.CARDS[deck[len(deck) - 1]].key
    act(s, PAUL, "WORKER_SPACE_2", "DONE")
    act(s, GEORGE, "WORKER_ROW_1", "DONE", "DONE")
    events = s.observation(JOHN)["events"]
    assert events[:2] == [{"event": "place", "seat": PAUL, "place": "SPACE_2", "monk": False},
                          {"event": "take_sword", "seat": PAUL, "tile": "baa", "house": house, "card": top}]
    s2 = position(R, 4, turn=PAUL, stock={PAUL: "L"}, swords={PAUL: {"R1C1": ("lbaa", 0)}})
    act(s2, PAUL, "WORKER_ROW_1", "MOVE_R1C1")
    assert s2.observation(PAUL)["events"][1] == {"event": "move", "seat": PAUL, "from": "R1C1", "to": "R1C2",
                                                 "resource": "laque"}


def test_set_up_per_player_count(build):
    R = rules(build)
    for n in (2, 3, 4):
        for seed in range(12):
            s = R.new_state(n, seed)
            assert [s.stock[seat * 4 + r] for seat in range(n) for r in range(4)] == [0, 2, 1, 0] * n   # R2
            assert list(s.workers_free) == [4] * n and list(s.family_home) == [3] * n and list(s.monks_used) == [0] * n   # R3, R4
            assert list(s.artisan) == [data.ACADEMY_START] * (4 * n)
            assert len(s.halls) == 5 and len(set(s.halls)) == 5                                          # R5
            assert sum(1 for h in s.halls if data.HALLS[h].passive) <= 1
            assert sorted(len(deck) for deck in s.daimyo_deck) == [16] * 4                              # R7
            assert all(c >= 0 for c in s.market_display) and len(s.market_deck) == 28 - 2               # R8
            assert sum(1 for f in s.favour if f == -2) == n                                              # R9
            assert len(s.honour_display) == n and len(s.honour_deck) == 22 - n                           # R10
            assert len(s.draft) == n and 0 <= s.first < n                                                # R11, R12
            assert sum(1 for t in s.space_tile if t >= 0) == sum(s.space_open)                           # R6
            assert len(s.tile_stack) == 50 - sum(s.space_open) - n


def test_a_palace_monk_swaps_two_swords_that_block_each_other_through_the_move_hall_taken_twice(build):
    """« il est possible d'invertir 2 Sabres en plaçant un Moine au Palais et en profitant de
    l'Avantage de la salle « déplacement de Sabre » à deux reprises »: the hall is offered when the
    only move is the two swords trading places, which needs both of its activations."""
    R = rules(build)
    s = position(R, 4, turn=JOHN, coins={JOHN: 5}, halls=FIRST_GAME, members={JOHN: (3,)}, stock={JOHN: "LB"},
                 swords={JOHN: {"R1C2": ("lbb", 1), "R2C2": ("bll", 1)}})      # Bois down, Laque up
    act(s, JOHN, "MONK_PALACE", "HALL_1", "DONE")                            # a member placed, none moved
    assert phase(s) == "palace_activate" and "HALL_4" in legal_names(s, JOHN)
    act(s, JOHN, "HALL_4")
    assert legal_names(s, JOHN) == ["DONE", "HALL_4"]                        # one move does not swap
    act(s, JOHN, "HALL_4", "SWAP_R1C2")
    assert sword_at(s, JOHN, "R1C2") == "bll" and sword_at(s, JOHN, "R2C2") == "lbb"


def test_a_worker_in_the_palace_is_not_offered_a_move_hall_that_cannot_swap_alone(build):
    R = rules(build)
    s = position(R, 4, turn=JOHN, halls=FIRST_GAME, members={JOHN: (3,)}, stock={JOHN: "LB"},
                 swords={JOHN: {"R1C2": ("lbb", 1), "R2C2": ("bll", 1)}})
    act(s, JOHN, "WORKER_PALACE", "HALL_1", "DONE")
    assert "HALL_4" not in legal_names(s, JOHN)
    act(s, JOHN, "HALL_1")
    assert "HALL_4" not in legal_names(s, JOHN)                              # the hall's one move cannot swap

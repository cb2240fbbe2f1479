"""Samouraï & Katana set-up, rounds, purchases, moves, honour, titles, phase 4 and the end, from
new games and constructed positions: the rule inventory's vectors T1-T4 and T14-T22."""
import pytest

from engine_ext.samourai import data
from samourai_positions import T, act, events, names, position, rules, set_hand

MAJORS = {t.key for t in data.TERRITORIES if t.city_kind == data.MAJOR}
MINORS = {t.key for t in data.TERRITORIES if t.city_kind == data.MINOR}


def play_setup(state):
    """Every clan places its extra samurai on its first city."""
    while state.step == 1:
        seat = state.decider
        state.apply(seat, state.legal_actions(seat)[0])


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_t1_setup_follows_the_player_count(build, n):
    for seed in range(4):
        s = rules(build).new_state(n, seed)
        minors = data.MINORS_DRAWN[0][n]
        for seat in range(n):
            owned = [data.TERRITORY_KEYS[t] for t in range(46) if s.owner[t] == seat]
            assert len(owned) == 1 + minors
            assert sum(1 for k in owned if k in MAJORS) == 1 and sum(1 for k in owned if k in MINORS) == minors
            assert data.KYOTO not in owned
            assert s.samurai_on_board(seat) == 1 + minors and s.hand_size[seat] == 5 and s.koku[seat] == 5
            assert s.reserve[seat] == data.SAMURAI_ALLOWANCE[0][n] - 1 - minors
            assert s.honor[seat] == 0 and s.castles_left[seat] == 3
        assert len(s.pile) == 55 - 5 * n
        neutral = [t.key for t in data.TERRITORIES if t.city and s.owner[data.territory_index(t.key)] < 0]
        assert len(neutral) == {3: 7, 4: 3, 5: 4, 6: 1}[n] and data.KYOTO in neutral
        play_setup(s)
        assert all(s.samurai_on_board(seat) == {3: 8, 4: 8, 5: 6, 6: 6}[n] for seat in range(n))
        assert s.round_no == 1 and s.phase == 1


def test_t2_extra_samurai_are_placed_one_at_a_time_clockwise_from_the_emperor(build):
    s = rules(build).new_state(5, 9)
    order = []
    while s.step == 1:
        seat = s.decider
        order.append(seat)
        legal = names(s, seat)
        assert legal == [f"TERRITORY_{data.TERRITORY_KEYS[t].upper()}" for t in range(46) if s.owner[t] == seat]
        act(s, seat, legal[-1])
    e = s.emperor
    assert order == [(e + i) % 5 for i in range(5) for _ in range(3)]


def test_the_emperor_names_each_clan_in_turn_and_the_last_one_is_not_asked(build):
    s = rules(build).new_state(4, 1)
    play_setup(s)
    e = s.emperor
    assert s.step == 2 and s.decider == e and names(s, e) == [f"PLAYER_{p}" for p in range(4)]
    for p in ((e + 2) % 4, e, (e + 1) % 4):
        act(s, e, f"PLAYER_{p}")
        assert s.active == p and s.step == 4
        act(s, p, "END_TURN")
    assert s.active == (e + 3) % 4 and s.step == 4, "the last clan plays without being named"
    act(s, s.active, "END_TURN")
    assert s.phase == 2 and s.step == 2 and s.decider == e, "phase 2: a new order from the Emperor"


def test_t3_purchases_castles_and_no_cards_in_phase_one(build):
    s = position(build, step="purchase", board={"settsu": (0, 2, False), "yamashiro": (0, 1, False),
                                                "harima": (1, 1, True)},
                 hands={0: ["theatre_no", "ashigaru", "ninja"]}, koku={0: 9})
    assert names(s, 0) == ["END_TURN", "BUY_SAMURAI", "BUY_CASTLE"], "no PLAY in phase 1"
    act(s, 0, "BUY_CASTLE")
    assert names(s, 0) == ["TERRITORY_YAMASHIRO", "TERRITORY_SETTSU"]
    act(s, 0, "TERRITORY_SETTSU")
    assert s.koku[0] == 5 and s.castle[T("settsu")] == 0
    assert "BUY_CASTLE" not in names(s, 0), "one castle per round"
    act(s, 0, "BUY_SAMURAI")
    assert names(s, 0) == ["TERRITORY_YAMASHIRO", "TERRITORY_SETTSU"], "only where he has a piece"
    act(s, 0, "TERRITORY_YAMASHIRO")
    assert s.koku[0] == 4 and s.samurai[T("yamashiro")] == 2
    s.castle_built[0] = 0          # next round
    s.koku[0] = 5
    assert "BUY_CASTLE" not in names(s, 0), "Settsu has a castle and Kyoto's costs 6"
    s.koku[0] = 6
    act(s, 0, "BUY_CASTLE")
    assert names(s, 0) == ["TERRITORY_YAMASHIRO"]


def test_a_castle_in_kyoto_costs_six(build):
    s = position(build, step="purchase", board={"yamashiro": (0, 1, False)}, koku={0: 6})
    act(s, 0, "BUY_CASTLE", "TERRITORY_YAMASHIRO")
    assert s.koku[0] == 0 and s.castle[T("yamashiro")] == 0
    s2 = position(build, step="purchase", board={"yamashiro": (0, 1, False)}, koku={0: 5})
    assert "BUY_CASTLE" not in names(s2, 0)


def test_purchases_stop_at_the_reserve(build):
    s = position(build, step="purchase", board={"settsu": (0, 19, False)}, koku={0: 9})
    act(s, 0, "BUY_SAMURAI", "TERRITORY_SETTSU")
    assert s.reserve[0] == 0 and "BUY_SAMURAI" not in names(s, 0)


def test_t4_moves_cost_a_koku_except_into_ones_own_castle_and_the_shoguns_first(build):
    s = position(build, board={"settsu": (0, 5, False), "harima": (0, 0, True)}, koku={0: 3})
    act(s, 0, "MOVE", "TERRITORY_SETTSU", "TERRITORY_TANBA", "COUNT_5")
    assert s.koku[0] == 2 and s.owner[T("tanba")] == 0 and s.owner[T("settsu")] == -1
    act(s, 0, "MOVE", "TERRITORY_TANBA", "TERRITORY_HARIMA", "COUNT_5")
    assert s.koku[0] == 2 and s.samurai[T("harima")] == 5
    shogun = position(build, board={"settsu": (0, 5, False)}, koku={0: 3})
    shogun.shogun = 0
    act(shogun, 0, "MOVE", "TERRITORY_SETTSU", "TERRITORY_TANBA", "COUNT_1")
    act(shogun, 0, "MOVE", "TERRITORY_SETTSU", "TERRITORY_TANBA", "COUNT_1")
    assert shogun.koku[0] == 2, "the Shogun's extra move is his first paid one"


def test_no_move_without_koku_unless_it_is_free(build):
    s = position(build, board={"settsu": (0, 2, False), "harima": (0, 0, True)}, koku={0: 0})
    act(s, 0, "MOVE", "TERRITORY_SETTSU")
    assert names(s, 0) == ["TERRITORY_HARIMA"]


def test_t14_provinces_and_kyoto_score_at_the_end_of_the_turn(build):
    kinai = {k: (0, 1, False) for k in ("yamashiro", "settsu", "kawachi", "izumi", "yamato")}
    s = position(build, board=dict(kinai, tanba=(1, 1, False)))
    act(s, 0, "END_TURN")
    assert s.honor[0] == 5, "the Kinai's 5, not 6"
    s = position(build, board={"yamashiro": (0, 1, False), "tanba": (1, 1, False)})
    act(s, 0, "END_TURN")
    assert s.honor[0] == 1, "Kyoto alone: 1"
    s = position(build, board=dict(kinai, tanba=(1, 1, False)), province_variant=True)
    act(s, 0, "END_TURN")
    assert s.honor[0] == 4, "T27: the province variant takes 1 off"


def test_t15_the_emperor_has_the_least_honour_with_ties_on_fewer_pc_and_the_shogun_the_most(build):
    s = position(build, board={"yamashiro": (0, 1, False), "settsu": (0, 1, False), "kawachi": (0, 1, False),
                               "izumi": (0, 1, False), "yamato": (0, 1, False), "harima": (1, 1, False),
                               "owari": (1, 1, False), "suruga": (2, 1, False), "mino": (2, 1, False),
                               "chikuzen": (2, 1, False)},
                 honor={0: 3, 1: 3, 2: 5})
    assert [s.clan_points(p) for p in range(3)] == [5, 2, 6]
    s._titles()
    assert s.emperor == 1 and s.shogun == 2 and s.honor[1] == 4


def test_t16_taxes_two_per_plain_one_per_mountain_a_lone_castle_counting(build):
    s = position(build, board={"settsu": (0, 1, False), "harima": (0, 1, False), "bizen": (0, 1, False),
                               "tanba": (0, 1, False), "tajima": (0, 0, True)})
    assert s.taxes(0) == 8


def test_t17_phase_four_refills_to_five_plus_cards_by_city_points(build):
    for pc_board, hand_before, expected, option in (
            ({"settsu": 1, "izumi": 1, "yamato": 1, "owari": 1, "kai": 1}, 2, 6, False),
            ({"settsu": 1, "izumi": 1, "yamato": 1, "owari": 1, "suruga": 1}, 2, 7, False),
            ({"bizen": 1}, 2, 5, False),
            ({"settsu": 1, "izumi": 1}, 7, 8, False),
            ({"settsu": 1, "izumi": 1}, 2, 5, True),
            ({"settsu": 1, "izumi": 1, "yamato": 1}, 2, 6, True)):
        board = {k: (0, v, False) for k, v in pc_board.items()}
        board["tanba"] = (1, 1, False)
        board["tajima"] = (2, 1, False)
        s = position(build, board=board, hands={0: ["ashigaru"] * hand_before}, new_card_scale=option)
        for p in range(3):
            s.done[p] = 1 if p else 0
        act(s, 0, "END_TURN")
        while s.step == 18:
            act(s, s.decider, "DONE")
        assert s.hand_size[0] == expected, (pc_board, hand_before, option)


def test_phase_four_discards_are_hidden_until_everybody_has_chosen(build):
    s = position(build, board={"settsu": (0, 1, False), "tanba": (1, 1, False), "tajima": (2, 1, False)},
                 hands={0: ["ashigaru"] * 3, 1: ["samourai"] * 3, 2: ["archers"] * 3})
    s.done[1] = s.done[2] = 1
    act(s, 0, "END_TURN")
    first = s.decider
    act(s, first, f"DISCARD_{['ASHIGARU', 'SAMOURAI', 'ARCHERS'][first]}")
    other = (first + 1) % 3
    assert s.observation(other)["seats"][first]["hand_size"] == 3
    assert not [e for e in s.observation(other)["events"] if e["event"] == "discard"]
    assert s.observation(first)["you"]["discards_set_aside"] == {["ashigaru", "samourai", "archers"][first]: 1}
    assert s.observation(other)["you"]["discards_set_aside"] == {}
    act(s, first, "DONE")
    assert s.decider == other
    while s.step == 18:
        act(s, s.decider, "DONE")
    assert ["ashigaru", "samourai", "archers"][first] in s.observation(other)["discard_pile"]
    revealed = [e for e in s.observation(other)["events"] if e["event"] == "discard"]
    assert revealed == [{"event": "discard", "seat": first, "cards": [["ashigaru", "samourai", "archers"][first]],
                         "amount": 1}]


def test_t18_any_time_cards_need_three_cards_in_hand(build):
    for cards, asked in ((["tsunami", "ashigaru"], False), (["tsunami", "ashigaru", "ashigaru"], True)):
        s = position(build, board={"settsu": (0, 3, False), "tanba": (2, 1, False)}, hands={1: cards})
        act(s, 0, "MOVE", "TERRITORY_SETTSU", "TERRITORY_AWA", "COUNT_2")
        assert (s.step == 12 and s.decider == 1) == asked
        if asked:
            assert names(s, 1) == ["PASS", "PLAY_TSUNAMI"]
        else:
            assert s.owner[T("awa")] == 0


def test_t19_honour_sells_two_for_one_koku_never_below_zero(build):
    s = position(build, honor={0: 5}, koku={0: 0}, board={"settsu": (0, 1, False)})
    act(s, 0, "SELL_HONOR", "SELL_HONOR")
    assert (s.honor[0], s.koku[0]) == (1, 2) and "SELL_HONOR" not in names(s, 0)


def test_t20_the_game_ends_after_the_round_in_which_someone_passed_the_target(build):
    kinai = {k: (0, 1, False) for k in ("yamashiro", "settsu", "kawachi", "izumi", "yamato")}
    board = dict(kinai, tanba=(1, 1, False), tajima=(2, 1, False), harima=(3, 1, False))
    s = position(build, n=4, board=board, honor={0: 21, 2: 27}, active=0)
    s.done[1] = 1
    act(s, 0, "END_TURN")
    assert s.honor[0] == 26 and s.latched and not s.is_terminal()
    assert s.step == 2, "the round goes on: the Emperor names the next clan"
    while not s.is_terminal():
        if s.step == 2:
            act(s, s.decider, names(s, s.decider)[0])
        elif s.step == 12:
            act(s, s.decider, "PASS")
        else:
            act(s, s.decider, "END_TURN")
    result = s.result()
    assert result["end_reason"] == "target" and result["rounds"] == 1
    assert result["ranks"][2] == 1 and result["ranks"][0] == 2
    assert not events(s, "emperor") and not events(s, "taxes"), "phases 3 and 4 are not played"


def test_t21_ties_on_honour_go_to_city_points_then_cities(build):
    s = position(build, board={"settsu": (0, 1, False), "izumi": (0, 1, False), "yamato": (0, 1, False),
                               "owari": (0, 1, False), "suruga": (1, 1, False), "kai": (1, 1, False),
                               "mino": (1, 1, False)},
                 honor={0: 27, 1: 27, 2: 3})
    s._finish(1)
    assert [s.clan_points(p) for p in (0, 1)] == [4, 5]
    assert s.result()["ranks"] == [2, 1, 3]
    s.owner[T("kai")] = -1
    s.owner[T("boso")] = 1
    assert s.result()["ranks"][:2] == [1, 2], "4 PC each: 4 cities beat 2"


def test_the_round_cap_ends_a_game_nobody_wins_after_its_phase_two(build):
    board = {"settsu": (0, 1, False), "tanba": (1, 1, False), "tajima": (2, 1, False)}
    for last_round, over in ((data.MAX_ROUNDS[0] - 1, False), (data.MAX_ROUNDS[0], True)):
        s = position(build, board=board, honor={1: 3})
        s.round_no = last_round
        s.done[1] = s.done[2] = 1
        act(s, 0, "END_TURN")
        assert s.is_terminal() == over
        if over:
            # seats 0 and 2 tie on honour; Osaka gives seat 0 the better city points
            assert s.result()["end_reason"] == "round_cap" and s.result()["ranks"] == [2, 1, 3]


def test_a15_a_game_nobody_has_won_goes_on_after_round_15(build):
    """Heuristic players finish 5-89% of their games after round 15: a cap there decided them."""
    s = position(build, board={"settsu": (0, 1, False), "tanba": (1, 1, False), "tajima": (2, 1, False)})
    s.round_no = 15
    s.done[1] = s.done[2] = 1
    act(s, 0, "END_TURN")
    assert not s.is_terminal() and s.round_no == 15 and s.phase == 3


def test_t22_an_eliminated_clan_returns_with_an_uprising_five_samurai_and_four_koku(build):
    s = position(build, step="purchase", board={"settsu": (1, 3, False), "harima": (1, 2, False),
                                                "tanba": (2, 1, False), "owari": (2, 1, True)},
                 koku={0: 0}, honor={0: 4})
    s.eliminated[0] = 1
    set_hand(s, 0, ["ashigaru", "ninja"])
    s.step = 3
    legal = names(s, 0)
    assert "TERRITORY_SETTSU" in legal and "TERRITORY_HARIMA" in legal and "TERRITORY_BOSO" in legal
    assert "TERRITORY_TANBA" in legal, "its owner holds 2 territories"
    assert "TERRITORY_OWARI" not in legal, "no uprising against a castle"
    act(s, 0, "TERRITORY_SETTSU")
    assert s.owner[T("settsu")] == 0 and s.samurai[T("settsu")] == 5 and s.koku[0] == 4
    assert s.reserve[1] == data.SAMURAI_ALLOWANCE[0][3] - 2 and s.eliminated[0] == 0
    assert s.honor[0] == 4 and s.hand_size[0] == 2 and s.step == 4


def test_t29_seppuku_dissolves_a_clan_that_returns_next_round(build):
    s = position(build, board={"settsu": (0, 3, False), "tanba": (1, 1, False)}, seppuku=True)
    assert "SEPPUKU" in names(s, 0)
    act(s, 0, "SEPPUKU")
    assert s.owner[T("settsu")] == -1 and s.eliminated[0] == 1
    assert s.reserve[0] == data.SAMURAI_ALLOWANCE[0][3]
    s2 = position(build, board={"settsu": (0, 4, False)}, seppuku=True)
    assert "SEPPUKU" not in names(s2, 0)


def test_t26_au_pays_des_koku_turns_the_last_taxes_into_honour(build):
    board = {k: (0, 1, False) for k in ("settsu", "izumi", "yamato", "owari", "mikawa")}
    s = position(build, board=board, koku_land=True)
    s._finish(1)
    assert s.honor[0] == 10 // 3

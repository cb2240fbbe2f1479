"""Samouraï & Katana's optional rules from constructed positions: the rule inventory's vectors
T25 (O12), T26 (O5), T28 (O16) and a test for each other option that adds decisions."""
import pytest

from samourai_positions import T, act, events, hand, names, position, rules
from test_samourai_battle import pass_windows


def test_t25_the_emperors_support_counts_for_the_side_he_backs_and_pays_him_on_a_win(build):
    board = {"settsu": (0, 4, False), "harima": (1, 4, False), "bizen": (1, 1, False),
             "owari": (2, 2, False), "mino": (2, 2, False)}
    s = position(build, board=board, hands={0: ["samourai", "samourai"], 1: ["samourai", "samourai"]},
                 emperor_support=True)
    s.emperor = 2
    act(s, 0, "MOVE", "TERRITORY_SETTSU", "TERRITORY_HARIMA", "COUNT_4")
    assert s.step == 26 and s.decider == 2 and names(s, 2) == ["PASS", "SUPPORT_ATTACKER", "SUPPORT_DEFENDER"]
    act(s, 2, "SUPPORT_ATTACKER", "TERRITORY_OWARI", "TERRITORY_OWARI", "TERRITORY_MINO")
    assert s.decider == 0 and names(s, 0) == ["ACCEPT", "REFUSE"]
    act(s, 0, "ACCEPT")
    act(s, 0, "COMMIT_SAMOURAI", "COMMIT_SAMOURAI", "NO_SPECIAL")
    act(s, 1, "COMMIT_SAMOURAI", "COMMIT_SAMOURAI", "NO_SPECIAL")
    end = events(s, "battle_end")[-1]
    assert (end["attack"], end["defence"], end["winner"]) == (2 + 2 + 4 + 3, 8, "attacker")
    assert s.honor[2] == 3 and s.samurai[T("owari")] == 2 and s.samurai[T("mino")] == 2
    assert events(s, "losses")[-1]["attacker_lost"] == 2, "the sabres fall on the clan's own samurai"


def test_t25_imperial_samurai_die_when_the_side_they_back_loses(build):
    board = {"settsu": (0, 4, False), "harima": (1, 4, False), "owari": (2, 3, False), "mino": (2, 1, False)}
    s = position(build, board=board, hands={0: ["ashigaru", "ashigaru"], 1: ["hatamoto", "hatamoto"]},
                 emperor_support=True)
    s.emperor = 2
    act(s, 0, "MOVE", "TERRITORY_SETTSU", "TERRITORY_HARIMA", "COUNT_4")
    act(s, 2, "SUPPORT_ATTACKER", "TERRITORY_OWARI", "TERRITORY_OWARI", "TERRITORY_OWARI", )
    act(s, 0, "ACCEPT", "COMMIT_ASHIGARU", "COMMIT_ASHIGARU", "NO_SPECIAL")
    act(s, 1, "COMMIT_HATAMOTO", "COMMIT_HATAMOTO", "NO_SPECIAL")
    assert events(s, "battle_end")[-1]["winner"] == "defender"
    assert s.owner[T("owari")] == -1 and s.honor[2] == 0 and s.samurai[T("mino")] == 1


def test_the_support_is_refused_or_not_offered_in_the_emperors_own_battles(build):
    board = {"settsu": (0, 4, False), "harima": (1, 4, False), "owari": (2, 3, False)}
    s = position(build, board=board, hands={0: ["samourai"] * 2, 1: ["samourai"] * 2}, emperor_support=True)
    s.emperor = 2
    act(s, 0, "MOVE", "TERRITORY_SETTSU", "TERRITORY_HARIMA", "COUNT_4")
    act(s, 2, "SUPPORT_DEFENDER", "TERRITORY_OWARI", "DONE")
    act(s, 1, "REFUSE")
    assert s.step == 14 and s.decider == 0 and s.sup_side == -1
    s = position(build, board=board, hands={0: ["samourai"] * 2, 1: ["samourai"] * 2}, emperor_support=True)
    s.emperor = 1
    act(s, 0, "MOVE", "TERRITORY_SETTSU", "TERRITORY_HARIMA", "COUNT_4")
    assert s.step == 14


def test_t26_the_secret_treasury_is_hidden_and_becomes_honour_at_the_end(build):
    s = position(build, board={"settsu": (0, 1, False)}, koku={0: 8}, clan_treasury=True)
    for _ in range(8):
        act(s, 0, "SET_ASIDE")
    assert s.koku[0] == 0 and s.observation(0)["you"]["treasury"] == 8
    assert "treasury" not in s.observation(1)["seats"][0] and s.observation(1)["you"]["treasury"] == 0
    s._finish(1)
    assert s.honor[0] == 2 and s.result()["seats"][0]["treasury"] == 8


def test_t28_a_rank_bought_for_three_honour_can_be_bought_back(build):
    s = rules(build).new_state(3, 5, {"limited_emperor": True, "rank_changes": True})
    while s.step == 1:
        s.apply(s.decider, s.legal_actions(s.decider)[0])
    e = s.emperor
    assert s.step == 20 and s.decider == e, "the Emperor announces the whole order first"
    others = [(e + 1) % 3, (e + 2) % 3]
    s2 = s.clone()
    act(s, e, f"PLAYER_{others[0]}", f"PLAYER_{e}")
    assert s.order == [others[0], e, others[1]] and s.step == 4, "nobody has 3 honour: play starts"
    s = s2
    for p in range(3):
        s.honor[p] = 5
    act(s, e, f"PLAYER_{others[0]}", f"PLAYER_{e}")
    assert s.step == 21 and s.decider == others[0] and names(s, others[0]) == ["PASS", "DOWN"]
    act(s, others[0], "DOWN")
    assert s.order == [e, others[0], others[1]] and s.honor[others[0]] == 2
    assert s.decider == e and names(s, e) == ["PASS", "COUNTER"]
    act(s, e, "COUNTER")
    assert s.order == [others[0], e, others[1]] and s.honor[e] == 2
    assert s.decider == others[1], "the mover may not try again; the last clan may"
    act(s, others[1], "PASS")
    assert s.step == 4 and s.active == others[0]


def test_o15_the_announced_order_serves_both_phases(build):
    s = rules(build).new_state(4, 2, {"limited_emperor": True})
    while s.step == 1:
        s.apply(s.decider, s.legal_actions(s.decider)[0])
    e = s.emperor
    wanted = [(e + 3) % 4, (e + 1) % 4, e, (e + 2) % 4]
    act(s, e, *[f"PLAYER_{p}" for p in wanted[:3]])
    played = []
    while s.round_no == 1 and not s.is_terminal():
        if s.step in (4, 6):
            played.append((s.phase, s.active))
            act(s, s.active, "END_TURN")
        else:
            s.apply(s.decider, s.legal_actions(s.decider)[0])
    assert played == [(1, p) for p in wanted] + [(2, p) for p in wanted]


def test_o11_the_emperor_sells_an_office_once_a_round(build):
    s = position(build, board={"settsu": (0, 1, False)}, koku={1: 4}, emperor_office=True)
    s.emperor = 0
    act(s, 0, "SELL_OFFICE", "PLAYER_1", "COUNT_3")
    assert s.decider == 1 and names(s, 1) == ["ACCEPT", "REFUSE"]
    act(s, 1, "ACCEPT")
    assert (s.koku[0], s.koku[1], s.honor[1]) == (8, 1, 1) and "SELL_OFFICE" not in names(s, 0)
    s = position(build, board={"settsu": (0, 1, False)}, koku={1: 2}, emperor_office=True)
    s.emperor = 0
    act(s, 0, "SELL_OFFICE", "PLAYER_1", "COUNT_3")
    assert names(s, 1) == ["REFUSE"]
    s = position(build, board={"settsu": (0, 1, False)}, emperor_office=True)
    s.emperor = 2
    assert "SELL_OFFICE" not in names(s, 0), "only the Emperor"


def test_o9_the_shogun_cancels_a_card_not_aimed_at_him(build):
    s = position(build, board={"settsu": (0, 1, False), "harima": (1, 1, False)},
                 hands={0: ["theatre_no", "affront"]}, shogun_power=True)
    s.shogun = 2
    act(s, 0, "PLAY_THEATRE_NO")
    assert s.decider == 2 and names(s, 2) == ["PASS", "SHOGUN_CANCEL"]
    act(s, 2, "SHOGUN_CANCEL")
    assert s.honor[0] == 0 and s.step == 6
    act(s, 0, "PLAY_AFFRONT", "PLAYER_1")
    assert s.step == 6, "once a round"
    s = position(build, board={"settsu": (0, 1, False)}, hands={0: ["affront"]}, honor={2: 3}, shogun_power=True)
    s.shogun = 2
    act(s, 0, "PLAY_AFFRONT", "PLAYER_2")
    assert s.honor[2] == 2, "not a card aimed at him"


def test_o10_a_hand_of_warriors_is_shown_and_one_card_exchanged(build):
    s = position(build, board={"settsu": (0, 1, False)}, exchange=True,
                 hands={0: ["ashigaru", "ashigaru", "samourai", "archers", "hatamoto"]}, pile=["ninja"])
    act(s, 0, "ECHANGE")
    assert [e["card"] for e in s.observation(1)["events"] if e["event"] == "show"] == [
        "ashigaru", "ashigaru", "samourai", "archers", "hatamoto"]
    act(s, 0, "DISCARD_ASHIGARU")
    assert hand(s, 0) == {"ashigaru": 1, "samourai": 1, "archers": 1, "hatamoto": 1, "ninja": 1}
    assert "ECHANGE" not in names(s, 0)
    s = position(build, board={"settsu": (0, 1, False)}, exchange=True,
                 hands={0: ["ashigaru", "ashigaru", "samourai", "archers", "gunbai"]})
    assert "ECHANGE" not in names(s, 0), "a blue card is not a warrior"


def test_o2_one_open_card_swap_a_round_and_koku_given_freely(build):
    s = position(build, board={"settsu": (0, 1, False)}, koku={0: 5}, diplomacy=True,
                 hands={0: ["ashigaru", "ninja"], 1: ["gunbai", "hatamoto"]})
    act(s, 0, "OFFER_TRADE")
    assert names(s, 0) == ["PLAYER_1"], "only a clan with cards"
    act(s, 0, "PLAYER_1", "OFFER_NINJA")
    assert s.decider == 1 and names(s, 1) == ["REFUSE", "OFFER_HATAMOTO", "OFFER_GUNBAI"]
    act(s, 1, "OFFER_GUNBAI")
    assert hand(s, 0) == {"ashigaru": 1, "gunbai": 1} and hand(s, 1) == {"ninja": 1, "hatamoto": 1}
    assert "OFFER_TRADE" not in names(s, 0)
    act(s, 0, "GIVE_KOKU", "PLAYER_2", "COUNT_2")
    assert s.koku[0] == 3 and s.koku[2] == 7
    assert [e["card"] for e in s.observation(2)["events"] if e["event"] in ("offer", "trade")] == ["ninja", "gunbai"]


def test_rank_changes_need_the_limited_emperor(build):
    with pytest.raises(ValueError, match="limited_emperor"):
        rules(build).new_state(3, 0, {"rank_changes": True})


def test_the_support_window_sits_between_the_move_counters_and_the_cards(build):
    board = {"settsu": (0, 4, False), "awa": (1, 4, False), "owari": (2, 2, False)}
    s = position(build, board=board, hands={0: ["samourai"] * 2, 1: ["samourai"] * 3, 2: ["ashigaru"] * 3},
                 emperor_support=True)
    s.emperor = 2
    act(s, 0, "MOVE", "TERRITORY_SETTSU", "TERRITORY_AWA", "COUNT_4")
    asked = []
    while s.step == 12:
        asked.append(s.decider)
        act(s, s.decider, "PASS")
    assert asked == [1, 2] and s.step == 26
    pass_windows(s)
    act(s, 2, "PASS")
    assert s.step == 14

"""Samouraï & Katana: who may answer what, from constructed positions.  The Emperor's support is
spent by giving it, not by passing (O12); the Shogun's power reaches blue specials and counters
(O9); any-time cards have a window at the start of each activation turn (R22, §5.4, O18); a
beaten defender spreads his survivors over his territories (R74)."""
from samourai_positions import T, act, events, names, position
from test_samourai_battle import pass_windows


def test_o12_an_emperor_who_passes_on_a_battle_is_offered_the_next_one(build):
    board = {"settsu": (0, 6, False), "harima": (1, 1, False), "bizen": (1, 1, False), "owari": (2, 2, False)}
    s = position(build, board=board, hands={0: ["cavaliers", "samourai"], 1: ["ashigaru", "ashigaru"]},
                 pile=["samourai", "samourai", "ashigaru", "ashigaru"], emperor_support=True)
    s.emperor = 2
    act(s, 0, "MOVE", "TERRITORY_SETTSU", "TERRITORY_HARIMA", "COUNT_5")
    assert s.step == 26 and s.decider == 2
    act(s, 2, "PASS")
    act(s, 0, "COMMIT_CAVALIERS", "COMMIT_SAMOURAI", "NO_SPECIAL")
    act(s, 1, "COMMIT_ASHIGARU", "COMMIT_ASHIGARU", "NO_SPECIAL")
    pass_windows(s)
    assert s.owner[T("harima")] == 0 and s.step == 6 and not s.support_used
    act(s, 0, "MOVE", "TERRITORY_HARIMA", "TERRITORY_BIZEN", "COUNT_3")
    assert s.step == 26 and s.decider == 2, "declining the support did not spend it"
    act(s, 2, "SUPPORT_DEFENDER", "TERRITORY_OWARI", "DONE")
    assert s.support_used
    act(s, 1, "ACCEPT")
    assert s.step == 14 and s.decider == 0


def test_r74_a_beaten_defender_spreads_his_survivors_over_his_territories(build):
    board = {"settsu": (0, 6, False), "harima": (1, 4, False), "bizen": (1, 1, False), "tanba": (1, 1, False)}
    s = position(build, board=board, hands={0: ["cavaliers", "samourai"], 1: ["ashigaru", "ashigaru"]})
    act(s, 0, "MOVE", "TERRITORY_SETTSU", "TERRITORY_HARIMA", "COUNT_6")
    assert s.step == 17 and s.decider == 1 and names(s, 1) == ["TERRITORY_TANBA", "TERRITORY_BIZEN"]
    act(s, 1, "TERRITORY_BIZEN")
    assert names(s, 1) == ["DONE", "TERRITORY_TANBA", "TERRITORY_BIZEN"], "the next survivor's place, or the rest there"
    act(s, 1, "TERRITORY_TANBA", "DONE")
    assert s.step == 14 and s.observation(2)["battle"]["retreat_to"] == ["bizen", "tanba", "tanba", "tanba"]
    act(s, 0, "COMMIT_CAVALIERS", "COMMIT_SAMOURAI", "NO_SPECIAL")
    act(s, 1, "COMMIT_ASHIGARU", "COMMIT_ASHIGARU", "NO_SPECIAL")
    assert events(s, "battle_end")[-1]["winner"] == "attacker" and events(s, "losses")[-1]["defender_lost"] == 2
    assert s.samurai[T("bizen")] == 2 and s.samurai[T("tanba")] == 2, "one survivor in each"
    assert [(e["territory"], e["amount"]) for e in events(s, "retreat")] == [("bizen", 1), ("tanba", 1)]


def test_o9_the_shogun_cancels_a_blue_special_in_a_battle_between_two_other_clans(build):
    board = {"settsu": (0, 4, False), "harima": (1, 2, False), "owari": (2, 1, False)}
    s = position(build, board=board, hands={0: ["samourai", "samourai", "gunbai"], 1: ["hatamoto", "cavaliers"]},
                 shogun_power=True)
    s.shogun = 2
    act(s, 0, "MOVE", "TERRITORY_SETTSU", "TERRITORY_HARIMA", "COUNT_4")
    act(s, 0, "COMMIT_SAMOURAI", "COMMIT_SAMOURAI", "COMMIT_GUNBAI")
    act(s, 1, "COMMIT_HATAMOTO", "COMMIT_CAVALIERS", "NO_SPECIAL")
    assert s.step == 29 and s.decider == 2 and names(s, 2) == ["PASS", "CANCEL_ATTACKER"]
    seen = s.observation(2)["battle"]
    assert seen["attacker"]["cards"] == ["samourai", "samourai", "gunbai"] and seen["winner"] is None
    act(s, 2, "CANCEL_ATTACKER")
    end = events(s, "battle_end")[-1]
    assert (end["attack"], end["defence"], end["winner"]) == (2 + 2 + 4, 4 + 3 + 2, "defender"), "no fan"
    assert events(s, "losses")[-1]["defender_lost"] == 2, "the Gunbai's power is gone, not its sabres"
    assert s.shogun_power_used


def test_o9_the_shogun_cancels_a_tsunami_that_counters_another_clans_sea_move(build):
    board = {"settsu": (0, 3, False), "sanuki": (1, 1, False), "owari": (2, 1, False)}
    s = position(build, board=board, hands={1: ["tsunami", "ashigaru", "ashigaru"]}, shogun_power=True)
    s.shogun = 2
    act(s, 0, "MOVE", "TERRITORY_SETTSU", "TERRITORY_AWA", "COUNT_2")
    assert s.step == 12 and s.decider == 1
    act(s, 1, "PLAY_TSUNAMI")
    assert s.step == 29 and s.decider == 2 and names(s, 2) == ["PASS", "SHOGUN_CANCEL"]
    assert s.observation(2)["pending"]["card"] == {"card": "tsunami", "by": 1, "target_seat": 0}
    act(s, 2, "SHOGUN_CANCEL")
    assert s.step == 6 and s.owner[T("awa")] == 0 and s.samurai[T("awa")] == 2, "the move goes on"
    assert s.koku[0] == 4


def test_o9_the_shogun_cancels_a_justice_that_counters_another_clans_card(build):
    s = position(build, board={"settsu": (0, 1, False), "harima": (1, 1, False), "owari": (2, 1, False)},
                 hands={0: ["affront"], 1: ["justice_shogunale", "ashigaru", "ashigaru"]}, honor={1: 3},
                 shogun_power=True)
    s.shogun = 2
    act(s, 0, "PLAY_AFFRONT", "PLAYER_1")
    act(s, 1, "PLAY_JUSTICE_SHOGUNALE")
    assert s.step == 29 and s.decider == 2
    assert s.observation(0)["pending"]["card"] == {"card": "justice_shogunale", "by": 1, "target_seat": 0}
    act(s, 2, "SHOGUN_CANCEL")
    assert s.honor[1] == 2 and s.step == 6, "the affront stands"


def turn_of_clan_1(build, hands, **options):
    """Clan 0 ends its activation turn and, as Emperor, names clan 1: clan 1's turn starts."""
    board = {"settsu": (0, 2, False), "bizen": (1, 3, False), "harima": (2, 2, False), "tanba": (2, 1, False)}
    s = position(build, board=board, hands=hands, **options)
    s.emperor = 0
    act(s, 0, "END_TURN", "PLAYER_1")
    return s


def test_r22_any_time_cards_are_asked_for_at_the_start_of_another_clans_turn(build):
    s = turn_of_clan_1(build, {0: ["ashigaru"] * 3, 2: ["wako", "ashigaru", "ashigaru"]})
    assert s.active == 1 and s.step == 12 and s.decider == 2
    assert s.observation(2)["pending"]["window"] == "turn_start"
    assert names(s, 2) == ["PASS", "PLAY_WAKO"]
    act(s, 2, "PLAY_WAKO", "PLAYER_1")
    assert s.koku[1] == 5 - 3
    assert s.step == 12 and s.decider == 0 and names(s, 0) == ["PASS"], (
        "a hand of 3 is asked, whatever it holds: who is asked never depends on a hand")
    act(s, 0, "PASS")
    assert s.step == 6 and s.decider == 1


def test_o18_under_the_new_ninja_another_clan_plays_a_ninja_at_the_start_of_a_turn(build):
    s = turn_of_clan_1(build, {1: ["samourai"], 2: ["ninja", "ashigaru", "ashigaru"]}, new_ninja=True)
    assert s.step == 12 and s.decider == 2 and names(s, 2) == ["PASS", "PLAY_NINJA"]
    act(s, 2, "PLAY_NINJA", "PLAYER_1")
    assert s.hand_size[1] == 0 and s.hand_size[2] == 3 and s.step == 6 and s.decider == 1


def test_r104_terre_brulee_is_played_before_the_clan_it_aims_at_has_moved(build):
    s = turn_of_clan_1(build, {1: ["samourai", "samourai"], 2: ["terre_brulee", "ashigaru", "ashigaru"]})
    assert names(s, 2) == ["PASS", "PLAY_TERRE_BRULEE"]
    act(s, 2, "PLAY_TERRE_BRULEE")
    assert names(s, 2) == ["TERRITORY_TANBA", "TERRITORY_HARIMA"], "one of his own territories"
    act(s, 2, "TERRITORY_HARIMA")
    assert s.step == 6 and s.decider == 1 and s.observation(1)["territories"][T("harima")]["barred"]
    act(s, 1, "MOVE", "TERRITORY_BIZEN")
    assert "TERRITORY_HARIMA" not in names(s, 1)

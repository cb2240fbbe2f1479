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

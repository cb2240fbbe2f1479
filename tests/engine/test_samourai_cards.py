"""Samouraï & Katana cards and reaction windows from constructed positions: events, any-time cards,
counters (T18, T23, T24) and the options that change them (O4, O13, O18)."""
from samourai_positions import T, act, events, hand, names, position


def test_events_are_played_in_ones_own_turn_and_pay_their_koku(build):
    s = position(build, board={"settsu": (0, 1, False)},
                 hands={0: ["ceremonie_du_the", "theatre_no", "commerce_nanban", "gunbai", "ashigaru"]}, koku={0: 2})
    legal = names(s, 0)
    assert {"PLAY_CEREMONIE_DU_THE", "PLAY_THEATRE_NO", "PLAY_COMMERCE_NANBAN"} <= set(legal)
    assert "PLAY_GUNBAI" not in legal and "PLAY_ASHIGARU" not in legal, "blue cards and warriors have no turn power"
    act(s, 0, "PLAY_CEREMONIE_DU_THE")
    assert s.honor[0] == 2 and s.koku[0] == 0
    assert "PLAY_CEREMONIE_DU_THE" not in names(s, 0)
    act(s, 0, "PLAY_COMMERCE_NANBAN", "PLAY_THEATRE_NO")
    assert s.koku[0] == 3 and s.honor[0] == 3
    assert s.observation(1)["discard_pile"] == ["ceremonie_du_the", "commerce_nanban", "theatre_no"]


def test_affront_and_complot_may_strike_oneself(build):
    s = position(build, board={"settsu": (0, 1, False)}, hands={0: ["affront", "complot"]}, honor={0: 3, 1: 1},
                 koku={0: 1})
    act(s, 0, "PLAY_COMPLOT")
    assert names(s, 0) == ["PLAYER_0", "PLAYER_1", "PLAYER_2"]
    act(s, 0, "PLAYER_0")
    assert s.honor[0] == 1
    act(s, 0, "PLAY_AFFRONT", "PLAYER_1")
    assert s.honor[1] == 0


def test_t24_uprisings_spare_castles_last_territories_and_under_o13_kyoto(build):
    board = {"settsu": (0, 1, False), "harima": (1, 2, True), "bizen": (1, 2, False), "tanba": (2, 2, False),
             "yamashiro": (1, 3, False)}
    s = position(build, board=board, hands={0: ["ikko_ikki"]})
    act(s, 0, "PLAY_IKKO_IKKI")
    assert names(s, 0) == ["TERRITORY_YAMASHIRO", "TERRITORY_BIZEN"]
    act(s, 0, "TERRITORY_BIZEN")
    assert s.owner[T("bizen")] == -1 and s.koku[0] == 3 and s.reserve[1] == 20 - 5
    s = position(build, board=board, hands={0: ["ikko_ikki", "hokke"]}, kyoto_imperial=True)
    act(s, 0, "PLAY_IKKO_IKKI")
    assert names(s, 0) == ["TERRITORY_BIZEN"]
    s = position(build, board=board, hands={0: ["hokke"]}, kyoto_imperial=True)
    act(s, 0, "PLAY_HOKKE")
    assert "TERRITORY_YAMASHIRO" in names(s, 0), "the sects may still rise in Kyoto"
    act(s, 0, "TERRITORY_YAMASHIRO")
    assert s.samurai[T("yamashiro")] == 1 and s.owner[T("yamashiro")] == 1
    s = position(build, board={"settsu": (0, 1, False), "tanba": (2, 2, False)}, hands={0: ["ikko_ikki"]})
    assert "PLAY_IKKO_IKKI" not in names(s, 0), "no target: a clan with one territory"


def test_the_target_of_a_card_may_answer_with_justice_which_cancels_it_without_refund(build):
    s = position(build, board={"settsu": (0, 1, False), "harima": (1, 2, False), "bizen": (1, 2, False)},
                 hands={0: ["ikko_ikki"], 1: ["justice_shogunale", "ashigaru", "ashigaru"]})
    act(s, 0, "PLAY_IKKO_IKKI", "TERRITORY_BIZEN")
    assert s.step == 13 and s.decider == 1 and names(s, 1) == ["PASS", "PLAY_JUSTICE_SHOGUNALE"]
    act(s, 1, "PLAY_JUSTICE_SHOGUNALE")
    assert s.samurai[T("bizen")] == 2 and s.koku[0] == 3 and s.step == 6 and s.decider == 0
    # the log says which card was cancelled (not a move: no territory)
    assert events(s, "cancel") == [{"event": "cancel", "seat": 0, "card": "ikko_ikki", "amount": 0}]
    assert s.observation(2)["events"][-1] == events(s, "cancel")[0]


def test_the_target_is_asked_whatever_it_holds_with_three_cards(build):
    s = position(build, board={"settsu": (0, 1, False), "harima": (1, 2, False), "bizen": (1, 2, False)},
                 hands={0: ["ikko_ikki"], 1: ["ashigaru", "ashigaru", "ashigaru"], 2: ["justice_shogunale"] * 3})
    act(s, 0, "PLAY_IKKO_IKKI", "TERRITORY_BIZEN")
    assert s.decider == 1 and names(s, 1) == ["PASS"], "seat 2 is not asked without the option"
    act(s, 1, "PASS")
    assert s.owner[T("bizen")] == -1


def test_o4_justice_may_defend_another_clan(build):
    s = position(build, board={"settsu": (0, 1, False), "harima": (1, 2, False), "bizen": (1, 2, False)},
                 hands={0: ["ikko_ikki"], 1: ["ashigaru", "ashigaru", "ashigaru"], 2: ["justice_shogunale"] * 3},
                 justice_for_others=True)
    act(s, 0, "PLAY_IKKO_IKKI", "TERRITORY_BIZEN", )
    act(s, 1, "PASS")
    assert s.decider == 2 and names(s, 2) == ["PASS", "PLAY_JUSTICE_SHOGUNALE"]
    act(s, 2, "PLAY_JUSTICE_SHOGUNALE")
    assert s.owner[T("bizen")] == 1


def test_t23_tsunami_refunds_a_sea_move(build):
    s = position(build, board={"settsu": (0, 3, False)}, hands={1: ["tsunami", "ashigaru", "ashigaru"]}, koku={0: 3})
    act(s, 0, "MOVE", "TERRITORY_SETTSU", "TERRITORY_AWA", "COUNT_3")
    assert s.koku[0] == 2 and s.decider == 1
    act(s, 1, "PLAY_TSUNAMI")
    assert s.koku[0] == 3 and s.samurai[T("settsu")] == 3 and s.owner[T("awa")] == -1
    assert events(s, "cancel")[-1]["amount"] == 1


def test_t23_terre_brulee_on_an_attack_refunds_it_and_bars_the_territory(build):
    s = position(build, board={"settsu": (0, 3, False), "harima": (1, 1, False)},
                 hands={0: ["ashigaru", "ashigaru"], 1: ["terre_brulee", "justice_shogunale", "ashigaru"]}, koku={0: 3})
    act(s, 0, "MOVE", "TERRITORY_SETTSU", "TERRITORY_HARIMA", "COUNT_3")
    assert s.decider == 1 and names(s, 1) == ["PASS", "PLAY_JUSTICE_SHOGUNALE", "PLAY_TERRE_BRULEE"]
    act(s, 1, "PLAY_TERRE_BRULEE")
    assert s.koku[0] == 3 and s.samurai[T("settsu")] == 3 and s.blocked[T("harima")] == 1
    act(s, 0, "MOVE", "TERRITORY_SETTSU")
    assert "TERRITORY_HARIMA" not in names(s, 0)


def test_t23_justice_on_an_attack_gives_no_refund(build):
    s = position(build, board={"settsu": (0, 3, False), "harima": (1, 1, False)},
                 hands={0: ["ashigaru", "ashigaru"], 1: ["justice_shogunale", "ashigaru", "ashigaru"]}, koku={0: 3})
    act(s, 0, "MOVE", "TERRITORY_SETTSU", "TERRITORY_HARIMA", "COUNT_3", )
    act(s, 1, "PLAY_JUSTICE_SHOGUNALE")
    assert s.koku[0] == 2 and s.samurai[T("settsu")] == 3 and s.owner[T("harima")] == 1
    assert s.blocked[T("harima")] == 0


def test_after_a_battle_the_others_may_play_ninja_or_wako_before_the_draws(build):
    s = position(build, board={"settsu": (0, 4, False), "harima": (1, 1, False), "bizen": (1, 1, False)},
                 hands={0: ["samourai", "samourai"], 1: ["ashigaru", "ashigaru"],
                        2: ["ninja", "wako", "terre_brulee"]}, koku={0: 3})
    act(s, 0, "MOVE", "TERRITORY_SETTSU", "TERRITORY_HARIMA", "COUNT_4",
        "COMMIT_SAMOURAI", "COMMIT_SAMOURAI", "NO_SPECIAL")
    act(s, 1, "COMMIT_ASHIGARU", "COMMIT_ASHIGARU", "NO_SPECIAL")
    assert s.step == 12 and s.decider == 2
    assert names(s, 2) == ["PASS", "PLAY_WAKO"], "nobody has a card to steal yet; Terre brûlée is a counter"
    act(s, 2, "PLAY_WAKO", "PLAYER_0")
    assert s.koku[0] == 0
    assert s.step == 6 and s.decider == 0 and s.hand_size[0] == 2, "one card per seat per window, then the draws"


def test_the_others_are_asked_at_the_start_of_a_turn_when_they_hold_three_cards(build):
    s = position(build, board={"settsu": (0, 3, False), "harima": (1, 1, False)},
                 hands={0: ["ashigaru", "samourai"], 1: ["ninja", "wako", "terre_brulee"], 2: ["ninja", "wako"]})
    s._start_turn(0)
    assert s.step == 12 and s.decider == 1
    assert names(s, 1) == ["PASS", "PLAY_NINJA", "PLAY_TERRE_BRULEE", "PLAY_WAKO"]
    act(s, 1, "PASS")
    assert s.step == 6 and s.decider == 0, "a hand of 2 cards cannot play them (R23): not asked"


def test_ninja_takes_a_random_card_seen_only_by_the_thief_and_the_victim(build):
    s = position(build, board={"settsu": (0, 3, False), "harima": (1, 1, False)},
                 hands={0: ["ninja", "ashigaru", "ashigaru", "hatamoto"], 1: ["gunbai"]})
    act(s, 0, "PLAY_NINJA", "PLAYER_1")
    assert hand(s, 1) == {} and hand(s, 0)["gunbai"] == 1
    steal = [e for e in s.observation(0)["events"] if e["event"] == "steal"][-1]
    assert steal["card"] == "gunbai" and steal["target"] == 1
    assert [e for e in s.observation(1)["events"] if e["event"] == "steal"][-1]["card"] == "gunbai"
    assert [e for e in s.observation(2)["events"] if e["event"] == "steal"][-1]["card"] is None


def test_any_time_cards_need_three_cards_on_ones_own_turn_too(build):
    s = position(build, board={"settsu": (0, 3, False)}, hands={0: ["ninja", "ashigaru"], 1: ["gunbai"]})
    assert "PLAY_NINJA" not in names(s, 0)


def test_o18_a_ninja_only_before_the_clan_acts(build):
    board = {"settsu": (0, 3, False), "harima": (1, 1, False)}
    s = position(build, board=board, hands={0: ["ninja", "ashigaru", "ashigaru", "ashigaru"], 1: ["gunbai"]},
                 new_ninja=True)
    assert "PLAY_NINJA" in names(s, 0)
    act(s, 0, "MOVE", "TERRITORY_SETTSU", "TERRITORY_TANBA", "COUNT_1")
    assert "PLAY_NINJA" not in names(s, 0)
    s = position(build, board=board, hands={0: ["ashigaru", "ashigaru"], 1: ["ninja", "wako", "ashigaru"]},
                 new_ninja=True)
    s.b_att = 0
    s.b_def = 1
    s.b_winner = 1
    s.active = 0
    s._open_window(2)
    assert names(s, 1) == ["PASS", "PLAY_WAKO"], "no Ninja after a battle"


def test_a_sea_move_asks_every_other_clan_with_three_cards_clockwise(build):
    s = position(build, n=4, board={"settsu": (1, 3, False)}, active=1,
                 hands={0: ["tsunami"] * 3, 2: ["ashigaru"] * 2, 3: ["ashigaru"] * 3})
    act(s, 1, "MOVE", "TERRITORY_SETTSU", "TERRITORY_AWA", "COUNT_1")
    asked = []
    while s.step == 12:
        asked.append(s.decider)
        act(s, s.decider, "PASS")
    assert asked == [3, 0] and s.owner[T("awa")] == 1

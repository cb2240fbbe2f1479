"""Samouraï & Katana battles from constructed positions: the rule inventory's vectors T5-T13 and
T30, and the battle rules R59-R77 (cards are named by kind: ``cavaliers`` is 3 with 1 sabre,
``samourai`` 2/1, ``ashigaru`` 1/1, ``archers`` 2/2, ``arquebusiers`` 3/2, ``hatamoto`` 4/1,
``gunbai`` 3/0 with a +3 fan, ``ninja`` and ``justice_shogunale`` 5/0, ``tsunami`` 4/0)."""
import pytest

from samourai_positions import T, act, events, hand, names, position


def pass_windows(state):
    """Every seat asked in a reaction window passes."""
    while not state.is_terminal() and state.step in (12, 13):
        act(state, state.decider, "PASS")


def attack(state, frm, to, count, attacker_cards, defender_cards=None, attacker_special=None,
           defender_special=None, retreat=None):
    seat = state.active
    act(state, seat, "MOVE", f"TERRITORY_{frm.upper()}", f"TERRITORY_{to.upper()}", f"COUNT_{count}")
    pass_windows(state)
    if state.step == 17:                      # the defender's plan: one place, or one per survivor
        for place in [retreat] if isinstance(retreat, str) else retreat:
            act(state, state.decider, f"TERRITORY_{place.upper()}")
        if state.step == 17:
            act(state, state.decider, "DONE")
    for card in attacker_cards:
        act(state, seat, f"COMMIT_{card.upper()}")
    act(state, seat, f"COMMIT_{attacker_special.upper()}" if attacker_special else "NO_SPECIAL")
    if defender_cards is not None:
        defender = state.decider
        for card in defender_cards:
            act(state, defender, f"COMMIT_{card.upper()}")
        act(state, defender, f"COMMIT_{defender_special.upper()}" if defender_special else "NO_SPECIAL")
    return events(state, "battle_end")[-1]


def test_t5_the_higher_total_wins_takes_the_territory_and_each_side_loses_the_other_sides_sabres(build):
    s = position(build, board={"settsu": (0, 6, False), "harima": (1, 3, False), "bizen": (1, 1, False)},
                 hands={0: ["cavaliers", "samourai"], 1: ["hatamoto", "ashigaru"]})
    end = attack(s, "settsu", "harima", 6, ["cavaliers", "samourai"], ["hatamoto", "ashigaru"])
    assert (end["attack"], end["defence"], end["winner"]) == (3 + 2 + 4, 4 + 1 + 3, "attacker")
    assert s.honor[0] == 1 and s.honor[1] == 0
    harima = T("harima")
    assert s.owner[harima] == 0 and s.samurai[harima] == 4          # 6 sent, 2 sabres on D's cards
    assert s.samurai[T("bizen")] == 2                               # D lost 2, his survivor placed at Bizen
    assert s.hand_size[0] == 2 and s.hand_size[1] == 2              # each draws 2
    assert s.step == 6 and s.decider == 0                           # the attacker's turn goes on


def test_t6_a_tie_keeps_the_defender_in_place_sends_the_attacker_home_and_frees_an_emptied_territory(build):
    # Tanba is a mountain: +1 to its defender
    s = position(build, board={"settsu": (0, 4, False), "tanba": (1, 1, False), "tajima": (1, 2, False)},
                 hands={0: ["samourai", "samourai"], 1: ["cavaliers", "gunbai"]})
    end = attack(s, "settsu", "tanba", 4, ["samourai", "samourai"], ["cavaliers", "gunbai"])
    assert (end["attack"], end["defence"], end["winner"]) == (8, 3 + 3 + 1 + 1, "tie")
    assert list(s.honor) == [0] * 6, "a tie gains nobody honour"
    assert s.samurai[T("settsu")] == 3 and s.owner[T("settsu")] == 0   # 1 lost, 3 back home
    assert s.owner[T("tanba")] == -1, "the defender's only samurai died: the territory is free"
    assert s.hand_size[0] == 2 and s.hand_size[1] == 2


def test_t7_a_castle_alone_doubles_the_weaker_card_and_a_winning_defender_draws_three(build):
    s = position(build, board={"settsu": (0, 4, False), "harima": (1, 0, True), "bizen": (1, 1, False)},
                 hands={0: ["cavaliers", "ashigaru"], 1: ["ninja", "samourai"]})
    end = attack(s, "settsu", "harima", 4, ["cavaliers", "ashigaru"], ["ninja", "samourai"])
    assert (end["attack"], end["defence"], end["winner"]) == (8, 5 + 2 * 2, "defender")
    assert s.honor[1] == 1 and s.honor[0] == 0
    assert s.samurai[T("settsu")] == 3 and s.castle[T("harima")] == 1 and s.owner[T("harima")] == 1
    assert s.hand_size[1] == 3 and s.hand_size[0] == 2


def test_t8_castle_mountain_and_samurai_add_up_for_the_defender(build):
    s = position(build, board={"settsu": (0, 4, False), "tanba": (1, 2, True)},
                 hands={0: ["ashigaru", "ashigaru"], 1: ["hatamoto", "ashigaru"]})
    end = attack(s, "settsu", "tanba", 4, ["ashigaru", "ashigaru"], ["hatamoto", "ashigaru"])
    assert end["defence"] == 4 + 1 * 2 + 2 + 1


def test_t9_t12_no_more_than_four_samurai_count_and_no_more_than_four_die(build):
    s = position(build, board={"settsu": (0, 7, False), "harima": (1, 5, False), "bizen": (1, 1, False)},
                 hands={0: ["archers", "arquebusiers", "ronin"], 1: ["arquebusiers", "ashigaru"]})
    end = attack(s, "settsu", "harima", 7, ["archers", "arquebusiers"], ["arquebusiers", "ashigaru"],
                 attacker_special="ronin")
    # A: 2 + 3 + 4 of 7 samurai + 1 (Rōnin's fan); D: 3 + 1 + 4 of 5
    assert (end["attack"], end["defence"]) == (10, 8)
    losses = events(s, "losses")[-1]
    assert losses["defender_lost"] == 4, "5 sabres (Rōnin's counts too) but at most 4 losses"
    assert losses["attacker_lost"] == 3
    assert s.samurai[T("harima")] == 4 and s.owner[T("harima")] == 0
    assert s.samurai[T("bizen")] == 2


def test_t10_a_winner_wiped_out_still_gains_honour_but_the_territory_becomes_free(build):
    s = position(build, board={"settsu": (0, 3, False), "harima": (1, 3, False), "bizen": (1, 1, False)},
                 hands={0: ["justice_shogunale", "tsunami"], 1: ["archers", "ashigaru"]})
    pc_before = s.clan_points(1)
    end = attack(s, "settsu", "harima", 2, ["justice_shogunale", "tsunami"], ["archers", "ashigaru"])
    assert (end["attack"], end["defence"], end["winner"]) == (11, 6, "attacker")
    assert s.honor[0] == 1
    harima = T("harima")
    assert s.owner[harima] == -1 and s.samurai[harima] == 0
    assert s.samurai[T("bizen")] == 4, "the defender loses none and must leave"
    assert s.clan_points(1) == pc_before - 1 and s.clan_points(0) == 1   # Himeji is neutral now


def test_t11_a_defender_short_of_cards_draws_to_two_and_commits_them_without_a_special(build):
    s = position(build, board={"settsu": (0, 4, False), "harima": (1, 1, False), "bizen": (1, 1, False)},
                 hands={0: ["ashigaru", "samourai"], 1: ["hatamoto"]},
                 pile=["samourai", "samourai", "samourai", "samourai", "samourai", "ashigaru"])
    end = attack(s, "settsu", "harima", 4, ["ashigaru", "samourai"])
    assert s.b_forced and s.step != 14
    assert end["defence"] == 4 + 1 + 1 and end["winner"] == "attacker"
    commits = [e for e in events(s, "reveal") if e["seat"] == 1]
    assert sorted(e["card"] for e in commits) == ["ashigaru", "hatamoto"]
    assert s.hand_size[1] == 2, "the loser draws 2 afterwards"


def test_an_attack_needs_two_cards_but_a_move_into_a_free_territory_does_not(build):
    s = position(build, board={"settsu": (0, 4, False), "harima": (1, 1, False)}, hands={0: ["ashigaru"]})
    act(s, 0, "MOVE", "TERRITORY_SETTSU")
    legal = names(s, 0)
    assert "TERRITORY_HARIMA" not in legal and "TERRITORY_TANBA" in legal


def test_t13_the_shogun_loses_one_honour_per_battle_lost_never_below_zero(build):
    for start, after in ((0, 0), (3, 2)):
        s = position(build, board={"settsu": (0, 4, False), "harima": (1, 3, False)},
                     hands={0: ["ashigaru", "ashigaru"], 1: ["hatamoto", "hatamoto"]}, honor={0: start})
        s.shogun = 0
        attack(s, "settsu", "harima", 4, ["ashigaru", "ashigaru"], ["hatamoto", "hatamoto"])
        assert s.honor[0] == after and s.honor[1] == 1


def test_a_tie_costs_the_shogun_nothing(build):
    s = position(build, board={"settsu": (0, 4, False), "harima": (1, 4, False)},
                 hands={0: ["samourai", "samourai"], 1: ["samourai", "samourai"]}, honor={1: 3})
    s.shogun = 1
    assert attack(s, "settsu", "harima", 4, ["samourai", "samourai"], ["samourai", "samourai"])["winner"] == "tie"
    assert s.honor[1] == 3


def test_t30_a_captured_castle_is_destroyed_or_replaced_from_the_reserve(build):
    for fate, owner_after in (("DESTROY", -1), ("REPLACE", 0)):
        s = position(build, board={"settsu": (0, 5, False), "harima": (1, 1, True), "bizen": (1, 1, False)},
                     hands={0: ["hatamoto", "hatamoto"], 1: ["ashigaru", "ashigaru"]})
        attack(s, "settsu", "harima", 5, ["hatamoto", "hatamoto"], ["ashigaru", "ashigaru"])
        assert s.step == 15 and s.decider == 0 and names(s, 0) == ["DESTROY", "REPLACE"]
        act(s, 0, fate)
        assert s.castle[T("harima")] == owner_after and s.castles_left[1] == 3
        assert s.castles_left[0] == (2 if fate == "REPLACE" else 3)


def test_t30_with_no_castle_in_reserve_the_winner_may_move_one_of_his_own(build):
    s = position(build, board={"settsu": (0, 5, True), "yamato": (0, 0, True), "omi": (0, 1, True),
                               "harima": (1, 1, True), "bizen": (1, 1, False)},
                 hands={0: ["hatamoto", "hatamoto"], 1: ["ashigaru", "ashigaru"]})
    attack(s, "settsu", "harima", 5, ["hatamoto", "hatamoto"], ["ashigaru", "ashigaru"])
    assert names(s, 0) == ["DESTROY", "RELOCATE"]
    act(s, 0, "RELOCATE")
    assert names(s, 0) == ["TERRITORY_SETTSU", "TERRITORY_YAMATO", "TERRITORY_OMI"]
    act(s, 0, "TERRITORY_YAMATO")
    assert s.castle[T("harima")] == 0 and s.castle[T("yamato")] == -1
    assert s.owner[T("yamato")] == -1, "the castle held Yamato alone: it is free now"
    assert s.castles_left[1] == 3


def test_an_attacker_wiped_out_destroys_the_castle(build):
    s = position(build, board={"settsu": (0, 3, False), "harima": (1, 0, True), "bizen": (1, 1, False)},
                 hands={0: ["ninja", "justice_shogunale"], 1: ["archers", "archers"]})
    attack(s, "settsu", "harima", 2, ["ninja", "justice_shogunale"], ["archers", "archers"])
    assert s.owner[T("harima")] == -1 and s.castle[T("harima")] == -1 and s.castles_left[1] == 3


def test_a_defender_chooses_before_the_cards_where_his_survivors_would_go(build):
    s = position(build, board={"settsu": (0, 6, False), "harima": (1, 4, False), "bizen": (1, 1, False),
                               "tajima": (1, 1, False)},
                 hands={0: ["hatamoto", "hatamoto"], 1: ["ashigaru", "ashigaru"]})
    act(s, 0, "MOVE", "TERRITORY_SETTSU", "TERRITORY_HARIMA", "COUNT_6")
    assert s.step == 17 and s.decider == 1 and names(s, 1) == ["TERRITORY_TAJIMA", "TERRITORY_BIZEN"]
    act(s, 1, "TERRITORY_TAJIMA", "DONE")       # every survivor where the first goes
    assert s.step == 14 and s.decider == 0
    act(s, 0, "COMMIT_HATAMOTO", "COMMIT_HATAMOTO", "NO_SPECIAL")
    act(s, 1, "COMMIT_ASHIGARU", "COMMIT_ASHIGARU", "NO_SPECIAL")
    assert s.samurai[T("tajima")] == 1 + 2 and s.samurai[T("bizen")] == 1


def test_who_decides_after_a_battle_does_not_depend_on_its_outcome(build):
    # the others' window comes first; without it, the attacker decides (castle or turn), even
    # eliminated by his own attack, when he may only end his turn
    for defender_cards, winner in ((["ashigaru", "ashigaru"], "attacker"), (["hatamoto", "hatamoto"], "defender")):
        s = position(build, board={"settsu": (0, 4, False), "harima": (1, 1, False)},
                     hands={0: ["samourai", "samourai"], 1: defender_cards, 2: ["ashigaru"] * 3})
        attack(s, "settsu", "harima", 4, ["samourai", "samourai"], defender_cards)
        assert events(s, "battle_end")[-1]["winner"] == winner
        assert s.step == 12 and s.decider == 2 and s.hand_size[0] == 0, "the draws come after the window"
        act(s, 2, "PASS")
        assert s.decider == 0 and s.hand_size[0] == 2
    s = position(build, board={"settsu": (0, 4, False), "tanba": (1, 1, True)},
                 hands={0: ["samourai", "samourai"], 1: ["archers", "arquebusiers"]})
    attack(s, "settsu", "tanba", 4, ["samourai", "samourai"], ["archers", "arquebusiers"])
    assert events(s, "battle_end")[-1]["defence"] == 2 + 3 + 2 + 1 + 1
    assert s.eliminated[0] == 1 and s.decider == 0 and names(s, 0) == ["END_TURN"]


def test_a_defender_losing_his_last_territory_is_eliminated_and_his_survivors_go_home(build):
    s = position(build, board={"settsu": (0, 6, False), "harima": (1, 4, False)},
                 hands={0: ["hatamoto", "hatamoto"], 1: ["ashigaru", "ashigaru"]})
    reserve = s.reserve[1]
    attack(s, "settsu", "harima", 6, ["hatamoto", "hatamoto"], ["ashigaru", "ashigaru"])
    assert s.eliminated[1] == 1 and s.reserve[1] == reserve + 4
    assert events(s, "eliminated")[-1]["seat"] == 1


@pytest.mark.parametrize("special,expected", [("gunbai", 2 + 2 + 3 + 3), ("alliance", 2 + 2 + 3 + 4)])
def test_a_special_adds_its_fan_or_the_allied_samurai_of_land_neighbours(build, special, expected):
    # Alliance: own samurai land-adjacent to Harima (Settsu's 2 left behind, Tanba's 5): at most 4
    s = position(build, board={"settsu": (0, 5, False), "tanba": (0, 5, False), "harima": (1, 1, False),
                               "bizen": (1, 1, False)},
                 hands={0: ["samourai", "samourai", special], 1: ["ashigaru", "ashigaru"]})
    end = attack(s, "settsu", "harima", 3, ["samourai", "samourai"], ["ashigaru", "ashigaru"],
                 attacker_special=special)
    assert end["attack"] == expected


def test_embuscade_cancels_the_other_specials_effect_and_sabres(build):
    s = position(build, board={"settsu": (0, 4, False), "harima": (1, 4, False)},
                 hands={0: ["samourai", "samourai", "ronin"], 1: ["samourai", "samourai", "embuscade"]})
    end = attack(s, "settsu", "harima", 4, ["samourai", "samourai"], ["samourai", "samourai"],
                 attacker_special="ronin", defender_special="embuscade")
    assert (end["attack"], end["defence"], end["winner"]) == (8, 8, "tie")
    assert events(s, "losses")[-1]["defender_lost"] == 2, "Rōnin's sabre is cancelled"


def test_the_defender_sees_only_how_many_cards_the_attacker_committed(build):
    s = position(build, board={"settsu": (0, 4, False), "harima": (1, 4, False)},
                 hands={0: ["samourai", "cavaliers", "gunbai"], 1: ["samourai", "samourai", "hatamoto"]})
    act(s, 0, "MOVE", "TERRITORY_SETTSU", "TERRITORY_HARIMA", "COUNT_4")
    pass_windows(s)
    act(s, 0, "COMMIT_SAMOURAI", "COMMIT_CAVALIERS", "COMMIT_GUNBAI")
    assert s.decider == 1
    seen = s.observation(1)
    assert seen["battle"]["attacker"] == {"seat": 0, "committed": 3, "cards": None}
    assert [e["card"] for e in seen["events"] if e["event"] == "commit"] == [None, None, None]
    assert s.observation(0)["battle"]["attacker"]["cards"] == ["samourai", "cavaliers", "gunbai"]
    assert "COMMIT_SAMOURAI" in names(s, 1) and "NO_SPECIAL" not in names(s, 1)
    act(s, 1, "COMMIT_SAMOURAI", "COMMIT_HATAMOTO")
    assert names(s, 1) == ["NO_SPECIAL"], "only a blue card may be the third"
    assert "gunbai" not in hand(s, 0)

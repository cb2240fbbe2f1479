"""Delivering swords, cards and Moments, the project and the Shōgun no Katana: the rulebook's
examples E11-E18, in both builds."""
import pytest

from arena.engines import load_module
from engine_ext.shogun import data

from shogun_positions import act, hand, legal_names, phase, position, stock, sword_at, tile

JOHN, PAUL, GEORGE, RINGO = 0, 1, 2, 3
FIRST_GAME = ("coins", "galuchat", "laque", "move", "artisan")


def rules(build):
    return load_module("engine_ext.shogun._rules", build)


def test_e11_a_delivery_in_round_3_scores_17_gains_its_lines_unlocks_a_worker_and_feeds_the_project(build):
    R = rules(build)
    s = position(R, 4, round=3, turn=RINGO, swords={RINGO: {"R3C4": ("llbaa", 5, "LBA", 2)}})
    s.delivered[RINGO].append([tile("aab"), 0, 0, 0, 0, 0])                 # the next slot holds a blocked worker
    workers = s.workers_free[RINGO]
    act(s, RINGO, "DELIVER_R3C4", "DONE")
    assert s.score[RINGO] == 17                                              # 6 + 4 + 1 + 2 + 4
    act(s, RINGO, "COLLECT_ROW", "COLLECT_COLUMN")
    assert stock(s, RINGO) == "A" and s.coins[RINGO] == 1                    # 1 Acier and 1 coin
    assert sword_at(s, RINGO, "R3C4") is None
    assert s.workers_free[RINGO] == workers + 1 and s.workers_unlocked[RINGO] == 1
    assert s.sashimono[RINGO * 4 + 2] == 1
    assert phase(s) == "project"
    act(s, RINGO, "PROJECT_BOIS")
    assert "PROJECT_BOIS" not in legal_names(s, RINGO)                       # only one Bois on the sword
    act(s, RINGO, "PROJECT_ACIER")                                           # the second ends the step
    assert [s.project[RINGO * 4 + r] for r in range(4)] == [0, 1, 1, 0] and phase(s) == "turn"


def test_e11_two_of_a_kind_go_to_the_project_only_from_a_sword_holding_two(build):
    R = rules(build)
    s = position(R, 4, round=3, turn=RINGO, swords={RINGO: {"R3C4": ("llbaa", 5, "LBA", 2)}})
    act(s, RINGO, "DELIVER_R3C4", "DONE", "COLLECT_ROW", "COLLECT_COLUMN", "PROJECT_ACIER", "PROJECT_ACIER")
    assert s.project[RINGO * 4 + 2] == 2 and phase(s) == "turn"              # E11: 2 Acier


def test_e12_a_side_benefit_opens_a_moment_where_a_palace_card_is_played_and_paid_or_discarded(build):
    R = rules(build)
    s = position(R, 4, turn=JOHN, halls=FIRST_GAME, members={JOHN: (0,), GEORGE: (0, 4)},
                 hands={GEORGE: {"d_reorganize": 1}}, swords={GEORGE: {"R2C3": ("bab", 3)}})
    act(s, JOHN, "WORKER_PALACE", "HALL_2", "DONE", "HALL_1", "DONE")
    assert (phase(s), s.actor) == ("side_hall", GEORGE)
    act(s, GEORGE, "HALL_1")                                                 # +2 coins
    assert s.coins[GEORGE] == 2 and phase(s) == "side_free"
    names = legal_names(s, GEORGE)
    assert "PLAY_D_REORGANIZE" in names and "DELIVER_R2C3" in names          # E12b: he may deliver now
    act(s, GEORGE, "PLAY_D_REORGANIZE", "REORGANIZE_1_2", "DONE")
    assert s.member[GEORGE * 5 + 1] == 1 and s.member[GEORGE * 5 + 0] == 0
    act(s, GEORGE, "DONE")                                                   # the Moment ends
    assert phase(s) == "resolve_cards"
    assert legal_names(s, GEORGE) == ["BUY_D_REORGANIZE", "DISCARD_D_REORGANIZE"]
    act(s, GEORGE, "BUY_D_REORGANIZE", "LINE_COL_3")
    assert s.coins[GEORGE] == 1                                              # paid with 1 of the 2 coins
    assert s.under[GEORGE * 9 + 6] == [data.card_index("d_reorganize")]
    assert (phase(s), s.actor) == ("after_action", JOHN)


def test_e13_two_market_cards_at_one_delivery(build):
    R = rules(build)
    s = position(R, 4, round=2, turn=PAUL, coins={PAUL: 3},
                 hands={PAUL: {"m5_line_twice": 1, "m3_double_points": 1}},
                 swords={PAUL: {"R3C3": ("abba", 4, "BA", 1)}})
    act(s, PAUL, "BUY_M5_LINE_TWICE", "LINE_ROW_3")                          # 3 -> 0 coins
    assert s.coins[PAUL] == 0
    act(s, PAUL, "DELIVER_R3C3", "PLAY_M3_DOUBLE_POINTS", "DONE")
    assert s.score[PAUL] == 15                                               # 5 + 5 + 1 + 2 + 2
    act(s, PAUL, "PLAY_M5_LINE_TWICE", "COLLECT_ROW")                        # the row twice
    assert stock(s, PAUL) == "AA" and s.coins[PAUL] == 4
    act(s, PAUL, "BUY_M3_DOUBLE_POINTS", "LINE_COL_3")
    assert s.coins[PAUL] == 1
    act(s, PAUL, "COLLECT_COLUMN")                                           # 2 printed + 2 from the card
    assert s.coins[PAUL] == 5 and s.score[PAUL] == 15 and stock(s, PAUL) == "AA"
    assert hand(s, PAUL) == {}
    m3, m5 = data.card_index("m3_double_points"), data.card_index("m5_line_twice")
    assert s.under[PAUL * 9 + 2] == [m5] and s.under[PAUL * 9 + 4 + 2] == [m3]


def test_e13_a_permanent_cannot_be_paid_by_the_coins_it_produces(build):
    R = rules(build)
    s = position(R, 4, round=2, turn=PAUL, coins={PAUL: 0}, hands={PAUL: {"m5_line_twice": 1}},
                 swords={PAUL: {"R3C3": ("abba", 4, "BA", 1)}})
    assert "BUY_M5_LINE_TWICE" not in legal_names(s, PAUL)


@pytest.mark.parametrize("choice,coins,laque", [("row", 2, 1), ("column", 0, 1), ("discard", 3, 1)])
def test_e14_column_first_then_the_card_bought_under_the_row_or_the_column_or_discarded(build, choice, coins, laque):
    R = rules(build)
    s = position(R, 4, round=1, turn=RINGO, hands={RINGO: {"m3_double_points": 1}},
                 swords={RINGO: {"R1C2": ("gabl", 4, "", 3)}})
    act(s, RINGO, "DELIVER_R1C2", "PLAY_M3_DOUBLE_POINTS", "DONE")
    assert s.score[RINGO] == 10                                              # 5 + 5 more
    act(s, RINGO, "COLLECT_COLUMN")
    assert s.coins[RINGO] == 3
    if choice == "row":
        act(s, RINGO, "BUY_M3_DOUBLE_POINTS", "LINE_ROW_1", "COLLECT_ROW")
    elif choice == "column":
        act(s, RINGO, "BUY_M3_DOUBLE_POINTS", "LINE_COL_2", "COLLECT_ROW")
    else:
        act(s, RINGO, "COLLECT_ROW", "DONE", "WORKER_ROW_1", "DONE", "DONE")   # project, forge, turn
        assert phase(s) == "resolve_cards"
        act(s, RINGO, "DISCARD_M3_DOUBLE_POINTS")
    assert s.coins[RINGO] == coins and stock(s, RINGO) == "L" * laque


def test_e15_the_project_takes_0_to_2_resources_per_sword(build):
    R = rules(build)
    s = position(R, 4, turn=RINGO, swords={RINGO: {"R4C4": ("lbaaag", 6), "R3C3": ("abba", 4),
                                                  "R2C2": ("bab", 3)}})
    act(s, RINGO, "DELIVER_R4C4", "DONE", "COLLECT_ROW", "COLLECT_COLUMN", "PROJECT_LAQUE", "PROJECT_GALUCHAT")
    act(s, RINGO, "DELIVER_R3C3", "DONE", "COLLECT_ROW", "COLLECT_COLUMN", "PROJECT_ACIER", "PROJECT_ACIER")
    act(s, RINGO, "DELIVER_R2C2", "DONE", "COLLECT_ROW", "COLLECT_COLUMN")
    assert "PROJECT_GALUCHAT" not in legal_names(s, RINGO)                   # not on that sword
    act(s, RINGO, "PROJECT_BOIS", "DONE")
    assert [s.project[RINGO * 4 + r] for r in range(4)] == [1, 1, 2, 1]


def test_e16_composition_follows_adjacent_rows_and_freezes_the_project(build):
    R = rules(build)
    s = position(R, 4, round=3, turn=RINGO)
    for r, count in enumerate((1, 1, 2, 2)):                                 # L 1, B 1, A 2, G 2
        s.project[RINGO * 4 + r] = count
    assert "KATANA" in legal_names(s, RINGO)
    act(s, RINGO, "KATANA", "DONE")
    assert phase(s) == "compose"
    act(s, RINGO, "COMPOSE_LAQUE")
    assert [n for n in legal_names(s, RINGO)] == ["COMPOSE_BOIS"]            # not Acier next to Laque
    act(s, RINGO, "COMPOSE_BOIS", "COMPOSE_ACIER", "COMPOSE_ACIER", "COMPOSE_GALUCHAT", "COMPOSE_GALUCHAT")
    assert sword_at(s, RINGO, "R1C1") == "katana" and s.katana_comp[RINGO] == [0, 1, 2, 2, 3, 3]
    assert phase(s) == "turn" and s.coins[RINGO] == 0                         # no coins for it
    assert "KATANA" not in legal_names(s, RINGO)


def test_a_composition_that_cannot_be_finished_is_not_offered(build):
    R = rules(build)
    s = position(R, 4, turn=RINGO)
    for r, count in enumerate((1, 1, 1, 1)):
        s.project[RINGO * 4 + r] = count
    act(s, RINGO, "KATANA", "DONE")
    assert legal_names(s, RINGO) == ["COMPOSE_LAQUE", "COMPOSE_GALUCHAT"]    # the ends of the chain
    act(s, RINGO, "COMPOSE_GALUCHAT")
    assert legal_names(s, RINGO) == ["COMPOSE_ACIER"]


def test_the_katana_needs_every_type_and_a_free_entry_cell(build):
    R = rules(build)
    s = position(R, 4, turn=RINGO, swords={RINGO: {"R1C1": ("lbb", 0), "R4C1": ("gaa", 0)}})
    for r, count in enumerate((1, 1, 1, 0)):
        s.project[RINGO * 4 + r] = count
    assert "KATANA" not in legal_names(s, RINGO)
    s.project[RINGO * 4 + 3] = 1
    assert "KATANA" not in legal_names(s, RINGO)                             # both ends of the chain are taken
    s._put_sword(RINGO, 15, -1, -1)
    assert "KATANA" in legal_names(s, RINGO)


def test_changing_the_project_costs_a_point_each_and_gives_honte(build):
    R = rules(build)
    s = position(R, 4, turn=RINGO)
    for r, count in enumerate((1, 3, 3, 2)):                                 # 9: two must go
        s.project[RINGO * 4 + r] = count
    s.delivered[RINGO].append([tile("lbaa"), 0, 0, 1, 0, 0])
    act(s, RINGO, "KATANA")
    assert "DONE" not in legal_names(s, RINGO)
    act(s, RINGO, "DROP_BOIS", "DROP_ACIER")
    assert "DONE" in legal_names(s, RINGO)
    act(s, RINGO, "RECOVER_LAQUE")                                           # forgotten on the delivered sword
    assert "RECOVER_ACIER" not in legal_names(s, RINGO)                      # 2 already taken from it
    act(s, RINGO, "DROP_GALUCHAT")
    assert s.score[RINGO] == -4 and s.shame[RINGO] == 1
    assert [s.project[RINGO * 4 + r] for r in range(4)] == [2, 2, 2, 1]


def test_e17_the_katana_delivered_in_round_4_scores_29_and_its_favour_value_is_23(build):
    R = rules(build)
    s = position(R, 4, round=4, turn=RINGO, hands={RINGO: {"m3_double_points": 1}})
    s.katana_comp[RINGO] = [0, 1, 2, 2, 3, 3]
    s.katana_state[RINGO] = 1
    s._put_sword(RINGO, 3 * 5 + 3, data.NUM_TILES, -1)                       # walk L B A A G G ends at R4C4
    s.cell_progress[RINGO * 20 + 18] = 6
    s.cell_deco[RINGO * 20 + 18] = 0b1011                                    # Laque, Bois, Galuchat
    act(s, RINGO, "DELIVER_R4C4")
    assert "PLAY_M3_DOUBLE_POINTS" not in legal_names(s, RINGO)
    act(s, RINGO, "DONE")
    assert s.score[RINGO] == 29                                              # 15 + 8 + 6
    act(s, RINGO, "COLLECT_ROW", "COLLECT_COLUMN")
    assert s.katana_state[RINGO] == 2 and s.katana_value[RINGO] == 23 and s.katana_column[RINGO] == 3
    assert phase(s) == "turn" and len(s.delivered[RINGO]) == 0               # no slot, no project step
    assert stock(s, RINGO) == "G" and s.coins[RINGO] == 1


def test_e18_sashimono_sets(build):
    R = rules(build)
    s = position(R, 4)
    for r, count in enumerate((2, 2, 2, 1)):
        s.sashimono[GEORGE * 4 + r] = count
    assert s.sashimono_points(GEORGE) == 16
    for r, count in enumerate((3, 0, 1, 0)):
        s.sashimono[JOHN * 4 + r] = count
    assert s.sashimono_points(JOHN) == 3 + 1 + 1


def test_dropping_a_resource_never_leaves_the_katana_without_a_way_into_the_forge(build):
    """« défausser les ressources excédentaires »: L B A A G with the Laque and Galuchat entry cells
    taken can only be laid A G A B L; dropping an Acier would leave L B A G, whose two orders both
    enter on a taken cell, and the seat with nothing left to decide."""
    R = rules(build)
    s = position(R, 4, turn=RINGO, swords={RINGO: {"R1C1": ("lbb", 0), "R4C1": ("gaa", 0)}})
    for r, count in enumerate((1, 1, 2, 1)):
        s.project[RINGO * 4 + r] = count
    act(s, RINGO, "KATANA")
    assert legal_names(s, RINGO) == ["DONE"]
    act(s, RINGO, "DONE")
    assert legal_names(s, RINGO) == ["COMPOSE_ACIER"]
    act(s, RINGO, "COMPOSE_ACIER", "COMPOSE_GALUCHAT", "COMPOSE_ACIER", "COMPOSE_BOIS", "COMPOSE_LAQUE")
    assert sword_at(s, RINGO, "R3C1") == "katana" and s.score[RINGO] == 0


def test_a_forgotten_resource_can_be_recovered_to_complete_the_project(build):
    """« vous avez oublié … de placer les ressources dont vous avez besoin … vous pouvez les
    récupérer »: a project of L, B, A and a delivered sword whose Galuchat was never added."""
    R = rules(build)
    s = position(R, 4, turn=RINGO)
    for r, count in enumerate((1, 1, 1, 0)):
        s.project[RINGO * 4 + r] = count
    s.delivered[RINGO].append([tile("gaa"), 0, 0, 0, 0, 0])
    assert "KATANA" in legal_names(s, RINGO)
    act(s, RINGO, "KATANA")
    assert "DONE" not in legal_names(s, RINGO) and "RECOVER_GALUCHAT" in legal_names(s, RINGO)
    act(s, RINGO, "RECOVER_GALUCHAT", "DONE")
    assert phase(s) == "compose" and s.score[RINGO] == -1 and s.shame[RINGO] == 1
    assert s.delivered[RINGO][0][2:] == [0, 0, 0, 1]


def test_the_katana_is_not_offered_when_no_recovery_completes_the_project(build):
    R = rules(build)
    s = position(R, 4, turn=RINGO)
    for r, count in enumerate((1, 1, 1, 0)):
        s.project[RINGO * 4 + r] = count
    s.delivered[RINGO].append([tile("gaa"), 0, 0, 0, 1, 0])                 # one added: one more may come
    s.delivered[RINGO].append([tile("gag"), 0, 0, 0, 1, 1])                 # two added: no more
    assert "KATANA" in legal_names(s, RINGO)
    s.delivered[RINGO][0][4] = 2
    assert "KATANA" not in legal_names(s, RINGO)

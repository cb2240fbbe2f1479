"""Shōgun no Katana's designed cards and honour cards, the Washitsu's slots and Favour I in play,
in both builds (the effects are the project's design: engine_ext/shogun/data.py)."""
from arena.engines import load_module
from engine_ext.shogun import data

from shogun_positions import act, legal_names, phase, position, sword_at, tile

JOHN, PAUL, GEORGE, RINGO = 0, 1, 2, 3
FIRST_GAME = ("coins", "galuchat", "laque", "move", "artisan")


def rules(build):
    return load_module("engine_ext.shogun._rules", build)


def test_a_forge_card_adds_a_free_move_inside_a_forge_action_only(build):
    R = rules(build)
    s = position(R, 4, turn=JOHN, coins={JOHN: 1}, stock={JOHN: "BG"}, hands={JOHN: {"a_move": 1}},
                 swords={JOHN: {"R2C1": ("bab", 0), "R4C1": ("gaa", 0)}})
    assert "PLAY_A_MOVE" not in legal_names(s, JOHN)
    act(s, JOHN, "WORKER_ROW_2")
    assert "MOVE_R4C1" not in legal_names(s, JOHN)
    act(s, JOHN, "PLAY_A_MOVE", "MOVE_R4C1", "MOVE_R2C1")
    assert sword_at(s, JOHN, "R4C2") == "gaa" and sword_at(s, JOHN, "R2C2") == "bab"
    act(s, JOHN, "BUY_A_MOVE", "LINE_COL_4")
    assert s.coins[JOHN] == 0 and s.under[JOHN * 9 + 7] == [data.card_index("a_move")]


def test_decoration_cards_and_the_temple_card(build):
    R = rules(build)
    s = position(R, 4, round=3, turn=JOHN, artisans={JOHN: {"A": 2}},
                 hands={JOHN: {"c_decorate": 1, "m6_advance": 1, "m7_temple": 1, "d_points": 1}},
                 swords={JOHN: {"R3C2": ("aab", 1)}})
    act(s, JOHN, "PLAY_C_DECORATE", "DECORATE_R3C2_ACIER")
    assert s.coins[JOHN] == 2 and phase(s) == "turn"
    act(s, JOHN, "PLAY_M6_ADVANCE", "ADVANCE_BOIS", "ADVANCE_BOIS")
    assert s.artisan[JOHN * 4 + 1] == 2 and phase(s) == "turn"
    act(s, JOHN, "PLAY_M7_TEMPLE")
    assert s.coins[JOHN] == 2 + 7                                           # the round-3 temple cost
    act(s, JOHN, "PLAY_D_POINTS")
    assert s.score[JOHN] == 2
    assert "PLAY_C_DECORATE" not in legal_names(s, JOHN)                    # each card once


def test_palace_and_house_cards(build):
    R = rules(build)
    s = position(R, 4, turn=JOHN, coins={JOHN: 0}, halls=FIRST_GAME, members={JOHN: (0,)},
                 hands={JOHN: {"d_family": 1, "a_sashimono": 1}})
    assert "PLAY_D_FAMILY" not in legal_names(s, JOHN)                      # a palace card
    act(s, JOHN, "WORKER_PALACE", "HALL_2", "DONE")
    act(s, JOHN, "PLAY_D_FAMILY", "HALL_5")
    assert s.family_home[JOHN] == 0 and s.member[JOHN * 5 + 4] == 1
    assert phase(s) == "palace_activate" and "HALL_5" in legal_names(s, JOHN)
    s2 = position(R, 4, turn=JOHN, hands={JOHN: {"a_sashimono": 1}})
    s2.space_tile[0] = tile("baa")
    act(s2, JOHN, "WORKER_SPACE_1", "PLAY_A_SASHIMONO", "SASHIMONO_MORI")
    assert s2.sashimono[JOHN * 4 + 3] == 1


def test_a_side_seat_may_put_its_katana_in_play_after_its_benefit(build):
    R = rules(build)
    s = position(R, 4, turn=JOHN, halls=FIRST_GAME, members={JOHN: (0,), PAUL: (0,)})
    for r in range(4):
        s.project[PAUL * 4 + r] = 1
    act(s, JOHN, "WORKER_PALACE", "HALL_2", "DONE", "DONE")
    assert (phase(s), s.actor) == ("side_hall", PAUL)
    act(s, PAUL, "HALL_1")
    assert "KATANA" in legal_names(s, PAUL)
    act(s, PAUL, "KATANA", "DONE", "COMPOSE_LAQUE", "COMPOSE_BOIS", "COMPOSE_ACIER", "COMPOSE_GALUCHAT")
    assert sword_at(s, PAUL, "R1C1") == "katana" and phase(s) == "side_free"


def test_favour_i_is_won_at_the_end_of_the_turn_the_katana_is_delivered(build):
    R = rules(build)
    s = position(R, 4, round=2, turn=PAUL)
    for f in range(5):
        s.favour[f] = -3
    s.favour[0] = -2
    s.katana_comp[PAUL], s.katana_state[PAUL] = [1, 0, 1], 1
    s._put_sword(PAUL, 6, data.NUM_TILES, -1)                                # B L B ends at R2C2
    s.cell_progress[PAUL * 20 + 6] = 3
    act(s, PAUL, "DELIVER_R2C2", "DONE", "COLLECT_ROW", "COLLECT_COLUMN")
    assert s.score[PAUL] == 1 + 4 + 1 + 2 and s.favour[0] == -2              # not before the turn ends
    act(s, PAUL, "WORKER_ROW_1", "DONE", "DONE")
    assert s.favour[0] == PAUL and s.score[PAUL] == 8 + 6


def test_the_washitsu_unlocks_workers_at_its_chosen_slots_only(build):
    R = rules(build)
    s = position(R, 2, turn=0)
    unlocked = []
    for k in range(9):
        s._put_sword(0, 6, tile("bab"), 0)
        s.cell_progress[6] = 3
        act(s, 0, "DELIVER_R2C2", "DONE", "COLLECT_ROW", "COLLECT_COLUMN", "DONE")
        unlocked.append(s.workers_unlocked[0])
    assert unlocked == [0, 1, 1, 2, 2, 3, 3, 3, 3]                           # slots 2, 4, 6; the 9th lies beside
    assert len(s.delivered[0]) == 9 and s.sashimono[0] == 9


def test_each_kind_of_honour_card_scores_its_condition_capped_at_12(build):
    R = rules(build)
    s = position(R, 4, coins={JOHN: 21}, stock={JOHN: "LBBAG"}, halls=FIRST_GAME, members={JOHN: (0, 2)},
                 artisans={JOHN: {"L": 1, "G": 3}}, hands={JOHN: {"a_move": 2, "b_coins": 1}})
    s.delivered[JOHN] = [[tile("lbaa"), 0b0101, 0, 0, 0, 0], [tile("gabb"), 0b1000, 0, 0, 0, 0],
                         [tile("agga"), 0, 0, 0, 0, 0]]
    s.workers_unlocked[JOHN] = 1
    s.figures_on_board[JOHN] = 3
    s.under[JOHN * 9 + 0] = [0]
    s.under[JOHN * 9 + 5] = [1]
    for h, count in enumerate((2, 1, 1, 3)):
        s.sashimono[JOHN * 4 + h] = count
    s.katana_state[JOHN] = 2
    expected = {"coins": 5, "swords": 6, "decorations": 3, "palace": 6, "artisans": 4, "sashimono": 7,
                "permanents": 4, "cards": 3, "power": 6, "figures": 6, "workers": 3, "stock": 2, "katana": 8,
                "swords_laque": 3, "swords_bois": 4, "swords_acier": 6, "swords_galuchat": 6,
                "painted_laque": 3, "carved_bois": 0, "engraved_acier": 2, "adorned_galuchat": 3, "full_sets": 4}
    got = {h.key: s.honour_points(JOHN, i) for i, h in enumerate(data.HONOURS)}
    assert got == expected
    s.coins[JOHN] = 100
    assert s.honour_points(JOHN, 0) == 12

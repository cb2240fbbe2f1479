"""The forge (R38-R51) and the rulebook's examples E8-E10, in both builds.

Swords are placed on cells chosen for each test; the engine reads only a sword's cell and the
resources already on it (its next resource decides where it moves)."""
from arena.engines import load_module

from shogun_positions import act, legal_names, phase, position, stock, sword_at

JOHN, PAUL, GEORGE, RINGO = 0, 1, 2, 3


def rules(build):
    return load_module("engine_ext.shogun._rules", build)


def test_e8_a_forge_sequence_with_workers_a_hall_and_two_monks(build):
    R = rules(build)
    s = position(R, 4, turn=PAUL, coins={PAUL: 10}, stock={PAUL: "LLBBBBBAAAG"},
                 halls=("coins", "galuchat", "laque", "move", "artisan"), members={PAUL: (3,)},
                 swords={PAUL: {"R1C1": ("lbaa", 0), "R3C1": ("abbbl", 0), "R4C1": ("gabb", 0)}})
    red, blue, white = "lbaa", "abbbl", "gabb"
    # 8b: a worker on column 1 moves each sword right, for a Laque, an Acier and a Galuchat
    act(s, PAUL, "WORKER_COL_1", "MOVE_R1C1", "MOVE_R3C1", "MOVE_R4C1")
    assert (sword_at(s, PAUL, "R1C2"), sword_at(s, PAUL, "R3C2"), sword_at(s, PAUL, "R4C2")) == (red, blue, white)
    assert stock(s, PAUL) == "LBBBBBAA"
    assert "MOVE_R1C2" not in legal_names(s, PAUL)                           # one move each
    act(s, PAUL, "DONE", "DONE")
    # 8c: red and blue both need the cell R2C2: a worker on column 2 now would block one of them
    probe = s.clone()
    probe.turn = probe.actor = PAUL
    act(probe, PAUL, "WORKER_COL_2", "MOVE_R3C2")
    assert "MOVE_R1C2" not in legal_names(probe, PAUL)
    s.turn = s.actor = PAUL
    act(s, PAUL, "WORKER_PALACE", "HALL_1", "DONE", "HALL_4", "MOVE_R3C2")   # the move-sword hall
    assert sword_at(s, PAUL, "R2C2") == blue
    act(s, PAUL, "DONE", "DONE")
    # 8d: column 2 again: blue right first, so that red can come down; white goes up
    s.turn = s.actor = PAUL
    act(s, PAUL, "WORKER_COL_2", "MOVE_R2C2", "MOVE_R1C2", "MOVE_R4C2", "DONE", "DONE")
    assert (sword_at(s, PAUL, "R2C3"), sword_at(s, PAUL, "R2C2"), sword_at(s, PAUL, "R3C2")) == (blue, red, white)
    # 8e: a monk on row 2: its extra move lets white swap with red; blue takes its third Bois
    s.turn = s.actor = PAUL
    act(s, PAUL, "MONK_ROW_2")
    assert "MOVE_R3C2" not in legal_names(s, PAUL)                           # white is not in the row
    act(s, PAUL, "SWAP_R2C2", "MOVE_R2C3")
    assert (sword_at(s, PAUL, "R2C2"), sword_at(s, PAUL, "R3C2"), sword_at(s, PAUL, "R2C4")) == (white, red, blue)
    act(s, PAUL, "DONE", "DONE")
    # 8f: the second monk on column 2: the extra move gives blue its last resource
    s.turn = s.actor = PAUL
    act(s, PAUL, "MONK_COL_2", "MOVE_R2C4")
    assert sword_at(s, PAUL, "R1C4") == blue and s.is_complete(PAUL, 3)
    assert "DELIVER_R1C4" in legal_names(s, PAUL)
    assert s.coins[PAUL] == 0 and stock(s, PAUL) == ""


def test_a_swap_needs_a_move_for_each_sword(build):
    R = rules(build)
    swords = {"R2C1": ("bab", 0), "R2C2": ("baa", 1), "R3C2": ("abbbl", 1)}
    s = position(R, 4, turn=GEORGE, stock={GEORGE: "BBBA"}, swords={GEORGE: swords})
    act(s, GEORGE, "WORKER_ROW_2")
    assert "SWAP_R2C2" not in legal_names(s, GEORGE)                         # blue is not activated


def test_e9_a_monk_swaps_two_swords_then_one_moves_again_and_frees_a_cell(build):
    R = rules(build)
    swords = {"R2C1": ("bab", 0), "R2C2": ("baa", 1), "R3C2": ("abbbl", 1)}    # red, green, blue
    s = position(R, 4, turn=GEORGE, coins={GEORGE: 5}, stock={GEORGE: "BBBA"}, swords={GEORGE: swords})
    act(s, GEORGE, "MONK_ROW_2")
    assert "MOVE_R2C1" not in legal_names(s, GEORGE)                         # red is blocked by green
    act(s, GEORGE, "SWAP_R2C2")
    assert (sword_at(s, GEORGE, "R2C2"), sword_at(s, GEORGE, "R3C2")) == ("abbbl", "baa")
    act(s, GEORGE, "MOVE_R2C2", "MOVE_R2C1")                                 # blue again, then red
    assert (sword_at(s, GEORGE, "R2C3"), sword_at(s, GEORGE, "R2C2")) == ("abbbl", "bab")
    assert stock(s, GEORGE) == ""


def test_e10_the_extra_move_brings_a_sword_into_the_line_which_then_moves_again(build):
    R = rules(build)
    swords = {"R2C1": ("bab", 0), "R2C4": ("bab", 2), "R3C2": ("gabb", 2)}
    s = position(R, 4, turn=GEORGE, coins={GEORGE: 5}, stock={GEORGE: "BBBB"}, swords={GEORGE: swords})
    act(s, GEORGE, "MONK_ROW_2", "MOVE_R3C2")                                # blue up into row 2
    assert s.free_moves == 0 and "MOVE_R2C2" in legal_names(s, GEORGE)
    act(s, GEORGE, "MOVE_R2C2", "MOVE_R2C1", "MOVE_R2C4")
    assert [sword_at(s, GEORGE, c) for c in ("R2C2", "R2C3", "R2C5")] == ["bab", "gabb", "bab"]
    assert "MOVE_R2C3" not in legal_names(s, GEORGE)                         # once activated, once moved


def test_a_worker_moves_only_swords_in_its_line_and_a_move_needs_the_resource(build):
    R = rules(build)
    swords = {"R2C1": ("bab", 0), "R3C2": ("gabb", 2), "R2C3": ("lbb", 2)}
    s = position(R, 4, turn=JOHN, stock={JOHN: "B"}, swords={JOHN: swords})
    act(s, JOHN, "WORKER_ROW_2")
    assert [n for n in legal_names(s, JOHN) if n.startswith("MOVE")] == ["MOVE_R2C1", "MOVE_R2C3"]
    act(s, JOHN, "MOVE_R2C3")
    assert [n for n in legal_names(s, JOHN) if n.startswith("MOVE")] == []   # no Bois left
    assert phase(s) == "forge"


def test_a_sword_cannot_leave_the_forge_on_the_right_or_enter_an_occupied_cell(build):
    R = rules(build)
    swords = {"R2C5": ("bab", 2), "R2C3": ("bab", 0), "R2C4": ("gaa", 1)}     # the last needs an Acier
    s = position(R, 4, turn=JOHN, stock={JOHN: "BB"}, swords={JOHN: swords})
    act(s, JOHN, "WORKER_ROW_2")
    assert [n for n in legal_names(s, JOHN) if n.startswith("MOVE")] == []

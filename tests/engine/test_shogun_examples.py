"""The rulebook's worked examples E1-E10 (set-up, monks, houses, market, academy, palace, Komainu,
the forge), each reproducing its printed numbers, in both builds.  Example numbers and rule numbers
are those of shared/rules/shogun-no-katana.md."""
from arena.engines import load_module
from engine_ext.shogun import data

from shogun_positions import PH_DRAFT, PH_TURN, act, cell, hand, legal_names, phase, position, stock, sword_at, tile

JOHN, PAUL, GEORGE, RINGO = 0, 1, 2, 3


def rules(build):
    return load_module("engine_ext.shogun._rules", build)


def test_e1_the_draft_goes_from_the_last_player_counter_clockwise_and_pays_tile_and_sashimono(build):
    R = rules(build)
    s = R.new_state(4, 3)
    first = s.first
    offered = list(s.draft)
    choosers = []
    while s.phase == PH_DRAFT:
        choosers.append(s.actor)
        act(s, s.actor, "DRAFT_1")
    assert choosers == [(first + 3) % 4, (first + 2) % 4, (first + 1) % 4]     # Ringo, George, Paul
    for position_in_turn in range(4):
        seat = (first + position_in_turn) % 4
        swords = [(c, s.cell_tile[seat * 20 + c]) for c in range(20) if s.cell_tile[seat * 20 + c] >= 0]
        assert len(swords) == 1
        where, t = swords[0]
        assert where == data.TILES[t].composition[0] * 5                     # column 1 of its first row
        assert s.coins[seat] == data.TILES[t].coins + position_in_turn       # tile + sashimono 0/1/2/3
        assert s.cell_sashi[seat * 20 + where] == 4                          # the starting sashimono on it
    last_choice = [s.cell_tile[first * 20 + c] for c in range(20) if s.cell_tile[first * 20 + c] >= 0][0]
    assert last_choice == offered[len(offered) - 1]                          # John takes what is left
    assert (phase(s), s.actor) == ("turn", first)


def test_e2_and_e4_a_monk_costs_5_in_round_1_then_buys_and_takes_two_market_cards(build):
    R = rules(build)
    s = position(R, 4, first=JOHN, turn=RINGO, coins={RINGO: 8})
    act(s, RINGO, "MONK_MARKET")
    assert s.coins[RINGO] == 3 and s.monks_used[RINGO] == 1 and s.workers_free[RINGO] == 4
    act(s, RINGO, "PURCHASE_BOIS", "PURCHASE_ACIER")
    assert s.coins[RINGO] == 0 and stock(s, RINGO) == "BA"
    assert "PURCHASE_BOIS" not in legal_names(s, RINGO)
    act(s, RINGO, "DONE")
    top, next_card = s.market_display[0], s.market_deck[len(s.market_deck) - 2]
    act(s, RINGO, "MARKET_CARD_1")                                            # the deck's top card
    assert s.market_display[0] == next_card                                  # reveals the next one
    assert "MARKET_CARD_1" in legal_names(s, RINGO)                          # the monk's second card
    act(s, RINGO, "MARKET_CARD_1")
    assert sum(hand(s, RINGO).values()) == 2 and hand(s, RINGO).get(data.CARDS[top].key, 0) >= 1
    assert phase(s) == "after_action"
    s.phase, s.actor, s.turn = PH_TURN, RINGO, RINGO                        # his next sequence
    names = legal_names(s, RINGO)
    assert not any(name.startswith("MONK_") for name in names)
    assert "WORKER_MARKET" in names


def test_e3_a_house_gives_the_sword_its_coins_the_house_sashimono_and_the_deck_top(build):
    R = rules(build)
    s = position(R, 4, turn=PAUL)
    s.space_tile[0] = tile("lbaa")                                            # pays 4 coins
    house = data.SWORD_SPACES[0][0]
    deck = s.daimyo_deck[house]
    top, following = deck[len(deck) - 1], deck[len(deck) - 2]
    act(s, PAUL, "WORKER_SPACE_1")
    assert sword_at(s, PAUL, "R1C1") == "lbaa"
    assert s.space_worker[0] == PAUL and s.space_tile[0] == -1
    assert s.coins[PAUL] == 4
    assert s.cell_sashi[PAUL * 20 + cell("R1C1")] == house
    assert hand(s, PAUL) == {data.CARDS[top].key: 1}
    assert deck[len(deck) - 1] == following
    assert phase(s) == "after_action"


def test_a_house_tile_whose_entry_cell_is_taken_cannot_be_chosen(build):
    R = rules(build)
    s = position(R, 4, turn=PAUL, swords={PAUL: {"R1C1": ("gabl", 3)}})
    s.space_tile[0] = tile("lbaa")
    s.space_tile[1] = tile("baa")
    names = legal_names(s, PAUL)
    assert "WORKER_SPACE_1" not in names and "WORKER_SPACE_2" in names


def test_e5_academy_with_a_monk_and_the_others_one_decoration_each(build):
    R = rules(build)
    s = position(R, 4, turn=PAUL, coins={PAUL: 5},
                 artisans={PAUL: {"L": 3, "B": 1, "A": 0, "G": 2}, JOHN: {"L": 1}, RINGO: {"G": 3}},
                 swords={PAUL: {"R1C2": ("lbaa", 1), "R3C2": ("baa", 2), "R4C2": ("gaa", 1)},
                         JOHN: {"R3C3": ("lbaa", 4, "BA")},                 # Laque, carved Bois, engraved Acier, Acier
                         RINGO: {"R4C2": ("blbagg", 5)},                    # every type, none decorated
                         GEORGE: {"R3C2": ("aab", 1, "A")}})                # his only resource: an engraved Acier
    act(s, PAUL, "MONK_ACADEMY", "ADVANCE_ACIER", "ADVANCE_ACIER")          # E5a: two cells on the Acier row
    assert s.artisan[PAUL * 4 + 2] == 2
    act(s, PAUL, "DECORATE_R1C2_LAQUE")
    assert not any(name.endswith("_LAQUE") for name in legal_names(s, PAUL) if name.startswith("DECORATE"))
    act(s, PAUL, "DECORATE_R3C2_BOIS", "DECORATE_R3C2_ACIER", "DECORATE_R4C2_GALUCHAT")
    assert s.coins[PAUL] == 8                                                # 3 + 1 + 2 + 2
    act(s, PAUL, "DONE")
    # George (E5d) has nothing to decorate and is not asked; Ringo then John, clockwise
    assert (phase(s), s.actor) == ("side_decorate", RINGO)
    ringo = [n for n in legal_names(s, RINGO) if n.startswith("DECORATE")]
    assert ringo == ["DECORATE_R4C2_LAQUE", "DECORATE_R4C2_BOIS", "DECORATE_R4C2_ACIER", "DECORATE_R4C2_GALUCHAT"]
    act(s, RINGO, "DECORATE_R4C2_GALUCHAT")                                  # E5c
    assert s.coins[RINGO] == 3
    assert (phase(s), s.actor) == ("side_decorate", JOHN)
    assert [n for n in legal_names(s, JOHN) if n.startswith("DECORATE")] == ["DECORATE_R3C3_LAQUE"]   # E5b
    act(s, JOHN, "DECORATE_R3C3_LAQUE")
    assert s.coins[JOHN] == 1
    assert (phase(s), s.actor) == ("side_free", JOHN)                        # his finished sword may go now
    assert "DELIVER_R3C3" in legal_names(s, JOHN)
    act(s, JOHN, "DONE")
    assert (phase(s), s.actor) == ("after_action", PAUL)
    assert s.artisan[JOHN * 4 + 0] == 1 and s.artisan[RINGO * 4 + 3] == 3   # others do not advance


def test_e6_palace_with_a_monk_and_each_other_player_one_hall(build):
    R = rules(build)
    halls = ("coins", "galuchat", "laque", "move", "artisan")
    s = position(R, 4, round=3, turn=GEORGE, coins={GEORGE: 7, JOHN: 2}, halls=halls,
                 members={GEORGE: (0, 1, 3), JOHN: (2,), PAUL: (3,), RINGO: (4,)},
                 stock={GEORGE: "LG", PAUL: "A"},
                 swords={GEORGE: {"R1C1": ("lbaa", 0), "R4C1": ("gaa", 0)}, PAUL: {"R3C1": ("aab", 0)}})
    act(s, GEORGE, "MONK_PALACE")
    assert s.coins[GEORGE] == 0                                              # the round-3 temple cost
    assert phase(s) == "reorganize"                                          # all three members are out
    act(s, GEORGE, "DONE", "HALL_1", "HALL_2")                               # +2 coins, then 1 for a Galuchat
    assert s.coins[GEORGE] == 1 and stock(s, GEORGE) == "LGG"
    act(s, GEORGE, "HALL_4")                                                 # move a sword...
    assert "HALL_4" in legal_names(s, GEORGE)                                # ...twice thanks to the monk
    act(s, GEORGE, "HALL_4", "MOVE_R1C1", "MOVE_R4C1")
    assert sword_at(s, GEORGE, "R1C2") == "lbaa" and sword_at(s, GEORGE, "R4C2") == "gaa"
    assert phase(s) == "palace_activate"
    act(s, GEORGE, "DONE")
    assert (phase(s), s.actor) == ("side_hall", RINGO)                       # clockwise from George's left
    act(s, RINGO, "HALL_5", "ADVANCE_BOIS")
    assert s.artisan[RINGO * 4 + 1] == 1
    assert (phase(s), s.actor) == ("side_hall", JOHN)
    assert legal_names(s, JOHN) == ["DONE", "HALL_3"]
    act(s, JOHN, "HALL_3")
    assert s.coins[JOHN] == 0 and stock(s, JOHN) == "L"
    assert (phase(s), s.actor) == ("side_hall", PAUL)
    act(s, PAUL, "HALL_4")
    assert "HALL_4" not in legal_names(s, PAUL)                              # one move only
    act(s, PAUL, "MOVE_R3C1")
    assert sword_at(s, PAUL, "R3C2") == "aab"
    assert (phase(s), s.actor) == ("after_action", GEORGE)


def test_e7_komainu_with_a_monk_moves_a_sword_and_takes_the_first_player_card(build):
    R = rules(build)
    s = position(R, 4, turn=GEORGE, first=JOHN, coins={GEORGE: 5}, stock={GEORGE: "G"},
                 swords={GEORGE: {"R4C1": ("gaa", 0)}})
    act(s, GEORGE, "MONK_KOMAINU")
    assert s.coins[GEORGE] == 4
    act(s, GEORGE, "KOMAINU_EFFECT_FORGE", "MOVE_R4C1")
    assert sword_at(s, GEORGE, "R4C2") == "gaa" and stock(s, GEORGE) == ""
    act(s, GEORGE, "DONE")
    for seat in (RINGO, JOHN, PAUL, GEORGE):
        act(s, seat, "PASS", "HONOUR_1")
    assert s.round == 1 and s.first == GEORGE and (phase(s), s.actor) == ("turn", GEORGE)

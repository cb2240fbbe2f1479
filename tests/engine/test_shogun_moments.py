"""Shōgun no Katana: deliveries inside an action, Moments and their cards, monks' payment, supplies
running out, and a game played to its end, in both builds."""
from arena.engines import load_module
from engine_ext.shogun import data

from shogun_positions import PH_TURN, act, hand, legal_names, phase, position, stock, sword_at, tile

JOHN, PAUL, GEORGE, RINGO = 0, 1, 2, 3


def rules(build):
    return load_module("engine_ext.shogun._rules", build)


def test_r51_a_finished_sword_is_delivered_during_a_forge_action_to_free_its_cell(build):
    R = rules(build)
    s = position(R, 4, turn=JOHN, stock={JOHN: "B"},
                 swords={JOHN: {"R2C1": ("bab", 0), "R2C2": ("bab", 3)}})
    act(s, JOHN, "WORKER_ROW_2")
    assert "MOVE_R2C1" not in legal_names(s, JOHN)
    act(s, JOHN, "DELIVER_R2C2", "DONE", "COLLECT_ROW", "COLLECT_COLUMN", "DONE")
    assert phase(s) == "forge" and "MOVE_R2C1" in legal_names(s, JOHN)
    act(s, JOHN, "MOVE_R2C1")
    assert sword_at(s, JOHN, "R2C2") == "bab"


def test_r24_a_monk_is_paid_before_its_action_pays_anything(build):
    R = rules(build)
    s = position(R, 4, turn=JOHN, coins={JOHN: 4})
    assert "MONK_KOMAINU" not in legal_names(s, JOHN)                       # the 4 coins come after
    s.coins[JOHN] = 5
    act(s, JOHN, "MONK_KOMAINU")
    assert s.coins[JOHN] == 4


def test_coins_gained_earlier_in_the_turn_pay_for_a_monk(build):
    R = rules(build)
    s = position(R, 4, turn=JOHN, coins={JOHN: 3}, hands={JOHN: {"a_coins": 1}})
    assert not any(n.startswith("MONK_") for n in legal_names(s, JOHN))
    act(s, JOHN, "PLAY_A_COINS")
    assert "MONK_MARKET" in legal_names(s, JOHN)


def test_a_card_that_cannot_be_paid_for_is_discarded_at_the_moments_end(build):
    R = rules(build)
    s = position(R, 4, turn=JOHN, hands={JOHN: {"d_points": 1}})
    act(s, JOHN, "PLAY_D_POINTS", "WORKER_ROW_1", "DONE", "DONE")
    assert phase(s) == "resolve_cards" and legal_names(s, JOHN) == ["DISCARD_D_POINTS"]
    act(s, JOHN, "DISCARD_D_POINTS")
    assert s.actor == PAUL and s.score[JOHN] == 2 and hand(s, JOHN) == {}


def test_a_permanent_bought_without_its_effect_loses_the_effect_when_the_moment_ends(build):
    R = rules(build)
    s = position(R, 4, turn=JOHN, coins={JOHN: 3}, hands={JOHN: {"a_coins": 1}})
    act(s, JOHN, "BUY_A_COINS", "LINE_ROW_2")
    assert "PLAY_A_COINS" in legal_names(s, JOHN)                           # same Moment: still usable
    act(s, JOHN, "WORKER_ROW_1", "DONE", "DONE")
    s.turn = s.actor = JOHN
    s.phase = PH_TURN
    assert "PLAY_A_COINS" not in legal_names(s, JOHN) and s.coins[JOHN] == 0


def test_market_card_5_doubles_one_line_once(build):
    R = rules(build)
    s = position(R, 4, turn=JOHN, hands={JOHN: {"m5_line_twice": 2}}, swords={JOHN: {"R2C2": ("bab", 3)}})
    act(s, JOHN, "DELIVER_R2C2", "DONE", "PLAY_M5_LINE_TWICE")
    assert "PLAY_M5_LINE_TWICE" not in legal_names(s, JOHN)
    act(s, JOHN, "COLLECT_COLUMN")
    assert s.coins[JOHN] == 6
    act(s, JOHN, "PLAY_M5_LINE_TWICE", "COLLECT_ROW")                       # the second copy, the row
    assert stock(s, JOHN) == "BB"


def test_empty_decks_and_exhausted_sashimono_give_nothing(build):
    R = rules(build)
    s = position(R, 4, turn=JOHN, coins={JOHN: 5})
    house = data.SWORD_SPACES[0][0]
    s.daimyo_deck[house] = []
    for h in range(4):
        s.sashi_supply[h] = 0 if h != 1 else 3
    s.space_tile[0] = tile("baa")
    act(s, JOHN, "MONK_SPACE_1")
    assert hand(s, JOHN) == {}
    assert legal_names(s, JOHN) == ["SASHIMONO_UESUGI"]                     # only a type left in the supply


def test_a_game_between_passing_seats_ends_after_four_rounds_with_final_scoring(build):
    R = rules(build)
    s = position(R, 2, turn=0, first=0, coins={0: 12, 1: 3}, stock={0: "LA"})
    for _ in range(4):
        for seat in (s.first, 1 - s.first):
            act(s, seat, "PASS", "HONOUR_1")
    assert s.is_terminal() and s.result()["end_reason"] == "four_rounds"
    assert s.end_scores[0][0] == (12 + 4 + 2) // 5 and len(s.honours[0]) == 4
    assert s.result()["scores"][0] == sum(s.end_scores[0][:5])

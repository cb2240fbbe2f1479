"""Katana turn flow: recovery, draws (Hideyoshi, Ieyasu, the 3-player shogun), Nobunaga, discarding
down to 7, the Code du bushido and the end of the draw pile."""
import pytest

from arena.engines import load_module

from katana_positions import (act, cards_accounted, discard, event_names, hand, in_play, legal_names, phase,
                              pile, position)

ROLES4 = ["shogun", "samurai", "ninja", "ninja"]
CHARS4 = ["goemon", "chiyome", "tomoe", "musashi"]
PARADE = {"parade": 1}


def four(k, **kw):
    kw.setdefault("roles", ROLES4)
    kw.setdefault("characters", CHARS4)
    kw.setdefault("hands", {seat: PARADE for seat in range(4)})
    return position(k, 4, **kw)


# ------------------------------------------------------------------ the four phases
def test_next_player_draws_the_two_top_cards(build):
    k = load_module("engine_ext.katana._rules", build)
    s = four(k, pile=["bo", "geisha", "daimyo"])
    act(s, "END_TURN", k)
    assert s.turn == 1 and s.turn_number == 2 and phase(k, s) == "play_cards"
    assert hand(s, 1) == {"parade": 1, "daimyo": 1, "geisha": 1}
    assert pile(s) == ["bo"]
    assert event_names(k, s) == ["turn", "draw", "draw"]


def test_play_phase_is_optional_and_turns_go_clockwise(build):
    k = load_module("engine_ext.katana._rules", build)
    s = four(k, turn=3, pile=["bo"] * 10)
    assert legal_names(s, k) == ["END_TURN"]
    act(s, "END_TURN", k)
    assert s.turn == 0 and s.current_seats() == [0]


def test_discard_down_to_seven_at_the_end_of_the_turn(build):
    k = load_module("engine_ext.katana._rules", build)
    s = four(k, hands={0: {"parade": 4, "daimyo": 3, "armure": 1, "diversion": 1}, 1: PARADE, 2: PARADE,
                       3: PARADE}, pile=["bo"] * 10)
    act(s, "END_TURN", k)
    assert phase(k, s) == "discard_down" and s.current_seats() == [0]
    assert sorted(legal_names(s, k)) == ["DISCARD_ARMURE", "DISCARD_DAIMYO", "DISCARD_DIVERSION", "DISCARD_PARADE"]
    act(s, "DISCARD_DAIMYO", k)
    assert phase(k, s) == "discard_down" and s.hand_size[0] == 8
    act(s, "DISCARD_ARMURE", k)
    assert s.hand_size[0] == 7 and discard(s) == ["daimyo", "armure"]
    assert s.turn == 1 and phase(k, s) == "play_cards"


def test_seven_cards_need_no_discard(build):
    k = load_module("engine_ext.katana._rules", build)
    s = four(k, hands={0: {"parade": 7}, 1: PARADE, 2: PARADE, 3: PARADE}, pile=["bo"] * 10)
    act(s, "END_TURN", k)
    assert s.turn == 1 and s.hand_size[0] == 7


def test_three_player_shogun_draws_three(build):
    k = load_module("engine_ext.katana._rules", build)
    s = position(k, 3, roles=["ninja", "shogun", "ninja"], characters=["goemon", "chiyome", "tomoe"],
                 hands={seat: PARADE for seat in range(3)}, turn=0, pile=["bo"] * 10)
    act(s, "END_TURN", k)
    assert s.turn == 1 and hand(s, 1) == {"parade": 1, "bo": 3}
    act(s, "END_TURN", k)
    assert hand(s, 2) == {"parade": 1, "bo": 2}


def test_hideyoshi_draws_three(build):
    k = load_module("engine_ext.katana._rules", build)
    s = four(k, characters=["goemon", "hideyoshi", "tomoe", "musashi"], pile=["bo", "kiseru", "geisha", "daimyo"])
    act(s, "END_TURN", k)
    assert hand(s, 1) == {"parade": 1, "daimyo": 1, "geisha": 1, "kiseru": 1}
    assert pile(s) == ["bo"]


def test_ieyasu_takes_the_top_of_the_discard_pile_then_draws_normally(build):
    k = load_module("engine_ext.katana._rules", build)
    s = four(k, characters=["goemon", "ieyasu", "tomoe", "musashi"], pile=["bo", "kiseru", "geisha"],
             discard=["armure", "daimyo"])
    act(s, "END_TURN", k)
    assert phase(k, s) == "draw_choice" and s.current_seats() == [1]
    assert sorted(legal_names(s, k)) == ["DRAW_FROM_DISCARD", "DRAW_FROM_PILE"]
    act(s, "DRAW_FROM_DISCARD", k)
    assert hand(s, 1) == {"parade": 1, "daimyo": 1, "geisha": 1}
    assert discard(s) == ["armure"] and pile(s) == ["bo", "kiseru"]
    assert phase(k, s) == "play_cards"


def test_ieyasu_may_draw_both_from_the_pile(build):
    k = load_module("engine_ext.katana._rules", build)
    s = four(k, characters=["goemon", "ieyasu", "tomoe", "musashi"], pile=["bo", "kiseru", "geisha"],
             discard=["daimyo"])
    act(s, "END_TURN", k)
    act(s, "DRAW_FROM_PILE", k)
    assert hand(s, 1) == {"parade": 1, "kiseru": 1, "geisha": 1} and discard(s) == ["daimyo"]


def test_ieyasu_has_no_choice_with_an_empty_discard_pile(build):
    k = load_module("engine_ext.katana._rules", build)
    s = four(k, characters=["goemon", "ieyasu", "tomoe", "musashi"], pile=["bo", "kiseru", "geisha"])
    act(s, "END_TURN", k)
    assert phase(k, s) == "play_cards" and hand(s, 1) == {"parade": 1, "kiseru": 1, "geisha": 1}


def test_nobunaga_loses_one_resilience_to_draw_but_never_his_last(build):
    k = load_module("engine_ext.katana._rules", build)
    s = four(k, characters=["nobunaga", "chiyome", "tomoe", "musashi"], hp={0: 3}, pile=["bo", "kiseru", "geisha"])
    assert "NOBUNAGA_DRAW" in legal_names(s, k)
    act(s, "NOBUNAGA_DRAW", k)
    assert s.hp[0] == 2 and hand(s, 0) == {"parade": 1, "geisha": 1}
    act(s, "NOBUNAGA_DRAW", k)
    assert s.hp[0] == 1 and hand(s, 0) == {"parade": 1, "geisha": 1, "kiseru": 1}
    assert "NOBUNAGA_DRAW" not in legal_names(s, k)
    with pytest.raises(ValueError, match="illegal action"):
        s.apply(0, k.ACTION_NAMES.index("NOBUNAGA_DRAW"))


def test_nobunaga_only_in_his_own_play_phase(build):
    k = load_module("engine_ext.katana._rules", build)
    s = four(k, characters=["goemon", "nobunaga", "tomoe", "musashi"],
             hands={0: {"bokken": 1}, 1: PARADE, 2: PARADE, 3: PARADE}, pile=["bo"] * 5)
    act(s, "PLAY_BOKKEN", k)
    act(s, "TARGET_SEAT_1", k)
    assert "NOBUNAGA_DRAW" not in legal_names(s, k)


def test_nobunaga_cannot_draw_from_no_card_and_his_draw_may_reshuffle(build):
    k = load_module("engine_ext.katana._rules", build)
    s = four(k, characters=["nobunaga", "chiyome", "tomoe", "musashi"], pile=[], discard=[])
    assert legal_names(s, k) == ["END_TURN"]
    s = four(k, characters=["nobunaga", "chiyome", "tomoe", "musashi"], pile=[], discard=["katana"])
    act(s, "NOBUNAGA_DRAW", k)
    assert s.hp[0] == 4 and hand(s, 0) == {"parade": 1, "katana": 1}
    assert [s.honor[i] for i in range(4)] == [4, 2, 2, 2]


# ------------------------------------------------------------------ Code du bushido
def test_only_one_code_du_bushido_in_play(build):
    k = load_module("engine_ext.katana._rules", build)
    s = four(k, hands={0: {"code_du_bushido": 1, "parade": 1}, 1: PARADE, 2: PARADE, 3: PARADE},
             permanents={2: {"code_du_bushido": 1}})
    assert "PLAY_CODE_DU_BUSHIDO" not in legal_names(s, k)


def test_code_du_bushido_can_be_placed_before_any_player(build):
    k = load_module("engine_ext.katana._rules", build)
    for t in range(4):
        s = four(k, hands={0: {"code_du_bushido": 1}, 1: PARADE, 2: PARADE}, hp={1: 0})
        act(s, "PLAY_CODE_DU_BUSHIDO", k)
        assert sorted(legal_names(s, k)) == ["TARGET_SEAT_%d" % i for i in range(4)]
        act(s, "TARGET_SEAT_%d" % t, k)
        assert in_play(s, t) == {"code_du_bushido": 1} and s.bushido_holder == t
        assert discard(s) == [] and hand(s, 0) == {}


def test_bushido_non_weapon_passes_left(build):
    k = load_module("engine_ext.katana._rules", build)
    s = four(k, permanents={1: {"code_du_bushido": 1}}, pile=["bo", "kiseru", "daimyo"])
    act(s, "END_TURN", k)
    assert s.bushido_holder == 2 and in_play(s, 2) == {"code_du_bushido": 1} and in_play(s, 1) == {}
    assert discard(s) == ["daimyo"]
    assert hand(s, 1) == {"parade": 1, "kiseru": 1, "bo": 1} and phase(k, s) == "play_cards"
    assert event_names(k, s) == ["turn", "flip", "bushido_pass", "draw", "draw"]


def test_bushido_is_turned_after_recovery(build):
    k = load_module("engine_ext.katana._rules", build)
    s = four(k, permanents={1: {"code_du_bushido": 1}}, hp={1: 0}, pile=["bo", "kiseru", "daimyo"])
    act(s, "END_TURN", k)
    assert event_names(k, s)[:3] == ["turn", "recover", "flip"]
    assert s.hp[1] == 4


def test_bushido_weapon_discard_a_weapon_and_pass(build):
    k = load_module("engine_ext.katana._rules", build)
    s = four(k, hands={0: PARADE, 1: {"bo": 1, "kiseru": 1, "parade": 1}, 2: PARADE, 3: PARADE},
             permanents={1: {"code_du_bushido": 1}}, pile=["geisha", "daimyo", "nodachi"])
    act(s, "END_TURN", k)
    assert phase(k, s) == "bushido_choice" and s.current_seats() == [1]
    assert sorted(legal_names(s, k)) == ["BUSHIDO_PAY_HONOR", "DISCARD_BO", "DISCARD_KISERU"]
    act(s, "DISCARD_KISERU", k)
    assert discard(s) == ["nodachi", "kiseru"]
    assert s.bushido_holder == 2 and in_play(s, 2) == {"code_du_bushido": 1}
    assert s.honor[1] == 3
    assert hand(s, 1) == {"bo": 1, "parade": 1, "daimyo": 1, "geisha": 1} and phase(k, s) == "play_cards"


def test_bushido_weapon_pay_one_honour_and_discard_the_code(build):
    k = load_module("engine_ext.katana._rules", build)
    s = four(k, hands={0: PARADE, 1: {"bo": 1}, 2: PARADE, 3: PARADE},
             permanents={1: {"code_du_bushido": 1}}, pile=["geisha", "daimyo", "nodachi"])
    act(s, "END_TURN", k)
    act(s, "BUSHIDO_PAY_HONOR", k)
    assert s.honor[1] == 2
    assert s.bushido_holder == -1 and all(in_play(s, i) == {} for i in range(4))
    assert discard(s) == ["nodachi", "code_du_bushido"]
    assert hand(s, 1) == {"bo": 1, "daimyo": 1, "geisha": 1}


def test_bushido_without_a_weapon_must_pay(build):
    k = load_module("engine_ext.katana._rules", build)
    s = four(k, permanents={1: {"code_du_bushido": 1}}, pile=["geisha", "daimyo", "nodachi"])
    act(s, "END_TURN", k)
    assert legal_names(s, k) == ["BUSHIDO_PAY_HONOR"]


def test_bushido_honour_to_zero_ends_the_game(build):
    k = load_module("engine_ext.katana._rules", build)
    s = four(k, permanents={1: {"code_du_bushido": 1}}, honor={1: 1}, pile=["geisha", "daimyo", "nodachi"])
    act(s, "END_TURN", k)
    act(s, "BUSHIDO_PAY_HONOR", k)
    assert s.is_terminal() and s.honor[1] == 0
    assert s.result()["end_reason"] == "honor"
    assert hand(s, 1) == {"parade": 1}, "the game stops before the draw"


def test_three_player_shogun_never_loses_honour_to_the_code(build):
    k = load_module("engine_ext.katana._rules", build)
    s = position(k, 3, roles=["ninja", "shogun", "ninja"], characters=["goemon", "chiyome", "tomoe"],
                 hands={0: PARADE, 1: {"bo": 1}, 2: PARADE}, turn=0, permanents={1: {"code_du_bushido": 1}},
                 pile=["geisha", "daimyo", "parade", "nodachi"])
    act(s, "END_TURN", k)
    assert sorted(legal_names(s, k)) == ["BUSHIDO_PAY_HONOR", "DISCARD_BO"]
    act(s, "BUSHIDO_PAY_HONOR", k)
    assert s.honor[1] == 6 and s.bushido_holder == -1
    assert discard(s) == ["nodachi", "code_du_bushido"]
    assert hand(s, 1) == {"bo": 1, "parade": 1, "daimyo": 1, "geisha": 1}


def test_three_player_ninja_loses_honour_to_the_code(build):
    k = load_module("engine_ext.katana._rules", build)
    s = position(k, 3, roles=["shogun", "ninja", "ninja"], characters=["goemon", "chiyome", "tomoe"],
                 hands={seat: PARADE for seat in range(3)}, permanents={1: {"code_du_bushido": 1}},
                 pile=["geisha", "daimyo", "nodachi"])
    act(s, "END_TURN", k)
    act(s, "BUSHIDO_PAY_HONOR", k)
    assert s.honor[1] == 2


def test_bushido_flip_from_an_empty_pile_reshuffles(build):
    k = load_module("engine_ext.katana._rules", build)
    s = four(k, permanents={1: {"code_du_bushido": 1}}, pile=[], discard=["daimyo", "geisha", "diversion"])
    act(s, "END_TURN", k)
    assert event_names(k, s)[:3] == ["turn", "reshuffle", "honor"]
    assert [s.honor[i] for i in range(4)] == [4, 2, 2, 2]
    # A non-weapon was turned over: the Code passes, and the two other cards are drawn.
    assert s.bushido_holder == 2 and s.hand_size[1] == 3
    assert s.discard_len == 1 and s.pile_len == 0


# ------------------------------------------------------------------ the end of the draw pile
def test_deck_exhaustion_reshuffles_and_costs_everyone_one_honour(build):
    k = load_module("engine_ext.katana._rules", build)
    s = four(k, pile=["geisha"], discard=["bo", "bo", "bo"])
    act(s, "END_TURN", k)
    assert [s.honor[i] for i in range(4)] == [4, 2, 2, 2]
    assert hand(s, 1) == {"parade": 1, "geisha": 1, "bo": 1}
    assert s.discard_len == 0 and pile(s) == ["bo", "bo"]
    assert event_names(k, s) == ["turn", "draw", "reshuffle"] + ["honor"] * 4 + ["draw"]
    assert not s.is_terminal()


def test_deck_exhaustion_is_noticed_only_when_a_card_is_needed(build):
    k = load_module("engine_ext.katana._rules", build)
    s = four(k, pile=["geisha", "daimyo"], discard=["bo"])
    act(s, "END_TURN", k)
    assert s.pile_len == 0 and [s.honor[i] for i in range(4)] == [5, 3, 3, 3]
    act(s, "END_TURN", k)
    assert [s.honor[i] for i in range(4)] == [4, 2, 2, 2]
    assert hand(s, 2) == {"parade": 1, "bo": 1}


def test_deck_exhaustion_may_end_the_game(build):
    k = load_module("engine_ext.katana._rules", build)
    s = four(k, pile=["geisha"], discard=["bo", "bo"], honor={3: 1})
    act(s, "END_TURN", k)
    assert s.is_terminal() and s.honor[3] == 0
    assert s.result()["end_reason"] == "honor"
    assert hand(s, 1) == {"parade": 1, "geisha": 1}, "the game stops at once"


def test_no_card_anywhere_draws_nothing_and_costs_no_honour(build):
    k = load_module("engine_ext.katana._rules", build)
    s = four(k, pile=[], discard=[])
    act(s, "END_TURN", k)
    assert hand(s, 1) == {"parade": 1} and [s.honor[i] for i in range(4)] == [5, 3, 3, 3]
    assert "reshuffle" not in event_names(k, s)


def test_a_played_card_is_discarded_before_its_draws(build):
    """Daimyo played on an empty pile: it is already in the discard pile, reshuffled and drawn back."""
    k = load_module("engine_ext.katana._rules", build)
    s = four(k, hands={0: {"daimyo": 1, "parade": 1}, 1: PARADE, 2: PARADE, 3: PARADE}, pile=[], discard=[])
    act(s, "PLAY_DAIMYO", k)
    assert hand(s, 0) == {"daimyo": 1, "parade": 1}
    assert [s.honor[i] for i in range(4)] == [4, 2, 2, 2]
    assert s.pile_len == 0 and s.discard_len == 0
    assert cards_accounted(s) == 5


def test_reshuffle_during_the_tea_ceremony(build):
    k = load_module("engine_ext.katana._rules", build)
    s = four(k, hands={0: {"ceremonie_du_the": 1}, 1: PARADE, 2: PARADE, 3: PARADE},
             pile=["bo", "kiseru"], discard=["daimyo"])
    act(s, "PLAY_CEREMONIE_DU_THE", k)
    # Draws kiseru, bo, then the discard pile (daimyo + the ceremony) is shuffled into a new pile.
    assert [s.honor[i] for i in range(4)] == [4, 2, 2, 2]
    assert s.hand_size[0] == 3 and hand(s, 0)["kiseru"] == 1 and hand(s, 0)["bo"] == 1
    assert s.hand_size[1] == 2 and s.hand_size[2] == 1 and s.hand_size[3] == 1
    assert s.pile_len == 0 and s.discard_len == 0

"""Katana action cards, permanents played from the hand, Chiyome and Hanzō against them."""
import pytest

from arena.engines import load_module

from katana_positions import act, discard, hand, in_play, legal_names, phase, pile, position

ROLES5 = ["shogun", "samurai", "ninja", "ninja", "ronin"]
CHARS5 = ["goemon", "ieyasu", "tomoe", "kojiro", "nobunaga"]
PARADE = {"parade": 1}


def five(k, **kw):
    kw.setdefault("roles", ROLES5)
    kw.setdefault("characters", CHARS5)
    return position(k, 5, **kw)


def targets(k, s):
    return sorted(int(name.rsplit("_", 1)[1]) for name in legal_names(s, k) if name.startswith("TARGET_SEAT_"))


# ------------------------------------------------------------------ permanents
def test_permanents_stay_in_front_of_their_player(build):
    k = load_module("engine_ext.katana._rules", build)
    s = five(k, hands={0: {"armure": 1, "concentration": 1, "attaque_rapide": 1}, 1: PARADE})
    act(s, "PLAY_ARMURE", k)
    act(s, "PLAY_CONCENTRATION", k)
    act(s, "PLAY_ATTAQUE_RAPIDE", k)
    assert in_play(s, 0) == {"armure": 1, "concentration": 1, "attaque_rapide": 1}
    assert hand(s, 0) == {} and discard(s) == []
    assert s.difficulty(1, 0) == 2 and s.weapon_limit(0) == 3 and s.weapon_damage(0, 1, 0) == 2


# ------------------------------------------------------------------ Cérémonie du thé, Daimyo
def test_tea_ceremony_draw_three_and_one_for_each_other_player(build):
    k = load_module("engine_ext.katana._rules", build)
    s = five(k, hands={0: {"ceremonie_du_the": 1}, 2: PARADE}, hp={3: 0},
             pile=["bo", "kiseru", "katana", "shuriken", "daimyo", "geisha", "diversion", "armure"])
    act(s, "PLAY_CEREMONIE_DU_THE", k)
    assert hand(s, 0) == {"armure": 1, "diversion": 1, "geisha": 1}
    # Clockwise from the left, harmless players included.
    assert hand(s, 1) == {"daimyo": 1}
    assert hand(s, 2) == {"parade": 1, "shuriken": 1}
    assert hand(s, 3) == {"katana": 1}
    assert hand(s, 4) == {"kiseru": 1}
    assert pile(s) == ["bo"] and discard(s) == ["ceremonie_du_the"]


def test_daimyo_draws_two(build):
    k = load_module("engine_ext.katana._rules", build)
    s = five(k, hands={0: {"daimyo": 1}}, pile=["bo", "kiseru", "geisha"])
    act(s, "PLAY_DAIMYO", k)
    assert hand(s, 0) == {"kiseru": 1, "geisha": 1} and pile(s) == ["bo"] and discard(s) == ["daimyo"]


# ------------------------------------------------------------------ Cri de guerre
def test_battlecry_asks_every_affected_player_in_turn_from_the_left(build):
    k = load_module("engine_ext.katana._rules", build)
    # Seat 1: Chiyome, not affected.  Seat 2 holds no card, seat 3 has no resilience: harmless.
    s = five(k, characters=["musashi", "chiyome", "tomoe", "kojiro", "ushiwaka"],
             hands={0: {"cri_de_guerre": 1}, 1: PARADE, 3: PARADE, 4: {"parade": 1, "bo": 1}},
             hp={3: 0}, permanents={0: {"attaque_rapide": 2}}, pile=["daimyo"] * 5)
    act(s, "PLAY_CRI_DE_GUERRE", k)
    assert phase(k, s) == "battlecry" and s.current_seats() == [4]
    assert sorted(legal_names(s, k)) == ["PARRY", "TAKE_DAMAGE"]
    act(s, "TAKE_DAMAGE", k)
    # Musashi's and Attaque rapide's bonuses are for weapons only; Ushiwaka draws nothing for a Cri de guerre.
    assert s.hp[4] == 3 and hand(s, 4) == {"parade": 1, "bo": 1}
    assert phase(k, s) == "play_cards" and s.current_seats() == [0]
    assert s.hp[1] == 4 and s.hp[2] == 5 and discard(s) == ["cri_de_guerre"]


def test_battlecry_parade_or_lose_one(build):
    k = load_module("engine_ext.katana._rules", build)
    s = five(k, hands={0: {"cri_de_guerre": 1}, 1: {"parade": 1}, 2: {"bo": 1}, 3: {"parade": 2}, 4: PARADE})
    act(s, "PLAY_CRI_DE_GUERRE", k)
    assert s.current_seats() == [1]
    act(s, "PARRY", k)
    assert s.current_seats() == [2] and legal_names(s, k) == ["TAKE_DAMAGE"]
    act(s, "TAKE_DAMAGE", k)
    assert s.current_seats() == [3]
    act(s, "PARRY", k)
    act(s, "TAKE_DAMAGE", k)
    assert [s.hp[i] for i in range(5)] == [5, 5, 4, 5, 4]
    assert hand(s, 1) == {} and hand(s, 3) == {"parade": 1}
    assert discard(s) == ["cri_de_guerre", "parade", "parade"]
    assert s.current_seats() == [0] and s.weapons_played == 0


def test_hanzo_parries_a_battlecry_with_a_weapon_unless_it_is_his_last_card(build):
    k = load_module("engine_ext.katana._rules", build)
    s = five(k, characters=["goemon", "hanzo", "tomoe", "kojiro", "nobunaga"],
             hands={0: {"cri_de_guerre": 2}, 1: {"bo": 1, "kiseru": 1}, 2: PARADE, 3: PARADE, 4: PARADE})
    act(s, "PLAY_CRI_DE_GUERRE", k)
    assert sorted(legal_names(s, k)) == ["PARRY_WITH_BO", "PARRY_WITH_KISERU", "TAKE_DAMAGE"]
    act(s, "PARRY_WITH_BO", k)
    assert hand(s, 1) == {"kiseru": 1} and s.hp[1] == 4
    for _ in range(3):
        act(s, "TAKE_DAMAGE", k)
    act(s, "PLAY_CRI_DE_GUERRE", k)
    assert legal_names(s, k) == ["TAKE_DAMAGE"]


def test_battlecry_defeat_gives_honour_to_the_player(build):
    k = load_module("engine_ext.katana._rules", build)
    s = five(k, hands={0: {"cri_de_guerre": 1}, 1: PARADE, 2: PARADE, 3: PARADE, 4: PARADE}, hp={2: 1})
    act(s, "PLAY_CRI_DE_GUERRE", k)
    act(s, "TAKE_DAMAGE", k)
    act(s, "TAKE_DAMAGE", k)
    assert s.hp[2] == 0 and s.honor[2] == 2 and s.honor[0] == 6
    assert s.current_seats() == [3]


# ------------------------------------------------------------------ Ju Jitsu
def test_ju_jitsu_discard_a_weapon_or_lose_one(build):
    k = load_module("engine_ext.katana._rules", build)
    s = five(k, characters=["musashi", "chiyome", "tomoe", "hanzo", "ushiwaka"],
             hands={0: {"ju_jitsu": 1}, 1: {"bo": 1}, 2: {"bo": 1, "kiseru": 1, "parade": 1}, 3: {"parade": 1},
                    4: {"bo": 1}}, permanents={0: {"attaque_rapide": 1}}, pile=["daimyo"] * 5)
    act(s, "PLAY_JU_JITSU", k)
    assert phase(k, s) == "jujitsu" and s.current_seats() == [2], "Chiyome is not affected"
    assert sorted(legal_names(s, k)) == ["DISCARD_BO", "DISCARD_KISERU", "TAKE_DAMAGE"]
    act(s, "DISCARD_KISERU", k)
    assert hand(s, 2) == {"bo": 1, "parade": 1}
    assert legal_names(s, k) == ["TAKE_DAMAGE"], "a Parade does not stop a Ju Jitsu"
    act(s, "TAKE_DAMAGE", k)
    act(s, "TAKE_DAMAGE", k)
    # Musashi and Attaque rapide add nothing to a Ju Jitsu; Ushiwaka draws nothing for it.
    assert [s.hp[i] for i in range(5)] == [5, 4, 5, 3, 3]
    assert hand(s, 4) == {"bo": 1}
    assert discard(s) == ["ju_jitsu", "kiseru"] and s.current_seats() == [0]


def test_ju_jitsu_defeat_gives_honour_and_skips_harmless(build):
    k = load_module("engine_ext.katana._rules", build)
    s = five(k, hands={0: {"ju_jitsu": 1}, 1: PARADE, 3: PARADE, 4: PARADE}, hp={1: 1, 3: 0})
    act(s, "PLAY_JU_JITSU", k)
    act(s, "TAKE_DAMAGE", k)
    assert s.hp[1] == 0 and s.honor[1] == 2 and s.honor[0] == 6
    assert s.current_seats() == [4]
    act(s, "TAKE_DAMAGE", k)
    assert s.current_seats() == [0] and phase(k, s) == "play_cards"


# ------------------------------------------------------------------ Diversion
def test_diversion_takes_a_random_card_from_a_chosen_player(build):
    k = load_module("engine_ext.katana._rules", build)
    s = five(k, hands={0: {"diversion": 1}, 2: {"katana": 1}, 3: {"parade": 1}}, hp={3: 0})
    act(s, "PLAY_DIVERSION", k)
    # A player with no resilience left is harmless but still holds cards.
    assert targets(k, s) == [2, 3]
    act(s, "TARGET_SEAT_2", k)
    assert hand(s, 0) == {"katana": 1} and hand(s, 2) == {} and discard(s) == ["diversion"]
    steal = [e for e in s.events if k.EVENT_NAMES[e[0]] == "steal"]
    assert len(steal) == 1 and steal[0][5] == (1 << 0) | (1 << 2)


def test_diversion_is_random(build):
    k = load_module("engine_ext.katana._rules", build)
    stolen = set()
    for seed in range(30):
        s = five(k, hands={0: {"diversion": 1}, 1: {"katana": 1, "bo": 1, "daimyo": 1}}, seed=seed)
        act(s, "PLAY_DIVERSION", k)
        act(s, "TARGET_SEAT_1", k)
        assert s.hand_size[0] == 1 and s.hand_size[1] == 2
        stolen.update(hand(s, 0))
    assert stolen == {"katana", "bo", "daimyo"}


def test_diversion_needs_another_player_with_cards(build):
    k = load_module("engine_ext.katana._rules", build)
    s = five(k, hands={0: {"diversion": 1, "parade": 1}})
    assert legal_names(s, k) == ["END_TURN"]


# ------------------------------------------------------------------ Geisha
def test_geisha_discards_a_permanent_or_a_random_hand_card(build):
    k = load_module("engine_ext.katana._rules", build)
    s = five(k, hands={0: {"geisha": 2}, 2: {"katana": 1}}, permanents={2: {"armure": 1, "concentration": 2},
                                                                        4: {"attaque_rapide": 1}})
    act(s, "PLAY_GEISHA", k)
    assert targets(k, s) == [2, 4]
    act(s, "TARGET_SEAT_2", k)
    assert phase(k, s) == "geisha_choice" and s.current_seats() == [0]
    assert sorted(legal_names(s, k)) == ["GEISHA_ARMURE", "GEISHA_CONCENTRATION", "GEISHA_HAND"]
    act(s, "GEISHA_CONCENTRATION", k)
    assert in_play(s, 2) == {"armure": 1, "concentration": 1}
    assert discard(s) == ["geisha", "concentration"]
    act(s, "PLAY_GEISHA", k)
    act(s, "TARGET_SEAT_2", k)
    act(s, "GEISHA_HAND", k)
    assert hand(s, 2) == {} and discard(s) == ["geisha", "concentration", "geisha", "katana"]
    assert phase(k, s) == "play_cards"


def test_geisha_on_a_player_with_permanents_only(build):
    k = load_module("engine_ext.katana._rules", build)
    s = five(k, hands={0: {"geisha": 1}}, permanents={3: {"armure": 1}}, hp={3: 0})
    act(s, "PLAY_GEISHA", k)
    assert targets(k, s) == [3]
    act(s, "TARGET_SEAT_3", k)
    assert legal_names(s, k) == ["GEISHA_ARMURE"]


def test_geisha_never_takes_from_its_players_own_hand(build):
    k = load_module("engine_ext.katana._rules", build)
    s = five(k, hands={0: {"geisha": 1, "parade": 1}}, permanents={0: {"armure": 1}})
    act(s, "PLAY_GEISHA", k)
    assert targets(k, s) == [0]
    act(s, "TARGET_SEAT_0", k)
    assert legal_names(s, k) == ["GEISHA_ARMURE"]


def test_geisha_without_any_target_cannot_be_played(build):
    k = load_module("engine_ext.katana._rules", build)
    s = five(k, hands={0: {"geisha": 1, "parade": 1}})
    assert legal_names(s, k) == ["END_TURN"]


def test_geisha_discards_the_code_du_bushido(build):
    k = load_module("engine_ext.katana._rules", build)
    s = five(k, hands={0: {"geisha": 1, "code_du_bushido": 1}}, permanents={3: {"code_du_bushido": 1}})
    assert "PLAY_CODE_DU_BUSHIDO" not in legal_names(s, k)
    act(s, "PLAY_GEISHA", k)
    act(s, "TARGET_SEAT_3", k)
    act(s, "GEISHA_CODE_DU_BUSHIDO", k)
    assert s.bushido_holder == -1 and in_play(s, 3) == {}
    assert "PLAY_CODE_DU_BUSHIDO" in legal_names(s, k)


# ------------------------------------------------------------------ Méditation
def test_meditation_heals_fully_and_another_player_draws(build):
    k = load_module("engine_ext.katana._rules", build)
    s = five(k, hands={0: {"meditation": 1}}, hp={0: 1}, pile=["bo", "daimyo"])
    act(s, "PLAY_MEDITATION", k)
    # Any other player, even one without cards (that is how a harmless player is brought back).
    assert targets(k, s) == [1, 2, 3, 4]
    act(s, "TARGET_SEAT_3", k)
    assert s.hp[0] == 5 and hand(s, 3) == {"daimyo": 1} and hand(s, 0) == {}
    assert discard(s) == ["meditation"]


def test_meditation_is_playable_at_full_health_and_heals_nobody_else(build):
    k = load_module("engine_ext.katana._rules", build)
    s = five(k, hands={0: {"meditation": 1}}, hp={1: 2}, pile=["bo", "daimyo"])
    assert "PLAY_MEDITATION" in legal_names(s, k)
    act(s, "PLAY_MEDITATION", k)
    act(s, "TARGET_SEAT_1", k)
    assert s.hp[0] == 5 and s.hp[1] == 2 and hand(s, 1) == {"daimyo": 1}


# ------------------------------------------------------------------ Parade
def test_parade_cannot_be_played_in_ones_own_turn(build):
    k = load_module("engine_ext.katana._rules", build)
    s = five(k, hands={0: {"parade": 3}})
    assert legal_names(s, k) == ["END_TURN"]
    with pytest.raises(ValueError, match="illegal action"):
        s.apply(0, k.ACTION_NAMES.index("PLAY_PARADE"))

"""Katana attacks: difficulty, weapons, damage, parries, defeat and recovery."""
import pytest

from arena.engines import load_module
from engine_ext.katana import data

from katana_positions import act, discard, event_names, hand, legal_names, phase, position

ROLES5 = ["shogun", "samurai", "ninja", "ninja", "ronin"]
ROLES6 = ["shogun", "samurai", "ninja", "ninja", "ninja", "ronin"]
ROLES7 = ["shogun", "samurai", "samurai", "ninja", "ninja", "ninja", "ronin"]
CHARS7 = ["hideyoshi", "ieyasu", "nobunaga", "chiyome", "goemon", "tomoe", "ushiwaka"]
PARADE = {"parade": 1}


def targets(k, s):
    return sorted(int(name.rsplit("_", 1)[1]) for name in legal_names(s, k) if name.startswith("TARGET_SEAT_"))


def played_weapons(k, s):
    return sorted(name[5:].lower() for name in legal_names(s, k)
                  if name.startswith("PLAY_") and name[5:].lower() in WEAPON_KEYS)


WEAPON_KEYS = {"bokken", "kiseru", "wakizashi", "bo", "kusarigama", "katana", "shuriken", "kanabo",
               "nodachi", "naginata", "nagayari", "tanegashima", "daikyu"}


# ------------------------------------------------------------------ the rulebook's examples
def test_rulebook_two_armours(build):
    """A player with 2 armours: his neighbour attacks him at difficulty 3, the player beyond him at 2."""
    k = load_module("engine_ext.katana._rules", build)
    s = position(k, 6, roles=ROLES6, characters=CHARS7[:6],
                 hands={seat: PARADE for seat in range(6)}, permanents={1: {"armure": 2}})
    assert s.difficulty(0, 1) == 3
    assert s.difficulty(0, 2) == 2
    assert s.difficulty(2, 1) == 3
    assert s.difficulty(0, 5) == 1 and s.difficulty(0, 3) == 3


def test_rulebook_difficulty_three_needs_shuriken_or_kanabo(build):
    """Difficulty 3: a Shuriken or a Kanabo reaches, a Bokken or a Kiseru does not; the Kanabo deals 2."""
    k = load_module("engine_ext.katana._rules", build)
    # Seat 1 wears 2 armours; seats 2 and 3 hold no card, so seat 1 is the only possible target.
    s = position(k, 4, roles=["shogun", "samurai", "ninja", "ninja"],
                 characters=["hideyoshi", "ieyasu", "chiyome", "goemon"],
                 hands={0: {"bokken": 1, "kiseru": 1, "shuriken": 1, "kanabo": 1}, 1: PARADE},
                 permanents={1: {"armure": 2}})
    assert s.difficulty(0, 1) == 3
    assert played_weapons(k, s) == ["kanabo", "shuriken"]
    act(s, "PLAY_KANABO", k)
    assert targets(k, s) == [1]
    act(s, "TARGET_SEAT_1", k)
    assert s.current_seats() == [1]
    act(s, "TAKE_DAMAGE", k)
    assert s.hp[1] == 5 - 2


def test_rulebook_bokken_reaches_neighbours_only(build):
    k = load_module("engine_ext.katana._rules", build)
    s = position(k, 7, roles=ROLES7, characters=CHARS7,
                 hands={0: {"bokken": 1, "kiseru": 1, "shuriken": 1, "kanabo": 1},
                        **{seat: PARADE for seat in range(1, 7)}})
    assert [s.difficulty(0, t) for t in range(1, 7)] == [1, 2, 3, 3, 2, 1]
    assert played_weapons(k, s) == ["bokken", "kanabo", "kiseru", "shuriken"]
    act(s, "PLAY_BOKKEN", k)
    assert targets(k, s) == [1, 6]
    s = position(k, 7, roles=ROLES7, characters=CHARS7,
                 hands={0: {"shuriken": 1}, **{seat: PARADE for seat in range(1, 7)}})
    act(s, "PLAY_SHURIKEN", k)
    assert targets(k, s) == [1, 2, 3, 4, 5, 6]


def test_rulebook_ginchiyo_nodachi_and_shuriken(build):
    """A Nodachi deals Ginchiyo 2 instead of 3, a Shuriken still deals her 1."""
    k = load_module("engine_ext.katana._rules", build)
    for weapon, damage in (("nodachi", 2), ("shuriken", 1)):
        s = position(k, 5, roles=ROLES5, characters=["hideyoshi", "ginchiyo", "ieyasu", "chiyome", "goemon"],
                     hands={0: {weapon: 1}, **{seat: PARADE for seat in range(1, 5)}})
        assert s.weapon_damage(0, 1, data.card_index(weapon)) == damage
        act(s, "PLAY_" + weapon.upper(), k)
        act(s, "TARGET_SEAT_1", k)
        act(s, "TAKE_DAMAGE", k)
        assert s.hp[1] == 4 - damage


# ------------------------------------------------------------------ difficulty
def test_harmless_players_are_skipped_in_difficulty_and_cannot_be_targeted(build):
    k = load_module("engine_ext.katana._rules", build)
    # Seat 1 has no card, seat 2 has no resilience left: both are harmless.
    s = position(k, 6, roles=ROLES6, characters=CHARS7[:6],
                 hands={0: {"bokken": 1}, 2: PARADE, 3: PARADE, 4: PARADE, 5: PARADE}, hp={2: 0})
    assert s.difficulty(0, 3) == 1
    assert s.difficulty(0, 4) == 2
    act(s, "PLAY_BOKKEN", k)
    assert targets(k, s) == [3, 5]
    with pytest.raises(ValueError, match="illegal action"):
        s.apply(0, k.ACTION_NAMES.index("TARGET_SEAT_1"))
    with pytest.raises(ValueError, match="illegal action"):
        s.apply(0, k.ACTION_NAMES.index("TARGET_SEAT_2"))


def test_no_weapon_is_playable_when_everybody_else_is_harmless(build):
    k = load_module("engine_ext.katana._rules", build)
    s = position(k, 4, roles=["shogun", "samurai", "ninja", "ninja"],
                 characters=["hideyoshi", "ieyasu", "chiyome", "goemon"],
                 hands={0: {"daikyu": 1, "bokken": 1}, 1: PARADE, 2: PARADE}, hp={1: 0, 2: 0})
    assert legal_names(s, k) == ["END_TURN"]


def test_armours_stack_and_benkei_adds_one(build):
    k = load_module("engine_ext.katana._rules", build)
    s = position(k, 5, roles=ROLES5, characters=["hideyoshi", "benkei", "ieyasu", "chiyome", "goemon"],
                 hands={seat: PARADE for seat in range(5)}, permanents={1: {"armure": 2}, 2: {"armure": 3}})
    assert s.difficulty(0, 2) == 2 + 3
    assert s.difficulty(0, 1) == 1 + 2 + 1
    assert s.difficulty(2, 1) == 1 + 2 + 1
    # Armour and Benkei only make the wearer harder to reach: they attack normally.
    assert s.difficulty(1, 0) == 1 and s.difficulty(2, 3) == 1
    assert s.difficulty(1, 3) == 2


def test_benkei_needs_range_two_from_a_neighbour(build):
    k = load_module("engine_ext.katana._rules", build)
    s = position(k, 4, roles=["shogun", "samurai", "ninja", "ninja"],
                 characters=["hideyoshi", "benkei", "chiyome", "goemon"],
                 hands={0: {"bokken": 1, "bo": 1}, 1: PARADE})
    assert played_weapons(k, s) == ["bo"]


def test_kojiro_ignores_difficulty_but_not_harmless_players(build):
    k = load_module("engine_ext.katana._rules", build)
    s = position(k, 7, roles=ROLES7, characters=["kojiro", "ieyasu", "nobunaga", "chiyome", "goemon", "tomoe",
                                                 "ushiwaka"],
                 hands={0: {"bokken": 1}, 1: PARADE, 2: PARADE, 3: PARADE, 5: PARADE, 6: PARADE},
                 permanents={3: {"armure": 4}}, hp={5: 0})
    act(s, "PLAY_BOKKEN", k)
    assert targets(k, s) == [1, 2, 3, 6]
    act(s, "TARGET_SEAT_3", k)
    act(s, "TAKE_DAMAGE", k)
    assert s.hp[3] == 4 - 1


# ------------------------------------------------------------------ damage
@pytest.mark.parametrize("attacker, target, rapide, weapon, damage", [
    ("hideyoshi", "ieyasu", 0, "bokken", 1),
    ("hideyoshi", "ieyasu", 1, "bokken", 2),
    ("hideyoshi", "ieyasu", 2, "kiseru", 4),
    ("musashi", "ieyasu", 0, "bokken", 2),
    ("musashi", "ieyasu", 1, "kiseru", 4),
    ("hideyoshi", "ginchiyo", 0, "bokken", 1),
    ("hideyoshi", "ginchiyo", 1, "bokken", 1),
    ("musashi", "ginchiyo", 0, "kiseru", 2),
    ("musashi", "ginchiyo", 1, "bokken", 2),
])
def test_weapon_damage(build, attacker, target, rapide, weapon, damage):
    """Attaque rapide +1 each, Musashi +1, then Ginchiyo -1 (minimum 1)."""
    k = load_module("engine_ext.katana._rules", build)
    s = position(k, 4, roles=["shogun", "samurai", "ninja", "ninja"],
                 characters=[attacker, target, "chiyome", "goemon"],
                 hands={0: {weapon: 1}, 1: {"parade": 2}, 2: PARADE, 3: PARADE},
                 permanents={0: {"attaque_rapide": rapide}} if rapide else None)
    act(s, "PLAY_" + weapon.upper(), k)
    act(s, "TARGET_SEAT_1", k)
    act(s, "TAKE_DAMAGE", k)
    assert s.hp[1] == 5 - damage if target == "ieyasu" else 4 - damage


def test_damage_beyond_the_last_point_is_ignored(build):
    k = load_module("engine_ext.katana._rules", build)
    s = position(k, 4, roles=["shogun", "samurai", "ninja", "ninja"],
                 characters=["hideyoshi", "ieyasu", "chiyome", "goemon"],
                 hands={0: {"katana": 1}, 1: PARADE, 2: PARADE, 3: PARADE}, hp={1: 1})
    act(s, "PLAY_KATANA", k)
    act(s, "TARGET_SEAT_1", k)
    since = len(s.events)
    act(s, "TAKE_DAMAGE", k)
    assert s.hp[1] == 0
    damage = [e for e in s.events[since:] if k.EVENT_NAMES[e[0]] == "damage"]
    assert [e[4] for e in damage] == [1]


# ------------------------------------------------------------------ weapons per turn
@pytest.mark.parametrize("n, role, character, concentrations, limit", [
    (5, "shogun", "hideyoshi", 0, 1),
    (5, "shogun", "hideyoshi", 2, 3),
    (5, "shogun", "goemon", 0, 2),
    (5, "shogun", "goemon", 1, 3),
    (5, "ninja", "hideyoshi", 1, 2),
    (3, "shogun", "hideyoshi", 0, 2),
    (3, "ninja", "hideyoshi", 0, 1),
    (3, "shogun", "goemon", 1, 4),
])
def test_weapons_per_turn(build, n, role, character, concentrations, limit):
    k = load_module("engine_ext.katana._rules", build)
    roles = {3: ["shogun", "ninja", "ninja"], 5: ROLES5}[n]
    if role == "ninja":
        roles = roles[2:] + roles[:2]
    chars = [character, "ieyasu", "chiyome", "nobunaga", "tomoe"][:n]
    s = position(k, n, roles=roles, characters=chars, turn=0,
                 hands={0: {"bokken": 5}, **{seat: {"parade": 0, "daimyo": 1} for seat in range(1, n)}},
                 permanents={0: {"concentration": concentrations}} if concentrations else None)
    assert s.weapon_limit(0) == limit
    for played in range(limit):
        assert "PLAY_BOKKEN" in legal_names(s, k)
        act(s, "PLAY_BOKKEN", k)
        act(s, "TARGET_SEAT_1", k)
        act(s, "TAKE_DAMAGE", k)
    assert s.weapons_played == limit
    assert "PLAY_BOKKEN" not in legal_names(s, k)
    assert hand(s, 0) == {"bokken": 5 - limit}


def test_concentration_played_during_the_turn_allows_another_weapon(build):
    k = load_module("engine_ext.katana._rules", build)
    s = position(k, 4, roles=["shogun", "samurai", "ninja", "ninja"],
                 characters=["hideyoshi", "ieyasu", "chiyome", "nobunaga"],
                 hands={0: {"bokken": 2, "concentration": 1}, 1: {"parade": 2}, 2: PARADE, 3: PARADE})
    act(s, "PLAY_BOKKEN", k)
    act(s, "TARGET_SEAT_1", k)
    act(s, "PARRY", k)
    assert legal_names(s, k) == ["END_TURN", "PLAY_CONCENTRATION"]
    act(s, "PLAY_CONCENTRATION", k)
    assert "PLAY_BOKKEN" in legal_names(s, k)


# ------------------------------------------------------------------ parries
def test_target_is_always_asked_even_without_a_parry(build):
    k = load_module("engine_ext.katana._rules", build)
    s = position(k, 4, roles=["shogun", "samurai", "ninja", "ninja"],
                 characters=["hideyoshi", "ieyasu", "chiyome", "nobunaga"],
                 hands={0: {"bokken": 1}, 1: {"daimyo": 1}, 2: PARADE, 3: PARADE})
    act(s, "PLAY_BOKKEN", k)
    act(s, "TARGET_SEAT_1", k)
    assert phase(k, s) == "parry_choice" and s.current_seats() == [1]
    assert legal_names(s, k) == ["TAKE_DAMAGE"]
    assert s.legal_actions(0) == []
    with pytest.raises(ValueError, match="seat 0 cannot act now: seat 1 decides"):
        s.apply(0, k.ACTION_NAMES.index("END_TURN"))
    with pytest.raises(ValueError, match="illegal action"):
        s.apply(1, k.ACTION_NAMES.index("PARRY"))
    act(s, "TAKE_DAMAGE", k)
    assert s.hp[1] == 4 and phase(k, s) == "play_cards" and s.current_seats() == [0]


def test_parry_out_of_turn(build):
    k = load_module("engine_ext.katana._rules", build)
    s = position(k, 4, roles=["shogun", "samurai", "ninja", "ninja"],
                 characters=["hideyoshi", "ieyasu", "chiyome", "nobunaga"],
                 hands={0: {"kiseru": 1}, 1: {"parade": 1, "daimyo": 1}, 2: PARADE, 3: PARADE})
    act(s, "PLAY_KISERU", k)
    act(s, "TARGET_SEAT_1", k)
    assert sorted(legal_names(s, k)) == ["PARRY", "TAKE_DAMAGE"]
    act(s, "PARRY", k)
    assert s.hp[1] == 5 and hand(s, 1) == {"daimyo": 1}
    assert discard(s) == ["kiseru", "parade"]
    assert s.weapons_played == 1 and phase(k, s) == "play_cards"


def test_hanzo_parries_with_a_weapon_but_never_his_last_card(build):
    k = load_module("engine_ext.katana._rules", build)
    s = position(k, 4, roles=["shogun", "samurai", "ninja", "ninja"],
                 characters=["goemon", "hanzo", "chiyome", "nobunaga"],
                 hands={0: {"bokken": 2}, 1: {"bo": 1, "kiseru": 1}, 2: PARADE, 3: PARADE})
    act(s, "PLAY_BOKKEN", k)
    act(s, "TARGET_SEAT_1", k)
    assert sorted(legal_names(s, k)) == ["PARRY_WITH_BO", "PARRY_WITH_KISERU", "TAKE_DAMAGE"]
    act(s, "PARRY_WITH_KISERU", k)
    assert s.hp[1] == 4 and hand(s, 1) == {"bo": 1}
    assert discard(s) == ["bokken", "kiseru"]
    # Goemon's second weapon: Hanzō's Bo is now his last card.
    act(s, "PLAY_BOKKEN", k)
    act(s, "TARGET_SEAT_1", k)
    assert legal_names(s, k) == ["TAKE_DAMAGE"]
    act(s, "TAKE_DAMAGE", k)
    assert s.hp[1] == 3


def test_hanzo_parries_with_a_parade_or_a_weapon(build):
    k = load_module("engine_ext.katana._rules", build)
    s = position(k, 4, roles=["shogun", "samurai", "ninja", "ninja"],
                 characters=["goemon", "hanzo", "chiyome", "nobunaga"],
                 hands={0: {"bokken": 1}, 1: {"parade": 1, "bo": 1}, 2: PARADE, 3: PARADE})
    act(s, "PLAY_BOKKEN", k)
    act(s, "TARGET_SEAT_1", k)
    assert sorted(legal_names(s, k)) == ["PARRY", "PARRY_WITH_BO", "TAKE_DAMAGE"]


def test_a_player_without_hanzo_cannot_parry_with_a_weapon(build):
    k = load_module("engine_ext.katana._rules", build)
    s = position(k, 4, roles=["shogun", "samurai", "ninja", "ninja"],
                 characters=["goemon", "ieyasu", "chiyome", "nobunaga"],
                 hands={0: {"bokken": 1}, 1: {"bo": 2}, 2: PARADE, 3: PARADE})
    act(s, "PLAY_BOKKEN", k)
    act(s, "TARGET_SEAT_1", k)
    assert legal_names(s, k) == ["TAKE_DAMAGE"]


# ------------------------------------------------------------------ defeat and recovery
def test_defeat_gives_one_honour_to_the_victor_and_makes_harmless(build):
    k = load_module("engine_ext.katana._rules", build)
    s = position(k, 5, roles=ROLES5, characters=["hideyoshi", "ieyasu", "chiyome", "nobunaga", "tomoe"],
                 hands={0: {"kiseru": 1}, 1: {"parade": 2}, 2: PARADE, 3: PARADE, 4: PARADE},
                 hp={1: 2}, pile=["daimyo"] * 10)
    assert [s.honor[i] for i in range(5)] == [5, 3, 3, 3, 3]
    act(s, "PLAY_KISERU", k)
    act(s, "TARGET_SEAT_1", k)
    act(s, "TAKE_DAMAGE", k)
    assert s.hp[1] == 0
    assert [s.honor[i] for i in range(5)] == [6, 2, 3, 3, 3]
    assert not s.is_terminal()
    assert "defeat" in event_names(k, s)
    # Harmless until his next recovery: skipped in difficulty, not a target, even with cards in hand.
    assert s.difficulty(0, 2) == 1
    s.weapons_played = 0
    s.hand[0 * 25 + 0] = 1
    s.hand_size[0] += 1
    act(s, "PLAY_BOKKEN", k)
    assert targets(k, s) == [2, 4]


def test_recovery_at_the_start_of_the_next_turn_only_when_at_zero(build):
    k = load_module("engine_ext.katana._rules", build)
    s = position(k, 5, roles=ROLES5, characters=["hideyoshi", "ieyasu", "chiyome", "nobunaga", "tomoe"],
                 hands={seat: PARADE for seat in range(5)}, hp={1: 0, 2: 1}, turn=0,
                 pile=["daimyo"] * 20)
    act(s, "END_TURN", k)
    assert s.turn == 1 and s.hp[1] == 5 and s.hp[2] == 1
    assert event_names(k, s)[:2] == ["turn", "recover"]
    act(s, "END_TURN", k)
    assert s.turn == 2 and s.hp[2] == 1, "1 resilience left: no recovery"


def test_defeated_player_recovers_even_with_no_card(build):
    k = load_module("engine_ext.katana._rules", build)
    s = position(k, 4, roles=["shogun", "samurai", "ninja", "ninja"],
                 characters=["hideyoshi", "ushiwaka", "chiyome", "nobunaga"],
                 hands={0: PARADE, 2: PARADE, 3: PARADE}, hp={1: 0}, pile=["bo", "daimyo"])
    act(s, "END_TURN", k)
    assert s.hp[1] == 4 and hand(s, 1) == {"daimyo": 1, "bo": 1}


# ------------------------------------------------------------------ Tomoe and Ushiwaka
def test_tomoe_draws_one_card_per_wounding_attack(build):
    k = load_module("engine_ext.katana._rules", build)
    s = position(k, 4, roles=["shogun", "samurai", "ninja", "ninja"],
                 characters=["tomoe", "ieyasu", "chiyome", "nobunaga"],
                 hands={0: {"kiseru": 2, "concentration": 1}, 1: {"parade": 1, "bo": 1}, 2: PARADE, 3: PARADE},
                 permanents={0: {"concentration": 1}}, pile=["geisha", "daimyo", "diversion"])
    act(s, "PLAY_KISERU", k)
    act(s, "TARGET_SEAT_1", k)
    act(s, "TAKE_DAMAGE", k)
    assert s.hp[1] == 3
    assert hand(s, 0) == {"kiseru": 1, "concentration": 1, "diversion": 1}
    act(s, "PLAY_KISERU", k)
    act(s, "TARGET_SEAT_1", k)
    act(s, "PARRY", k)
    assert hand(s, 0) == {"concentration": 1, "diversion": 1}, "a parried attack wounds nobody"


def test_ushiwaka_draws_one_card_per_point_lost_to_a_weapon(build):
    k = load_module("engine_ext.katana._rules", build)
    s = position(k, 4, roles=["shogun", "samurai", "ninja", "ninja"],
                 characters=["hideyoshi", "ushiwaka", "chiyome", "nobunaga"],
                 hands={0: {"kiseru": 1}, 1: {"bo": 1}, 2: PARADE, 3: PARADE},
                 pile=["bokken", "geisha", "daimyo"])
    act(s, "PLAY_KISERU", k)
    act(s, "TARGET_SEAT_1", k)
    act(s, "TAKE_DAMAGE", k)
    assert s.hp[1] == 2
    assert hand(s, 1) == {"bo": 1, "daimyo": 1, "geisha": 1}


def test_ushiwaka_draws_nothing_for_damage_beyond_his_last_point(build):
    k = load_module("engine_ext.katana._rules", build)
    s = position(k, 4, roles=["shogun", "samurai", "ninja", "ninja"],
                 characters=["hideyoshi", "ushiwaka", "chiyome", "nobunaga"],
                 hands={0: {"katana": 1}, 1: {"bo": 1}, 2: PARADE, 3: PARADE},
                 hp={1: 1}, pile=["bokken", "geisha", "daimyo"])
    act(s, "PLAY_KATANA", k)
    act(s, "TARGET_SEAT_1", k)
    act(s, "TAKE_DAMAGE", k)
    assert s.hp[1] == 0
    assert hand(s, 1) == {"bo": 1, "daimyo": 1}

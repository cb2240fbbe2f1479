"""Katana set-up: role cards, characters, the deck, starting honour and hands (rulebook, Préparation)."""
from collections import Counter

import pytest

from arena.engines import load_module
from engine_ext.katana import data

from katana_positions import hand, legal_names, phase

ROLE_KEYS = [r.key for r in data.ROLES]
EXPECTED_ROLES = {
    3: {"shogun": 1, "ninja": 2},
    4: {"shogun": 1, "samurai": 1, "ninja": 2},
    5: {"shogun": 1, "samurai": 1, "ninja": 2, "ronin": 1},
    6: {"shogun": 1, "samurai": 1, "ninja": 3, "ronin": 1},
    7: {"shogun": 1, "samurai": 2, "ninja": 3, "ronin": 1},
}
SEEDS = range(40)


@pytest.mark.parametrize("n", [3, 4, 5, 6, 7])
def test_roles_dealt_per_player_count(build, n):
    k = load_module("engine_ext.katana._rules", build)
    shogun_seats = set()
    for seed in SEEDS:
        s = k.new_state(n, seed)
        roles = Counter(ROLE_KEYS[s.role[seat]] for seat in range(n))
        assert dict(roles) == EXPECTED_ROLES[n]
        assert ROLE_KEYS[s.role[s.shogun]] == "shogun"
        shogun_seats.add(s.shogun)
        ninja_stars = sorted(s.stars[seat] for seat in range(n) if ROLE_KEYS[s.role[seat]] == "ninja")
        others = [s.stars[seat] for seat in range(n) if ROLE_KEYS[s.role[seat]] != "ninja"]
        assert others == [0] * (n - len(ninja_stars))
        if n >= 6:
            assert ninja_stars == [1, 2, 3]
        else:
            assert len(set(ninja_stars)) == 2 and set(ninja_stars) <= {1, 2, 3}
    # The role cards are shuffled: the shogun is not always at the same seat.
    assert len(shogun_seats) > 1


def test_four_players_remove_a_random_ninja_card(build):
    """With 4 players one ninja card is removed unseen: each of the three can be the missing one."""
    k = load_module("engine_ext.katana._rules", build)
    missing = Counter()
    for seed in range(120):
        s = k.new_state(4, seed)
        stars = {s.stars[seat] for seat in range(4) if ROLE_KEYS[s.role[seat]] == "ninja"}
        assert len(stars) == 2
        missing[({1, 2, 3} - stars).pop()] += 1
    assert set(missing) == {1, 2, 3}


def test_characters_and_their_resilience(build):
    k = load_module("engine_ext.katana._rules", build)
    expected = {"benkei": 5, "chiyome": 4, "ginchiyo": 4, "goemon": 5, "hanzo": 4, "hideyoshi": 4,
                "ieyasu": 5, "kojiro": 5, "musashi": 5, "nobunaga": 5, "tomoe": 5, "ushiwaka": 4}
    assert {c.key: c.resilience for c in data.CHARACTERS} == expected
    seen = set()
    for seed in SEEDS:
        s = k.new_state(7, seed)
        chars = [data.CHARACTERS[s.character[seat]].key for seat in range(7)]
        assert len(set(chars)) == 7, "characters are dealt without repetition"
        for seat, key in enumerate(chars):
            assert s.hp[seat] == expected[key]
        seen.update(chars)
    assert seen == set(expected)


def test_the_ninety_card_deck(build):
    """32 weapons, 15 permanents, 43 actions, as dealt by the engine."""
    k = load_module("engine_ext.katana._rules", build)
    s = k.new_state(3, 0)
    dealt = Counter(data.CARDS[s.pile[i]].kind for i in range(s.pile_len))
    for seat in range(3):
        for key, count in hand(s, seat).items():
            dealt[data.CARDS[data.card_index(key)].kind] += count
    assert dealt == {data.WEAPON: 32, data.PERMANENT: 15, data.ACTION: 43}
    copies = {c.key: c.copies for c in data.CARDS}
    assert copies["parade"] == 15 and copies["bokken"] == 6 and copies["code_du_bushido"] == 2
    weapons = {c.key: (c.range, c.damage) for c in data.CARDS if c.kind == data.WEAPON}
    assert weapons["shuriken"] == (3, 1) and weapons["kanabo"] == (3, 2) and weapons["nodachi"] == (3, 3)
    assert weapons["bokken"] == (1, 1) and weapons["kiseru"] == (1, 2)
    data.check()


@pytest.mark.parametrize("n", [3, 4, 5, 6, 7])
def test_every_card_is_dealt_from_one_shuffled_deck(build, n):
    k = load_module("engine_ext.katana._rules", build)
    s = k.new_state(n, 7)
    counts = Counter()
    for seat in range(n):
        counts.update(hand(s, seat))
        assert s.hand_size[seat] == sum(hand(s, seat).values())
    counts.update(data.CARDS[s.pile[i]].key for i in range(s.pile_len))
    assert s.discard_len == 0
    assert counts == {c.key: c.copies for c in data.CARDS}
    piles = {tuple(s.pile[i] for i in range(s.pile_len)) for s in (k.new_state(n, 1), k.new_state(n, 2))}
    assert len(piles) == 2, "different seeds shuffle differently"


@pytest.mark.parametrize("n, shogun, other", [(3, 6, 3), (4, 5, 3), (5, 5, 3), (6, 5, 4), (7, 5, 4)])
def test_starting_honour(build, n, shogun, other):
    k = load_module("engine_ext.katana._rules", build)
    for seed in range(10):
        s = k.new_state(n, seed)
        assert [s.honor[seat] for seat in range(n)] == [
            shogun if seat == s.shogun else other for seat in range(n)]


@pytest.mark.parametrize("n", [3, 4, 5, 6, 7])
def test_starting_hands_clockwise_from_the_shogun(build, n):
    """4, 5, 5, 6, 6, 7, 7 cards clockwise from the shogun; the shogun has then drawn his first cards
    (Ieyasu too: the discard pile is empty, so he has no choice)."""
    k = load_module("engine_ext.katana._rules", build)
    for seed in range(10):
        s = k.new_state(n, seed)
        sizes = [s.hand_size[(s.shogun + i) % n] for i in range(n)]
        first_draw = 3 if n == 3 else 2
        if data.CHARACTERS[s.character[s.shogun]].key == "hideyoshi":
            first_draw += 1
        expected = [4, 5, 5, 6, 6, 7, 7][:n]
        expected[0] += first_draw
        assert sizes == expected
        assert s.pile_len == 90 - sum(sizes)


def test_the_shogun_plays_first(build):
    k = load_module("engine_ext.katana._rules", build)
    for seed in range(10):
        s = k.new_state(5, seed)
        assert s.turn == s.shogun and s.current_seats() == [s.shogun]
        assert phase(k, s) == "play_cards" and s.turn_number == 1
        assert "END_TURN" in legal_names(s, k)


@pytest.mark.parametrize("n", [2, 8])
def test_player_count_out_of_range(build, n):
    k = load_module("engine_ext.katana._rules", build)
    with pytest.raises(ValueError, match="3 to 7 players"):
        k.new_state(n, 1)


def test_same_seed_same_game_both_builds():
    """The compiled and uncompiled builds deal the same game from the same seed."""
    deals = []
    for build in ("compiled", "python"):
        s = load_module("engine_ext.katana._rules", build).new_state(6, 12345)
        deals.append(([s.role[i] for i in range(6)], [s.character[i] for i in range(6)],
                      [s.pile[i] for i in range(s.pile_len)], [hand(s, i) for i in range(6)]))
    assert deals[0] == deals[1]

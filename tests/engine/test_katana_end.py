"""Katana: the end of the game, victoire au fil de l'épée, scoring, ranks and ``result()``."""
import pytest

from arena.engines import load_module
from engine_ext.katana import data

from katana_positions import act, cards_accounted, event_names, hand, in_play, legal_names, position

PARADE = {"parade": 1}
BUSHIDO = data.card_index("code_du_bushido")
ROLES = {
    3: ["shogun", "ninja", "ninja"],
    4: ["shogun", "samurai", "ninja", "ninja"],
    5: ["shogun", "samurai", "ninja", "ninja", "ronin"],
    6: ["shogun", "samurai", "ninja", "ninja", "ninja", "ronin"],
    7: ["shogun", "samurai", "samurai", "ninja", "ninja", "ninja", "ronin"],
}
# Nobody with a draw ability sits after the shogun (seat 1 draws when the pile runs out).
CHARS = ["goemon", "chiyome", "tomoe", "musashi", "kojiro", "benkei", "ginchiyo"]


def ended_by_exhaustion(k, n, final_honor, **kw):
    """A game that ends when seat 1 draws from an empty pile: every player loses 1 honour, and
    ``final_honor`` (one value per seat, one of them 0) is what they are left with."""
    assert 0 in final_honor
    kw.setdefault("hands", {seat: PARADE for seat in range(n)})
    s = position(k, n, roles=kw.pop("roles", ROLES[n]), characters=CHARS[:n],
                 honor={seat: h + 1 for seat, h in enumerate(final_honor)}, pile=[], discard=["bo"], **kw)
    act(s, "END_TURN", k)
    assert s.is_terminal()
    assert [s.honor[i] for i in range(n)] == list(final_honor)
    return s


# ------------------------------------------------------------------ honour end
def test_a_player_without_honour_ends_the_game_at_once(build):
    k = load_module("engine_ext.katana._rules", build)
    s = position(k, 5, roles=ROLES[5], characters=CHARS[:5],
                 hands={0: {"kiseru": 2}, 1: PARADE, 2: PARADE, 3: PARADE, 4: {"parade": 1}},
                 honor={4: 1}, hp={4: 2}, permanents={0: {"concentration": 1}})
    act(s, "PLAY_KISERU", k)
    act(s, "TARGET_SEAT_4", k)
    act(s, "TAKE_DAMAGE", k)
    assert s.is_terminal() and s.honor[4] == 0 and s.honor[0] == 6
    assert s.current_seats() == [] and s.legal_actions(0) == [] and s.legal_actions(4) == []
    with pytest.raises(ValueError, match="the game is over"):
        s.apply(0, k.ACTION_NAMES.index("END_TURN"))
    r = s.result()
    assert r["end_reason"] == "honor"
    assert event_names(k, s)[-1] == "end"


def test_result_is_refused_before_the_end(build):
    k = load_module("engine_ext.katana._rules", build)
    s = k.new_state(4, 3)
    with pytest.raises(ValueError, match="not over"):
        s.result()


# ------------------------------------------------------------------ victoire au fil de l'épée
def sword_position(k, n, victim_role, **kw):
    """Seat 0 (the shogun) holds a Bokken; seat 1 is the last other player with resilience left."""
    roles = list(ROLES[n])
    other = roles.index(victim_role)
    roles[1], roles[other] = roles[other], roles[1]
    hp = {seat: 0 for seat in range(2, n)}
    hp[1] = 1
    return position(k, n, roles=roles, characters=CHARS[:n],
                    hands={0: {"bokken": 1}, **{seat: PARADE for seat in range(1, n)}}, hp=hp, **kw)


def test_victoire_au_fil_de_l_epee(build):
    k = load_module("engine_ext.katana._rules", build)
    # The ninjas have far more honour, yet the lone survivor's team is first.
    s = sword_position(k, 5, "ninja", honor={0: 1, 2: 3, 3: 4, 4: 1})
    act(s, "PLAY_BOKKEN", k)
    act(s, "TARGET_SEAT_1", k)
    act(s, "TAKE_DAMAGE", k)
    assert s.is_terminal()
    r = s.result()
    assert r["end_reason"] == "sword_victory" and r["winner"] == "shogun"
    assert r["team_scores"] == {"shogun": 2 + 3, "ninja": 2 + 4, "ronin": 2}
    assert [e["rank"] for e in r["seats"]] == [1, 2, 1, 2, 3]
    assert list(r["team_scores"]) == ["shogun", "ninja", "ronin"]


def test_sword_victory_by_battlecry(build):
    k = load_module("engine_ext.katana._rules", build)
    s = position(k, 4, roles=ROLES[4], characters=CHARS[:4],
                 hands={0: {"cri_de_guerre": 1}, 1: PARADE, 2: PARADE, 3: PARADE}, hp={1: 0, 2: 1, 3: 0})
    act(s, "PLAY_CRI_DE_GUERRE", k)
    act(s, "TAKE_DAMAGE", k)
    assert s.is_terminal() and s.result()["end_reason"] == "sword_victory"
    assert s.honor[0] == 6 and s.result()["winner"] == "shogun"


def test_no_sword_victory_in_a_three_player_game(build):
    k = load_module("engine_ext.katana._rules", build)
    s = position(k, 3, roles=ROLES[3], characters=CHARS[:3],
                 hands={0: {"bokken": 1}, 1: PARADE, 2: PARADE}, hp={1: 1, 2: 0}, pile=["daimyo"] * 5)
    act(s, "PLAY_BOKKEN", k)
    act(s, "TARGET_SEAT_1", k)
    act(s, "TAKE_DAMAGE", k)
    assert s.hp[1] == 0 and s.hp[2] == 0
    assert not s.is_terminal() and s.current_seats() == [0]
    act(s, "END_TURN", k)
    assert s.hp[1] == 4, "he recovers at his next turn"


def test_sword_victory_voided_by_defeating_a_teammate(build):
    """The lone survivor who just defeated a teammate: the game ends, scored normally, Lame perdue."""
    k = load_module("engine_ext.katana._rules", build)
    s = sword_position(k, 5, "samurai", honor={0: 2, 1: 4, 2: 3, 3: 3, 4: 2})
    act(s, "PLAY_BOKKEN", k)
    act(s, "TARGET_SEAT_1", k)
    act(s, "TAKE_DAMAGE", k)
    assert s.is_terminal()
    r = s.result()
    assert r["end_reason"] == "sword_victory_void"
    assert [s.honor[i] for i in range(5)] == [3, 3, 3, 3, 2]
    assert [e["points"] for e in r["seats"]] == [3, 3 - 3, 3, 3, 4]
    assert r["team_scores"] == {"ninja": 6, "ronin": 4, "shogun": 3}
    assert r["winner"] == "ninja" and r["ranks"] == [3, 3, 1, 1, 2]


def test_lame_perdue_on_an_honour_end(build):
    """The samurai defeats the shogun, who had 1 honour left: the shogun loses 3 points."""
    k = load_module("engine_ext.katana._rules", build)
    s = position(k, 6, roles=ROLES[6], characters=CHARS[:6], turn=1,
                 hands={0: PARADE, 1: {"bokken": 1}, 2: PARADE, 3: PARADE, 4: PARADE, 5: PARADE},
                 honor={0: 1, 1: 2, 2: 4, 3: 4, 4: 4, 5: 5}, hp={0: 1})
    act(s, "PLAY_BOKKEN", k)
    act(s, "TARGET_SEAT_0", k)
    act(s, "TAKE_DAMAGE", k)
    r = s.result()
    assert r["end_reason"] == "honor"
    assert [e["points"] for e in r["seats"]] == [0 - 3, 3 * 2, 4, 4, 4, 5 * 3]
    assert r["team_scores"]["shogun"] == 3 and r["winner"] == "ronin"


def test_no_lame_perdue_when_the_game_goes_on(build):
    k = load_module("engine_ext.katana._rules", build)
    s = position(k, 5, roles=ROLES[5], characters=CHARS[:5],
                 hands={0: {"bokken": 1}, 1: PARADE, 2: PARADE, 3: PARADE, 4: PARADE}, hp={1: 1}, pile=["bo"] * 9,
                 discard=["bo"])
    act(s, "PLAY_BOKKEN", k)
    act(s, "TARGET_SEAT_1", k)
    act(s, "TAKE_DAMAGE", k)
    assert not s.is_terminal() and s.lost_blade_victim == -1 and s.honor[1] == 2


# ------------------------------------------------------------------ the order after a hit
def test_after_a_hit_defeat_first_then_ushiwaka_then_tomoe(build):
    k = load_module("engine_ext.katana._rules", build)
    s = position(k, 4, roles=ROLES[4], characters=["tomoe", "ushiwaka", "goemon", "chiyome"],
                 hands={0: {"kiseru": 1}, 1: PARADE, 2: PARADE, 3: PARADE}, hp={1: 2},
                 pile=["bo", "geisha", "daimyo", "armure"])
    act(s, "PLAY_KISERU", k)
    act(s, "TARGET_SEAT_1", k)
    since = len(s.events)
    act(s, "TAKE_DAMAGE", k)
    assert event_names(k, s, since) == ["damage", "defeat", "honor", "honor", "draw", "draw", "draw"]
    drawers = [e[1] for e in s.events[since + 4:]]
    assert drawers == [1, 1, 0]
    assert hand(s, 1) == {"parade": 1, "armure": 1, "daimyo": 1} and hand(s, 0) == {"geisha": 1}


def test_defeat_ending_the_game_comes_before_ushiwakas_draws(build):
    k = load_module("engine_ext.katana._rules", build)
    s = position(k, 4, roles=ROLES[4], characters=["tomoe", "ushiwaka", "goemon", "chiyome"],
                 hands={0: {"kiseru": 1}, 1: PARADE, 2: PARADE, 3: PARADE}, hp={1: 2}, honor={1: 1},
                 pile=["bo", "geisha", "daimyo", "armure"])
    act(s, "PLAY_KISERU", k)
    act(s, "TARGET_SEAT_1", k)
    act(s, "TAKE_DAMAGE", k)
    assert s.is_terminal() and s.result()["end_reason"] == "honor"
    assert hand(s, 1) == {"parade": 1} and hand(s, 0) == {}


def test_tomoe_draw_exhausting_the_pile_ends_on_honour_before_the_sword_victory(build):
    k = load_module("engine_ext.katana._rules", build)
    s = position(k, 4, roles=ROLES[4], characters=["tomoe", "ushiwaka", "goemon", "chiyome"],
                 hands={0: {"bokken": 1}, 1: PARADE, 2: PARADE, 3: PARADE}, hp={1: 0, 2: 0, 3: 1},
                 honor={2: 1}, pile=[], discard=["bo"])
    act(s, "PLAY_BOKKEN", k)
    act(s, "TARGET_SEAT_3", k)
    act(s, "TAKE_DAMAGE", k)
    assert s.hp[3] == 0 and s.is_terminal()
    assert s.result()["end_reason"] == "honor"
    assert [s.honor[i] for i in range(4)] == [5, 2, 0, 1]


# ------------------------------------------------------------------ scoring table
@pytest.mark.parametrize("n, final, points", [
    (3, [4, 0, 2], [8, 0, 2]),
    (4, [3, 2, 0, 2], [3, 4, 0, 4]),        # seat 3: the ninja with the most stars doubles
    (5, [3, 1, 2, 0, 2], [3, 1, 2, 0, 4]),
    (6, [2, 2, 1, 0, 1, 1], [2, 4, 1, 0, 1, 3]),
    (7, [2, 1, 1, 0, 1, 2, 1], [2, 1, 1, 0, 1, 2, 3]),
])
def test_scoring_multipliers(build, n, final, points):
    k = load_module("engine_ext.katana._rules", build)
    s = ended_by_exhaustion(k, n, final, stars={2: 1, 3: 3} if n == 4 else None)
    r = s.result()
    assert [e["points"] for e in r["seats"]] == points
    assert [s.seat_points(i) for i in range(n)] == points
    teams = [e["team"] for e in r["seats"]]
    for team in set(teams):
        assert r["team_scores"][team] == sum(p for p, t in zip(points, teams) if t == team)
    assert r["end_reason"] == "honor"


@pytest.mark.parametrize("stars, doubled", [({2: 1, 3: 2}, 3), ({2: 3, 3: 1}, 2), ({2: 2, 3: 3}, 3)])
def test_four_players_the_ninja_with_most_stars_doubles(build, stars, doubled):
    k = load_module("engine_ext.katana._rules", build)
    s = ended_by_exhaustion(k, 4, [1, 0, 3, 3], stars=stars)
    assert [s.seat_points(i) for i in (2, 3)] == [6 if seat == doubled else 3 for seat in (2, 3)]


def test_daimyo_points_never_multiplied_and_none_for_the_ronin(build):
    k = load_module("engine_ext.katana._rules", build)
    hands = {0: {"daimyo": 1}, 1: {"daimyo": 2}, 2: PARADE, 3: {"daimyo": 3}, 4: PARADE, 5: {"daimyo": 2}}
    s = ended_by_exhaustion(k, 6, [2, 3, 0, 1, 1, 2], hands=hands)
    r = s.result()
    assert [e["points"] for e in r["seats"]] == [2 + 1, 3 * 2 + 2, 0, 1 + 3, 1, 2 * 3]
    assert r["team_scores"] == {"shogun": 11, "ronin": 6, "ninja": 5}


@pytest.mark.parametrize("n, final, order", [
    # ninjas tie with the shogun's team; then with both other teams
    (5, [2, 1, 3, 0, 0], ["ninja", "shogun", "ronin"]),
    (5, [2, 2, 4, 0, 2], ["ninja", "shogun", "ronin"]),
    # shogun's team and the ronin tie for first
    (5, [2, 2, 1, 0, 2], ["shogun", "ronin", "ninja"]),
    # the ronin alone first, ninjas and shogun's team tied behind
    (6, [2, 0, 1, 1, 0, 2], ["ronin", "ninja", "shogun"]),
])
def test_tie_breaks(build, n, final, order):
    k = load_module("engine_ext.katana._rules", build)
    s = ended_by_exhaustion(k, n, final)
    r = s.result()
    assert list(r["team_scores"]) == order
    assert r["winner"] == order[0]
    assert r["ranks"] == [order.index(team) + 1 for team in r["teams"]]


def test_result_describes_every_seat(build):
    k = load_module("engine_ext.katana._rules", build)
    s = ended_by_exhaustion(k, 5, [3, 0, 1, 2, 1], hands={0: {"daimyo": 1}, 1: PARADE, 2: PARADE, 3: PARADE,
                                                           4: {"daimyo": 1}})
    r = s.result()
    assert r["game"] == "katana" and r["end_reason"] == "honor"
    assert [(e["seat"], e["character"], e["role"], e["team"]) for e in r["seats"]] == [
        (0, "goemon", "shogun", "shogun"), (1, "chiyome", "samurai", "shogun"), (2, "tomoe", "ninja", "ninja"),
        (3, "musashi", "ninja", "ninja"), (4, "kojiro", "ronin", "ronin")]
    assert [e["honor"] for e in r["seats"]] == [3, 0, 1, 2, 1]
    assert [e["points"] for e in r["seats"]] == [4, 0, 1, 2, 2]
    assert r["scores"] == [4, 4, 3, 3, 2] and [e["score"] for e in r["seats"]] == r["scores"]
    assert r["ranks"] == [1, 1, 2, 2, 3] and r["winner"] == "shogun"
    assert r["teams"] == ["shogun", "shogun", "ninja", "ninja", "ronin"]
    # Roles are public once the game is over.
    assert [seat["role"] for seat in s.observation(2)["seats"]] == ROLES[5]


def test_lame_perdue_is_taken_after_the_multiplier(build):
    """A samurai (x2 with 6 players) defeated by the shogun, the last player standing: 3 x 2 - 3."""
    k = load_module("engine_ext.katana._rules", build)
    s = sword_position(k, 6, "samurai", honor={1: 4})
    act(s, "PLAY_BOKKEN", k)
    act(s, "TARGET_SEAT_1", k)
    act(s, "TAKE_DAMAGE", k)
    assert s.result()["end_reason"] == "sword_victory_void"
    assert s.honor[1] == 3 and s.seat_points(1) == 3 * 2 - 3


# ------------------------------------------------------------------ whole games
@pytest.mark.parametrize("n", [3, 4, 5, 6, 7])
def test_random_games_keep_every_card_and_stay_within_bounds(build, n):
    import random

    k = load_module("engine_ext.katana._rules", build)
    for seed in range(4):
        s = k.new_state(n, seed)
        rng = random.Random(seed)
        while not s.is_terminal():
            seat = s.current_seats()[0]
            s.apply(seat, rng.choice(s.legal_actions(seat)))
            # A Code du bushido waiting for its target is neither in a hand nor in play yet.
            waiting = k.PHASE_NAMES[s.phase] == "choose_target" and s.pending_card == BUSHIDO
            assert cards_accounted(s) == 90 - waiting
            for p in range(n):
                assert 0 <= s.hp[p] <= data.CHARACTERS[s.character[p]].resilience
                assert s.hand_size[p] == sum(hand(s, p).values())
                assert s.honor[p] >= 0
            holders = [p for p in range(n) if in_play(s, p).get("code_du_bushido")]
            assert holders == ([s.bushido_holder] if s.bushido_holder >= 0 else [])
        r = s.result()
        assert r["end_reason"] in ("honor", "sword_victory", "sword_victory_void")
        if r["end_reason"] == "honor":
            assert min(s.honor[p] for p in range(n)) == 0
        else:
            assert n > 3 and sum(1 for p in range(n) if s.hp[p] > 0) == 1


def test_clone_is_independent(build):
    k = load_module("engine_ext.katana._rules", build)
    s = position(k, 4, roles=ROLES[4], characters=CHARS[:4],
                 hands={0: {"kiseru": 1}, 1: PARADE, 2: PARADE, 3: PARADE}, pile=["bo"] * 6)
    c = s.clone()
    act(c, "PLAY_KISERU", k)
    act(c, "TARGET_SEAT_1", k)
    act(c, "TAKE_DAMAGE", k)
    assert c.hp[1] == 2 and s.hp[1] == 4
    assert hand(s, 0) == {"kiseru": 1} and legal_names(s, k) == ["END_TURN", "PLAY_KISERU"]

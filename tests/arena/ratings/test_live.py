import pytest

from arena.ratings import LiveElo, MatchRecord, fit_ratings
from arena.ratings.live import information_scale


def test_two_equal_players_winner_gains_half_k():
    elo = LiveElo(k=32)
    changes = elo.update(MatchRecord("duel", ("a", "b"), (1, 2)))
    assert changes == pytest.approx({"a": 16.0, "b": -16.0})
    assert elo["a"] == pytest.approx(1516.0) and elo["b"] == pytest.approx(1484.0)


def test_known_number_for_unequal_players():
    elo = LiveElo(k=32, ratings={"a": 1600.0, "b": 1400.0})
    expected_a = 1 / (1 + 10 ** (-200 / 400))
    changes = elo.update(MatchRecord("duel", ("a", "b"), (2, 1)))
    assert changes["a"] == pytest.approx(-32 * expected_a)
    assert changes["b"] == pytest.approx(32 * expected_a)


def test_draw_between_equals_changes_nothing():
    elo = LiveElo()
    assert elo.update(MatchRecord("duel", ("a", "b"), (1, 1))) == pytest.approx({"a": 0.0, "b": 0.0})


def test_multiplayer_k_is_divided_by_n_minus_one():
    elo = LiveElo(k=32)
    changes = elo.update(MatchRecord("melee", ("a", "b", "c", "d", "e"), (1, 2, 3, 4, 5)))
    # Among equals each pair is worth +-16 * (1/(N-1)) ... the winner beats 4 others:
    assert changes["a"] == pytest.approx(32 / 4 * 4 * 0.5)
    assert changes["c"] == pytest.approx(0.0)
    assert changes["e"] == pytest.approx(-16.0)
    assert sum(changes.values()) == pytest.approx(0.0)


def test_team_members_exchange_per_seat_so_a_match_sums_to_zero():
    elo = LiveElo(k=32, ratings={"a": 1600.0, "b": 1400.0, "c": 1500.0})
    rec = MatchRecord("katana", ("a", "b", "c"), (1, 1, 2), teams=("shogun", "shogun", "ronin"))
    changes = elo.update(rec)
    # The team rates as the mean of its members (1500), equal to the ronin; each of the two seat
    # pairs exchanges K/(3-1) * (1 - 1/2) = 8 points: each shogun +8, the ronin -16.
    assert changes == pytest.approx({"a": 8.0, "b": 8.0, "c": -16.0})


def test_a_lone_shogun_against_two_ninjas_takes_what_they_lose():
    # The reported case: 3 seats, the shogun won, the ninjas are one team of two.
    rec = MatchRecord("katana", ("s", "n1", "n2"), (1, 2, 2), teams=("shogun", "ninja", "ninja"))
    changes = LiveElo(k=32).update(rec)
    assert changes == pytest.approx({"s": 16.0, "n1": -8.0, "n2": -8.0})
    assert sum(changes.values()) == pytest.approx(0.0, abs=1e-12)


def test_voided_match_is_ignored():
    elo = LiveElo()
    assert elo.update(MatchRecord("duel", ("a", "b"), (1, 2), voided=True)) == {}
    assert "a" not in elo and elo["a"] == 1500.0


def test_forfeits_are_worst_ranks():
    elo = LiveElo(k=30)
    # c and d forfeited: they share the worst rank and lose to both finishers.
    changes = elo.update(MatchRecord("melee", ("a", "b", "c", "d"), (1, 2, 3, 3)))
    assert changes["c"] == changes["d"] == pytest.approx(30 / 3 * (-0.5 - 0.5 + 0.0))
    assert changes["a"] == pytest.approx(30 / 3 * 1.5)


def test_seed_from_fitted_table_replaces_state():
    records = [MatchRecord("duel", ("a", "b"), (1, 2))] * 10 + [MatchRecord("duel", ("a", "b"), (2, 1))] * 5
    table = fit_ratings(records, prior_sd=300)
    elo = LiveElo(ratings={"a": 1000.0, "z": 1234.0})
    elo.seed(table)
    assert elo["a"] == pytest.approx(table["a"].rating)
    assert elo["b"] == pytest.approx(table["b"].rating)
    assert elo["z"] == 1234.0
    assert LiveElo.from_table(table)["a"] == pytest.approx(table["a"].rating)


def test_a_match_of_one_seat_moves_no_rating_and_no_fit():
    elo = LiveElo(ratings={"a": 1600.0})
    assert elo.update(MatchRecord("g", ("a",), (1,))) == {}
    assert elo.rating("a") == 1600.0
    duels = [MatchRecord("g", ("a", "b"), (1, 2)), MatchRecord("g", ("b", "a"), (1, 2))]
    with_solo = fit_ratings(duels + [MatchRecord("g", ("a",), (1,))] * 5, prior_sd=300.0)
    without = fit_ratings(duels, prior_sd=300.0)
    assert with_solo["a"].rating == pytest.approx(without["a"].rating)
    assert with_solo["a"].games == without["a"].games == 2


def test_the_interval_starts_at_the_prior_and_narrows_with_each_game():
    elo = LiveElo()
    assert elo.interval("a") == pytest.approx((1500 - 1.96 * 300, 1500 + 1.96 * 300), abs=0.1)
    widths = []
    for i in range(20):
        elo.update(MatchRecord("duel", ("a", "b"), (1 + i % 2, 2 - i % 2)))
        low, high = elo.interval("a")
        widths.append(high - low)
    assert all(later < earlier for earlier, later in zip(widths, widths[1:]))
    # One even duel carries p(1-p) = 1/4 natural units of information: after 20 of them (prior
    # precision (173.7/300)^2 = 0.335) the standard deviation is 173.7 / sqrt(5.335) = 75.2.
    assert elo.sd("a") == pytest.approx(173.72 / (0.3353 + 20 * 0.25) ** 0.5, rel=0.01)


def test_a_ranking_of_many_sides_carries_its_plackett_luce_information_not_the_pairs_sum():
    assert information_scale(2) == pytest.approx(1.0)
    # 5 equal sides: (5 - H_5) / 5 = 0.5433 against 4 pairs of 1/4 = 1.
    assert information_scale(5) == pytest.approx((5 - (1 + 1/2 + 1/3 + 1/4 + 1/5)) / 5)
    elo = LiveElo()
    info = elo.information(MatchRecord("melee", tuple("abcde"), (1, 2, 3, 4, 5)))
    assert info["a"] == pytest.approx(0.5433, abs=1e-4)
    # A member of a team of two moves its side's mean by half: a quarter of the information.
    team = elo.information(MatchRecord("katana", ("s", "n1", "n2"), (1, 2, 2), teams=("shogun", "ninja", "ninja")))
    assert team["n1"] == pytest.approx(team["s"] / 4)


def test_seed_takes_the_fitted_standard_deviation():
    records = [MatchRecord("duel", ("a", "b"), (1, 2))] * 10 + [MatchRecord("duel", ("a", "b"), (2, 1))] * 5
    table = fit_ratings(records, prior_sd=300)
    elo = LiveElo.from_table(table)
    assert elo.sd("a") == pytest.approx(table["a"].sd)
    assert elo.interval("a") == pytest.approx((table["a"].low, table["a"].high), abs=0.01)


def test_with_k_min_the_k_of_a_pair_follows_the_mean_of_their_variances_and_still_conserves():
    elo = LiveElo(k=32, k_min=2, sds={"veteran": 30.0, "settled": 60.0})
    # two newcomers (sd 300: variance 2.98 natural units) get the cap; two veterans the floor
    assert elo.pair_k("new1", "new2") == 32
    assert elo.pair_k("veteran", "veteran") == pytest.approx(30 ** 2 / 173.7178)  # 5.18
    assert elo.pair_k("veteran", "settled") == pytest.approx((30 ** 2 + 60 ** 2) / 2 / 173.7178)  # 12.95
    assert LiveElo(k=32, k_min=8, sds={"a": 30.0, "b": 30.0}).pair_k("a", "b") == 8
    changes = elo.update(MatchRecord("katana", ("veteran", "settled", "new1"), (1, 1, 2),
                                     teams=("shogun", "shogun", "ninja")))
    assert sum(changes.values()) == pytest.approx(0.0, abs=1e-12)
    # against a newcomer the mean variance is the newcomer's half: both pairs reach the cap, K/(3-1) * 1/2
    assert changes == pytest.approx({"veteran": 8.0, "settled": 8.0, "new1": -16.0})
    with pytest.raises(ValueError, match="k_min"):
        LiveElo(k=16, k_min=32)

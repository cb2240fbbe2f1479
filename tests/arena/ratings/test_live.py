import pytest

from arena.ratings import LiveElo, MatchRecord, fit_ratings


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


def test_team_members_share_the_team_delta():
    elo = LiveElo(k=32, ratings={"a": 1600.0, "b": 1400.0, "c": 1500.0})
    rec = MatchRecord("katana", ("a", "b", "c"), (1, 1, 2), teams=("shogun", "shogun", "ronin"))
    changes = elo.update(rec)
    # The team rates as the mean of its members (1500), equal to the ronin.
    assert changes == pytest.approx({"a": 16.0, "b": 16.0, "c": -16.0})


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

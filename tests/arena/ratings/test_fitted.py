import itertools
import math

import numpy as np
import pytest
from scipy.stats import spearmanr

from arena.ratings import ELO_PER_NATURAL, MatchRecord, fit_by_game, fit_ratings
from arena.ratings.likelihood import build_design
from arena.ratings.plackett_luce import pairwise_matrix, rank_probabilities
from arena.ratings.simulate import (
    KATANA_FACTION_OFFSETS,
    free_for_all_league,
    hidden_team_league,
    two_player_league,
)


def duel(a, b, ranks=(1, 2), **kw):
    return MatchRecord("duel", (a, b), ranks, **kw)


def test_bradley_terry_recovers_order_of_known_strengths():
    records, truth = two_player_league(20, 3000, sd=1.0)(np.random.default_rng(1))
    table = fit_ratings(records)
    assert table.model == "bt"
    players = sorted(truth)
    rho = spearmanr([table[p].rating for p in players], [truth[p] for p in players]).statistic
    assert rho > 0.9


def test_plackett_luce_recovers_order_of_known_strengths():
    records, truth = free_for_all_league(30, 1500)(np.random.default_rng(2))
    table = fit_ratings(records)
    assert table.model == "pl"
    players = sorted(truth)
    rho = spearmanr([table[p].rating for p in players], [truth[p] for p in players]).statistic
    assert rho > 0.9


def test_draw_between_equal_players_moves_nobody():
    table = fit_ratings([duel("a", "b", (1, 1))], prior_sd=200)
    assert table["a"].rating == pytest.approx(1500.0, abs=1e-6)
    assert table["b"].rating == pytest.approx(1500.0, abs=1e-6)
    base = [duel("a", "b"), duel("b", "a")]
    before = fit_ratings(base, prior_sd=200)
    after = fit_ratings(base + [duel("a", "b", (1, 1))], prior_sd=200)
    assert after["a"].rating == pytest.approx(before["a"].rating, abs=1e-6)


def test_draw_counts_as_half_a_win_each():
    # a beats b once and they draw twice  ==  a has 2 wins and 1 loss in half-units.
    with_draws = fit_ratings([duel("a", "b"), duel("a", "b", (1, 1)), duel("a", "b", (1, 1))], prior_sd=400)
    halves = [duel("a", "b")] * 4 + [duel("b", "a")] * 2  # same log-likelihood doubled
    d1 = build_design([duel("a", "b"), duel("a", "b", (1, 1)), duel("a", "b", (1, 1))], factions=False)
    d2 = build_design(halves, factions=False)
    for s in (-1.0, 0.0, 0.7):
        theta = np.array([s, -s])
        assert 2 * d1.log_likelihood(theta) == pytest.approx(d2.log_likelihood(theta))
    assert with_draws["a"].rating > with_draws["b"].rating


def test_plackett_luce_with_two_players_equals_bradley_terry():
    records = [duel("a", "b"), duel("b", "a"), duel("a", "b", (1, 1)), duel("a", "c"), duel("c", "b", (2, 2))]
    design = build_design(records, factions=False)
    idx = {p: i for i, p in enumerate(design.players)}
    rng = np.random.default_rng(0)
    for _ in range(5):
        theta = rng.normal(size=len(design.players))
        bt = 0.0
        for r in records:
            a, b = (theta[idx[p]] for p in r.players)
            p = 1 / (1 + math.exp(-(a - b)))
            y = 1.0 if r.ranks[0] < r.ranks[1] else 0.5 if r.ranks[0] == r.ranks[1] else 0.0
            bt += y * math.log(p) + (1 - y) * math.log(1 - p)
        assert design.log_likelihood(theta) == pytest.approx(bt)
    assert fit_ratings(records, model="pl", prior_sd=300)["a"].rating == pytest.approx(
        fit_ratings(records, model="bt", prior_sd=300)["a"].rating
    )


def _brute_force_pl(strengths, ranks):
    """Average over tie-breaking orders of the Plackett-Luce log-likelihood."""
    n = len(ranks)
    orders = [o for o in itertools.permutations(range(n)) if all(ranks[o[i]] <= ranks[o[i + 1]] for i in range(n - 1))]
    total = 0.0
    for o in orders:
        ll = 0.0
        for k in range(n):
            rest = [strengths[j] for j in o[k:]]
            ll += strengths[o[k]] - math.log(sum(math.exp(x) for x in rest))
        total += ll
    return total / len(orders)


@pytest.mark.parametrize("ranks", [(1, 2, 3, 4), (1, 1, 2, 3), (2, 1, 2, 2), (1, 2, 2, 2), (1, 1, 1, 1)])
def test_tied_groups_average_over_orders(ranks):
    players = ("a", "b", "c", "d")
    design = build_design([MatchRecord("melee", players, ranks)], factions=False)
    theta = np.array([0.3, -1.1, 0.8, 0.05])
    assert design.log_likelihood(theta) == pytest.approx(_brute_force_pl(theta, ranks))


def test_gradient_and_hessian_match_finite_differences():
    records, _ = hidden_team_league(12, 60)(np.random.default_rng(3))
    records += [MatchRecord("katana", ("samurai000", "samurai001", "samurai002"), (1, 2, 2), teams=("shogun", "ninja", "ninja"))]
    design = build_design(records, factions=True)
    rng = np.random.default_rng(4)
    theta = rng.normal(scale=0.5, size=design.n_params)
    prec = np.full(design.n_params, 0.7)
    f, g = design.objective(theta, prec)
    H = design.hessian(theta, prec)
    h = 1e-6
    for i in range(design.n_params):
        e = np.zeros_like(theta)
        e[i] = h
        fp, gp = design.objective(theta + e, prec)
        fm, gm = design.objective(theta - e, prec)
        assert (fp - fm) / (2 * h) == pytest.approx(g[i], rel=1e-5, abs=1e-6)
        np.testing.assert_allclose((gp - gm) / (2 * h), H[:, i], rtol=1e-4, atol=1e-6)


def test_team_model_recovers_faction_bias():
    records, truth = hidden_team_league(40, 3000, seat_counts=(4, 5))(np.random.default_rng(5))
    table = fit_ratings(records)
    assert table.model == "team"
    for seats in (4, 5):
        keys = [k for k in KATANA_FACTION_OFFSETS if k[1] == seats]
        mean = np.mean([KATANA_FACTION_OFFSETS[k] for k in keys])
        for key in keys:
            true_elo = (KATANA_FACTION_OFFSETS[key] - mean) * ELO_PER_NATURAL
            term = table.factions[key]
            assert abs(term.offset - true_elo) < 45, (key, term, true_elo)
    # the ninjas' edge at 4 seats is found with confidence
    assert table.factions[("ninja", 4)].low > 0 > table.factions[("shogun", 4)].high


def test_anchoring_puts_pool_mean_at_1500():
    records, _ = free_for_all_league(25, 400)(np.random.default_rng(6))
    table = fit_ratings(records)
    assert np.mean([r.rating for r in table.ratings.values()]) == pytest.approx(1500.0, abs=1e-6)
    assert table.mean_rating == pytest.approx(1500.0, abs=1e-6)


def test_reference_anchor_pins_one_player():
    records, _ = free_for_all_league(25, 400)(np.random.default_rng(6))
    free = fit_ratings(records, prior_sd=200)
    pinned = fit_ratings(records, prior_sd=200, anchor=("brawler003", 1000.0))
    assert pinned["brawler003"].rating == pytest.approx(1000.0)
    assert pinned["brawler003"].high - pinned["brawler003"].low == pytest.approx(0.0, abs=1e-6)
    shift = free["brawler003"].rating - 1000.0
    for p in free.ratings:
        assert pinned[p].rating == pytest.approx(free[p].rating - shift, abs=1e-6)
    with pytest.raises(ValueError, match="anchor player"):
        fit_ratings(records, anchor=("nobody", 1500.0))


def test_intervals_shrink_with_more_games():
    gen = two_player_league(10, 200)
    few, _ = gen(np.random.default_rng(7))
    many, _ = two_player_league(10, 2000)(np.random.default_rng(7))
    w_few = np.mean([r.high - r.low for r in fit_ratings(few, prior_sd=200).ratings.values()])
    w_many = np.mean([r.high - r.low for r in fit_ratings(many, prior_sd=200).ratings.values()])
    assert w_many < 0.5 * w_few
    table = fit_ratings(many, prior_sd=200)
    for r in table.ratings.values():
        assert r.low < r.rating < r.high


def test_voided_matches_count_for_nobody():
    base = [duel("a", "b"), duel("b", "c"), duel("c", "a", (1, 1))]
    voided = [duel("a", "c", voided=True)] * 20 + [duel("a", "zed", voided=True)]
    t1 = fit_ratings(base, prior_sd=250)
    t2 = fit_ratings(base + voided, prior_sd=250)
    assert "zed" not in t2
    assert t2.n_matches == 3
    for p in "abc":
        assert t2[p].rating == pytest.approx(t1[p].rating)
        assert t2[p].games == t1[p].games == 2


def test_forfeited_seats_at_worst_rank():
    # d forfeits every match: shares the worst rank with whoever else forfeited.
    records = [
        MatchRecord("melee", ("a", "b", "c", "d"), (1, 2, 3, 4)),
        MatchRecord("melee", ("a", "b", "c", "d"), (2, 1, 4, 4)),
        MatchRecord("melee", ("a", "b", "c", "d"), (1, 2, 3, 4)),
        MatchRecord("melee", ("b", "c", "a", "d"), (1, 2, 4, 4)),
    ]
    table = fit_ratings(records, prior_sd=300)
    assert table["d"].rating == min(r.rating for r in table.ratings.values())
    assert table["a"].rating > table["c"].rating


def test_several_games_need_a_choice():
    records = [duel("a", "b"), MatchRecord("melee", ("a", "b", "c"), (1, 2, 3))]
    with pytest.raises(ValueError, match="several games"):
        fit_ratings(records)
    tables = fit_by_game(records, prior_sd=200)
    assert set(tables) == {"duel", "melee"} and tables["melee"].model == "pl"
    assert fit_ratings(records, game="duel", prior_sd=200).n_matches == 1


def test_empty_and_unknown_inputs():
    assert len(fit_ratings([])) == 0
    table = fit_ratings([duel("a", "b")], prior_sd=200)
    assert table.rating("new") == pytest.approx(1500.0)
    with pytest.raises(ValueError, match="unknown model"):
        fit_ratings([duel("a", "b")], model="glicko")
    with pytest.raises(ValueError, match="two sides"):
        fit_ratings([MatchRecord("melee", ("a", "b", "c"), (1, 2, 3))], model="bt")


def test_predictions_are_consistent():
    records, _ = free_for_all_league(15, 600)(np.random.default_rng(8))
    table = fit_ratings(records)
    players = ["brawler000", "brawler001", "brawler002", "brawler003"]
    R = table.predict_rank_probabilities(players)
    np.testing.assert_allclose(R.sum(axis=0), 1.0)
    np.testing.assert_allclose(R.sum(axis=1), 1.0)
    # first-place probability from the exact table equals Luce's choice rule
    s = np.array([table.strength(p) for p in players])
    np.testing.assert_allclose(R[:, 0], np.exp(s) / np.exp(s).sum())
    p01 = table.predict_win_probability(players[0], players[1])
    assert p01 == pytest.approx(pairwise_matrix(s)[0, 1])
    assert p01 + table.predict_win_probability(players[1], players[0]) == pytest.approx(1.0)
    scores = table.expected_score(players)
    assert sum(scores) == pytest.approx(len(players) / 2)
    # Monte Carlo beyond the exact limit agrees with the exact computation
    big = np.linspace(-1, 1, 11)
    mc = rank_probabilities(big, samples=200000)
    assert mc[:, 0] == pytest.approx(np.exp(big) / np.exp(big).sum(), abs=0.01)


@pytest.mark.slow
def test_hundred_thousand_matches_fit():
    # Correctness at scale (no timing assertion): 100k five-seat matches; the default run's fits are
    # the smaller ones above.
    records, truth = free_for_all_league(200, 100000)(np.random.default_rng(9))
    table = fit_ratings(records)
    assert table.converged and table.n_matches == 100000
    players = sorted(truth)
    rho = spearmanr([table[p].rating for p in players], [truth[p] for p in players]).statistic
    assert rho > 0.98


def _reference_fit(records, *, factions, prior_sd_elo, faction_sd_elo=250.0):
    """The posterior mode by a plain tight quasi-Newton run on the record-by-record design."""
    from scipy.optimize import minimize

    from arena.ratings.likelihood import build_design_reference
    from arena.ratings.scale import ELO_PER_NATURAL

    d = build_design_reference(records, factions=factions)
    P, F = len(d.players), len(d.factions)
    prec = np.concatenate([np.full(P, (ELO_PER_NATURAL / prior_sd_elo) ** 2),
                           np.full(F, (ELO_PER_NATURAL / faction_sd_elo) ** 2)])
    res = minimize(d.objective, np.zeros(P + F), args=(prec,), jac=True, method="L-BFGS-B",
                   options={"maxiter": 10000, "ftol": 1e-15, "gtol": 1e-10})
    H = d.hessian_reference(res.x, prec)
    return d, res.x, np.linalg.inv(H)


@pytest.mark.parametrize("kind", ["duel", "melee", "katana"])
def test_fast_path_equals_reference_on_a_small_record(kind):
    from arena.ratings.likelihood import build_design, build_design_reference
    from arena.ratings.scale import ELO_PER_NATURAL
    from arena.ratings.simulate import free_for_all_league, hidden_team_league, two_player_league

    gen = {"duel": two_player_league(12, 300), "melee": free_for_all_league(12, 200, forfeit_rate=0.2),
           "katana": hidden_team_league(14, 250)}[kind]
    records, _ = gen(np.random.default_rng(3))
    factions = kind == "katana"
    fast, ref = build_design(records, factions=factions), build_design_reference(records, factions=factions)
    assert fast.players == ref.players and fast.factions == ref.factions
    rng = np.random.default_rng(0)
    for _ in range(3):
        theta = rng.normal(size=fast.n_params)
        prec = np.full(fast.n_params, 0.7)
        (f1, g1), (f2, g2) = fast.objective(theta, prec), ref.objective(theta, prec)
        assert f1 == pytest.approx(f2, rel=1e-12)
        np.testing.assert_allclose(g1, g2, atol=1e-10)
        np.testing.assert_allclose(fast.hessian(theta, prec), ref.hessian_reference(theta, prec), atol=1e-9)

    table = fit_ratings(records, prior_sd=200.0)
    d, theta, cov = _reference_fit(records, factions=factions, prior_sd_elo=200.0)
    P = len(d.players)
    s = theta[:P] - theta[:P].mean()
    C = cov[:P, :P]
    var = np.diag(C) - 2 * C.mean(axis=1) + C.mean()
    for i, p in enumerate(d.players):
        assert table[p].rating == pytest.approx(1500 + s[i] * ELO_PER_NATURAL, abs=1e-3)
        assert table[p].sd == pytest.approx(np.sqrt(var[i]) * ELO_PER_NATURAL, abs=1e-3)
    # a refit started from a previous table lands on the same ratings
    again = fit_ratings(records, prior_sd=200.0, previous=table)
    for p in d.players:
        assert again[p].rating == pytest.approx(table[p].rating, abs=1e-3)
    auto = fit_ratings(records)
    auto_again = fit_ratings(records, previous=auto)
    assert auto_again.prior_sd == pytest.approx(auto.prior_sd, rel=1e-3)
    for p in d.players:
        assert auto_again[p].rating == pytest.approx(auto[p].rating, abs=0.05)


def test_posterior_predictive_pairwise_shrinks_toward_one_half():
    records, _ = free_for_all_league(20, 400)(np.random.default_rng(4))
    table = fit_ratings(records)
    rec = MatchRecord("melee", (records[0].players[0], records[0].players[1], "newcomer"), (1, 2, 3))
    _, plug = table.pairwise_matrix(rec, averaged=False)
    _, avg = table.pairwise_matrix(rec)
    np.testing.assert_allclose(avg + avg.T, 1.0)
    off = ~np.eye(3, dtype=bool)
    # same side of 1/2 as the plug-in, never further from it
    assert np.all(np.sign(avg[off] - 0.5) == np.sign(plug[off] - 0.5))
    assert np.all(np.abs(avg[off] - 0.5) <= np.abs(plug[off] - 0.5) + 1e-15)
    # the newcomer (prior variance only) is predicted at the pool mean, with less confidence
    # than a known bot would be: E[logistic(x)] for x ~ N(d, v) by the probit approximation
    d = table.strength(rec.players[0])
    v = table.difference(rec.players[0], rec.players[0])[1]  # 0: same player
    assert v == 0.0
    sd_a = table[rec.players[0]].sd / ELO_PER_NATURAL
    assert abs(avg[0, 2] - 0.5) < abs(plug[0, 2] - 0.5)
    assert avg[0, 2] == pytest.approx(
        1 / (1 + math.exp(-d / math.sqrt(1 + math.pi * (table.prior_sd / ELO_PER_NATURAL) ** 2 / 8
                                          + math.pi * sd_a**2 / 8))), abs=0.02)

"""The fit does not depend on names or seat order, duplicating the record only sharpens it, and
the likelihood of superiority matches its formula."""
import math

import numpy as np
import pytest
from scipy.stats import norm

from arena.ratings import MatchRecord, fit_ratings
from arena.ratings.simulate import free_for_all_league, hidden_team_league


@pytest.fixture(scope="module")
def ffa():
    records, _ = free_for_all_league(12, 300, seats=4)(np.random.default_rng(3))
    return records


@pytest.fixture(scope="module")
def teams():
    records, _ = hidden_team_league(10, 300)(np.random.default_rng(4))
    return records


def _ratings(table):
    return {p: (r.rating, r.low, r.high) for p, r in table.ratings.items()}


@pytest.mark.parametrize("kind", ["ffa", "teams"])
def test_relabelling_bots_and_permuting_seats_changes_nothing(kind, request):
    records = request.getfixturevalue(kind)
    base = fit_ratings(records, prior_sd=200.0)
    rename = {p: f"z-{p[::-1]}" for p in base.ratings}
    rng = np.random.default_rng(0)
    moved = []
    for r in records:
        order = rng.permutation(r.seats)
        moved.append(MatchRecord(r.game, tuple(rename[r.players[i]] for i in order),
                                 tuple(r.ranks[i] for i in order),
                                 None if r.teams is None else tuple(r.teams[i] for i in order)))
    other = fit_ratings(moved, prior_sd=200.0)
    for p, (rating, low, high) in _ratings(base).items():
        q = other[rename[p]]
        assert q.rating == pytest.approx(rating, abs=1e-4)
        assert q.low == pytest.approx(low, abs=1e-4) and q.high == pytest.approx(high, abs=1e-4)


def test_duplicating_the_record_keeps_the_maximum_and_narrows_intervals(ffa):
    # Without a prior the maximum is the same for the doubled record; intervals shrink by sqrt(2).
    once = fit_ratings(ffa, prior_sd=1e5)
    twice = fit_ratings(ffa + ffa, prior_sd=1e5)
    for p, r in once.ratings.items():
        assert twice[p].rating == pytest.approx(r.rating, abs=0.05)
        assert twice[p].sd == pytest.approx(r.sd / math.sqrt(2), rel=1e-3)
        assert twice[p].games == 2 * r.games


def test_superiority_hand_computed():
    # Two players, a wins 3 of 4: the superiority is Phi(diff / sd of the difference).
    records = [MatchRecord("duel", ("a", "b"), (1, 2))] * 3 + [MatchRecord("duel", ("a", "b"), (2, 1))]
    table = fit_ratings(records, prior_sd=400.0)
    diff = (table["a"].rating - table["b"].rating) / (400 / math.log(10))
    # With two players the centred ratings are +-d/2, so sd(a - b) = 2 sd(a).
    sd = 2 * table["a"].sd / (400 / math.log(10))
    assert table.superiority("a", "b") == pytest.approx(norm.cdf(diff / sd), rel=1e-9)
    assert table.superiority("a", "b") + table.superiority("b", "a") == pytest.approx(1.0)
    assert table.superiority("a", "nobody") == 0.5

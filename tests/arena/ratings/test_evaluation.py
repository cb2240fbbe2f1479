import math

import numpy as np
import pytest

from arena.ratings.evaluation import format_evaluation, pair_losses, run_evaluation
from arena.ratings.records import MatchRecord
from arena.ratings.simulate import Scenario, two_player_league


def test_pair_losses_definition():
    rec = MatchRecord("melee", ("a", "b", "c"), (2, 1, 2))
    P = np.array([[0.5, 0.3, 0.6], [0.7, 0.5, 0.9], [0.4, 0.1, 0.5]])
    ll, br = pair_losses(rec, P)
    # pairs (a,b): y=0, p=.3; (a,c): tie y=.5, p=.6; (b,c): y=1, p=.9
    exp_ll = (-math.log(0.7) - 0.5 * (math.log(0.6) + math.log(0.4)) - math.log(0.9)) / 3
    assert ll == pytest.approx(exp_ll)
    assert br == pytest.approx((0.3**2 + 0.1**2 + 0.1**2) / 3)


def test_team_match_is_scored_over_team_pairs():
    rec = MatchRecord("katana", ("a", "b", "c"), (1, 2, 1), teams=("s", "n", "s"))
    ll, br = pair_losses(rec, np.array([[0.5, 0.8], [0.2, 0.5]]))
    assert ll == pytest.approx(-math.log(0.8)) and br == pytest.approx(0.04)


@pytest.fixture(scope="module")
def quick():
    return run_evaluation(seed=3, quick=True)


def test_quick_evaluation_structure(quick):
    assert set(quick["scenarios"]) == {"two-player", "free-for-all", "hidden-teams"}
    for sc in quick["scenarios"].values():
        assert set(sc["systems"]) == {"published", "elo", "openskill", "trueskill"}
        for v in sc["systems"].values():
            assert 0 < v["log_loss"] < 2 and 0 < v["brier"] < 0.5
            assert -1 <= v["spearman"] <= 1
        for diffs in sc["differences"].values():
            for m in ("log_loss", "brier", "spearman"):
                d = diffs[m]
                assert d["low"] <= d["diff"] <= d["high"]
                assert d["verdict"] in ("better", "tie", "worse")
        assert sc["n_train"] > sc["n_test"] > 0
    assert "factions" in quick["scenarios"]["hidden-teams"]
    assert set(quick["goals"]) == {"never_worse", "strictly_better_losses", "coverage_in_range"}
    text = format_evaluation(quick)
    assert "published minus baseline" in text and "hidden-teams" in text


def test_quick_evaluation_coverage_is_sane(quick):
    assert 0.8 <= quick["coverage"] <= 1.0
    for sc in quick["scenarios"].values():
        assert 0.7 <= sc["coverage"] <= 1.0
    # the fitted rating orders the bots well on every scenario
    for sc in quick["scenarios"].values():
        assert sc["systems"]["published"]["spearman"] > 0.8


def test_extra_scenario_without_truth():
    gen = two_player_league(12, 300)

    def real_records(rng):
        records, _ = gen(rng)
        return records, None

    result = run_evaluation(
        seed=1, scenarios=[Scenario("engine-records", real_records)], n_boot=50
    )
    sc = result["scenarios"]["engine-records"]
    assert sc["systems"]["published"]["spearman"] is None
    assert "spearman" not in sc["differences"]["elo"]
    assert result["coverage"] is None and sc.get("coverage") is None

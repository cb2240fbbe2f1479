"""Rating by score: the running mean and its t interval, win rates with their Wilson interval."""
import math
import statistics

import pytest

from arena.ratings.scores import ScoreSummary, add_score, automaton_results, mean_interval, wilson_interval


def test_running_mean_and_t_interval_match_the_textbook_formulas():
    scores = [12.0, 7.5, 10.0, 14.0, 9.0]
    summary = ScoreSummary()
    for score in scores:
        summary = add_score(summary, score)
    assert summary.games == 5 and summary.mean == pytest.approx(statistics.mean(scores))
    low, high = mean_interval(summary)
    half = 2.7764451 * statistics.stdev(scores) / math.sqrt(5)   # t(0.975, 4 degrees of freedom)
    assert (low, high) == pytest.approx((10.5 - half, 10.5 + half))


def test_no_interval_before_two_games():
    assert mean_interval(add_score(ScoreSummary(), 3.0)) is None


def test_wilson_interval_hand_computed_and_bounded():
    low, high = wilson_interval(8, 10)
    assert (low, high) == pytest.approx((0.4902, 0.9433), abs=1e-4)
    assert wilson_interval(0, 5)[0] == 0.0 and 0 < wilson_interval(0, 5)[1] < 0.5
    assert wilson_interval(0, 0) is None


def test_a_win_is_a_finish_strictly_above_the_automaton():
    automata = [{"name": "ashigaru", "level": 1, "score": 3, "rank": 2},
                {"name": "daimyo", "level": 3, "score": 9, "rank": 1},
                {"name": "ronin", "level": 2, "score": 5, "rank": 2}]
    assert automaton_results(2, automata) == [(1, "ashigaru", False), (3, "daimyo", False), (2, "ronin", False)]
    assert automaton_results(1, automata)[0] == (1, "ashigaru", True)

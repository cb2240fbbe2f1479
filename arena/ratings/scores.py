"""Rating by score: a bot alone against a game's automata.

A match of one bot seat compares no bots, so its pool is not rated by finishing orders: a bot's
standing is its mean score, with a 95% Student t interval of the mean (scores of a few games are
not normal enough for the normal approximation, and t tends to it as games accumulate), and its
win rate against each automaton level, a win being a finish strictly above that automaton, with
a 95% Wilson score interval (sound at 0 and 100% and for few games, unlike the Wald one), and its
margin against each automaton level (its score minus the automaton's), a mean with its 95% t
interval like the score's.

The mean and the sum of squared deviations are kept with Welford's update, so that one stored
row per bot is enough and long runs do not lose precision.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from scipy.stats import norm, t

__all__ = ["ScoreSummary", "add_score", "mean_interval", "wilson_interval", "automaton_results",
           "automaton_margins"]


@dataclass(frozen=True)
class ScoreSummary:
    games: int = 0
    mean: float = 0.0
    m2: float = 0.0     # sum of squared deviations from the mean


def add_score(summary: ScoreSummary, score: float) -> ScoreSummary:
    """``summary`` with one more game of ``score`` (Welford)."""
    games = summary.games + 1
    deviation = score - summary.mean
    mean = summary.mean + deviation / games
    return ScoreSummary(games, mean, summary.m2 + deviation * (score - mean))


def mean_interval(summary: ScoreSummary, level: float = 0.95) -> tuple[float, float] | None:
    """The Student t interval of the mean score; None before two games (no spread to measure)."""
    if summary.games < 2:
        return None
    sd = math.sqrt(max(summary.m2, 0.0) / (summary.games - 1))
    half = t.ppf(0.5 + level / 2, summary.games - 1) * sd / math.sqrt(summary.games)
    return summary.mean - float(half), summary.mean + float(half)


def wilson_interval(wins: int, games: int, level: float = 0.95) -> tuple[float, float] | None:
    """The Wilson score interval of a win rate; None without games."""
    if games <= 0:
        return None
    z = norm.ppf(0.5 + level / 2)
    rate = wins / games
    centre = (rate + z * z / (2 * games)) / (1 + z * z / games)
    half = z / (1 + z * z / games) * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games))
    return max(0.0, float(centre - half)), min(1.0, float(centre + half))


def automaton_results(rank: int, automata) -> list[tuple[int, str, bool]]:
    """``(level, name, won)`` for each automaton of a match's result (``result["automata"]``:
    ``{"name", "level", "score", "rank"}``), for a bot seat that finished at ``rank``."""
    return [(int(a["level"]), str(a["name"]), rank < int(a["rank"])) for a in automata or ()]


def automaton_margins(score: float, automata) -> dict[int, float]:
    """``{level: margin}``: a bot seat's ``score`` minus the score of each automaton of a match's
    result that gives one (``result["automata"]``)."""
    return {int(a["level"]): float(score) - float(a["score"]) for a in automata or () if a.get("score") is not None}

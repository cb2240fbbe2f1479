"""The Elo scale shared by every rating in this package.

Strengths are fitted in natural units (a difference of 1 multiplies the odds
by e).  Ratings are published on the Elo scale: 400 points are odds of 10:1,
so a strength ``s`` measured from the pool's reference maps to
``1500 + s * 400 / ln(10)``.
"""
from __future__ import annotations

import math

import numpy as np

ELO_BASE = 1500.0
ELO_PER_NATURAL = 400.0 / math.log(10.0)  # about 173.72 Elo points per natural unit

__all__ = [
    "ELO_BASE",
    "ELO_PER_NATURAL",
    "to_elo",
    "from_elo",
    "elo_delta",
    "natural_delta",
    "logistic",
    "elo_win_probability",
]


def to_elo(strength):
    """Strength in natural units (relative to the anchor) -> Elo rating."""
    if _scalar(strength):
        return ELO_BASE + float(strength) * ELO_PER_NATURAL
    return ELO_BASE + np.asarray(strength, dtype=float) * ELO_PER_NATURAL


def from_elo(rating):
    """Elo rating -> strength in natural units relative to 1500."""
    if _scalar(rating):
        return (float(rating) - ELO_BASE) / ELO_PER_NATURAL
    return (np.asarray(rating, dtype=float) - ELO_BASE) / ELO_PER_NATURAL


def elo_delta(natural):
    """A difference in natural units -> a difference in Elo points."""
    return natural * ELO_PER_NATURAL


def natural_delta(elo_points):
    """A difference in Elo points -> a difference in natural units."""
    return elo_points / ELO_PER_NATURAL


def logistic(x):
    """1 / (1 + exp(-x)), numerically safe for arrays and scalars."""
    if _scalar(x):
        x = float(x)
        if x >= 0:
            return 1.0 / (1.0 + math.exp(-x))
        z = math.exp(x)
        return z / (1.0 + z)
    x = np.asarray(x, dtype=float)
    out = np.empty_like(x)
    pos = x >= 0
    out[pos] = 1.0 / (1.0 + np.exp(-x[pos]))
    z = np.exp(x[~pos])
    out[~pos] = z / (1.0 + z)
    return out


def elo_win_probability(rating_a: float, rating_b: float) -> float:
    """Probability that a player rated ``rating_a`` beats one rated ``rating_b``."""
    return 1.0 / (1.0 + 10.0 ** ((rating_b - rating_a) / 400.0))


def _scalar(x) -> bool:
    return isinstance(x, (int, float, np.floating, np.integer))

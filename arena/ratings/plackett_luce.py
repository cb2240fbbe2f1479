"""Predictions under the Plackett-Luce model (strengths in natural units)."""
from __future__ import annotations

from typing import Sequence

import numpy as np

from .scale import logistic

MAX_EXACT_SIDES = 10

__all__ = [
    "pairwise_matrix",
    "expected_scores",
    "rank_probabilities",
    "sample_ranking",
]


def pairwise_matrix(strengths: Sequence[float]) -> np.ndarray:
    """``P[i, j]`` = probability that side i finishes ahead of side j.

    Under Plackett-Luce this marginal is exactly Bradley-Terry:
    ``exp(s_i) / (exp(s_i) + exp(s_j))``.  The diagonal is 0.5.
    """
    s = np.asarray(strengths, dtype=float)
    return logistic(s[:, None] - s[None, :])


def expected_scores(strengths: Sequence[float]) -> np.ndarray:
    """Expected fraction of the other sides each side finishes ahead of."""
    s = np.asarray(strengths, dtype=float)
    n = len(s)
    if n < 2:
        return np.full(n, 0.5)
    P = pairwise_matrix(s)
    return (P.sum(axis=1) - 0.5) / (n - 1)


def rank_probabilities(
    strengths: Sequence[float], *, samples: int = 20000, seed: int = 0
) -> np.ndarray:
    """``R[i, k]`` = probability that side i finishes in position k+1.

    Exact (dynamic programming over the subsets already placed) for up to
    ``MAX_EXACT_SIDES`` sides; Monte Carlo with the Gumbel-max construction of
    Plackett-Luce beyond that.
    """
    s = np.asarray(strengths, dtype=float)
    n = len(s)
    if n == 0:
        return np.zeros((0, 0))
    if n > MAX_EXACT_SIDES:
        rng = np.random.default_rng(seed)
        perf = s[None, :] + rng.gumbel(size=(samples, n))
        order = np.argsort(-perf, axis=1)
        R = np.zeros((n, n))
        for k in range(n):
            R[:, k] = np.bincount(order[:, k], minlength=n) / samples
        return R
    w = np.exp(s - s.max())
    full = (1 << n) - 1
    # prob[mask] = probability that exactly the sides in mask took the first |mask| places
    prob = np.zeros(1 << n)
    prob[0] = 1.0
    weight_of = np.zeros(1 << n)
    for mask in range(1, 1 << n):
        low = mask & -mask
        weight_of[mask] = weight_of[mask ^ low] + w[low.bit_length() - 1]
    R = np.zeros((n, n))
    popcount = [bin(m).count("1") for m in range(1 << n)]
    for mask in range(full):
        p = prob[mask]
        if p == 0.0:
            continue
        remaining = weight_of[full ^ mask]
        k = popcount[mask]
        for i in range(n):
            bit = 1 << i
            if mask & bit:
                continue
            q = p * w[i] / remaining
            R[i, k] += q
            prob[mask | bit] += q
    return R


def sample_ranking(strengths: Sequence[float], rng: np.random.Generator) -> np.ndarray:
    """Draw finishing positions (1 = first) from Plackett-Luce."""
    s = np.asarray(strengths, dtype=float)
    order = np.argsort(-(s + rng.gumbel(size=len(s))))
    ranks = np.empty(len(s), dtype=int)
    ranks[order] = np.arange(1, len(s) + 1)
    return ranks

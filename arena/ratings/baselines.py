"""Rating systems compared in the evaluation, behind one small interface.

Each system is trained on a list of records, then asked, for a held-out
record, the probability that each side finishes ahead of each other side
(``pairwise(record)``), and for a score per player (``scores()``) whose order
is compared with the true strengths.  Predictions are made from the state at
the end of training; held-out matches do not update anything.
"""
from __future__ import annotations

import abc
import math
from typing import Sequence

import numpy as np

from .fitted import DEFAULT_PRIOR_SD, RatingTable, fit_ratings
from .live import LiveElo
from .records import MatchRecord
from .scale import elo_win_probability

__all__ = [
    "RatingSystem",
    "PublishedSystem",
    "EloSystem",
    "OpenSkillSystem",
    "TrueSkillSystem",
    "default_systems",
]


class RatingSystem(abc.ABC):
    name = "base"

    @abc.abstractmethod
    def train(self, records: Sequence[MatchRecord]) -> None:
        """Learns from the training record."""

    @abc.abstractmethod
    def pairwise(self, record: MatchRecord) -> np.ndarray:
        """``P[i, j]``: probability that side i of ``record.units()`` finishes ahead of side j."""

    @abc.abstractmethod
    def scores(self) -> dict[str, float]:
        """Each player's strength on the system's own scale."""


class PublishedSystem(RatingSystem):
    name = "published"

    def __init__(self, prior_sd: float | str = DEFAULT_PRIOR_SD, model: str = "auto") -> None:
        self.prior_sd = prior_sd
        self.model = model
        self.table: RatingTable | None = None

    def train(self, records):
        self.table = fit_ratings(records, model=self.model, prior_sd=self.prior_sd)

    def pairwise(self, record):
        return self.table.pairwise_matrix(record)[1]

    def scores(self):
        return {p: r.rating for p, r in self.table.ratings.items()}


class EloSystem(RatingSystem):
    name = "elo"

    def __init__(self, k: float = 32.0) -> None:
        self.elo = LiveElo(k=k)

    def train(self, records):
        self.elo.update_many(records)

    def pairwise(self, record):
        r = [self.elo.side_rating(u.players) for u in record.units()]
        n = len(r)
        P = np.full((n, n), 0.5)
        for i in range(n):
            for j in range(n):
                if i != j:
                    P[i, j] = elo_win_probability(r[i], r[j])
        return P

    def scores(self):
        return dict(self.elo.ratings)


class OpenSkillSystem(RatingSystem):
    """``openskill``'s Plackett-Luce model with its default parameters.

    Teams are the library's own additive teams (it has no option for a
    team's strength to be the mean of its members')."""

    name = "openskill"

    def __init__(self) -> None:
        from openskill.models import PlackettLuce

        self.model = PlackettLuce()
        self.ratings: dict[str, object] = {}

    def _get(self, p):
        r = self.ratings.get(p)
        if r is None:
            r = self.ratings[p] = self.model.rating(name=p)
        return r

    def train(self, records):
        for rec in records:
            if rec.voided:
                continue
            units = rec.units()
            teams = [[self._get(p) for p in u.players] for u in units]
            new = self.model.rate(teams, ranks=[float(u.rank) for u in units])
            for u, team in zip(units, new):
                for p, r in zip(u.players, team):
                    self.ratings[p] = r

    def pairwise(self, record):
        units = record.units()
        teams = [[self._get_or_default(p) for p in u.players] for u in units]
        n = len(units)
        P = np.full((n, n), 0.5)
        for i in range(n):
            for j in range(i + 1, n):
                pij = self.model.predict_win([teams[i], teams[j]])[0]
                P[i, j], P[j, i] = pij, 1.0 - pij
        return P

    def _get_or_default(self, p):
        return self.ratings.get(p) or self.model.rating(name=p)

    def scores(self):
        return {p: r.mu for p, r in self.ratings.items()}


class TrueSkillSystem(RatingSystem):
    """``trueskill`` with its default parameters, except the draw probability,
    which is set to the share of tied side pairs in the training record.

    A team performs as the mean of its members (partial-play weights 1/size),
    the same team model as the other systems; a side's win probability is
    ``Phi((mu_a - mu_b) / sqrt(var_a + var_b))`` with each side's
    performance variance ``sum(w^2 (sigma^2 + beta^2))``."""

    name = "trueskill"

    def __init__(self) -> None:
        self.env = None
        self.ratings: dict[str, object] = {}

    def train(self, records):
        import trueskill

        live = [r for r in records if not r.voided]
        pairs = ties = 0
        for rec in live:
            ranks = [u.rank for u in rec.units()]
            for i in range(len(ranks)):
                for j in range(i + 1, len(ranks)):
                    pairs += 1
                    ties += ranks[i] == ranks[j]
        draw = min(max(ties / pairs if pairs else 0.0, 1e-3), 0.5)
        self.env = trueskill.TrueSkill(draw_probability=draw)
        for rec in live:
            units = rec.units()
            groups = [tuple(self._get(p) for p in u.players) for u in units]
            weights = [tuple(1.0 / len(u.players) for _ in u.players) for u in units]
            new = self.env.rate(groups, ranks=[u.rank for u in units], weights=weights)
            for u, team in zip(units, new):
                for p, r in zip(u.players, team):
                    self.ratings[p] = r

    def _get(self, p):
        r = self.ratings.get(p)
        if r is None:
            r = self.ratings[p] = self.env.create_rating()
        return r

    def pairwise(self, record):
        beta2 = self.env.beta**2
        units = record.units()
        mu, var = [], []
        for u in units:
            w = 1.0 / len(u.players)
            rs = [self.ratings.get(p) or self.env.create_rating() for p in u.players]
            mu.append(sum(w * r.mu for r in rs))
            var.append(sum(w * w * (r.sigma**2 + beta2) for r in rs))
        n = len(units)
        P = np.full((n, n), 0.5)
        for i in range(n):
            for j in range(n):
                if i != j:
                    z = (mu[i] - mu[j]) / math.sqrt(var[i] + var[j])
                    P[i, j] = 0.5 * math.erfc(-z / math.sqrt(2.0))
        return P

    def scores(self):
        return {p: r.mu for p, r in self.ratings.items()}


def default_systems(prior_sd: float | str = DEFAULT_PRIOR_SD) -> list[RatingSystem]:
    return [PublishedSystem(prior_sd), EloSystem(32.0), OpenSkillSystem(), TrueSkillSystem()]

"""The live rating: an Elo update per match, so a new result shows at once, with an interval.

**The update conserves rating mass.**  A match is split into every pair of seats on different
sides (a side is a team, or a seat without one).  Each pair is a two-player Elo game between
the two *sides'* ratings (a team rates as the mean of its members; a tie is half a point), and
the pair exchanges ``K / (S - 1) * (actual - expected)`` points, ``S`` being the match's seats:
one seat gains exactly what the other loses.  So the changes of a match sum to zero whatever
its shape: hidden teams of unequal sizes (a lone shogun against two ninjas gains ``K/2`` per
ninja beaten, each ninja loses ``K/2``), a ronin alone, a forfeiting seat ranked last as a unit
of its own.  Without teams this is the usual multi-player Elo (``K / (N - 1)`` times the sum
over the pairs; two seats: plain Elo).  Automata are not seats: they are not in the record and
exchange nothing.  Voided matches change nothing.

**The interval** is a Gaussian posterior's: a bot starts with the prior standard deviation
``PRIOR_SD`` (the fit's own fallback prior) and each match adds the Fisher information its
result carries about the bot's strength.  Between two sides that is ``p (1 - p)`` per pair of
sides (Bradley-Terry), divided by the square of the side's size (a member moves its side's mean
by ``1/size``); a ranking of ``N`` sides carries less than its ``N - 1`` pairs would if they were
independent, so the pairwise sum is scaled to the exact Plackett-Luce information of a ranking
of ``N`` equal sides, ``(N - H_N) / N`` (``H_N`` the harmonic number), against the pairs'
``(N - 1) / 4``.  The refit replaces both the ratings and the standard deviations
(:meth:`LiveElo.seed`), which is how the interval tightens to the fit's.
"""
from __future__ import annotations

import math
from typing import Iterable, Mapping, Sequence

from .records import MatchRecord
from .scale import ELO_BASE, ELO_PER_NATURAL, elo_win_probability

__all__ = ["LiveElo", "PRIOR_SD", "Z95", "information_scale"]

PRIOR_SD = 300.0       # Elo points: the fit's fallback prior (arena.ratings.fitted.FALLBACK_PRIOR_SD)
Z95 = 1.959963984540054


def information_scale(sides: int) -> float:
    """Exact Plackett-Luce information of a ranking of ``sides`` equal sides about one of them,
    over the sum of its ``sides - 1`` pairwise Bradley-Terry informations (1 for a duel)."""
    if sides < 2:
        return 0.0
    harmonic = sum(1.0 / m for m in range(1, sides + 1))
    return 4.0 * (sides - harmonic) / (sides * (sides - 1))


class LiveElo:
    def __init__(
        self,
        k: float = 32.0,
        initial: float = ELO_BASE,
        ratings: Mapping[str, float] | None = None,
        sds: Mapping[str, float] | None = None,
        prior_sd: float = PRIOR_SD,
        k_min: float | None = None,
    ) -> None:
        if not k > 0:
            raise ValueError(f"k must be positive, got {k!r}")
        if k_min is not None and not 0 < k_min <= k:
            raise ValueError(f"k_min must be positive and at most k, got {k_min!r}")
        self.k_min = None if k_min is None else float(k_min)
        if not prior_sd > 0:
            raise ValueError(f"prior_sd must be positive, got {prior_sd!r}")
        self.k = float(k)
        self.initial = float(initial)
        self.prior_sd = float(prior_sd)
        self.ratings: dict[str, float] = dict(ratings or {})
        self.sds: dict[str, float] = dict(sds or {})
        self.games: dict[str, int] = {}

    # --- state --------------------------------------------------------
    @classmethod
    def from_table(cls, table, k: float = 32.0) -> "LiveElo":
        """A live rating starting from a fitted :class:`RatingTable`."""
        live = cls(k=k)
        live.seed(table)
        return live

    def seed(self, table) -> None:
        """Replace the state with the ratings, standard deviations and game counts of a fitted
        table.  Players the table does not know keep their live state."""
        for r in table.ratings.values():
            self.ratings[r.player] = r.rating
            self.sds[r.player] = r.sd
            self.games[r.player] = r.games
        self.initial = table.mean_rating if len(table) else self.initial

    def rating(self, player: str) -> float:
        return self.ratings.get(player, self.initial)

    def sd(self, player: str) -> float:
        """The standard deviation of ``player``'s strength, Elo points (the prior's before a game)."""
        return self.sds.get(player, self.prior_sd)

    def interval(self, player: str, z: float = Z95) -> tuple[float, float]:
        """``player``'s 95% interval (``z`` standard deviations either side of the rating)."""
        r, half = self.rating(player), z * self.sd(player)
        return r - half, r + half

    def __getitem__(self, player: str) -> float:
        return self.rating(player)

    def __contains__(self, player: object) -> bool:
        return player in self.ratings

    def leaderboard(self) -> list[tuple[str, float]]:
        return sorted(self.ratings.items(), key=lambda kv: (-kv[1], kv[0]))

    # --- predictions --------------------------------------------------
    def predict_win_probability(self, a: str, b: str) -> float:
        return elo_win_probability(self.rating(a), self.rating(b))

    def side_rating(self, players: Sequence[str]) -> float:
        return sum(self.rating(p) for p in players) / len(players)

    def expected_score(self, players: Sequence[str]) -> list[float]:
        """Expected fraction of the others each player finishes ahead of."""
        n = len(players)
        r = [self.rating(p) for p in players]
        if n < 2:
            return [0.5] * n
        return [
            sum(elo_win_probability(r[i], r[j]) for j in range(n) if j != i) / (n - 1)
            for i in range(n)
        ]

    # --- updates ------------------------------------------------------
    def _step(self, record: MatchRecord) -> tuple[dict[str, float], dict[str, float]]:
        """``(changes, information)`` of ``record``: both empty for a voided match or one side."""
        if record.voided:
            return {}, {}
        units = record.units()
        n = len(units)
        if n < 2:   # a side alone beats nobody
            return {}, {}
        side = [sum(self.rating(p) for p in u.players) / len(u.players) for u in units]
        per_seat_pair = 1.0 / (record.seats - 1)
        adaptive = self.k_min is not None
        if adaptive:   # variances in natural units, once per player
            variance = {p: (self.sd(p) / ELO_PER_NATURAL) ** 2 for u in units for p in u.players}
        changes: dict[str, float] = {p: 0.0 for u in units for p in u.players}
        per_side = [0.0] * n
        for i in range(n):
            ui = units[i]
            for j in range(i + 1, n):
                uj = units[j]
                expected = 1.0 / (1.0 + 10.0 ** ((side[j] - side[i]) / 400.0))
                actual = 1.0 if ui.rank < uj.rank else 0.5 if ui.rank == uj.rank else 0.0
                info = expected * (1.0 - expected)
                per_side[i] += info
                per_side[j] += info
                surprise = (actual - expected) * per_seat_pair
                for p in ui.players:
                    for q in uj.players:   # seat p takes from seat q what q loses
                        k = self._clamped_k(variance[p] + variance[q]) if adaptive else self.k
                        changes[p] += k * surprise
                        changes[q] -= k * surprise
        scale = information_scale(n)
        information: dict[str, float] = {}
        for u, info in zip(units, per_side):
            size = len(u.players)
            for p in u.players:
                information[p] = information.get(p, 0.0) + scale * info / (size * size)
        return changes, information

    def _clamped_k(self, variance_sum: float) -> float:
        return min(self.k, max(self.k_min, ELO_PER_NATURAL * variance_sum / 2))

    def deltas(self, record: MatchRecord) -> dict[str, float]:
        """The change each player would receive from ``record`` (not applied); they sum to 0."""
        return self._step(record)[0]

    def information(self, record: MatchRecord) -> dict[str, float]:
        """The Fisher information (natural units) ``record`` carries about each player's strength."""
        return self._step(record)[1]

    def pair_k(self, a: str, b: str) -> float:
        """The K of a pair of seats: ``k``, or with ``k_min`` set, the Elo points per unit of
        surprise that a Bayesian update would give the mean of the two players' variances
        (``ELO_PER_NATURAL * (var_a + var_b) / 2``, natural units), kept within [k_min, k].  The
        same for both seats, so that the exchange still conserves rating mass."""
        if self.k_min is None:
            return self.k
        return self._clamped_k((self.sd(a) / ELO_PER_NATURAL) ** 2 + (self.sd(b) / ELO_PER_NATURAL) ** 2)

    def update(self, record: MatchRecord) -> dict[str, float]:
        """Apply one match; returns the change of each player (empty if voided)."""
        changes, information = self._step(record)
        for p, d in changes.items():
            sd = self.sds.get(p, self.prior_sd)
            self.sds[p] = ELO_PER_NATURAL / math.sqrt((ELO_PER_NATURAL / sd) ** 2 + information[p])
            self.ratings[p] = self.ratings.get(p, self.initial) + d
            self.games[p] = self.games.get(p, 0) + 1
        return changes

    def update_many(self, records: Iterable[MatchRecord]) -> None:
        for r in records:
            self.update(r)

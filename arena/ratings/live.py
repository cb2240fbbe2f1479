"""The live rating: an Elo update per match, so a new result shows at once.

Multi-player matches are decomposed into every pair of sides; each pair is a
two-player Elo game (a tie is half a point) and the sum of a side's pairwise
changes is scaled by ``K / (N - 1)`` where ``N`` is the number of sides, so a
two-side match is plain Elo.  A team's rating is the mean of its members' and
every member receives the team's change.  Forfeits are just worst ranks in
the record; voided matches change nothing.  The fitted rating replaces this
state at each refit (:meth:`LiveElo.seed`).
"""
from __future__ import annotations

from typing import Iterable, Mapping, Sequence

from .records import MatchRecord
from .scale import ELO_BASE, elo_win_probability

__all__ = ["LiveElo"]


class LiveElo:
    def __init__(
        self,
        k: float = 32.0,
        initial: float = ELO_BASE,
        ratings: Mapping[str, float] | None = None,
    ) -> None:
        if not k > 0:
            raise ValueError(f"k must be positive, got {k!r}")
        self.k = float(k)
        self.initial = float(initial)
        self.ratings: dict[str, float] = dict(ratings or {})
        self.games: dict[str, int] = {}

    # --- state --------------------------------------------------------
    @classmethod
    def from_table(cls, table, k: float = 32.0) -> "LiveElo":
        """A live rating starting from a fitted :class:`RatingTable`."""
        live = cls(k=k)
        live.seed(table)
        return live

    def seed(self, table) -> None:
        """Replace the state with the ratings and game counts of a fitted table.

        Players the table does not know keep their live rating.
        """
        for r in table.ratings.values():
            self.ratings[r.player] = r.rating
            self.games[r.player] = r.games
        self.initial = table.mean_rating if len(table) else self.initial

    def rating(self, player: str) -> float:
        return self.ratings.get(player, self.initial)

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
    def deltas(self, record: MatchRecord) -> dict[str, float]:
        """The change each player would receive from ``record`` (not applied)."""
        units = record.units()
        n = len(units)
        if record.voided or n < 2:   # a side alone beats nobody
            return {}
        side = [self.side_rating(u.players) for u in units]
        scale = self.k / (n - 1)
        out: dict[str, float] = {}
        for i, ui in enumerate(units):
            total = 0.0
            for j, uj in enumerate(units):
                if i == j:
                    continue
                expected = elo_win_probability(side[i], side[j])
                if ui.rank < uj.rank:
                    actual = 1.0
                elif ui.rank == uj.rank:
                    actual = 0.5
                else:
                    actual = 0.0
                total += actual - expected
            delta = scale * total
            for p in ui.players:
                out[p] = out.get(p, 0.0) + delta
        return out

    def update(self, record: MatchRecord) -> dict[str, float]:
        """Apply one match; returns the change of each player (empty if voided)."""
        changes = self.deltas(record)
        for p, d in changes.items():
            self.ratings[p] = self.rating(p) + d
            self.games[p] = self.games.get(p, 0) + 1
        return changes

    def update_many(self, records: Iterable[MatchRecord]) -> None:
        for r in records:
            self.update(r)

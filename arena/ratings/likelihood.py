"""The likelihood behind the published rating, as sparse matrices.

Every model used here (Bradley-Terry, Plackett-Luce, the hidden-team model)
is one Plackett-Luce likelihood over the *sides* of each match:

* a side's strength ``u`` is a linear function of the parameters ``theta``:
  ``u = A @ theta`` (a single seat is its player's strength; a team is the
  mean of its members plus a per-(faction, seat count) term);
* the log-likelihood is ``b @ u - sum_t c_t * log(sum_{j in set_t} exp(u_j))``.

Plackett-Luce chooses the winner among the sides still in play, removes it
and repeats.  A tie between ``g`` sides is scored as the average of the
Plackett-Luce log-likelihood over all ``g!`` orders of the tied sides (each
tied side is equally likely to have been ahead).  With two sides this is
exactly Bradley-Terry with a draw counted as half a win for each.  The average
needs the subsets of the tied group, so it is computed exactly for groups of
up to ``MAX_EXACT_TIE`` sides and over the ``g`` cyclic rotations of the group
(each side in each position once) for larger groups, which only happens when
many seats forfeit together.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations
from math import comb
from typing import Sequence

import numpy as np
import scipy.sparse as sp

from .records import MatchRecord

MAX_EXACT_TIE = 6

__all__ = ["Design", "build_design", "MAX_EXACT_TIE"]


@dataclass
class Design:
    """The sparse matrices of one fitting problem.

    ``players`` index the first ``len(players)`` parameters, ``factions``
    (``(label, seats)`` pairs) the rest.
    """

    players: list[str]
    factions: list[tuple[str, int]]
    A: sp.csr_matrix  # sides x parameters
    M: sp.csr_matrix  # log-sum-exp terms x sides
    c: np.ndarray  # weight of each term
    b: np.ndarray  # linear coefficient of each side's strength
    games: np.ndarray  # matches played per player
    n_matches: int
    faction_games: np.ndarray = field(default_factory=lambda: np.zeros(0))

    @property
    def n_params(self) -> int:
        return len(self.players) + len(self.factions)

    def objective(self, theta: np.ndarray, prior_precision: np.ndarray):
        """Negative log posterior (up to a constant) and its gradient."""
        u = self.A @ theta
        if self.M.shape[0]:
            shift = u.max()
            e = np.exp(u - shift)
            D = self.M @ e
            ll = self.b @ u - self.c @ (np.log(D) + shift)
            g_u = self.b - e * (self.M.T @ (self.c / D))
        else:
            ll = self.b @ u
            g_u = self.b
        grad = -(self.A.T @ g_u) + prior_precision * theta
        f = -ll + 0.5 * np.dot(prior_precision * theta, theta)
        return float(f), grad

    def log_likelihood(self, theta: np.ndarray) -> float:
        return -self.objective(theta, np.zeros_like(theta))[0]

    def hessian(self, theta: np.ndarray, prior_precision: np.ndarray) -> np.ndarray:
        """Dense Hessian of the negative log posterior."""
        u = self.A @ theta
        H = np.diag(prior_precision.astype(float))
        if not self.M.shape[0]:
            return H
        e = np.exp(u - u.max())
        D = self.M @ e
        h = e * (self.M.T @ (self.c / D))
        diag_part = self.A.T @ sp.diags(h) @ self.A
        B = self.M @ sp.diags(e) @ self.A
        outer = B.T @ sp.diags(self.c / D**2) @ B
        H += (diag_part - outer).toarray()
        return H


class _Builder:
    def __init__(self) -> None:
        self.m_rows: list[int] = []
        self.m_cols: list[int] = []
        self.c: list[float] = []
        self.b: list[float] = []
        self.n_sides = 0

    def add_side(self) -> int:
        j = self.n_sides
        self.n_sides += 1
        self.b.append(0.0)
        return j

    def add_term(self, sides: Sequence[int], weight: float) -> None:
        if len(sides) == 1:
            # log(exp(u_j)) is linear: fold it into b.
            self.b[sides[0]] -= weight
            return
        t = len(self.c)
        self.m_rows.extend([t] * len(sides))
        self.m_cols.extend(sides)
        self.c.append(weight)


def _add_ranking(builder: _Builder, sides: list[int], ranks: list[int]) -> None:
    """Add the Plackett-Luce terms (with averaged ties) of one match."""
    order = sorted(range(len(sides)), key=lambda i: ranks[i])
    groups: list[list[int]] = []
    for i in order:
        if groups and ranks[groups[-1][0]] == ranks[i]:
            groups[-1].append(i)
        else:
            groups.append([i])
    remaining = [sides[i] for i in order]
    start = 0
    for grp in groups:
        members = [sides[i] for i in grp]
        rest = remaining[start:]
        start += len(grp)
        if len(rest) == 1:
            break  # last side alone: probability 1
        for j in members:
            builder.b[j] += 1.0
        g = len(members)
        if g == 1:
            builder.add_term(rest, 1.0)
        elif g <= MAX_EXACT_TIE:
            member_set = set(members)
            others = [j for j in rest if j not in member_set]
            for k in range(g):
                w = 1.0 / comb(g, k)
                for removed in combinations(members, k):
                    rm = set(removed)
                    builder.add_term([j for j in members if j not in rm] + others, w)
        else:
            member_set = set(members)
            others = [j for j in rest if j not in member_set]
            for r in range(g):
                rotated = members[r:] + members[:r]
                for k in range(g):
                    builder.add_term(rotated[k:] + others, 1.0 / g)


def build_design(records: Sequence[MatchRecord], *, factions: bool) -> Design:
    """Turn records into a :class:`Design`; voided records are skipped.

    ``factions`` adds a per-(team label, seat count) strength term for every
    team side (the hidden-team model).
    """
    player_index: dict[str, int] = {}
    faction_index: dict[tuple[str, int], int] = {}
    side_rows: list[tuple[list[int], list[float], int | None]] = []
    games: dict[int, int] = {}
    faction_games: dict[int, int] = {}
    builder = _Builder()
    n_matches = 0
    for rec in records:
        if rec.voided:
            continue
        n_matches += 1
        for p in dict.fromkeys(rec.players):
            idx = player_index.setdefault(p, len(player_index))
            games[idx] = games.get(idx, 0) + 1
        sides: list[int] = []
        ranks: list[int] = []
        for unit in rec.units():
            k = len(unit.players)
            cols = [player_index[p] for p in unit.players]
            vals = [1.0 / k] * k
            fcol = None
            if factions and unit.label is not None:
                fcol = faction_index.setdefault((unit.label, rec.seats), len(faction_index))
                faction_games[fcol] = faction_games.get(fcol, 0) + 1
            side_rows.append((cols, vals, fcol))
            sides.append(builder.add_side())
            ranks.append(unit.rank)
        _add_ranking(builder, sides, ranks)

    n_players = len(player_index)
    rows: list[int] = []
    cols_all: list[int] = []
    vals_all: list[float] = []
    for j, (cols, vals, fcol) in enumerate(side_rows):
        rows.extend([j] * len(cols))
        cols_all.extend(cols)
        vals_all.extend(vals)
        if fcol is not None:
            rows.append(j)
            cols_all.append(n_players + fcol)
            vals_all.append(1.0)
    n_params = n_players + len(faction_index)
    A = sp.csr_matrix(
        (np.asarray(vals_all, float), (np.asarray(rows, np.int64), np.asarray(cols_all, np.int64))),
        shape=(builder.n_sides, n_params),
    )
    A.sum_duplicates()
    M = sp.csr_matrix(
        (
            np.ones(len(builder.m_rows)),
            (np.asarray(builder.m_rows, np.int64), np.asarray(builder.m_cols, np.int64)),
        ),
        shape=(len(builder.c), builder.n_sides),
    )
    players = [None] * n_players
    for p, i in player_index.items():
        players[i] = p
    fkeys = [None] * len(faction_index)
    for key, i in faction_index.items():
        fkeys[i] = key
    return Design(
        players=players,
        factions=fkeys,
        A=A,
        M=M,
        c=np.asarray(builder.c, float),
        b=np.asarray(builder.b, float),
        games=np.array([games.get(i, 0) for i in range(n_players)], dtype=int),
        n_matches=n_matches,
        faction_games=np.array([faction_games.get(i, 0) for i in range(len(fkeys))], dtype=int),
    )

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
    # First side of each match (plus the end): the sides of a match are
    # contiguous.  Enables the fast Hessian; None falls back to sparse products.
    side_start: np.ndarray | None = None

    @property
    def n_params(self) -> int:
        return len(self.players) + len(self.factions)

    def _transposes(self) -> tuple[sp.csr_matrix, sp.csr_matrix]:
        # Row-major copies of A.T and M.T: products with them are the
        # gradient's scatter steps, done once per evaluation.
        cached = self.__dict__.get("_t")
        if cached is None:
            cached = (self.A.T.tocsr(), self.M.T.tocsr())
            self.__dict__["_t"] = cached
        return cached

    def objective(self, theta: np.ndarray, prior_precision: np.ndarray):
        """Negative log posterior (up to a constant) and its gradient."""
        At, Mt = self._transposes()
        u = self.A @ theta
        if self.M.shape[0]:
            shift = u.max()
            e = np.exp(u - shift)
            D = self.M @ e
            ll = self.b @ u - self.c @ (np.log(D) + shift)
            g_u = self.b - e * (Mt @ (self.c / D))
        else:
            ll = self.b @ u
            g_u = self.b
        grad = -(At @ g_u) + prior_precision * theta
        f = -ll + 0.5 * np.dot(prior_precision * theta, theta)
        return float(f), grad

    def log_likelihood(self, theta: np.ndarray) -> float:
        return -self.objective(theta, np.zeros_like(theta))[0]

    def hessian(self, theta: np.ndarray, prior_precision: np.ndarray) -> np.ndarray:
        """Dense Hessian of the negative log posterior.

        Every term involves the sides of one match, so in side space the
        Hessian is block-diagonal with one block per match.  Its entries are
        computed for every pair of sides of a match (the terms holding both,
        a fixed sparse incidence), then scattered onto pairs of parameters
        with one ``bincount``; the index arrays are built on the first call.
        """
        if self.side_start is None or not self.M.shape[0]:
            return self.hessian_reference(theta, prior_precision)
        At, Mt = self._transposes()
        hs = self._hessian_structure()
        n = self.n_params
        u = self.A @ theta
        e = np.exp(u - u.max())
        D = self.M @ e
        h = e * (Mt @ (self.c / D))
        w = (self.c / D**2)[hs["term_order"]]
        pair_value = -(hs["T"] @ w) * e[hs["pj"]] * e[hs["pk"]]
        pair_value[hs["diag"]] += h[hs["pj"][hs["diag"]]]
        H = np.bincount(hs["flat"], weights=hs["coef"] * pair_value[hs["pair"]], minlength=n * n)
        H = H.reshape(n, n)
        H[np.diag_indices(n)] += prior_precision
        return H

    def _hessian_structure(self) -> dict:
        cached = self.__dict__.get("_hs")
        if cached is not None:
            return cached
        A, M = self.A, self.M
        starts = self.side_start
        per = np.diff(starts)  # sides per match
        side_match = np.repeat(np.arange(len(per)), per)
        # every ordered pair (j, k) of sides of one match, numbered group by
        # group of matches with the same number of sides (one broadcast each)
        pair_start = np.zeros(len(per), dtype=np.int64)
        pj_parts, pk_parts = [], []
        offset = 0
        for n in np.unique(per):
            sel = np.flatnonzero(per == n)
            pair_start[sel] = offset + np.arange(len(sel), dtype=np.int64) * (n * n)
            offset += len(sel) * n * n
            sides = starts[sel][:, None] + np.arange(n)
            pj_parts.append(np.repeat(sides, n, axis=1).ravel())
            pk_parts.append(np.tile(sides, (1, n)).ravel())
        pj = np.concatenate(pj_parts) if pj_parts else np.zeros(0, dtype=np.int64)
        pk = np.concatenate(pk_parts) if pk_parts else np.zeros(0, dtype=np.int64)
        n_pairs = offset
        # the terms holding both sides of a pair: Tt is terms x pairs, one row
        # per term listing the pairs of its sides; terms are grouped by length
        # (rows in the order ``term_order``)
        L = np.diff(M.indptr)
        t_parts, d_parts, order_parts, len_parts = [], [], [], []
        for n in np.unique(L):
            sel = np.flatnonzero(L == n)
            pos = M.indptr[sel][:, None] + np.arange(n)
            C, V = M.indices[pos], M.data[pos]
            m = side_match[C[:, 0]]  # a term's sides are all of one match
            local = C - starts[m][:, None]
            block = local[:, :, None] * per[m][:, None, None] + local[:, None, :]
            t_parts.append((pair_start[m][:, None, None] + block).ravel())
            d_parts.append((V[:, :, None] * V[:, None, :]).ravel())
            order_parts.append(sel)
            len_parts.append(np.full(len(sel), n * n, dtype=np.int64))
        term_order = np.concatenate(order_parts)
        t_start = np.concatenate([[0], np.cumsum(np.concatenate(len_parts))])
        t_pairs, t_data = np.concatenate(t_parts), np.concatenate(d_parts)
        Tt = sp.csr_matrix((t_data, t_pairs, t_start), shape=(M.shape[0], n_pairs))
        # pairs of sides -> pairs of parameters through the rows of A, grouped
        # by the rows' lengths
        r = np.diff(A.indptr)
        n = A.shape[1]
        flats, coefs, pairs = [], [], []
        rj, rk = r[pj], r[pk]
        for a_len in np.unique(rj):
            for b_len in np.unique(rk[rj == a_len]):
                q = np.flatnonzero((rj == a_len) & (rk == b_len))
                a1 = A.indptr[pj[q]][:, None] + np.arange(a_len)
                a2 = A.indptr[pk[q]][:, None] + np.arange(b_len)
                a1 = np.repeat(a1, b_len, axis=1).ravel()
                a2 = np.tile(a2, (1, a_len)).ravel()
                flats.append(A.indices[a1].astype(np.int64) * n + A.indices[a2])
                coefs.append(A.data[a1] * A.data[a2])
                pairs.append(np.repeat(q, a_len * b_len))
        cached = {
            "pj": pj,
            "pk": pk,
            "diag": np.flatnonzero(pj == pk),
            "T": Tt.T,
            "term_order": term_order,
            "pair": np.concatenate(pairs),
            "flat": np.concatenate(flats),
            "coef": np.concatenate(coefs),
        }
        self.__dict__["_hs"] = cached
        return cached

    def hessian_reference(self, theta: np.ndarray, prior_precision: np.ndarray) -> np.ndarray:
        """Dense Hessian of the negative log posterior by sparse products (the reference)."""
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


def _keys_by_index(index: dict, n: int) -> list:
    """The keys of ``{key: column}`` listed by column."""
    keys = [None] * n
    for key, i in index.items():
        keys[i] = key
    return keys


def _ragged_arange(counts: np.ndarray) -> np.ndarray:
    """``concatenate([arange(c) for c in counts])`` without the loop."""
    counts = np.asarray(counts, dtype=np.int64)
    total = int(counts.sum())
    if total == 0:
        return np.zeros(0, dtype=np.int64)
    ends = np.cumsum(counts)
    return np.arange(total) - np.repeat(ends - counts, counts)


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


def build_design_reference(records: Sequence[MatchRecord], *, factions: bool) -> Design:
    """:func:`build_design` written record by record: slower, kept as the
    reference the vectorised construction is tested against."""
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
    players = _keys_by_index(player_index, n_players)
    fkeys = _keys_by_index(faction_index, len(faction_index))
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


def build_design(records: Sequence[MatchRecord], *, factions: bool) -> Design:
    """Turn records into a :class:`Design`; voided records are skipped.

    ``factions`` adds a per-(team label, seat count) strength term for every
    team side (the hidden-team model).

    The matrices are built with array operations: only the seats' players
    and team labels are read record by record.  Matches without a tie (most
    of them) get their Plackett-Luce terms all at once, grouped by their
    number of sides; matches with a tie go through :func:`_add_ranking`.
    The result is the same likelihood as :func:`build_design_reference`
    (its terms may be listed in another order).
    """
    live = [r for r in records if not r.voided]
    n_matches = len(live)
    player_index: dict[str, int] = {}
    seat_player = np.fromiter(
        (player_index.setdefault(p, len(player_index)) for r in live for p in r.players),
        dtype=np.int64,
    )
    seat_rank = np.fromiter((k for r in live for k in r.ranks), dtype=np.int64, count=len(seat_player))
    seats_per = np.fromiter((len(r.players) for r in live), dtype=np.int64, count=n_matches)
    seat_match = np.repeat(np.arange(n_matches), seats_per)
    seat_start = np.concatenate([[0], np.cumsum(seats_per)])
    n_players = len(player_index)

    # Sides: a seat on its own, or the seats of one team label (in order of first seat).
    side_local = np.arange(len(seat_player)) - seat_start[seat_match]
    sides_per = seats_per.copy()
    faction_index: dict[tuple[str, int], int] = {}
    team_side_faction: list[tuple[int, int, int]] = []  # (match, local side, faction column)
    for m, r in enumerate(live):
        if r.teams is None:
            continue
        local: dict[str, int] = {}
        start = seat_start[m]
        for i, label in enumerate(r.teams):
            side_local[start + i] = local.setdefault(label, len(local))
        sides_per[m] = len(local)
        if factions:
            for label in local:
                f = faction_index.setdefault((label, r.seats), len(faction_index))
                team_side_faction.append((m, local[label], f))
    side_start = np.concatenate([[0], np.cumsum(sides_per)])
    n_sides = int(side_start[-1])
    seat_side = side_start[seat_match] + side_local
    side_size = np.bincount(seat_side, minlength=n_sides)
    side_rank = np.zeros(n_sides, dtype=np.int64)
    side_rank[seat_side] = seat_rank  # a team's seats share one rank
    side_match = np.repeat(np.arange(n_matches), sides_per)

    rows = [seat_side]
    cols = [seat_player]
    vals = [1.0 / side_size[seat_side]]
    F = len(faction_index)
    faction_games = np.zeros(F, dtype=int)
    if team_side_faction:
        tsf = np.asarray(team_side_faction, dtype=np.int64)
        rows.append(side_start[tsf[:, 0]] + tsf[:, 1])
        cols.append(n_players + tsf[:, 2])
        vals.append(np.ones(len(tsf)))
        faction_games = np.bincount(tsf[:, 2], minlength=F).astype(int)
    A = sp.csr_matrix(
        (np.concatenate(vals), (np.concatenate(rows), np.concatenate(cols))),
        shape=(n_sides, n_players + F),
    )
    A.sum_duplicates()

    # Games per player: distinct players per match.
    if n_players:
        pairs = np.unique(seat_match * n_players + seat_player)
        games = np.bincount(pairs % n_players, minlength=n_players).astype(int)
    else:
        games = np.zeros(0, dtype=int)

    # Plackett-Luce terms.  Sides sorted by (match, rank); a match has a tie
    # when two neighbours in that order share a rank.
    order = np.lexsort((side_rank, side_match))
    sorted_rank = side_rank[order]
    sorted_match = side_match[order]
    same = (sorted_match[1:] == sorted_match[:-1]) & (sorted_rank[1:] == sorted_rank[:-1])
    tied = np.zeros(n_matches, dtype=bool)
    tied[sorted_match[1:][same]] = True

    b = np.zeros(n_sides)
    m_rows: list[np.ndarray] = []
    m_cols: list[np.ndarray] = []
    n_terms = 0
    for n in np.unique(sides_per[~tied]) if n_matches else []:
        sel = np.flatnonzero(~tied & (sides_per == n))
        # sides of each selected match, best first
        S = order[(side_start[sel][:, None] + np.arange(n)[None, :]).ravel()].reshape(len(sel), n)
        for k in range(n - 1):
            b[S[:, k]] += 1.0
            terms = n_terms + np.arange(len(sel))
            m_rows.append(np.repeat(terms, n - k))
            m_cols.append(S[:, k:].ravel())
            n_terms += len(sel)

    builder = _Builder()
    builder.b = b  # shared: the tie path adds to the same coefficients
    builder.n_sides = n_sides
    for m in np.flatnonzero(tied):
        lo, hi = side_start[m], side_start[m + 1]
        _add_ranking(builder, list(range(lo, hi)), side_rank[lo:hi].tolist())
    if builder.c:
        m_rows.append(n_terms + np.asarray(builder.m_rows, dtype=np.int64))
        m_cols.append(np.asarray(builder.m_cols, dtype=np.int64))
    c = np.concatenate([np.ones(n_terms), np.asarray(builder.c, float)])
    rows_m = np.concatenate(m_rows) if m_rows else np.zeros(0, dtype=np.int64)
    cols_m = np.concatenate(m_cols) if m_cols else np.zeros(0, dtype=np.int64)
    M = sp.csr_matrix((np.ones(len(rows_m)), (rows_m, cols_m)), shape=(len(c), n_sides))

    players = _keys_by_index(player_index, n_players)
    fkeys = _keys_by_index(faction_index, F)
    return Design(
        players=players,
        factions=fkeys,
        A=A,
        M=M,
        c=c,
        b=b,
        games=games,
        n_matches=n_matches,
        faction_games=faction_games,
        side_start=side_start,
    )

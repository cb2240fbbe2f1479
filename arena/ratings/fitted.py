"""The published rating: a regularised maximum-likelihood fit of the whole record.

See ``docs/ratings.md`` for the models, the prior and the intervals.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Iterable, Iterator, Sequence

import numpy as np
import scipy.linalg
from scipy.optimize import minimize
from scipy.stats import norm

from . import plackett_luce as pl
from .likelihood import Design, build_design
from .records import MatchRecord, Unit, games_in
from .scale import ELO_BASE, ELO_PER_NATURAL, logistic

__all__ = [
    "fit_ratings",
    "fit_by_game",
    "choose_model",
    "RatingTable",
    "PlayerRating",
    "FactionTerm",
    "DEFAULT_PRIOR_SD",
    "FALLBACK_PRIOR_SD",
    "DEFAULT_FACTION_PRIOR_SD",
    "MODELS",
]

MODELS = ("auto", "bt", "pl", "team")
DEFAULT_PRIOR_SD = "auto"
# Used when a record is too small to estimate the spread of strengths
# (fewer than MIN_PLAYERS_FOR_AUTO players or MIN_MATCHES_FOR_AUTO matches).
FALLBACK_PRIOR_SD = 300.0
PRIOR_SD_BOUNDS = (50.0, 1000.0)
MIN_PLAYERS_FOR_AUTO = 5
MIN_MATCHES_FOR_AUTO = 20
DEFAULT_FACTION_PRIOR_SD = 250.0


@dataclass(frozen=True)
class PlayerRating:
    player: str
    rating: float
    low: float
    high: float
    games: int
    sd: float  # posterior standard deviation, Elo points

    def as_dict(self) -> dict:
        return {
            "player": self.player,
            "rating": self.rating,
            "low": self.low,
            "high": self.high,
            "games": self.games,
            "sd": self.sd,
        }


@dataclass(frozen=True)
class FactionTerm:
    """Strength added to a team side: Elo points relative to the mean of the
    factions seen at that seat count."""

    faction: str
    seats: int
    offset: float
    low: float
    high: float
    games: int


@dataclass
class RatingTable:
    game: str | None
    model: str
    prior_sd: float  # Elo points, the value used for the fit
    anchor: tuple[str, float] | None
    ratings: dict[str, PlayerRating]
    factions: dict[tuple[str, int], FactionTerm] = field(default_factory=dict)
    n_matches: int = 0
    log_likelihood: float = 0.0
    converged: bool = True
    _faction_raw: dict[tuple[str, int], float] = field(default_factory=dict, repr=False)
    # Laplace covariance of the parameters (natural units: players, then faction
    # terms) and each player's and faction term's row in it.
    _cov: np.ndarray | None = field(default=None, repr=False)
    _index: dict[str, int] = field(default_factory=dict, repr=False)
    _faction_index: dict[tuple[str, int], int] = field(default_factory=dict, repr=False)

    # --- lookup -------------------------------------------------------
    def __getitem__(self, player: str) -> PlayerRating:
        return self.ratings[player]

    def __contains__(self, player: object) -> bool:
        return player in self.ratings

    def __len__(self) -> int:
        return len(self.ratings)

    def __iter__(self) -> Iterator[PlayerRating]:
        return iter(self.leaderboard())

    def leaderboard(self) -> list[PlayerRating]:
        return sorted(self.ratings.values(), key=lambda r: (-r.rating, r.player))

    @property
    def mean_rating(self) -> float:
        if not self.ratings:
            return ELO_BASE
        return float(np.mean([r.rating for r in self.ratings.values()]))

    def rating(self, player: str) -> float:
        """Published rating; a player not in the table gets the pool mean."""
        r = self.ratings.get(player)
        return r.rating if r is not None else self.mean_rating

    def strength(self, player: str) -> float:
        """Strength in natural units on the table's scale (0 = 1500)."""
        return (self.rating(player) - ELO_BASE) / ELO_PER_NATURAL

    def faction_strength(self, faction: str | None, seats: int) -> float:
        if faction is None:
            return 0.0
        return self._faction_raw.get((faction, seats), 0.0)

    # --- predictions --------------------------------------------------
    def predict_win_probability(self, a: str, b: str) -> float:
        """Probability that player ``a`` finishes ahead of player ``b``."""
        return float(logistic(self.strength(a) - self.strength(b)))

    def superiority(self, a: str, b: str) -> float:
        """Likelihood of superiority: the posterior probability that ``a`` is stronger than
        ``b``, ``Phi((s_a - s_b) / sd(s_a - s_b))`` with the Laplace covariance of the pair
        (their correlation included).  0.5 if either is not in the table."""
        if a not in self._index or b not in self._index or self._cov is None:
            return 0.5
        i, j = self._index[a], self._index[b]
        if i == j:
            return 0.5
        C = self._cov
        var = C[i, i] + C[j, j] - 2.0 * C[i, j]
        diff = (self.ratings[a].rating - self.ratings[b].rating) / ELO_PER_NATURAL
        return float(norm.cdf(diff / math.sqrt(max(var, 1e-300))))

    def difference(self, a: str, b: str) -> tuple[float, float]:
        """Rating of ``a`` minus rating of ``b`` and the standard deviation of that
        difference under the Laplace posterior (their correlation included), in Elo
        points; sd 0 if either is not in the table."""
        d = self.rating(a) - self.rating(b)
        if a not in self._index or b not in self._index or self._cov is None or a == b:
            return d, 0.0
        i, j = self._index[a], self._index[b]
        C = self._cov
        var = C[i, i] + C[j, j] - 2.0 * C[i, j]
        return d, math.sqrt(max(var, 0.0)) * ELO_PER_NATURAL

    def expected_score(self, players: Sequence[str]) -> list[float]:
        """Per player, the expected fraction of the others it finishes ahead of."""
        return pl.expected_scores([self.strength(p) for p in players]).tolist()

    def predict_rank_probabilities(self, players: Sequence[str]) -> np.ndarray:
        """``R[i, k]``: probability that ``players[i]`` finishes (k+1)-th."""
        return pl.rank_probabilities([self.strength(p) for p in players])

    def side_strengths(self, record: MatchRecord) -> list[tuple[Unit, float]]:
        """Each side of ``record`` with its modelled strength (natural units)."""
        out = []
        for unit in record.units():
            s = float(np.mean([self.strength(p) for p in unit.players]))
            if self.model == "team":
                s += self.faction_strength(unit.label, record.seats)
            out.append((unit, s))
        return out

    def pairwise_matrix(
        self, record: MatchRecord, *, averaged: bool = True
    ) -> tuple[list[Unit], np.ndarray]:
        """Sides of ``record`` and P[i, j] = probability side i finishes ahead of j.

        ``averaged`` (the default): the posterior predictive probability, the
        Bradley-Terry probability averaged over the Laplace posterior of the
        difference of the two sides' strengths (mean ``d``, variance ``v``),
        ``E[logistic(x)] ~ logistic(d / sqrt(1 + pi v / 8))``.  Uncertain
        strengths (few games, an unknown player) give probabilities nearer
        1/2.  ``averaged=False``: the plug-in ``logistic(d)`` at the mode.
        """
        sides = self.side_strengths(record)
        units = [u for u, _ in sides]
        P = pl.pairwise_matrix([s for _, s in sides])
        if not averaged or self._cov is None:
            return units, P
        C = self._side_weights(units, record.seats)
        V = C @ self._cov @ C.T + np.diag(self._unknown_variance(units))
        var = np.diag(V)[:, None] + np.diag(V)[None, :] - 2 * V
        d = np.array([s for _, s in sides])
        return units, logistic((d[:, None] - d[None, :]) / np.sqrt(1.0 + math.pi * np.maximum(var, 0.0) / 8.0))

    def _unknown_variance(self, units: Sequence[Unit]) -> np.ndarray:
        """Per side, the prior variance its players not in the table add
        (each is an independent draw from the prior, weighted 1/k)."""
        sd = self.prior_sd / ELO_PER_NATURAL
        return np.array([
            sum(sd**2 for p in u.players if p not in self._index) / len(u.players) ** 2 for u in units
        ])

    def _side_weights(self, units: Sequence[Unit], seats: int) -> np.ndarray:
        """Rows of weights on the fitted parameters giving each side's strength
        (players not in the table have no row: see :meth:`_unknown_variance`)."""
        n = self._cov.shape[0]
        W = np.zeros((len(units), n))
        for r, u in enumerate(units):
            k = len(u.players)
            for p in u.players:
                i = self._index.get(p)
                if i is not None:
                    W[r, i] += 1.0 / k
            if self.model == "team" and u.label is not None:
                f = self._faction_index.get((u.label, seats))
                if f is not None:
                    W[r, f] += 1.0
        return W

    # --- output -------------------------------------------------------
    def to_dict(self) -> dict:
        return {
            "game": self.game,
            "model": self.model,
            "prior_sd": self.prior_sd,
            "anchor": list(self.anchor) if self.anchor else None,
            "matches": self.n_matches,
            "ratings": [r.as_dict() for r in self.leaderboard()],
            "factions": [
                {
                    "faction": f.faction,
                    "seats": f.seats,
                    "offset": f.offset,
                    "low": f.low,
                    "high": f.high,
                    "games": f.games,
                }
                for f in sorted(self.factions.values(), key=lambda f: (f.seats, f.faction))
            ],
        }

    def format(self, limit: int | None = None) -> str:
        rows = self.leaderboard()[:limit]
        width = max([len("player")] + [len(r.player) for r in rows])
        lines = [
            f"{self.game or '(all)'}: {self.model} model, {self.n_matches} matches, "
            f"prior sd {self.prior_sd:.0f}",
            f"{'#':>4}  {'player':<{width}}  {'rating':>7}  {'95% interval':>15}  {'games':>6}",
        ]
        for i, r in enumerate(rows, 1):
            lines.append(
                f"{i:>4}  {r.player:<{width}}  {r.rating:7.1f}  "
                f"[{r.low:6.1f}, {r.high:6.1f}]  {r.games:>6}"
            )
        for f in sorted(self.factions.values(), key=lambda f: (f.seats, f.faction)):
            lines.append(
                f"      faction {f.faction} at {f.seats} seats: {f.offset:+.1f} "
                f"[{f.low:+.1f}, {f.high:+.1f}]"
            )
        return "\n".join(lines)


def choose_model(records: Sequence[MatchRecord]) -> str:
    """"team" if any side is a team, "bt" if every match has two sides, else "pl"."""
    live = [r for r in records if not r.voided]
    if any(r.teams is not None for r in live):
        return "team"
    if live and all(r.seats == 2 for r in live):
        return "bt"
    return "pl"


# Stop the Newton iterations when no gradient entry exceeds this (natural
# units; the gradient of a log-likelihood summed over matches).
GRADIENT_TOLERANCE = 1e-7
MAX_NEWTON_STEPS = 100


def _warm_up(design: Design, precision: np.ndarray, x0: np.ndarray) -> np.ndarray:
    """A few cheap quasi-Newton iterations from a cold start, to bring the
    strengths close enough for Newton's method to converge in a few steps."""
    res = minimize(
        design.objective,
        x0,
        args=(precision,),
        jac=True,
        method="L-BFGS-B",
        options={"maxiter": 200, "maxcor": 20, "ftol": 1e-10, "gtol": 1e-2},
    )
    return res.x


def _centred_trace(chol, P: int, n: int) -> float:
    """``tr(C) - sum(C) / P`` of the players' block ``C`` of the inverse
    Hessian: the posterior variance summed over strengths measured from
    their mean.  Uses the triangular inverse of the Cholesky factor (its
    column norms are the diagonal of the inverse) and one solve."""
    c, lower = chol
    L = c if lower else c.T
    Linv, info = scipy.linalg.lapack.dtrtri(np.asfortranarray(np.tril(L)), lower=1)
    if info != 0:
        raise np.linalg.LinAlgError("triangular inverse failed")
    diag = np.einsum("ij,ij->j", Linv[:, :P], Linv[:, :P])
    ones = np.zeros(n)
    ones[:P] = 1.0
    total = float(ones @ scipy.linalg.cho_solve(chol, ones))
    return float(diag.sum()) - total / P


def _fit(
    design: Design,
    theta: np.ndarray,
    sd: float,
    fsd: float,
    *,
    auto: bool,
    warm: bool,
) -> tuple[np.ndarray, tuple, float, bool]:
    """Posterior mode, the Cholesky factor of the Hessian there, and the prior sd.

    Damped Newton iterations on the negative log posterior.  With ``auto``
    the prior sd follows MacKay's update (evidence maximisation) at every
    step, so the strengths and the prior settle together instead of one
    complete fit per value of the prior; the fixed point is the same.
    ``warm``: ``theta`` is already near the mode (a previous fit), so the
    quasi-Newton warm-up is skipped.
    """
    P, F = len(design.players), len(design.factions)
    n = P + F
    lo, hi = (v / ELO_PER_NATURAL for v in PRIOR_SD_BOUNDS)

    def precision_of(sd):
        return np.concatenate([np.full(P, 1.0 / sd**2), np.full(F, 1.0 / fsd**2)])

    precision = precision_of(sd)
    if not warm:
        theta = _warm_up(design, precision, theta)
    f, grad = design.objective(theta, precision)
    settled = not auto
    converged = False
    chol = None
    for _ in range(MAX_NEWTON_STEPS):
        H = design.hessian(theta, precision)
        chol = scipy.linalg.cho_factor(H, lower=True)
        small = float(np.abs(grad).max()) < GRADIENT_TOLERANCE
        if auto:
            # MacKay's update of the prior variance from the Laplace posterior,
            # on strengths measured from the pool mean (the mean itself is not
            # identified by the likelihood).
            s = theta[:P] - theta[:P].mean()
            gamma = (P - 1) - _centred_trace(chol, P, n) / sd**2
            new_sd = math.sqrt(np.dot(s, s) / gamma) if gamma > 1e-9 else lo
            new_sd = min(max(new_sd, lo), hi)
            settled = abs(math.log(new_sd / sd)) < 1e-4
            if not settled:
                # Only the prior's diagonal changes: no new likelihood Hessian.
                sd = new_sd
                new_precision = precision_of(sd)
                H[np.diag_indices_from(H)] += new_precision - precision
                precision = new_precision
                chol = scipy.linalg.cho_factor(H, lower=True)
                f, grad = design.objective(theta, precision)
        if small and settled:
            converged = True
            break
        step = scipy.linalg.cho_solve(chol, grad)
        slope = float(grad @ step)
        t = 1.0
        while True:
            candidate = theta - t * step
            f_new, g_new = design.objective(candidate, precision)
            if f_new <= f - 1e-4 * t * slope or t < 1e-10:
                break
            # Near the mode the decrease is below the rounding of f: accept a
            # step that does not raise f beyond that rounding and shrinks the gradient.
            if f_new <= f + 1e-12 * abs(f) and np.abs(g_new).max() < np.abs(grad).max():
                break
            t *= 0.5
        if t < 1e-10:  # no progress possible at this precision
            converged = float(np.abs(grad).max()) < 1e-6
            break
        theta, f, grad = candidate, f_new, g_new
    return theta, chol, sd, converged


def fit_ratings(
    records: Iterable[MatchRecord],
    *,
    model: str = "auto",
    prior_sd: float | str = DEFAULT_PRIOR_SD,
    anchor: tuple[str, float] | None = None,
    game: str | None = None,
    faction_prior_sd: float = DEFAULT_FACTION_PRIOR_SD,
    level: float = 0.95,
    previous: RatingTable | None = None,
) -> RatingTable:
    """Fit the published rating of one game.

    ``model``: "bt" (two sides per match), "pl" (Plackett-Luce over sides;
    teams count as the mean of their members), "team" (as "pl" plus a
    strength term per (team label, seat count)), or "auto" (see
    :func:`choose_model`).  ``prior_sd`` is the standard deviation of the
    Gaussian prior on strengths in Elo points, or "auto" to estimate it from
    the record itself (empirical Bayes).  ``anchor`` is ``None`` (the pool
    mean is 1500) or ``(player, rating)`` to pin one player.  Voided matches
    are ignored.  ``level`` is the probability of the reported intervals.
    ``previous``: an earlier table of the same game to start from (a refit
    after new matches); the result is the same as without it, up to the
    optimiser's tolerance, only faster.
    """
    # a match of one seat or one team compares nobody: it adds nothing to the likelihood
    records = [r for r in records if r.seats > 1 and (r.teams is None or len(set(r.teams)) > 1)]
    if game is not None:
        records = [r for r in records if r.game == game]
    names = games_in(r for r in records if not r.voided)
    if len(names) > 1:
        raise ValueError(
            "records span several games (" + ", ".join(names) + "); pass game=... "
            "or use fit_by_game()"
        )
    if game is None and names:
        game = names[0]
    if model not in MODELS:
        raise ValueError(f"unknown model {model!r}; expected one of {MODELS}")
    if model == "auto":
        model = choose_model(records)
    if model == "bt":
        bad = [
            r for r in records
            if not r.voided and (r.seats if r.teams is None else len(set(r.teams))) != 2
        ]
        if bad:
            raise ValueError(f"model 'bt' needs two sides per match; {len(bad)} match(es) have more")

    design = build_design(records, factions=(model == "team"))
    P, F = len(design.players), len(design.factions)
    if anchor is not None:
        ref, ref_rating = anchor
        if ref not in design.players:
            raise ValueError(f"anchor player {ref!r} has no (non-voided) match in the record")
        anchor = (ref, float(ref_rating))

    auto = prior_sd == "auto"
    if auto:
        enough = P >= MIN_PLAYERS_FOR_AUTO and design.n_matches >= MIN_MATCHES_FOR_AUTO
        sd = FALLBACK_PRIOR_SD / ELO_PER_NATURAL
    else:
        if not isinstance(prior_sd, (int, float)) or not prior_sd > 0:
            raise ValueError(f"prior_sd must be a positive number of Elo points or 'auto', got {prior_sd!r}")
        sd = float(prior_sd) / ELO_PER_NATURAL
        enough = False
    fsd = float(faction_prior_sd) / ELO_PER_NATURAL

    if P == 0:
        return RatingTable(game, model, sd * ELO_PER_NATURAL, anchor, {}, n_matches=0)
    theta = np.zeros(P + F)
    warm = False
    if previous is not None and len(previous):
        # Start from a previous table of the same game: its strengths (natural
        # units, centred), faction terms and prior.  New players start at 0.
        centre = previous.mean_rating
        known = 0
        for i, p in enumerate(design.players):
            r = previous.ratings.get(p)
            if r is not None:
                theta[i] = (r.rating - centre) / ELO_PER_NATURAL
                known += 1
        for i, key in enumerate(design.factions):
            theta[P + i] = previous._faction_raw.get(key, 0.0)
        warm = known >= 0.5 * P
        if auto and enough and previous.prior_sd > 0:
            sd = previous.prior_sd / ELO_PER_NATURAL
    theta, chol, sd, converged = _fit(design, theta, sd, fsd, auto=auto and enough, warm=warm)

    cov = _inverse(chol)
    z = float(norm.ppf(0.5 + level / 2))
    s = theta[:P]
    cpp = cov[:P, :P]
    if anchor is None:
        centre = s.mean()
        var = np.diag(cpp) - 2 * cpp.mean(axis=1) + cpp.mean()
        base = ELO_BASE
    else:
        r = design.players.index(anchor[0])
        centre = s[r]
        var = np.diag(cpp) - 2 * cpp[:, r] + cpp[r, r]
        base = anchor[1]
    sd_elo = np.sqrt(np.maximum(var, 0.0)) * ELO_PER_NATURAL
    rating = base + (s - centre) * ELO_PER_NATURAL
    ratings = {
        p: PlayerRating(
            player=p,
            rating=float(rating[i]),
            low=float(rating[i] - z * sd_elo[i]),
            high=float(rating[i] + z * sd_elo[i]),
            games=int(design.games[i]),
            sd=float(sd_elo[i]),
        )
        for i, p in enumerate(design.players)
    }

    factions, raw = _faction_terms(design, theta, cov, z)
    return RatingTable(
        game=game,
        model=model,
        prior_sd=sd * ELO_PER_NATURAL,
        anchor=anchor,
        ratings=ratings,
        factions=factions,
        n_matches=design.n_matches,
        log_likelihood=design.log_likelihood(theta),
        converged=converged,
        _faction_raw=raw,
        _cov=cov,
        _index={p: i for i, p in enumerate(design.players)},
        _faction_index={key: P + i for i, key in enumerate(design.factions)},
    )


def _inverse(chol) -> np.ndarray:
    """The inverse of the factorised matrix (LAPACK ``potri``), symmetric."""
    c, lower = chol
    inv, info = scipy.linalg.lapack.dpotri(c, lower=int(lower))
    if info != 0:
        raise np.linalg.LinAlgError("inverse from the Cholesky factor failed")
    inv = np.tril(inv) if lower else np.triu(inv)
    return inv + inv.T - np.diag(np.diag(inv))


def _faction_terms(design: Design, theta: np.ndarray, cov: np.ndarray, z: float):
    P = len(design.players)
    raw = {key: float(theta[P + i]) for i, key in enumerate(design.factions)}
    by_seats: dict[int, list[int]] = {}
    for i, (_, seats) in enumerate(design.factions):
        by_seats.setdefault(seats, []).append(P + i)
    terms = {}
    for i, (label, seats) in enumerate(design.factions):
        group = by_seats[seats]
        c = np.zeros(len(theta))
        c[group] -= 1.0 / len(group)
        c[P + i] += 1.0
        est = float(c @ theta) * ELO_PER_NATURAL
        half = z * math.sqrt(max(float(c @ cov @ c), 0.0)) * ELO_PER_NATURAL
        terms[(label, seats)] = FactionTerm(
            label, seats, est, est - half, est + half, int(design.faction_games[i])
        )
    return terms, raw


def fit_by_game(records: Iterable[MatchRecord], **kwargs) -> dict[str, RatingTable]:
    """One :func:`fit_ratings` per game found in ``records``."""
    records = list(records)
    return {g: fit_ratings(records, game=g, **kwargs) for g in games_in(records)}

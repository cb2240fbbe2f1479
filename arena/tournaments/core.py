"""What every tournament format shares: tables, results, seeds, standings and the settling test.

A format only *schedules*: given the results so far it says which games to
play next (:meth:`Format.next_tables`), as :class:`Table` objects (who sits in
which seat, with which seed).  Playing them is someone else's job (the local
runner in :mod:`arena.tournaments.runner`, or a worker), which hands back
:class:`GameResult` objects.  Formats are pure: the same entrants, options and
results always give the same next tables, so a scheduler can be rebuilt from
the stored results at any time.
"""
from __future__ import annotations

import abc
import hashlib
from dataclasses import dataclass
from typing import Iterator, Mapping, Sequence

from arena.ratings import MatchRecord, fit_ratings

__all__ = [
    "sprt_bounds",
    "gsprt_llr",
    "sprt_decisions",
    "is_settled_sprt",
    "ADAPTIVE_METHODS",
    "Table",
    "GameResult",
    "Standing",
    "Format",
    "game_seed",
    "entrant_ids",
    "program_of",
    "side_points",
    "standings",
    "is_settled",
]

DEFAULT_TOP = 3
DEFAULT_THRESHOLD = 0.95
DEFAULT_MIN_GAMES = 4
ADAPTIVE_METHODS = ("superiority", "sprt")
# The SPRT's hypotheses for each pair of neighbours: equal (H0) or the higher
# one stronger by SPRT_DELTA Elo points (H1), with error rates alpha and beta.
SPRT_DELTA = 50.0
SPRT_ALPHA = 0.05
SPRT_BETA = 0.05


@dataclass(frozen=True)
class Table:
    """One game to play: ``bots[seat]`` sits in ``seat``; ``key`` is unique in the tournament."""

    key: str
    round: int
    bots: tuple[str, ...]
    seed: int
    stage: str = ""


@dataclass(frozen=True)
class GameResult:
    """The outcome of one :class:`Table`: a rank per seat (1 best), teams if the game has them."""

    key: str
    bots: tuple[str, ...]
    ranks: tuple[int, ...]
    teams: tuple[str, ...] | None = None
    voided: bool = False

    def record(self, game: str) -> MatchRecord:
        return MatchRecord(game, self.bots, self.ranks, self.teams, self.voided, id=self.key)

    def points(self) -> dict[str, float]:
        """Per bot, the share of the other sides it finished ahead of (a tie counts half):
        1 for a two-player win, 0.5 for a draw, 0 for a loss."""
        return {} if self.voided else side_points(self.bots, self.ranks, self.teams)

    def winners(self) -> tuple[str, ...]:
        """The bots of the side that finished first alone (none on a shared first place)."""
        if self.voided:
            return ()
        firsts = {label for label, rank in _sides(self.bots, self.ranks, self.teams) if rank == 1}
        if len(firsts) != 1:
            return ()
        first = firsts.pop()
        return tuple(b for b, label in zip(self.bots, _labels(self.bots, self.teams)) if label == first)


def _labels(bots, teams):
    return teams if teams is not None else tuple(f"seat{i}" for i in range(len(bots)))


def _sides(bots, ranks, teams):
    seen = {}
    for label, rank in zip(_labels(bots, teams), ranks):
        seen.setdefault(label, rank)
    return list(seen.items())


def side_points(bots, ranks, teams=None) -> dict[str, float]:
    sides = _sides(bots, ranks, teams)
    if len(sides) < 2:
        return {b: 0.5 for b in bots}
    share = {}
    for label, rank in sides:
        ahead = sum(1.0 if rank < other else 0.5 if rank == other else 0.0
                    for other_label, other in sides if other_label != label)
        share[label] = ahead / (len(sides) - 1)
    out: dict[str, float] = {}
    for bot, label in zip(bots, _labels(bots, teams)):
        out[bot] = out.get(bot, 0.0) + share[label]
    return out


def game_seed(tournament_seed: int, *parts) -> int:
    """A game's seed, fixed by the tournament seed and the game's place in the schedule."""
    text = ":".join(str(p) for p in (tournament_seed, *parts))
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big") % (2**31 - 1)


def entrant_ids(names: Sequence[str]) -> list[str]:
    """Entrant ids from bot names: a name given several times becomes ``name#1``, ``name#2``..."""
    counts: dict[str, int] = {}
    for name in names:
        counts[name] = counts.get(name, 0) + 1
    seen: dict[str, int] = {}
    out = []
    for name in names:
        if counts[name] == 1:
            out.append(name)
        else:
            seen[name] = seen.get(name, 0) + 1
            out.append(f"{name}#{seen[name]}")
    return out


def program_of(entrant: str) -> str:
    """The bot program an entrant id stands for (``random#2`` -> ``random``)."""
    return entrant.split("#", 1)[0]


@dataclass(frozen=True)
class Standing:
    bot: str
    place: int
    rating: float
    low: float
    high: float
    games: int
    wins: int
    points: float
    score: float | None = None  # the format's own score (Swiss points), when it has one

    def as_dict(self) -> dict:
        return {k: getattr(self, k) for k in self.__dataclass_fields__}


def fit(game: str, results: Sequence[GameResult], **kwargs):
    records = [r.record(game) for r in results if not r.voided]
    return fit_ratings(records, game=game, **kwargs)


def standings(game: str, entrants: Sequence[str], results: Sequence[GameResult],
              placings: Mapping[str, int] | None = None,
              scores: Mapping[str, float] | None = None) -> list[Standing]:
    """Rating with its 95% interval, games, wins and points per entrant.

    Ordered by ``placings`` when the format decides places (brackets, Swiss),
    otherwise by rating; places are shared only when ``placings`` shares them.
    """
    table = fit(game, results) if any(not r.voided for r in results) else None
    games = {e: 0 for e in entrants}
    wins = {e: 0 for e in entrants}
    points = {e: 0.0 for e in entrants}
    for r in results:
        if r.voided:
            continue
        for bot in set(r.bots):
            games[bot] += 1
        for bot in set(r.winners()):
            wins[bot] += 1
        for bot, p in r.points().items():
            points[bot] += p
    rows = []
    for e in entrants:
        if table is not None and e in table:
            pr = table[e]
            rating, low, high = pr.rating, pr.low, pr.high
        else:
            rating, low, high = float("nan"), float("nan"), float("nan")
        rows.append([e, rating, low, high])
    if placings is None:
        order = sorted(rows, key=lambda row: (-(row[1] if row[1] == row[1] else -1e9), entrants.index(row[0])))
        place = {row[0]: i + 1 for i, row in enumerate(order)}
    else:
        place = dict(placings)
        order = sorted(rows, key=lambda row: (place[row[0]], -(row[1] if row[1] == row[1] else -1e9)))
    return [Standing(e, place[e], rating, low, high, games[e], wins[e], points[e],
                     None if scores is None else scores.get(e))
            for e, rating, low, high in order]


def is_settled(table, *, top: int = DEFAULT_TOP, threshold: float = DEFAULT_THRESHOLD,
               min_games: int = DEFAULT_MIN_GAMES) -> bool:
    """True when the order of the ``top`` first places is settled: every bot has
    ``min_games`` games and the likelihood of superiority of each of the first
    ``top`` places over the next one is at least ``threshold``."""
    board = table.leaderboard()
    if len(board) < 2 or any(r.games < min_games for r in board):
        return False
    k = min(top, len(board) - 1)
    return all(table.superiority(board[i].player, board[i + 1].player) >= threshold for i in range(k))


def sprt_bounds(*, alpha: float = SPRT_ALPHA, beta: float = SPRT_BETA) -> tuple[float, float]:
    """Wald's bounds on the log-likelihood ratio: accept H0 at or below the first, H1 at or above
    the second."""
    import math

    return math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)


def gsprt_llr(*, estimate: float, variance: float, low: float, high: float) -> float:
    """The generalised SPRT's log-likelihood ratio of H1 (the true value is ``high``) against H0
    (``low``) for an estimate with a normal likelihood of ``variance``:
    ``(high - low) (2 estimate - low - high) / (2 variance)``."""
    return (high - low) * (2 * estimate - low - high) / (2 * variance)


def sprt_decisions(table, *, top: int = DEFAULT_TOP, delta: float = SPRT_DELTA,
                   alpha: float = SPRT_ALPHA, beta: float = SPRT_BETA) -> list[str | None]:
    """A sequential probability ratio test for each of the first ``top`` pairs of neighbours
    on the leaderboard: "better" (H1, the higher one is stronger by ``delta`` Elo points
    rather than equal), "equal" (H0) or None (keep playing).

    The log-likelihood ratio of H1 (difference ``delta``) against H0 (difference 0) uses the
    fitted difference ``d`` and its Laplace variance ``v`` as a normal likelihood (the
    generalised SPRT of chess-engine testing): ``LLR = delta (2 d - delta) / (2 v)``,
    compared with Wald's bounds ``log(beta / (1 - alpha))`` and ``log((1 - beta) / alpha)``."""
    board = table.leaderboard()
    lower, upper = sprt_bounds(alpha=alpha, beta=beta)
    out: list[str | None] = []
    for i in range(min(top, len(board) - 1)):
        d, sd = table.difference(board[i].player, board[i + 1].player)
        if not sd > 0:
            out.append(None)
            continue
        llr = gsprt_llr(estimate=d, variance=sd * sd, low=0.0, high=delta)
        out.append("better" if llr >= upper else "equal" if llr <= lower else None)
    return out


def is_settled_sprt(table, *, top: int = DEFAULT_TOP, min_games: int = DEFAULT_MIN_GAMES,
                    delta: float = SPRT_DELTA, alpha: float = SPRT_ALPHA, beta: float = SPRT_BETA) -> bool:
    """True when every bot has ``min_games`` games and the SPRT of each of the first ``top``
    pairs of neighbours has ended (either way: more games would not change its decision at
    these error rates)."""
    board = table.leaderboard()
    if len(board) < 2 or any(r.games < min_games for r in board):
        return False
    return all(d is not None for d in sprt_decisions(table, top=top, delta=delta, alpha=alpha, beta=beta))


class Format(abc.ABC):
    """A tournament format: entrants, options and a schedule of rounds.

    Subclasses write :meth:`_rounds`, a generator that yields the tables of a
    round and receives their results as ``{key: GameResult}``; it ends when
    the tournament is over.  :meth:`next_tables` replays it from the start on
    the stored results, so a format holds no state between calls.
    """

    name = ""
    two_player_only = True

    def __init__(self, game: str, entrants: Sequence[str], *, seed: int = 0, games: int = 2,
                 adaptive: bool | str = False, top: int = DEFAULT_TOP, threshold: float = DEFAULT_THRESHOLD,
                 min_games: int = DEFAULT_MIN_GAMES):
        if len(entrants) < 2:
            raise ValueError(f"a {self.name} tournament needs at least 2 entrants, got {len(entrants)}")
        if len(set(entrants)) != len(entrants):
            raise ValueError("entrant ids must be distinct (use entrant_ids() for repeated bots)")
        if games < 1:
            raise ValueError(f"games must be at least 1, got {games}")
        self.game = game
        self.entrants = list(entrants)
        self.seed = int(seed)
        self.games = int(games)
        if adaptive not in (False, True) + ADAPTIVE_METHODS:
            raise ValueError(f"adaptive must be true, false or one of {ADAPTIVE_METHODS}, got {adaptive!r}")
        # True is the likelihood-of-superiority stop
        self.adaptive = "superiority" if adaptive is True else adaptive
        self.top, self.threshold, self.min_games = top, threshold, min_games
        self.seats = 2

    # --- the schedule -------------------------------------------------
    @abc.abstractmethod
    def _rounds(self) -> Iterator[list[Table]]:
        """The schedule: yields each round's tables and is sent their results."""

    def next_tables(self, results: Sequence[GameResult]) -> list[Table]:
        """The games still to play in the current round; empty when the tournament is over."""
        by_key = {r.key: r for r in results}
        rounds = self._rounds()
        try:
            tables = next(rounds)
            while True:
                missing = [t for t in tables if t.key not in by_key]
                if missing:
                    return missing
                tables = rounds.send({t.key: by_key[t.key] for t in tables})
        except StopIteration:
            return []

    def _play_through(self, results: Sequence[GameResult]) -> None:
        """Drives the schedule over the stored results as far as they go; the formats note what
        they learn on the way (who went out, the scores)."""
        by_key = {r.key: r for r in results}
        rounds = self._rounds()
        try:
            tables = next(rounds)
            while all(t.key in by_key for t in tables):
                tables = rounds.send({t.key: by_key[t.key] for t in tables})
        except StopIteration:
            pass

    @abc.abstractmethod
    def max_games(self) -> int:
        """An upper bound of the number of games (the progress bar's length)."""

    # --- results ------------------------------------------------------
    def placings(self, results: Sequence[GameResult]) -> dict[str, int] | None:
        """Places decided by the format itself (brackets, Swiss); None: by rating."""
        return None

    def scores(self, results: Sequence[GameResult]) -> dict[str, float] | None:
        return None

    def standings(self, results: Sequence[GameResult]) -> list[Standing]:
        return standings(self.game, self.entrants, results, self.placings(results), self.scores(results))

    def settled(self, results: Sequence[GameResult]) -> bool:
        """The adaptive stop: the fitted order of the top places is settled."""
        if not self.adaptive or not results:
            return False
        table = fit(self.game, results)
        if self.adaptive == "sprt":
            return is_settled_sprt(table, top=self.top, min_games=self.min_games)
        return is_settled(table, top=self.top, threshold=self.threshold, min_games=self.min_games)


def paired_games(key: str, round_: int, a: str, b: str, seed: int, count: int, stage: str = "",
                 first: int = 0) -> list[Table]:
    """``count`` games between ``a`` and ``b`` in pairs sharing a seed with the seats swapped;
    game ``first + j`` of the series has seed pair ``(first + j) // 2``."""
    tables = []
    for j in range(first, first + count):
        pair_seed = game_seed(seed, key, j // 2)
        seats = (a, b) if j % 2 == 0 else (b, a)
        tables.append(Table(f"{key}/g{j}", round_, seats, pair_seed, stage))
    return tables


def rotation(key: str, round_: int, bots: Sequence[str], seed: int, stage: str = "") -> list[Table]:
    """One game per seat with the same seed, the bots rotated one seat each game, so each
    bot plays every seat of the same deal once."""
    k = len(bots)
    table_seed = game_seed(seed, key)
    return [Table(f"{key}/g{j}", round_, tuple(bots[(s + j) % k] for s in range(k)), table_seed, stage)
            for j in range(k)]

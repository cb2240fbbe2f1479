"""Is a bot's new version stronger than its old one?  Paired games and a stopping rule.

    arena test katana --bot ronin --new heuristic --old mix-0.2 [--elo0 0 --elo1 5] [--max-games 2000]

The two versions play *pairs* of games: both games of a pair have the same seed and the same
other seats (built-in bots, identical for both versions), and the two versions swap seats in the
second game, so the luck of the deal and of the seat cancels within a pair.  Each game scores the
new version 1, 1/2 or 0 against the old (better rank, same rank, worse rank), so a pair scores
0, 1/2, 1, 3/2 or 2: the *pentanomial* counts.

The stopping rule is the sequential probability ratio test of chess-engine testing (the one the
adaptive tournaments use, :func:`arena.tournaments.core.gsprt_llr`), here on the pair scores:
H0 "the new version is ``elo0`` Elo stronger", H1 "``elo1`` Elo stronger".  With ``N`` pairs of
mean score ``m`` (per game) and variance ``v`` of a pair's mean, and ``s0``, ``s1`` the expected
scores of ``elo0`` and ``elo1``, ``LLR = (s1 - s0)(2 m - s0 - s1) / (2 v / N)``; the test accepts
H1 when the LLR reaches ``log((1 - beta) / alpha)``, H0 when it falls to ``log(beta / (1 - alpha))``,
and otherwise plays on until ``max_games``.  Counting pairs rather than games keeps the variance
honest: the two games of a pair are not independent (same deal), and the pentanomial variance
is the one that says so.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

from arena.tournaments.core import gsprt_llr, sprt_bounds

__all__ = ["Settings", "PairOutcome", "VersionTest", "pair_tables", "game_score", "elo_of_score",
           "score_of_elo"]

PAIR_SCORES = (0.0, 0.5, 1.0, 1.5, 2.0)
PRIOR_PAIRS = 8


def score_of_elo(elo: float) -> float:
    """The expected score of a player ``elo`` points stronger (the logistic Elo curve)."""
    return 1.0 / (1.0 + 10.0 ** (-elo / 400.0))


def elo_of_score(score: float) -> float:
    """The Elo difference whose expected score is ``score`` (infinite at 0 and 1)."""
    if score <= 0.0:
        return -math.inf
    if score >= 1.0:
        return math.inf
    return -400.0 * math.log10(1.0 / score - 1.0)


@dataclass(frozen=True)
class Settings:
    elo0: float = 0.0
    elo1: float = 5.0
    alpha: float = 0.05
    beta: float = 0.05
    max_games: int = 2000

    def __post_init__(self):
        if not self.elo1 > self.elo0:
            raise ValueError(f"elo1 ({self.elo1:g}) must be greater than elo0 ({self.elo0:g})")
        for name in ("alpha", "beta"):
            value = getattr(self, name)
            if not 0.0 < value < 0.5:
                raise ValueError(f"{name} must be between 0 and 0.5, not {value:g}")
        if self.max_games < 2:
            raise ValueError(f"the game limit must be at least 2 (one pair), not {self.max_games}")

    @property
    def bounds(self) -> tuple[float, float]:
        return sprt_bounds(alpha=self.alpha, beta=self.beta)


def pair_tables(*, players: int, pair: int, seed: int = 0, others: str = "heuristic",
                new: str = "new", old: str = "old") -> tuple[int, tuple[str, ...], tuple[str, ...]]:
    """The seed and the two seatings of pair ``pair``: the versions take two seats that rotate with
    the pair number (so every seat is played), swap them in the second game, and every other seat
    holds ``others`` in both games."""
    if players < 2:
        raise ValueError("a version test needs a table of at least two seats")
    first = pair % players
    second = (first + 1 + (pair // players) % (players - 1)) % players
    seats_a = [others] * players
    seats_a[first], seats_a[second] = new, old
    seats_b = list(seats_a)
    seats_b[first], seats_b[second] = old, new
    return seed + pair, tuple(seats_a), tuple(seats_b)


def game_score(ranks, new_seat: int, old_seat: int) -> float:
    """The new version's score against the old in one game: 1 ranked better, 1/2 level, 0 worse."""
    a, b = ranks[new_seat], ranks[old_seat]
    return 1.0 if a < b else 0.5 if a == b else 0.0


@dataclass(frozen=True)
class PairOutcome:
    first: float
    second: float

    @property
    def score(self) -> float:
        return self.first + self.second


@dataclass
class VersionTest:
    """The running tally of a version test: pentanomial counts, LLR after each pair, the decision."""

    settings: Settings = field(default_factory=Settings)
    pentanomial: list[int] = field(default_factory=lambda: [0, 0, 0, 0, 0])
    trinomial: list[int] = field(default_factory=lambda: [0, 0, 0])  # losses, draws, wins of the new version
    llr_history: list[float] = field(default_factory=list)

    @property
    def pairs(self) -> int:
        return sum(self.pentanomial)

    @property
    def games(self) -> int:
        return 2 * self.pairs

    def add_pair(self, first: float, second: float) -> None:
        if self.decision is not None:
            raise ValueError("this version test has ended; it takes no more games")
        for score in (first, second):
            if score not in (0.0, 0.5, 1.0):
                raise ValueError(f"a game scores 0, 1/2 or 1, not {score!r}")
            self.trinomial[int(score * 2)] += 1
        self.pentanomial[int((first + second) * 2)] += 1
        self.llr_history.append(self.llr)

    def _moments(self) -> tuple[float, float]:
        """Mean score per game and the variance of one pair's mean score."""
        n = self.pairs
        means = [s / 2 for s in PAIR_SCORES]
        mean = sum(c * m for c, m in zip(self.pentanomial, means)) / n
        var = sum(c * (m - mean) ** 2 for c, m in zip(self.pentanomial, means)) / n
        return mean, var

    @property
    def score(self) -> float | None:
        return self._moments()[0] if self.pairs else None

    @property
    def llr(self) -> float:
        if self.pairs < 2:
            return 0.0
        mean, var = self._moments()
        # The first few pairs say little about the spread (two equal pairs say "none"), and a
        # variance read off them lets a short streak end the test at far above the stated error
        # rates; PRIOR_PAIRS pseudo-pairs of the largest spread (1/4: a pair won or lost outright)
        # weigh in until the real pairs outnumber them.
        var = (var * self.pairs + PRIOR_PAIRS * 0.25) / (self.pairs + PRIOR_PAIRS)
        s0, s1 = score_of_elo(self.settings.elo0), score_of_elo(self.settings.elo1)
        return gsprt_llr(estimate=mean, variance=var / self.pairs, low=s0, high=s1)

    @property
    def decision(self) -> str | None:
        """"H1" (the new version is stronger), "H0" (not stronger by elo1), "limit" or None."""
        lower, upper = self.settings.bounds
        llr = self.llr
        if llr >= upper:
            return "H1"
        if llr <= lower:
            return "H0"
        if self.games + 2 > self.settings.max_games:
            return "limit"
        return None

    def elo(self) -> tuple[float, float, float] | None:
        """The Elo estimate and its 95% interval, from the pair scores."""
        if not self.pairs:
            return None
        mean, var = self._moments()
        half = 1.96 * math.sqrt(var / self.pairs)
        clamp = lambda s: min(max(s, 1e-6), 1 - 1e-6)  # noqa: E731 - a one-line guard for all-win runs
        return elo_of_score(clamp(mean)), elo_of_score(clamp(mean - half)), elo_of_score(clamp(mean + half))

    def verdict(self, *, new: str, old: str) -> str:
        """The outcome in words, e.g. "v3 is stronger than v2: +12 Elo [4, 20], LLR 2.96 ≥ 2.94
        after 1,340 games"."""
        lower, upper = self.settings.bounds
        llr, decision = self.llr, self.decision
        if not self.pairs:
            return f"{new} against {old}: no games yet"
        elo, low, high = self.elo()
        estimate = f"{elo:+.0f} Elo [{low:.0f}, {high:.0f}]"
        games = f"after {self.games:,} games"
        if decision == "H1":
            return f"{new} is stronger than {old}: {estimate}, LLR {llr:.2f} ≥ {upper:.2f} {games}"
        if decision == "H0":
            return (f"{new} is not stronger than {old} by {self.settings.elo1:g} Elo: {estimate}, "
                    f"LLR {llr:.2f} ≤ {lower:.2f} {games}")
        if decision == "limit":
            return (f"no decision between {new} and {old} at the limit of {self.settings.max_games:,} games: "
                    f"{estimate}, LLR {llr:.2f} within [{lower:.2f}, {upper:.2f}] {games}")
        return f"{new} against {old} so far: {estimate}, LLR {llr:.2f} within [{lower:.2f}, {upper:.2f}] {games}"

    def summary(self, *, new: str, old: str) -> dict:
        lower, upper = self.settings.bounds
        s = self.settings
        elo = self.elo()
        return {
            "new": new, "old": old, "elo0": s.elo0, "elo1": s.elo1, "alpha": s.alpha, "beta": s.beta,
            "max_games": s.max_games, "lower_bound": round(lower, 4), "upper_bound": round(upper, 4),
            "games": self.games, "pairs": self.pairs, "pentanomial": list(self.pentanomial),
            "trinomial": list(self.trinomial), "llr": round(self.llr, 4), "decision": self.decision,
            "elo": None if elo is None else [round(x, 2) for x in elo],
            "llr_history": [round(x, 4) for x in self.llr_history],
            "verdict": self.verdict(new=new, old=old),
        }


def play_pair(game_id: str, *, players: int, pair: int, new: str, old: str, others: str = "heuristic",
              seed: int = 0, options=None) -> PairOutcome:
    """Plays pair ``pair`` between two built-in versions and returns the new version's two scores."""
    from arena import agents
    from arena.match import agent_seed, play_match

    game_seed, seats_a, seats_b = pair_tables(players=players, pair=pair, seed=seed, others="*")
    scores = []
    for seating in (seats_a, seats_b):
        names = [new if role == "new" else old if role == "old" else others for role in seating]
        # Each version keeps its own random stream wherever it sits (as two programs would), so two
        # equal mixes still play different games; the other seats draw theirs by seat.
        streams = [agent_seed(game_seed, players + ("new", "old").index(role)) if role in ("new", "old")
                   else agent_seed(game_seed, s) for s, role in enumerate(seating)]
        bots = [agents.builtin(name, stream, game_id) for name, stream in zip(names, streams)]
        outcome = play_match(game_id, seed=game_seed, agents=bots, options=options)
        scores.append(game_score(outcome.result["ranks"], seating.index("new"), seating.index("old")))
    return PairOutcome(*scores)


def run(game_id: str, *, new: str, old: str, settings: Settings, players: int | None = None,
        others: str = "heuristic", seed: int = 0, options=None, advance=None) -> VersionTest:
    """Plays pairs until the test decides or reaches its game limit; ``advance(games)`` after each pair."""
    test = VersionTest(settings=settings)
    run_into(test, game_id, new=new, old=old, players=players, others=others, seed=seed, options=options,
             advance=advance)
    return test


def run_into(test: VersionTest, game_id: str, *, new: str, old: str, players: int | None = None,
             others: str = "heuristic", seed: int = 0, options=None, advance=None) -> None:
    """Plays the pairs of ``test`` (from where it stands) until it decides or reaches its game limit."""
    from arena import agents, games

    game = games.get(game_id)
    for name in (new, old, others):
        agents.check_builtin(name, game.id)
    resolved = game.resolve_options(options)
    if players is None:
        players = (game.table_sizes(resolved) or (game.min_players,))[0]
    options = game.check_match(players, options)
    while test.decision is None:
        outcome = play_pair(game.id, players=players, pair=test.pairs, new=new, old=old, others=others,
                            seed=seed, options=options)
        test.add_pair(outcome.first, outcome.second)
        if advance is not None:
            advance(2)

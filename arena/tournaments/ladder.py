"""Continuous-ladder matchmaking: who plays next, against whom, at how many seats.

Pure scheduling over a snapshot of the ladder (ratings, uncertainties, game counts, when each
bot last played); the caller plays the tables and reports back with :meth:`Ladder.record`.

* **Who plays next** (:func:`pick_focal`): bots still provisional (fewer than ``new_games``
  games) first, then the fewest games, then the longest idle, then the id.
* **Against whom** (:func:`opponent_weights`): an opponent ``j`` of the focal bot ``i`` is
  drawn with weight ``p (1 - p) * (1 + sd_j / SD_SCALE)`` where ``p`` is the probability that
  ``i`` beats ``j`` under the current ratings (Elo scale) widened by both uncertainties:
  ``p = 1 / (1 + 10^(-(R_i - R_j) / (400 * sqrt(1 + (sd_i^2 + sd_j^2) / SPREAD^2))))``.
  Close ratings give ``p`` near 1/2 (the most informative games); uncertain opponents are
  preferred.  Several opponents are drawn one after the other without replacement.
* **How many seats**: drawn from the game's table sizes (Katana 3-7, a duel 2, a solo game 1:
  the focal bot alone against the game's automata), capped by the number of bots.
* **Seats and seeds**: the chosen group plays a full rotation, one game per seat, all on one
  seed, so that the seat and the deal cancel out.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Mapping, Sequence

from .core import GameResult, Table, rotation

__all__ = ["LadderBot", "Ladder", "pick_focal", "opponent_weights", "win_probability"]

SPREAD = 200.0          # Elo points: how far apart two bots can be and still give a useful game
SD_SCALE = 100.0        # Elo points: weight of an opponent's uncertainty
NEW_GAMES = 10
DEFAULT_SD = 350.0


@dataclass
class LadderBot:
    id: str
    rating: float = 1500.0
    sd: float = DEFAULT_SD
    games: int = 0
    last_played: float = float("-inf")


def pick_focal(bots: Sequence[LadderBot], new_games: int = NEW_GAMES) -> LadderBot:
    return min(bots, key=lambda b: (b.games >= new_games, b.games, b.last_played, b.id))


def win_probability(a: LadderBot, b: LadderBot) -> float:
    widen = math.sqrt(1.0 + (a.sd**2 + b.sd**2) / SPREAD**2)
    return 1.0 / (1.0 + 10.0 ** (-(a.rating - b.rating) / (400.0 * widen)))


def opponent_weights(focal: LadderBot, candidates: Sequence[LadderBot]) -> list[float]:
    out = []
    for c in candidates:
        p = win_probability(focal, c)
        out.append(p * (1.0 - p) * (1.0 + c.sd / SD_SCALE))
    return out


class Ladder:
    """The ladder's bots and a seeded matchmaker.

    ``seats`` is the table sizes this game is played at (e.g. ``range(3, 8)`` for Katana, ``(2,)``
    for a duel).  ``next_tables(now)`` returns the rotation of the next group;
    ``record(result, now)`` counts a played game.  Ratings and uncertainties are pushed in with
    :meth:`update_ratings` (from the live rating and the last refit).
    """

    def __init__(self, bots: Sequence[str], *, seats: Sequence[int], seed: int = 0,
                 new_games: int = NEW_GAMES):
        seats = sorted(set(int(s) for s in seats))
        if not seats or seats[0] < 1:
            raise ValueError(f"table sizes must be at least 1 (a bot alone against the game's automata), "
                             f"got {seats}")
        self.seats = seats
        self.seed = seed
        self.new_games = new_games
        self.bots: dict[str, LadderBot] = {}
        self.groups = 0
        self._rng = random.Random(seed)
        for b in bots:
            self.add(b)

    def add(self, bot: str) -> None:
        if bot in self.bots:
            raise ValueError(f"{bot!r} is already on the ladder")
        self.bots[bot] = LadderBot(bot)

    def update_ratings(self, ratings: Mapping[str, tuple[float, float]]) -> None:
        """``{bot: (rating, sd)}`` in Elo points; bots not given keep theirs."""
        for bot, (rating, sd) in ratings.items():
            if bot in self.bots:
                self.bots[bot].rating, self.bots[bot].sd = float(rating), float(sd)

    def choose(self) -> list[str]:
        """The next group, focal bot first."""
        sizes = [s for s in self.seats if s <= len(self.bots)]
        if not sizes:
            raise ValueError(f"{len(self.bots)} bots cannot fill a table of {self.seats[0]}")
        size = self._rng.choice(sizes)
        focal = pick_focal(list(self.bots.values()), self.new_games)
        group = [focal]
        rest = [b for b in sorted(self.bots.values(), key=lambda b: b.id) if b is not focal]
        while len(group) < size:
            weights = opponent_weights(focal, rest)
            total = sum(weights)
            u = self._rng.random() * total
            i = 0
            while i < len(rest) - 1 and u >= weights[i]:
                u -= weights[i]
                i += 1
            group.append(rest.pop(i))
        return [b.id for b in group]

    def next_tables(self) -> list[Table]:
        group = self.choose()
        # The rotation starts at a seeded seat so the focal bot is not always in seat 0.
        shift = self._rng.randrange(len(group))
        group = group[shift:] + group[:shift]
        key = f"ladder{self.groups}"
        self.groups += 1
        return rotation(key, self.groups - 1, group, self.seed)

    def record(self, result: GameResult, now: float) -> None:
        for bot in set(result.bots):
            if bot in self.bots:
                self.bots[bot].games += 1
                self.bots[bot].last_played = now

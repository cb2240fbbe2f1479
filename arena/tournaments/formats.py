"""Round robin, Swiss and repeated tables: formats where everybody keeps playing.

Games between two bots come in pairs sharing a seed with the seats swapped,
and a table of ``k`` bots plays ``k`` games on one seed with the bots rotated
one seat each game, so that the advantage of a seat or of a deal cancels.
"""
from __future__ import annotations

import math
import random
from typing import Sequence

from .core import Format, GameResult, game_seed, paired_games, rotation

__all__ = ["RoundRobin", "Swiss", "RepeatedTables", "swiss_pairing"]


class RoundRobin(Format):
    """Every pair of entrants plays ``games`` games (an even number gives each the first seat
    equally often).  A round is one game pair of every pairing; with ``adaptive`` the
    tournament stops after the round where the top places' order is settled."""

    name = "round-robin"

    def pairs(self):
        e = self.entrants
        return [(e[i], e[j]) for i in range(len(e)) for j in range(i + 1, len(e))]

    def _rounds(self):
        played = []
        for r in range(math.ceil(self.games / 2)):
            count = min(2, self.games - 2 * r)
            tables = []
            for i, (a, b) in enumerate(self.pairs()):
                # With an odd number of games the last, unpaired game alternates the first seat.
                if count == 1 and i % 2:
                    a, b = b, a
                tables += paired_games(f"rr/{a}|{b}", r, a, b, self.seed, count, first=2 * r)
            results = yield tables
            played += results.values()
            if self.settled(played):
                return

    def max_games(self):
        return len(self.pairs()) * self.games


def swiss_pairing(order: Sequence[str], met: set[frozenset], limit: int = 200_000):
    """Pairs ``order`` (best first, even length) top-down, each with the nearest one below it it
    has not met; backtracks so that no rematch happens while one can be avoided.  Returns the
    pairs, or None if every pairing has a rematch (or the search exceeds ``limit`` steps)."""
    steps = [0]
    failed = set()

    def solve(rest):
        if not rest:
            return []
        key = frozenset(rest)
        if key in failed:
            return None
        steps[0] += 1
        if steps[0] > limit:
            return None
        a = rest[0]
        for i in range(1, len(rest)):
            b = rest[i]
            if frozenset((a, b)) in met:
                continue
            tail = solve(rest[1:i] + rest[i + 1:])
            if tail is not None:
                return [(a, b)] + tail
        failed.add(key)
        return None

    return solve(list(order))


class Swiss(Format):
    """``rounds`` rounds (default: ceil(log2 n)); each round pairs entrants of close scores
    who have not met (no rematch while one can be avoided); a pairing plays ``games`` games.
    The score is the sum of game points (1 win, 0.5 draw); with an odd number of entrants the
    lowest-placed entrant without a bye yet sits out and scores ``games`` points.  Places:
    score, then Buchholz (the sum of the opponents' scores), then entry order."""

    name = "swiss"

    def __init__(self, game, entrants, *, rounds: int | None = None, **kwargs):
        super().__init__(game, entrants, **kwargs)
        self.rounds = rounds if rounds is not None else max(1, math.ceil(math.log2(len(entrants))))
        if self.rounds < 1:
            raise ValueError(f"a Swiss tournament needs at least 1 round, got {self.rounds}")

    def _order(self, score, opponents):
        buchholz = {e: sum(score[o] for o in opponents[e]) for e in self.entrants}
        return sorted(self.entrants, key=lambda e: (-score[e], -buchholz[e], self.entrants.index(e)))

    def _rounds(self):
        score = {e: 0.0 for e in self.entrants}
        opponents = {e: [] for e in self.entrants}
        met: set[frozenset] = set()
        byes: set[str] = set()
        played = []
        self._final = (score, opponents)
        for r in range(self.rounds):
            order = self._order(score, opponents)
            bye = None
            if len(order) % 2:
                bye = next(e for e in reversed(order) if e not in byes)
                order.remove(bye)
                byes.add(bye)
            pairs = swiss_pairing(order, met)
            if pairs is None:  # every pairing repeats a game: pair neighbours in score order
                pairs = [(order[i], order[i + 1]) for i in range(0, len(order), 2)]
            tables = []
            for a, b in pairs:
                tables += paired_games(f"sw{r}/{a}|{b}", r, a, b, self.seed, self.games, f"round {r + 1}")
                met.add(frozenset((a, b)))
                opponents[a].append(b)
                opponents[b].append(a)
            results = yield tables
            played += results.values()
            for res in results.values():
                for bot, p in res.points().items():
                    score[bot] += p
            if bye is not None:
                score[bye] += self.games
            if self.settled(played):
                return

    def _replay(self, results):
        self._play_through(results)
        return self._final

    def scores(self, results):
        return dict(self._replay(results)[0])

    def placings(self, results):
        score, opponents = self._replay(results)
        order = self._order(score, opponents)
        return {e: i + 1 for i, e in enumerate(order)}

    def max_games(self):
        return self.rounds * (len(self.entrants) // 2) * self.games


class RepeatedTables(Format):
    """Free-for-all: ``games`` rounds; each round deals the entrants into tables of ``seats``
    (seeded) and every table plays a full rotation (one game per seat, one seed).  When the
    entrants do not fill whole tables, those with the most games sit the round out.  Works for
    two-player games too (``seats=2``)."""

    name = "tables"
    two_player_only = False

    def __init__(self, game, entrants, *, seats: int, **kwargs):
        super().__init__(game, entrants, **kwargs)
        if seats < 2:
            raise ValueError(f"a table needs at least 2 seats, got {seats}")
        if len(entrants) < seats:
            raise ValueError(f"{len(entrants)} entrants cannot fill a table of {seats}")
        self.seats = seats

    def _rounds(self):
        games = {e: 0 for e in self.entrants}
        played = []
        for r in range(self.games):
            rng = random.Random(game_seed(self.seed, "tables", r))
            pool = list(self.entrants)
            rng.shuffle(pool)
            extra = len(pool) % self.seats
            if extra:
                # Sit out: the most games first; the shuffle breaks ties.
                sitting = sorted(pool, key=lambda e: -games[e])[:extra]
                pool = [e for e in pool if e not in sitting]
            tables = []
            for t in range(len(pool) // self.seats):
                group = pool[t * self.seats:(t + 1) * self.seats]
                tables += rotation(f"tb{r}/t{t}", r, group, self.seed, f"round {r + 1}")
                for e in group:
                    games[e] += self.seats
            results = yield tables
            played += results.values()
            if self.settled(played):
                return

    def max_games(self):
        return self.games * (len(self.entrants) // self.seats) * self.seats

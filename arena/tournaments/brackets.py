"""Knock-out formats: single and double elimination for two-player games, and an elimination
over tables for free-for-all games where the table winners advance.

Entrants are seeded in the order given (the first is seed 1).  A duel plays ``games`` games
in seat-swapped pairs sharing a seed; the bot with more points goes through.  A tie is broken
by up to ``TIEBREAK_PAIRS`` further game pairs, then by the better seed.  With ``adaptive`` a
duel stops as soon as its winner is decided (the trailing bot cannot catch up in the games
left).
"""
from __future__ import annotations

import math
from typing import Sequence

from .core import Format, GameResult, paired_games, rotation
from .formats import swiss_pairing

__all__ = ["SingleElimination", "DoubleElimination", "TableElimination", "bracket_order"]

TIEBREAK_PAIRS = 3


def bracket_order(size: int) -> list[int]:
    """Seeds (0-based) in bracket slots for a power-of-two ``size``: seed 1 meets the last
    seed, and seeds 1 and 2 can meet only in the final (size 8: 1 8 4 5 2 7 3 6)."""
    order = [0]
    while len(order) < size:
        n = 2 * len(order)
        order = [x for s in order for x in (s, n - 1 - s)]
    return order


class _Knockout(Format):
    def _duels(self, duels: list[tuple[str, str, str]], round_: int, stage: str):
        """Plays duels ``(key, a, b)`` side by side; returns ``[(winner, loser), ...]``.

        Yields a pair of games of every undecided duel at a time."""
        n = len(duels)
        points = [[0.0, 0.0] for _ in range(n)]
        played = [0] * n
        outcome: list[tuple[str, str] | None] = [None] * n
        step = 0
        while any(o is None for o in outcome):
            tables = []
            for i, (key, a, b) in enumerate(duels):
                if outcome[i] is None:
                    count = min(2, self.games - played[i]) if played[i] < self.games else 2
                    tables += paired_games(key, round_ + step, a, b, self.seed, count, stage, first=played[i])
            results = yield tables
            step += 1
            for i, (key, a, b) in enumerate(duels):
                if outcome[i] is not None:
                    continue
                mine = [r for k, r in results.items() if k.startswith(key + "/")]
                for r in mine:
                    pts = r.points()
                    points[i][0] += pts.get(a, 0.0)
                    points[i][1] += pts.get(b, 0.0)
                played[i] += len(mine)
                pa, pb = points[i]
                left = max(0, self.games - played[i])
                if pa != pb and (left == 0 or (self.adaptive and abs(pa - pb) > left)):
                    outcome[i] = (a, b) if pa > pb else (b, a)
                elif left == 0 and played[i] >= self.games + 2 * TIEBREAK_PAIRS:
                    outcome[i] = (a, b) if self.entrants.index(a) < self.entrants.index(b) else (b, a)
        return outcome

    def _replay(self, results):
        self._play_through(results)
        return self._out

    def placings(self, results):
        out = self._replay(results)  # entrant -> elimination step (larger: went further)
        alive = [e for e in self.entrants if e not in out]
        top = max(out.values(), default=0) + 1
        level = {e: out.get(e, top) for e in self.entrants}
        # Places are shared by entrants knocked out at the same step.
        return {e: 1 + sum(1 for o in self.entrants if level[o] > level[e]) for e in self.entrants}


class SingleElimination(_Knockout):
    """A seeded bracket; byes (to the best seeds) fill it up to a power of two."""

    name = "single-elim"

    def _rounds(self):
        n = len(self.entrants)
        size = 1 << max(1, math.ceil(math.log2(n)))
        slots = [self.entrants[s] if s < n else None for s in bracket_order(size)]
        self._out = {}
        r = level = 0
        while len(slots) > 1:
            duels, index = [], []
            for i in range(0, len(slots), 2):
                a, b = slots[i], slots[i + 1]
                if a is not None and b is not None:
                    duels.append((f"se{level}/{a}|{b}", a, b))
                    index.append(i // 2)
            nxt = [slots[i] if slots[i + 1] is None else slots[i + 1] if slots[i] is None else None
                   for i in range(0, len(slots), 2)]
            stage = "final" if len(slots) == 2 else f"round {level + 1}"
            outcome = yield from self._duels(duels, r, stage)
            for j, (winner, loser) in zip(index, outcome):
                nxt[j] = winner
                self._out[loser] = level
            r += self._steps(duels)
            slots, level = nxt, level + 1

    def _steps(self, duels):
        return math.ceil(self.games / 2) + TIEBREAK_PAIRS if duels else 0

    def max_games(self):
        return (len(self.entrants) - 1) * (self.games + (self.games % 2) + 2 * TIEBREAK_PAIRS)


class DoubleElimination(_Knockout):
    """Out after two lost duels.  Each round the unbeaten play each other in bracket order and
    the once-beaten play each other (the most recent arrivals first, avoiding rematches; an
    odd one out waits); when one of each is left they meet in the grand final, replayed once
    if the unbeaten one loses it."""

    name = "double-elim"

    def _rounds(self):
        n = len(self.entrants)
        size = 1 << max(1, math.ceil(math.log2(n)))
        upper = [self.entrants[s] if s < n else None for s in bracket_order(size)]
        lower: list[str] = []   # once beaten, most recent arrivals first
        met: set[frozenset] = set()
        waits = {e: 0 for e in self.entrants}
        self._out = {}
        r = level = 0
        while True:
            alive_upper = [e for e in upper if e is not None]
            if len(alive_upper) == 1 and len(lower) <= 1:
                break
            duels, up_index = [], []
            if len(alive_upper) > 1:
                for i in range(0, len(upper), 2):
                    a, b = upper[i], upper[i + 1]
                    if a is not None and b is not None:
                        duels.append((f"de{level}/{a}|{b}", a, b))
                        up_index.append(i // 2)
            n_up = len(duels)
            if len(lower) > 1:
                pool = list(lower)
                if len(pool) % 2:
                    # The odd one out: who has waited least, then the best seed.
                    waiter = min(pool, key=lambda e: (waits[e], self.entrants.index(e)))
                    waits[waiter] += 1
                    pool.remove(waiter)
                pairs = swiss_pairing(pool, met) or [(pool[i], pool[i + 1]) for i in range(0, len(pool), 2)]
                duels += [(f"de{level}/{a}|{b}", a, b) for a, b in pairs]
            for _, a, b in duels:
                met.add(frozenset((a, b)))
            outcome = yield from self._duels(duels, r, f"round {level + 1}")
            r += math.ceil(self.games / 2) + TIEBREAK_PAIRS
            new_upper = [upper[i] if upper[i + 1] is None else upper[i + 1] if upper[i] is None else None
                         for i in range(0, len(upper), 2)] if len(alive_upper) > 1 else upper
            dropped = []
            for d, (winner, loser) in enumerate(outcome):
                if d < n_up:
                    new_upper[up_index[d]] = winner
                    dropped.append(loser)
                else:
                    lower.remove(loser)
                    self._out[loser] = level
            upper = new_upper
            lower = dropped + lower
            level += 1
        champion_side = [e for e in upper if e is not None]
        if lower:
            a, b = champion_side[0], lower[0]
            (winner, loser), = yield from self._duels([(f"gf/{a}|{b}", a, b)], r, "grand final")
            r += math.ceil(self.games / 2) + TIEBREAK_PAIRS
            if winner == b:  # the unbeaten bot lost once: the final is replayed
                (winner, loser), = yield from self._duels([(f"gf2/{a}|{b}", a, b)], r, "grand final replay")
                level += 1
            self._out[loser] = level + 1

    def max_games(self):
        return 2 * len(self.entrants) * (self.games + (self.games % 2) + 2 * TIEBREAK_PAIRS)


class TableElimination(Format):
    """Free-for-all elimination: each round deals the entrants left into tables of up to
    ``seats`` (none smaller than ``min_seats``), each table plays a full rotation, and the best
    of each table by points (then wins, then seed) go through: one per table, or more when
    fewer than ``min_seats`` would be left.  The last table decides the places at the top."""

    name = "single-elim"
    two_player_only = False

    def __init__(self, game, entrants, *, seats: int, min_seats: int = 2, **kwargs):
        super().__init__(game, entrants, **kwargs)
        if not 2 <= min_seats <= seats:
            raise ValueError(f"table sizes {min_seats}..{seats} are not possible")
        if len(entrants) < min_seats:
            raise ValueError(f"{len(entrants)} entrants cannot fill a table of {min_seats}")
        self.seats, self.min_seats = seats, min_seats

    def _tables_for(self, n):
        """Table sizes (each between ``min_seats`` and ``seats``) for ``n`` entrants, and how
        many go through without playing when whole tables cannot take all."""
        count = math.ceil(n / self.seats)
        if n // count < self.min_seats:
            count = n // self.min_seats
        seated = min(n, count * self.seats)
        sizes = [seated // count + (1 if i < seated % count else 0) for i in range(count)]
        return sizes, n - seated

    def _advance(self, count, byes):
        if count == 1 and byes == 0:
            return 0
        return max(1, math.ceil((self.min_seats - byes) / count))

    def _rounds(self):
        alive = list(self.entrants)
        self._out = {}
        had_bye = {e: 0 for e in self.entrants}
        level = 0
        while True:
            sizes, byes = self._tables_for(len(alive))
            # Byes go to who has had fewest, then to the best seeds.
            through = sorted(alive, key=lambda e: (had_bye[e], self.entrants.index(e)))[:byes]
            seated = [e for e in alive if e not in through]
            for e in through:
                had_bye[e] += 1
            # Snake seeding spreads the best seeds over the tables.
            groups = [[] for _ in sizes]
            order = list(range(len(sizes))) + list(reversed(range(len(sizes))))
            k = 0
            for e in seated:
                while len(groups[order[k % len(order)]]) >= sizes[order[k % len(order)]]:
                    k += 1
                groups[order[k % len(order)]].append(e)
                k += 1
            final = len(groups) == 1 and byes == 0
            tables = []
            for t, group in enumerate(groups):
                tables += rotation(f"te{level}/t{t}", level, group, self.seed,
                                   "final table" if final else f"round {level + 1}")
            results = yield tables
            advance = self._advance(len(groups), byes)
            nxt = list(through)
            for t, group in enumerate(groups):
                pts = {e: 0.0 for e in group}
                wins = {e: 0 for e in group}
                for key, res in results.items():
                    if key.startswith(f"te{level}/t{t}/"):
                        for bot, p in res.points().items():
                            pts[bot] += p
                        for bot in set(res.winners()):
                            wins[bot] += 1
                ranked = sorted(group, key=lambda e: (-pts[e], -wins[e], self.entrants.index(e)))
                if final:
                    for place, e in enumerate(reversed(ranked)):
                        self._out[e] = level + place / len(ranked)
                    return
                nxt += ranked[:advance]
                for e in ranked[advance:]:
                    self._out[e] = level
            alive = sorted(nxt, key=self.entrants.index)
            level += 1

    _replay = _Knockout._replay
    placings = _Knockout.placings

    def max_games(self):
        total, n = 0, len(self.entrants)
        while True:
            sizes, byes = self._tables_for(n)
            total += sum(sizes)
            if len(sizes) == 1 and byes == 0:
                return total
            n = byes + len(sizes) * self._advance(len(sizes), byes)

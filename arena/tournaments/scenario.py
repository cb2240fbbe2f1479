"""Real engine games for the rating evaluation: a game's bots of graded strength.

The bots are mixes of the game's heuristic and random play (``mix-<p>``, p = 0, 0.25, 0.5,
0.75, 1), several entrants of each grade; each game seats as many of them as the game's spec
allows (at least two: a rating needs an opponent), drawn at random, on a random deal.  Their
true strengths are unknown (only their order by grade is), so the evaluation reports held-out
log-loss and Brier score for these scenarios, not rank correlation or coverage;
:func:`grade_order_correlation` checks the fitted order against the grades.
"""
from __future__ import annotations

import numpy as np
from scipy.stats import spearmanr

from arena import games
from arena.ratings.simulate import Scenario

from .core import Table, entrant_ids, program_of
from .runner import play_table

__all__ = ["GRADES", "engine_games", "engine_scenario", "rated_game_ids", "grade_order_correlation"]

GRADES = (0.0, 0.25, 0.5, 0.75, 1.0)


def _table_sizes(game_id: str) -> tuple[int, int]:
    spec = games.get(game_id).spec
    return max(2, spec.min_players), spec.max_players


def rated_game_ids() -> list[str]:
    """The registered games the evaluation can play: those with a heuristic and a table of two or more."""
    return [g for g in games.game_ids()
            if games.get(g).spec.heuristic and games.get(g).spec.max_players >= 2]


def engine_games(game_id: str, n_games: int, copies: int = 4, grades=GRADES, seats=None):
    """A generator for :class:`Scenario`: ``rng -> (records, None)``; ``seats`` is the smallest and
    largest table, by default the game's player range (from two seats)."""
    low, high = _table_sizes(game_id) if seats is None else seats
    bots = entrant_ids([f"mix-{p:g}" for p in grades for _ in range(copies)])

    def generate(rng: np.random.Generator):
        records = []
        for g in range(n_games):
            n = int(rng.integers(low, min(high, len(bots)) + 1))
            group = [bots[i] for i in rng.choice(len(bots), n, replace=False)]
            table = Table(f"{game_id}-engine/{g}", g, tuple(group), int(rng.integers(0, 2**31 - 1)))
            records.append(play_table(game_id, table).record(game_id))
        return records, None

    return generate


def engine_scenario(game_id: str, quick: bool = False) -> Scenario:
    n = 400 if quick else 3000
    low, high = _table_sizes(game_id)
    name = games.get(game_id).spec.name
    seats = f"{low}" if low == high else f"{low}-{high}"
    return Scenario(f"{game_id}-engine", engine_games(game_id, n),
                    description=f"{n} real {name} games, {seats} seats, 20 bots mixing heuristic and random play",
                    coverage_target=False)


def grade_order_correlation(table) -> float:
    """Spearman correlation between fitted ratings and the bots' grades (1 - p: higher is stronger)."""
    players = list(table.ratings)
    grade = [1.0 - float(program_of(p)[len("mix-"):]) for p in players]
    return float(spearmanr([table[p].rating for p in players], grade).statistic)

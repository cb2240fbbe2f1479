"""Real engine games for the rating evaluation: Katana between bots of graded strength.

The bots are mixes of the heuristic and random play (``mix-<p>``, p = 0, 0.25, 0.5, 0.75, 1),
several entrants of each grade; each game seats 3 to 7 of them, drawn at random, on a random
deal.  Their true strengths are unknown (only their order by grade is), so the evaluation
reports held-out log-loss and Brier score for this scenario, not rank correlation or coverage;
:func:`grade_order_correlation` checks the fitted order against the grades.
"""
from __future__ import annotations

import numpy as np
from scipy.stats import spearmanr

from arena.ratings.simulate import Scenario

from .core import Table, entrant_ids, program_of
from .runner import play_table

__all__ = ["GRADES", "katana_engine_games", "katana_engine_scenario", "grade_order_correlation"]

GRADES = (0.0, 0.25, 0.5, 0.75, 1.0)


def katana_engine_games(n_games: int, copies: int = 4, grades=GRADES, seats=(3, 7)):
    """A generator for :class:`Scenario`: ``rng -> (records, None)``."""
    bots = entrant_ids([f"mix-{p:g}" for p in grades for _ in range(copies)])

    def generate(rng: np.random.Generator):
        records = []
        for g in range(n_games):
            n = int(rng.integers(seats[0], min(seats[1], len(bots)) + 1))
            group = [bots[i] for i in rng.choice(len(bots), n, replace=False)]
            table = Table(f"katana-engine/{g}", g, tuple(group), int(rng.integers(0, 2**31 - 1)))
            records.append(play_table("katana", table).record("katana"))
        return records, None

    return generate


def katana_engine_scenario(quick: bool = False) -> Scenario:
    n = 400 if quick else 3000
    return Scenario("katana-engine", katana_engine_games(n),
                    description=f"{n} real Katana games, 3-7 seats, 20 bots mixing heuristic and random play",
                    coverage_target=False)


def grade_order_correlation(table) -> float:
    """Spearman correlation between fitted ratings and the bots' grades (1 - p: higher is stronger)."""
    players = list(table.ratings)
    grade = [1.0 - float(program_of(p)[len("mix-"):]) for p in players]
    return float(spearmanr([table[p].rating for p in players], grade).statistic)

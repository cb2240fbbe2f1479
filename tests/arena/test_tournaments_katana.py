"""The engine scenario: Katana games between bots of graded strength rate in the grades' order."""
import numpy as np

from arena.ratings import fit_ratings
from arena.tournaments.scenario import engine_games, grade_order_correlation


def test_graded_mixes_are_rated_in_order():
    records, truth = engine_games("katana", 500, copies=2, grades=(0.0, 0.5, 1.0))(np.random.default_rng(5))
    assert truth is None and len(records) == 500
    assert all(r.teams is not None and 3 <= r.seats <= 7 for r in records)
    table = fit_ratings(records)
    assert table.model == "team"
    by_grade = {}
    for p in table.ratings.values():
        by_grade.setdefault(p.player.split("#")[0], []).append(p.rating)
    mean = {g: sum(v) / len(v) for g, v in by_grade.items()}
    assert mean["mix-0"] > mean["mix-0.5"] > mean["mix-1"]
    assert grade_order_correlation(table) > 0.6

"""Tournaments and matchmaking, pure Python without Django.

Scheduling (formats and the ladder: pure, from entrants, options and results to the next
tables) is separate from running (:mod:`arena.tournaments.runner`, which plays tables locally
with :func:`arena.match.play_match`; a worker can play them instead).  See
``docs/tournaments.md``.
"""
from .brackets import DoubleElimination, SingleElimination, TableElimination, bracket_order
from .core import (Format, GameResult, Standing, Table, entrant_ids, game_seed, is_settled, program_of,
                   side_points, standings)
from .formats import RepeatedTables, RoundRobin, Swiss, swiss_pairing
from .ladder import Ladder, LadderBot, opponent_weights, pick_focal, win_probability

__all__ = [
    "Format", "GameResult", "Standing", "Table", "entrant_ids", "game_seed", "is_settled",
    "program_of", "side_points", "standings", "RoundRobin", "Swiss", "RepeatedTables",
    "swiss_pairing", "SingleElimination", "DoubleElimination", "TableElimination", "bracket_order",
    "Ladder", "LadderBot", "opponent_weights", "pick_focal", "win_probability",
]

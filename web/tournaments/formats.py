"""Tournament formats on the platform: the schedulers of ``arena.tournaments``.

Scheduling is separate from playing (docs/tournaments.md): a format turns the
entrants, its options and the results so far into the next tables
(``Format.next_tables(results)``) and holds no state, so a worker rebuilds it
from the stored results whenever a round finishes.  Entrants are the
participants' numbers (``p1``, ``p2``...); a table becomes one match whose
``table_key`` is the table's key and whose seed is the table's seed; a match
that ended in error is a voided result (it counts for nobody, and the
schedule moves on).
"""
from arena.tournaments import (DoubleElimination, GameResult, RepeatedTables, RoundRobin,
                               SingleElimination, Swiss, TableElimination)

FORMATS = ("tables", "round-robin", "swiss", "single-elim", "double-elim")
TWO_PLAYER = ("round-robin", "swiss", "double-elim")


class FormatError(ValueError):
    pass


def entrant(number):
    return f"p{number}"


def build(*, format, game_info, entrants, seats, games, rounds, seed):
    """The format's scheduler; ``FormatError`` with the reason if it cannot be played so."""
    if format not in FORMATS:
        raise FormatError(f"unknown tournament format {format!r}: {', '.join(FORMATS)}")
    two = format in TWO_PLAYER or (format == "single-elim" and seats == 2)
    if two and game_info.min_players > 2:
        raise FormatError(f"{format} pairs two players, but {game_info.id} is played by {game_info.min_players} "
                          f"to {game_info.max_players}: use tables or single-elim at {game_info.min_players}+ seats")
    common = dict(seed=seed, games=games)
    try:
        if format == "round-robin":
            return RoundRobin(game_info.id, entrants, **common)
        if format == "swiss":
            return Swiss(game_info.id, entrants, rounds=rounds, **common)
        if format == "double-elim":
            return DoubleElimination(game_info.id, entrants, **common)
        if format == "single-elim":
            if seats == 2:
                return SingleElimination(game_info.id, entrants, **common)
            return TableElimination(game_info.id, entrants, seats=seats,
                                    min_seats=max(2, game_info.min_players), **common)
        return RepeatedTables(game_info.id, entrants, seats=seats, **common)
    except ValueError as exc:
        raise FormatError(str(exc)) from None


def game_result(*, key, entrants, ranks, teams, error):
    """A stored match as the format's result: voided when the match ended in error."""
    if error:
        return GameResult(key, tuple(entrants), tuple(1 for _ in entrants), voided=True)
    if teams is not None and len(set(teams)) == len(teams):
        teams = None
    return GameResult(key, tuple(entrants), tuple(ranks), tuple(teams) if teams is not None else None)

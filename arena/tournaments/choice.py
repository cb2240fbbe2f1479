"""Which format a tournament plays, chosen and checked in one place for the command line and the site.

A format is a scheduler (``arena.tournaments.formats`` and ``brackets``).  The
two-player formats (round robin, Swiss, double elimination, and single
elimination at two seats) need a game two can play; ``tables`` and single
elimination over tables seat ``seats`` players, which the game must allow.
"""
from .brackets import DoubleElimination, SingleElimination, TableElimination
from .core import GameResult
from .formats import RepeatedTables, RoundRobin, Swiss

FORMATS = ("round-robin", "swiss", "single-elim", "double-elim", "tables")
TWO_PLAYER = ("round-robin", "swiss", "double-elim")


def is_two_player(format_name, seats):
    return format_name in TWO_PLAYER or (format_name == "single-elim" and seats == 2)


def default_seats(format_name, game, entrants):
    """Seats per table when none are given: two for a pairing format the game allows, else as
    many entrants as the game seats."""
    if format_name in TWO_PLAYER or (format_name == "single-elim" and game.min_players <= 2):
        return 2
    return min(max(entrants, game.min_players), game.max_players)


def build_format(format_name, game, entrants, *, seats, seed, games, rounds=None, **extra):
    """The scheduler of ``format_name`` for ``game`` (its spec's player range) over ``entrants``;
    ``ValueError`` saying why when it cannot be played so.  ``extra``: the options every format
    takes (``adaptive``, ``top``)."""
    if format_name not in FORMATS:
        raise ValueError(f"unknown tournament format {format_name!r}: formats are {', '.join(FORMATS)}")
    common = dict(seed=seed, games=games, **extra)
    if is_two_player(format_name, seats):   # pairings: the seats asked for tables do not apply
        if game.min_players > 2:
            raise ValueError(f"{format_name} pairs two players, but {game.id} is played by {game.min_players} "
                             f"to {game.max_players}: use tables or single-elim at {game.min_players}+ seats")
        if format_name == "round-robin":
            return RoundRobin(game.id, entrants, **common)
        if format_name == "swiss":
            return Swiss(game.id, entrants, rounds=rounds, **common)
        if format_name == "double-elim":
            return DoubleElimination(game.id, entrants, **common)
        return SingleElimination(game.id, entrants, **common)
    if not game.min_players <= seats <= game.max_players:
        raise ValueError(f"{game.id} is played by {game.min_players} to {game.max_players} players, "
                         f"not {seats} (tables of {seats})")
    if len(entrants) < seats:
        raise ValueError(f"{len(entrants)} entrants cannot fill a {game.id} table of {seats}: "
                         "enter more (a bot may be entered twice) or seat fewer")
    if format_name == "tables":
        return RepeatedTables(game.id, entrants, seats=seats, **common)
    return TableElimination(game.id, entrants, seats=seats, min_seats=max(2, game.min_players), **common)


def game_result(key, entrants, ranks, teams, voided=False):
    """A played table as a format's result: its ranks, and its teams when some seats share one (a
    seat per team is the same as no teams); a voided match counts for nobody."""
    if voided:
        return GameResult(key, tuple(entrants), tuple(1 for _ in entrants), voided=True)
    if teams is not None and len(set(teams)) == len(teams):
        teams = None
    return GameResult(key, tuple(entrants), tuple(ranks), tuple(teams) if teams is not None else None)

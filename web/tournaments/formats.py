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
from arena.tournaments.choice import FORMATS, build_format, game_result as _game_result  # noqa: F401


class FormatError(ValueError):
    pass


def entrant(number):
    return f"p{number}"


def build(*, format, game_info, entrants, seats, games, rounds, seed):
    """The format's scheduler (``arena.tournaments.choice.build_format``, the command line's too);
    ``FormatError`` with the reason if it cannot be played so."""
    try:
        return build_format(format, game_info, entrants, seats=seats, seed=seed, games=games, rounds=rounds)
    except ValueError as exc:
        raise FormatError(str(exc)) from None


def game_result(*, key, entrants, ranks, teams, error):
    """A stored match as the format's result: voided when the match ended in error."""
    return _game_result(key, entrants, ranks, teams, voided=bool(error))

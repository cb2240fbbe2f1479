"""Who plays whom in each round of a tournament.

A minimal pairing, kept behind one function so that the tournament formats
of issue 5 (``arena.tournaments``) replace it without touching the services:
``tables_for_round(format, participants, round_number, players_per_match,
rng)`` returns the tables of the round, each a list of participants in seat
order.
"""
import itertools
from math import comb

MAX_ROUND_ROBIN_TABLES = 2000


class FormatError(ValueError):
    pass


def rounds_of(format, *, rounds_planned):
    return 1 if format == "round_robin" else rounds_planned


def tables_for_round(format, participants, round_number, players_per_match, rng):
    participants = list(participants)
    if len(participants) < players_per_match:
        raise FormatError(f"{len(participants)} participants cannot fill a {players_per_match}-seat table")
    if format == "round_robin":
        count = comb(len(participants), players_per_match)
        if count > MAX_ROUND_ROBIN_TABLES:
            raise FormatError(f"a round robin of {len(participants)} bots at {players_per_match} seats has "
                              f"{count} tables (at most {MAX_ROUND_ROBIN_TABLES}); use random_tables")
        return [list(group) for group in itertools.combinations(participants, players_per_match)]
    if format == "random_tables":
        order = participants[:]
        rng.shuffle(order)
        full = len(order) // players_per_match
        tables = [order[i * players_per_match:(i + 1) * players_per_match] for i in range(full)]
        # Those left over sit at one more table with bots drawn from the others, so everyone plays.
        rest = order[full * players_per_match:]
        if rest:
            fillers = [p for p in order if p not in rest]
            tables.append(rest + rng.sample(fillers, players_per_match - len(rest)))
        return tables
    raise FormatError(f"unknown tournament format {format!r}: round_robin or random_tables")


def rotated(table, game_index):
    """The seat order of the ``game_index``-th game of a table: seats rotate from game to game."""
    shift = game_index % len(table)
    return table[shift:] + table[:shift]

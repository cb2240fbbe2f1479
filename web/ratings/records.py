"""A finished match as a rating record: pure, read by the selectors and the services alike."""
from arena.ratings import MatchRecord


def forfeit_units(teams, ranks):
    """Team labels in which a seat ranked below its team (it forfeited: the game ranks it last
    and its team-mates keep the team's place) plays as a unit of its own, ``<team>/seat<i>``.

    A rating record's units are its teams (``arena.ratings.records.MatchRecord.units``): the
    team keeps its members and its place, and the forfeiting seat is one more unit, ranked
    last, instead of the whole match losing its teams.
    """
    best = {}
    for team, rank in zip(teams, ranks):
        best[team] = min(best.get(team, rank), rank)
    return tuple(team if rank == best[team] else f"{team}/seat{seat}"
                 for seat, (team, rank) in enumerate(zip(teams, ranks)))


def match_record(*, match_id, game, players, ranks, teams):
    """The rating record of a finished match: its teams as units, a seat that forfeited out of
    its team as a unit of its own (``forfeit_units``)."""
    players = tuple(str(p) for p in players)
    if teams:
        return MatchRecord(game=game, players=players, ranks=tuple(ranks),
                           teams=forfeit_units(tuple(teams), tuple(ranks)), id=str(match_id))
    return MatchRecord(game=game, players=players, ranks=tuple(ranks), id=str(match_id))

"""A finished match as a rating record: pure, read by the selectors and the services alike."""
from arena.ratings import MatchRecord
from arena.ratings.records import forfeit_units


def match_record(*, match_id, game, players, ranks, teams):
    """The rating record of a finished match: its teams as units, a seat that forfeited out of
    its team as a unit of its own (``arena.ratings.records.forfeit_units``)."""
    players = tuple(str(p) for p in players)
    if teams:
        return MatchRecord(game=game, players=players, ranks=tuple(ranks),
                           teams=forfeit_units(tuple(teams), tuple(ranks)), id=str(match_id))
    return MatchRecord(game=game, players=players, ranks=tuple(ranks), id=str(match_id))

"""Reading the balance reports, as the game page shows them."""
from arena import games as arena_games
from web.balance.charts import SOURCE_LABELS, seat_chart
from web.balance.models import BalanceReport
from web.matches import selectors as match_selectors


def balance_tables(*, game):
    """``game``'s reports under its current rules version, one entry per player count that has any:
    ``{"players", "ladder", "self_play"}`` (each a ``BalanceReport`` or None), ``ladder_played`` (the
    ladder matches finished by now, which the next refresh counts), the seat chart, and
    the facts besides the seat (``dimensions``: name, then per source its rows)."""
    rules_version = arena_games.get(game).rules_version
    played = match_selectors.ladder_matches_played(game=game, rules_version=rules_version)
    tables = {}
    for row in BalanceReport.objects.filter(game=game, rules_version=rules_version):
        tables.setdefault(row.players, {"players": row.players, "ladder": None, "self_play": None})[row.source] = row
    out = []
    for players in sorted(tables):
        entry = tables[players]
        # what the ladder has played by now, beside what the report counted when it was last refreshed
        entry["ladder_played"] = played.get(players, 0)
        reports = {source: entry[source].report for source in SOURCE_LABELS if entry[source] is not None}
        entry["chart"] = seat_chart(reports)
        names = [name for name in next(iter(reports.values()))["dimensions"] if name != "seat"]
        entry["dimensions"] = [{"name": name, "sources": [
            {"source": SOURCE_LABELS[source], "rows": report["dimensions"].get(name, [])}
            for source, report in reports.items()]} for name in names]
        out.append(entry)
    return out

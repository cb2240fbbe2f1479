"""Writing the balance reports: from the site's ladder matches, and from self-play between the
built-in players (``arena.balance``, the same report as ``arena balance`` prints)."""
from django.db import transaction

from arena import balance as arena_balance
from arena import games as arena_games
from web.balance.models import BalanceReport
from web.matches import selectors as match_selectors


def balance_refresh_ladder(*, game):
    """Recomputes ``game``'s ladder reports, one per player count played, from its newest finished
    ladder matches under the current rules version; a player count no longer played loses its
    report.  Returns the reports written."""
    engine = arena_games.get(game)
    tables = match_selectors.finished_ladder_games(game=game, rules_version=engine.rules_version)
    written = []
    with transaction.atomic():
        (BalanceReport.objects.filter(game=game, source=BalanceReport.Source.LADDER)
         .exclude(players__in=list(tables), rules_version=engine.rules_version).delete())
        for players, rows in sorted(tables.items()):
            tally = arena_balance.tally_finished(game, players, [row[:4] for row in rows])
            report = arena_balance.report(engine, players=players, tally=tally, seconds=0.0, bots=["ladder"])
            dates = [row[4] for row in rows if row[4] is not None]
            written.append(_store(game=game, players=players, source=BalanceReport.Source.LADDER,
                                  rules_version=engine.rules_version, report=report,
                                  first=min(dates, default=None), last=max(dates, default=None)))
    return written


def balance_self_play(*, game, players, games):
    """Plays ``games`` games of ``game`` at ``players`` seats between the game's heuristic players
    (random ones for a game that has none) and stores the report."""
    engine = arena_games.get(game)
    bots = "heuristic" if engine.spec.heuristic else "random"
    report = arena_balance.run(game, players=players, n_games=games, bots=bots, jobs=1)
    return _store(game=game, players=players, source=BalanceReport.Source.SELF_PLAY,
                  rules_version=engine.rules_version, report=report, first=None, last=None)


def balance_self_play_missing(*, games, limit=None):
    """Self-play reports for the games and player counts that have none of ``games`` games under
    their current rules version (a new game, new rules), at most ``limit`` of them (None: all);
    ``games`` 0 plays none.  Returns those written."""
    if games <= 0:
        return []
    written = []
    for game in arena_games.game_ids():
        engine = arena_games.get(game)
        for players in engine.table_sizes():      # the self-play tables of the default options
            if limit is not None and len(written) >= limit:
                return written
            if not BalanceReport.objects.filter(game=game, players=players, source=BalanceReport.Source.SELF_PLAY,
                                                rules_version=engine.rules_version, games__gte=games).exists():
                written.append(balance_self_play(game=game, players=players, games=games))
    return written


def _store(*, game, players, source, rules_version, report, first, last):
    row, _ = BalanceReport.objects.update_or_create(
        game=game, players=players, source=source,
        defaults={"rules_version": rules_version, "games": report["games"], "report": report,
                  "first_played_at": first, "last_played_at": last})
    return row

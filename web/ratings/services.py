"""Writing ratings: the live update of each finished match, and the periodic refit."""
import logging

from django.db import connection, transaction
from django.db.models import Sum
from django.utils import timezone

from arena.ratings import LiveElo, fit_ratings
from web.bulk_sql import batch_rows, batch_table
from web.matches import selectors as match_selectors
from web.ratings.models import CurrentRating, RatingEntry
from web.ratings.records import match_record

log = logging.getLogger(__name__)

INITIAL_RATING = 1500.0


def current_ratings_ensure(*, game, bot_ids):
    """Makes sure every bot has its current-rating row, so that updates can lock it."""
    CurrentRating.objects.bulk_create(
        [CurrentRating(bot_id=bot_id, game=game, rating=INITIAL_RATING) for bot_id in sorted(bot_ids)],
        ignore_conflicts=True)


def ratings_apply_matches(*, matches):
    """Appends one live entry per bot of each finished match and moves the current ratings.

    ``matches`` is a list of ``(match_id, game, seats, teams)`` in the order
    they are applied.  Runs inside the transaction that stores the matches;
    the current-rating rows of every bot involved are locked first, in one
    order, so that concurrent stores neither deadlock nor lose an update, and
    the unique constraint on (match, bot) makes a second application fail
    instead of counting a match twice.  Returns the number of entries appended.
    """
    keys = sorted({(game, row.bot_id) for _, game, seats, _ in matches for row in seats})
    bot_ids = sorted({bot_id for _, bot_id in keys})

    def locked():
        return {(row.game, row.bot_id): row for row in
                CurrentRating.objects.select_for_update().filter(bot_id__in=bot_ids).order_by("bot_id", "game")}

    current = locked()
    missing = [key for key in keys if key not in current]
    if missing:
        for game in {game for game, _ in missing}:
            current_ratings_ensure(game=game, bot_ids={b for g, b in missing if g == game})
        current = locked()
    live = {}
    entries = []
    for match_id, game, seats, teams in matches:
        elo = live.get(game)
        if elo is None:
            elo = live[game] = LiveElo(ratings={str(b): row.rating for (g, b), row in current.items() if g == game})
        ordered = sorted(seats, key=lambda row: row.seat)
        record = match_record(match_id=match_id, game=game, players=[row.bot_id for row in ordered],
                              ranks=[row.rank for row in ordered], teams=teams)
        deltas = elo.update(record)
        winners = {row.bot_id for row in ordered if row.rank == 1}
        for bot_id in sorted({row.bot_id for row in ordered}):
            row = current[(game, bot_id)]
            delta = deltas.get(str(bot_id), 0.0)
            row.rating = elo.rating(str(bot_id))
            if row.low is not None:
                row.low += delta
                row.high += delta
            row.games += 1
            row.wins += bot_id in winners
            entries.append((bot_id, game, RatingEntry.Kind.LIVE, match_id, row.rating, delta, row.low, row.high,
                            row.games))
    _write_live(entries, list(current.values()))
    return len(entries)


_ENTRY_BATCH = (("new_bot_id", "bigint"), ("new_game", "text"), ("new_kind", "text"), ("new_match_id", "bigint"),
                ("new_rating", "double precision"), ("new_delta", "double precision"), ("new_low", "double precision"),
                ("new_high", "double precision"), ("new_games", "integer"))
_CURRENT_BATCH = (("current_id", "bigint"), ("new_rating", "double precision"), ("new_low", "double precision"),
                  ("new_high", "double precision"), ("new_games", "integer"), ("new_wins", "integer"))


def _write_live(entries, current):
    """Two statements for any number of matches: the entries in one INSERT, the current ratings
    in one UPDATE (``web.bulk_sql``: the ORM's bulk_create cost more than the database did)."""
    q = connection.ops.quote_name
    now = timezone.now()
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {q(RatingEntry._meta.db_table)} (bot_id, game, kind, match_id, rating, delta, low, high, "
            f"games, created_at) SELECT v.new_bot_id, v.new_game, v.new_kind, v.new_match_id, v.new_rating, "
            f"v.new_delta, v.new_low, v.new_high, v.new_games, %s FROM {batch_table(_ENTRY_BATCH)}",
            [RatingEntry._meta.get_field("created_at").get_db_prep_save(now, connection), batch_rows(entries)])
        cursor.execute(
            f"UPDATE {q(CurrentRating._meta.db_table)} SET rating = v.new_rating, low = v.new_low, high = v.new_high, "
            f"games = v.new_games, wins = v.new_wins, updated_at = %s FROM {batch_table(_CURRENT_BATCH)} "
            f"WHERE id = v.current_id",
            [CurrentRating._meta.get_field("updated_at").get_db_prep_save(now, connection),
             batch_rows([[row.pk, row.rating, row.low, row.high, row.games, row.wins] for row in current])])


def ratings_apply_match(*, match_id, game, seats, teams=None):
    """``ratings_apply_matches`` for one match."""
    return ratings_apply_matches(matches=[(match_id, game, seats, teams)])


def ratings_refit(*, game):
    """Fits the published rating of ``game`` on every finished match and appends it.

    The current rating becomes the fitted one plus the live changes of the
    matches finished since the fit's data was read.  Returns the fitted
    table, or None when there is nothing to fit.
    """
    records, through = match_selectors.finished_match_records(game=game)
    if len(records) < 1:
        return None
    table = fit_ratings(records, game=game)
    with transaction.atomic():
        bot_ids = sorted(int(player) for player in table.ratings)
        current_ratings_ensure(game=game, bot_ids=bot_ids)
        current = {row.bot_id: row for row in
                   CurrentRating.objects.select_for_update().filter(game=game, bot_id__in=bot_ids)
                   .order_by("bot_id")}
        since = dict(RatingEntry.objects.filter(game=game, kind=RatingEntry.Kind.LIVE, match_id__gt=through,
                                                bot_id__in=bot_ids)
                     .values("bot_id").annotate(total=Sum("delta")).values_list("bot_id", "total"))
        entries = []
        for bot_id in bot_ids:
            fitted = table[str(bot_id)]
            shift = since.get(bot_id) or 0.0
            row = current[bot_id]
            row.rating, row.low, row.high = fitted.rating + shift, fitted.low + shift, fitted.high + shift
            entries.append(RatingEntry(bot_id=bot_id, game=game, kind=RatingEntry.Kind.FIT, rating=fitted.rating,
                                       low=fitted.low, high=fitted.high, games=fitted.games))
        RatingEntry.objects.bulk_create(entries)
        CurrentRating.objects.bulk_update(list(current.values()), ["rating", "low", "high"])
    return table

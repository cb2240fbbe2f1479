"""Writing ratings: the live update of each finished match, and the periodic refit."""
import logging

from django.db import transaction
from django.db.models import Sum

from arena.ratings import LiveElo, MatchRecord, fit_ratings
from web.ratings.models import CurrentRating, RatingEntry

log = logging.getLogger(__name__)

INITIAL_RATING = 1500.0


def current_ratings_ensure(*, game, bot_ids):
    """Makes sure every bot has its current-rating row, so that updates can lock it."""
    CurrentRating.objects.bulk_create(
        [CurrentRating(bot_id=bot_id, game=game, rating=INITIAL_RATING) for bot_id in sorted(bot_ids)],
        ignore_conflicts=True)


def match_record(*, match_id, game, players, ranks, teams):
    """The rating record of a finished match; without teams when the teams do not share ranks
    (a forfeited seat ranks last alone, away from its team)."""
    players = tuple(str(p) for p in players)
    if teams:
        try:
            return MatchRecord(game=game, players=players, ranks=tuple(ranks), teams=tuple(teams),
                               id=str(match_id))
        except ValueError:
            pass
    return MatchRecord(game=game, players=players, ranks=tuple(ranks), id=str(match_id))


def ratings_apply_match(*, match_id, game, seats, teams=None):
    """Appends one live entry per bot of a finished match and moves its current rating.

    Runs inside the transaction that stores the match; the unique constraint
    on (match, bot) makes a second application fail instead of counting twice.
    """
    bot_ids = sorted({row.bot_id for row in seats})
    current_ratings_ensure(game=game, bot_ids=bot_ids)
    current = {row.bot_id: row for row in
               CurrentRating.objects.select_for_update().filter(game=game, bot_id__in=bot_ids).order_by("bot_id")}
    live = LiveElo(ratings={str(bot_id): row.rating for bot_id, row in current.items()})
    ordered = sorted(seats, key=lambda row: row.seat)
    record = match_record(match_id=match_id, game=game, players=[row.bot_id for row in ordered],
                          ranks=[row.rank for row in ordered], teams=teams)
    deltas = live.update(record)
    winners = {row.bot_id for row in ordered if row.rank == 1}
    entries = []
    for bot_id in bot_ids:
        row = current[bot_id]
        delta = deltas.get(str(bot_id), 0.0)
        row.rating = live.rating(str(bot_id))
        if row.low is not None:
            row.low += delta
            row.high += delta
        row.games += 1
        row.wins += bot_id in winners
        entries.append(RatingEntry(bot_id=bot_id, game=game, kind=RatingEntry.Kind.LIVE, match_id=match_id,
                                   rating=row.rating, delta=delta, low=row.low, high=row.high,
                                   games=row.games))
    RatingEntry.objects.bulk_create(entries)
    CurrentRating.objects.bulk_update(list(current.values()), ["rating", "low", "high", "games", "wins"])
    return entries


def ratings_refit(*, game):
    """Fits the published rating of ``game`` on every finished match and appends it.

    The current rating becomes the fitted one plus the live changes of the
    matches finished since the fit's data was read.  Returns the fitted
    table, or None when there is nothing to fit.
    """
    from web.matches.selectors import finished_match_records
    records, through = finished_match_records(game=game)
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

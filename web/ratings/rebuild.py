"""Rebuilding a pool's ratings from the matches that feed it: the data migration that took user
tournaments out of the global pools uses it, with its historical models.

The live update of every match that feeds the pool (``Match.rated``) is replayed in match order,
as the live rating would have applied it (entries dated when their match finished), then a pool
that ranks is refitted on the same matches, and the refit's values become the current ones.
The pool's previous entries, live and fitted, are replaced: they counted matches that no longer
feed it.
"""
from django.utils import timezone

from arena.ratings import fit_ratings
from web.ratings.records import match_record
from web.ratings.services import INITIAL_RATING, MatchToRate, _apply


def pool_rebuild(*, pool, models):
    """Rebuilds ``pool`` (a ``Pool`` row of ``models``); returns the number of matches replayed.

    ``models``: ``{"Match", "MatchSeat", "CurrentRating", "RatingEntry"}``, the app's models or a
    migration's historical ones."""
    Match, MatchSeat = models["Match"], models["MatchSeat"]
    CurrentRating, RatingEntry = models["CurrentRating"], models["RatingEntry"]
    RatingEntry.objects.filter(pool_id=pool.key).delete()
    finished = dict(Match.objects.filter(rating_pool_id=pool.key, rated=True, status="done")
                    .values_list("pk", "finished_at"))
    seats = {}
    for row in MatchSeat.objects.filter(match_id__in=list(finished)).order_by("match_id", "seat"):
        seats.setdefault(row.match_id, []).append(row)
    results = dict(Match.objects.filter(pk__in=list(finished)).values_list("pk", "result"))
    bots = sorted({row.bot_id for rows in seats.values() for row in rows})
    CurrentRating.objects.bulk_create([CurrentRating(bot_id=bot_id, game=pool.game, pool_id=pool.key,
                                                     rating=INITIAL_RATING) for bot_id in bots],
                                      ignore_conflicts=True)
    current = {(pool.key, row.bot_id): row for row in CurrentRating.objects.filter(pool_id=pool.key)}
    for row in current.values():
        row.rating, row.low, row.high, row.games, row.wins = INITIAL_RATING, None, None, 0, 0
        row.score_m2, row.automata = 0.0, {}
    order = sorted(seats)
    entries = _apply(current=current, matches=[MatchToRate(pk, pool.game, pool.key, pool.kind, seats[pk],
                                                           results[pk] or {}) for pk in order])
    rows = [RatingEntry(bot_id=bot_id, game=game, pool_id=key, kind=kind, match_id=match_id, rating=rating,
                        delta=delta, low=low, high=high, games=games)
            for bot_id, game, key, kind, match_id, rating, delta, low, high, games in entries]
    if pool.kind != "score" and order:
        records = [match_record(match_id=pk, game=pool.key, players=[s.bot_id for s in seats[pk]],
                                ranks=[s.rank for s in seats[pk]],
                                teams=[s.team for s in seats[pk]] if all(s.team for s in seats[pk]) else None)
                   for pk in order]
        table = fit_ratings(records, game=pool.key)
        for fitted in table.ratings.values():
            row = current[(pool.key, int(fitted.player))]
            row.rating, row.low, row.high = fitted.rating, fitted.low, fitted.high
            rows.append(RatingEntry(bot_id=row.bot_id, game=pool.game, pool_id=pool.key, kind="fit",
                                    rating=fitted.rating, low=fitted.low, high=fitted.high, games=fitted.games))
    created = RatingEntry.objects.bulk_create(rows)
    # an entry is dated when its match finished (auto_now_add dated them all now)
    dated = [(entry.pk, finished[entry.match_id]) for entry in created if entry.match_id and finished[entry.match_id]]
    for pk, when in dated:
        RatingEntry.objects.filter(pk=pk).update(created_at=when)
    CurrentRating.objects.bulk_update(list(current.values()),
                                      ["rating", "low", "high", "games", "wins", "score_m2", "automata"])
    CurrentRating.objects.filter(pool_id=pool.key).update(updated_at=timezone.now())
    return len(order)

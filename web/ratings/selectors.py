"""Reading ratings: current values, leaderboards, histories."""
from web.ratings.models import CurrentRating, RatingEntry


def current_rating(*, bot, game=None):
    """The bot's current rating row, or None before its first match."""
    return CurrentRating.objects.filter(bot=bot, game=game or bot.game).first()


def _board(game, search, include_deleted):
    rows = CurrentRating.objects.filter(game=game, games__gt=0)
    if not include_deleted:
        rows = rows.filter(bot__deleted_at__isnull=True)
    if search:
        rows = rows.filter(bot__name__icontains=search)
    return rows


def leaderboard(*, game, search="", offset=0, limit=50, include_deleted=False):
    rows = _board(game, search, include_deleted).select_related("bot", "bot__owner")
    return list(rows.order_by("-rating", "bot_id")[offset:offset + limit])


def leaderboard_count(*, game, search="", include_deleted=False):
    return _board(game, search, include_deleted).count()


def rating_history(*, bot, game=None, kind=None, limit=None):
    entries = RatingEntry.objects.filter(bot=bot, game=game or bot.game)
    if kind:
        entries = entries.filter(kind=kind)
    entries = entries.order_by("id")
    return list(entries if limit is None else entries.reverse()[:limit][::-1])


def current_ratings(*, bots):
    """``{(bot_id, game): CurrentRating}`` for ``bots``, in one query."""
    rows = CurrentRating.objects.filter(bot_id__in=[bot.pk for bot in bots])
    return {(row.bot_id, row.game): row for row in rows}


def leaderboard_page(*, game, search, page, page_size, offset):
    """One page of the leaderboard as the API and the game page show it: position, bot, owner,
    rating with its 95% interval (after a refit), games and win rate; two queries."""
    rows = leaderboard(game=game, search=search, offset=offset, limit=page_size)
    count = leaderboard_count(game=game, search=search)
    results = [{"position": offset + i + 1, "bot_id": row.bot_id, "bot": row.bot.name,
                "owner": row.bot.owner.username if row.bot.owner_id else None, "rating": round(row.rating, 1),
                "low": None if row.low is None else round(row.low, 1),
                "high": None if row.high is None else round(row.high, 1), "games": row.games, "wins": row.wins,
                "win_rate": round(row.wins / row.games, 4) if row.games else 0.0}
               for i, row in enumerate(rows)]
    return {"count": count, "page": page, "page_size": page_size,
            "pages": max(1, (count + page_size - 1) // page_size), "results": results}

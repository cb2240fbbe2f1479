"""Reading ratings: current values, leaderboards, histories."""
from web.ratings.models import CurrentRating, RatingEntry


def current_rating(*, bot, game=None):
    """The bot's current rating row, or None before its first match."""
    return CurrentRating.objects.filter(bot=bot, game=game or bot.game).first()


def leaderboard(*, game, search="", offset=0, limit=50, include_deleted=False):
    rows = CurrentRating.objects.filter(game=game, games__gt=0).select_related("bot")
    if not include_deleted:
        rows = rows.filter(bot__deleted_at__isnull=True)
    if search:
        rows = rows.filter(bot__name__icontains=search)
    return list(rows.order_by("-rating", "bot_id")[offset:offset + limit])


def rating_history(*, bot, game=None, kind=None, limit=None):
    entries = RatingEntry.objects.filter(bot=bot, game=game or bot.game)
    if kind:
        entries = entries.filter(kind=kind)
    entries = entries.order_by("id")
    return list(entries if limit is None else entries.reverse()[:limit][::-1])

"""Reading ratings: the pools of a game, current values, leaderboards, histories."""
from django.db.models import BooleanField, Case, Count, Max, Sum, Value, When
from django.db.models.functions import TruncDate

from arena.ratings.scores import ScoreSummary, mean_interval, wilson_interval
from web.ratings import models as rating_models
from web.ratings.models import CurrentRating, Pool, RatingEntry, provisional_q


def game_pools(*, game):
    """The rating pools of ``game``, by key: each with its ``key``, ``label``, ``kind``, ``rules_version``,
    the number of rated ``bots`` and the ``games`` they played in it (a bot-game per seat); two queries."""
    played = {row["pool"]: row for row in
              CurrentRating.objects.filter(game=game, games__gt=0).values("pool")
              .annotate(bots=Count("id"), games=Sum("games")).order_by()}
    return [{"key": pool.key, "label": pool.label, "kind": pool.kind, "rules_version": pool.rules_version,
             "bots": played.get(pool.key, {}).get("bots", 0), "games": played.get(pool.key, {}).get("games", 0)}
            for pool in Pool.objects.filter(game=game).order_by("key")]


def default_pool(*, pools):
    """Of ``game_pools(...)``: the most played pool's key, else the first, else None."""
    if not pools:
        return None
    return max(pools, key=lambda pool: (pool["games"], -pools.index(pool)))["key"]


def current_rating(*, bot, pool=None):
    """The bot's current rating row in ``pool`` (by default the pool of its game it played most), or
    None before its first match."""
    rows = CurrentRating.objects.filter(bot=bot, game=bot.game).select_related("pool")
    if pool is not None:
        return rows.filter(pool=pool).first()
    return rows.order_by("-games", "pool_id").first()


def bot_pool_ratings(*, bot):
    """The bot's current rating in each pool it played in, most played first, with its pool."""
    rows = CurrentRating.objects.filter(bot=bot, games__gt=0).select_related("pool").order_by("-games", "pool_id")
    return list(rows)


def provisional_rule():
    """The thresholds of the provisional mark, as the pages state them."""
    return {"provisional_width": rating_models.PROVISIONAL_WIDTH, "provisional_games": rating_models.PROVISIONAL_GAMES,
            "score_provisional_games": rating_models.SCORE_PROVISIONAL_GAMES}


def _board(pool, search, include_deleted):
    rows = CurrentRating.objects.filter(pool=pool, games__gt=0)
    if not include_deleted:
        rows = rows.filter(bot__deleted_at__isnull=True)
    if search:
        rows = rows.filter(bot__name__icontains=search)
    return rows


def leaderboard(*, pool, search="", offset=0, limit=50, include_deleted=False):
    """A pool's board: the settled bots by rating, then the provisional ones (``provisional_q``)
    by rating, apart.  Ranking by a conservative bound (rating minus two standard deviations)
    would mix how strong a bot is with how much it played: a strong newcomer would sit below a
    weak bot with many games, and playing more would climb the board.  Apart, the order among
    settled bots is their strength alone, and a newcomer is shown where it stands, marked."""
    rows = (_board(pool, search, include_deleted).select_related("bot", "bot__owner", "pool")
            .annotate(is_provisional=Case(When(provisional_q(), then=Value(True)), default=Value(False),
                                          output_field=BooleanField())))
    return list(rows.order_by("is_provisional", "-rating", "bot_id")[offset:offset + limit])


def leaderboard_count(*, pool, search="", include_deleted=False):
    return _board(pool, search, include_deleted).count()


def rating_chart_points(*, bot, pool, fits=200):
    """What a bot's rating chart in ``pool`` draws, oldest first: each refit (the newest ``fits``)
    and the last live entry of each day (UTC), not one point per match."""
    entries = RatingEntry.objects.filter(bot=bot, pool=pool)
    day_ends = (entries.filter(kind=RatingEntry.Kind.LIVE).annotate(day=TruncDate("created_at"))
                .values("day").annotate(last=Max("id")).values_list("last", flat=True).order_by())
    fit_ids = entries.filter(kind=RatingEntry.Kind.FIT).order_by("-id").values_list("id", flat=True)[:fits]
    return list(RatingEntry.objects.filter(id__in=list(day_ends) + list(fit_ids)).order_by("created_at", "id"))


def rating_history(*, bot, pool=None, kind=None, limit=None):
    """The bot's rating entries, oldest first (the newest ``limit``); in ``pool``, or in every pool."""
    entries = RatingEntry.objects.filter(bot=bot)
    if pool is not None:
        entries = entries.filter(pool=pool)
    if kind:
        entries = entries.filter(kind=kind)
    entries = entries.order_by("id")
    return list(entries if limit is None else entries.reverse()[:limit][::-1])


def current_ratings(*, bots):
    """``{(bot_id, game): CurrentRating}`` for ``bots``, in one query: of each bot, its rating in the
    pool it played most."""
    rows = (CurrentRating.objects.filter(bot_id__in=[bot.pk for bot in bots]).select_related("pool")
            .order_by("bot_id", "games", "-pool_id"))
    return {(row.bot_id, row.game): row for row in rows}


def _interval(pair, digits):
    return (None, None) if pair is None else (round(pair[0], digits), round(pair[1], digits))


def automata_rates(automata):
    """A score pool row's results against each automaton level, by level: games, wins, win rate
    and its 95% Wilson interval, and the mean margin (the bot's score minus the automaton's) with
    its 95% t interval (None before its first game against a scoring automaton; no interval before
    two)."""
    out = []
    for level, tally in sorted((automata or {}).items(), key=lambda item: int(item[0])):
        games, wins = tally["games"], tally["wins"]
        low, high = _interval(wilson_interval(wins, games), 4)
        margin = ScoreSummary(tally.get("margin_games", 0), tally.get("margin", 0.0), tally.get("margin_m2", 0.0))
        margin_low, margin_high = _interval(mean_interval(margin), 2)
        out.append({"level": int(level), "name": tally["name"], "games": games, "wins": wins,
                    "win_rate": round(wins / games, 4) if games else 0.0, "low": low, "high": high,
                    "margin": round(margin.mean, 2) if margin.games else None, "margin_games": margin.games,
                    "margin_low": margin_low, "margin_high": margin_high})
    return out


def _row(position, row, kind):
    out = {"position": position, "bot_id": row.bot_id, "bot": row.bot.name, "builtin": row.bot.is_builtin,
           "provisional": row.provisional,
           "owner": row.bot.owner.username if row.bot.owner_id else None, "games": row.games, "wins": row.wins,
           "win_rate": round(row.wins / row.games, 4) if row.games else 0.0}
    digits = 2 if kind == Pool.Kind.SCORE else 1
    out["rating"] = round(row.rating, digits)
    out["low"] = None if row.low is None else round(row.low, digits)
    out["high"] = None if row.high is None else round(row.high, digits)
    out["automata"] = automata_rates(row.automata) if kind == Pool.Kind.SCORE else []
    return out


def leaderboard_page(*, pool, search, page, page_size, offset):
    """One page of a pool's leaderboard as the API and the game page show it: position, bot, owner,
    rating with its 95% interval (from the first game: the live posterior's, then the refit's), whether
    it is provisional (they come after the settled bots: ``leaderboard``), games and win rate.  A score pool ranks by mean
    score (``rating``) with its 95% t interval, and gives each bot's win rate against every
    automaton level with its 95% Wilson interval (``automata``).  ``pool``: a ``Pool``, a key, or
    None (a game nobody played yet: an empty page).  Raises ``Pool.DoesNotExist`` for an unknown key."""
    if pool is None:
        return {"pool": None, "kind": None, "label": "", "count": 0, "page": page, "page_size": page_size,
                "pages": 1, "results": [], "levels": []}
    pool = pool if isinstance(pool, Pool) else Pool.objects.get(key=pool)
    rows = leaderboard(pool=pool, search=search, offset=offset, limit=page_size)
    count = leaderboard_count(pool=pool, search=search)
    results = [_row(offset + i + 1, row, pool.kind) for i, row in enumerate(rows)]
    levels = {}
    for row in results:
        for rate in row["automata"]:
            levels.setdefault(rate["level"], rate["name"])
    return {"pool": pool.key, "kind": pool.kind, "label": pool.label, "count": count, "page": page,
            "page_size": page_size, "pages": max(1, (count + page_size - 1) // page_size), "results": results,
            "levels": [{"level": level, "name": name} for level, name in sorted(levels.items())]}

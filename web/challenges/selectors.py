"""Reading challenges: their games, progress and results, from the matches stored so far."""
from arena.ratings.scores import wilson_interval
from web.challenges.models import Challenge
from web.matches import selectors as match_selectors
from web.matches.models import Match, MatchSeat

RUNNING, DONE = "running", "done"


def challenge_get(*, challenge_id):
    """A challenge with its owner, bot and version; ``Challenge.DoesNotExist`` if there is none."""
    return Challenge.objects.select_related("owner", "bot", "bot_version").get(pk=challenge_id)


def challenge_list(*, owner=None, bot=None, limit=None):
    """The newest challenges first: ``owner``'s, or those ``bot`` made."""
    challenges = Challenge.objects.select_related("owner", "bot")
    if owner is not None:
        challenges = challenges.filter(owner=owner)
    if bot is not None:
        challenges = challenges.filter(bot=bot)
    challenges = challenges.order_by("-id")
    return challenges if limit is None else challenges[:limit]


def challenge_opponents(*, challenge):
    return list(challenge.opponents.select_related("bot", "bot_version").order_by("number"))


def challenge_games(*, challenge):
    """Its matches in the order they were scheduled, each with its seats."""
    return match_selectors.match_list(challenge=challenge, limit=challenge.games)[::-1]


def challenge_progress(*, challenge):
    """Matches per status, every status present, and the challenge's status: ``running`` until
    every match is finished (played, or in error), then ``done``."""
    counts = {status: 0 for status in Match.Status.values}
    for status in Match.objects.filter(challenge=challenge).values_list("status", flat=True):
        counts[status] += 1
    finished = counts[Match.Status.DONE] + counts[Match.Status.ERROR]
    return {"status": DONE if finished == sum(counts.values()) else RUNNING, "matches": counts,
            "finished": finished, "total": sum(counts.values())}


def _rate(points, games):
    interval = wilson_interval(points, games)
    return {"win_rate": round(points / games, 4) if games else None,
            "low": round(interval[0], 4) if interval else None, "high": round(interval[1], 4) if interval else None}


def challenge_results(*, challenge, opponents=None):
    """The challenger's results so far.

    ``"opponents"``: against each opponent, in the games both played to the end, how often the
    challenger finished ahead of it (``wins``), level (``draws``: the same rank, as teammates) and
    behind (``losses``), its win rate (a draw counting half) with the 95% Wilson interval, and the
    games in error that seated both.  ``"overall"``: its games played, those it finished first
    (alone or with its side: ``wins``), that rate with its interval, and the games in error."""
    opponents = opponents if opponents is not None else challenge_opponents(challenge=challenge)
    rows = (MatchSeat.objects.filter(match__challenge=challenge)
            .values_list("match_id", "match__status", "bot_id", "rank").order_by("match_id", "seat"))
    matches = {}
    for match_id, status, bot_id, rank in rows:
        matches.setdefault(match_id, (status, {}))[1][bot_id] = rank
    me = challenge.bot_id
    tally = {o.bot_id: {"games": 0, "wins": 0, "draws": 0, "losses": 0, "errors": 0} for o in opponents}
    overall = {"games": 0, "wins": 0, "errors": 0}
    for status, ranks in matches.values():
        if status == Match.Status.ERROR:
            overall["errors"] += 1
        elif status == Match.Status.DONE and ranks.get(me) is not None:
            overall["games"] += 1
            overall["wins"] += ranks[me] == 1
        for bot_id, rank in ranks.items():
            row = tally.get(bot_id)
            if row is None:
                continue
            if status == Match.Status.ERROR:
                row["errors"] += 1
            elif status == Match.Status.DONE and rank is not None and ranks.get(me) is not None:
                row["games"] += 1
                row["wins" if ranks[me] < rank else "losses" if ranks[me] > rank else "draws"] += 1
    results = []
    for o in opponents:
        row = tally[o.bot_id]
        results.append({"bot_id": o.bot_id, "bot": o.bot.name, "version": o.bot_version.number,
                        "builtin": o.bot.is_builtin, "rating": o.rating, **row,
                        **_rate(row["wins"] + row["draws"] / 2, row["games"])})
    return {"opponents": results, "overall": {**overall, **_rate(overall["wins"], overall["games"])}}

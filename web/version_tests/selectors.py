"""Reading version tests: the tally as ``arena.version_test`` keeps it, its games, the winner, the limits."""
from django.conf import settings
from django.db.models import Sum
from django.utils import timezone

from arena import version_test as arena_version_test
from web.bots import selectors as bot_selectors
from web.matches.models import Match
from web.version_tests.charts import llr_chart
from web.version_tests.models import VersionTest, VersionTestGame

RUNNING_TESTS_PER_BOT = 1


def version_test_get(*, test_id):
    """A version test with its owner, bot and versions; ``VersionTest.DoesNotExist`` if there is none."""
    return (VersionTest.objects.select_related("owner", "bot", "new_version", "old_version", "other_version__bot")
            .get(pk=test_id))


def version_test_list(*, bot=None, owner=None, limit=None):
    """The newest version tests first: ``bot``'s, or ``owner``'s."""
    tests = VersionTest.objects.select_related("owner", "bot", "new_version", "old_version")
    if bot is not None:
        tests = tests.filter(bot=bot)
    if owner is not None:
        tests = tests.filter(owner=owner)
    tests = tests.order_by("-id")
    return tests if limit is None else tests[:limit]


def live_version_test(*, bot):
    """The bot's queued or running version test, or None."""
    return version_test_list(bot=bot).filter(status__in=VersionTest.LIVE).first()


def test_settings(*, test):
    return arena_version_test.Settings(elo0=test.elo0, elo1=test.elo1, alpha=test.alpha, beta=test.beta,
                                       max_games=test.max_games)


def tally(*, test):
    """The test's running tally as ``arena.version_test.VersionTest`` (counts, LLR, decision, verdict)."""
    return arena_version_test.VersionTest(
        settings=test_settings(test=test), pentanomial=list(test.pentanomial or [0] * 5),
        trinomial=list(test.trinomial or [0] * 3), llr_history=list(test.llr_history or []))


def version_labels(*, test):
    """How the verdict names the two versions: ``("v3", "v2")``."""
    return f"v{test.new_version.number}", f"v{test.old_version.number}"


def version_test_summary(*, test):
    """What the page and the API show of the tally: arena's summary (bounds, counts, LLR and its
    history, the Elo estimate with its 95% interval, the decision) and the verdict in words."""
    new, old = version_labels(test=test)
    summary = tally(test=test).summary(new=new, old=old)
    if test.verdict:   # a finished test's verdict, as it was written when it ended
        summary["verdict"] = test.verdict
    return summary


def version_test_games(*, test):
    """Its games in the order they were queued (pair, then leg), each with its match (no replay)."""
    return list(VersionTestGame.objects.filter(test=test).select_related("match").defer("match__replay")
                .order_by("pair", "leg"))


def version_test_winner(*, test):
    """The version that won, when it is clear: the new one once H1 is accepted; otherwise, once the
    test has ended, the one the 95% interval of the Elo difference favours wholly.  None while the
    test runs, after a failure, or when the interval holds 0."""
    if test.status == VersionTest.Status.ACCEPTED_H1:
        return test.new_version
    if test.is_live or test.status == VersionTest.Status.FAILED:
        return None
    elo = tally(test=test).elo()
    if elo is None:
        return None
    _, low, high = elo
    if low > 0:
        return test.new_version
    if high < 0:
        return test.old_version
    return None


def games_left_today(*, owner):
    """How many more version-test games ``owner`` may start today (None: no limit, for staff).  A
    queued or running test holds its whole game limit until it ends; an ended one counts the games
    it queued in the last day."""
    if owner is None or getattr(owner, "is_staff", False):
        return None
    since = timezone.now() - timezone.timedelta(days=1)
    played = (Match.objects.filter(version_test_game__test__owner=owner, created_at__gte=since)
              .exclude(version_test_game__test__status__in=VersionTest.LIVE).count())
    held = (VersionTest.objects.filter(owner=owner, status__in=VersionTest.LIVE)
            .aggregate(games=Sum("max_games"))["games"] or 0)
    return settings.ARENA_VERSION_TEST_GAMES_PER_DAY - played - held


def version_test_limits():
    """The limits of version tests, for ``GET /api/limits/`` and the bot page."""
    return {"version_test_games_per_day": settings.ARENA_VERSION_TEST_GAMES_PER_DAY,
            "version_tests_running_per_bot": RUNNING_TESTS_PER_BOT}


def version_test_game_rows(*, test, limit=None):
    """Its games for the page, newest first (``limit``: only so many): pair and leg numbered from 1,
    the match, its status, the rank of each version, the new version's score, and whether it was
    played after the test ended (``late``: not in the tally)."""
    games = VersionTestGame.objects.filter(test=test).select_related("match").only(
        "pair", "leg", "new_seat", "old_seat", "counted", "match__status", "match__result").order_by("-pair", "-leg")
    rows = []
    for game in games if limit is None else games[:limit]:
        ranks = (game.match.result or {}).get("ranks") if game.match.status == Match.Status.DONE else None
        rows.append({"pair": game.pair + 1, "leg": game.leg + 1, "match_id": game.match_id,
                     "status": game.match.status, "new_rank": ranks[game.new_seat] if ranks else None,
                     # a game played after the test ended (its pair was under way) counts for nothing
                     "late": not game.counted and not test.is_live,
                     "old_rank": ranks[game.old_seat] if ranks else None,
                     "score": arena_version_test.game_score(ranks, game.new_seat, game.old_seat) if ranks else None})
    return rows


GAMES_SHOWN = 24


def version_test_view(*, test, user, all_games=False):
    """What a version test's block on a page shows (``_version_test.html``, as ``vt``): the tally's
    summary and verdict, the LLR chart with its bounds, the Elo estimate, its games (the newest
    ``GAMES_SHOWN`` unless ``all_games``), the winner when it is clear, and what ``user`` may do
    with it (its owner: cancel it, make the winner the version that plays)."""
    summary = version_test_summary(test=test)
    new, old = version_labels(test=test)
    lower, upper = summary["lower_bound"], summary["upper_bound"]
    elo = summary["elo"]
    losses, draws, wins = summary["trinomial"]
    return {"test": test, "summary": summary, "new_label": new, "old_label": old,
            "games_played": f"{summary['games']:,}", "max_games": f"{test.max_games:,}",
            "hypotheses": (f"H0: {new} is {test.elo0:+g} Elo stronger than {old}; H1: {test.elo1:+g} Elo. "
                           f"α {test.alpha:g}, β {test.beta:g}: H1 is accepted once the LLR reaches {upper:.2f}, "
                           f"H0 once it falls to {lower:.2f}."),
            "table": _table_text(test),
            "elo_text": None if elo is None else f"{elo[0]:+.0f} Elo (95% interval {elo[1]:+.0f} to {elo[2]:+.0f})",
            "games_text": (f"{new} won {wins:,}, drew {draws:,} and lost {losses:,} of {summary['games']:,} games "
                           f"against {old}"),
            "chart": llr_chart(llr_history=summary["llr_history"], lower=summary["lower_bound"],
                               upper=summary["upper_bound"], max_games=test.max_games),
            "pentanomial": list(zip(("0", "½", "1", "1½", "2"), summary["pentanomial"])),
            "games": version_test_game_rows(test=test, limit=None if all_games else GAMES_SHOWN),
            "games_total": VersionTestGame.objects.filter(test=test).count(), "all_games": all_games,
            "winner": version_test_winner(test=test),
            "is_owner": bot_selectors.is_owner(bot=test.bot, user=user),
            "playing_version": bot_selectors.bot_current_version(bot=test.bot)}


def bot_version_tests(*, bot, user, shown=6):
    """The version test section of a bot's page, for its owner: the live test (or the newest) as a
    block, the earlier ones listed, and the limits."""
    tests = list(version_test_list(bot=bot, limit=shown))
    return {"version_test_live": next((t for t in tests if t.is_live), None),
            "version_test_block": version_test_view(test=tests[0], user=user) if tests else None,
            "version_tests_older": tests[1:], **version_test_limits(),
            "version_test_cap_text": f"{settings.ARENA_VERSION_TEST_GAMES_PER_DAY:,}"}


def _table_text(test):
    if test.seats == 2:
        return "Duels: both games of a pair are dealt alike, the two versions' seats swapped."
    other = test.other_version.bot.name if test.other_version_id else "a built-in player"
    return (f"Tables of {test.seats}: the two versions and the house's {other} in the "
            f"{'other seat' if test.seats == 3 else f'{test.seats - 2} other seats'}; both games of a pair are "
            "dealt alike, the two versions' seats swapped (and moving round the table from pair to pair).")

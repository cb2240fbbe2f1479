"""Writing version tests: start one, record its pairs as they are played and stop it when the SPRT
decides, cancel it, and make its winner the version that plays.

Everything is checked before anything is stored (the owner's own live bot; two different versions
of it that passed validation; the test's settings; no other test of the bot queued or running;
the owner's daily allowance of version-test games, ``ARENA_VERSION_TEST_GAMES_PER_DAY``, of which a
live test holds its whole game limit).  Then the test and its first pairs are written in one
transaction and the pairs' tasks published once it commits.

The games are ``arena.version_test``'s pairs (``pair_tables``: one seed, the two versions' seats
swapped, rotating with the pair number, every other seat the house's built-in player), created as
matches of the kind ``version_test``, which never feed a rating (``web.matches.services.feeds_pool``).
They go to the workers' queue as challenges' do, ``ARENA_VERSION_TEST_PAIRS_QUEUED`` pairs at a
time: a test never floods the queue, so the ladder's matches keep their share.  Each pair is one
task (``version_test_play``): its two matches are played and stored as any match is
(``web.matches.execution``), then the test is advanced (``version_test_advance``): the finished
pairs go into the tally, the test stops when the SPRT accepts H0 or H1 or its game limit is
reached (its verdict in words, its queued matches dropped), else its next pairs are queued.  A pair
with a game in error is set aside and replaced; after ``MAX_ERRORED_PAIRS`` such pairs the test fails.
"""
import logging
import math
import random

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.utils import timezone

from arena import version_test as arena_version_test
from web import publishing
from web.bots import selectors as bot_selectors
from web.bots import services as bot_services
from web.bots.models import Bot, BotVersion
from web.errors import ServiceError
from web.games import catalog
from web.matches import execution
from web.matches.models import Match
from web.matches.services import SEED_BOUND, MatchSpec, bot_changing, matches_create
from web.version_tests import selectors
from web.version_tests.models import MAX_GAMES_LIMIT, VersionTest, VersionTestGame

log = logging.getLogger(__name__)

# Pairs with a game in error (a bot file lost, a platform fault out of attempts) set aside before
# the test gives up: a version that cannot be played would otherwise be retried for ever.
MAX_ERRORED_PAIRS = 5
# The Elo differences a test may state as its hypotheses.
ELO_BOUND = 1000


class VersionTestConflict(ServiceError):
    """The test's state does not allow it now (the API answers 409)."""
    code = "conflict"


# --- starting ------------------------------------------------------------------------------------

def _owned_live_bot(bot, owner):
    if owner is None or not getattr(owner, "is_authenticated", False):
        raise ServiceError("sign in to test your bot's versions")
    if not isinstance(bot, Bot):
        raise ServiceError(f"expected a bot, not {type(bot).__name__}")
    stored = Bot.objects.filter(pk=bot.pk).first()
    if stored is None or stored.owner_id != owner.pk:
        raise ServiceError(f"{bot.name!r} is not your bot: only its owner tests its versions")
    if stored.is_deleted:
        raise ServiceError(f"{stored.name!r} is retired: bring it back to test its versions")
    return stored


def _version(bot, number, which):
    if isinstance(number, bool) or not isinstance(number, int):
        raise ServiceError(f"the {which} version is a version number, not {number!r}")
    version = bot.versions.filter(number=number).first()
    if version is None:
        raise ServiceError(f"{bot.name!r} has no version {number} (the {which} version)")
    if version.status != BotVersion.Status.PASSED:
        why = "is still being validated" if version.status == BotVersion.Status.PENDING else "failed validation"
        raise ServiceError(f"{bot.name!r} v{number} (the {which} version) {why}: only versions that passed "
                           "validation are tested")
    return version


def _number(value, name):
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise ServiceError(f"{name} is a number, not {value!r}")
    return float(value)


def _test_settings(elo0, elo1, alpha, beta, max_games):
    elo0, elo1 = _number(elo0, "elo0"), _number(elo1, "elo1")
    for name, value in (("elo0", elo0), ("elo1", elo1)):
        if abs(value) > ELO_BOUND:
            raise ServiceError(f"{name} is an Elo difference from -{ELO_BOUND} to {ELO_BOUND}, not {value:g}")
    if isinstance(max_games, bool) or not isinstance(max_games, int) or not 2 <= max_games <= MAX_GAMES_LIMIT:
        raise ServiceError(f"the game limit is from 2 (one pair) to {MAX_GAMES_LIMIT:,}, not {max_games!r}")
    try:
        return arena_version_test.Settings(elo0=elo0, elo1=elo1, alpha=_number(alpha, "alpha"),
                                           beta=_number(beta, "beta"), max_games=max_games)
    except ValueError as exc:
        raise ServiceError(str(exc)) from None


def _table(game, seats):
    """The seats (default: the game's smallest table of two or more) and the options resolved."""
    info = catalog.game_info(game)
    if seats is None:
        seats = next((n for n in range(max(2, info.min_players), info.max_players + 1)
                      if _seats_ok(game, n)), max(2, info.min_players))
    if isinstance(seats, bool) or not isinstance(seats, int) or seats < 2:
        raise ServiceError(f"a version test needs a table of at least two seats (both versions play every game), "
                           f"not {seats!r}")
    try:
        _, options = catalog.check_match(game, players=seats)
    except catalog.EngineInputError as exc:
        raise ServiceError(str(exc)) from None
    return seats, options


def _seats_ok(game, seats):
    try:
        catalog.check_match(game, players=seats)
    except catalog.EngineInputError:
        return False
    return True


def _house_player(game):
    """The version of the house's built-in player that fills the other seats: the game's heuristic
    (random where it has none), the same in both games of a pair.  The demo's bot of that name if
    it plays, else another house bot playing it, else one created (``house_bots_ensure``)."""
    agent = "heuristic" if catalog.has_heuristic(game) else "random"
    house = bot_selectors.playable_bots(game=game).filter(owner__isnull=True, anonymised_at__isnull=True)
    versions = (BotVersion.objects.filter(pk__in=house.values("current_version_id"), kind=BotVersion.Kind.BUILTIN,
                                          builtin_name=agent).select_related("bot"))
    found = sorted(versions, key=lambda v: (v.bot.name != agent, v.bot_id))
    if found:
        return found[0]
    bot = bot_services.house_bots_ensure(game=game, count=1, agent=agent)[0]
    version = bot_selectors.bot_current_version(bot=bot)
    if version is None or bot.is_deleted:
        raise ServiceError(f"the house's {agent} player of {game} is retired: a version test cannot fill its table")
    return version


def version_test_start(*, owner, bot, new, old, elo0=0.0, elo1=5.0, alpha=0.05, beta=0.05, max_games=2000,
                       seats=None, seed=None):
    """Starts a version test of ``owner``'s ``bot``: is version ``new`` (a number) stronger than
    version ``old``?  H0 ``elo0``, H1 ``elo1`` Elo, error rates ``alpha`` and ``beta``, at most
    ``max_games`` games at tables of ``seats`` (default: the game's smallest).  Its first pairs are
    queued at once.  Raises ``ServiceError`` (storing nothing) for what cannot be or is not allowed."""
    bot = _owned_live_bot(bot, owner)
    test_settings = _test_settings(elo0, elo1, alpha, beta, max_games)
    new_version, old_version = _version(bot, new, "new"), _version(bot, old, "old")
    if new_version.pk == old_version.pk:
        raise ServiceError(f"the new and the old version are both v{new_version.number}: choose two different "
                           "versions")
    seats, options = _table(bot.game, seats)
    if seed is not None and not (isinstance(seed, int) and 0 <= seed < SEED_BOUND - MAX_GAMES_LIMIT):
        raise ServiceError(f"a version test's seed is an integer from 0 to 2**62 - {MAX_GAMES_LIMIT:,} - 1, "
                           f"not {seed!r}")
    seed = seed if seed is not None else random.SystemRandom().randrange(SEED_BOUND - MAX_GAMES_LIMIT)
    with transaction.atomic():
        get_user_model().objects.select_for_update().filter(pk=owner.pk).first()   # one start at a time
        _check_one_running(bot)
        left = selectors.games_left_today(owner=owner)
        if left is not None and test_settings.max_games > left:
            raise ServiceError(f"this version test may play up to {test_settings.max_games:,} games, and you may "
                               f"start {max(left, 0):,} more today (at most "
                               f"{settings.ARENA_VERSION_TEST_GAMES_PER_DAY:,} a day, a running test holding its "
                               "whole limit): lower its game limit, or wait for your running tests to end")
        other = _house_player(bot.game) if seats > 2 else None
        try:
            with transaction.atomic():
                test = VersionTest.objects.create(
                    owner=owner, bot=bot, game=bot.game, new_version=new_version, old_version=old_version,
                    seats=seats, options=options, other_version=other, elo0=test_settings.elo0,
                    elo1=test_settings.elo1, alpha=test_settings.alpha, beta=test_settings.beta,
                    max_games=test_settings.max_games, seed=seed, pentanomial=[0] * 5, trinomial=[0] * 3,
                    llr_history=[])
        except IntegrityError:   # another start for this bot got there first
            _check_one_running(bot)
            raise
        _queue_pairs(test, selectors.tally(test=test))
        test.save(update_fields=["pairs_queued"])
    return test


def _check_one_running(bot):
    live = selectors.live_version_test(bot=bot)
    if live is not None:
        raise ServiceError(f"{bot.name!r} already has a version test {live.get_status_display()} (#{live.pk}): one "
                           "runs at a time for a bot; wait for it to end or cancel it")


# --- queueing pairs --------------------------------------------------------------------------------

def _pair_specs(test, pair):
    """The two games of pair ``pair``: (spec, new version's seat, old version's seat) each."""
    seed, first, second = arena_version_test.pair_tables(players=test.seats, pair=pair, seed=test.seed, others="*")
    version_of = {"new": test.new_version, "old": test.old_version, "*": test.other_version}
    return [(MatchSpec(tuple(version_of[role] for role in seating), seed, test.options, f"p{pair + 1}/g{leg + 1}"),
             seating.index("new"), seating.index("old"))
            for leg, seating in enumerate((first, second))]


def _queue_pairs(test, tally):
    """Queues pairs until ``ARENA_VERSION_TEST_PAIRS_QUEUED`` are waiting or playing, within the game
    limit; in the caller's transaction (the test locked).  ``ServiceError`` when a seat can no
    longer play (the bot retired, a version failed since)."""
    counted = tally.pairs + test.errored_pairs
    in_flight = test.pairs_queued - counted
    wanted = min(settings.ARENA_VERSION_TEST_PAIRS_QUEUED - in_flight,
                 (test.max_games - tally.games) // 2 - in_flight)
    for _ in range(max(0, wanted)):
        pair = test.pairs_queued
        legs = _pair_specs(test, pair)
        matches = matches_create(game=test.game, specs=[spec for spec, _, _ in legs], kind=Match.Kind.VERSION_TEST,
                                 publish=False)
        VersionTestGame.objects.bulk_create([
            VersionTestGame(test=test, match=match, pair=pair, leg=leg, new_seat=new_seat, old_seat=old_seat)
            for leg, (match, (_, new_seat, old_seat)) in enumerate(zip(matches, legs))])
        test.pairs_queued += 1
        ids = [match.pk for match in matches]
        transaction.on_commit(lambda test_id=test.pk, ids=ids: _publish_pair(test_id, ids))


def _publish_pair(test_id, match_ids):
    if settings.ARENA_PUBLISH_TASKS:
        publishing.publish(publishing.PLAY_VERSION_TEST, test_id, match_ids)


# --- playing and deciding --------------------------------------------------------------------------

def version_test_play(*, test_id, match_ids, worker=""):
    """What a pair's task does: plays its matches as any match is played (claimed, played, stored
    exactly once), then moves the test on.  Returns the matches' ``RunReport``."""
    report = execution.matches_run(match_ids=list(match_ids), worker=worker)
    version_test_advance(test_id=test_id)
    return report


def _finished_pairs(test):
    """The uncounted pairs whose two games are finished: ``[(pair, [game, game])]`` by pair, each
    game with its match's status, result and error."""
    games = list(VersionTestGame.objects.filter(test=test, counted=False).select_related("match")
                 .only("pair", "leg", "new_seat", "old_seat", "match__status", "match__result", "match__error")
                 .order_by("pair", "leg"))
    pairs = {}
    for game in games:
        pairs.setdefault(game.pair, []).append(game)
    return [(pair, legs) for pair, legs in pairs.items()
            if len(legs) == 2 and all(leg.match.is_finished for leg in legs)]


def _finish(test, status, *, verdict, error=""):
    test.status, test.verdict, test.error, test.finished_at = status, verdict, error, timezone.now()
    Match.objects.filter(version_test_game__test=test, status=Match.Status.QUEUED).delete()


DECISIONS = {"H1": VersionTest.Status.ACCEPTED_H1, "H0": VersionTest.Status.ACCEPTED_H0,
             "limit": VersionTest.Status.LIMIT}


def version_test_advance(*, test_id):
    """Counts the test's finished pairs into its tally and stops it on the SPRT's decision or at its
    game limit (its verdict in words, its queued games dropped); otherwise queues its next pairs.
    Safe to call any number of times, from any number of workers."""
    with transaction.atomic():
        test = (VersionTest.objects.select_for_update(of=("self",))
                .select_related("bot", "new_version", "old_version", "other_version").get(pk=test_id))
        if not test.is_live:
            return test
        tally = selectors.tally(test=test)
        new, old = selectors.version_labels(test=test)
        last_error = ""
        for _, legs in _finished_pairs(test):
            if tally.decision is not None:
                break
            errors = [leg.match.error for leg in legs if leg.match.status == Match.Status.ERROR]
            if errors:
                test.errored_pairs += 1
                last_error = errors[0]
            else:
                tally.add_pair(*(arena_version_test.game_score(leg.match.result["ranks"], leg.new_seat, leg.old_seat)
                                 for leg in legs))
            VersionTestGame.objects.filter(pk__in=[leg.pk for leg in legs]).update(counted=True)
        test.pentanomial, test.trinomial, test.llr_history = tally.pentanomial, tally.trinomial, tally.llr_history
        if tally.decision is not None:
            _finish(test, DECISIONS[tally.decision], verdict=tally.verdict(new=new, old=old))
        elif test.errored_pairs > MAX_ERRORED_PAIRS:
            _finish(test, VersionTest.Status.FAILED, verdict=_failed_verdict(tally, new, old),
                    error=f"{test.errored_pairs} pairs had a game in error; the last: {last_error}"[:2000])
        else:
            if test.status == VersionTest.Status.QUEUED and _started(test):
                test.status = VersionTest.Status.RUNNING
            test.verdict, queued = "", test.pairs_queued
            try:
                with transaction.atomic():
                    _queue_pairs(test, tally)
            except ServiceError as exc:   # a seat can no longer play: the bot retired, a version failed since
                test.pairs_queued = queued
                _finish(test, VersionTest.Status.FAILED, verdict=_failed_verdict(tally, new, old), error=str(exc))
        test.save()
    return test


def _started(test):
    return Match.objects.filter(version_test_game__test=test).exclude(status=Match.Status.QUEUED).exists()


def _failed_verdict(tally, new, old):
    if not tally.pairs:
        return "the test failed before a pair was played"
    return f"the test failed: {tally.verdict(new=new, old=old)}"


def version_tests_advance_all():
    """Advances every queued or running test (the beat's safety net: a pair whose message was lost
    is played by the sweep's republishing, which does not advance its test)."""
    ids = list(VersionTest.objects.filter(status__in=VersionTest.LIVE).values_list("pk", flat=True))
    for test_id in ids:
        try:   # one test that cannot move on never holds the others back
            version_test_advance(test_id=test_id)
        except ServiceError:
            log.exception("version test %s cannot move on", test_id)
    return len(ids)


# --- the owner's actions ---------------------------------------------------------------------------

def _check_owner(test, user):
    if user is None or not getattr(user, "is_authenticated", False) or test.owner_id != user.pk:
        raise ServiceError("only the bot's owner cancels its version tests or acts on their outcome")


def version_test_cancel(*, test, user):
    """Cancels a queued or running test, for its owner: its queued games are dropped, a game being
    played finishes but counts for nothing; the tally stays as it was.  Returns the test."""
    _check_owner(test, user)
    with transaction.atomic():
        locked = (VersionTest.objects.select_for_update(of=("self",))
                  .select_related("new_version", "old_version").get(pk=test.pk))
        if not locked.is_live:
            raise VersionTestConflict(f"the version test has ended ({locked.get_status_display()}): there is "
                                      "nothing to cancel")
        tally = selectors.tally(test=locked)
        new, old = selectors.version_labels(test=locked)
        verdict = (f"cancelled: {tally.verdict(new=new, old=old)}" if tally.pairs
                   else "cancelled before a pair was played")
        _finish(locked, VersionTest.Status.CANCELLED, verdict=verdict)
        locked.save(update_fields=["status", "verdict", "error", "finished_at"])
    test.refresh_from_db()
    return test


def version_test_make_winner_play(*, test, user):
    """Makes the test's winner (``selectors.version_test_winner``) the version that plays for the bot,
    through the bots' own service for it (``bot_version_choose``).  Returns ``(bot, winner)``."""
    _check_owner(test, user)
    test = selectors.version_test_get(test_id=test.pk)
    winner = selectors.version_test_winner(test=test)
    if winner is None:
        state = ("is still running" if test.is_live else "failed" if test.status == VersionTest.Status.FAILED
                 else "ended without a clear winner (the 95% interval of the Elo difference holds 0)")
        raise VersionTestConflict(f"the version test {state}: there is no winner to make the version that plays")
    with bot_changing(bot_id=test.bot_id):
        bot = bot_services.bot_version_choose(bot=test.bot, user=user, number=winner.number)
    return bot, winner

"""Thin tasks: ids in, one service call, retries for the platform's own faults.

Platform faults are the database or the broker failing (the match itself is
fine); they are retried with a back-off, a capped number of times.  Anything
wrong with the match itself is recorded on the match by the service.
"""
import logging

from celery import shared_task
from django.db import DatabaseError, InterfaceError, OperationalError

log = logging.getLogger(__name__)

def _platform_faults():
    from web.errors import PlatformFault
    return (OperationalError, InterfaceError, DatabaseError, ConnectionError, TimeoutError, PlatformFault)


PLATFORM_FAULTS = _platform_faults()
MAX_RETRIES = 8


def _backoff(retries):
    return min(30, 0.5 * 2 ** retries)


def _close_broken_connections():
    from django.db import close_old_connections
    try:
        close_old_connections()
    except Exception:  # a broken connection is dropped either way
        pass


@shared_task(bind=True, acks_late=True, reject_on_worker_lost=True, max_retries=MAX_RETRIES)
def play_matches(self, match_ids):
    """Plays a batch of matches by id; each is stored exactly once whatever happens to this task."""
    from web.matches.execution import matches_run
    try:
        report = matches_run(match_ids=list(match_ids), worker=self.request.hostname or "")
    except PLATFORM_FAULTS as exc:
        _close_broken_connections()
        log.warning("play_matches %s: platform fault, retrying: %s", match_ids, exc)
        raise self.retry(exc=exc, countdown=_backoff(self.request.retries))
    return {"done": len(report.done), "failed": len(report.failed), "skipped": len(report.skipped),
            "discarded": len(report.discarded), "lost": len(report.lost)}


@shared_task(bind=True, acks_late=True, reject_on_worker_lost=True, max_retries=MAX_RETRIES)
def play_table(self, match_id):
    """Plays a table's match (people at it): on the tables' queue, one game per worker thread."""
    from web.tables.runner import table_match_run
    try:
        return table_match_run(match_id=match_id, worker=self.request.hostname or "")
    except PLATFORM_FAULTS as exc:
        _close_broken_connections()
        log.warning("play_table %s: platform fault, retrying: %s", match_id, exc)
        raise self.retry(exc=exc, countdown=_backoff(self.request.retries))


@shared_task(bind=True, acks_late=True, reject_on_worker_lost=True, max_retries=MAX_RETRIES)
def play_version_test(self, test_id, match_ids):
    """Plays a version test's pair (its matches, exactly once like any match), then moves the test on."""
    from web.version_tests.services import version_test_play
    try:
        report = version_test_play(test_id=test_id, match_ids=list(match_ids), worker=self.request.hostname or "")
    except PLATFORM_FAULTS as exc:
        _close_broken_connections()
        log.warning("play_version_test %s %s: platform fault, retrying: %s", test_id, match_ids, exc)
        raise self.retry(exc=exc, countdown=_backoff(self.request.retries))
    return {"done": len(report.done), "failed": len(report.failed), "skipped": len(report.skipped)}


def _periodic(fn):
    """A beat task: retried like the others; never overlapping harm since every service is idempotent."""
    def run(self, *args):
        try:
            return fn(*args)
        except PLATFORM_FAULTS as exc:
            _close_broken_connections()
            raise self.retry(exc=exc, countdown=_backoff(self.request.retries))
    run.__name__ = fn.__name__.lstrip("_")
    run.__doc__ = fn.__doc__
    return shared_task(bind=True, acks_late=True, reject_on_worker_lost=True, max_retries=3,
                       name=f"workers.tasks.{fn.__name__.lstrip('_')}")(run)


def _sweep_leases():
    """Requeues matches whose worker vanished; republishes queued matches whose message was lost."""
    from web.matches.execution import matches_sweep
    return matches_sweep()


def _ladder_tick():
    """Keeps every game's ladder supplied with matches."""
    from django.conf import settings

    from web.games import catalog
    from web.matches.ladder import ladder_fill
    if not settings.ARENA_LADDER_ENABLED:
        return 0
    created = 0
    for game in catalog.game_ids():
        try:
            created += len(ladder_fill(game=game))
        except PLATFORM_FAULTS:
            raise   # the database or the broker: the whole tick is retried
        except Exception:   # one game's ladder never stops the others'
            log.exception("the ladder of %s could not be filled", game)
    return created


def _refit_ratings():
    """Refits the published rating of every rating pool of every game."""
    from web.games import catalog
    from web.matches.selectors import finished_match_records
    from web.ratings.services import ratings_refit_game
    return sum(len(ratings_refit_game(game=game, read_records=finished_match_records)) for game in catalog.game_ids())


def _refresh_balance():
    """Recomputes each game's balance reports from its ladder matches."""
    from web.balance.services import balance_refresh_ladder
    from web.games import catalog
    return sum(len(balance_refresh_ladder(game=game)) for game in catalog.game_ids())


def _self_play_balance():
    """Plays the self-play report of one game and player count that has none under its current
    rules, if any is missing.  One table a round (from a few seconds to about forty for Samouraï's
    six clans), so that on a fresh site, or after new rules, the worker keeps playing the ladder
    between them instead of spending its first minutes on every table at once."""
    from django.conf import settings

    from web.balance.services import balance_self_play_missing
    return len(balance_self_play_missing(games=settings.ARENA_BALANCE_SELF_PLAY_GAMES, limit=1))


def _advance_tournaments():
    """Moves every running tournament round on (the safety net behind advance_tournament_round)."""
    from web.tournaments.services import tournaments_advance_all
    return tournaments_advance_all()


def _advance_tournament_round(round_id):
    """Closes the round once its matches are finished and starts the next."""
    from web.tournaments.services import tournament_advance
    tournament_advance(round_id=round_id)


def _advance_version_tests():
    """Moves every live version test on (the safety net behind play_version_test)."""
    from web.version_tests.services import version_tests_advance_all
    return version_tests_advance_all()


def _validate_bot_version(version_id):
    """Validates an uploaded bot version in the sandbox (the matches of ``arena validate``) and
    records the verdict; retried while this worker cannot (no sandbox, the file not there yet)."""
    from web.bots.services import bot_version_validate
    from web.matches.services import queued_matches_follow_bot
    version = bot_version_validate(version_id=version_id)
    queued_matches_follow_bot(bot_id=version.bot_id)   # a version that passed may now be the one that plays


def _fail_stale_validations():
    """Ends as failed the uploaded versions whose validation did not finish by the deadline."""
    from web.bots.services import bot_versions_fail_stale
    return bot_versions_fail_stale()


sweep_leases = _periodic(_sweep_leases)
fail_stale_validations = _periodic(_fail_stale_validations)
ladder_tick = _periodic(_ladder_tick)
refit_ratings = _periodic(_refit_ratings)
refresh_balance = _periodic(_refresh_balance)
self_play_balance = _periodic(_self_play_balance)
advance_tournaments = _periodic(_advance_tournaments)
advance_tournament_round = _periodic(_advance_tournament_round)
advance_version_tests = _periodic(_advance_version_tests)
validate_bot_version = _periodic(_validate_bot_version)

"""The beat's tasks, run in this process (their bodies; delivery is tested with real workers)."""
from django.db.models import Count

from web.bots.services import house_bots_ensure
from web.matches.models import Match
from web import publishing
from web.ratings.models import RatingEntry
from workers import tasks
from workers.celery import app


def test_the_services_publish_tasks_under_the_names_the_workers_register():
    assert app is publishing.app
    for name, task in [(publishing.PLAY_MATCHES, tasks.play_matches), (publishing.PLAY_TABLE, tasks.play_table),
                       (publishing.ADVANCE_TOURNAMENT_ROUND, tasks.advance_tournament_round),
                       (publishing.VALIDATE_BOT_VERSION, tasks.validate_bot_version),
                       (publishing.LADDER_TICK, tasks.ladder_tick), (publishing.SWEEP_LEASES, tasks.sweep_leases),
                       (publishing.ADVANCE_TOURNAMENTS, tasks.advance_tournaments),
                       (publishing.REFIT_RATINGS, tasks.refit_ratings),
                       (publishing.FAIL_STALE_VALIDATIONS, tasks.fail_stale_validations),
                       (publishing.REFRESH_BALANCE, tasks.refresh_balance),
                       (publishing.SELF_PLAY_BALANCE, tasks.self_play_balance),
                       (publishing.PLAY_VERSION_TEST, tasks.play_version_test),
                       (publishing.ADVANCE_VERSION_TESTS, tasks.advance_version_tests)]:
        assert task.name == name and name in app.tasks


def test_the_beat_schedule_names_registered_tasks():
    schedule = app.conf.beat_schedule
    assert {entry["task"] for entry in schedule.values()} <= set(app.tasks)
    assert {"ladder", "sweep", "tournaments", "refit", "validations", "balance", "self-play",
            "version-tests"} == set(schedule)
    assert app.conf.task_acks_late and app.conf.task_reject_on_worker_lost
    assert app.conf.worker_prefetch_multiplier == 1


def test_ladder_refit_and_sweep_tasks(db, settings):
    settings.ARENA_LADDER_QUEUED = 6
    house_bots_ensure(game="katana", count=6)
    queued = tasks.ladder_tick.run()
    assert 6 <= queued < 12  # whole rotations of groups of 3 to 6
    assert tasks.ladder_tick.run() == 0
    ids = list(Match.objects.values_list("pk", flat=True))
    report = tasks.play_matches.run(ids)
    assert report["done"] == queued
    assert tasks.refit_ratings.run() == 1
    assert RatingEntry.objects.filter(kind="fit").count() == len(set(
        Match.objects.values_list("seats__bot_id", flat=True)))
    assert tasks.sweep_leases.run() == {"expired": 0, "abandoned": 0, "republished": 0}
    assert tasks.advance_tournaments.run() == 0
    settings.ARENA_BALANCE_SELF_PLAY_GAMES = 0
    tables = set(Match.objects.annotate(seats_count=Count("seats")).values_list("seats_count", flat=True))
    assert tasks.refresh_balance.run() == len(tables)   # a ladder report per table size, no self-play
    assert tasks.self_play_balance.run() == 0            # none asked for

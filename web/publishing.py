"""Publishing work to the workers: the Celery app, and the tasks the services queue, by name.

The tasks live in ``workers.tasks``, above the services they call, so a
service never imports them: it names one (``PLAY_MATCHES``...) and
``publish`` sends the message through this app.  The names are the tasks'
registered names; ``tests/workers`` checks that the workers register every one.

Broker from ``REDIS_URL`` (or the bundled Redis), no result backend.
Delivery is at least once (``acks_late``, a message whose worker process died
goes back to the queue, one message prefetched at a time); exactly-once is
the database's job (see ``web.matches.execution``).  The workers' entry is
``workers.celery``, which adds the modules that register the tasks.
"""
import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "web.settings")

app = Celery("samurai_arena")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.conf.update(
    task_acks_late=True,
    task_reject_on_worker_lost=True,
    worker_prefetch_multiplier=1,
    task_ignore_result=True,
    task_serializer="json",
    accept_content=["json"],
    broker_connection_retry=True,
    broker_connection_retry_on_startup=True,
    broker_connection_max_retries=None,
    # A broker restarting mid-reply can answer with a protocol or response error (kombu's channel
    # errors) rather than a dropped connection; without this the worker's consumer gives up and the
    # process exits instead of reconnecting.
    broker_channel_error_retry=True,
    broker_transport_options={
        # Redelivery of a message whose worker vanished without rejecting it; the lease sweep
        # usually gets there first.
        "visibility_timeout": float(os.environ.get("ARENA_VISIBILITY_TIMEOUT", 3600)),
        "socket_timeout": 10,
        "socket_connect_timeout": 5,
        "retry_on_timeout": True,
    },
    worker_cancel_long_running_tasks_on_connection_loss=False,
    worker_hijack_root_logger=False,
)
# Celery's Django fixup closes the database connection before and after every task unless told to
# reuse it: a new PostgreSQL backend per message (fork, authentication, cold catalog caches) cost
# the database more CPU than storing the message's matches did.  A connection that breaks is
# dropped by the tasks' fault handling (``close_old_connections``) before the retry.
app.conf.CELERY_DB_REUSE_MAX = int(os.environ.get("ARENA_DB_REUSE_TASKS", 100))


PLAY_MATCHES = "workers.tasks.play_matches"
# A table's match (people at it) goes to a queue of its own (settings.CELERY_TASK_ROUTES).
PLAY_TABLE = "workers.tasks.play_table"
ADVANCE_TOURNAMENT_ROUND = "workers.tasks.advance_tournament_round"
VALIDATE_BOT_VERSION = "workers.tasks.validate_bot_version"
LADDER_TICK = "workers.tasks.ladder_tick"
SWEEP_LEASES = "workers.tasks.sweep_leases"
ADVANCE_TOURNAMENTS = "workers.tasks.advance_tournaments"
REFIT_RATINGS = "workers.tasks.refit_ratings"
REFRESH_BALANCE = "workers.tasks.refresh_balance"
SELF_PLAY_BALANCE = "workers.tasks.self_play_balance"
FAIL_STALE_VALIDATIONS = "workers.tasks.fail_stale_validations"
# A version test's pair: its two matches played, then the test moved on (web.version_tests).
PLAY_VERSION_TEST = "workers.tasks.play_version_test"
ADVANCE_VERSION_TESTS = "workers.tasks.advance_version_tests"


def publish(task_name, *args):
    """Sends one message asking a worker to run ``task_name`` with ``args``.  Services call it
    from ``transaction.on_commit``, so that a worker never reads rows that are not committed."""
    app.send_task(task_name, args=args)


def _beat_schedule():
    from django.conf import settings
    return {
        "ladder": {"task": LADDER_TICK, "schedule": settings.ARENA_BEAT_LADDER_SECONDS},
        "sweep": {"task": SWEEP_LEASES, "schedule": settings.ARENA_BEAT_SWEEP_SECONDS},
        "tournaments": {"task": ADVANCE_TOURNAMENTS, "schedule": settings.ARENA_BEAT_TOURNAMENT_SECONDS},
        "refit": {"task": REFIT_RATINGS, "schedule": settings.ARENA_BEAT_REFIT_SECONDS},
        "balance": {"task": REFRESH_BALANCE, "schedule": settings.ARENA_BEAT_BALANCE_SECONDS},
        "self-play": {"task": SELF_PLAY_BALANCE, "schedule": settings.ARENA_BEAT_SELF_PLAY_SECONDS},
        "validations": {"task": FAIL_STALE_VALIDATIONS, "schedule": settings.ARENA_BEAT_SWEEP_SECONDS},
        "version-tests": {"task": ADVANCE_VERSION_TESTS, "schedule": settings.ARENA_BEAT_TOURNAMENT_SECONDS},
    }


@app.on_after_configure.connect
def _configure_beat(sender, **kwargs):
    sender.conf.beat_schedule = _beat_schedule()

"""The Celery app: broker from ``REDIS_URL`` (or the bundled Redis), no result backend.

Delivery is at least once (``acks_late``, a message whose worker process died
goes back to the queue, one message prefetched at a time); exactly-once is
the database's job (see ``web.matches.services``).
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
app.conf.imports = ["workers.tasks"]


def _beat_schedule():
    from django.conf import settings
    return {
        "ladder": {"task": "workers.tasks.ladder_tick", "schedule": settings.ARENA_BEAT_LADDER_SECONDS},
        "sweep": {"task": "workers.tasks.sweep_leases", "schedule": settings.ARENA_BEAT_SWEEP_SECONDS},
        "tournaments": {"task": "workers.tasks.advance_tournaments",
                        "schedule": settings.ARENA_BEAT_TOURNAMENT_SECONDS},
        "refit": {"task": "workers.tasks.refit_ratings", "schedule": settings.ARENA_BEAT_REFIT_SECONDS},
    }


@app.on_after_configure.connect
def _configure_beat(sender, **kwargs):
    sender.conf.beat_schedule = _beat_schedule()

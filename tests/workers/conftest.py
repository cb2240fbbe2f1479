import os
import random
import shutil

import pytest
import redis
from django.db import connection

from live_servers import ROOT, Worker, require
from web.test_settings import reachable


@pytest.fixture
def live(transactional_db, settings, tmp_path):
    """Real PostgreSQL (the test database) and Redis, and a factory of real worker processes."""
    require(connection.vendor == "postgresql", "PostgreSQL on 127.0.0.1:5432 is not reachable")
    require(settings.REDIS_URL.startswith("redis://") and reachable("127.0.0.1", 6379),
            "Redis on 127.0.0.1:6379 is not reachable")
    settings.ARENA_PUBLISH_TASKS = True
    settings.ARENA_MATCH_BATCH = 10
    settings.ARENA_REQUEUE_AFTER_SECONDS = 2
    settings.ARENA_MATCH_MAX_ATTEMPTS = 50
    queue = settings.CELERY_TASK_DEFAULT_QUEUE
    redis.Redis.from_url(settings.REDIS_URL).delete(queue)
    db = connection.settings_dict
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST", "DJANGO_SETTINGS"))}
    env.update({
        "DJANGO_SETTINGS_MODULE": "web.settings",
        "DATABASE_URL": f"postgres://{db['USER']}@{db['HOST']}:{db['PORT']}/{db['NAME']}",
        "DATABASE_CONN_MAX_AGE": "60",
        "REDIS_URL": settings.REDIS_URL,
        "ARENA_QUEUE": queue,
        "ARENA_HOME": str(tmp_path / "home"),
        "MEDIA_ROOT": settings.MEDIA_ROOT,  # the uploaded bots, shared like the media volume
        "ARENA_MATCH_LEASE_SECONDS": "2",
        "ARENA_MATCH_MAX_ATTEMPTS": "50",
        "ARENA_REQUEUE_AFTER_SECONDS": "1",
        "ARENA_PUBLISH_TASKS": "true",
        "ARENA_LADDER_ENABLED": "false",
        "PYTHONPATH": str(ROOT),
    })
    env.pop("ARENA_TEST_DATABASE_NAME", None)
    workers = []

    class Live:
        rng = random.Random(20240611)

        def worker(self, name, **kwargs):
            w = Worker(name, dict(env, **kwargs.pop("env", {})), tmp_path, **kwargs).start()
            workers.append(w)
            return w

    yield Live()
    for w in workers:
        w.stop()
    # Workers hold persistent connections; the database is flushed after this test.
    connection.close()

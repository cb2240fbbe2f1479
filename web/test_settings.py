"""Settings for the test suite: the real PostgreSQL and Redis of this machine when they answer.

* ``DATABASE_URL`` unset: PostgreSQL on 127.0.0.1:5432 (user postgres) if it
  accepts connections, else SQLite; the test database is named after this
  checkout so that two checkouts never share one.
* ``REDIS_URL`` unset: Redis on 127.0.0.1:6379, database 13, if it answers.
* every run uses its own queue name, so test workers never take another
  run's (or a developer's) messages.
* services publish no task unless a test asks for it (``ARENA_PUBLISH_TASKS``).
* no idle-in-transaction timeout for the test process (a test is one long transaction).
"""
import hashlib
import os
import socket
import tempfile
import uuid
from pathlib import Path


def reachable(host, port, timeout=0.5):
    try:
        with socket.create_connection((host, port), timeout=timeout):
            return True
    except OSError:
        return False


_CHECKOUT = hashlib.sha256(str(Path(__file__).resolve().parent.parent).encode()).hexdigest()[:10]
# pytest-xdist's processes (``make test``) inherit the environment of the run that started them:
# each takes a home and a queue of its own, so that the workers and servers one test starts never
# take another test's messages or files.
_PROCESS = os.environ.get("PYTEST_XDIST_WORKER", "")
os.environ.setdefault("ARENA_HOME", str(Path(tempfile.gettempdir()) / f"arena-test-home-{_CHECKOUT}"))
if _PROCESS and not os.environ["ARENA_HOME"].endswith(_PROCESS):
    os.environ["ARENA_HOME"] += f"-{_PROCESS}"
if not os.environ.get("DATABASE_URL") and reachable("127.0.0.1", 5432):
    os.environ["DATABASE_URL"] = "postgres://postgres@127.0.0.1:5432/postgres"
os.environ.setdefault("ARENA_TEST_DATABASE_NAME", f"test_arena_{_CHECKOUT}")
if not os.environ.get("REDIS_URL") and reachable("127.0.0.1", 6379):
    os.environ["REDIS_URL"] = "redis://127.0.0.1:6379/13"
os.environ.setdefault("ARENA_QUEUE", f"arena-test-{uuid.uuid4().hex[:12]}")
if _PROCESS and not os.environ["ARENA_QUEUE"].endswith(_PROCESS):
    os.environ["ARENA_QUEUE"] += f"-{_PROCESS}"
os.environ.setdefault("ARENA_PUBLISH_TASKS", "false")
os.environ.setdefault("DATABASE_CONN_MAX_AGE", "0")
# A test runs inside one transaction that stays open while it plays matches: no idle timeout for
# this process (the live-worker fixture gives its workers their own).
os.environ.setdefault("ARENA_DB_IDLE_IN_TRANSACTION_SECONDS", "0")

from web.settings import *  # noqa: E402,F401,F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
MEDIA_ROOT = str(Path(tempfile.mkdtemp(prefix="arena-test-media-")))
ARENA_BOT_CACHE_DIR = os.environ.get("ARENA_BOT_CACHE_DIR") or tempfile.mkdtemp(prefix="arena-test-bot-cache-")
# Tests share this machine's Redis with other runs, whose match ids collide with this one's.
CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

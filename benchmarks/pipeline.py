"""The full pipeline: Katana matches between built-in bots through Redis, PostgreSQL and worker processes.

    .venv/bin/python benchmarks/pipeline.py [--matches 2000] [--workers 1 2] [--batch 50]
    .venv/bin/python benchmarks/pipeline.py --bots examples/bots/katana_samurai.py [--game katana]

With ``--bots FILE`` the seats are uploaded bots instead: eight bots of one owner, each with
``FILE`` as its one version (eight different bots, so no process is shared between them), marked
validated without their validation matches, played in their sandboxes as the workers play any
upload (each bot's process kept from one match of a batch to the next).  Their processes' CPU
time is counted apart (``bots_ms_per_match``: each process's own, read as its pool ended it).

Uses ``DATABASE_URL`` (default PostgreSQL on 127.0.0.1, a fresh database
``arena_bench`` that it creates and drops) and ``REDIS_URL`` (default
127.0.0.1:6379/14).  For each worker count it queues the matches as the
services do, starts that many ``celery worker`` processes (one pool process
each; the platform's worker with an engine-time tally, see
``benchmarks/pipeline_probe.py``), publishes the tasks and waits until every
match is stored.

Wall-clock figures:

* throughput: matches per second of wall time;
* engine time: the time the workers spent inside ``arena`` (bots included),
  summed from the stored matches;
* platform overhead per match: worker-process time per match (workers x wall
  time / matches) minus the engine time per match: claiming, loading,
  storing result, replay and ratings, and the queue.

CPU figures (Linux ``/proc``), which the load of other work on the machine
moves much less than wall times:

* worker CPU per match: user + system time of the worker processes (the
  Celery consumer and its pool process) over the measured matches;
* engine CPU per match: the CPU time of the pool processes inside
  ``web.matches.playing.play``; the difference is the platform's CPU time in
  the worker (claim, store, ratings, JSON, Celery and Redis messaging);
* PostgreSQL CPU per match: user + system time of the workers' PostgreSQL
  backends (the benchmark's own connection excluded);
* Redis CPU per match: the Redis server's CPU (``INFO cpu``); the server is
  shared with whatever else uses it, so this is an upper bound;
* load: the machine's one-minute load average during the run (its cores are
  shared with the benchmark, the workers, PostgreSQL and Redis, and with any
  other work).
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from benchmarks.scratch_database import django_migrated, scratch_database  # noqa: E402
TICK = os.sysconf("SC_CLK_TCK")


def _setup_env(args):
    os.environ.setdefault("REDIS_URL", "redis://127.0.0.1:6379/14")
    os.environ["ARENA_QUEUE"] = f"arena-bench-{uuid.uuid4().hex[:8]}"
    os.environ["ARENA_PUBLISH_TASKS"] = "false"
    os.environ["ARENA_LADDER_ENABLED"] = "false"
    os.environ["ARENA_MATCH_BATCH"] = str(args.batch)
    os.environ.setdefault("ARENA_HOME", str(Path("/tmp") / "arena-bench-home"))
    os.environ["DJANGO_SETTINGS_MODULE"] = "web.settings"


# --- CPU time from /proc -------------------------------------------------------------------------

def _cpu_seconds(pid):
    """User + system CPU time of a process, or None once it is gone."""
    try:
        with open(f"/proc/{pid}/stat") as handle:
            fields = handle.read().rsplit(")", 1)[1].split()
    except (FileNotFoundError, ProcessLookupError):
        return None
    return (int(fields[11]) + int(fields[12])) / TICK


def _children(pid):
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1]) == pid:
                    found.append(int(entry.name))
            except (OSError, IndexError, ValueError):
                continue
    return found


def _worker_cpu(procs):
    pids = [p.pid for p in procs]
    pids += [child for pid in list(pids) for child in _children(pid)]
    return sum(_cpu_seconds(pid) or 0.0 for pid in pids)


class _BackendCpu:
    """CPU time of the benchmarked database's PostgreSQL backends, sampled while the workers run
    (a backend that ends between two samples keeps its last reading)."""

    def __init__(self, database):
        self.database, self.start, self.last = database, {}, {}

    def _backends(self):
        from django.db import connection
        with connection.cursor() as cursor:
            cursor.execute("SELECT pid FROM pg_stat_activity WHERE datname = %s AND pid <> pg_backend_pid()",
                           [self.database])
            return [row[0] for row in cursor.fetchall()]

    def begin(self):
        self.start = {pid: cpu for pid in self._backends() if (cpu := _cpu_seconds(pid)) is not None}
        self.last = dict(self.start)

    def sample(self):
        for pid in self._backends():
            cpu = _cpu_seconds(pid)
            if cpu is not None:
                self.last[pid] = cpu

    def seconds(self):
        return sum(cpu - self.start.get(pid, 0.0) for pid, cpu in self.last.items())


def _redis_cpu():
    import redis
    info = redis.Redis.from_url(os.environ["REDIS_URL"]).info("cpu")
    return info["used_cpu_user"] + info["used_cpu_sys"]


def _engine_totals(folder):
    totals = {"engine_cpu_seconds": 0.0, "engine_wall_seconds": 0.0, "matches": 0, "bots_cpu_seconds": 0.0}
    for path in Path(folder).glob("*.json"):
        for key, value in json.loads(path.read_text()).items():
            totals[key] += value
    return totals


# --- the run -------------------------------------------------------------------------------------

def _workers(n, env):
    procs = []
    for i in range(n):
        procs.append(subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "benchmarks.pipeline_probe", "worker", "--loglevel", "WARNING",
             "-Q", env["ARENA_QUEUE"], "-c", "1", "-n", f"bench{i}@%h", "--without-gossip", "--without-mingle",
             "--without-heartbeat"], cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            start_new_session=True))
    return procs


def _wait(ids, timeout, on_poll=None):
    """Until every match of ``ids`` (consecutive ids) is finished; polls an id range, cheaply."""
    from django.db import close_old_connections

    from web.matches.models import Match
    low, high = min(ids), max(ids)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        close_old_connections()
        if Match.objects.filter(pk__gte=low, pk__lte=high, status__in=("done", "error")).count() == len(ids):
            return
        if on_poll:
            on_poll()
        time.sleep(0.05)
    raise SystemExit(f"matches not finished within {timeout}s")


def _wait_for_tally(folder, expected, timeout=10):
    """The pool processes write their tally after each task returns, just after its last store."""
    deadline = time.monotonic() + timeout
    while _engine_totals(folder)["matches"] < expected and time.monotonic() < deadline:
        time.sleep(0.05)
    return _engine_totals(folder)


def run(args):
    from django.conf import settings
    from django.db.models import Sum

    from web.bots.services import house_bots_ensure
    from web.matches import services
    from web.matches.models import Match
    import random
    rng = random.Random(args.seed)
    bots = _uploaded_bots(args) if args.bots else house_bots_ensure(game=args.game, count=8)
    rows = []
    for n_workers in args.workers:
        probe_dir = tempfile.mkdtemp(prefix="arena-bench-probe-")
        env = dict(os.environ, ARENA_BENCH_PROBE_DIR=probe_dir)
        procs = _workers(n_workers, env)
        backends = _BackendCpu(args.database)
        loads = []
        try:
            def create(n):
                specs = [services.MatchSpec(tuple(rng.sample(bots, args.players)), rng.randrange(2**62))
                         for _ in range(n)]
                return [m.pk for m in services.matches_create(game=args.game, specs=specs, publish=False)]

            settings.ARENA_PUBLISH_TASKS = True
            warm = create(20 * n_workers)
            services.publish_matches(match_ids=warm, batch=10)
            _wait(warm, 120)
            engine_before = _wait_for_tally(probe_dir, len(warm))
            ids = create(args.matches)
            backends.begin()
            cpu_before, redis_before = _worker_cpu(procs), _redis_cpu()
            last_sample = [0.0]

            def poll():
                if time.monotonic() - last_sample[0] >= 0.5:
                    last_sample[0] = time.monotonic()
                    backends.sample()
                    loads.append(os.getloadavg()[0])

            started = time.perf_counter()
            services.publish_matches(match_ids=ids, batch=args.batch)
            _wait(ids, 1200, poll)
            wall = time.perf_counter() - started
            engine_after = _wait_for_tally(probe_dir, len(warm) + len(ids))
            backends.sample()
            cpu_after, redis_after = _worker_cpu(procs), _redis_cpu()
            settings.ARENA_PUBLISH_TASKS = False
        finally:
            for proc in procs:
                proc.terminate()
            for proc in procs:
                proc.wait(timeout=30)
            shutil.rmtree(probe_dir, ignore_errors=True)
        done = Match.objects.filter(pk__in=ids)
        engine = done.aggregate(s=Sum("engine_seconds"))["s"]
        steps = done.aggregate(s=Sum("steps"))["s"]
        n = len(ids)
        per_match_worker_ms = n_workers * wall / n * 1000
        worker_cpu_ms = (cpu_after - cpu_before) / n * 1000
        engine_cpu_ms = (engine_after["engine_cpu_seconds"] - engine_before["engine_cpu_seconds"]) / n * 1000
        postgres_ms = backends.seconds() / n * 1000
        rows.append({
            "workers": n_workers, "matches": n, "errors": done.filter(status="error").count(),
            "wall_seconds": round(wall, 3), "matches_per_second": round(n / wall, 1),
            "engine_ms_per_match": round(engine / n * 1000, 3),
            "decisions_per_match": round(steps / n, 1),
            "worker_ms_per_match": round(per_match_worker_ms, 3),
            "platform_overhead_ms_per_match": round(per_match_worker_ms - engine / n * 1000, 3),
            "cpu": {
                "worker_ms_per_match": round(worker_cpu_ms, 3),
                "engine_ms_per_match": round(engine_cpu_ms, 3),
                "worker_platform_ms_per_match": round(worker_cpu_ms - engine_cpu_ms, 3),
                "postgres_ms_per_match": round(postgres_ms, 3),
                "platform_ms_per_match": round(worker_cpu_ms - engine_cpu_ms + postgres_ms, 3),
                "redis_server_ms_per_match": round((redis_after - redis_before) / n * 1000, 3),
                "bots_ms_per_match": round((engine_after["bots_cpu_seconds"] - engine_before["bots_cpu_seconds"])
                                           / n * 1000, 3),
            },
            "load_average": {"min": min(loads, default=None), "max": max(loads, default=None),
                             "mean": round(sum(loads) / len(loads), 2) if loads else None},
        })
    report = {"game": args.game, "players": args.players, "batch": args.batch,
              "seats": f"uploaded {os.path.basename(args.bots)}" if args.bots else "built-in random", "runs": rows}
    if len(rows) >= 2:
        report["speedup"] = round(rows[-1]["matches_per_second"] / rows[0]["matches_per_second"], 3)
    return report


def _uploaded_bots(args):
    """Eight uploaded bots of one owner, ``args.bots`` the one version of each, marked validated."""
    from django.contrib.auth import get_user_model

    from web.bots import services as bot_services
    from web.bots.models import BotVersion
    owner, _ = get_user_model().objects.get_or_create(username="bench-owner")
    with open(args.bots, "rb") as handle:
        content = handle.read()
    bots = []
    for index in range(1, 9):
        bot, version = bot_services.bot_upload(owner=owner, game=args.game, name=f"uploaded-{index}",
                                               filename=os.path.basename(args.bots), content=content)
        BotVersion.objects.filter(pk=version.pk).update(status=BotVersion.Status.PASSED)
        bots.append(bot)
    return bots


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=2000)
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--batch", type=int, default=50, help="matches per task message")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--database", default="arena_bench")
    parser.add_argument("--game", default="katana")
    parser.add_argument("--players", type=int, help="seats per match (default: 5, or the game's most below)")
    parser.add_argument("--bots", metavar="FILE", help="uploaded bots with this file instead of built-in ones")
    args = parser.parse_args()
    if args.players is None:
        sys.path.insert(0, str(ROOT))
        from arena import games
        game = games.get(args.game)
        args.players = min(max(5, game.min_players), game.max_players)
    _setup_env(args)
    with scratch_database(args.database):
        django_migrated()
        report = run(args)
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()

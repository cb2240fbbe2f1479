"""The full pipeline: Katana matches between built-in bots through Redis, PostgreSQL and worker processes.

    .venv/bin/python benchmarks/pipeline.py [--matches 2000] [--workers 1 2] [--batch 20]

Uses ``DATABASE_URL`` (default PostgreSQL on 127.0.0.1, a fresh database
``arena_bench`` that it creates and drops) and ``REDIS_URL`` (default
127.0.0.1:6379/14).  For each worker count it queues the matches as the
services do, starts that many ``celery worker`` processes (one pool process
each), publishes the tasks and waits until every match is stored.

* throughput: matches per second of wall time;
* engine time: the time the workers spent inside ``arena`` (bots included),
  summed from the stored matches;
* platform overhead per match: worker-process time per match (workers x wall
  time / matches) minus the engine time per match: claiming, loading,
  storing result, replay and ratings, and the queue.
"""
import argparse
import json
import os
import subprocess
import sys
import time
import uuid
from pathlib import Path
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def _setup_env(args):
    base = os.environ.get("DATABASE_URL") or "postgres://postgres@127.0.0.1:5432/postgres"
    url = urlparse(base)
    admin = url._replace(path="/postgres").geturl()
    import psycopg
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {args.database} WITH (FORCE)")
        conn.execute(f"CREATE DATABASE {args.database}")
    os.environ["DATABASE_URL"] = url._replace(path=f"/{args.database}").geturl()
    os.environ.setdefault("REDIS_URL", "redis://127.0.0.1:6379/14")
    os.environ["ARENA_QUEUE"] = f"arena-bench-{uuid.uuid4().hex[:8]}"
    os.environ["ARENA_PUBLISH_TASKS"] = "false"
    os.environ["ARENA_LADDER_ENABLED"] = "false"
    os.environ["ARENA_MATCH_BATCH"] = str(args.batch)
    os.environ.setdefault("ARENA_HOME", str(Path("/tmp") / "arena-bench-home"))
    os.environ["DJANGO_SETTINGS_MODULE"] = "web.settings"
    return admin


def _workers(n, env):
    procs = []
    for i in range(n):
        procs.append(subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "workers", "worker", "--loglevel", "WARNING", "-Q",
             env["ARENA_QUEUE"], "-c", "1", "-n", f"bench{i}@%h", "--without-gossip", "--without-mingle",
             "--without-heartbeat"], cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            start_new_session=True))
    return procs


def _wait(ids, timeout):
    from django.db import close_old_connections

    from web.matches.models import Match
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        close_old_connections()
        if Match.objects.filter(pk__in=ids, status__in=("done", "error")).count() == len(ids):
            return
        time.sleep(0.05)
    raise SystemExit(f"matches not finished within {timeout}s")


def run(args):
    from django.conf import settings
    from django.db.models import Sum

    from web.bots.services import house_bots_ensure
    from web.matches import services
    from web.matches.models import Match
    import random
    rng = random.Random(args.seed)
    bots = house_bots_ensure(game="katana", count=8)
    rows = []
    for n_workers in args.workers:
        env = dict(os.environ)
        procs = _workers(n_workers, env)
        try:
            def create(n):
                specs = [services.MatchSpec(tuple(rng.sample(bots, 5)), rng.randrange(2**62)) for _ in range(n)]
                return [m.pk for m in services.matches_create(game="katana", specs=specs, publish=False)]

            settings.ARENA_PUBLISH_TASKS = True
            warm = create(20 * n_workers)
            services.publish_matches(match_ids=warm, batch=10)
            _wait(warm, 120)
            ids = create(args.matches)
            started = time.perf_counter()
            services.publish_matches(match_ids=ids, batch=args.batch)
            _wait(ids, 1200)
            wall = time.perf_counter() - started
            settings.ARENA_PUBLISH_TASKS = False
        finally:
            for proc in procs:
                proc.terminate()
            for proc in procs:
                proc.wait(timeout=30)
        done = Match.objects.filter(pk__in=ids)
        engine = done.aggregate(s=Sum("engine_seconds"))["s"]
        steps = done.aggregate(s=Sum("steps"))["s"]
        per_match_worker_ms = n_workers * wall / len(ids) * 1000
        rows.append({
            "workers": n_workers, "matches": len(ids), "errors": done.filter(status="error").count(),
            "wall_seconds": round(wall, 3), "matches_per_second": round(len(ids) / wall, 1),
            "engine_ms_per_match": round(engine / len(ids) * 1000, 3),
            "decisions_per_match": round(steps / len(ids), 1),
            "worker_ms_per_match": round(per_match_worker_ms, 3),
            "platform_overhead_ms_per_match": round(per_match_worker_ms - engine / len(ids) * 1000, 3),
        })
    report = {"game": "katana", "players": 5, "batch": args.batch, "runs": rows}
    if len(rows) >= 2:
        report["speedup"] = round(rows[-1]["matches_per_second"] / rows[0]["matches_per_second"], 3)
    return report


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=2000)
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--batch", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--database", default="arena_bench")
    args = parser.parse_args()
    admin = _setup_env(args)
    import django
    django.setup()
    from django.core.management import call_command
    call_command("migrate", verbosity=0)
    try:
        report = run(args)
    finally:
        from django.db import connections
        connections.close_all()
        import psycopg
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f"DROP DATABASE IF EXISTS {args.database} WITH (FORCE)")
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()

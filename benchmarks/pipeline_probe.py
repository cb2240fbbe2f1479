"""The pipeline benchmark's Celery app: the platform's own, plus a tally of the CPU time spent inside the engine.

``celery -A benchmarks.pipeline_probe worker`` runs exactly the platform's
worker; each pool process also counts the CPU time (``time.thread_time``) and
wall time of its calls to ``web.matches.playing.play`` (and the CPU time of the uploaded bots' processes its pools
ended, ``arena.bots.pool.BotPool.cpu_seconds``) and, after each task,
writes its totals to ``$ARENA_BENCH_PROBE_DIR/<pid>.json``.  With them the
benchmark splits a worker's CPU time into the engine's share and the
platform's, a split that machine load does not blur the way it blurs wall
times.
"""
import json
import os
import time
from pathlib import Path

from celery.signals import task_postrun, worker_process_init

from workers.celery import app  # noqa: F401  (what ``celery -A`` looks for)

_totals = {"engine_cpu_seconds": 0.0, "engine_wall_seconds": 0.0, "matches": 0, "bots_cpu_seconds": 0.0}
_pools = []


@worker_process_init.connect
def _count_engine_time(**_kwargs):
    from web.matches import playing
    play = playing.play

    def counted(**kwargs):
        cpu, wall = time.thread_time(), time.perf_counter()
        try:
            return play(**kwargs)
        finally:
            _totals["engine_cpu_seconds"] += time.thread_time() - cpu
            _totals["engine_wall_seconds"] += time.perf_counter() - wall
            _totals["matches"] += 1

    playing.play = counted
    make_pool = playing.bot_pool

    def counted_pool():
        pool = make_pool()
        _pools.append(pool)
        return pool

    playing.bot_pool = counted_pool


@task_postrun.connect
def _write_totals(**_kwargs):
    # Uploaded bots' processes: the CPU time each task's pool read as it ended them.
    _totals["bots_cpu_seconds"] += sum(pool.cpu_seconds for pool in _pools)
    _pools.clear()
    folder = os.environ.get("ARENA_BENCH_PROBE_DIR")
    if folder:
        path = Path(folder) / f"{os.getpid()}.json"
        path.with_suffix(".tmp").write_text(json.dumps(_totals))
        path.with_suffix(".tmp").replace(path)

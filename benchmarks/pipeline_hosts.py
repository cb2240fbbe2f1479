"""The pipeline benchmark with its workers on worker hosts of their own.

    sudo .venv/bin/python benchmarks/pipeline_hosts.py [--hosts 2] [pipeline.py's options]

``benchmarks/pipeline.py`` as it is, except that worker ``i`` runs on host ``i % hosts``: a
network namespace that reaches PostgreSQL and Redis only through a veth address and a forwarder
in the root namespace (``tests/workers/worker_hosts.py``, the multi-host test's), with a home
folder of its own.  Needs root (network namespaces).  What the hosts add over ``pipeline.py``'s
figures is the forwarders' hop (a process of the machine's, its CPU not counted in the figures).
"""
import argparse
import contextlib
import subprocess
import sys
import tempfile
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "workers"))

from benchmarks import pipeline  # noqa: E402
from worker_hosts import WorkerHost, namespaces_available  # noqa: E402

_hosts = []
_stack = contextlib.ExitStack()


def _on(url, address):
    parts = urlsplit(url)
    return urlunsplit(parts._replace(netloc=parts.netloc.replace(f"{parts.hostname}:", f"{address}:", 1)))


def _workers_on_hosts(n, env):
    procs = []
    for i in range(n):
        host = _hosts[i % len(_hosts)]
        home = tempfile.mkdtemp(prefix=f"arena-bench-{host.name}-")
        host_env = dict(env, DATABASE_URL=_on(env["DATABASE_URL"], host.address),
                        REDIS_URL=_on(env["REDIS_URL"], host.address), ARENA_HOME=home)
        procs.append(subprocess.Popen(
            host.prefix + [sys.executable, "-m", "celery", "-A", "benchmarks.pipeline_probe", "worker",
                           "--loglevel", "WARNING", "-Q", env["ARENA_QUEUE"], "-c", "1", "-n", f"bench{i}@%h",
                           "--without-gossip", "--without-mingle", "--without-heartbeat"],
            cwd=ROOT, env=host_env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True))
    return procs


def main():
    parser = argparse.ArgumentParser(add_help=False)
    parser.add_argument("--hosts", type=int, default=2)
    args, rest = parser.parse_known_args()
    available, why = namespaces_available()
    if not available:
        raise SystemExit(f"no worker hosts here: {why}")
    for index in range(1, args.hosts + 1):
        _hosts.append(_stack.enter_context(WorkerHost(index, (5432, 6379))))
    pipeline._workers = _workers_on_hosts
    sys.argv = [sys.argv[0], *rest]
    with _stack:
        pipeline.main()


if __name__ == "__main__":
    main()

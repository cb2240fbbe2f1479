"""Wall time of the ``arena`` command's everyday commands, start-up included.

    .venv/bin/python benchmarks/cli_startup.py [--runs 20] [--json]

Runs each command ``--runs`` times in a fresh process (the ``arena`` script
installed next to this interpreter, as a user runs it) and prints the median
and the 90th percentile in milliseconds.  A short game is played, so most of
each figure is what the command imports before it does anything: the figures
are the cost of starting the command line.  The replay that ``replay verify``
checks is written once, before the timings, by ``arena play``.
"""
import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def _arena():
    script = Path(sys.executable).with_name("arena")
    return [str(script)] if script.exists() else [sys.executable, "-m", "arena.cli"]


def commands(replay_file):
    return {
        "arena games": ["games"],
        "arena play katana --players 5 --seed 1": ["play", "katana", "--players", "5", "--seed", "1"],
        "arena match katana random random random": ["match", "katana", "random", "random", "random"],
        "arena replay verify FILE": ["replay", "verify", str(replay_file)],
    }


def _run(argv):
    started = time.perf_counter()
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL)
    return (time.perf_counter() - started) * 1000


def _percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20, help="processes per command (default 20)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    arena = _arena()
    report = {}
    with tempfile.TemporaryDirectory() as tmp:
        replay_file = Path(tmp) / "katana.json"
        subprocess.run(arena + ["play", "katana", "--players", "5", "--seed", "1", "--replay", str(replay_file)],
                       check=True, stdout=subprocess.DEVNULL)
        for label, rest in commands(replay_file).items():
            _run(arena + rest)  # one warm-up run: the file system cache, not start-up, is what it fills
            times = [_run(arena + rest) for _ in range(args.runs)]
            report[label] = {"median_ms": round(statistics.median(times), 1),
                             "p90_ms": round(_percentile(times, 0.9), 1), "runs": args.runs}
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    width = max(map(len, report))
    print(f"{'command':<{width}}  {'median':>9}  {'p90':>9}")
    for label, row in report.items():
        print(f"{label:<{width}}  {row['median_ms']:>6.1f} ms  {row['p90_ms']:>6.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())

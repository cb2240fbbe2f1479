"""The command line imports what a command needs and no more: building the parser, listing the
commands and the everyday commands import neither the rating fit (SciPy, NumPy) nor Django,
Celery or rich (``benchmarks/cli_startup.py`` times them)."""
import json
import subprocess
import sys

import pytest

HEAVY = {"scipy", "numpy", "django", "celery", "rich"}


# Runs ``arena.cli`` as ``python -m arena.cli`` does and, at exit, lists the top-level packages in
# sys.modules (``-X importtime`` would miss the modules loaded with importlib, as entry points are).
PROBE = """
import atexit, json, runpy, sys
atexit.register(lambda: print("MODULES " + json.dumps(sorted({name.split(".")[0] for name in sys.modules})),
                              file=sys.stderr))
sys.argv[0] = "arena"
runpy.run_module("arena.cli", run_name="__main__", alter_sys=True)
"""


def imported(*args):
    """The top-level packages that ``arena ARGS`` imports, and its output."""
    out = subprocess.run([sys.executable, "-c", PROBE, *args], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    line = next(line for line in out.stderr.splitlines() if line.startswith("MODULES "))
    return set(json.loads(line.removeprefix("MODULES "))), out.stdout


@pytest.fixture(scope="module")
def replay_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("replay") / "katana.json"
    names, _ = imported("play", "katana", "--players", "5", "--seed", "1", "--replay", str(path))
    assert names & HEAVY == set()
    return path


def test_the_help_lists_every_command_and_imports_nothing_heavy():
    names, out = imported("--help")
    for command in ("games", "play", "match", "validate", "replay", "bench", "tournament", "ratings", "login",
                    "submit", "serve", "worker", "demo"):
        assert f"\n    {command} " in out or f"\n    {command}\n" in out, command
    assert names & HEAVY == set()
    assert "web" in names, "the platform's commands come from web.cli"


@pytest.mark.parametrize("args", [
    ["games", "--json"],
    ["play", "katana", "--players", "3", "--seed", "2"],
    ["match", "katana", "random", "random", "random"],
], ids=lambda args: " ".join(args))
def test_everyday_commands_import_nothing_heavy(args):
    names, out = imported(*args)
    assert out
    assert names & HEAVY == set(), sorted(names & HEAVY)
    assert "web" not in names, "a command of arena's own does not look for the platform's"


def test_replay_verify_imports_nothing_heavy(replay_file):
    names, out = imported("replay", "verify", str(replay_file))
    assert out.startswith("replay ok: katana")
    assert names & HEAVY == set()


def test_only_the_rating_commands_import_the_rating_fit(tmp_path):
    names, _ = imported("tournament", "katana", "--format", "tables", "--games", "1", "--json",
                        "random", "random", "random")
    assert "scipy" in names, "the check above would not see SciPy if the tournament did not import it"

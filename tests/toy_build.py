"""Builds the throwaway game ``tests/toygame`` the way every engine is built, and registers it.

The package is copied to a folder named after the digest of its sources (so it is rebuilt only
when they change), compiled there by the project's ``setup.py`` with ``ARENA_ENGINE_PACKAGE``,
and put on ``PYTHONPATH`` with ``ARENA_EXTRA_GAMES=toy=toygame``: this process and every process
it starts (the command line, Celery workers, the web server) see the game exactly as they would
see a game registered in ``arena.games``.
"""
import fcntl
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE = Path(__file__).resolve().parent / "toygame"


def _digest():
    digest = hashlib.sha256()
    for path in sorted(SOURCE.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts:
            digest.update(path.relative_to(SOURCE).as_posix().encode() + b"\0" + path.read_bytes())
    digest.update((ROOT / "setup.py").read_bytes() + (ROOT / "arena" / "engine_sources.py").read_bytes())
    return digest.hexdigest()[:16]


def _build_once(home, package):
    if any(package.glob("_rules*.so")):
        return
    shutil.rmtree(home, ignore_errors=True)
    shutil.copytree(SOURCE, package, ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.c"))
    built = subprocess.run([sys.executable, str(ROOT / "setup.py"), "--quiet", "build_ext", "--inplace"],
                           cwd=home, env=dict(os.environ, ARENA_ENGINE_PACKAGE=str(package)),
                           capture_output=True, text=True)
    if built.returncode != 0:
        raise RuntimeError(f"cannot build the toy game:\n{built.stderr[-3000:]}")


def build_and_register():
    """The folder holding the compiled ``toygame``; sets the environment that registers it."""
    home = Path(tempfile.gettempdir()) / f"arena-toygame-{_digest()}"
    package = home / "toygame"
    # The suite's processes (pytest-xdist) start together: one builds, the others wait for it.
    with open(f"{home}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        _build_once(home, package)
    if str(home) not in sys.path:
        sys.path.insert(0, str(home))
    paths = [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]
    if str(home) not in paths:
        os.environ["PYTHONPATH"] = os.pathsep.join([str(home)] + paths)
    extra = [e for e in os.environ.get("ARENA_EXTRA_GAMES", "").split(",") if e and not e.startswith("toy=")]
    os.environ["ARENA_EXTRA_GAMES"] = ",".join(extra + ["toy=toygame"])
    return home

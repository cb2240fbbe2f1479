"""Build of the compiled engines.

Every ``_<name>.py`` under ``engine_ext/`` (the shared ``_rng``, each game
package's ``_core`` and ``_rules``) that has a ``_<name>.pxd`` beside it is a
Cython pure-Python-mode module and is compiled here.  Compiler directives are
set once, below; ``ARENA_CYTHON_DEBUG=1`` turns bounds and initialisation
checks back on for debugging.

Each compiled module carries ``BUILD_SOURCE_DIGEST``, the digest of the engine
sources it was built from, so that ``arena.engines`` can refuse a compiled
module that no longer matches the sources on disk.
"""
import os
import shutil
import sys
from pathlib import Path

from setuptools import Extension, setup

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT))
from arena.engine_sources import engine_modules, source_digest  # noqa: E402

DEBUG = os.environ.get("ARENA_CYTHON_DEBUG") == "1"
DIRECTIVES = {
    "language_level": 3,
    "boundscheck": DEBUG,
    "wraparound": DEBUG,
    "initializedcheck": DEBUG,
    "cdivision": not DEBUG,
    "embedsignature": True,
    "infer_types": True,
}
STAGING = ROOT / "build" / "cython-src"


def _staged_sources():
    """Copy the engine package to the staging tree, stamping each compiled module with its digest."""
    package = ROOT / "engine_ext"
    modules = engine_modules(package)
    for path in package.rglob("*"):
        if path.suffix not in (".py", ".pxd") or "__pycache__" in path.parts:
            continue
        relative = path.relative_to(ROOT)
        target = STAGING / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        text = path.read_text()
        dotted = ".".join(relative.with_suffix("").parts)
        if path.suffix == ".py" and dotted in modules:
            digest = source_digest(package, dotted)
            text += f'\n\nBUILD_SOURCE_DIGEST = "{digest}"\nBUILD_DEBUG = {DEBUG}\n'
        if not target.exists() or target.read_text() != text:
            target.write_text(text)


def _extensions():
    from Cython.Build import cythonize

    _staged_sources()
    extensions = [
        Extension(name, [str((STAGING / Path(*name.split("."))).with_suffix(".py").relative_to(ROOT))],
                  extra_compile_args=["-O2"] if not DEBUG else ["-O0", "-g"])
        for name in sorted(engine_modules(ROOT / "engine_ext"))
    ]
    return cythonize(extensions, compiler_directives=DIRECTIVES,
                     include_path=[str(STAGING)], quiet=True)


if "clean" in sys.argv:
    shutil.rmtree(STAGING, ignore_errors=True)

setup(ext_modules=_extensions())

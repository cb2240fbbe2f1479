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
from arena.engine_sources import stage_sources  # noqa: E402

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
# Another engine package (a game kept outside this repository, the test suite's throwaway game)
# builds the same way: ARENA_ENGINE_PACKAGE=/path/to/pkg, run from the directory above it.
PACKAGE = Path(os.environ.get("ARENA_ENGINE_PACKAGE", ROOT / "engine_ext")).resolve()
STAGING = (ROOT if PACKAGE == ROOT / "engine_ext" else PACKAGE.parent) / "build" / "cython-src"


def _extensions():
    from Cython.Build import cythonize

    staged = stage_sources(PACKAGE, STAGING, DEBUG)
    extensions = [
        Extension(name, [str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)],
                  extra_compile_args=["-O3"] if not DEBUG else ["-O0", "-g"])
        for name, path in sorted(staged.items())
    ]
    # One Cython process per core: the engines are independent modules (the C compiler runs in
    # parallel too, from ``build_ext --parallel`` in the Makefile).
    return cythonize(extensions, compiler_directives=DIRECTIVES, include_path=[str(STAGING)], quiet=True,
                     nthreads=os.cpu_count() or 1)


if "clean" in sys.argv:
    shutil.rmtree(STAGING, ignore_errors=True)

# ``make`` installs the package with ARENA_DEFER_ENGINES=1 and builds the engines in place right after,
# on every core (``build_ext --inplace --parallel``): without it pip's editable install would compile
# every engine once more, one module after the other, for nothing (about two minutes of CI).
DEFER = os.environ.get("ARENA_DEFER_ENGINES") == "1"
setup(ext_modules=[] if DEFER else _extensions())

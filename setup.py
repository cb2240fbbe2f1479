"""Build of the compiled engines.

Every ``engine_ext/_<name>.py`` that has a ``_<name>.pxd`` beside it is a
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
    """Copy the engine package to the staging tree, stamping each rules module with the digest."""
    package = ROOT / "engine_ext"
    modules = engine_modules(package)
    staged_pkg = STAGING / "engine_ext"
    staged_pkg.mkdir(parents=True, exist_ok=True)
    for path in (ROOT / "engine_ext").iterdir():
        if path.suffix in (".py", ".pxd"):
            target = staged_pkg / path.name
            text = path.read_text()
            if path.suffix == ".py" and path.stem in modules:
                digest = source_digest(package, path.stem)
                text += f'\n\nBUILD_SOURCE_DIGEST = "{digest}"\nBUILD_DEBUG = {DEBUG}\n'
            if not target.exists() or target.read_text() != text:
                target.write_text(text)
    return staged_pkg


def _extensions():
    from Cython.Build import cythonize

    staged_pkg = _staged_sources()
    extensions = [
        Extension(f"engine_ext.{name}", [str((staged_pkg / f"{name}.py").relative_to(ROOT))],
                  extra_compile_args=["-O2"] if not DEBUG else ["-O0", "-g"])
        for name in sorted(engine_modules(ROOT / "engine_ext"))
    ]
    return cythonize(extensions, compiler_directives=DIRECTIVES,
                     include_path=[str(STAGING)], quiet=True)


if "clean" in sys.argv:
    shutil.rmtree(STAGING, ignore_errors=True)

setup(ext_modules=_extensions())

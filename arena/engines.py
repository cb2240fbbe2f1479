"""Loading an engine's rules module as the compiled build or as plain Python.

Both builds come from the same source file.  The compiled one is the extension
module the build produced; it is refused when it was built from other sources
than those on disk, so that a stale binary can never hide an edit.  The
uncompiled one is the ``.py`` source executed by the interpreter, imported
under a separate package name so that its own imports (``from ._rng import
Rng``) resolve to sources too, never to the extension modules beside them.
"""
import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import sys
from pathlib import Path

from arena.engine_sources import source_digest

COMPILED = "compiled"
PYTHON = "python"
BUILDS = (COMPILED, PYTHON)

_PURE_PREFIX = "_arena_pure_"   # _arena_pure_engine_ext.katana._rules is engine_ext/katana/_rules.py


class EngineBuildError(RuntimeError):
    """The requested build of an engine cannot be used."""


def package_dir(top="engine_ext"):
    """The directory of the top-level package ``top`` (where its sources are)."""
    spec = importlib.util.find_spec(top)
    if spec is None or not spec.submodule_search_locations:
        raise EngineBuildError(f"no package {top!r} to load engines from")
    return Path(spec.submodule_search_locations[0])


def current_digest(name):
    """The digest of the sources of module ``name`` (dotted) as they are on disk now."""
    return source_digest(package_dir(name.split(".")[0]), name)


def load_module(name, build=COMPILED):
    """The rules module ``name`` (e.g. ``engine_ext.katana._rules``) in the requested build."""
    if build == COMPILED:
        return _load_compiled(name)
    if build == PYTHON:
        return _load_pure(name)
    raise ValueError(f"unknown build {build!r}: expected one of {', '.join(BUILDS)}")


def _load_compiled(name):
    try:
        module = importlib.import_module(name)
    except ImportError as exc:
        raise EngineBuildError(f"{name} is not importable ({exc}); run `make build`") from exc
    if not isinstance(module.__spec__.loader, importlib.machinery.ExtensionFileLoader):
        raise EngineBuildError(f"{name} is not compiled (found {module.__file__}); run `make build`")
    built_from = getattr(module, "BUILD_SOURCE_DIGEST", None)
    if built_from != current_digest(name):
        raise EngineBuildError(
            f"{module.__file__} was built from other sources than those in "
            f"{package_dir(name.split('.')[0])}; run `make build`")
    return module


class _SourceOnlyFinder(importlib.abc.MetaPathFinder):
    """Finds ``_arena_pure_<top>.*`` as the ``.py`` files of package ``<top>``, so that the
    uncompiled build's own imports (``from .._rng import Rng``) resolve to sources too, never
    to the extension modules beside them."""

    def find_spec(self, fullname, path=None, target=None):
        if not fullname.startswith(_PURE_PREFIX):
            return None
        top, *parts = fullname[len(_PURE_PREFIX):].split(".")
        try:
            directory = package_dir(top).joinpath(*parts)
        except EngineBuildError:
            return None
        if directory.is_dir():
            source = directory / "__init__.py"
            return importlib.util.spec_from_file_location(
                fullname, source, submodule_search_locations=[str(directory)],
                loader=importlib.machinery.SourceFileLoader(fullname, str(source)))
        source = directory.with_suffix(".py")
        if not source.exists():
            return None
        return importlib.util.spec_from_file_location(
            fullname, source, loader=importlib.machinery.SourceFileLoader(fullname, str(source)))


_FINDER = _SourceOnlyFinder()


def _load_pure(name):
    if _FINDER not in sys.meta_path:
        sys.meta_path.insert(0, _FINDER)
    return importlib.import_module(_PURE_PREFIX + name)


def describe_build(name, build):
    """One line saying which file a build of ``name`` runs, for test headers and benchmarks."""
    module = load_module(name, build)
    if build == COMPILED:
        debug = " (debug checks on)" if getattr(module, "BUILD_DEBUG", False) else ""
        return f"{name}: compiled {Path(module.__file__).name}{debug}, sources {module.BUILD_SOURCE_DIGEST[:12]}"
    return f"{name}: uncompiled {module.__file__}"

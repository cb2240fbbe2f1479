"""Which files make up each compiled engine module, and their digest.

Shared by the build (``setup.py``) and the loader (``arena.engines``) so that
both agree on what "the sources a compiled module was built from" means: for
``_<name>``, its ``.py`` and ``.pxd``, the plain modules ``<name>_*.py`` beside
it (data, views), and recursively the modules its ``.pxd`` cimports.
"""
import hashlib
import re
from pathlib import Path

_CIMPORT = re.compile(r"^\s*from\s+(?:\.|engine_ext\.)(_\w+)\s+cimport\b", re.MULTILINE)


def engine_modules(package_dir):
    """Names of the compiled modules: every ``_*.py`` with a ``.pxd`` beside it."""
    package_dir = Path(package_dir)
    return {p.stem for p in package_dir.glob("_*.py") if p.with_suffix(".pxd").exists()}


def module_sources(package_dir, name, _seen=None):
    """The source files module ``name`` is built from, in a stable order."""
    package_dir = Path(package_dir)
    seen = set() if _seen is None else _seen
    if name in seen:
        return []
    seen.add(name)
    declarations = package_dir / f"{name}.pxd"
    files = [package_dir / f"{name}.py", declarations]
    files += sorted(package_dir.glob(f"{name.lstrip('_')}_*.py"))
    for dependency in _CIMPORT.findall(declarations.read_text()):
        files += module_sources(package_dir, dependency, seen)
    return files


def source_digest(package_dir, name):
    """SHA-256 over the sources of module ``name``."""
    digest = hashlib.sha256()
    for path in module_sources(package_dir, name):
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()

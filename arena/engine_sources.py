"""Which files make up the compiled engines, and their digest.

Shared by the build (``setup.py``) and the loader (``arena.engines``) so that
both agree on what "the sources a compiled module was built from" means.
"""
import hashlib
from pathlib import Path


def engine_modules(package_dir):
    """Names of the rules modules: every ``_*.py`` with a ``.pxd`` beside it."""
    package_dir = Path(package_dir)
    return {p.stem for p in package_dir.glob("_*.py") if p.with_suffix(".pxd").exists()}


def source_digest(package_dir):
    """SHA-256 over every engine source: rules, declarations and data modules."""
    package_dir = Path(package_dir)
    digest = hashlib.sha256()
    for path in sorted(package_dir.glob("*.py")) + sorted(package_dir.glob("*.pxd")):
        digest.update(path.name.encode())
        digest.update(b"\0")
        digest.update(path.read_bytes())
        digest.update(b"\0")
    return digest.hexdigest()

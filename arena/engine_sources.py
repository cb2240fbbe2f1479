"""Which files make up each compiled engine module, and their digest.

Shared by the build (``setup.py``) and the loader (``arena.engines``) so that
both agree on what "the sources a compiled module was built from" means: for a
module such as ``engine_ext.katana._rules``, its ``.py`` and ``.pxd``, and
recursively every module of the engine package that either of them imports or
cimports (the game's data, views, actions and spec, the shared ``_rng`` and
``spec``).  Another game's files never count.
"""
import hashlib
import re
from pathlib import Path

# ``from . import a, b``, ``from .a import x``, ``from ..a import x``, ``from .a cimport x``,
# ``from engine_ext.a.b cimport x``; the first group counts the leading dots.
_RELATIVE = re.compile(r"^\s*from\s+(\.+)([\w.]*)\s+c?import\s+(\(?[\w\s,*()]+?\)?)\s*(?:#.*)?$", re.MULTILINE)
_ABSOLUTE = re.compile(r"^\s*from\s+([A-Za-z_][\w.]*)\s+c?import\b", re.MULTILINE)


def engine_modules(package_dir):
    """Dotted names of the compiled modules below ``package_dir``: every ``_*.py`` with a
    ``.pxd`` beside it (``engine_ext._rng``, ``engine_ext.katana._rules``, ...)."""
    package_dir = Path(package_dir)
    top = package_dir.name
    return {".".join((top,) + p.relative_to(package_dir).with_suffix("").parts)
            for p in package_dir.rglob("_*.py") if p.with_suffix(".pxd").exists()}


def _path_of(package_dir, dotted):
    """The file of module ``dotted`` (``top.a.b``) in the tree rooted at ``package_dir``."""
    parts = dotted.split(".")[1:]
    base = Path(package_dir).joinpath(*parts) if parts else Path(package_dir)
    if base.is_dir():
        return base / "__init__.py"
    return base.with_suffix(".py")


def _imports(package_dir, dotted, text):
    """Modules of the same top package that ``text`` (a module or its ``.pxd``) imports."""
    top = Path(package_dir).name
    package = dotted.rpartition(".")[0] if not _path_of(package_dir, dotted).name == "__init__.py" else dotted
    found = []
    for dots, name, names in _RELATIVE.findall(text):
        base = package.split(".")
        base = base[:len(base) - (len(dots) - 1)]
        if name:
            found.append(".".join(base + name.split(".")))
        else:  # from . import a, b: each name may be a module
            for item in re.findall(r"\w+", names.replace(" as ", " ")):
                found.append(".".join(base + [item]))
    for name in _ABSOLUTE.findall(text):
        if name.split(".")[0] == top:
            found.append(name)
    return [module for module in found if _path_of(package_dir, module).exists()]


def module_sources(package_dir, name, _seen=None):
    """The source files module ``name`` is built from, in a stable order."""
    seen = set() if _seen is None else _seen
    if name in seen:
        return []
    seen.add(name)
    source = _path_of(package_dir, name)
    files = [source]
    declarations = source.with_suffix(".pxd")
    texts = [source.read_text()]
    if declarations.exists():
        files.append(declarations)
        texts.append(declarations.read_text())
    for text in texts:
        for dependency in _imports(package_dir, name, text):
            files += module_sources(package_dir, dependency, seen)
    return files


def source_digest(package_dir, name):
    """SHA-256 over the sources of module ``name``, in a stable order."""
    package_dir = Path(package_dir)
    digest = hashlib.sha256()
    for path in sorted(set(module_sources(package_dir, name)), key=lambda p: p.relative_to(package_dir).as_posix()):
        digest.update(path.relative_to(package_dir).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def stage_sources(package_dir, staging_root, debug=False):
    """Copies an engine package below ``staging_root``, stamping each compiled module with the
    digest of its sources (``BUILD_SOURCE_DIGEST``), and returns ``{dotted name: staged file}``
    of the modules to compile.  The build compiles the staged files, never the originals, so
    that the stamp never changes the digest it records."""
    package_dir, staging_root = Path(package_dir), Path(staging_root)
    modules = engine_modules(package_dir)
    staged = {}
    for path in package_dir.rglob("*"):
        if path.suffix not in (".py", ".pxd") or "__pycache__" in path.parts:
            continue
        relative = Path(package_dir.name) / path.relative_to(package_dir)
        target = staging_root / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        text = path.read_text()
        dotted = ".".join(relative.with_suffix("").parts)
        if path.suffix == ".py" and dotted in modules:
            text += f'\n\nBUILD_SOURCE_DIGEST = "{source_digest(package_dir, dotted)}"\nBUILD_DEBUG = {debug}\n'
            staged[dotted] = target
        if not target.exists() or target.read_text() != text:
            target.write_text(text)
    return staged

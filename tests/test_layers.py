"""The import contracts of ``.importlinter`` (the layers, and what ``arena`` and the engines may
import) hold: a broken one fails the suite with import-linter's report of the offending imports."""
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")
PACKAGES = ("engine_ext", "arena", "web", "workers")


def lint_imports(cwd):
    return subprocess.run([str(LINT_IMPORTS), "--no-logo", "--no-cache"], cwd=cwd, capture_output=True, text=True,
                          timeout=300)


def test_the_import_contracts_are_kept():
    out = lint_imports(ROOT)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "kept, 0 broken" in out.stdout


def test_an_import_against_the_layers_breaks_the_contracts(tmp_path):
    # A copy of the sources, so that the planted import never touches the tree under test.
    shutil.copy(ROOT / ".importlinter", tmp_path)
    for package in PACKAGES:
        shutil.copytree(ROOT / package, tmp_path / package, ignore=shutil.ignore_patterns(
            "*.so", "*.c", "__pycache__", "static", "templates", "migrations"))
    assert lint_imports(tmp_path).returncode == 0
    (tmp_path / "arena" / "planted.py").write_text("from web.matches import selectors\n")
    out = lint_imports(tmp_path)
    assert out.returncode == 1
    assert "arena is not allowed to import web" in out.stdout
    assert "arena.planted -> web.matches.selectors" in out.stdout
    assert "arena is not allowed to import django" in out.stdout

"""Bot files are checked before anything of them runs: malformed uploads get one clear error."""
import os
import stat
import zipfile

import pytest

from arena.bots import submission
from arena.bots.submission import BotSubmissionError

GOOD = "def act(observation, legal_actions):\n    return legal_actions[0]\n"


def make_zip(path, members, links=()):
    with zipfile.ZipFile(path, "w") as archive:
        for name, data in members.items():
            archive.writestr(name, data)
        for name, target in links:
            info = zipfile.ZipInfo(name)
            info.external_attr = (stat.S_IFLNK | 0o777) << 16
            archive.writestr(info, target)
    return path


def test_a_python_file_a_zip_and_an_executable_are_recognised(tmp_path):
    (tmp_path / "bot.py").write_text(GOOD)
    assert submission.load(tmp_path / "bot.py").kind == submission.PYTHON
    make_zip(tmp_path / "py.zip", {"main.py": GOOD, "helpers/util.py": "X = 1\n"})
    assert submission.load(tmp_path / "py.zip").kind == submission.PYTHON
    make_zip(tmp_path / "exe.zip", {"run": "#!/bin/sh\n"})
    assert submission.load(tmp_path / "exe.zip").kind == submission.EXECUTABLE
    (tmp_path / "bot.sh").write_text("#!/bin/sh\n")
    assert submission.load(tmp_path / "bot.sh").kind == submission.EXECUTABLE


def test_a_zip_is_staged_with_its_files_readable_and_run_executable(tmp_path):
    make_zip(tmp_path / "exe.zip", {"run": "#!/bin/sh\n", "data/table.txt": "1 2 3\n"})
    folder = submission.stage(submission.load(tmp_path / "exe.zip"), tmp_path / "staged")
    assert os.access(folder / "run", os.X_OK)
    assert (folder / "data" / "table.txt").read_text() == "1 2 3\n"
    assert stat.S_IMODE((folder / "data").stat().st_mode) == 0o755
    assert stat.S_IMODE((folder / "data" / "table.txt").stat().st_mode) == 0o644


@pytest.mark.parametrize("build,message", [
    (lambda d: make_zip(d / "b.zip", {"../evil.py": "x", "main.py": GOOD}), "points outside the zip (..)"),
    (lambda d: make_zip(d / "b.zip", {"/etc/cron.d/evil": "x", "main.py": GOOD}), "has an absolute path"),
    (lambda d: make_zip(d / "b.zip", {"main.py": GOOD}, links=[("link", "/etc/passwd")]), "symbolic link"),
    (lambda d: make_zip(d / "b.zip", {"bot/main.py": GOOD}), "no main.py (Python) or run (executable)"),
    (lambda d: make_zip(d / "b.zip", {"main.py": "def act(:\n"}), "main.py line 1: "),
    (lambda d: (d / "b.zip").write_bytes(b"PK\x03\x04 this is not really a zip"), "not a valid zip"),
    (lambda d: (d / "b.py").write_text("def act(observation legal):\n"), "b.py line 1: "),
    (lambda d: (d / "notes.txt").write_text("hello"), "not a bot: expected a .py file"),
    (lambda d: (d / "folder").mkdir() or (d / "folder" / "main.py").write_text(GOOD), "not a file"),
])
def test_a_malformed_upload_is_refused_with_a_clear_error(tmp_path, build, message):
    build(tmp_path)
    path = next(p for p in tmp_path.iterdir())
    with pytest.raises(BotSubmissionError) as error:
        submission.load(path)
    assert message in str(error.value)
    assert "\n" not in str(error.value)


def test_a_missing_file_is_named(tmp_path):
    with pytest.raises(BotSubmissionError, match="no such file"):
        submission.load(tmp_path / "ghost.py")


def test_a_zip_bomb_is_refused_before_unpacking(tmp_path, monkeypatch):
    monkeypatch.setattr(submission, "MAX_UNPACKED_BYTES", 1000)
    make_zip(tmp_path / "bomb.zip", {"main.py": GOOD, "zeros": "\0" * 5000})
    with pytest.raises(BotSubmissionError, match="unpacks to 5,"):
        submission.load(tmp_path / "bomb.zip")

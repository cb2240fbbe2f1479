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


def damage(path, member_text):
    """Flips one byte of a stored member's data: the zip's directory is intact, its CRC fails."""
    data = bytearray(path.read_bytes())
    at = data.index(member_text.encode())
    data[at] ^= 0x01
    path.write_bytes(bytes(data))
    return path


def test_a_zip_whose_member_fails_its_crc_is_refused_when_checked(tmp_path):
    make_zip(tmp_path / "bot.zip", {"main.py": GOOD, "data/table.txt": "one two three four\n"})
    damage(tmp_path / "bot.zip", "one two three four")
    with pytest.raises(BotSubmissionError, match=r"bot.zip: damaged zip \(member 'data/table.txt' fails its CRC check\)"):
        submission.load(tmp_path / "bot.zip")


def test_a_zip_damaged_after_its_check_fails_its_seat_and_leaves_no_folder(tmp_path, monkeypatch):
    import tempfile

    from arena.agents import BotFailure
    from arena.bots.runner import BotProcess, TimeControl
    make_zip(tmp_path / "bot.zip", {"main.py": GOOD, "data/table.txt": "one two three four\n"})
    bot = BotProcess(tmp_path / "bot.zip", trusted=True)
    damage(tmp_path / "bot.zip", "one two three four")
    workdirs = tmp_path / "tmp"
    workdirs.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(workdirs))
    with pytest.raises(BotFailure) as failed:
        bot.start({"game": "katana", "seat": 0, "players": 3}, TimeControl(1, 1, 1))
    assert failed.value.status == "crash"
    assert "its files cannot be laid out: bot.zip: damaged zip" in failed.value.reason
    assert list(workdirs.iterdir()) == [], "the bot's temporary folder is removed"
    bot.close()

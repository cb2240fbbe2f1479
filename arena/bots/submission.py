"""What a bot file is, checked before anything of it runs, and how it is laid out for a match.

A bot is one of:

- a Python file ``NAME.py``;
- a ``.zip`` with ``main.py`` at its root (a Python bot, the zip's other files beside it)
  or with an executable ``run`` at its root (any language);
- an executable file (a script with a ``#!`` line, or a binary), in any language.

Python bots run under the harness (``harness.py``); every bot speaks the JSON-lines
protocol of ``docs/bots/protocol.md``.  A zip is unpacked by this module, member by
member: absolute paths, ``..``, links, devices and oversized contents are refused.
"""
import os
import shutil
import stat
import zipfile
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

PYTHON = "python"
EXECUTABLE = "executable"

# The one set of limits: ``arena validate`` checks them, and the server refuses uploads past them
# (``web.settings`` reads ``MAX_FILE_BYTES`` from here), so a bot that passes here is accepted there.
MAX_FILE_BYTES = int(os.environ.get("ARENA_MAX_BOT_BYTES") or 5 << 20)   # a bot file or a zip as uploaded
MAX_UNPACKED_BYTES = 64 << 20   # a zip's contents, unpacked
MAX_MEMBERS = 2000


def limits():
    """The limits a bot file is checked against, as data (``arena validate --json``, the API)."""
    return {"file_bytes": MAX_FILE_BYTES, "unpacked_bytes": MAX_UNPACKED_BYTES, "zip_members": MAX_MEMBERS}


def limits_text(bot_file=None):
    """The bot file limits ``bot_file`` (this installation's when None) in a sentence."""
    bot_file = bot_file or limits()
    return (f"a file of at most {bot_file['file_bytes'] / (1 << 20):g} MiB (ARENA_MAX_BOT_BYTES), a zip "
            f"unpacking to at most {bot_file['unpacked_bytes'] / (1 << 20):g} MiB in at most "
            f"{bot_file['zip_members']:,} members")


class BotSubmissionError(ValueError):
    """A bot file that cannot be run; the message says what is wrong with it."""


@dataclass(frozen=True)
class Submission:
    path: Path
    kind: str             # PYTHON or EXECUTABLE
    archive: bool         # a zip, unpacked when staged

    @property
    def name(self):
        return self.path.name


def load(path):
    """Checks a bot file and says what kind of bot it is; raises BotSubmissionError."""
    path = Path(path)
    if not path.exists():
        raise BotSubmissionError(f"{path}: no such file")
    if not path.is_file():
        raise BotSubmissionError(f"{path}: not a file (a bot is a .py file, a .zip or an executable)")
    size = path.stat().st_size
    if size > MAX_FILE_BYTES:
        raise BotSubmissionError(f"{path.name}: {size:,} bytes, more than the {MAX_FILE_BYTES:,} allowed")
    if path.suffix == ".py":
        _check_python(path.read_bytes(), path.name)
        return Submission(path, PYTHON, archive=False)
    if path.suffix == ".zip" or zipfile.is_zipfile(path):
        return Submission(path, _check_zip(path), archive=True)
    with open(path, "rb") as handle:
        head = handle.read(4)
    if head[:2] == b"#!" or head == b"\x7fELF" or os.access(path, os.X_OK):
        return Submission(path, EXECUTABLE, archive=False)
    raise BotSubmissionError(f"{path.name}: not a bot: expected a .py file, a .zip with main.py or run "
                             "at its root, or an executable (a script starting with #!)")


def _check_python(source, name):
    try:
        compile(source, name, "exec", dont_inherit=True)
    except SyntaxError as exc:
        raise BotSubmissionError(f"{name} line {exc.lineno}: {exc.msg}") from None
    except ValueError as exc:   # null bytes
        raise BotSubmissionError(f"{name}: not Python source ({exc})") from None


def _member_path(info, zip_name):
    name = info.filename
    if "\\" in name:
        raise BotSubmissionError(f"{zip_name}: member {name!r} has a backslash in its path")
    parts = PurePosixPath(name).parts
    if name.startswith("/") or (parts and ":" in parts[0]):
        raise BotSubmissionError(f"{zip_name}: member {name!r} has an absolute path")
    if ".." in parts:
        raise BotSubmissionError(f"{zip_name}: member {name!r} points outside the zip (..)")
    mode = info.external_attr >> 16
    if stat.S_ISLNK(mode):
        raise BotSubmissionError(f"{zip_name}: member {name!r} is a symbolic link; links are not allowed")
    if stat.S_IFMT(mode) and not (stat.S_ISREG(mode) or stat.S_ISDIR(mode)):
        raise BotSubmissionError(f"{zip_name}: member {name!r} is not a regular file or folder")
    if info.flag_bits & 0x1:
        raise BotSubmissionError(f"{zip_name}: member {name!r} is encrypted")
    return PurePosixPath(*[p for p in parts if p not in ("", ".")])


def _members(path):
    try:
        archive = zipfile.ZipFile(path)
    except (zipfile.BadZipFile, OSError) as exc:
        raise BotSubmissionError(f"{path.name}: not a valid zip ({exc})") from None
    with archive:
        infos = archive.infolist()
        if len(infos) > MAX_MEMBERS:
            raise BotSubmissionError(f"{path.name}: {len(infos)} members, more than the {MAX_MEMBERS} allowed")
        members = [(info, _member_path(info, path.name)) for info in infos]
        total = sum(info.file_size for info, _ in members)
        if total > MAX_UNPACKED_BYTES:
            raise BotSubmissionError(f"{path.name}: unpacks to {total:,} bytes, more than the "
                                     f"{MAX_UNPACKED_BYTES:,} allowed")
        names = [str(p) for info, p in members if not info.is_dir()]
        if len(set(names)) != len(names):
            raise BotSubmissionError(f"{path.name}: a member appears twice")
        return members


def _test_read(path):
    """Reads every member once, so that a damaged zip (a member failing its CRC, a truncated or
    unknown compressed stream) is refused now, not when a worker unpacks it.  The members' declared
    sizes are within the limit already, and a member is never read past its declared size."""
    try:
        with zipfile.ZipFile(path) as archive:
            bad = archive.testzip()
    except Exception as exc:   # zlib, lzma and bz2 raise their own errors on a damaged stream
        raise BotSubmissionError(f"{path.name}: damaged zip ({type(exc).__name__}: {exc})") from None
    if bad is not None:
        raise BotSubmissionError(f"{path.name}: damaged zip (member {bad!r} fails its CRC check)")


def _check_zip(path):
    members = _members(path)
    _test_read(path)
    files = {str(p): info for info, p in members if not info.is_dir()}
    with zipfile.ZipFile(path) as archive:
        if "main.py" in files:
            _check_python(archive.read(files["main.py"]), "main.py")
            return PYTHON
    if "run" in files:
        return EXECUTABLE
    inside = ", ".join(sorted(files)[:5]) or "nothing"
    raise BotSubmissionError(f"{path.name}: no main.py (Python) or run (executable) at the zip's root "
                             f"(it holds {inside}{', ...' if len(files) > 5 else ''})")


def stage(submission, folder):
    """Lays the bot out in ``folder`` (created here): ``main.py`` or ``run``, and a zip's other
    files.  Everything is readable by the bot's own user; ``run`` is executable."""
    folder = Path(folder)
    folder.mkdir(mode=0o755)
    os.chmod(folder, 0o755)
    if not submission.archive:
        target = folder / ("main.py" if submission.kind == PYTHON else "run")
        shutil.copyfile(submission.path, target)
        os.chmod(target, 0o755 if submission.kind == EXECUTABLE else 0o644)
        return folder
    try:
        _unpack(submission.path, folder)
    except zipfile.BadZipFile as exc:   # damaged since it was checked
        raise BotSubmissionError(f"{submission.name}: damaged zip ({exc})") from None
    for directory, subdirs, _ in os.walk(folder):
        for sub in subdirs:
            os.chmod(os.path.join(directory, sub), 0o755)
    return folder


def _unpack(path, folder):
    with zipfile.ZipFile(path) as archive:
        for info, relative in _members(path):
            target = folder.joinpath(*relative.parts)
            if info.is_dir():
                target.mkdir(mode=0o755, parents=True, exist_ok=True)
                continue
            target.parent.mkdir(mode=0o755, parents=True, exist_ok=True)
            with archive.open(info) as source, open(target, "xb") as sink:
                shutil.copyfileobj(source, sink)
            executable = str(relative) == "run" or (info.external_attr >> 16) & 0o111
            os.chmod(target, 0o755 if executable else 0o644)

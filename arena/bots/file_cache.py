"""A folder of bot files by content address, bounded in size, shared by the processes of a machine.

A worker of the platform does not read uploaded bots from a shared disk: it
fetches a file's bytes from the platform's blob store by their sha256 and
keeps them here, so that the next match of the same bot costs a hash of a
local file.  The folder may be used by several worker processes at once:

* an entry is written to a temporary file and renamed into place (atomic on
  one file system): no process ever sees half a file, and two processes
  fetching the same bot at once just write the same bytes twice;
* an entry is named ``<sha256><suffix>`` and checked against its sha256 each
  time it is handed out: a damaged entry is dropped and fetched again;
* eviction (least recently used first, by modification time, which every hit
  refreshes) runs under an exclusive ``flock`` on ``.lock``, by one process
  at a time, and spares entries used in the last ``keep_seconds``: a match
  that was just handed a path copies the file into its sandbox at its start
  (``arena.bots.submission.stage``), which such a grace period covers.  The
  bound is therefore soft while more than ``max_bytes`` are in use at once.
"""
import fcntl
import hashlib
import os
import re
import tempfile
import time
from pathlib import Path

_ADDRESS = re.compile(r"^[0-9a-f]{64}$")
_SUFFIXES = ("", ".py", ".zip")


class CorruptFile(ValueError):
    """The bytes fetched for an address have another sha256."""


def file_sha256(path):
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for chunk in iter(lambda: handle.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


class FileCache:
    def __init__(self, root, *, max_bytes, keep_seconds=600.0):
        self.root = Path(root)
        self.max_bytes = max_bytes
        self.keep_seconds = keep_seconds
        self.root.mkdir(parents=True, exist_ok=True, mode=0o700)

    def entry(self, sha256, suffix=""):
        if not _ADDRESS.match(sha256 or ""):
            raise ValueError(f"{sha256!r} is not a sha256")
        if suffix not in _SUFFIXES:
            raise ValueError(f"{suffix!r} is not a bot file's suffix")
        return self.root / f"{sha256}{suffix}"

    def path(self, sha256, suffix, fetch):
        """The local path of the file ``sha256`` (``fetch()`` gives its bytes when it is not here);
        raises ``CorruptFile`` if the fetched bytes are not those of ``sha256``."""
        target = self.entry(sha256, suffix)
        try:
            if file_sha256(target) == sha256:
                os.utime(target)     # most recently used
                return target
            target.unlink(missing_ok=True)   # damaged on this disk: fetched again
        except FileNotFoundError:
            pass
        content = fetch()
        if hashlib.sha256(content).hexdigest() != sha256:
            raise CorruptFile(f"the bytes stored for {sha256[:12]} have another sha256")
        fd, temporary = tempfile.mkstemp(dir=self.root, prefix=".part-")
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(content)
            os.replace(temporary, target)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
        self.evict()
        return target

    def entries(self):
        """``[(path, size, last used)]`` of the complete entries."""
        found = []
        for path in self.root.iterdir():
            if path.name.startswith("."):
                continue
            try:
                info = path.stat()
            except FileNotFoundError:
                continue
            found.append((path, info.st_size, info.st_mtime))
        return found

    def size(self):
        return sum(size for _, size, _ in self.entries())

    def evict(self):
        """Removes the least recently used entries until the folder holds at most ``max_bytes``
        (entries used in the last ``keep_seconds`` stay); one process at a time, the others skip."""
        with open(self.root / ".lock", "a") as lock:
            try:
                fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                return   # another process is evicting
            entries = sorted(self.entries(), key=lambda entry: entry[2])
            total = sum(size for _, size, _ in entries)
            recent = time.time() - self.keep_seconds
            for path, size, used in entries:
                if total <= self.max_bytes:
                    break
                if used >= recent:
                    continue
                path.unlink(missing_ok=True)
                total -= size
            self._remove_stale_parts()

    def _remove_stale_parts(self):
        """Temporary files a killed process left behind (older than an hour)."""
        cutoff = time.time() - 3600
        for path in self.root.glob(".part-*"):
            try:
                if path.stat().st_mtime < cutoff:
                    path.unlink()
            except FileNotFoundError:
                pass

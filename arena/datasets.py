"""Replay datasets: one finished match per line (JSON), compressed with zstandard.

``arena export`` writes them page by page from a site's ``/api/games/<game>/export/``.  Each page
is appended as its own zstandard frame (a file of several frames is one valid stream), and only
once it is written and flushed does the progress file beside it (``FILE.part.json``) move on, so
that an export stopped at any point resumes from its last whole page, every match written once.
"""
import io
import json
import os
from pathlib import Path


class DatasetError(Exception):
    """A dataset that cannot be written or resumed; the message says why."""


def read(path):
    """The lines (dicts) of a dataset file, in order."""
    import zstandard
    with open(path, "rb") as raw:
        reader = zstandard.ZstdDecompressor().stream_reader(raw, read_across_frames=True)
        for line in io.TextIOWrapper(reader, encoding="utf-8"):
            if line.strip():
                yield json.loads(line)


class ExportWriter:
    """Writes ``path`` through ``path.part`` and its progress file; ``query`` (what is exported,
    and from where) must match to resume."""

    def __init__(self, path, query):
        import zstandard
        self.path = Path(path)
        self.partial = self.path.with_name(self.path.name + ".part")
        self.progress = self.path.with_name(self.path.name + ".part.json")
        self.query = query
        self._compressor = zstandard.ZstdCompressor(level=10)
        self.after, self.lines, self.resumed = 0, 0, False
        state = self._read_progress()
        if state is not None:
            if state.get("query") != query:
                raise DatasetError(f"{self.partial} is the unfinished export of another query "
                                   f"({state.get('query')}); remove it or write elsewhere")
            self.after, self.lines, self.resumed = state["after"], state["lines"], True
            size = state["bytes"]
            try:
                with open(self.partial, "r+b") as handle:   # drop a page cut off half-written
                    handle.truncate(size)
            except OSError as exc:
                raise DatasetError(f"cannot resume from {self.partial}: {exc.strerror}") from None
        else:
            self._write_file(self.partial, b"")
            self._save_progress(0)

    def _read_progress(self):
        try:
            return json.loads(self.progress.read_text())
        except FileNotFoundError:
            return None
        except (OSError, ValueError) as exc:
            raise DatasetError(f"cannot read {self.progress}: {exc}") from None

    def _write_file(self, path, data):
        try:
            path.write_bytes(data)
        except OSError as exc:
            raise DatasetError(f"cannot write {path}: {exc.strerror}") from None

    def _save_progress(self, size):
        state = {"query": self.query, "after": self.after, "lines": self.lines, "bytes": size}
        temporary = self.progress.with_name(self.progress.name + ".tmp")
        self._write_file(temporary, json.dumps(state).encode())
        os.replace(temporary, self.progress)

    def write_page(self, lines):
        """Appends one page of lines (dicts with ``match``) and records the progress past it."""
        if not lines:
            return
        data = "".join(json.dumps(line, separators=(",", ":"), ensure_ascii=False) + "\n" for line in lines)
        try:
            with open(self.partial, "ab") as handle:
                handle.write(self._compressor.compress(data.encode("utf-8")))
                handle.flush()
                os.fsync(handle.fileno())
                size = handle.tell()
        except OSError as exc:
            raise DatasetError(f"cannot write {self.partial}: {exc.strerror}") from None
        self.after = lines[-1]["match"]
        self.lines += len(lines)
        self._save_progress(size)

    def finish(self):
        """The finished file in place; the partial and progress files gone."""
        os.replace(self.partial, self.path)
        self.progress.unlink(missing_ok=True)
        return self.lines

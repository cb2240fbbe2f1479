"""Bot processes kept between the matches of a batch, the way chess tournament managers
(cutechess) keep their engines between games.

Starting a sandboxed bot (bubblewrap, the interpreter, the harness, the bot's imports) and
tearing it down with its check cost tens of milliseconds each, more than a whole Katana
match between built-in players.  A worker that plays a batch of matches therefore plays
them through one ``BotPool``: each seat's agent comes from ``pool.agent(path)``, and a
Python bot that finished its match cleanly stays, idle, for the next match of the same
bot file; the next ``start`` takes it up (``arena.bots.runner.BotProcess``).

What is never shared:

- a process serves one bot file (its path and the digest of its content, its limits, trusted
  or not) of one bot version (``identity``, where files are shared between versions): nothing
  passes between different bots or versions.  Within one match each seat
  has a process of its own, even when the same bot fills several seats;
- a process that failed (timeout, crash, illegal output, a limit), or whose bot did not
  finish its previous match cleanly, is ended; the next match gets a fresh one, so a failure
  forfeits only the match it happened in;
- each process keeps its own user id, namespaces and limits for its whole life; it is
  retired after ``max_matches`` matches or once it has used half of its CPU limit (which
  counts over the process's life), so that the limit is never reached because of earlier
  matches; one that holds more than ``max_idle_bytes`` of memory is not kept, so that idle
  processes never hold much more memory than a match's own.

The pool's processes are ended, and checked gone with one look at the process table, when
the pool is closed (``with BotPool() as pool:``) or when more than ``max_idle`` are idle.
"""
import os
import subprocess
import time
from collections import OrderedDict

from arena.bots import sandbox
from arena.bots.file_cache import file_sha256
from arena.bots.runner import END_GRACE_SECONDS, BotProcess
from arena.bots.sandbox import Limits

MAX_IDLE = 16          # idle processes kept at once; the oldest is ended beyond
MAX_MATCHES = 200      # matches one process plays before it is retired
MAX_IDLE_BYTES = 256 << 20   # a process holding more memory than this is not kept idle


class BotPool:
    """Keeps the processes of the bots of a batch of matches; see the module's text."""

    def __init__(self, *, max_idle=MAX_IDLE, max_matches=MAX_MATCHES, max_idle_bytes=MAX_IDLE_BYTES):
        self.max_idle = max_idle
        self.max_matches = max_matches
        self.max_idle_bytes = max_idle_bytes
        self._idle = OrderedDict()      # id(process) -> (key, process), oldest first
        self._loaded = {}               # key -> the checked submission
        self.started = 0                # processes launched through the pool
        self.reused = 0                 # matches played by a process kept from an earlier one
        self.cpu_seconds = 0.0          # CPU time of its processes, read as each was ended
        self.closed = False

    def agent(self, path, *, label=None, trusted=False, limits=Limits(), clock=None, sha256=None, identity=None):
        """The agent of one seat: a kept process of this bot file if one is idle, else a new one
        (started by the match).  Raises what ``BotProcess`` raises for a file that is no bot.

        ``identity`` names the bot version when bot files are not enough to tell versions apart
        (the platform's are stored by content: two bots uploading the same file share it); a
        process is handed out again only for the same file, content and identity."""
        try:
            key = (os.path.realpath(path), sha256 or file_sha256(path), identity, trusted, limits)
        except OSError:   # no such file: the submission's own check says so, as without a pool
            return BotProcess(path, trusted=trusted, limits=limits, label=label, clock=clock)
        for ident, (kept_key, process) in self._idle.items():
            if kept_key == key:
                del self._idle[ident]
                process.name = label or process.submission.name
                process.fixed_clock = clock
                self.reused += 1
                return process
        loaded = self._loaded.get(key)
        process = BotProcess(path, trusted=trusted, limits=limits, label=label, clock=clock, loaded=loaded)
        self._loaded[key] = process.submission
        process.pool = self
        process.pool_key = key
        self.started += 1
        return process

    def may_reuse(self, process):
        """Whether a kept process may play one more match (called as it is taken up)."""
        return process.matches < self.max_matches

    def give_back(self, process):
        """A process that finished its match and stays for the next (``BotProcess.close``), unless
        it has used half its CPU limit or holds too much memory."""
        cpu, rss = process.sandbox.usage() if process.sandbox.sandboxed else (0.0, 0)
        if self.closed or cpu >= process.limits.cpu_seconds / 2 or rss > self.max_idle_bytes:
            process.pool = None
            self.cpu_seconds += cpu
            process.close()
            return
        self._idle[id(process)] = (process.pool_key, process)
        if len(self._idle) > self.max_idle:
            _, (_, oldest) = self._idle.popitem(last=False)
            self._end([oldest])

    def close(self):
        """Ends every idle process and checks that nothing of them is left."""
        self.closed = True
        idle = [process for _, process in self._idle.values()]
        self._idle.clear()
        self._end(idle)

    def _end(self, processes):
        for process in processes:
            process.pool = None
            process._idle = False
            try:
                process.sandbox.process.stdin.close()   # the harness's loop ends: it exits
            except OSError:
                pass
        # A process that exits by itself is waited for by its sandbox's first process, and so its
        # CPU time is counted in the worker's children's; then the kill and the check, as always.
        self.cpu_seconds += sum(process.sandbox.cpu_seconds() for process in processes)
        deadline = time.monotonic() + END_GRACE_SECONDS
        for process in processes:
            try:
                process.sandbox.process.wait(timeout=max(0.0, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                pass
        sandbox.kill_all([process.sandbox for process in processes])
        for process in processes:
            process._closed = True
            process.survivors = process.sandbox.survivors
            process._finish()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


"""One bot process for a whole match, spoken to in JSON lines, timed and capped.

``BotProcess`` is an agent for ``arena.match.play_match``: the match starts it
(``start``/``wait_ready``), asks it ``act`` at every decision and tells it the
``end``; whatever goes wrong raises ``BotFailure`` with one of the statuses.
The same class runs every bot, on a worker and on a developer's machine.
"""
import fcntl
import json
import math
import os
import select
import shutil
import signal
import tempfile
import threading
import time

import msgspec

from arena.agents import BotFailure
from arena.bots import sandbox, submission
from arena.bots.sandbox import SANDBOX_BOT_DIR, SANDBOX_HARNESS, Limits, Sandbox, SandboxUnavailable
from engine_ext.spec import TimeControl

# Messages to bots are JSON written by msgspec: the same JSON as the standard library's (UTF-8
# rather than \u escapes), encoded several times faster; an act message of 2-5 KB at every decision
# is much of what a sandboxed bot costs the arena.  Bots' answers are read by msgspec too:
# ``json.loads`` of a 30-byte answer costs ~3 µs of Python around its C scanner.  Both refuse what
# is not JSON (msgspec's DecodeError is a ValueError).
_ENCODER = msgspec.json.Encoder()
_DECODE_ANSWER = msgspec.json.Decoder().decode

MAX_MESSAGE_BYTES = 64 << 10      # one line from the bot
MAX_OUTPUT_BYTES = 4 << 20        # all of its protocol output in a match
LOG_KEPT_BYTES = 64 << 10         # stderr kept for the bot's author
LOG_MAX_BYTES = 16 << 20          # stderr beyond this is a flood: the bot is stopped
END_GRACE_SECONDS = 0.2           # for the bot's end() before it is killed


def time_control(game_id):
    """The one clock of uploaded bots in ``game_id``, for validation and rated matches alike:
    ``ARENA_BOT_TIME_CONTROL`` (``MOVE,BANK,STARTUP`` seconds) when set, else the game's own
    (``SPEC.time_control``).  A bot that passes validation therefore has the clock it is rated
    under."""
    override = os.environ.get("ARENA_BOT_TIME_CONTROL", "").strip()
    if override:
        return parse_time_control(override)
    from arena import games
    return games.get(game_id).spec.time_control


def parse_time_control(text):
    """``"1,10,5"`` as a ``TimeControl``; ValueError saying what is expected."""
    try:
        move, bank, startup = (float(part) for part in text.split(","))
    except ValueError:
        raise ValueError(f"a time control is MOVE,BANK,STARTUP in seconds, e.g. 1,10,5, not {text!r}") from None
    if min(move, startup) <= 0 or bank < 0:
        raise ValueError(f"a time control needs positive MOVE and STARTUP and a BANK >= 0, not {text!r}")
    return TimeControl(move=move, bank=bank, startup=startup)


class _Log:
    """Drains the bot's stderr on a thread: keeps the first bytes, counts the rest.

    The thread reads only while it holds the lock, and ``take`` empties the pipe under the same
    lock, so a ``take`` just after the bot's ``ended`` has everything it wrote until then."""

    def __init__(self, stream, on_flood):
        self.kept = bytearray()
        self.total = 0
        self.flooded = False
        self._stream = stream
        self._fd = stream.fileno()
        fcntl.fcntl(self._fd, fcntl.F_SETFL, fcntl.fcntl(self._fd, fcntl.F_GETFL) | os.O_NONBLOCK)
        self._eof = False
        self._on_flood = on_flood
        self._lock = threading.Lock()
        self._thread = threading.Thread(target=self._drain, daemon=True)
        self._thread.start()

    def _drain(self):
        while not self._eof:
            try:
                select.select([self._fd], [], [])
            except (OSError, ValueError):
                return   # closed
            with self._lock:
                flood = self._read()
            if flood:
                self._on_flood()

    def _read(self):
        """Reads what is waiting (lock held); True the first time the log turns into a flood."""
        while not self._eof:
            try:
                chunk = os.read(self._fd, 65536)
            except BlockingIOError:
                break
            except OSError:
                chunk = b""
            if not chunk:
                self._eof = True
                break
            if len(self.kept) < LOG_KEPT_BYTES:
                self.kept += chunk[:LOG_KEPT_BYTES - len(self.kept)]
            self.total += len(chunk)
        flood = self.total > LOG_MAX_BYTES and not self.flooded
        self.flooded = self.flooded or flood
        return flood

    def text(self):
        """Everything the process wrote, once it has gone."""
        self._thread.join(timeout=2)
        return self.take()

    def take(self):
        """What it wrote since the last ``take`` (a process kept for another match starts each
        match's log afresh)."""
        with self._lock:
            self._read()
            text = self.kept.decode("utf-8", "replace")
            if self.total > len(self.kept):
                text += f"\n[log cut: {self.total - len(self.kept):,} more bytes]\n"
            self.kept = bytearray()
            self.total = 0
        return text


class BotProcess:
    """A bot file run as one sandboxed process; an agent of the match loop.

    On its own it plays one match.  Handed out by a ``BotPool`` (``arena.bots.pool``) its
    process may play the next match of the same bot file too: ``end`` then asks the bot to
    stay (``"next": true``), ``close`` gives the process back to the pool, and the next
    ``start`` checks that the bot finished the previous match (its ``ended``) before it
    sends ``start`` again.  A process that failed in any way is never given back."""

    def __init__(self, path, *, trusted=False, limits=Limits(), label=None, clock=None, loaded=None):
        self.submission = loaded or submission.load(path)
        self.name = label or self.submission.name
        self.trusted = trusted
        self.limits = limits
        self.fixed_clock = clock      # replaces the game's time control when given (the platform's)
        if not trusted:
            available, why = sandbox.availability()
            if not available:
                raise SandboxUnavailable(f"cannot run {self.name} sandboxed: {why}. Run only bots you "
                                         "trust without the sandbox (--trusted / trusted=True)")
        self.sandbox = None
        self.log = ""
        self.survivors = []
        self.clock = None
        self.pool = None              # the BotPool that handed it out, if any
        self.matches = 0              # matches this process has started
        self._workdir = None
        self._buffer = bytearray()
        self._output = 0
        self._bank = 0.0
        self._closed = False
        self._stays = False           # told at the end to stay for another match
        self._idle = False            # kept by a pool, its next match not started

    @property
    def reusable(self):
        """A Python bot (the harness knows ``"next"``); an executable speaks the protocol itself
        and is expected to exit at ``end``."""
        return self.submission.kind == submission.PYTHON

    # ------------------------------------------------------------------ process
    def _command(self, bot_dir):
        if self.submission.kind == submission.PYTHON:
            executable, _ = sandbox.python_runtime()
            harness = str(sandbox.HARNESS) if self.trusted else SANDBOX_HARNESS
            folder = str(bot_dir) if self.trusted else SANDBOX_BOT_DIR
            return [executable, "-I", "-S", "-B", harness, os.path.join(folder, "main.py")]
        return [os.path.join(str(bot_dir) if self.trusted else SANDBOX_BOT_DIR, "run")]

    def start(self, info, clock):
        """Starts the process (or takes up the one kept from the previous match) and sends
        ``start``; ``wait_ready`` collects its answer."""
        clock = self.fixed_clock or clock
        if self._idle and not self._resume():
            self._discard()
        self.clock = clock
        self._bank = clock.bank
        self._output = 0
        self._stays = False
        if self.sandbox is None:
            self._spawn()
        self.matches += 1
        self._started = time.monotonic()
        self._send({"type": "start", **info,
                    "time": {"move": clock.move, "bank": clock.bank, "startup": clock.startup}},
                   self._started + clock.startup)

    def _spawn(self):
        self._closed = False
        self._workdir = tempfile.mkdtemp(prefix="arena-bot-")
        try:
            bot_dir = submission.stage(self.submission, os.path.join(self._workdir, "bot"))
            self.sandbox = Sandbox(self._command(bot_dir), bot_dir=bot_dir, limits=self.limits,
                                   sandboxed=not self.trusted)
        except BaseException as exc:
            shutil.rmtree(self._workdir, ignore_errors=True)
            self._closed = True
            if isinstance(exc, submission.BotSubmissionError):
                raise BotFailure("crash", f"its files cannot be laid out: {exc}") from None
            raise
        process = self.sandbox.process
        self._in = process.stdin.fileno()
        self._out = process.stdout.fileno()
        for fd in (self._in, self._out):
            fcntl.fcntl(fd, fcntl.F_SETFL, fcntl.fcntl(fd, fcntl.F_GETFL) | os.O_NONBLOCK)
        self._buffer = bytearray()
        self.matches = 0
        # One poll set for the process's life: cheaper at every decision than ``select.select``,
        # which builds its descriptor sets from lists on each call.
        self._readable = select.poll()
        self._readable.register(self._out, select.POLLIN)
        self._log = _Log(process.stderr, self._stop)

    def _ended(self):
        """True if the bot, asked to stay, finished its match cleanly: ``ended`` in time and
        nothing else.  Otherwise the process is closed as any other: what goes wrong once a
        match is over costs no seat a forfeit."""
        try:
            return self._receive(time.monotonic() + END_GRACE_SECONDS, "to end").get("type") == "ended"
        except BotFailure:
            return False

    def _resume(self):
        """True if the kept process, quiet since its previous match, may play one more (its
        pool retires it after so many matches or so much CPU time); otherwise a fresh process
        plays this match."""
        self._idle = False
        if self.pool is not None and not self.pool.may_reuse(self):
            return False
        try:
            self._check_quiet()
        except BotFailure:
            return False
        self._log.take()   # anything it wrote while idle belongs to no match
        return True

    def _discard(self):
        """Ends the kept process for good (the next ``start`` launches a fresh one)."""
        self._stays = False
        self.close()
        self.sandbox = None

    def wait_ready(self):
        reply = self._receive(self._started + self.clock.startup, "to start")
        if reply.get("type") != "ready":
            raise BotFailure("illegal", f"answered {_short(reply)} to start, expected ready")

    def act(self, observation, legal_actions):
        self._check_quiet()
        sent = time.monotonic()
        deadline = sent + self.clock.move + max(self._bank, 0.0)
        self._send({"type": "act", "observation": observation, "legal_actions": legal_actions,
                    "time_bank": round(self._bank, 3)}, deadline)
        reply = self._receive(deadline, "to move")
        self._bank -= max(0.0, time.monotonic() - sent - self.clock.move)
        if self._bank < 0:
            raise BotFailure("timeout", f"took longer than {self.clock.move:g} s a move plus its "
                                        f"{self.clock.bank:g} s bank")
        if reply.get("type") != "action" or "action" not in reply:
            raise BotFailure("illegal", f"answered {_short(reply)}, expected an action")
        action = reply["action"]
        if isinstance(action, bool) or not isinstance(action, int):
            raise BotFailure("illegal", f"answered action {_short(action)}, not an integer")
        return action

    def end(self, message):
        """Tells the bot the match is over (best effort: it may be gone); a pooled Python bot is
        asked to stay for the next match."""
        stay = self.pool is not None and self.reusable
        try:
            self._send({**message, "next": True} if stay else message, time.monotonic() + END_GRACE_SECONDS)
            self._stays = stay
        except BotFailure:
            pass

    def close(self):
        """Ends the process, checks that nothing it started is left, deletes its files; or,
        if it was asked to stay for another match, gives it back to its pool with this match's
        log."""
        if self._closed or self.sandbox is None:
            return
        if self._stays and self.pool is not None and self._ended():
            self._stays = False
            self.log = self._log.take()
            self._idle = True
            self.pool.give_back(self)
            return
        self._closed = True
        self._idle = False
        if self.pool is not None:   # the pool counts what its processes cost (its cpu_seconds)
            self.pool.cpu_seconds += self.sandbox.cpu_seconds()
        try:
            self.sandbox.process.stdin.close()
        except OSError:
            pass
        try:
            self.sandbox.process.wait(timeout=END_GRACE_SECONDS)
        except Exception:
            pass
        self.survivors = self.sandbox.kill()
        self._finish()

    def _finish(self):
        """After the kill: the log, the pipes, the files."""
        self.log = self._log.text()
        for stream in (self.sandbox.process.stdout, self.sandbox.process.stderr):
            stream.close()
        shutil.rmtree(self._workdir, ignore_errors=True)

    def _stop(self):
        try:
            os.killpg(self.sandbox.pid, signal.SIGKILL)
        except OSError:
            pass

    # ----------------------------------------------------------------- protocol
    def _send(self, message, deadline):
        data = _ENCODER.encode(message) + b"\n"
        while data:
            try:
                data = data[os.write(self._in, data):]
                continue
            except BlockingIOError:
                pass
            except BrokenPipeError:
                raise self._died() from None
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([], [self._in], [], left)[1]:
                raise BotFailure("timeout", "did not read its input in time")

    def _check_quiet(self):
        """A bot speaks only when asked: anything already waiting is a protocol violation."""
        if self._buffer or self._readable.poll(0):
            try:
                chunk = os.read(self._out, MAX_MESSAGE_BYTES)
            except BlockingIOError:
                chunk = b"?"
            if not chunk and not self._buffer:
                raise self._died()
            raise BotFailure("illegal", "wrote output without being asked")

    def _receive(self, deadline, what):
        while True:
            end = self._buffer.find(b"\n")
            if end >= 0:
                line = bytes(self._buffer[:end])
                del self._buffer[:end + 1]
                return self._parse(line)
            if len(self._buffer) > MAX_MESSAGE_BYTES:
                raise BotFailure("limit", f"wrote a line longer than {MAX_MESSAGE_BYTES:,} bytes")
            left = deadline - time.monotonic()
            if left <= 0 or not self._readable.poll(_milliseconds(left)):
                allowed = self.clock.startup if what == "to start" else self.clock.move
                raise BotFailure("timeout", f"no answer {what} in time ({allowed:g} s"
                                            f"{'' if what == 'to start' else ' plus its bank'})")
            try:
                chunk = os.read(self._out, 65536)
            except BlockingIOError:
                continue
            if not chunk:
                raise self._died()
            self._output += len(chunk)
            if self._output > MAX_OUTPUT_BYTES:
                raise BotFailure("limit", f"wrote more than {MAX_OUTPUT_BYTES:,} bytes of output")
            self._buffer += chunk

    def _parse(self, line):
        try:
            message = _DECODE_ANSWER(line)
        except ValueError:
            raise BotFailure("illegal", f"malformed output: {_short(line.decode('utf-8', 'replace'))} "
                                        "is not a JSON object") from None
        if not isinstance(message, dict):
            raise BotFailure("illegal", f"malformed output: {_short(message)} is not a JSON object")
        if message.get("type") == "error":
            status = "limit" if message.get("kind") == "limit" else "crash"
            raise BotFailure(status, f"reported an error: {_short(message.get('message'), 300)}")
        return message

    def _died(self):
        """The failure of a bot whose process has gone."""
        process = self.sandbox.process
        try:
            code = process.wait(timeout=1)
        except Exception:
            code = None
        if self._log.flooded:
            return BotFailure("limit", f"wrote more than {LOG_MAX_BYTES:,} bytes to stderr")
        if code is not None:
            signum = -code if code < 0 else code - 128 if code > 128 else 0
            if signum in (signal.SIGXCPU, signal.SIGXFSZ):
                return BotFailure("limit", f"stopped by {signal.Signals(signum).name} "
                                           f"({'CPU time' if signum == signal.SIGXCPU else 'file size'} limit)")
            if signum:
                try:
                    name = signal.Signals(signum).name
                except ValueError:
                    name = f"signal {signum}"
                return BotFailure("crash", f"killed by {name}")
        return BotFailure("crash", f"exited (status {code})" if code is not None else "closed its output")


def _milliseconds(seconds):
    """A poll timeout: whole milliseconds, rounded up so that a wait never ends before its deadline."""
    return max(1, math.ceil(seconds * 1000))


def _short(value, limit=80):
    text = value if isinstance(value, str) else json.dumps(value)
    return repr(text[:limit] + "…") if len(text) > limit else repr(text)

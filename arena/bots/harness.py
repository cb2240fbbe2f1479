"""The host of a Python bot: runs inside the sandbox and speaks the JSON-lines protocol.

    python -I -S harness.py /bot/main.py

It reads the ``start`` message, imports the bot's ``main.py`` (its folder first on
``sys.path``, so a zip may hold more modules), sets it up and answers ``ready``; then
answers each ``act`` with ``action`` until ``end``.  The bot is either a module-level
``act(observation, legal_actions)`` (with optional ``setup(info)`` and ``end(result)``
functions) or a class ``Bot`` with those methods, instantiated once per match.

An ``end`` message with ``"next": true`` asks the process to stay for another match of
the same bot (the arena reuses it within a batch, as chess GUIs reuse engines): the
harness answers ``ended`` once the bot's ``end`` has returned and waits for the next
``start``, which creates a new ``Bot`` (the module is imported once per process).

Anything the bot prints goes to stderr (its log), never into the protocol.  A
Python exception becomes an ``error`` message and the process exits.  This file
uses the standard library only: nothing of the platform is importable in there.
It imports no more than it needs (``os``, ``sys`` and ``_json``, the C half of ``json``),
since every bot start pays for its imports: ``json`` itself brings ``re``, ``enum``,
``functools`` and ``collections``, about 10 ms of CPU a start, for what its C half does alone.
"""
import _json
import os
import sys


class _DecoderSettings:
    """What ``_json.make_scanner`` reads: ``json.loads``'s defaults (``NaN`` and the infinities
    as floats)."""
    strict = True
    object_hook = None
    object_pairs_hook = None
    parse_float = float
    parse_int = int
    parse_constant = float


_scan = _json.make_scanner(_DecoderSettings())


def _standard_decode(line):
    """One message, decoded as ``json.loads`` decodes it (the arena writes well-formed JSON, one
    object a line)."""
    return _scan(line.decode(), 0)[0]


class _Replies:
    """What the harness writes to the arena, one JSON object a line, on the protocol's own
    descriptor.  The frequent replies are fixed bytes (an action is an integer); ``json`` is
    imported only for a rare one (an error report, an action that is not an integer)."""

    def __init__(self, fd):
        self.fd = fd

    def ready(self):
        self._write(b'{"type":"ready"}\n')

    def ended(self):
        self._write(b'{"type":"ended"}\n')

    def action(self, action):
        if type(action) is int:   # the same JSON as json.dumps, at a tenth of its cost
            self._write(b'{"type":"action","action":%d}\n' % action)
        else:                     # for the arena to judge
            self.message({"type": "action", "action": action})

    def message(self, message):
        import json
        self._write((json.dumps(message, separators=(",", ":")) + "\n").encode())

    def _write(self, data):
        while data:
            data = data[os.write(self.fd, data):]


def _import(path):
    """The bot's ``main.py`` as the module ``main``, without importlib's machinery (its imports
    cost every start)."""
    folder = os.path.dirname(os.path.abspath(path))
    sys.path.insert(0, folder)
    module = type(sys)("main")
    module.__file__ = path
    sys.modules["main"] = module
    with open(path, "rb") as handle:
        source = handle.read()
    exec(compile(source, path, "exec"), module.__dict__)
    return module


def _instance(module):
    if isinstance(getattr(module, "Bot", None), type):
        return module.Bot()
    if not callable(getattr(module, "act", None)):
        raise TypeError("main.py defines neither act(observation, legal_actions) nor a class Bot")
    return module


_decode = _standard_decode


# msgspec's decoder saves about 7 µs of CPU a kilobyte of observations over the standard
# library's (Katana's are 1.7 KB a move, Shōgun's 5.9 KB), and importing it costs about 45 ms: it
# pays once some 6 MB have been decoded.  A kept process imports it as a match starts if what it
# has decoded so far, and what ten more matches like those would add, reaches that: as the third
# match starts at a Shōgun table of four (530 KB a bot a match), after about 90 matches at a Katana
# table of five (65 KB), never for a process that plays a few short matches.
DECODER_PAYS_AFTER_BYTES = 6 << 20
MATCHES_AHEAD = 10


def _faster_decoder_pays(decoded_bytes, matches_played):
    return decoded_bytes * (1 + MATCHES_AHEAD / matches_played) >= DECODER_PAYS_AFTER_BYTES


def _faster_decoder():
    """msgspec's JSON decoder, when the arena lends it to the sandbox (read-only, beside this file
    in ``site``): several times faster than ``json`` on the observations of every move.  Its
    import is paid only by a process kept for more matches, when it pays (above), as a match
    starts (within the start-up time); the package is not left importable for the bot."""
    global _decode
    site = os.path.join(os.path.dirname(os.path.abspath(__file__)), "site")
    package = os.path.join(site, "msgspec")
    if not os.path.isdir(package):
        return
    sys.path.insert(0, site)
    try:
        _decode = _msgspec_decoder(package)
    except Exception:   # a broken copy: the standard library's decoder stays
        pass
    finally:
        sys.path.remove(site)
        for name in [name for name in sys.modules if name == "msgspec" or name.startswith("msgspec.")]:
            del sys.modules[name]


def _msgspec_decoder(package):
    """The decoder from msgspec's compiled core alone: the package's ``__init__`` imports every
    format and ``msgspec.inspect``, twice the time of the core; by the public import where the
    core is laid out otherwise."""
    try:
        stub = type(sys)("msgspec")
        stub.__path__ = [package]
        sys.modules["msgspec"] = stub
        from msgspec import _core
        return _core.JSONDecoder().decode
    except Exception:
        for name in [name for name in sys.modules if name == "msgspec" or name.startswith("msgspec.")]:
            del sys.modules[name]
        import msgspec.json
        return msgspec.json.Decoder().decode


def _error(exc):
    import traceback
    kind = "limit" if isinstance(exc, (MemoryError, RecursionError)) else "crash"
    lines = traceback.format_exception(exc)
    return {"type": "error", "kind": kind,
            "message": (lines[-1].strip() if lines else repr(exc))[:500],
            "traceback": "".join(lines)[-4000:]}


def run(bot_path, stdin, replies):
    module = bot = None
    matches_played = decoded_bytes = 0
    for line in stdin:
        decoded_bytes += len(line)
        message = _decode(line)
        kind = message.get("type")
        if kind == "start":
            if module is None:
                module = _import(bot_path)
            elif _decode is _standard_decode and _faster_decoder_pays(decoded_bytes, matches_played):
                _faster_decoder()
            matches_played += 1
            bot = _instance(module)
            setup = getattr(bot, "setup", None)
            if callable(setup):
                setup(message)
            replies.ready()
        elif kind == "act":
            replies.action(bot.act(message["observation"], message["legal_actions"]))
        elif kind == "end":
            end = getattr(bot, "end", None)
            if callable(end):
                end(message)
            if not message.get("next"):
                return
            bot = None
            sys.stdout.flush()
            sys.stderr.flush()
            replies.ended()
        elif kind == "error":
            return


def main():
    replies = _Replies(os.dup(1))
    os.dup2(2, 1)            # print() and C extensions write to the log, not to the protocol
    try:
        run(sys.argv[1], sys.stdin.buffer, replies)
    except BaseException as exc:   # the bot's failure, reported to the arena
        import traceback
        print("".join(traceback.format_exception(exc)), file=sys.stderr, end="")
        try:
            replies.message(_error(exc))
        except Exception:
            pass
        sys.stderr.flush()
        os._exit(1)


if __name__ == "__main__":
    main()

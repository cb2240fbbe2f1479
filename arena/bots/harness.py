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
It imports no more than it needs (``json``, ``os``, ``sys``), since every bot start
pays for its imports.
"""
import json
import os
import sys


def _sender(fd):
    def send(message):
        _write(fd, (json.dumps(message, separators=(",", ":")) + "\n").encode())
    return send


def _write(fd, data):
    while data:
        data = data[os.write(fd, data):]


def _answer(fd, action):
    """The answer to ``act``: an integer (what a legal action is) written as it is, the same JSON
    as ``json.dumps`` gives at a tenth of its cost; anything else goes through ``json`` for the
    arena to judge."""
    if type(action) is int:
        _write(fd, b'{"type":"action","action":%d}\n' % action)
    else:
        _write(fd, (json.dumps({"type": "action", "action": action}, separators=(",", ":")) + "\n").encode())


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


_decode = json.loads


def _faster_decoder():
    """msgspec's JSON decoder, when the arena lends it to the sandbox (read-only, beside this file
    in ``site``): several times faster than ``json`` on the observations of every move.  Its
    import costs tens of milliseconds, paid only by a process kept for more matches, as its second
    match starts (within the start-up time); the package is not left importable for the bot."""
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


def run(bot_path, stdin, send, answer):
    module = bot = None
    for line in stdin:
        message = _decode(line)
        kind = message.get("type")
        if kind == "start":
            if module is None:
                module = _import(bot_path)
            elif _decode is json.loads:   # a second match: this process is kept, the import pays
                _faster_decoder()
            bot = _instance(module)
            setup = getattr(bot, "setup", None)
            if callable(setup):
                setup(message)
            send({"type": "ready"})
        elif kind == "act":
            answer(bot.act(message["observation"], message["legal_actions"]))
        elif kind == "end":
            end = getattr(bot, "end", None)
            if callable(end):
                end(message)
            if not message.get("next"):
                return
            bot = None
            sys.stdout.flush()
            sys.stderr.flush()
            send({"type": "ended"})
        elif kind == "error":
            return


def main():
    protocol = os.dup(1)
    os.dup2(2, 1)            # print() and C extensions write to the log, not to the protocol
    send = _sender(protocol)
    try:
        run(sys.argv[1], sys.stdin.buffer, send, lambda action: _answer(protocol, action))
    except BaseException as exc:   # the bot's failure, reported to the arena
        import traceback
        print("".join(traceback.format_exception(exc)), file=sys.stderr, end="")
        try:
            send(_error(exc))
        except Exception:
            pass
        sys.stderr.flush()
        os._exit(1)


if __name__ == "__main__":
    main()

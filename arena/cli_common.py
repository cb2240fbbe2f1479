"""What the ``arena`` command's modules share: the one-line error, game options and the progress console.

The command modules (``arena.cli`` and the ones it registers) import this and
never each other, so ``python -m arena.cli`` (where ``arena.cli`` is
``__main__``) sees one ``CommandError`` class, the one ``main`` catches.
"""
import json


class CommandError(Exception):
    """A problem with what the user asked for: printed as one line, exit status 2."""


def stderr_console():
    from rich.console import Console
    return Console(stderr=True)


def parse_options(pairs):
    """Game options from ``--option NAME=VALUE`` arguments, each of which may also hold several
    pairs separated by commas (``--options ghost=3,chapter=2``).  A value is read as JSON where it
    is JSON (``3``, ``true``), as text otherwise (``mode=duel``)."""
    options = {}
    for argument in pairs or ():
        for pair in argument.split(","):
            name, sep, value = pair.partition("=")
            if not sep or not name.strip():
                raise CommandError(f"--option takes NAME=VALUE[,NAME=VALUE...], not {argument!r}")
            try:
                options[name.strip()] = json.loads(value)
            except json.JSONDecodeError:
                options[name.strip()] = value
    return options

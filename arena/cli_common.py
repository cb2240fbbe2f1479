"""What the ``arena`` command's modules share: the one-line error and the progress console.

The command modules (``arena.cli`` and the ones it registers) import this and
never each other, so ``python -m arena.cli`` (where ``arena.cli`` is
``__main__``) sees one ``CommandError`` class, the one ``main`` catches.
"""


class CommandError(Exception):
    """A problem with what the user asked for: printed as one line, exit status 2."""


def stderr_console():
    from rich.console import Console
    return Console(stderr=True)

"""Every ``arena`` command line of the README runs as written against a demo site.

The README's shell blocks are read as a person reads them: a command and its continuation lines,
``[...]`` optional parts left out, comments dropped.  Where a line names a file of the reader's
(``mybot.py``) a starter bot stands in; the game counts of the benchmarks are cut so that the
suite stays fast (``FASTER``); the commands that serve until stopped (``demo``, ``serve``,
``worker``) are checked by the command line's own parser.  The site commands run in order against
a live server whose bots are the demo's (``demo_bots_ensure``), as a reader following the README
would, logged in as the reader."""
import io
import re
import shlex
import shutil
from pathlib import Path

import pytest

from arena import cli
from web.bots import services as bot_services

ROOT = Path(__file__).resolve().parents[2]
LONG_RUNNING = {"demo", "serve", "worker"}
FASTER = {("bench", "--games"): "200", ("bench", "--matches"): "2", ("balance", "--games"): "20"}


def readme_commands():
    """The ``arena`` command lines of the README's ``sh`` blocks, as argument lists, in order."""
    text = (ROOT / "README.md").read_text()
    commands = []
    for block in re.findall(r"```sh\n(.*?)```", text, flags=re.S):
        current = None
        for raw in block.splitlines():
            line = raw.split("#", 1)[0].rstrip() if not raw.lstrip().startswith("#") else ""
            if not line.strip():
                continue
            if raw.startswith(" ") and current is not None:     # a continuation of the command above
                current += " " + line.strip()
            else:
                if current is not None:
                    commands.append(current)
                current = line.strip()
        if current is not None:
            commands.append(current)
    arena = []
    for command in commands:
        command = command.replace("\\", " ")
        command = re.sub(r"\[[^\]]*\]", " ", command)
        words = shlex.split(command)
        if words and words[0] == "arena":
            arena.append(words[1:])
    return arena


def _as_run_here(words, tmp_path):
    words = list(words)
    for index, word in enumerate(words):
        if word == "mybot.py":
            words[index] = str(tmp_path / "mybot.py")
        elif word.startswith("examples/"):
            words[index] = str(ROOT / word)
        elif index and (words[0], words[index - 1]) in FASTER:
            words[index] = FASTER[(words[0], words[index - 1])]
    return words


def test_the_readme_shows_the_commands_it_promises():
    names = {words[0] for words in readme_commands()}
    assert {"games", "play", "replay", "bench", "balance", "match", "validate", "demo", "serve", "worker", "login",
            "submit", "challenge", "export"} <= names


def test_every_arena_command_of_the_readme_runs_as_written(live_server, user, tmp_path, monkeypatch, capsys):
    for game in ("katana", "risques", "shogun", "samourai"):
        bot_services.demo_bots_ensure(game=game)
    shutil.copy(ROOT / "examples" / "bots" / "katana_samurai.py", tmp_path / "mybot.py")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("ARENA_CONFIG", str(tmp_path / "credentials.json"))
    monkeypatch.delenv("ARENA_TOKEN", raising=False)
    monkeypatch.delenv("ARENA_URL", raising=False)
    monkeypatch.setattr("builtins.input", lambda prompt="": "hanzo")
    monkeypatch.setattr("getpass.getpass", lambda prompt="": "x" * 12)
    import time
    from types import SimpleNamespace

    from arena import cli_site
    from challenge_helpers import play
    from web.matches.models import Match

    def a_worker_plays_while_the_command_waits(_seconds):
        for queued in Match.objects.filter(status="queued").order_by("pk")[:3]:
            play(queued.pk)

    monkeypatch.setattr(cli_site, "time", SimpleNamespace(monotonic=time.monotonic,
                                                         sleep=a_worker_plays_while_the_command_waits))
    ran = []
    for words in readme_commands():
        words = _as_run_here(words, tmp_path)
        if words[0] in LONG_RUNNING:
            cli.build_parser(words).parse_args(words)   # exits 2 on anything it does not take
            continue
        words = [live_server.url if word == "http://127.0.0.1:8000" else word for word in words]
        if words[0] == "challenge":
            _validated_now("ronin")
        code = cli.main(words)
        out = capsys.readouterr()
        assert code in (0, None), f"arena {' '.join(words)} exited {code}: {out.err[-2000:]}"
        ran.append(words[0])
    assert {"play", "replay", "login", "submit", "challenge", "export"} <= set(ran)


def _validated_now(name):
    """The reader waited for the validation the worker plays (``--wait``): here it is played now."""
    from web.bots.models import BotVersion
    from web.bots.services import bot_version_validate
    for version in BotVersion.objects.filter(bot__name=name, status="pending"):
        bot_version_validate(version_id=version.pk)

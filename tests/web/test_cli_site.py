"""``arena login`` and ``arena submit`` against the running site."""
import io

import pytest

from arena import cli
from bot_sources import GOOD_BOT
from web.bots.models import Bot, BotVersion


@pytest.fixture
def config(tmp_path, monkeypatch):
    path = tmp_path / "credentials.json"
    monkeypatch.setenv("ARENA_CONFIG", str(path))
    monkeypatch.delenv("ARENA_TOKEN", raising=False)
    monkeypatch.delenv("ARENA_URL", raising=False)
    return path


def _login(live_server, monkeypatch, password):
    monkeypatch.setattr("sys.stdin", io.StringIO(password + "\n"))
    return cli.main(["login", "--url", live_server.url, "--username", "hanzo", "--password-stdin"])


def test_login_then_submit_twice(live_server, user, config, monkeypatch, tmp_path, capsys):
    assert _login(live_server, monkeypatch, "x" * 12) == 0
    assert oct(config.stat().st_mode & 0o777) == "0o600"
    bot_file = tmp_path / "mine.py"
    bot_file.write_bytes(GOOD_BOT)
    assert cli.main(["submit", "katana", str(bot_file), "--name", "cli-bot"]) == 0
    assert cli.main(["submit", "katana", str(bot_file), "--name", "cli-bot"]) == 0
    bot = Bot.objects.get(name="cli-bot")
    assert bot.owner == user and list(BotVersion.objects.filter(bot=bot).values_list("number", flat=True)
                                      .order_by("number")) == [1, 2]
    assert "uploaded cli-bot v2" in capsys.readouterr().out


def test_bad_password_and_bad_upload(live_server, user, config, monkeypatch, tmp_path, capsys):
    assert _login(live_server, monkeypatch, "wrong") == 2
    assert "login refused" in capsys.readouterr().err
    bot_file = tmp_path / "broken.py"
    bot_file.write_bytes(b"def act(:\n")
    assert cli.main(["submit", "katana", str(bot_file), "--name", "x", "--url", live_server.url]) == 2
    assert "not logged in" in capsys.readouterr().err
    assert _login(live_server, monkeypatch, "x" * 12) == 0
    assert cli.main(["submit", "katana", str(bot_file), "--name", "x"]) == 2
    assert "broken.py line 1" in capsys.readouterr().err

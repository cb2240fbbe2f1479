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


def _my_passed_bot(user, name):
    from web.bots import services
    bot = services.bot_create(game="katana", name=name, owner=user)
    for _ in range(2):
        version = services.bot_version_upload(bot=bot, filename="bot.py", content=GOOD_BOT)
        BotVersion.objects.filter(pk=version.pk).update(status=BotVersion.Status.PASSED)
    return bot


def test_bot_management_from_the_command_line(live_server, user, config, monkeypatch, capsys):
    assert _login(live_server, monkeypatch, "x" * 12) == 0
    bot = _my_passed_bot(user, "kaze")
    assert cli.main(["bot", "use", "kaze", "v1"]) == 0
    assert "kaze plays v1" in capsys.readouterr().out
    assert Bot.objects.get(pk=bot.pk).active_version.number == 1
    assert cli.main(["bot", "use", "kaze", "v7"]) == 2
    assert "use refused: 'kaze' has no version 7" in capsys.readouterr().err
    assert cli.main(["bot", "rename", "kaze", "arashi"]) == 0
    assert "kaze is now arashi" in capsys.readouterr().out
    assert cli.main(["bot", "retire", "arashi"]) == 0
    assert Bot.objects.get(pk=bot.pk).is_deleted
    assert cli.main(["bot", "delete", "nobody"]) == 2
    assert "you have no bot named 'nobody'" in capsys.readouterr().err
    assert cli.main(["bot", "delete", str(bot.pk)]) == 0
    assert "arashi: deleted" in capsys.readouterr().out and not Bot.objects.filter(pk=bot.pk).exists()


def test_matches_logs_and_replays_from_the_command_line(live_server, user, house, config, monkeypatch, capsys,
                                                        tmp_path):
    from web.matches import execution
    from web.matches import services as match_services
    from web.matches.models import Match, MatchSeat
    assert _login(live_server, monkeypatch, "x" * 12) == 0
    bot = _my_passed_bot(user, "kaze")
    timed_out, fine = (match_services.match_create(game="katana", seats=[bot] + house[:2], seed=s) for s in (1, 2))
    for match, status, log in ((timed_out, "timeout", "thinking hard\n"), (fine, "ok", "all good\n")):
        Match.objects.filter(pk=match.pk).update(status="done", result={"ranks": [2, 1, 3]})
        MatchSeat.objects.filter(match=match, bot=bot).update(status=status, log=log, rank=2,
                                                              reason="took longer than 1 s" if status != "ok" else "")
    assert cli.main(["matches", "kaze", "--status", "timeout"]) == 0
    out = capsys.readouterr().out
    assert f"match {timed_out.pk}" in out and "seat 0: timeout, rank 2" in out and f"match {fine.pk}" not in out
    assert cli.main(["logs", "kaze", "--status", "timeout"]) == 0
    out = capsys.readouterr().out
    assert f"== match {timed_out.pk}, seat 0: timeout: took longer than 1 s" in out and "thinking hard" in out
    assert "all good" not in out
    assert cli.main(["logs", "kaze", "--match", str(fine.pk)]) == 0
    assert "all good" in capsys.readouterr().out

    played = match_services.match_create(game="katana", seats=house[:3], seed=3)
    token = execution.match_claim(match_id=played.pk, worker="test")
    rows = list(Match.objects.get(pk=played.pk).seats.select_related("bot", "bot_version").order_by("seat"))
    execution.match_store_result(match_id=played.pk, lease_token=token,
                                 played=execution.match_play(match=Match.objects.get(pk=played.pk), seats=rows))
    target = tmp_path / "replay.json"
    assert cli.main(["replay", "fetch", str(played.pk), "-o", str(target)]) == 0
    assert cli.main(["replay", "verify", str(target)]) == 0
    assert cli.main(["replay", "fetch", "999999", "-o", str(target)]) == 2
    assert "match 999999 has no replay" in capsys.readouterr().err

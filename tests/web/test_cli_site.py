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


def test_the_api_says_the_sites_limits(client, settings, monkeypatch):
    monkeypatch.delenv("ARENA_BOT_TIME_CONTROL", raising=False)   # each game's own clock
    settings.ARENA_MAX_BOT_BYTES = 4096
    body = client.get("/api/limits/").json()
    assert body["bot_file"]["file_bytes"] == 4096
    assert body["uploads_rate"] == settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]["uploads"]
    assert body["tournament_matches_per_day"] == settings.ARENA_TOURNAMENT_MATCHES_PER_DAY
    assert set(body["time_control"]) >= {"katana", "risques", "shogun", "samourai"}
    assert body["time_control"]["samourai"] == {"move": 1.0, "bank": 20.0, "startup": 5.0}
    monkeypatch.setenv("ARENA_BOT_TIME_CONTROL", "2,30,6")   # one clock for every game, as set on the server
    clocks = client.get("/api/limits/").json()["time_control"]
    assert all(clock == {"move": 2.0, "bank": 30.0, "startup": 6.0} for clock in clocks.values())


def test_validate_checks_a_bot_against_the_servers_limits_not_its_own(live_server, config, settings,
                                                                      tmp_path, capsys):
    settings.ARENA_MAX_BOT_BYTES = 4096   # the server's; this installation takes 5 MiB
    bot = tmp_path / "wordy.py"
    bot.write_bytes(GOOD_BOT + b"#" * 5000 + b"\n")
    assert cli.main(["validate", "katana", str(bot), "--url", live_server.url]) == 1
    captured = capsys.readouterr()
    assert f"limits of {live_server.url}: a file of at most 0.00390625 MiB" in captured.err
    assert "clock 1 s a decision" in captured.err
    assert (f"FAILED: {bot}: not a valid bot: {bot.stat().st_size:,} bytes, more than the 4,096 allowed "
            f"by {live_server.url}") in captured.out


def test_validate_says_when_the_server_cannot_be_asked(config, tmp_path, capsys):
    big = tmp_path / "big.py"
    big.write_bytes(b"X = 1\n" + b"#" * (6 << 20) + b"\n")
    assert cli.main(["validate", "katana", str(big), "--url", "http://127.0.0.1:9"]) == 1
    captured = capsys.readouterr()
    assert "could not ask the server for its limits (cannot reach http://127.0.0.1:9" in captured.err
    assert "limits of this installation" in captured.err
    assert "more than the 5,242,880 allowed by this installation" in captured.out

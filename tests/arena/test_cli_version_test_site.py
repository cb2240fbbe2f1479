"""``arena test GAME --bot NAME --new N --old M``: a version test of an uploaded bot, started and
followed on the running site (its pairs played by a real worker), and the one-line errors that
refuse one without storing anything."""
import io
import re

import pytest
from live_servers import live  # noqa: F401  (a fixture)

from arena import cli, cli_version_test_site
from web.bots import services as bot_services
from web.bots.models import BotVersion
from web.version_tests.models import VersionTest

BOT = "musashi-blade"


@pytest.fixture
def config(tmp_path, monkeypatch):
    monkeypatch.setenv("ARENA_CONFIG", str(tmp_path / "credentials.json"))
    monkeypatch.delenv("ARENA_TOKEN", raising=False)
    monkeypatch.delenv("ARENA_URL", raising=False)
    monkeypatch.setattr(cli_version_test_site, "POLL_SECONDS", 0.3)


@pytest.fixture
def owner(transactional_db, django_user_model):
    return django_user_model.objects.create_user(username="musashi", password="x" * 12)


def _login(live_server, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO("x" * 12 + "\n"))
    assert cli.main(["login", "--url", live_server.url, "--username", "musashi", "--password-stdin"]) == 0


def _arena(*argv):
    """The command's exit status (a refused command line exits through ``SystemExit``)."""
    try:
        return cli.main(list(argv))
    except SystemExit as exc:
        return exc.code


def _bot_with_two_versions(owner):
    """v1 plays uniformly random moves, v2 is the heuristic: v2 is far stronger."""
    bot = bot_services.bot_create_builtin(game="katana", name=BOT, agent="random", owner=owner)
    bot_services.bot_version_add_builtin(bot=bot, agent="heuristic")
    return bot


@pytest.mark.integration
def test_a_version_test_on_the_site_is_followed_to_its_verdict(live, live_server, owner, config, monkeypatch, capsys):
    live.worker("cli-version-test-worker")
    bot = _bot_with_two_versions(owner)
    _login(live_server, monkeypatch)
    capsys.readouterr()
    assert cli.main(["test", "katana", "--bot", BOT, "--new", "2", "--old", "v1", "--elo0", "0", "--elo1", "100",
                     "--max-games", "60", "--seed", "7"]) == 0
    out, err = capsys.readouterr()
    test = VersionTest.objects.get()
    assert test.status == "h1" and test.finished_at is not None
    assert (test.bot_id, test.new_version.number, test.old_version.number) == (bot.pk, 2, 1)
    assert (test.elo0, test.elo1, test.max_games) == (0.0, 100.0, 60)
    lines = out.splitlines()
    assert lines[0] == (f"version test {test.pk}: {BOT} v2 against v1, at most 60 games at tables of 3: "
                        f"{live_server.url}/version-tests/{test.pk}/")
    assert lines[1] == test.verdict
    assert re.fullmatch(r"v2 is stronger than v1: \+\d+ Elo \[-?\d+, \d+\], LLR \d+\.\d\d ≥ 2\.94 after \d+ games",
                        lines[1]), lines[1]
    assert lines[2] == "H0: +0 Elo, H1: +100 Elo, alpha 0.05, beta 0.05; bounds [-2.94, 2.94]"
    assert lines[3] == ("pairs by score (0, 1/2, 1, 3/2, 2 of 2): " + ", ".join(map(str, test.pentanomial))
                        + "; games lost/drawn/won by v2: " + ", ".join(map(str, test.trinomial)))
    assert lines[4] == "the winner is v2: its page can make it the version that plays"
    assert lines[5] == f"the test and its games, with their replays: {live_server.url}/version-tests/{test.pk}/"
    games = 2 * sum(test.pentanomial)
    assert f"{games}/60" in err and "in [-2.94, 2.94]" in err, "the progress bar showed the games and the LLR"


def test_no_wait_json_and_ctrl_c_leave_the_test_running(live_server, owner, config, monkeypatch, capsys):
    import json
    _bot_with_two_versions(owner)
    _login(live_server, monkeypatch)
    capsys.readouterr()
    assert cli.main(["test", "katana", "--bot", BOT, "--new", "2", "--old", "1", "--max-games", "40",
                     "--no-wait", "--json"]) == 0
    started = json.loads(capsys.readouterr().out)
    test = VersionTest.objects.get()
    assert (started["id"], started["status"], started["max_games"]) == (test.pk, "queued", 40)
    VersionTest.objects.filter(pk=test.pk).update(status="cancelled")

    def interrupted(_seconds):
        raise KeyboardInterrupt
    monkeypatch.setattr(cli_version_test_site.time, "sleep", interrupted)
    assert cli.main(["test", "katana", "--bot", BOT, "--new", "2", "--old", "1", "--max-games", "40"]) == 130
    second = VersionTest.objects.get(status="queued")
    assert (f"arena: stopped following; version test {second.pk} goes on on the site: "
            f"{live_server.url}/version-tests/{second.pk}/") in capsys.readouterr().err


def test_what_cannot_be_tested_is_refused_in_one_line_and_nothing_is_stored(live_server, owner, config, settings,
                                                                            monkeypatch, capsys):
    bot = _bot_with_two_versions(owner)
    failed = bot_services.bot_version_add_builtin(bot=bot, agent="random")
    BotVersion.objects.filter(pk=failed.pk).update(status=BotVersion.Status.FAILED)

    def refused(*versions_and_flags):
        assert _arena("test", "katana", "--bot", BOT, *versions_and_flags) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and err.startswith("arena: error: "), err
        return err.removeprefix("arena: error: ").rstrip("\n")

    assert refused("--new", "2", "--old", "1", "--url", live_server.url) == \
        "not logged in: run `arena login` first (or set ARENA_TOKEN)"
    _login(live_server, monkeypatch)
    capsys.readouterr()
    assert _arena("test", "katana", "--bot", "nobody", "--new", "2", "--old", "1") == 2
    assert capsys.readouterr().err == "arena: error: you have no bot named 'nobody' in katana\n"
    assert refused("--new", "7", "--old", "1") == \
        f"version test refused: {BOT!r} has no version 7 (the new version)"
    assert refused("--new", "3", "--old", "1") == (
        f"version test refused: {BOT!r} v3 (the new version) failed validation: only versions that passed "
        "validation are tested")
    assert refused("--new", "2", "--old", "1", "--elo0", "5", "--elo1", "5") == \
        "elo1 (5) must be greater than elo0 (5)"
    assert refused("--new", "2", "--old", "1", "--elo0", "-2000") == \
        "version test refused: elo0: Ensure this value is greater than or equal to -1000."
    assert refused("--new", "2", "--old", "heuristic") == \
        f"--new and --old are both version numbers of {BOT} on the site, or both built-in players"
    settings.ARENA_VERSION_TEST_GAMES_PER_DAY = 100
    assert refused("--new", "2", "--old", "1", "--max-games", "200") == (
        "version test refused: this version test may play up to 200 games, and you may start 100 more today (at "
        "most 100 a day, a running test holding its whole limit): lower its game limit, or wait for your running "
        "tests to end")
    assert not VersionTest.objects.exists()

    assert cli.main(["test", "katana", "--bot", BOT, "--new", "2", "--old", "1", "--max-games", "40",
                     "--no-wait"]) == 0
    running = VersionTest.objects.get()
    assert capsys.readouterr().out.endswith(f"{live_server.url}/version-tests/{running.pk}/\n")
    assert refused("--new", "2", "--old", "1", "--max-games", "40") == (
        f"version test refused: {BOT!r} already has a version test queued (#{running.pk}): one runs at a time for "
        "a bot; wait for it to end or cancel it")
    assert VersionTest.objects.count() == 1


def test_built_in_players_still_play_here(capsys):
    assert cli.main(["test", "katana", "--new", "heuristic", "--old", "random", "--elo1", "200",
                     "--max-games", "20", "--json"]) == 0
    assert '"verdict"' in capsys.readouterr().out
    assert _arena("test", "katana", "--new", "3", "--old", "2") == 2
    assert ("version numbers (--new 3 --old 2) are the versions of your bot on the site: add --bot NAME"
            in capsys.readouterr().err)

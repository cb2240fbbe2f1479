"""A Python client generated from the live schema with openapi-python-client drives a whole journey
through the API alone -- token, upload, validation, a chosen version, a challenge, a tournament, a
table, a replay, the export -- and every answer is its typed model, every error the typed Problem.

The client is generated once per test session (a few seconds, offline) and talks to the site
in-process through WSGI; what a worker does (validating a version, playing the queued matches) the
test does between the calls, as the worker would.
"""
import importlib
import io
import json
import subprocess
import sys

import httpx
import pytest
from django.core import signals
from django.db import close_old_connections
from django.test import Client as DjangoClient

from bot_sources import GOOD_BOT
from web.bots.models import BotVersion
from web.bots.services import bot_version_validate
from web.matches import execution
from web.matches.models import Match
from web.tournaments import services as tournament_services
from web.wsgi import application

PACKAGE = "samurai_arena_api_client"


@pytest.fixture(scope="session")
def generated(tmp_path_factory):
    """The client package generated from ``/api/schema/``, imported."""
    root = tmp_path_factory.mktemp("api-client")
    schema = DjangoClient().get("/api/schema/", {"format": "json"})
    assert schema.status_code == 200
    (root / "schema.json").write_bytes(schema.content)
    (root / "config.yaml").write_text("post_hooks: []\n")   # no formatter: the code is imported, not read
    done = subprocess.run([sys.executable, "-m", "openapi_python_client", "generate", "--path",
                           str(root / "schema.json"), "--output-path", str(root / "client"),
                           "--config", str(root / "config.yaml")], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Warning" not in done.stdout + done.stderr, done.stdout + done.stderr
    sys.path.insert(0, str(root / "client"))
    try:
        yield importlib.import_module(PACKAGE)
    finally:
        sys.path.remove(str(root / "client"))


@pytest.fixture
def in_process(db):
    """Requests go through the WSGI app inside the test's transaction, on its connection."""
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    try:
        yield {"transport": httpx.WSGITransport(app=application)}
    finally:
        signals.request_started.connect(close_old_connections)
        signals.request_finished.connect(close_old_connections)


def test_every_endpoint_of_the_generated_client_imports(generated):
    import pkgutil
    api = importlib.import_module(f"{PACKAGE}.api")
    endpoints = [name for _, name, is_package in pkgutil.walk_packages(api.__path__, f"{PACKAGE}.api.")
                 if not is_package]
    assert len(endpoints) >= 40
    for name in endpoints:
        module = importlib.import_module(name)
        assert callable(module.sync_detailed), name


def _module(package, name):
    return importlib.import_module(f"{PACKAGE}.{name}")


def _call(package, endpoint, status, model, **kwargs):
    """Calls an endpoint of the generated client; its answer has ``status`` and is a ``model``."""
    response = _module(package, f"api.{endpoint}").sync_detailed(**kwargs)
    assert response.status_code == status, response.content
    expected = _module(package, "models").__dict__[model] if isinstance(model, str) else model
    assert isinstance(response.parsed, expected), (endpoint, type(response.parsed))
    return response.parsed


def _validate_pending(bot_id):
    """What the worker does with an upload: its pending versions validated in the sandbox."""
    for version in BotVersion.objects.filter(bot_id=bot_id, status=BotVersion.Status.PENDING):
        bot_version_validate(version_id=version.pk)


def _play_queued():
    """What the workers do with queued matches: play them (and move the tournaments on)."""
    queued = list(Match.objects.filter(status=Match.Status.QUEUED).values_list("pk", flat=True))
    report = execution.matches_run(match_ids=queued, worker="test")
    assert sorted(report.done) == sorted(queued)
    tournament_services.tournaments_advance_all()


def test_a_generated_client_drives_a_whole_journey(generated, in_process, sandboxed, house, user):
    api = generated
    m = _module(api, "models")
    from samurai_arena_api_client.types import File
    anon = api.Client(base_url="http://testserver", httpx_args=in_process, raise_on_unexpected_status=True)

    wrong = _call(api, "auth.auth_token", 400, "Problem", client=anon,
                  body=m.AuthTokenRequest(username="hanzo", password="not it"))
    assert wrong.detail == "Unable to log in with provided credentials." and wrong.code == "authorization"
    token = _call(api, "auth.auth_token", 200, "TokenOutput", client=anon,
                  body=m.AuthTokenRequest(username="hanzo", password="x" * 12)).token
    me = api.AuthenticatedClient(base_url="http://testserver", token=token, prefix="Token",
                                 httpx_args=in_process, raise_on_unexpected_status=True)
    assert _call(api, "auth.auth_me", 200, "MeOutput", client=me).username == "hanzo"
    assert _call(api, "auth.auth_me", 401, "Problem", client=anon).code == "not_authenticated"

    # upload, and wait for the validation the worker does
    def upload_file():
        return File(payload=io.BytesIO(GOOD_BOT), file_name="kaze.py")
    bot = _call(api, "bots.bots_upload", 201, "BotDetailOutput", client=me,
                body=m.BotUploadInputRequest(game=m.GameEnum.KATANA, name="kaze", file=upload_file()))
    assert bot.ratings == [] and [v.status for v in bot.versions] == ["pending"]
    taken = _call(api, "bots.bots_upload", 400, "Problem", client=me,
                  body=m.BotUploadInputRequest(game=m.GameEnum.KATANA, name="kaze", file=upload_file()))
    assert taken.detail == "there is already a katana bot named 'kaze'"
    _validate_pending(bot.id)
    version = _call(api, "bots.bots_versions_detail", 200, "VersionOutput", client=me, bot_id=bot.id, number=1)
    assert version.status == "passed", version.validation_problem
    second = _call(api, "bots.bots_versions_upload", 201, "VersionOutput", client=me, bot_id=bot.id,
                   body=m.VersionUploadInputRequest(file=upload_file()))
    assert second.number == 2
    _validate_pending(bot.id)

    # choose the version that plays
    chosen = _call(api, "bots.bots_change", 200, "BotDetailOutput", client=me, bot_id=bot.id,
                   body=m.PatchedBotChangeInputRequest(active_version=1))
    assert chosen.active_version == 1 and [v.status for v in chosen.versions] == ["passed", "passed"]
    missing = _call(api, "bots.bots_change", 400, "Problem", client=me, bot_id=bot.id,
                    body=m.PatchedBotChangeInputRequest(active_version=9))
    assert "9" in missing.detail
    assert _call(api, "bots.bots_detail", 404, "Problem", client=me, bot_id=999_999).detail == "no bot 999999"
    listed = _call(api, "bots.bots_list", 200, "PagedBots", client=me, mine=True)
    assert [b.name for b in listed.results] == ["kaze"]

    # a challenge against three house bots
    opponents = [b.pk for b in house[:3]]
    challenge = _call(api, "challenges.challenges_create", 201, "ChallengeDetailOutput", client=me,
                      body=m.ChallengeCreateInputRequest(bot=bot.id, opponents=opponents, games=2, seed=5))
    assert challenge.version == 1 and challenge.progress.total == 2 and challenge.progress.finished == 0
    _play_queued()
    challenge = _call(api, "challenges.challenges_detail", 200, "ChallengeDetailOutput", client=me,
                      challenge_id=challenge.id)
    assert challenge.progress.finished == 2 and challenge.results.overall.games == 2
    assert {s.bot for s in challenge.matches[0].seats} == {"kaze", *(b.name for b in house[:3])}

    # a version test of kaze's two versions: queued, no winner yet, cancelled (its queued games dropped)
    trial = _call(api, "version_tests.version_tests_create", 201, "VersionTestDetailOutput", client=me,
                  bot_id=bot.id, body=m.VersionTestCreateInputRequest(new=2, old=1, elo1=50.0, max_games=4, seed=1))
    assert (trial.status, trial.new_version, trial.old_version, len(trial.matches)) == ("queued", 2, 1, 4)
    assert trial.upper_bound > 2.9 and trial.verdict == "v2 against v1: no games yet"
    early = _call(api, "version_tests.version_tests_make_winner_play", 409, "Problem", client=me, test_id=trial.id)
    assert early.code == "conflict" and "still running" in early.detail
    cancelled = _call(api, "version_tests.version_tests_cancel", 200, "VersionTestOutput", client=me,
                      test_id=trial.id)
    assert cancelled.status == "cancelled"
    listed = _call(api, "version_tests.version_tests_list", 200, "PagedVersionTests", client=me, bot_id=bot.id)
    assert [t.id for t in listed.results] == [trial.id]

    # a tournament with the house bots
    tournament = _call(api, "tournaments.tournaments_create", 201, "TournamentDetailOutput", client=me,
                       body=m.TournamentCreateInputRequest(game=m.GameEnum.KATANA, name="spring",
                                                           bots=[bot.id, *opponents], players_per_match=4,
                                                           rounds=1, seed=3))
    assert tournament.progress.rounds == 1 and len(tournament.participants) == 4
    _play_queued()
    tournament = _call(api, "tournaments.tournaments_detail", 200, "TournamentDetailOutput", client=me,
                       tournament_id=tournament.id)
    assert tournament.status == "done", tournament.progress
    standings = _call(api, "tournaments.tournaments_standings", 200, list, client=me, tournament_id=tournament.id)
    assert all(isinstance(row, m.StandingOutput) for row in standings) and len(standings) == 4

    # a table: my seat, an open one for a person, my bot; a move before it starts is a conflict
    table = _call(api, "tables.tables_create", 201, "TableOutput", client=me, body=m.TableCreateInputRequest(
        game=m.GameEnum.KATANA, seats=[m.SeatInputRequest(kind=m.SeatInputKindEnum.ME),
                                       m.SeatInputRequest(kind=m.SeatInputKindEnum.OPEN),
                                       m.SeatInputRequest(kind=m.SeatInputKindEnum.BOT, bot=house[0].pk)]))
    assert [s.kind for s in table.seats] == ["person", "open", "bot"] and table.status == "open"
    early = _call(api, "tables.tables_move", 409, "Problem", client=me, table_id=table.id,
                  body=m.MoveInputRequest(decision=1, action="END_TURN"))
    assert early.code == "not_your_turn" and "not started" in early.detail
    state = _call(api, "tables.tables_state", 200, "TablesStateResponse200", client=me, table_id=table.id)
    assert state["phase"] == "waiting_for_people"
    cancelled = _call(api, "tables.tables_cancel", 200, "TableOutput", client=me, table_id=table.id)
    assert cancelled.status == "cancelled"

    # a replay, and the export
    match_id = challenge.matches[0].id
    detail = _call(api, "matches.matches_detail", 200, "MatchDetailOutput", client=me, match_id=match_id)
    assert detail.status == "done" and len(detail.logs.additional_properties) == 1   # my bot's seat only
    replay = _call(api, "matches.matches_replay", 200, "MatchesReplayResponse200", client=me, match_id=match_id)
    assert replay["bots"][0] == "kaze@v1"
    assert _call(api, "matches.matches_replay", 404, "Problem", client=me, match_id=999_999).code == "not_found"
    export = _call(api, "games.games_export", 200, "ExportPageOutput", client=me, game=m.GamesExportGame.KATANA,
                   bot="kaze")
    played = Match.objects.filter(seats__bot_id=bot.id, status=Match.Status.DONE).values("pk").distinct().count()
    assert played == 2 + 4 and export.remaining == played and export.next_after is None
    assert {line["match"] for line in export.results} >= {match_id}
    assert json.dumps(export.results[0]["replay"]) and "log" not in json.dumps(export.results[0]["seats"])

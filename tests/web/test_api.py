"""The API: every endpoint, its errors and who may see what."""
import io
import zipfile

import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from bot_sources import GOOD_BOT, playable_upload
from web.bots.models import Bot, BotVersion
from web.matches import execution, services as match_services
from web.tournaments.models import Tournament


@pytest.fixture
def anon():
    return APIClient()


@pytest.fixture
def client_of(db):
    def make(user):
        client = APIClient()
        token, _ = Token.objects.get_or_create(user=user)
        client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
        return client
    return make


@pytest.fixture
def api(user, client_of):
    return client_of(user)


@pytest.fixture
def stranger(django_user_model):
    return django_user_model.objects.create_user(username="kojiro", password="y" * 12)


def _upload(api, name="first-legal", content=GOOD_BOT, filename="bot.py", game="katana"):
    return api.post("/api/bots/", {"game": game, "name": name, "file": _file(filename, content)},
                    format="multipart")


def _file(name, content):
    from django.core.files.uploadedfile import SimpleUploadedFile
    return SimpleUploadedFile(name, content)


def _zip(members):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, data in members:
            archive.writestr(name, data)
    return buffer.getvalue()


def test_games(anon, db):
    games = anon.get("/api/games/").json()
    assert {"katana", "risques"} <= {g["id"] for g in games}
    katana = anon.get("/api/games/katana/").json()
    assert katana["min_players"] == 3 and katana["max_players"] == 7 and katana["rules_summary"]
    assert anon.get("/api/games/chess/").status_code == 404


def test_schema_and_docs_are_served_without_a_cdn(anon, db):
    schema = anon.get("/api/schema/")
    assert schema.status_code == 200 and b"/api/bots/" in schema.content
    docs = anon.get("/api/docs/")
    assert docs.status_code == 200
    html = docs.content.decode()
    assert "swagger-ui" in html and "cdn" not in html.lower() and "//unpkg" not in html


def test_login_token(anon, user):
    response = anon.post("/api/auth/token/", {"username": "hanzo", "password": "x" * 12})
    assert response.status_code == 200
    token = response.json()["token"]
    anon.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    assert anon.get("/api/auth/me/").json() == {"username": "hanzo"}
    assert APIClient().post("/api/auth/token/", {"username": "hanzo", "password": "nope"}).status_code == 400
    assert APIClient().get("/api/auth/me/").status_code == 401


def test_upload_stores_a_pending_version_and_only_the_owner_sees_its_source(api, anon, user, stranger, client_of):
    response = _upload(api)
    assert response.status_code == 201, response.content
    bot = response.json()
    assert bot["owner"] == "hanzo" and bot["is_mine"] and bot["versions"][0]["status"] == "pending"
    source = api.get(f"/api/bots/{bot['id']}/versions/1/source/")
    assert source.status_code == 200 and source.content == GOOD_BOT
    assert anon.get(f"/api/bots/{bot['id']}/versions/1/source/").status_code == 404
    assert client_of(stranger).get(f"/api/bots/{bot['id']}/versions/1/source/").status_code == 404
    BotVersion.objects.filter(bot_id=bot["id"]).update(status="failed", validation_log="Traceback: boom",
                                                       validation_problem="it crashed")
    mine = api.get(f"/api/bots/{bot['id']}/versions/").json()[0]
    assert mine["validation_log"] == "Traceback: boom" and mine["validation_problem"] == "it crashed"
    theirs = anon.get(f"/api/bots/{bot['id']}/versions/1/").json()
    assert theirs["status"] == "failed" and theirs["validation_log"] is None
    listed = anon.get("/api/bots/?game=katana&search=first").json()
    assert listed["count"] == 1 and listed["results"][0]["name"] == "first-legal"
    assert api.get("/api/bots/?mine=true").json()["count"] == 1
    assert client_of(stranger).get("/api/bots/?mine=true").json()["count"] == 0


def test_new_version_by_the_owner_only(api, user, stranger, client_of):
    bot = _upload(api).json()
    assert api.post(f"/api/bots/{bot['id']}/versions/", {"file": _file("v2.py", GOOD_BOT)},
                    format="multipart").json()["number"] == 2
    refused = client_of(stranger).post(f"/api/bots/{bot['id']}/versions/", {"file": _file("v3.py", GOOD_BOT)},
                                       format="multipart")
    assert refused.status_code == 403


@pytest.mark.parametrize("filename,content,message", [
    ("bot.txt", b"x", "a bot is a .py file, a .zip archive, or an executable"),
    ("bot.py", b"def act(:\n", "bot.py line 1"),
    ("bot.py", b"", "empty"),
    ("bot.zip", _zip([("../evil.py", b"x=1")]), "points outside the zip"),
    ("bot.zip", _zip([("/etc/evil.py", b"x=1")]), "absolute path"),
    ("bot.zip", _zip([("readme.txt", b"hi")]), "no main.py"),
    ("bot.zip", b"PK\x03\x04 not really", "not a valid zip"),
])
def test_bad_uploads_are_refused_with_a_clear_message(api, filename, content, message):
    response = _upload(api, filename=filename, content=content)
    assert response.status_code == 400
    assert message in str(response.json())
    assert BotVersion.objects.count() == 0


def test_too_large_and_too_many_members(api, settings, monkeypatch):
    settings.ARENA_MAX_BOT_BYTES = 100
    response = _upload(api, content=b"x = 1\n" * 50)
    assert response.status_code == 400 and "the limit is 100" in str(response.json())
    settings.ARENA_MAX_BOT_BYTES = 5 << 20
    from arena.bots import submission
    monkeypatch.setattr(submission, "MAX_MEMBERS", 3)
    response = _upload(api, filename="many.zip", content=_zip([(f"f{i}.py", b"") for i in range(5)]))
    assert response.status_code == 400 and "more than the 3 allowed" in str(response.json())


def test_uploads_need_a_user_and_are_rate_limited(anon, api, settings):
    assert _upload(anon).status_code == 401
    from rest_framework.throttling import SimpleRateThrottle
    rates = dict(SimpleRateThrottle.THROTTLE_RATES, uploads="2/hour")
    settings.REST_FRAMEWORK = dict(settings.REST_FRAMEWORK, DEFAULT_THROTTLE_RATES=rates)
    import web.api.throttles as throttles
    old = throttles.UploadThrottle.THROTTLE_RATES
    throttles.UploadThrottle.THROTTLE_RATES = rates
    try:
        assert _upload(api, name="a").status_code == 201
        assert _upload(api, name="b").status_code == 201
        limited = _upload(api, name="c")
        assert limited.status_code == 429 and "throttled" in limited.json()["detail"].lower()
        assert api.get("/api/bots/").status_code == 200   # reading is not limited
    finally:
        throttles.UploadThrottle.THROTTLE_RATES = old


def test_refused_uploads_do_not_use_the_quota(api):
    import web.api.throttles as throttles
    old = throttles.UploadThrottle.THROTTLE_RATES
    throttles.UploadThrottle.THROTTLE_RATES = dict(old, uploads="2/hour")
    try:
        for name in ("bad-1", "bad-2", "bad-3"):
            refused = _upload(api, name=name, content=b"def act(:\n")
            assert refused.status_code == 400 and "line 1" in str(refused.json())
        assert _upload(api, name="a").status_code == 201
        assert _upload(api, name="a").status_code == 400   # a taken name is refused, not counted
        assert _upload(api, name="b").status_code == 201
        assert _upload(api, name="c").status_code == 429
    finally:
        throttles.UploadThrottle.THROTTLE_RATES = old


def test_a_bare_executable_is_a_bot_and_other_files_are_refused_with_what_a_bot_is(api):
    script = b"#!/bin/sh\nwhile read line; do echo '{}'; done\n"
    created = _upload(api, name="shell", content=script, filename="first_legal")
    assert created.status_code == 201, created.json()
    version = Bot.objects.get(name="shell").versions.get()
    assert version.original_name == "first_legal" and version.status == "pending"
    refused = _upload(api, name="notes", content=b"just some notes\n", filename="notes.txt")
    assert refused.status_code == 400
    assert ("a bot is a .py file, a .zip archive, or an executable (a script starting with #! or a Linux "
            "binary)") in str(refused.json())
    assert not Bot.objects.filter(name="notes").exists()


def test_duplicate_name_and_unknown_game(api):
    assert _upload(api).status_code == 201
    again = _upload(api)
    assert again.status_code == 400 and "already a katana bot" in again.json()["detail"]
    assert "unknown game" in _upload(api, game="chess", name="x").json()["detail"]


def _played_match(house, bot):
    match = match_services.match_create(game="katana", seats=[bot] + house[:3], seed=7)
    execution.matches_run(match_ids=[match.pk], worker="test")
    match.refresh_from_db()
    return match


def test_matches_detail_replay_and_logs_for_the_owner_only(sandboxed, api, anon, house, user, stranger,
                                                           client_of):
    bot, _ = playable_upload(user, "first-legal", GOOD_BOT)
    match = _played_match(house, bot)
    listed = anon.get(f"/api/matches/?game=katana&bot={bot.pk}&status=done").json()
    assert [m["id"] for m in listed] == [match.pk]
    assert listed[0]["seats"][0]["bot"] == "first-legal" and listed[0]["seats"][0]["status"] == "ok"
    assert anon.get("/api/matches/?status=running").json() == []
    assert anon.get("/api/matches/?status=nonsense").status_code == 400
    mine = api.get(f"/api/matches/{match.pk}/").json()
    assert list(mine["logs"]) == ["0"] and "thinking" in mine["logs"]["0"]["log"]
    assert anon.get(f"/api/matches/{match.pk}/").json()["logs"] == {}
    assert client_of(stranger).get(f"/api/matches/{match.pk}/").json()["logs"] == {}
    replay = anon.get(f"/api/matches/{match.pk}/replay/?download=1")
    assert replay.status_code == 200 and "attachment" in replay["Content-Disposition"]
    from arena import replay as arena_replay
    assert arena_replay.verify(replay.json()) == match.result
    assert anon.get("/api/matches/999999/").status_code == 404
    assert anon.get("/api/matches/999999/replay/").status_code == 404


def test_leaderboard_and_rating_history(anon, house):
    for seed in range(3):
        match = match_services.match_create(game="katana", seats=house[:4], seed=seed)
        execution.matches_run(match_ids=[match.pk], worker="test")
    board = anon.get("/api/games/katana/leaderboard/?page_size=2").json()
    assert board["count"] == 4 and board["pages"] == 2 and len(board["results"]) == 2
    row = board["results"][0]
    assert row["position"] == 1 and row["games"] == 3 and 0 <= row["win_rate"] <= 1
    second = anon.get("/api/games/katana/leaderboard/?page_size=2&page=2").json()
    assert [r["position"] for r in second["results"]] == [3, 4]
    assert anon.get("/api/games/katana/leaderboard/?search=random-1").json()["count"] == 1
    assert anon.get("/api/games/katana/leaderboard/?page=0").status_code == 400
    assert anon.get("/api/games/chess/leaderboard/").status_code == 404
    history = anon.get(f"/api/bots/{house[0].pk}/ratings/").json()
    assert len(history) == 3 and all(e["kind"] == "live" for e in history)
    assert anon.get("/api/bots/999999/ratings/").status_code == 404
    assert anon.get(f"/api/bots/{house[0].pk}/").json()["rating"]["games"] == 3


def test_tournaments_create_status_standings(api, anon, house):
    body = {"name": "spring", "game": "katana", "format": "tables", "bots": [b.pk for b in house[:4]],
            "rounds": 1}
    assert anon.post("/api/tournaments/", body, format="json").status_code == 401
    created = api.post("/api/tournaments/", body, format="json")
    assert created.status_code == 201, created.content
    t = created.json()
    assert t["owner"] == "hanzo" and t["status"] == "running" and len(t["participants"]) == 4
    assert t["progress"]["matches"]["queued"] >= 1 and t["progress"]["round"] == 1
    from web.matches.models import Match
    execution.matches_run(match_ids=list(Match.objects.values_list("pk", flat=True)), worker="test")
    from web.tournaments import services as tournament_services
    tournament_services.tournaments_advance_all()
    status = anon.get(f"/api/tournaments/{t['id']}/").json()
    assert status["status"] == "done"
    standings = anon.get(f"/api/tournaments/{t['id']}/standings/").json()
    assert len(standings) == 4 and standings[0]["position"] == 1
    assert anon.get("/api/tournaments/?status=done").json()["count"] == 1
    assert anon.get("/api/tournaments/999999/").status_code == 404


@pytest.mark.parametrize("change,message", [
    ({"bots": [999999, 999998]}, "no bot"),
    ({"format": "round-robin"}, "pairs two players"),
    ({"game": "chess"}, "unknown game"),
    ({"players_per_match": 2}, "katana is played by 3 to 7"),
])
def test_tournament_errors(api, house, change, message):
    body = {"game": "katana", "bots": [b.pk for b in house[:4]], **change}
    response = api.post("/api/tournaments/", body, format="json")
    assert response.status_code == 400 and message in str(response.json())
    assert Tournament.objects.count() == 0


def test_tournament_creation_is_rate_limited(api, house):
    import web.api.throttles as throttles
    old = throttles.TournamentThrottle.THROTTLE_RATES
    throttles.TournamentThrottle.THROTTLE_RATES = dict(old, tournaments="1/hour")
    try:
        body = {"game": "katana", "bots": [b.pk for b in house[:4]]}
        assert api.post("/api/tournaments/", body, format="json").status_code == 201
        assert api.post("/api/tournaments/", body, format="json").status_code == 429
    finally:
        throttles.TournamentThrottle.THROTTLE_RATES = old

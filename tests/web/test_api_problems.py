"""The API's errors, all RFC 9457 problem details, and the schema that documents them."""
import pytest
from django.test import Client
from drf_spectacular.drainage import GENERATOR_STATS
from drf_spectacular.generators import SchemaGenerator
from drf_spectacular.validation import validate_schema
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from bot_sources import GOOD_BOT

PROBLEM = "application/problem+json"


@pytest.fixture
def anon():
    return APIClient()


@pytest.fixture
def api(user):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.get_or_create(user=user)[0].key}")
    return client


def _problem(response, status, code):
    assert response.status_code == status, response.content
    assert response["Content-Type"] == PROBLEM
    body = response.json()
    assert body["type"] == "about:blank" and body["status"] == status and body["code"] == code
    assert body["title"] and body["detail"]
    return body


def _upload(client, **fields):
    from django.core.files.uploadedfile import SimpleUploadedFile
    data = {"game": "katana", "name": "kaze", "file": SimpleUploadedFile("bot.py", GOOD_BOT), **fields}
    return client.post("/api/bots/", data, format="multipart")


def test_a_refused_input_names_each_field(api, db):
    body = _problem(api.post("/api/tables/", {"game": "chess", "seats": [{"kind": "chair"}]}, format="json"),
                    400, "invalid")
    assert body["title"] == "Bad Request"
    assert body["errors"] == {"game": ["unknown game 'chess': the games are " + body["errors"]["game"][0]
                                       .split("the games are ")[1]],
                              "seats.0.kind": ['"chair" is not a valid choice.']}
    assert "katana" in body["errors"]["game"][0]
    assert body["detail"].startswith("game: unknown game 'chess'") and "seats.0.kind:" in body["detail"]


def test_a_refusal_of_the_platform_is_its_sentence(api, db):
    assert _upload(api).status_code == 201
    body = _problem(_upload(api), 400, "invalid")
    assert body["detail"] == "there is already a katana bot named 'kaze'" and "errors" not in body


def test_an_empty_query_parameter_is_refused_not_ignored(anon, db):
    for path, name in [("/api/matches/?status=", "status"), ("/api/bots/?page=", "page"),
                       ("/api/tournaments/?game=", "game"), ("/api/games/katana/leaderboard/?search=", "search")]:
        body = _problem(anon.get(path), 400, "invalid")
        assert body["errors"] == {name: ["must not be empty: leave the parameter out instead"]}, path
    assert anon.get("/api/matches/").status_code == 200


def test_paging_limits_are_enforced_and_in_the_schema(anon, db):
    assert _problem(anon.get("/api/bots/?page=0"), 400, "invalid")["errors"]["page"]
    assert _problem(anon.get("/api/bots/?page_size=201"), 400, "invalid")["errors"]["page_size"]
    schema = anon.get("/api/schema/?format=json").json()
    parameters = {p["name"]: p["schema"] for p in schema["paths"]["/api/bots/"]["get"]["parameters"]}
    assert parameters["page"]["minimum"] == 1 and parameters["page_size"]["maximum"] == 200
    assert parameters["search"]["minLength"] == 1 and parameters["search"]["pattern"] == "^[^\\x00]*$"
    assert _problem(anon.get("/api/bots/?search=a%00"), 400, "invalid")["errors"] == {
        "search": ["Null characters are not allowed."]}
    export = {p["name"]: p for p in schema["paths"]["/api/games/{game}/export/"]["get"]["parameters"]}
    assert "not before since" in export["until"]["description"]


def test_authentication_permissions_and_missing_rows(anon, api, user, db, django_user_model):
    assert _problem(anon.get("/api/auth/me/"), 401, "not_authenticated")
    bad = APIClient()
    bad.credentials(HTTP_AUTHORIZATION="Token nope")
    assert _problem(bad.get("/api/games/"), 401, "authentication_failed")["detail"] == "Invalid token."
    assert _problem(anon.get("/api/bots/?mine=true"), 401, "not_authenticated")["detail"] == "sign in to list your bots"
    bot_id = _upload(api).json()["id"]
    other = APIClient()
    other.force_authenticate(django_user_model.objects.create_user(username="kojiro", password="y" * 12))
    assert "owner" in _problem(other.delete(f"/api/bots/{bot_id}/"), 403, "permission_denied")["detail"]
    assert _problem(anon.get("/api/bots/999999/"), 404, "not_found")["detail"] == "no bot 999999"


def test_routes_methods_and_server_errors_under_api(anon, api, monkeypatch):
    assert "no API route '/api/nowhere/'" in _problem(anon.get("/api/nowhere/"), 404, "not_found")["detail"]
    assert _problem(anon.get("/api/bots/abc/"), 404, "not_found")
    body = _problem(api.delete("/api/games/"), 405, "method_not_allowed")
    assert body["detail"] == 'Method "DELETE" not allowed.'
    page = anon.get("/nowhere-at-all/")   # the site's pages keep their own 404 page
    assert page.status_code == 404 and PROBLEM not in page["Content-Type"]
    from web.api import views
    monkeypatch.setattr(views.games, "game_list", lambda: 1 / 0)
    body = _problem(Client(raise_request_exception=False).get("/api/games/"), 500, "server_error")
    assert "ZeroDivision" not in body["detail"]


def test_throttles_and_sign_in_limits(api, anon, user, settings, monkeypatch):
    from rest_framework.throttling import SimpleRateThrottle
    from web.api import throttles
    rates = dict(SimpleRateThrottle.THROTTLE_RATES, uploads="1/hour")
    settings.REST_FRAMEWORK = dict(settings.REST_FRAMEWORK, DEFAULT_THROTTLE_RATES=rates)
    monkeypatch.setattr(throttles.UploadThrottle, "THROTTLE_RATES", rates)
    assert _upload(api, name="one").status_code == 201
    assert "throttled" in _problem(_upload(api, name="two"), 429, "throttled")["detail"].lower()
    settings.ARENA_SIGN_IN_FAILURES_PER_ACCOUNT = 1
    refused = anon.post("/api/auth/token/", {"username": "hanzo", "password": "wrong"}, format="json")
    assert _problem(refused, 400, "authorization")["detail"] == "Unable to log in with provided credentials."
    limited = anon.post("/api/auth/token/", {"username": "hanzo", "password": "x" * 12}, format="json")
    assert _problem(limited, 429, "throttled")["detail"].startswith("too many failed sign-ins for this account")


def test_a_body_over_the_limit_is_a_problem_too(anon, db, settings):
    response = Client().post("/api/bots/", data=b"x", content_type="application/octet-stream",
                             CONTENT_LENGTH=str(settings.ARENA_MAX_BOT_BYTES * 2))
    assert "the most this site takes" in _problem(response, 413, "too_large")["detail"]


def _schema():
    GENERATOR_STATS.reset()
    schema = SchemaGenerator().get_schema(request=None, public=True)
    return schema, bool(GENERATOR_STATS)


def test_the_schema_generates_without_a_warning_and_is_valid_openapi(db):
    schema, warned = _schema()
    assert not warned
    validate_schema(schema)
    assert "`application/problem+json` (RFC 9457)" in schema["info"]["description"]
    names = schema["components"]["schemas"]
    assert {"ChallengeProgressOutput", "TournamentProgressOutput", "MatchSeatOutput", "TableSeatOutput",
            "Problem"} <= set(names)
    assert not {"ProgressOutput", "SeatOutput"} & set(names)


def test_every_operation_takes_one_body_type_and_documents_its_errors(db):
    schema, _ = _schema()
    problem = {"schema": {"$ref": "#/components/schemas/Problem"}}
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            where = f"{method.upper()} {path}"
            body = operation.get("requestBody", {}).get("content", {})
            assert len(body) <= 1, where
            uploads = operation["operationId"] in ("bots_upload", "bots_versions_upload")
            assert list(body) == (["multipart/form-data"] if uploads else ["application/json"] if body else []), where
            errors = {status: response for status, response in operation["responses"].items() if status >= "400"}
            assert errors and all(r["content"] == {PROBLEM: problem} for r in errors.values()), where
            if "{" in path:
                assert "404" in errors, where
            if body or any(p["in"] == "query" for p in operation.get("parameters", [])):
                assert "400" in errors, where
    token = schema["paths"]["/api/auth/token/"]["post"]
    assert token["security"] == [{}] and "401" not in token["responses"] and "429" in token["responses"]
    assert "429" in schema["paths"]["/api/bots/"]["post"]["responses"]
    assert "429" not in schema["paths"]["/api/bots/"]["get"]["responses"]
    assert "409" in schema["paths"]["/api/tables/{table_id}/move/"]["post"]["responses"]
    assert "200" in schema["paths"]["/api/bots/{bot_id}/"]["delete"]["responses"]


def test_an_upload_answers_what_its_schema_requires(api, db):
    schema, _ = _schema()
    required = schema["components"]["schemas"]["BotDetailOutput"]["required"]
    created = _upload(api)
    assert created.status_code == 201
    body = created.json()
    assert set(required) <= set(body) and body["ratings"] == [] and body["versions"][0]["number"] == 1

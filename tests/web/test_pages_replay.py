"""The replay viewer on the match page and the frames it fetches."""
import gzip
import json
import re

import pytest
from django.core.cache import cache
from django.urls import reverse

from arena import replay_frames
from web.bots import services as bot_services
from web.matches import services
from web.matches.models import Match

VIEWER_IDS = ("replay-viewer", "replay-play", "replay-step-forward", "replay-step-back", "replay-speed",
              "replay-jump", "replay-step-number", "replay-perspective", "replay-board", "replay-events")


@pytest.fixture(autouse=True)
def _fresh_cache():
    cache.clear()
    yield
    cache.clear()


def _play(game, seats, seed, options=None):
    from web.matches import execution
    match = services.match_create(game=game, seats=seats, seed=seed, options=options)
    token = execution.match_claim(match_id=match.pk, worker="test")
    match = Match.objects.get(pk=match.pk)
    rows = list(match.seats.select_related("bot", "bot_version").order_by("seat"))
    assert execution.match_store_result(match_id=match.pk, lease_token=token,
                                        played=execution.match_play(match=match, seats=rows))
    return Match.objects.get(pk=match.pk)


@pytest.fixture
def risques_match(db):
    """A finished four-samurai Risques massacre between built-in bots."""
    bots = bot_services.house_bots_ensure(game="risques", count=4)
    return _play("risques", bots, 5, {"mode": "massacre"})


def _frames(client, match, perspective=None):
    url = reverse("match-frames", args=[match.pk])
    return client.get(url if perspective is None else f"{url}?perspective={perspective}")


@pytest.mark.parametrize("fixture", ["played_match", "risques_match"])
def test_a_finished_match_page_has_the_viewer_with_its_games_renderer(client, request, fixture):
    match = request.getfixturevalue(fixture)
    page = client.get(reverse("match-detail", args=[match.pk])).content.decode()
    for element_id in VIEWER_IDS:
        assert f'id="{element_id}"' in page
    assert f'data-game="{match.game}"' in page and 'data-step="0"' in page
    assert f'data-frames-url="{reverse("match-frames", args=[match.pk])}"' in page
    assert "/static/replay/player.js" in page and f"/static/replay/{match.game}.js" in page
    other = {"katana": "risques", "risques": "katana"}[match.game]
    assert f"/static/replay/{other}.js" not in page, "only the match's own game's renderer is loaded"
    assert '<option value="all" selected>everything</option>' in page
    for seat in match.seats.select_related("bot"):
        assert f'<option value="{seat.seat}">seat {seat.seat} ({seat.bot.name})</option>' in page
    assert f"{reverse('api-match-replay', args=[match.pk])}?download=1" in page


def test_the_viewer_gets_the_names_of_the_numbers_in_a_view_from_the_games_action_table(client, risques_match):
    page = client.get(reverse("match-detail", args=[risques_match.pk])).content.decode()
    start = page.index('<script id="replay-action-labels" type="application/json">') + len(
        '<script id="replay-action-labels" type="application/json">')
    labels = json.loads(page[start:page.index("</script>", start)])
    # a participant's number in a Risques view is its index in the TARGET block
    assert labels["TARGET"][:2] == ["seat_0", "seat_1"]
    assert labels["TARGET"][7:] == ["ashigaru_1", "ashigaru_2", "guard_1", "guard_2"]
    assert labels["POOL_DONE"] == [] and labels["INVOKE_WOUND_RANK"] == ["1", "2", "3", "4", "5"]


def _board_data(page):
    marker = '<script id="replay-board-data" type="application/json">'
    if marker not in page:
        return None
    start = page.index(marker) + len(marker)
    return json.loads(page[start:page.index("</script>", start)])


def test_the_samourai_viewer_draws_the_map_of_the_games_data_module_and_katanas_has_none(client, house):
    from engine_ext.samourai import data
    samourai = services.match_create(game="samourai", seats=bot_services.house_bots_ensure(game="samourai", count=3),
                                     seed=1)
    katana = services.match_create(game="katana", seats=house[:3], seed=1)
    # the page's board comes from the spec, not from the replay: the matches need not be played
    Match.objects.filter(pk__in=[samourai.pk, katana.pk]).update(status=Match.Status.DONE, result={})
    page = client.get(reverse("match-detail", args=[samourai.pk])).content.decode()
    assert "/static/replay/samourai.js" in page
    board = _board_data(page)
    assert board == data.board_tables()
    settsu = next(t for t in board["territories"] if t["key"] == "settsu")
    assert (settsu["x"], settsu["y"], settsu["city"]) == (data.TERRITORIES[1].x, data.TERRITORIES[1].y, "Osaka")
    assert len(board["territories"]) == 46 and len(board["provinces"]) == 9
    assert _board_data(client.get(reverse("match-detail", args=[katana.pk])).content.decode()) is None


def test_the_match_page_loads_no_htmx_and_the_pages_that_use_it_still_do(client, played_match):
    # the match page sends no htmx request; its replay is drawn sooner without it
    page = client.get(reverse("match-detail", args=[played_match.pk])).content.decode()
    assert "/static/replay/player.js" in page and "htmx" not in page and "/static/js/confirm.js" in page
    game_page = client.get(reverse("game-detail", args=[played_match.game])).content.decode()
    assert "hx-get=" in game_page and "/static/vendor/htmx-2.0.11.min.js" in game_page
    assert "htmx-config" in game_page


def _script_src_policy(response):
    return next(part.strip() for part in response["Content-Security-Policy"].split(";")
                if part.strip().startswith("script-src "))


def test_the_match_page_asks_for_its_frames_from_its_head_under_a_nonce_of_its_own(client, played_match, house):
    url = reverse("match-detail", args=[played_match.pk])
    nonces = []
    for response in (client.get(url), client.get(url)):
        page = response.content.decode()
        inline = re.findall(r"<script(?![^>]*\bsrc=)(?![^>]*application/json)([^>]*)>", page)
        assert len(inline) == 1, "one inline script, the frames' request; the rest are files and JSON data"
        nonce = re.fullmatch(r' nonce="([A-Za-z0-9+/=_-]{16,})"', inline[0]).group(1)
        assert _script_src_policy(response) == f"script-src 'self' 'nonce-{nonce}'"
        # before the style sheets: a script after them would wait until they have loaded
        assert page.index(f'<script nonce="{nonce}">') < page.index('rel="stylesheet"')
        assert f'fetch("{reverse("match-frames", args=[played_match.pk])}?perspective=" + perspective' in page
        assert 'rel="preload"' not in page, "the script asks for the link's perspective: no preload of everything"
        nonces.append(nonce)
    assert nonces[0] != nonces[1], "a nonce is the page's own"
    # a page without a replay runs no inline script, and its policy names no nonce
    unfinished = client.get(reverse("match-detail", args=[services.match_create(
        game="katana", seats=house[:3], seed=1).pk]))
    assert "<script nonce" not in unfinished.content.decode()
    assert _script_src_policy(unfinished) == "script-src 'self'"


def test_an_unfinished_match_has_no_viewer_and_no_frames(client, house):
    match = services.match_create(game="katana", seats=house[:3], seed=1)
    page = client.get(reverse("match-detail", args=[match.pk])).content.decode()
    assert 'id="replay-viewer"' not in page and "player.js" not in page
    response = _frames(client, match)
    assert response.status_code == 404 and "has no replay" in response.json()["error"]


def test_a_game_without_a_renderer_says_so(client, played_match, monkeypatch):
    from web.matches import views
    monkeypatch.setattr(views, "replay_renderer", lambda game: None)
    page = client.get(reverse("match-detail", args=[played_match.pk])).content.decode()
    assert "no replay viewer yet" in page and 'id="replay-viewer"' not in page


@pytest.mark.parametrize("fixture", ["played_match", "risques_match"])
def test_the_frames_of_everything_rebuild_the_full_view_of_every_step(client, request, fixture):
    match = request.getfixturevalue(fixture)
    response = _frames(client, match, "all")
    assert response.status_code == 200 and response["Content-Type"] == "application/json"
    frames = response.json()
    assert frames["game"] == match.game and frames["perspective"] == "all"
    assert len(frames["frames"]) == match.steps + 1
    assert frames == replay_frames.build_frames(match.replay)
    last = replay_frames.views(frames)[-1]
    assert last["phase"] == "game_over"
    assert _frames(client, match).json() == frames, "no perspective means everything"


def test_a_seats_frames_hide_the_other_hands(client, played_match):
    everything = replay_frames.views(_frames(client, played_match, "all").json())
    seat_two = _frames(client, played_match, "2").json()
    assert seat_two["perspective"] == 2
    views = replay_frames.views(seat_two)
    assert all(view["seat"] == 2 and "hand" not in view["seats"][0] for view in views)
    assert [view["you"]["hand"] for view in views] == [view["seats"][2]["hand"] for view in everything]
    assert seat_two == replay_frames.build_frames(played_match.replay, 2)


def test_risques_secret_wagers_show_in_everything_only(client, risques_match):
    def secrets(perspective):
        return [entry["secret"] for view in replay_frames.views(_frames(client, risques_match, perspective).json())
                for entry in view["participants"] if "secret" in entry and entry["owner"] != 0]
    everything, seat_zero = secrets("all"), secrets("0")
    assert everything and all(secret is not None for secret in everything)
    assert len(seat_zero) == len(everything) and all(secret is None for secret in seat_zero)


@pytest.mark.parametrize("perspective, message", [
    ("9", "seat from 0 to 4"), ("-1", "'all' or a seat number"), ("seat", "'all' or a seat number"),
    ("1.5", "'all' or a seat number"), ("١", "'all' or a seat number")])
def test_a_bad_perspective_is_a_clear_400(client, played_match, perspective, message):
    response = _frames(client, played_match, perspective)
    assert response.status_code == 400
    assert message in response.json()["error"]


def test_an_unknown_match_has_no_frames(client, db):
    response = client.get(reverse("match-frames", args=[999999]))
    assert response.status_code == 404 and "match 999999" in response.json()["error"]


def test_a_replay_the_engine_cannot_play_is_a_409(client, played_match):
    Match.objects.filter(pk=played_match.pk).update(replay=dict(played_match.replay, rules_version="0.1"))
    response = _frames(client, played_match)
    assert response.status_code == 409 and "rules 0.1" in response.json()["error"]


def test_frames_are_cached_and_compressed(client, played_match, django_assert_max_num_queries):
    first = _frames(client, played_match, "1")
    with django_assert_max_num_queries(1):
        again = client.get(f"{reverse('match-frames', args=[played_match.pk])}?perspective=1",
                           HTTP_ACCEPT_ENCODING="gzip")
    assert again["Content-Encoding"] == "gzip"
    body = gzip.decompress(again.content)
    assert json.loads(body) == first.json()
    assert len(again.content) * 4 < len(body)
    assert "max-age" in again["Cache-Control"]

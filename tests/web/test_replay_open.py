"""A replay file opened in the viewer: the page, and the frames computed from a file's body."""
import json

import pytest
from django.urls import reverse

from arena import replay_frames
from web.matches.models import Match


def _post(client, body, perspective=None):
    url = reverse("replay-file-frames")
    if perspective is not None:
        url += f"?perspective={perspective}"
    data = body if isinstance(body, (str, bytes)) else json.dumps(body)
    return client.post(url, data=data, content_type="application/json")


def test_the_frames_of_a_replay_file_are_computed_and_nothing_is_stored(client, played_match):
    matches = Match.objects.count()
    response = _post(client, played_match.replay)
    assert response.status_code == 200 and response["Content-Type"] == "application/json"
    assert response.json() == replay_frames.build_frames(played_match.replay)
    seat_two = _post(client, played_match.replay, perspective=2).json()
    assert seat_two == replay_frames.build_frames(played_match.replay, 2)
    assert all("hand" not in view["seats"][0] for view in replay_frames.views(seat_two))
    assert Match.objects.count() == matches


def _broken(replay):
    steps = replay["steps"]
    return {
        "not JSON": ("{replay", "invalid JSON"),
        "not a replay": ({"format": "something else"}, "not a samurai-arena replay"),
        "a step that is not a pair": (dict(replay, steps=[[0, 1, 2]]), "step 0 is not a [seat, action] pair"),
        "an unknown game": (dict(replay, game="go"), "unknown game 'go'"),
        "another rules version": (dict(replay, rules_version="0.1"), "rules 0.1"),
        "an illegal step": (dict(replay, steps=[[steps[0][0], 9999]] + steps[1:]), "9999 is not legal"),
        "a cut-off game": (dict(replay, steps=steps[:-3]), "the game is not over (truncated?)"),
        "a forged result": (dict(replay, result=dict(replay["result"], scores=[99] * 5)),
                            "the recorded result differs"),
        "a seat count the game has not": (dict(replay, players=9), "katana is played by 3 to 7 players"),
    }


@pytest.mark.parametrize("case", ["not JSON", "not a replay", "a step that is not a pair", "an unknown game",
                                  "another rules version", "an illegal step", "a cut-off game", "a forged result",
                                  "a seat count the game has not"])
def test_a_bad_replay_file_is_refused_with_what_is_wrong(client, played_match, case):
    body, message = _broken(played_match.replay)[case]
    response = _post(client, body)
    assert response.status_code == 400, response.content
    assert message in response.json()["error"]


def test_a_replay_file_not_in_utf8_is_refused(client, played_match):
    response = _post(client, b"\xff\xfe" + json.dumps(played_match.replay).encode("utf-16-le"))
    assert response.status_code == 400 and "not UTF-8" in response.json()["error"]


def test_a_perspective_the_file_has_no_seat_for_is_a_400(client, played_match):
    response = _post(client, played_match.replay, perspective=7)
    assert response.status_code == 400 and "seat from 0 to 4" in response.json()["error"]


def test_a_replay_file_over_the_limit_is_refused_unread(client, played_match, settings):
    text = json.dumps(played_match.replay)
    settings.ARENA_REPLAY_FILE_MAX_BYTES = len(text) - 1
    response = _post(client, text)
    assert response.status_code == 413
    assert f"larger than {len(text) - 1:,} bytes" in response.json()["error"]
    settings.ARENA_REPLAY_FILE_MAX_BYTES = len(text)
    assert _post(client, text).status_code == 200


def test_the_frames_of_a_file_are_posted_only(client, db):
    assert client.get(reverse("replay-file-frames")).status_code == 405


def test_the_open_page_loads_every_games_renderer_and_names(client, db):
    page = client.get(reverse("replay-open")).content.decode()
    assert 'id="replay-file"' in page and 'id="replay-viewer"' in page
    assert f'data-frames-url="{reverse("replay-file-frames")}"' in page
    for script in ("table.js", "player.js", "katana.js", "risques.js", "shogun.js", "samourai.js", "open.js"):
        assert f"/static/replay/{script}" in page, script
    start = page.index('<script id="replay-games" type="application/json">') + len(
        '<script id="replay-games" type="application/json">')
    games = json.loads(page[start:page.index("</script>", start)])
    assert games["katana"]["components"]["cards"]["katana"] == {
        "name": "Katana", "kind": "weapon", "range": 2, "damage": 3}
    assert games["risques"]["action_labels"]["TARGET"][0] == "seat_0"
    assert games["risques"]["components"]["dice"] == {"faces": 6, "threshold": 10}
    assert games["samourai"]["board"]["territories"], "Samouraï's map, for its renderer"

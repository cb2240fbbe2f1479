"""A new author finds, from each game's page, the game's bot reference and its starter bots, and
from the upload page, the protocol."""
from pathlib import Path

import pytest
from django.urls import reverse

from arena import games

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("game", [g for g in games.game_ids() if games.get(g).spec.docs])
def test_the_game_page_leads_to_its_reference_with_every_action_and_an_example(client, db, game):
    page = client.get(reverse("game-detail", args=[game])).content.decode()
    assert f'href="/games/{game}/bots/" id="write-a-bot"' in page
    reference = client.get(f"/games/{game}/bots/")
    assert reference.status_code == 200
    html = reference.content.decode()
    for name in games.get(game).spec.actions.names:
        assert name in html, f"{name} is missing from the {game} reference"
    assert '<code class="language-json">' in html, "an example observation as JSON"
    assert "style=" not in html, "the content policy allows no inline style"
    assert 'href="/bots/protocol/"' in html


def test_the_starter_bots_download_as_they_are_in_the_repository(client, db):
    html = client.get("/games/katana/bots/").content.decode()
    for relative in games.get("katana").spec.starter_bots:
        name = Path(relative).name
        assert f'href="/games/katana/bots/starters/{name}" download' in html
        response = client.get(f"/games/katana/bots/starters/{name}")
        assert response.status_code == 200 and response["Content-Disposition"].startswith("attachment")
        assert b"".join(response.streaming_content) == (ROOT / relative).read_bytes()
    assert client.get("/games/katana/bots/starters/risques_steady.py").status_code == 404   # another game's
    assert client.get("/games/katana/bots/starters/..%2F..%2Fsetup.py").status_code == 404
    assert client.get("/games/chess/bots/").status_code == 404


def test_the_upload_page_says_what_a_bot_is_and_links_the_protocol(client, user):
    client.force_login(user)
    page = client.get(reverse("bot-upload")).content.decode()
    assert 'href="/bots/protocol/" id="protocol-link"' in page
    protocol = client.get("/bots/protocol/").content.decode()
    assert "<h2" in protocol and "legal_actions" in protocol

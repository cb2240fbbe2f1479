"""The site's answers to misuse at the HTTP level: its content policy, oversized bodies, and the
names it puts in a download's headers."""
import io

import pytest
from django.test import Client

from bot_sources import GOOD_BOT

@pytest.fixture
def api(user):
    from rest_framework.authtoken.models import Token
    from rest_framework.test import APIClient
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.get_or_create(user=user)[0].key}")
    return client


STRICT = {"default-src 'self'", "script-src 'self'", "style-src 'self'", "object-src 'none'",
          "frame-ancestors 'none'", "form-action 'self'", "base-uri 'self'"}


def _policy(response):
    return {part.strip() for part in response["Content-Security-Policy"].split(";")}


@pytest.mark.parametrize("path", ["/", "/games/katana/", "/api/games/", "/accounts/login/", "/no-such-page/"])
def test_every_answer_carries_the_strict_content_policy(client, db, path):
    response = client.get(path)
    assert STRICT <= _policy(response), response["Content-Security-Policy"]
    assert not any("unsafe" in part for part in _policy(response))


def test_only_the_api_docs_page_may_use_its_inline_style_and_it_runs_no_inline_script(client, db):
    response = client.get("/api/docs/")
    assert response.status_code == 200
    policy = _policy(response)
    assert "style-src 'self' 'unsafe-inline'" in policy and "script-src 'self'" in policy
    page = response.content.decode()
    assert "<script>" not in page and "<script src=" in page


class _UnreadableBody(io.RawIOBase):
    """A request body that fails the test if the site reads any of it."""

    def read(self, size=-1):
        raise AssertionError("the body of an oversized request was read")

    readline = read


@pytest.mark.parametrize("path,json", [("/api/bots/", True), ("/bots/upload/", False)])
def test_a_body_over_the_upload_limit_is_refused_before_it_is_read(db, settings, path, json):
    declared = settings.ARENA_MAX_BOT_BYTES + (1 << 20)
    response = Client().generic("POST", path, data=b"", content_type="multipart/form-data; boundary=x",
                                CONTENT_LENGTH=str(declared), **{"wsgi.input": _UnreadableBody()})
    assert response.status_code == 413
    if json:
        text = response.json()["detail"]
        assert text.startswith(f"the request has {declared:,} bytes; the most this site takes is ")
        assert f"a bot file of at most {settings.ARENA_MAX_BOT_BYTES:,} bytes" in text
    else:   # the upload page shows its form again, with the limit in words
        page = response.content.decode()
        assert response["Content-Type"].startswith("text/html")
        assert 'id="upload-form"' in page and 'name="name"' in page and 'type="file"' in page
        assert (f"The upload was refused: the file is too large: the request had {declared / (1 << 20):g} MiB "
                f"and a bot file may have at most {settings.ARENA_MAX_BOT_BYTES / (1 << 20):g} MiB "
                f"({settings.ARENA_MAX_BOT_BYTES:,} bytes). Choose a smaller file.") in page
        assert f'data-max-bytes="{settings.ARENA_MAX_BOT_BYTES}"' in page, "the page refuses such a file itself"


def test_a_body_within_the_limit_goes_through(api):
    from django.core.files.uploadedfile import SimpleUploadedFile
    response = api.post("/api/bots/", {"game": "katana", "name": "small",
                                       "file": SimpleUploadedFile("bot.py", GOOD_BOT)}, format="multipart")
    assert response.status_code == 201


def test_a_downloaded_source_keeps_an_awkward_name_safely_quoted(api):
    from django.core.files.uploadedfile import SimpleUploadedFile
    name = 'my "best"\\u00e9 bot;.py'.encode().decode("unicode_escape")
    bot = api.post("/api/bots/", {"game": "katana", "name": "awkward",
                                  "file": SimpleUploadedFile(name, GOOD_BOT)}, format="multipart").json()
    source = api.get(f"/api/bots/{bot['id']}/versions/1/source/")
    assert source.status_code == 200
    header = source["Content-Disposition"]
    assert header == "attachment; filename*=utf-8''my%20%22best%22%C3%A9%20bot%3B.py", header

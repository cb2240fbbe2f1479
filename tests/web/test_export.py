"""Replay datasets: ``GET /api/games/<game>/export/`` and ``arena export`` against the running site."""
import pytest

from arena import cli, datasets, replay
from stored_games import store_finished_games
from web.matches.models import Match, MatchSeat


@pytest.fixture
def config(tmp_path, monkeypatch):
    monkeypatch.setenv("ARENA_CONFIG", str(tmp_path / "credentials.json"))
    monkeypatch.delenv("ARENA_URL", raising=False)


@pytest.fixture
def finished(house):
    store_finished_games(house, range(1, 8))
    MatchSeat.objects.update(log="SECRET-LOG", reason="SECRET-REASON")
    return list(Match.objects.order_by("pk"))


def test_the_api_pages_finished_matches_oldest_first_without_logs(client, finished):
    first = client.get("/api/games/katana/export/?limit=3").json()
    assert [line["match"] for line in first["results"]] == [m.pk for m in finished[:3]]
    assert first["remaining"] == 7 and first["next_after"] == finished[2].pk
    last = client.get(f"/api/games/katana/export/?limit=5&after={finished[2].pk}").json()
    assert [line["match"] for line in last["results"]] == [m.pk for m in finished[3:]]
    assert last["remaining"] == 4 and last["next_after"] is None
    line = first["results"][0]
    assert {"seats", "result", "replay", "finished_at"} <= set(line)
    assert [seat["bot"] for seat in line["seats"]] == [seat.bot.name for seat in finished[0].seats.order_by("seat")]
    body = str(first) + str(last)
    assert "SECRET" not in body and '"log"' not in body and "source" not in body


def test_an_unknown_game_is_refused(client, db):
    response = client.get("/api/games/chess/export/")
    assert response.status_code == 404 and "unknown game 'chess'" in response.json()["detail"]


def test_the_api_filters_by_day_and_bot(client, finished, house):
    day = finished[0].finished_at.date().isoformat()
    assert client.get(f"/api/games/katana/export/?since={day}&until={day}").json()["remaining"] == 7
    assert client.get("/api/games/katana/export/?until=2000-01-01").json()["remaining"] == 0
    assert client.get(f"/api/games/katana/export/?bot={house[0].name}").json()["remaining"] == 7
    assert client.get(f"/api/games/katana/export/?bot={house[5].name}").json()["remaining"] == 0
    refused = client.get("/api/games/katana/export/?since=2026-02-01&until=2026-01-01")
    assert refused.status_code == 400 and refused["Content-Type"] == "application/problem+json"
    assert refused.json() == {"type": "about:blank", "title": "Bad Request", "status": 400, "code": "invalid",
                              "detail": "until: must not be before since",
                              "errors": {"until": ["must not be before since"]}}


def test_arena_export_writes_every_match_once_and_each_replay_verifies(live_server, config, finished, tmp_path,
                                                                        capsys):
    out = tmp_path / "katana.jsonl.zst"
    assert cli.main(["export", "katana", "-o", str(out), "--url", live_server.url, "--page-size", "3"]) == 0
    assert "7 katana matches in" in capsys.readouterr().out
    lines = list(datasets.read(out))
    assert [line["match"] for line in lines] == [m.pk for m in finished]
    for line in lines:
        replay.verify(line["replay"])
    assert not out.with_name(out.name + ".part").exists()


def test_an_export_cut_off_resumes_from_its_last_whole_page(live_server, config, finished, tmp_path, capsys,
                                                           monkeypatch):
    out = tmp_path / "katana.jsonl.zst"
    real_write = datasets.ExportWriter.write_page
    pages = []

    def cut_after_two_pages(self, lines):
        if len(pages) == 2:
            raise datasets.DatasetError("disk full")
        pages.append(len(lines))
        real_write(self, lines)

    monkeypatch.setattr(datasets.ExportWriter, "write_page", cut_after_two_pages)
    assert cli.main(["export", "katana", "-o", str(out), "--url", live_server.url, "--page-size", "2"]) == 2
    assert "disk full" in capsys.readouterr().err and not out.exists()
    monkeypatch.setattr(datasets.ExportWriter, "write_page", real_write)
    assert cli.main(["export", "katana", "-o", str(out), "--url", live_server.url, "--page-size", "2"]) == 0
    assert "7 katana matches in" in capsys.readouterr().out
    assert [line["match"] for line in datasets.read(out)] == [m.pk for m in finished]


def test_a_partial_export_of_another_query_is_not_mixed_in(live_server, config, finished, tmp_path, capsys):
    out = tmp_path / "katana.jsonl.zst"
    datasets.ExportWriter(out, {"url": "elsewhere"})
    assert cli.main(["export", "katana", "-o", str(out), "--url", live_server.url]) == 2
    assert "is the unfinished export of another query" in capsys.readouterr().err


@pytest.mark.parametrize("argv, message", [
    (["--since", "yesterday"], "--since takes a day as YYYY-MM-DD, not 'yesterday'"),
    (["--page-size", "0"], "--page-size must be between 1 and 500"),
])
def test_bad_arguments_get_one_line(argv, message, config, tmp_path, capsys):
    assert cli.main(["export", "katana", "-o", str(tmp_path / "x.jsonl.zst"), *argv]) == 2
    assert message in capsys.readouterr().err

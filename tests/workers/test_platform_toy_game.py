"""Adding a game is its package plus one registry line: the proof.

``tests/toygame`` (Pig: 1 to 3 players, an automaton seat, a target that splits
rating pools) is registered by ``ARENA_EXTRA_GAMES`` (``tests/toy_build.py``),
the same path any game outside ``arena.games`` takes, and goes through the
command line, the conformance and golden suites (they run over every
registered game) and the whole platform with no other edit anywhere:
queued -> played by a real worker -> stored once -> rated -> leaderboard API
and page -> match page with the generic replay renderer.
"""
import json
import subprocess
import sys

import pytest
from django.db import close_old_connections
from django.test import Client

from arena import replay as arena_replay
from live_servers import wait_for
from web.bots import services as bot_services
from web.matches import services
from web.matches.models import Match
from web.ratings.models import CurrentRating, RatingEntry

ROOT = __import__("pathlib").Path(__file__).resolve().parents[2]


def arena(*args):
    return subprocess.run([sys.executable, "-m", "arena.cli", *args], capture_output=True, text=True, cwd=ROOT)


def test_the_command_line_plays_verifies_and_benchmarks_the_new_game(tmp_path):
    listed = arena("games", "--json")
    assert listed.returncode == 0, listed.stderr
    toy = {game["id"]: game for game in json.loads(listed.stdout)}["toy"]
    assert (toy["name"], toy["players"]) == ("Pig", [1, 3])

    path = tmp_path / "pig.json"
    played = arena("play", "toy", "--players", "1", "--seed", "3", "--option", "house=1",
                   "--bot", "pig-hold", "--replay", str(path))
    assert played.returncode == 0, played.stderr
    result = json.loads(played.stdout)
    assert [a["name"] for a in result["automata"]] == ["house"], "the automaton appears in the result"
    verified = arena("replay", "verify", str(path))
    assert verified.returncode == 0, verified.stderr

    replay = json.loads(path.read_text())
    replay["steps"][-1][1] = 1 - replay["steps"][-1][1]
    path.write_text(json.dumps(replay))
    assert arena("replay", "verify", str(path)).returncode == 1, "a tampered replay is refused"

    bench = arena("bench", "toy", "--games", "30", "--players", "2", "--json")
    assert bench.returncode == 0, bench.stderr
    assert json.loads(bench.stdout)["compiled_fast_path"]["games"] == 30


def _done(ids):
    close_old_connections()
    return Match.objects.filter(pk__in=ids, status__in=("done", "error")).count() == len(ids)


@pytest.mark.integration
def test_the_platform_queues_plays_stores_rates_and_shows_the_new_game(live):
    house = bot_services.house_bots_ensure(game="toy", count=3)
    rng = live.rng
    solo = services.matches_create(game="toy", specs=[
        services.MatchSpec((house[i % 3],), rng.randrange(2**62), {"house": 1}) for i in range(9)])
    duels = services.matches_create(game="toy", specs=[
        services.MatchSpec((house[i % 3], house[(i + 1) % 3]), rng.randrange(2**62), {"target": 30})
        for i in range(6)])
    ids = [m.pk for m in solo + duels]
    live.worker("toy")
    wait_for(lambda: _done(ids), 90, message="15 matches of the new game")

    matches = Match.objects.filter(pk__in=ids)
    assert set(matches.values_list("status", flat=True)) == {"done"}
    for match in matches:
        assert arena_replay.verify(match.replay) == match.result, "stored once, re-plays to its result"
    solo_pool = "toy@0.1[target=20,house=1,solo]"
    duel_pool = "toy@0.1[target=30,house=0]"
    assert set(Match.objects.filter(pk__in=[m.pk for m in solo]).values_list("rating_pool", flat=True)) == {solo_pool}
    assert set(Match.objects.filter(pk__in=[m.pk for m in duels]).values_list("rating_pool", flat=True)) == {duel_pool}
    assert RatingEntry.objects.filter(match_id__in=[m.pk for m in duels], kind="live").count() == 12
    solo_ratings = CurrentRating.objects.filter(pool=solo_pool)
    assert sorted(solo_ratings.values_list("games", flat=True)) == [3, 3, 3]

    client = Client()
    pools = client.get("/api/games/toy/pools/").json()
    assert {pool["key"] for pool in pools} == {solo_pool, duel_pool}
    board = client.get("/api/games/toy/leaderboard/", {"pool": solo_pool}).json()
    rows = board["results"]
    assert len(rows) == 3
    for row in rows:
        assert row["games"] == 3 and row["low"] <= row["rating"] <= row["high"]
        assert [a["level"] for a in row["automata"]] == [1]
    page = client.get("/games/toy/", {"pool": solo_pool})
    assert page.status_code == 200 and "Pig" in page.content.decode()
    match_page = client.get(f"/matches/{duels[0].pk}/").content.decode()
    assert "replay/generic.js" in match_page
    frames = client.get(f"/matches/{duels[0].pk}/frames/", {"perspective": "all"})
    assert frames.status_code == 200

"""The story chapters of Shōgun no Katana through the ``arena`` command: ``arena play shogun --players 1
--options ghost=3,chapter=C`` is determined by its seed and its replay verifies (every chapter in the
slow run; chapters 1, 7 and 11 — conditions, then the two largest rules changes — by default)."""
import json

import pytest

from test_cli import arena

FAST = (1, 7, 11)


@pytest.mark.parametrize("chapter", [pytest.param(c, marks=[] if c in FAST else [pytest.mark.slow])
                                     for c in range(1, 15)])
def test_a_chapter_is_determined_by_its_seed_and_its_replay_verifies(tmp_path, chapter):
    replay = tmp_path / "chapter.json"
    options = f"ghost=3,chapter={chapter}"
    out = arena("play", "shogun", "--players", "1", "--options", options, "--seed", "5", "--replay", str(replay))
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout)
    block = result["chapter"]
    assert block["number"] == chapter and set(block) == {"number", "title", "difficulty", "conditions",
                                                         "beat_ghost", "won"}
    again = arena("play", "shogun", "--players", "1", "--options", options, "--seed", "5")
    assert json.loads(again.stdout) == result, "a chapter's game is determined by its seed"
    verified = arena("replay", "verify", str(replay))
    assert verified.returncode == 0, verified.stderr
    assert verified.stdout.startswith("replay ok: shogun, 1 players")


def test_a_chapter_without_the_ghost_is_refused_with_a_clear_message():
    out = arena("play", "shogun", "--players", "1", "--options", "chapter=3")
    assert out.returncode != 0
    assert "story chapter" in (out.stderr + out.stdout)


GHOST_TABLES = [(1, level) for level in range(1, 6)] + [(2, 2), (3, 4)]


@pytest.mark.parametrize("players, level", [pytest.param(p, l, marks=[] if (p, l) in ((1, 1), (3, 4)) else
                                                         [pytest.mark.slow]) for p, l in GHOST_TABLES])
def test_a_game_against_the_ghost_is_determined_by_its_seed_and_its_replay_verifies(tmp_path, players, level):
    """``arena play shogun --players P --options ghost=L``: a seat alone at every level, two and three
    seats beside it (the ghost's deck is shuffled from the seed like everything else)."""
    replay = tmp_path / "ghost.json"
    argv = ("play", "shogun", "--players", str(players), "--options", f"ghost={level}", "--seed", "9")
    out = arena(*argv, "--replay", str(replay))
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout)
    assert [(a["name"], a["level"]) for a in result["automata"]] == [("ghost", level)]
    assert json.loads(arena(*argv).stdout) == result, "a game against the ghost is determined by its seed"
    verified = arena("replay", "verify", str(replay))
    assert verified.returncode == 0, verified.stderr
    assert verified.stdout.startswith(f"replay ok: shogun, {players} players")


def test_the_ghost_beside_four_seats_is_refused_with_a_clear_message():
    out = arena("play", "shogun", "--players", "4", "--options", "ghost=2")
    assert out.returncode == 2 and "the ghost plays with 1 to 3 seats, not 4" in out.stderr

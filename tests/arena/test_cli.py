"""The ``arena`` command as a user runs it: a real subprocess, its output and exit status."""
import json
import subprocess
import sys

import pytest


def arena(*args):
    return subprocess.run([sys.executable, "-m", "arena.cli", *args], capture_output=True, text=True, timeout=300)


def test_games_lists_katana_with_its_player_counts():
    out = arena("games", "--json")
    assert out.returncode == 0, out.stderr
    rows = {row["id"]: row for row in json.loads(out.stdout)}
    assert rows["katana"]["players"] == [3, 7]
    assert rows["katana"]["name"] == "Katana"
    table = arena("games")
    assert "katana" in table.stdout and "3–7" in table.stdout


def test_play_prints_the_result_and_writes_a_replay_that_verifies(tmp_path):
    replay = tmp_path / "game.json"
    out = arena("play", "katana", "--players", "5", "--seed", "7", "--bot", "random", "--replay", str(replay))
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout)
    assert len(result["seats"]) == 5
    for seat in result["seats"]:
        assert {"character", "role", "score", "rank", "team"} <= set(seat)
    assert result["end_reason"] in ("honor", "sword_victory", "sword_victory_void")
    assert sum(1 for seat in result["seats"] if seat["role"] == "shogun") == 1
    again = arena("play", "katana", "--players", "5", "--seed", "7")
    assert json.loads(again.stdout) == result, "a game is determined by its seed"
    verified = arena("replay", "verify", str(replay))
    assert verified.returncode == 0, verified.stderr
    assert verified.stdout.startswith("replay ok: katana, 5 players")


def _tamper(replay_path, edit):
    replay = json.loads(replay_path.read_text())
    edit(replay)
    replay_path.write_text(json.dumps(replay))


@pytest.mark.parametrize("edit,message", [
    (lambda r: r["steps"].pop(), "is not over (truncated?)"),
    (lambda r: r["steps"].__setitem__(3, [r["steps"][3][0], 99]), "step 3: "),
    (lambda r: r["steps"].__setitem__(0, [(r["steps"][0][0] + 1) % 5, r["steps"][0][1]]), "step 0: seat"),
    (lambda r: r["result"]["ranks"].reverse() or r["result"]["ranks"].append(9), "recorded result differs"),
    (lambda r: r.update(seed=r["seed"] + 1), "step"),
    (lambda r: r.pop("steps"), "field 'steps' is missing"),
    (lambda r: r.update(format="chess"), "not a samurai-arena replay"),
    (lambda r: r.update(players=9), "cannot start the game: katana is played by 3 to 7 players, not 9"),
    (lambda r: r.update(rules_version="0.1"), "this engine plays rules"),
])
def test_a_tampered_replay_fails_with_one_clear_line(tmp_path, edit, message):
    replay = tmp_path / "game.json"
    assert arena("play", "katana", "--players", "5", "--seed", "3", "--replay", str(replay)).returncode == 0
    _tamper(replay, edit)
    out = arena("replay", "verify", str(replay))
    assert out.returncode == 1
    assert out.stderr.count("\n") == 1 and message in out.stderr, out.stderr
    assert out.stderr.startswith("arena: replay invalid: ")


def test_a_truncated_or_missing_file_is_a_clear_error(tmp_path):
    replay = tmp_path / "game.json"
    arena("play", "katana", "--players", "4", "--seed", "1", "--replay", str(replay))
    replay.write_text(replay.read_text()[:200])
    out = arena("replay", "verify", str(replay))
    assert out.returncode == 1 and "invalid JSON" in out.stderr and out.stderr.count("\n") == 1
    out = arena("replay", "verify", str(tmp_path / "nope.json"))
    assert out.returncode == 1 and "cannot read" in out.stderr


@pytest.mark.parametrize("args,message", [
    (("play", "katana", "--players", "9"), "katana is played by 3 to 7 players, not 9"),
    (("play", "chess", "--players", "2"), "unknown game 'chess'"),
    (("play", "katana", "--players", "3", "--bot", "genius"), "unknown built-in bot 'genius'"),
    (("play", "katana", "--players", "4", "--bot", "random", "--bot", "random"), "give one --bot for every seat"),
    (("play", "katana", "--players", "4", "--option", "speed=fast"), "katana has no option speed"),
    (("play", "katana", "--players", "4", "--option", "oops"), "--option takes NAME=VALUE"),
    (("bench", "katana", "--games", "0"), "--games must be at least 1"),
    (("play", "katana", "--players", "five"), "invalid int value"),
])
def test_bad_arguments_get_a_clear_message_and_status_2(args, message):
    out = arena(*args)
    assert out.returncode == 2
    assert message in out.stderr, out.stderr
    assert "Traceback" not in out.stderr


def test_bench_takes_game_options_shogun_with_its_ghost():
    out = arena("bench", "shogun", "--players", "1", "--options", "ghost=3", "--games", "20", "--json")
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    assert report["players"] == 1 and report["options"] == {"ghost": 3}
    assert report["compiled_fast_path"]["games"] == 20 and report["uncompiled"]["decisions"] > 0
    refused = arena("bench", "shogun", "--players", "1", "--games", "5")
    assert refused.returncode != 0 and "ghost" in refused.stderr


def test_bench_json_reports_all_three_builds_and_their_ratios():
    out = arena("bench", "katana", "--games", "40", "--json")
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    assert report["players"] == 5
    for key in ("compiled_fast_path", "compiled_driven_from_python", "uncompiled"):
        assert report[key]["games"] >= 5 and report[key]["decisions"] > report[key]["games"]
        assert report[key]["games_per_second"] > 0
    assert report["compiled_fast_path"]["games"] == 40
    assert report["ratios"]["fast_path_over_uncompiled_games_per_second"] > 0
    assert "compiled" in report["builds"]["compiled"] and "katana/_rules.py" in report["builds"]["uncompiled"]


def test_bench_loop_reports_the_match_loops_cost_beside_the_engines():
    out = arena("bench", "loop", "katana", "--matches", "3", "--json")
    assert out.returncode == 0, out.stderr
    [row] = json.loads(out.stdout)
    assert row["game"] == "katana" and row["matches"] == 3 and row["decisions"] > 3 * 20
    assert 0 < row["thinking_us_per_decision"] < row["match_us_per_decision"]
    assert row["loop_us_per_decision"] > 0 and row["engine_us_per_decision"] > 0
    assert row["loop_with_observations_us_per_decision"] > row["loop_us_per_decision"]
    text = arena("bench", "loop", "risques", "--matches", "2")
    assert text.returncode == 0 and "risques" in text.stdout and "µs" in text.stdout

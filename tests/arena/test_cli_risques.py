"""``arena play risques`` in every mode and ``arena bench risques``, run as a user runs them."""
import json

import pytest

from test_cli import arena


@pytest.mark.parametrize("players,mode", [(2, "duel"), (2, "frappe"), (5, "massacre")])
def test_play_risques_in_every_mode_between_random_bots(players, mode, tmp_path):
    bots = ["--bot", "random"] * 2 if players == 2 else ["--bot", "random"]
    replay = tmp_path / "game.json"
    out = arena("play", "risques", "--players", str(players), "--options", f"mode={mode}", "--seed", "3",
                *bots, "--replay", str(replay))
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout)
    assert result["game"] == "risques" and result["mode"] == mode
    assert len(result["seats"]) == len(result["ranks"]) == players
    assert result["end_reason"] in ("scenes_played", "last_standing")
    assert sorted(result["ranks"])[0] == 1 and result["decisions"] > 0
    assert [seat["score"] for seat in result["seats"]] == result["scores"]
    again = arena("play", "risques", "--players", str(players), "--options", f"mode={mode}", "--seed", "3", *bots)
    assert json.loads(again.stdout) == result, "a match is determined by its seed"
    verified = arena("replay", "verify", str(replay))
    assert verified.returncode == 0 and verified.stdout.startswith(f"replay ok: risques, {players} players")


def test_play_risques_with_the_built_in_heuristic():
    out = arena("play", "risques", "--players", "3", "--options", "mode=massacre", "--seed", "5",
                "--bot", "risques-odds", "--bot", "random", "--bot", "random")
    assert out.returncode == 0, out.stderr
    assert len(json.loads(out.stdout)["seats"]) == 3


@pytest.mark.parametrize("args,message", [
    (("play", "risques", "--players", "3", "--options", "mode=duel"), "mode duel is played by 2 players, not 3"),
    (("play", "risques", "--players", "2", "--options", "mode=massacre"), "massacre is played by 3 to 7"),
    (("play", "risques", "--players", "2", "--options", "mode=joust"), "option mode of risques must be one of"),
])
def test_a_mode_that_does_not_fit_is_a_clear_error(args, message):
    out = arena(*args)
    assert out.returncode == 2 and message in out.stderr, out.stderr
    assert "Traceback" not in out.stderr


def test_bench_risques_json_reports_all_three_builds():
    out = arena("bench", "risques", "--games", "200", "--json")
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    assert report["game"] == "risques" and report["players"] == 5
    for key in ("compiled_fast_path", "compiled_driven_from_python", "uncompiled"):
        assert report[key]["games"] >= 5 and report[key]["decisions"] > report[key]["games"]
    assert report["compiled_fast_path"]["games"] == 200
    assert "risques/_rules.py" in report["builds"]["uncompiled"]
    assert report["ratios"]["fast_path_over_uncompiled_games_per_second"] > 1

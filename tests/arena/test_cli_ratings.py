"""``arena tournament``, ``arena ratings fit|eval`` and ``arena bench ratings`` as a user runs them."""
import json
import subprocess
import sys

import pytest


def arena(*args, timeout=300):
    return subprocess.run([sys.executable, "-m", "arena.cli", *args], capture_output=True, text=True,
                          timeout=timeout)


def test_tournament_tables_on_katana_prints_standings():
    out = arena("tournament", "katana", "--format", "tables", "--games", "2", "--seed", "3",
                "katana-aggressor", "random", "random", "mix-0.5")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0].startswith("katana, tables, seed 3: 8 games")
    assert "rating" in lines[1] and "95% interval" in lines[1] and "wins" in lines[1]
    bots = {line.split()[1] for line in lines[2:]}
    assert bots == {"katana-aggressor", "random#1", "random#2", "mix-0.5"}
    again = arena("tournament", "katana", "--format", "tables", "--games", "2", "--seed", "3",
                  "katana-aggressor", "random", "random", "mix-0.5")
    assert again.stdout == out.stdout, "a tournament is reproducible from its seed"


def test_tournament_json_and_table_elimination():
    out = arena("tournament", "katana", "--format", "single-elim", "--players", "3", "--json",
                "random", "random", "random", "katana-aggressor", "mix-0.2", "mix-0.8")
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    # Two tables of 3 (two go through from each, so the next table can be filled), a table of
    # 3 with one bye, then the final table of 3.
    assert report["format"] == "single-elim" and report["games"] == 6 + 3 + 3 == report["max_games"]
    places = sorted(row["place"] for row in report["standings"])
    assert places[:3] == [1, 2, 3]


@pytest.mark.parametrize("args, message", [
    (["katana", "--format", "round-robin", "random", "random"], "pairs two players"),
    (["katana", "--format", "swiss", "random", "random", "random"], "pairs two players"),
    (["katana", "--format", "tables", "random", "random"], "cannot fill"),
    (["katana", "--format", "tables", "--players", "9", "random"] + ["random"] * 9, "3 to 7"),
    (["katana", "--format", "tables", "random", "random", "wizard"], "unknown built-in bot"),
    (["katana", "--format", "tables", "--games", "0", "random", "random", "random"], "--games"),
    (["chess", "--format", "tables", "random", "random", "random"], "unknown game"),
])
def test_tournament_bad_arguments_exit_2_with_one_line(args, message):
    out = arena("tournament", *args)
    assert out.returncode == 2
    assert message in out.stderr
    assert out.stderr.startswith("arena: error:") and out.stderr.count("\n") == 1


def test_tournament_unknown_format_is_an_argparse_error():
    out = arena("tournament", "katana", "--format", "league", "random", "random", "random")
    assert out.returncode == 2 and "invalid choice" in out.stderr


def test_ratings_fit_text_and_json(tmp_path):
    path = tmp_path / "m.jsonl"
    lines = [{"game": "duel", "players": ["a", "b"], "ranks": [1, 2]}] * 3 + \
            [{"game": "duel", "players": ["a", "b"], "ranks": [2, 1]}]
    path.write_text("\n".join(json.dumps(line) for line in lines) + "\n")
    out = arena("ratings", "fit", str(path), "--json")
    assert out.returncode == 0, out.stderr
    table = json.loads(out.stdout)["duel"]
    assert table["model"] == "bt" and [r["player"] for r in table["ratings"]] == ["a", "b"]
    assert table["ratings"][0]["games"] == 4
    text = arena("ratings", "fit", str(path))
    assert "duel: bt model, 4 matches" in text.stdout


def test_ratings_fit_errors(tmp_path):
    out = arena("ratings", "fit", str(tmp_path / "missing.jsonl"))
    assert out.returncode == 2 and "cannot read" in out.stderr
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"game": "duel", "players": ["a", "b"], "ranks": [1]}\n')
    out = arena("ratings", "fit", str(bad))
    assert out.returncode == 2 and "line 1" in out.stderr


def test_ratings_eval_quick_includes_the_engine_scenario_of_a_game():
    out = arena("ratings", "eval", "--quick", "--json", "--game", "katana", timeout=600)
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout)
    assert set(result["scenarios"]) == {"two-player", "free-for-all", "hidden-teams", "katana-engine"}
    katana = result["scenarios"]["katana-engine"]
    assert katana["n_train"] + katana["n_test"] == 400
    assert set(katana["systems"]) == {"published", "elo", "openskill", "trueskill"}
    assert result["goals"]["never_worse"], "the published rating is no worse than any baseline"


@pytest.mark.slow
def test_ratings_eval_full_run_over_every_rated_game_keeps_the_published_rating_no_worse_than_any_baseline():
    """The run the figures come from: every simulated scenario and 3000 real games of every game
    with a heuristic (the quick run above is its fast representative)."""
    from arena.tournaments.scenario import rated_game_ids
    out = arena("ratings", "eval", "--json", timeout=5400)
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout)
    engines = {f"{game}-engine" for game in rated_game_ids()}
    assert engines <= set(result["scenarios"]) and "two-player-flat-draws" in result["scenarios"]
    for name in engines:
        assert result["scenarios"][name]["n_train"] + result["scenarios"][name]["n_test"] == 3000
    assert result["goals"]["never_worse"], "the published rating is no worse than any baseline"


def test_ratings_eval_names_the_games_it_can_play_for_an_unknown_one():
    out = arena("ratings", "eval", "--quick", "--game", "chess")
    assert out.returncode == 2
    assert "no rated engine scenario for chess: choose among" in out.stderr and "katana" in out.stderr


def test_bench_dispatch_keeps_engine_bench():
    out = arena("bench", "katana", "--games", "50", "--json")
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["game"] == "katana"

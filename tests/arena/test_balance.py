"""The balance report: win shares, the split by seat and starting facts, the command line."""
import json

import pytest

from arena import balance, games
from arena.cli import main


def test_a_seat_ranked_first_alone_takes_the_whole_win_and_a_shared_first_splits_it():
    assert balance.win_shares({"ranks": [2, 1, 3]}, "ranks") == [0.0, 1.0, 0.0]
    assert balance.win_shares({"ranks": [1, 1, 3, 4]}, "ranks") == [0.5, 0.5, 0.0, 0.0]


def test_every_member_of_the_winning_side_wins_in_a_game_of_hidden_teams():
    assert balance.win_shares({"ranks": [1, 2, 1, 2, 3]}, "teams") == [1.0, 0.0, 1.0, 0.0, 0.0]


def test_the_report_gives_each_label_its_rate_interval_and_distance_from_fair():
    tally = balance.Tally(games=100, decisions=5000)
    tally.seats["seat"]["1"] = [100, 60.0]
    tally.seats["seat"]["2"] = [100, 40.0]
    tally.seats["starting sashimono"]["1 (0 coins)"] = [100, 60.0]
    tally.seats["starting sashimono"]["2 (1 coin)"] = [100, 40.0]
    tally.usage["halls"].update({"dojo": 12, "garden": 0})
    report = balance.report(games.get("shogun"), players=2, options={}, bots=["heuristic"] * 2, seed=0,
                            tally=tally, seconds=1.0)
    assert report["fair"] == 0.5
    first, second = report["dimensions"]["seat"]
    assert (first["label"], first["win_rate"], first["points_from_fair"]) == ("1", 0.6, 10.0)
    assert second["points_from_fair"] == -10.0
    # the Wilson interval of 60 wins in 100
    assert (first["low"], first["high"]) == (0.5020, 0.6906)
    assert report["largest_seat_gap_points"] == 10.0
    assert [row["label"] for row in report["dimensions"]["starting sashimono"]] == ["1 (0 coins)", "2 (1 coin)"]
    assert report["usage"]["halls"] == {"items": 2, "used": 1, "never_used": ["garden"],
                                        "counts": {"dojo": 12, "garden": 0}}
    assert report["decisions_per_game"] == 50.0


def test_katana_self_play_is_split_by_seat_role_and_character_and_counts_every_seat_once():
    report = balance.run("katana", players=4, n_games=12, bots="random", seed=5, jobs=1)
    assert report["games"] == 12 and report["seeds"] == [5, 16]
    assert set(report["dimensions"]) == {"seat", "role", "character"}
    for rows in report["dimensions"].values():
        assert sum(row["seats"] for row in rows) == 12 * 4
    roles = {row["label"] for row in report["dimensions"]["role"]}
    assert "shogun" in roles
    # every game has a winning side, and the shogun's side wins or loses as one
    assert sum(row["wins"] for row in report["dimensions"]["seat"]) >= 12


def test_the_games_are_the_same_whether_played_in_one_process_or_two():
    one = balance.run("risques", players=2, n_games=30, bots="random", seed=3, jobs=1)
    two = balance.run("risques", players=2, n_games=30, bots="random", seed=3, jobs=2)
    assert one["dimensions"] == two["dimensions"]
    assert set(one["dimensions"]) == {"seat", "samurai"}


def test_shoguns_starting_sashimono_follows_the_first_player():
    state = games.get("shogun").new_state(3, 7, {})
    labels = balance._function(games.get("shogun").spec.balance_facts)(state)   # as the report reads them
    positions = [(s - state.first) % 3 for s in range(3)]
    assert [label["starting sashimono"] for label in labels] == [
        f"{p + 1} ({p} coin{'' if p == 1 else 's'})" for p in positions]


def test_the_command_prints_json_with_every_dimension(capsys):
    assert main(["balance", "risques", "--players", "2", "--games", "4", "--bots", "random", "--jobs", "1",
                 "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 4 and report["bots"] == ["random", "random"]
    assert [row["label"] for row in report["dimensions"]["seat"]] == ["1", "2"]


@pytest.mark.parametrize("argv, message", [
    (["balance", "chess"], "unknown game"),
    (["balance", "shogun", "--players", "9"], "shogun is played by 1 to 4 players, not 9"),
    (["balance", "shogun", "--bots", "grandmaster"], "unknown built-in bot 'grandmaster'"),
    (["balance", "shogun", "--players", "3", "--bots", "random,random"],
     "give one built-in bot for all seats or one per seat (3), not 2"),
    (["balance", "shogun", "--games", "0"], "--games must be at least 1"),
    (["balance", "risques", "--options", "mode=siege"], "option mode of risques must be one of"),
    (["balance", "risques", "--options", "mode"], "--option takes NAME=VALUE"),
    (["balance", "risques", "--players", "3", "--options", "mode=frappe"],
     "risques mode frappe is played by 2 players, not 3"),
])
def test_a_bad_request_gets_one_line_saying_what_is_wrong(argv, message, capsys):
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == 2
    assert message in capsys.readouterr().err


def test_stored_games_are_tallied_as_if_played_here_reading_each_seats_start_from_the_seed():
    from arena.agents import builtin
    from arena.match import agent_seed, play_match
    finished = []
    for seed in range(40, 52):
        outcome = play_match("katana", seed=seed, options={},
                             agents=[builtin("random", agent_seed(seed, s)) for s in range(5)])
        finished.append(({}, seed, outcome.result["ranks"], len(outcome.steps)))
    stored = balance.tally_finished("katana", 5, finished)
    played = balance.Tally.from_plain(balance.play_chunk("katana", 5, games.get("katana").resolve_options({}),
                                                         ["random"] * 5, range(40, 52)))
    assert stored.games == played.games == 12 and stored.decisions == played.decisions
    assert stored.seats == played.seats

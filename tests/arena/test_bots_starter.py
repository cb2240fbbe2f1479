"""The starter bots, through the same runner the server uses; the protocol end to end."""
import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

from arena import games, replay
from arena.agents import builtin
from arena.bots import make_agent, sandbox
from arena.bots.runner import BotProcess
from arena.bots.sandbox import SandboxUnavailable
from arena.bots.validate import validate
from arena.match import play_match

ROOT = Path(__file__).parents[2]
EXAMPLES = ROOT / "examples" / "bots"
STARTERS = sorted(p.name for p in EXAMPLES.iterdir() if p.is_file())
HOSTILE = Path(__file__).with_name("hostile_bots")


def game_of(name):
    """A starter named after a game plays that game; the others play any game (Katana here)."""
    return next((g for g in games.game_ids() if name.startswith(g + "_")), "katana")


def test_there_is_a_python_starter_per_game_and_one_in_another_language():
    for game_id in games.game_ids():
        starters = games.get(game_id).spec.starter_bots
        assert any(name.endswith(".py") for name in starters), f"{game_id} lists no Python starter bot"
        assert all((ROOT / name).is_file() for name in starters), starters
    assert any(not name.endswith(".py") for name in STARTERS)


def _starters():
    """Every starter the games' specs list, with its game, and the examples that play any game."""
    listed = {(game_id, ROOT / name) for game_id in games.game_ids() for name in games.get(game_id).spec.starter_bots}
    paths = {path for _, path in listed}
    listed |= {(game_of(name), EXAMPLES / name) for name in STARTERS if EXAMPLES / name not in paths}
    return [pytest.param(game_id, path, id=f"{game_id}-{path.name}") for game_id, path in sorted(listed)]


@pytest.mark.parametrize("game_id,path", _starters())
def test_a_starter_bot_passes_validation_in_the_sandbox(sandboxed, game_id, path):
    verdict = validate(game_id, path)
    assert verdict.passed, (verdict.problem, verdict.log)
    assert all(m["status"] == "ok" and m["survivors"] == 0 and m["decisions"] > 0 for m in verdict.matches)


def test_all_starters_play_one_match_together_and_its_replay_verifies(sandboxed, tmp_path):
    bots = [BotProcess(EXAMPLES / name) for name in STARTERS if game_of(name) == "katana"]
    outcome = play_match("katana", seed=11, agents=bots + [builtin("random", 1)])
    assert [s["status"] for s in outcome.seat_status] == ["ok"] * (len(bots) + 1)
    assert outcome.bot_logs[-1] is None and all(isinstance(log, str) for log in outcome.bot_logs[:-1])
    path = tmp_path / "match.json"
    replay.save(path, outcome)
    assert replay.verify(replay.load(path)) == outcome.result


def test_a_replay_with_a_forfeit_verifies(sandboxed, fast_clock, tmp_path):
    bot = BotProcess(HOSTILE / "illegal_action.py")
    outcome = play_match("katana", seed=2, agents=[builtin("random", 0), bot, builtin("random", 2)])
    assert outcome.seat_status[1]["status"] == "illegal"
    replay.save(tmp_path / "r.json", outcome)
    assert replay.verify(replay.load(tmp_path / "r.json"))["forfeited"] == [1]


def _load_heuristic():
    spec = importlib.util.spec_from_file_location("katana_samurai", EXAMPLES / "katana_samurai.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.Bot


def test_the_python_katana_starter_beats_random_play():
    Bot = _load_heuristic()
    names = list(games.get("katana").action_names)
    wins = {"starter": 0, "random": 0}
    for seed in range(60):
        seat = seed % 5
        bot = Bot()
        bot.setup({"action_names": names, "seat": seat})
        agents = [bot if s == seat else builtin("random", seed * 10 + s) for s in range(5)]
        ranks = play_match("katana", seed=seed, agents=agents).result["ranks"]
        wins["starter"] += ranks[seat] == 1
        wins["random"] += ranks[(seat + 1) % 5] == 1
    assert wins["starter"] > 1.5 * wins["random"], wins


def test_a_bot_runs_without_the_sandbox_only_when_trusted(monkeypatch):
    sandbox.availability.cache_clear()
    monkeypatch.setattr(sandbox, "bwrap_path", lambda: None)
    try:
        with pytest.raises(SandboxUnavailable, match="no bwrap found.*--trusted"):
            make_agent(str(EXAMPLES / "katana_samurai.py"), 0)
        bot = make_agent(str(EXAMPLES / "katana_samurai.py"), 0, trusted=True)
        outcome = play_match("katana", seed=3, agents=[bot, builtin("random", 1), builtin("random", 2)])
        assert outcome.seat_status[0]["status"] == "ok"
    finally:
        sandbox.availability.cache_clear()


def arena(*args):
    return subprocess.run([sys.executable, "-m", "arena.cli", *args], capture_output=True, text=True, timeout=300)


def test_cli_match_prints_each_seats_status_and_keeps_logs_apart(sandboxed, tmp_path):
    out = arena("match", "katana", str(EXAMPLES / "katana_samurai.py"), str(HOSTILE / "crash_at_move.py"),
                "random", "--seed", "4", "--replay", str(tmp_path / "r.json"), "--logs", str(tmp_path / "logs"))
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    assert [s["status"] for s in report["seats"]] == ["ok", "crash", "ok"]
    assert "ZeroDivisionError" in report["seats"][1]["reason"]
    assert "Traceback" not in out.stdout
    assert "ZeroDivisionError" in (tmp_path / "logs" / "seat-1.log").read_text()
    assert not (tmp_path / "logs" / "seat-2.log").exists()
    assert arena("replay", "verify", str(tmp_path / "r.json")).returncode == 0


def test_cli_validate_gives_a_readable_verdict(sandboxed):
    good = arena("validate", "katana", str(EXAMPLES / "katana_samurai.py"))
    assert good.returncode == 0 and good.stdout.startswith("PASSED"), good.stdout + good.stderr
    bad = arena("validate", "katana", str(HOSTILE / "crash_at_import.py"))
    assert bad.returncode == 1
    assert bad.stdout.startswith("FAILED") and "crash" in bad.stdout and "breaks as it loads" in bad.stdout


def test_cli_validate_without_a_server_checks_this_installations_size_limit_and_says_it(tmp_path, monkeypatch):
    from web import settings as server_settings
    from arena.bots import submission
    assert server_settings.ARENA_MAX_BOT_BYTES == submission.MAX_FILE_BYTES == 5 << 20
    monkeypatch.setenv("ARENA_CONFIG", str(tmp_path / "no-login.json"))
    monkeypatch.delenv("ARENA_URL", raising=False)
    big = tmp_path / "big.py"
    big.write_bytes(b"X = 1\n" + b"#" * (6 << 20) + b"\n")
    out = arena("validate", "katana", str(big))
    assert out.returncode == 1
    assert ("limits of this installation (no server set: `arena login`, --url or ARENA_URL): a file of at "
            "most 5 MiB (ARENA_MAX_BOT_BYTES)") in out.stderr
    assert "FAILED" in out.stdout and "not a valid bot: 6,291,463 bytes, more than the 5,242,880 allowed" in out.stdout


@pytest.mark.parametrize("args,message", [
    (("match", "katana", "random", "random"), "katana is played by 3 to 7 players, not 2"),
    (("match", "katana", "random", "random", "nobody"), "unknown built-in bot 'nobody'"),
    (("match", "katana", "random", "random", "ghost.py"), "ghost.py: no such file"),
])
def test_cli_bot_errors_are_one_line(args, message):
    out = arena(*args)
    assert out.returncode == 2 and message in out.stderr and "Traceback" not in out.stderr, out.stderr


def test_cli_validate_refuses_a_malformed_upload_with_its_reason(tmp_path):
    (tmp_path / "bot.zip").write_bytes(b"PK not a zip")
    out = arena("validate", "katana", str(tmp_path / "bot.zip"))
    assert out.returncode == 1
    assert out.stdout.startswith("FAILED: ") and "not a valid bot: not a valid zip" in out.stdout, out.stdout


def test_cli_bench_sandbox_reports_medians_and_p95(sandboxed):
    out = arena("bench", "sandbox", "--json", "--starts", "3", "--decisions", "50")
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    for key in ("startup_ms", "round_trip_us", "round_trip_tiny_observation_us"):
        assert report[key]["n"] > 0 and 0 < report[key]["median"] <= report[key]["p95"]


@pytest.mark.parametrize("game_id", games.game_ids())
def test_each_game_documents_its_actions_as_the_engine_names_them(game_id):
    from arena.bots import docs
    assert games.get(game_id).spec.docs, f"{game_id} names no bot reference in its spec"
    path = docs.docs_path(game_id)
    assert path.exists(), f"{path} is missing"
    assert docs.document_table(path.read_text()) == docs.action_table(game_id), \
        f"regenerate with: python -m arena.bots.docs {game_id}"

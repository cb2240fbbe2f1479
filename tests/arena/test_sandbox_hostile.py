"""Hostile bots through the runner the server uses: each is contained with the right status,
leaves nothing running and writes nothing outside its own /tmp."""
import os
import time
from pathlib import Path

import pytest

from arena.agents import builtin
from arena.bots.runner import BotProcess
from arena.bots.sandbox import Limits, _process_uids
from arena.match import play_match

HOSTILE = Path(__file__).with_name("hostile_bots")
ESCAPE_NAME = "arena-hostile-escape"


def play(bot_files, *, seed=5, players=3, limits=Limits()):
    """A Katana match: the given bot files in the first seats, built-in random bots after them."""
    bots = [BotProcess(HOSTILE / name, limits=limits) for name in bot_files]
    agents = bots + [builtin("random", 100 + s) for s in range(players - len(bots))]
    started = time.monotonic()
    outcome = play_match("katana", seed=seed, agents=agents)
    return outcome, bots, time.monotonic() - started


def assert_contained(bots):
    for bot in bots:
        assert bot.survivors == [], f"{bot.name}: processes outlived the match: {bot.survivors}"
        assert bot.sandbox.members() == [], f"{bot.name}: processes still running"
        uid = bot.sandbox.uid
        if uid is not None:
            assert [pid for pid, owner in _process_uids() if owner == uid] == []
        assert not os.path.exists(bot._workdir), f"{bot.name}: its staging folder was not deleted"
    for folder in ("/", "/usr", "/etc", "/work", "/root", "/var/tmp", "/dev/shm", "/tmp"):
        assert not os.path.exists(os.path.join(folder, ESCAPE_NAME)), f"written outside: {folder}"


# name, expected status, a phrase of the reason
CASES = [
    ("infinite_loop.py", "timeout", "no answer to move in time"),
    ("long_sleep.py", "timeout", "no answer to move in time"),
    ("fork_bomb.py", "timeout", "no answer to move in time"),
    ("memory_hog.py", "limit", "MemoryError"),
    ("log_flood.py", "limit", "stderr"),
    ("output_flood.sh", "limit", "longer than"),
    ("garbage_output.sh", "illegal", "malformed output"),
    ("crash_at_import.py", "crash", "this bot breaks as it loads"),
    ("crash_at_move.py", "crash", "ZeroDivisionError"),
    ("garbage_action.py", "illegal", "not an integer"),
    ("illegal_action.py", "illegal", "not among the legal actions"),
    ("loop_at_import.py", "timeout", "no answer to start in time"),
    ("memory_at_import.py", "limit", "MemoryError"),
    ("fork_bomb_at_import.py", "timeout", "no answer to start in time"),
]


@pytest.mark.parametrize("name,status,reason", CASES, ids=[c[0] for c in CASES])
def test_a_failing_bot_forfeits_with_its_status(sandboxed, fast_clock, name, status, reason):
    outcome, bots, seconds = play([name])
    assert outcome.seat_status[0]["status"] == status, outcome.seat_status[0]
    assert reason in outcome.seat_status[0]["reason"], outcome.seat_status[0]
    assert outcome.seat_status[1:] == [{"status": "ok", "reason": ""}] * 2
    assert outcome.result["forfeited"] == [0] and outcome.result["end_reason"] == "forfeit"
    assert outcome.result["ranks"][0] == max(outcome.result["ranks"])
    assert outcome.steps[-1] == [0, -1]
    assert seconds < 10
    assert_contained(bots)


CONTAINED = ["network.py", "read_passwd.py", "platform_settings.py", "write_outside.py", "daemon.py",
             "kill_parent.py"]


@pytest.mark.parametrize("name", CONTAINED)
def test_an_attack_is_contained_and_the_bot_plays_on(sandboxed, fast_clock, name):
    outcome, bots, _ = play([name])
    assert outcome.seat_status[0] == {"status": "ok", "reason": ""}, (outcome.seat_status[0], outcome.bot_logs[0])
    assert outcome.result["end_reason"] != "forfeit"
    assert "BREACH" not in outcome.bot_logs[0]
    if name != "daemon.py":
        assert "contained:" in outcome.bot_logs[0]
    assert_contained(bots)


def test_a_bot_cannot_read_another_bots_files(sandboxed, fast_clock, tmp_path):
    outcome, bots, _ = play(["snoop_other_bots.py", "victim.py", "snoop_other_bots.py"])
    for seat in (0, 2):
        assert outcome.seat_status[seat]["status"] == "ok", outcome.bot_logs[seat]
        assert "none another bot's" in outcome.bot_logs[seat]
    assert_contained(bots)


def test_the_cpu_time_limit_stops_a_busy_bot_and_its_children(sandboxed, monkeypatch):
    monkeypatch.setenv("ARENA_BOT_TIME_CONTROL", "8,0,5")
    outcome, bots, seconds = play(["cpu_burner.py"], limits=Limits(cpu_seconds=1))
    assert outcome.seat_status[0]["status"] == "limit", outcome.seat_status[0]
    assert "SIGXCPU" in outcome.seat_status[0]["reason"]
    assert seconds < 8
    assert_contained(bots)


def test_a_bot_keeps_its_own_tmp_for_itself(sandboxed, fast_clock):
    outcome, bots, _ = play(["write_outside.py", "write_outside.py"])
    assert [s["status"] for s in outcome.seat_status] == ["ok"] * 3
    assert_contained(bots)


def test_the_log_is_capped(sandboxed, fast_clock):
    outcome, _, _ = play(["log_flood.py"])
    log = outcome.bot_logs[0]
    assert len(log.encode()) < 70_000 and "[log cut:" in log

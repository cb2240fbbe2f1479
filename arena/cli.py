"""The ``arena`` command."""
import argparse
import json
import sys

from arena import cli_ratings, cli_research, cli_site, games
from arena.cli_common import CommandError, parse_options, stderr_console
from arena.engines import BUILDS, COMPILED, EngineBuildError
from arena.match import EngineError

COMMANDS_GROUP = "arena.commands"


def _game(game_id, build=COMPILED):
    try:
        return games.get(game_id, build)
    except ValueError as exc:
        raise CommandError(str(exc)) from None


def cmd_games(args):
    rows = []
    for game_id in games.game_ids():
        game = _game(game_id)
        rows.append({
            "id": game.id, "name": game.name, "rules_version": game.rules_version,
            "players": [game.min_players, game.max_players],
            "options": [{"name": o.name, "default": o.default, "choices": list(o.choices), "help": o.help}
                        for o in game.options],
        })
    if args.json:
        print(json.dumps(rows, indent=2, ensure_ascii=False))
        return 0
    from rich.console import Console
    from rich.table import Table
    table = Table(title="Games")
    for column in ("id", "name", "players", "rules", "options"):
        table.add_column(column)
    for row in rows:
        options = ", ".join(f"{o['name']}={o['default']}" for o in row["options"]) or "none"
        table.add_row(row["id"], row["name"], "{}–{}".format(*row["players"]), row["rules_version"], options)
    Console().print(table)
    return 0


def cmd_play(args):
    from arena import agents, replay
    from arena.match import agent_seed, play_match

    game = _game(args.game, args.build)
    try:
        options = game.check_match(args.players, parse_options(args.option))
    except ValueError as exc:
        raise CommandError(str(exc)) from None
    bots = args.bot or ["random"]
    if len(bots) == 1:
        bots = bots * args.players
    if len(bots) != args.players:
        raise CommandError(f"give one --bot for every seat ({args.players}), or a single one for all; "
                           f"got {len(bots)}")
    try:
        players = [agents.builtin(name, agent_seed(args.seed, seat)) for seat, name in enumerate(bots)]
        outcome = play_match(args.game, seed=args.seed, agents=players, options=options, build=args.build)
    except ValueError as exc:
        raise CommandError(str(exc)) from None
    if args.replay:
        replay.save(args.replay, outcome, bots)
    print(json.dumps(outcome.result, indent=2, ensure_ascii=False))
    return 0


def _bot_errors():
    from arena.bots.sandbox import SandboxUnavailable
    from arena.bots.submission import BotSubmissionError
    return (BotSubmissionError, SandboxUnavailable, ValueError)


def cmd_match(args):
    from arena import replay
    from arena.bots import make_agent
    from arena.bots.pool import BotPool
    from arena.match import agent_seed, play_match

    game = _game(args.game, args.build)
    try:
        options = game.check_match(len(args.bots), parse_options(args.option))
        # Through a pool: the bots' processes are ended together, with one check for all of them.
        with BotPool() as pool:
            players = [make_agent(spec, agent_seed(args.seed, seat), trusted=args.trusted, pool=pool)
                       for seat, spec in enumerate(args.bots)]
            outcome = play_match(args.game, seed=args.seed, agents=players, options=options, build=args.build)
    except _bot_errors() as exc:
        raise CommandError(str(exc)) from None
    if args.replay:
        replay.save(args.replay, outcome, args.bots)
    if args.logs:
        import os
        os.makedirs(args.logs, exist_ok=True)
        for seat, log in enumerate(outcome.bot_logs):
            if log is not None:
                with open(os.path.join(args.logs, f"seat-{seat}.log"), "w") as handle:
                    handle.write(log)
    seats = [{"seat": seat, "bot": spec, **status}
             for seat, (spec, status) in enumerate(zip(args.bots, outcome.seat_status))]
    print(json.dumps({"game": args.game, "seed": args.seed, "seats": seats, "result": outcome.result},
                     indent=2, ensure_ascii=False))
    return 0


def cmd_validate(args):
    from arena.bots import validate

    _game(args.game)
    console = stderr_console()
    limits = _validation_limits(args, console)
    size = _file_size(args.bot)
    if size is not None and size > limits["bot_file"]["file_bytes"]:
        print(f"FAILED: {args.bot}: not a valid bot: {size:,} bytes, more than the "
              f"{limits['bot_file']['file_bytes']:,} allowed by {limits['source']}")
        return 1
    try:
        with console.status(f"validating {args.bot} on {args.game}…"):
            verdict = validate.validate(args.game, args.bot, trusted=args.trusted,
                                        on_match=lambda m: console.log(
                                            f"match seed {m['seed']}, seat {m['seat']} of {m['players']}: "
                                            f"{m['status']}{': ' + m['reason'] if m['reason'] else ''} "
                                            f"({m['decisions']} decisions, {m['seconds']} s)"))
    except _bot_errors() as exc:
        raise CommandError(str(exc)) from None
    if args.json:
        print(json.dumps({**verdict.to_dict(), "limits": limits}, indent=2))
    elif verdict.passed:
        print(f"PASSED: {args.bot} finished {len(verdict.matches)} {args.game} matches cleanly "
              "against built-in bots; it may enter rated play")
    else:
        print(f"FAILED: {args.bot}: {verdict.problem}")
        if verdict.log.strip():
            print("its stderr (last lines):")
            for line in verdict.log.strip().splitlines()[-15:]:
                print("  " + line)
    return 0 if verdict.passed else 1


def _validation_limits(args, console):
    """The limits a bot is validated against: those of the server it will be submitted to when
    one is set (``--url``, ``ARENA_URL``, ``arena login``), else this installation's.  The server's
    clock for the game then times the validation matches, as it will time the rated ones."""
    import os

    from arena.bots import submission

    try:
        server = cli_site.server_limits(args.url)
    except cli_site.SiteError as exc:
        console.print(f"could not ask the server for its limits ({exc}); checking against this installation's")
        server = None
    if server is None:
        from arena.bots.runner import time_control
        clock = time_control(args.game)
        limits = {"source": "this installation", "bot_file": submission.limits(),
                  "time_control": dict(zip(("move", "bank", "startup"), clock.as_tuple()))}
        where = "this installation (no server set: `arena login`, --url or ARENA_URL)"
    else:
        base, site = server
        clock = site["time_control"].get(args.game)
        limits = {"source": base, "bot_file": site["bot_file"], "time_control": clock}
        where = base
        if clock:
            os.environ["ARENA_BOT_TIME_CONTROL"] = f"{clock['move']},{clock['bank']},{clock['startup']}"
    clock_text = (f"; clock {limits['time_control']['move']:g} s a decision, {limits['time_control']['bank']:g} s "
                  f"bank, {limits['time_control']['startup']:g} s to start" if limits["time_control"] else "")
    console.print(f"limits of {where}: {submission.limits_text(limits['bot_file'])}{clock_text}", soft_wrap=True)
    return limits


def _file_size(path):
    import os
    try:
        return os.path.getsize(path)
    except OSError:
        return None   # the validation itself says what is wrong with the path


def cmd_bench_sandbox(args):
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from arena.bots import bench

    columns = (TextColumn("{task.description:<32}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    try:
        with Progress(*columns, console=stderr_console(), transient=args.json) as progress:
            report = bench.run(starts=args.starts, decisions=args.decisions, trusted=args.trusted,
                               progress=progress)
    except _bot_errors() as exc:
        raise CommandError(str(exc)) from None
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    print(f"sandboxed Python bot, {report['sandbox']}")
    for label, key, unit in (("start-up (launch to ready)", "startup_ms", "ms"),
                             ("tear-down and check", "teardown_ms", "ms"),
                             (f"round trip, {report['game']} observations", "round_trip_us", "µs"),
                             ("round trip, tiny observation", "round_trip_tiny_observation_us", "µs")):
        row = report[key]
        print(f"  {label:<34} median {row['median']:>9} {unit}   p95 {row['p95']:>9} {unit}   (n={row['n']})")
    print(f"  act message: median {report['act_message_bytes']['median']:,} bytes, "
          f"max {report['act_message_bytes']['max']:,}")
    return 0


def cmd_replay_verify(args):
    from arena import replay
    try:
        result = replay.verify(replay.load(args.file), args.build)
    except replay.ReplayError as exc:
        print(f"arena: replay invalid: {exc}", file=sys.stderr)
        return 1
    print(f"replay ok: {result['game']}, {len(result['ranks'])} players, winner {result.get('winner')}, "
          f"{result['end_reason']}")
    return 0


def cmd_bench_match(args):
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from arena.bots import bench

    if not args.match_game or not args.bots:
        raise CommandError("usage: arena bench match GAME --bots FILE [FILE ...] [--matches N]")
    game = _game(args.match_game)
    if args.matches < 1:
        raise CommandError("--matches must be at least 1")
    columns = (TextColumn("{task.description:<32}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    try:
        with Progress(*columns, console=stderr_console(), transient=args.json) as progress:
            report = bench.run_match(game.id, args.bots, players=args.players, matches=args.matches,
                                     seed=args.seed, trusted=args.trusted, progress=progress)
    except _bot_errors() as exc:
        raise CommandError(str(exc)) from None
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    print(f"{report['game']}, {report['players']} players, every seat {', '.join(sorted(set(report['bots'])))}; "
          f"sandbox {report['sandbox']}; load average {report['load_average']['min']}-{report['load_average']['max']}")
    print(f"  {report['decisions_per_match']} decisions a match")
    for label, key in (("built-in heuristics", "heuristics"), ("bots kept between matches", "kept"),
                       ("bots started for one match", "one_off")):
        row = report[key]
        print(f"  {label:<28} {row['ms_per_match']:>9.2f} ms/match {row['us_per_decision']:>9.1f} µs/decision "
              f"(n={row['matches']})")
    kept, ratios = report["kept"], report["ratios"]
    print(f"  kept: {kept['processes_started']} processes started, {kept['matches_on_a_kept_process']} seats "
          f"played by a kept process")
    print(f"  sandboxed / heuristics: {ratios['kept_over_heuristics']}x kept, "
          f"{ratios['one_off_over_heuristics']}x one-off (wall time)")
    cpu, cpu_ratios = report["cpu_ms_per_match"], report["cpu_ratios"]
    print(f"  CPU ms/match (arena and bots): heuristics {cpu['heuristics']}, kept {cpu['kept']}, "
          f"one-off {cpu['one_off']}: {cpu_ratios['kept_over_heuristics']}x kept, "
          f"{cpu_ratios['one_off_over_heuristics']}x one-off")
    for failure in report["failures"][:10]:
        print(f"  failed: {failure}")
    return 0 if not report["failures"] else 1


def _bench_tables(args):
    """(game id, players) of the game named (every game without one): ``--players`` seats, else four
    or the nearest the game allows."""
    tables = []
    for game_id in [args.match_game] if args.match_game else games.game_ids():
        game = _game(game_id)
        players = args.players if args.players is not None else min(max(4, game.min_players), game.max_players)
        try:
            game.check_players(players)
        except ValueError as exc:
            raise CommandError(str(exc)) from None
        tables.append((game.id, players))
    return tables


def cmd_bench_loop(args):
    from arena import bench

    if args.matches < 1:
        raise CommandError("--matches must be at least 1")
    rows = [bench.run_loop(game_id, players=players, matches=args.matches, seed=args.seed)
            for game_id, players in _bench_tables(args)]
    if args.json:
        print(json.dumps(rows, indent=2))
        return 0
    print("match loop with the built-in random player at every seat, CPU time per decision "
          "(the players' thinking taken out)")
    for row in rows:
        print(f"  {row['game']:<9} {row['players']} players {row['decisions']:>8,} decisions: loop "
              f"{row['loop_us_per_decision']:>6.2f} µs, engine calls alone (wall clock) {row['engine_us_per_decision']:>5.2f} µs "
              f"({row['loop_over_engine']}x), thinking {row['thinking_us_per_decision']:.2f} µs; every "
              f"observation built: {row['loop_with_observations_us_per_decision']:.2f} µs")
    return 0


def cmd_bench_aec(args):
    from arena import bench

    try:
        report = bench.run_aec(_bench_tables(args), games_each=max(args.matches // 2, 1), seed=args.seed)
    except RuntimeError as exc:
        raise CommandError(str(exc)) from None
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    print(f"AEC environment, random legal actions, decisions per CPU second; PettingZoo's tic-tac-toe "
          f"{report['tictactoe_decisions_per_cpu_second']:,} in the same run")
    for row in report["games"]:
        print(f"  {row['game']:<9} {row['players']} players {row['decisions']:>7,} decisions: "
              f"{row['decisions_per_cpu_second']:>8,}/CPU s, {row['over_tictactoe']}x tic-tac-toe")
    return 0


def cmd_bench(args):
    if args.game == "aec":
        return cmd_bench_aec(args)
    if args.game == "loop":
        return cmd_bench_loop(args)
    if args.game == "sandbox":
        return cmd_bench_sandbox(args)
    if args.game == "match":
        return cmd_bench_match(args)
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from arena import bench

    game = _game(args.game)
    players = args.players if args.players is not None else min(max(5, game.min_players), game.max_players)
    options = parse_options(args.option)
    try:
        if options:
            game.check_match(players, options)
        else:
            game.check_players(players)
    except ValueError as exc:
        raise CommandError(str(exc)) from None
    if args.games < 1:
        raise CommandError("--games must be at least 1")
    columns = (TextColumn("{task.description:<32}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, console=stderr_console(), transient=args.json) as progress:
        report = bench.run(args.game, players=players, n_games=args.games, seed=args.seed, progress=progress,
                           options=options)
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    fast, driven, slow = report["compiled_fast_path"], report["compiled_driven_from_python"], report["uncompiled"]
    shown = ", ".join(f"{name}={value}" for name, value in report["options"].items())
    print(f"{report['game']}, {players} players{', ' + shown if shown else ''}, {report['policy']}")
    for label, row in (("compiled fast path", fast), ("compiled, driven from Python", driven),
                       ("uncompiled build", slow)):
        print(f"  {label:<30} {row['games_per_second']:>12,.1f} games/s {row['decisions_per_second']:>14,} "
              f"decisions/s {row['us_per_decision']:>9.3f} µs/decision")
    ratios = report["ratios"]
    print(f"  fast path / uncompiled: {ratios['fast_path_over_uncompiled_games_per_second']}x games/s; "
          f"driven engine / uncompiled: {ratios['driven_engine_over_uncompiled_decisions_per_second']}x decisions/s")
    return 0


def build_parser(argv=None):
    """The ``arena`` command's parser: with every command, or, given the command line ``argv``
    that names one of arena's own commands, with arena's own only (see ``_add_installed_commands``)."""
    parser = argparse.ArgumentParser(prog="arena", description="Samurai Arena: samurai board games for bots.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    p = sub.add_parser("games", help="list the games, their player counts and options")
    p.add_argument("--json", action="store_true", help="print JSON for scripts")
    p.set_defaults(run=cmd_games)

    p = sub.add_parser("play", help="play one game between built-in bots and print the result")
    p.add_argument("game")
    p.add_argument("--players", type=int, required=True)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--bot", action="append", help="a built-in bot per seat, or one for all (default random)")
    p.add_argument("--option", "--options", dest="option", action="append", metavar="NAME=VALUE",
                   help="a game option (repeatable)")
    p.add_argument("--replay", metavar="FILE", help="write the replay to FILE")
    p.add_argument("--build", choices=BUILDS, default=COMPILED)
    p.set_defaults(run=cmd_play)

    p = sub.add_parser("match", help="play one game between bots: built-in names or bot files")
    p.add_argument("game")
    p.add_argument("bots", nargs="+", metavar="BOT", help="a built-in bot's name or a bot file, one per seat")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--option", action="append", metavar="NAME=VALUE", help="a game option")
    p.add_argument("--replay", metavar="FILE", help="write the replay to FILE")
    p.add_argument("--logs", metavar="DIR", help="write each bot's stderr to DIR/seat-N.log")
    p.add_argument("--trusted", action="store_true",
                   help="run bot files without the sandbox (only for bots you trust)")
    p.add_argument("--build", choices=BUILDS, default=COMPILED)
    p.set_defaults(run=cmd_match)

    p = sub.add_parser("validate", help="the validation matches a new bot must finish cleanly")
    p.add_argument("game")
    p.add_argument("bot", metavar="BOTFILE")
    p.add_argument("--trusted", action="store_true", help="run the bot without the sandbox")
    p.add_argument("--json", action="store_true", help="print the verdict as JSON")
    p.add_argument("--url", help="the server whose limits apply (default: ARENA_URL, or the one you logged in to)")
    p.set_defaults(run=cmd_validate)

    p = sub.add_parser("replay", help="work with replay files")
    replay_sub = p.add_subparsers(dest="replay_command", required=True, metavar="ACTION")
    v = replay_sub.add_parser("verify", help="re-simulate a replay; exit 0 only if it matches")
    v.add_argument("file")
    v.add_argument("--build", choices=BUILDS, default=COMPILED)
    v.set_defaults(run=cmd_replay_verify)
    cli_site.add_replay_fetch(replay_sub)

    p = sub.add_parser("bench", help="measure an engine's speed in its three forms, the sandbox's cost "
                                     "(arena bench sandbox), or sandboxed bots' matches against built-in "
                                     "ones (arena bench match GAME --bots FILE...)")
    p.add_argument("game", help="a game, 'sandbox', 'match', 'loop' (the match loop's own cost) or "
                                     "'aec' (the AEC environment against PettingZoo's tic-tac-toe)")
    p.add_argument("match_game", nargs="?", metavar="GAME", help="match, loop, aec: the game (loop, aec: "
                                                                 "every game if none)")
    p.add_argument("--bots", nargs="+", metavar="FILE", help="match: a bot file for every seat, or one per seat")
    p.add_argument("--matches", type=int, default=40, help="match, loop: matches of each kind (aec: twice the games)")
    p.add_argument("--games", type=int, default=20000, help="games on the compiled fast path")
    p.add_argument("--starts", type=int, default=30, help="sandbox: bots started and stopped")
    p.add_argument("--decisions", type=int, default=3000, help="sandbox: round trips timed")
    p.add_argument("--trusted", action="store_true", help="sandbox: measure without the sandbox")
    p.add_argument("--players", type=int)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--option", "--options", dest="option", action="append", metavar="NAME=VALUE[,...]",
                   help="game options for every game, e.g. --options ghost=3 (repeatable)")
    p.add_argument("--json", action="store_true", help="print one JSON object for scripts")
    p.set_defaults(run=cmd_bench)
    cli_ratings.add_commands(sub)  # tournament, ratings, bench ratings
    cli_site.add_commands(sub)  # login, submit (the site's API, over HTTP)
    cli_research.add_commands(sub)  # balance
    command = None if argv is None else next((arg for arg in argv if not arg.startswith("-")), None)
    if command not in sub.choices:
        _add_installed_commands(sub)
    return parser


def _add_installed_commands(sub):
    """Adds the commands that installed packages declare in the ``arena.commands`` entry-point
    group (``pyproject.toml``): each entry point is a function that adds its commands to ``sub``.

    The web platform's commands (``serve``, ``worker``, ``demo``) come this way: ``web`` sits
    above ``arena`` (it imports it), so ``arena`` never imports ``web``, and knows its commands
    only by what the installed package declares.  Reading the entry points scans the metadata
    of every installed distribution (tens of milliseconds), so ``build_parser`` does it only when
    the command line names no command of arena's own: for the platform's commands, and for
    ``arena --help``, which lists them all.
    """
    from importlib.metadata import entry_points
    for entry_point in sorted(entry_points(group=COMMANDS_GROUP), key=lambda entry_point: entry_point.name):
        entry_point.load()(sub)


def main(argv=None):
    argv = sys.argv[1:] if argv is None else list(argv)
    parser = build_parser(argv)
    args = parser.parse_args(argv)
    try:
        return args.run(args)
    except CommandError as exc:
        parser.exit(2, f"arena: error: {exc}\n")
    except EngineBuildError as exc:
        parser.exit(3, f"arena: engine build problem: {exc}\n")
    except EngineError as exc:   # the engine broke its contract: no seat is to blame
        parser.exit(4, f"arena: engine error: {exc}\n")


if __name__ == "__main__":
    sys.exit(main())

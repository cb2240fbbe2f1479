"""The ``arena balance`` command: self-play win rates by seat and by what each seat starts with."""
import json

from arena.cli_common import CommandError, parse_options, stderr_console


def cmd_balance(args):
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

    from arena import balance, games

    try:
        game = games.get(args.game)
        options = parse_options(args.option)
        if args.players is not None:
            players = args.players
        else:     # the smallest table these options seat (a seat alone at Shōgun no Katana with a ghost)
            players = (game.table_sizes(options) or (game.min_players,))[0]
        options = game.check_match(players, options)
        if args.games < 1:
            raise ValueError("--games must be at least 1")
        if args.jobs is not None and args.jobs < 1:
            raise ValueError("--jobs must be at least 1")
        balance.check_bots(game, players, args.bots)
    except ValueError as exc:
        raise CommandError(str(exc)) from None
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
               TimeRemainingColumn())
    with Progress(*columns, console=stderr_console(), transient=args.json) as progress:
        task = progress.add_task(f"{game.id}, {players} players, {args.bots}", total=args.games)
        try:
            report = balance.run(game.id, players=players, n_games=args.games, options=options, bots=args.bots,
                                 seed=args.seed, jobs=args.jobs, advance=lambda k: progress.advance(task, k))
        except ValueError as exc:
            raise CommandError(str(exc)) from None
    if args.json:
        print(json.dumps(report, indent=2, ensure_ascii=False))
        return 0
    _print_report(report)
    return 0


def _print_report(report):
    from rich.console import Console
    from rich.table import Table

    console = Console()
    options = ", ".join(f"{name}={value}" for name, value in (report["options"] or {}).items()) or "default rules"
    console.print(f"[bold]{report['game']}[/bold] {report['rules_version']}, {report['players']} players, "
                  f"{options}; bots {', '.join(report['bots'])}; {report['games']:,} games "
                  f"(seeds {report['seeds'][0]}–{report['seeds'][1]}), {report['decisions_per_game']} "
                  f"decisions a game, {report['seconds']} s")
    console.print(f"fair win rate {report['fair']:.1%}; largest seat gap "
                  f"{report['largest_seat_gap_points']:+.2f} points")
    for dimension, rows in report["dimensions"].items():
        table = Table(title=f"win rate by {dimension}", title_justify="left")
        for column, justify in ((dimension, "left"), ("seats", "right"), ("win rate", "right"),
                                ("95% interval", "right"), ("points from fair", "right")):
            table.add_column(column, justify=justify)
        for row in rows:
            table.add_row(row["label"], f"{row['seats']:,}", f"{row['win_rate']:.1%}",
                          f"{row['low']:.1%}–{row['high']:.1%}", f"{row['points_from_fair']:+.2f}")
        console.print(table)
    for kind, entry in report["usage"].items():
        unused = ", ".join(entry["never_used"]) or "none"
        console.print(f"{kind}: {entry['used']} of {entry['items']} used; never used: {unused}")


def add_commands(sub):
    from arena import cli_version_test

    cli_version_test.add_commands(sub)  # test (a new version against the old)
    p = sub.add_parser("balance", help="self-play win rates by seat and by what each seat starts with")
    p.add_argument("game")
    p.add_argument("--players", type=int, help="seats (default: the game's smallest table)")
    p.add_argument("--games", type=int, default=1000, help="games to play (default 1000)")
    p.add_argument("--bots", default="heuristic",
                   help="a built-in bot for every seat, or one per seat separated by commas (default heuristic)")
    p.add_argument("--option", "--options", dest="option", action="append", metavar="NAME=VALUE[,...]",
                   help="game options (repeatable)")
    p.add_argument("--seed", type=int, default=0, help="the first game's seed; game g has seed + g")
    p.add_argument("--jobs", type=int, help="worker processes (default: one per core)")
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    p.set_defaults(run=cmd_balance)

"""The ``arena test`` command: is a bot's new version stronger than its old one (paired games, SPRT).

Built-in players and mixes (``--new heuristic --old mix-0.2``) play here; with ``--bot NAME`` and
version numbers (``--new 3 --old 2``) the site tests your uploaded bot (``arena.cli_version_test_site``).
"""
import json

from arena.cli_common import CommandError, parse_options, stderr_console


def cmd_test(args):
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from arena import agents, cli_version_test_site, games, version_test

    try:
        game = games.get(args.game)
        settings = version_test.Settings(elo0=args.elo0, elo1=args.elo1, alpha=args.alpha, beta=args.beta,
                                         max_games=args.max_games)
    except ValueError as exc:
        raise CommandError(str(exc)) from None
    numbers = [cli_version_test_site.version_number(v) is not None for v in (args.new, args.old)]
    if args.bot and all(numbers):
        return cli_version_test_site.cmd_test_site(args, settings)
    if any(numbers):
        raise CommandError("version numbers (--new 3 --old 2) are the versions of your bot on the site: add "
                           "--bot NAME" if not args.bot else "--new and --old are both version numbers of "
                           f"{args.bot} on the site, or both built-in players")
    if args.no_wait:
        raise CommandError("--no-wait is for version tests on the site (--bot NAME --new N --old M)")
    args.others = args.others or "heuristic"
    args.seed = args.seed if args.seed is not None else 0
    try:
        options = parse_options(args.option)
        for name in (args.new, args.old, args.others):
            agents.check_builtin(name, game.id)
    except ValueError as exc:
        raise CommandError(str(exc)) from None
    label = (lambda version: f"{args.bot} {version}") if args.bot else (lambda version: version)
    new, old = label(args.new), label(args.old)
    lower, upper = settings.bounds
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, console=stderr_console(), transient=args.json) as progress:
        task = progress.add_task(f"{new} vs {old}: LLR 0.00 in [{lower:.2f}, {upper:.2f}]", total=settings.max_games)
        state = {}

        def advance(k):
            progress.update(task, advance=k,
                            description=f"{new} vs {old}: LLR {state['test'].llr:.2f} in [{lower:.2f}, {upper:.2f}]")

        try:
            test = version_test.VersionTest(settings=settings)
            state["test"] = test
            version_test.run_into(test, game.id, new=args.new, old=args.old, players=args.players,
                                  others=args.others, seed=args.seed, options=options, advance=advance)
        except ValueError as exc:
            raise CommandError(str(exc)) from None
    summary = test.summary(new=new, old=old)
    if args.json:
        print(json.dumps(summary, indent=2, ensure_ascii=False))
        return 0
    print(summary["verdict"])
    print(f"H0: {settings.elo0:+g} Elo, H1: {settings.elo1:+g} Elo, alpha {settings.alpha:g}, beta {settings.beta:g}; "
          f"bounds [{lower:.2f}, {upper:.2f}]")
    print("pairs by score (0, 1/2, 1, 3/2, 2 of 2): " + ", ".join(f"{n:,}" for n in test.pentanomial)
          + f"; games lost/drawn/won by {new}: " + ", ".join(f"{n:,}" for n in test.trinomial))
    return 0


def add_commands(sub):
    p = sub.add_parser("test", help="is a new version stronger than the old? paired games until an SPRT decides")
    p.add_argument("game")
    p.add_argument("--bot", help="your bot on the site, whose versions --new and --old are tested there "
                                 "(with built-in players: only a name shown with them)")
    p.add_argument("--new", required=True, help="the new version: its number (3 or v3) with --bot, or a built-in "
                                                "bot or mix played here (e.g. heuristic, mix-0.2)")
    p.add_argument("--old", required=True, help="the old version: its number with --bot, or a built-in bot or mix")
    p.add_argument("--elo0", type=float, default=0.0, help="H0: the new version is this much stronger (default 0)")
    p.add_argument("--elo1", type=float, default=5.0, help="H1: the new version is this much stronger (default 5)")
    p.add_argument("--alpha", type=float, default=0.05, help="false H1 rate (default 0.05)")
    p.add_argument("--beta", type=float, default=0.05, help="false H0 rate (default 0.05)")
    p.add_argument("--max-games", type=int, default=2000, help="stop without a decision after this many (default 2000)")
    p.add_argument("--players", type=int, help="seats (default: the game's smallest table)")
    p.add_argument("--others", help="here: the built-in bot in every other seat (default heuristic; on the site, "
                                    "the house's built-in player)")
    p.add_argument("--option", "--options", dest="option", action="append", metavar="NAME=VALUE[,...]",
                   help="game options (repeatable)")
    p.add_argument("--seed", type=int, help="pair p has seed + p (default: 0 here, random on the site)")
    p.add_argument("--json", action="store_true", help="print the outcome as JSON")
    p.add_argument("--no-wait", action="store_true", help="on the site: start the test and print its page's URL")
    p.add_argument("--timeout", type=float, help="on the site: stop following after this many seconds (the test "
                                                 "goes on)")
    p.add_argument("--url", help="the site (default: the one `arena login` kept, or $ARENA_URL)")
    p.set_defaults(run=cmd_test)

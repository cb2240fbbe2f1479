"""The ``arena tournament``, ``arena ratings`` and ``arena bench ratings`` commands."""
import json
import math

from arena.cli_common import CommandError, stderr_console


def _progress(json_output):
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
    columns = (TextColumn("{task.description:<24}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    return Progress(*columns, console=stderr_console(), transient=json_output)


def _interval(low, high):
    return "-" if math.isnan(low) else f"[{low:6.1f}, {high:6.1f}]"


def cmd_tournament(args):
    from arena.tournaments.runner import make_format, run_tournament

    if args.format == "story":
        return cmd_story(args)
    if args.ghost is not None or args.attempts is not None:
        raise CommandError("--ghost and --attempts are for --format story")
    if len(args.bots) < 2:
        raise CommandError("a tournament needs at least 2 bots")
    if args.games < 1:
        raise CommandError("--games must be at least 1")
    if args.rounds is not None and args.rounds < 1:
        raise CommandError("--rounds must be at least 1")
    if args.top < 1:
        raise CommandError("--top must be at least 1")
    try:
        fmt = make_format(args.game, args.format, args.bots, seed=args.seed, games_per=args.games,
                          adaptive=args.adaptive, players=args.players, rounds=args.rounds, top=args.top)
    except ValueError as exc:
        raise CommandError(str(exc)) from None
    with _progress(args.json) as progress:
        task = progress.add_task(f"{args.game} {fmt.name}", total=fmt.max_games())
        run = run_tournament(fmt, on_game=lambda n: progress.update(task, completed=n))
        progress.update(task, total=len(run.results), completed=len(run.results))
    report = run.to_dict()
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    stopped = " (adaptive: stopped early)" if args.adaptive and len(run.results) < fmt.max_games() else ""
    print(f"{args.game}, {fmt.name}, seed {args.seed}: {len(run.results)} games{stopped}")
    rows = run.standings
    width = max(len("bot"), *(len(s.bot) for s in rows))
    score = any(s.score is not None for s in rows)
    print(f"{'place':>5}  {'bot':<{width}}  {'rating':>7}  {'95% interval':>16}  {'games':>5}  {'wins':>5}"
          f"  {'points':>6}" + ("  score" if score else ""))
    for s in rows:
        rating = "-" if math.isnan(s.rating) else f"{s.rating:7.1f}"
        print(f"{s.place:>5}  {s.bot:<{width}}  {rating:>7}  {_interval(s.low, s.high):>16}  {s.games:>5}  "
              f"{s.wins:>5}  {s.points:6.1f}" + (f"  {s.score:5.1f}" if score else ""))
    return 0


def _conditions(attempt):
    """Each condition in words, marked met (✓) or not (✗); the words of a result stored before the
    campaign had any are its text."""
    if attempt["error"]:
        return "the match ended in error"
    marks = [f"{c.get('words') or c.get('text')} {'✓' if c.get('met') else '✗'}" for c in attempt["conditions"]]
    return ", ".join(marks) if marks else "no condition"


def _score(value):
    return "-" if value is None else f"{value:g}"


def print_story(game_id, bot, summary, seed):
    """The campaign chapter by chapter, then its total and title (``StoryCampaign.summary``)."""
    attempts = summary["attempts"]
    print(f"{game_id} story campaign, {bot} against ghost {summary['level']}, {attempts} attempt"
          f"{'s' if attempts != 1 else ''} per chapter, seed {seed}: {summary['games']} games")
    for chapter in summary["chapters"]:
        english = chapter.get("title_words") or chapter["title"]
        printed = f"{chapter['title']}, " if english != chapter["title"] else ""
        head = f"chapter {chapter['number']:>2} {english} ({printed}{chapter['difficulty']})"
        if not chapter["attempts"]:
            print(f"{head}: not played")
            continue
        verdict = "won" if chapter["won"] else "lost"
        print(f"{head}: {verdict}, {chapter['points']:+d} points (gained {chapter['gained']}, "
              f"penalty {chapter['penalty']})")
        for number, attempt in enumerate(chapter["attempts"], start=1):
            print(f"    attempt {number}: {'won' if attempt['won'] else 'lost'}, score {_score(attempt['score'])} "
                  f"against the ghost's {_score(attempt['ghost_score'])}"
                  f"{', ghost beaten' if attempt['beat_ghost'] else ''}; {_conditions(attempt)}")
    title = summary["title"]
    print(f"total {summary['total']} story points (at most {summary['maximum']} against ghost {summary['level']}): "
          f"{title['name']} {title['kanji']} ({title.get('meaning_words') or title['meaning']})")


def cmd_story(args):
    from arena.tournaments.runner import make_story, run_story

    if args.adaptive or args.players is not None or args.rounds is not None:
        raise CommandError("--adaptive, --players and --rounds are not for --format story")
    try:
        story = make_story(args.game, args.bots, level=args.ghost,
                           attempts=1 if args.attempts is None else args.attempts, seed=args.seed)
    except ValueError as exc:
        raise CommandError(str(exc)) from None
    with _progress(args.json) as progress:
        task = progress.add_task(f"{args.game} story", total=story.max_games())

        def advance(match, result, summary):
            progress.update(task, completed=summary["games"],
                            description=f"chapter {match.chapter} attempt {match.attempt}")

        summary = run_story(story, args.bots[0], on_match=advance)
        progress.update(task, total=summary["games"], completed=summary["games"], description=f"{args.game} story")
    if args.json:
        print(json.dumps({"game": args.game, "format": "story", "bot": args.bots[0], "seed": args.seed, **summary},
                         indent=2, ensure_ascii=False))
        return 0
    print_story(args.game, args.bots[0], summary, args.seed)
    return 0


def cmd_ratings_fit(args):
    from arena.ratings import fit_by_game, read_jsonl
    try:
        records = read_jsonl(args.file)
    except OSError as exc:
        raise CommandError(f"cannot read {args.file}: {exc.strerror}") from None
    except ValueError as exc:
        raise CommandError(f"{args.file}: {exc}") from None
    if not any(not r.voided for r in records):
        raise CommandError(f"{args.file} has no match to fit (every line voided, or none)")
    try:
        tables = fit_by_game(records, model=args.model)
    except ValueError as exc:
        raise CommandError(str(exc)) from None
    tables = {g: t for g, t in tables.items() if len(t)}
    if args.json:
        print(json.dumps({g: t.to_dict() for g, t in tables.items()}, indent=2))
        return 0
    print("\n\n".join(t.format() for t in tables.values()))
    return 0


def cmd_ratings_eval(args):
    from arena.ratings.evaluation import format_evaluation, run_evaluation
    from arena.tournaments.scenario import engine_scenario, rated_game_ids
    from threadpoolctl import threadpool_limits
    unknown = sorted(set(args.game or ()) - set(rated_game_ids()))
    if unknown:
        raise CommandError(f"no rated engine scenario for {', '.join(unknown)}: "
                           f"choose among {', '.join(rated_game_ids())}")
    # One BLAS thread: the fits' dense factorisations are small, and extra
    # threads only compete with the rest of the machine.
    with threadpool_limits(limits=1, user_api="blas"):
        result = run_evaluation(seed=args.seed, quick=args.quick,
                                extra_scenarios=[engine_scenario(g, args.quick)
                                                 for g in (args.game or rated_game_ids())])
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        print(format_evaluation(result))
    return 0


def cmd_bench_ratings(args):
    from arena.ratings import bench
    with _progress(args.json) as progress:
        report = bench.run(progress=progress)
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    t = report["targets"]
    print(f"ratings: refit target <= {t['refit_seconds']} s, live update target <= {t['live_update_us']} µs/match")
    for row in report["results"]:
        print(f"  {row['record']:<26} {row['matches']:>7} matches {row['bots']:>5} bots ({row['model']}): "
              f"refit {row['refit_seconds']:.2f} s (CPU {row['refit_cpu_seconds']:.2f} s; fixed prior "
              f"{row['refit_fixed_prior_seconds']:.2f} s; from previous table {row['refit_from_previous_seconds']:.2f} s), "
              f"live update {row['live_update_us_per_match']:.1f} µs")
    return 0


class _TournamentFormats:
    """The choices of ``--format``: ``arena.tournaments.runner.FORMATS``, read when argparse checks
    or lists them.  Importing the runner imports the rating fit (SciPy), which takes longer than
    most commands do; building the parser must not pay for it.  (argparse lists the choices in
    the usage line unless the argument has a ``metavar``: it has one.)"""

    @staticmethod
    def _formats():
        from arena.tournaments.runner import FORMATS
        from arena.tournaments.story import STORY
        return (*FORMATS, STORY)

    def __iter__(self):
        return iter(self._formats())

    def __contains__(self, name):
        return name in self._formats()


def add_commands(sub):
    """Adds ``tournament`` and ``ratings`` to the ``arena`` parser, and ``ratings`` as a target of
    ``arena bench``."""
    p = sub.add_parser("tournament", help="run a tournament between built-in bots and print the standings, or a "
                                          "story campaign of one bot (--format story)")
    p.add_argument("game")
    p.add_argument("bots", nargs="+", metavar="BOT",
                   help="built-in bots (random, heuristic, a game's heuristic by name, mix-<p>); repeat a name "
                        "for several entrants")
    p.add_argument("--format", required=True, choices=_TournamentFormats(), metavar="FORMAT",
                   help="one of: %(choices)s")
    p.add_argument("--games", type=int, default=2,
                   help="games per pairing (two-player formats) or rounds of tables (tables); default 2")
    p.add_argument("--adaptive", nargs="?", const="superiority", default=False, choices=("superiority", "sprt"),
                   help="stop once the top places' order is settled: 'superiority' (the default) when the "
                        "likelihood of superiority of each over the next is >= 0.95, 'sprt' when a sequential "
                        "probability ratio test (equal vs 50 Elo apart, 5%% errors) has ended for each; "
                        "in knock-outs, end a duel once decided")
    p.add_argument("--top", type=int, default=3, help="places whose order --adaptive settles (default 3)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--players", type=int, help="seats per table (tables; single-elim over tables)")
    p.add_argument("--rounds", type=int, help="Swiss rounds (default ceil(log2 bots))")
    p.add_argument("--ghost", type=int, metavar="LEVEL",
                   help="story: the ghost level the campaign is played against (1-5), required")
    p.add_argument("--attempts", type=int, metavar="N",
                   help="story: times a chapter may be played, retries after a defeat (1-3, default 1)")
    p.add_argument("--json", action="store_true", help="print the standings as JSON")
    p.set_defaults(run=cmd_tournament)

    p = sub.add_parser("ratings", help="fit and evaluate ratings")
    ratings_sub = p.add_subparsers(dest="ratings_command", required=True, metavar="ACTION")
    f = ratings_sub.add_parser("fit", help="fit a JSON-lines match record (format: docs/ratings.md)")
    f.add_argument("file")
    f.add_argument("--model", choices=("auto", "bt", "pl", "team"), default="auto")
    f.add_argument("--json", action="store_true")
    f.set_defaults(run=cmd_ratings_fit)
    e = ratings_sub.add_parser("eval", help="compare the published rating with Elo, OpenSkill and TrueSkill")
    e.add_argument("--quick", action="store_true", help="smaller scenarios (seconds, not minutes)")
    e.add_argument("--seed", type=int, default=20240611)
    e.add_argument("--game", action="append", metavar="GAME",
                   help="add real games of GAME between graded heuristic/random mixes (repeatable; "
                        "default: every registered game with a heuristic)")
    e.add_argument("--json", action="store_true")
    e.set_defaults(run=cmd_ratings_eval)

    bench = sub.choices.get("bench")
    if bench is not None:
        engine_bench = bench.get_default("run")

        def run_bench(args):
            return cmd_bench_ratings(args) if args.game == "ratings" else engine_bench(args)

        bench.set_defaults(run=run_bench)
        bench.epilog = "'arena bench ratings [--json]' times the rating refit and live update instead."

"""How often a built-in bot beats ``random``: whole matches through ``arena.match.play_match``.

    python -m arena.heuristics.winrate risques-odds --games 1000 [--json]
    python -m arena.heuristics.winrate samourai-warlord --games 500 --players 3,4,5,6

For each case (game, players, options) the bot takes one seat, turn about
(game ``g`` puts it in seat ``g % players``), and ``random`` takes the others;
match ``g`` has seed ``seed + g``.  A *win* is rank 1 alone; a *shared first*
is rank 1 with another seat.  The baseline plays the very same matches with
``random`` in the bot's seat, so the two rates compare like with like.  The
cases are the golden cases of the game's spec, or with ``--players`` the
default options at each of those table sizes.  Win rates come with their 95%
Wilson interval.
"""
import argparse
import json
import sys

from arena import agents, games
from arena.match import agent_seed, play_match

def cases(bot, players=None):
    """(label, game, players, options) for ``bot``: the golden cases of its game's spec, which
    cover every variant (Risques: duel, frappe, massacre at 3 and 7, personal honor), or the
    default options at each table size of ``players``."""
    game_id = agents.game_of(bot)
    if players:
        return tuple((f"{n}p", game_id, n, {}) for n in players)
    return tuple((case.name, game_id, case.players, case.options) for case in games.get(game_id).spec.golden)


def play(bot, game, players, options, n_games, seed=0, opponent="random", advance=None):
    """Plays ``n_games`` matches of ``bot`` against ``opponent``; returns its record."""
    wins = shared = 0
    rank_total = 0
    for g in range(n_games):
        match_seed = seed + g
        seat = g % players
        names = [bot if s == seat else opponent for s in range(players)]
        players_ = [agents.builtin(name, agent_seed(match_seed, s), game) for s, name in enumerate(names)]
        result = play_match(game, seed=match_seed, agents=players_, options=options).result
        ranks = result["ranks"]
        rank_total += ranks[seat]
        if ranks[seat] == 1:
            if ranks.count(1) == 1:
                wins += 1
            else:
                shared += 1
        if advance is not None:
            advance(1)
    from arena.ratings.scores import wilson_interval

    low, high = wilson_interval(wins, n_games)
    return {"games": n_games, "wins": wins, "shared_firsts": shared,
            "win_rate": round(wins / n_games, 4), "win_rate_95": [round(low, 4), round(high, 4)],
            "first_rate": round((wins + shared) / n_games, 4), "mean_rank": round(rank_total / n_games, 3)}


def run(bot, n_games, seed=0, baseline=True, progress=None, players=None):
    report = {"bot": bot, "opponents": "random", "games_per_case": n_games, "seed": seed, "cases": {}}
    for label, game, players, options in cases(bot, players):
        rows = {}
        for who in ([bot, "random"] if baseline else [bot]):
            advance = None
            if progress is not None:
                task = progress.add_task(f"{label} ({players}p): {who}", total=n_games)
                advance = lambda k, task=task: progress.advance(task, k)   # noqa: E731
            rows[who] = play(who, game, players, options, n_games, seed, advance=advance)
        report["cases"][label] = {"game": game, "players": players, "options": options,
                                  "bot": rows[bot], "random_in_its_seat": rows.get("random")}
    return report


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m arena.heuristics.winrate", description=__doc__.split("\n")[0])
    parser.add_argument("bot", help="a game's heuristic by its name (risques-odds, katana-aggressor)")
    parser.add_argument("--games", type=int, default=1000, help="matches per case")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--no-baseline", action="store_true", help="skip random in the bot's seat")
    parser.add_argument("--players", type=lambda text: [int(n) for n in text.split(",")],
                        help="table sizes to play with the default options, e.g. 3,4,5,6 (default: the golden cases)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    columns = (TextColumn("{task.description:<32}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, console=Console(stderr=True), transient=args.json) as progress:
        report = run(args.bot, args.games, args.seed, baseline=not args.no_baseline, progress=progress,
                     players=args.players)
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    print(f"{args.bot} against random, {args.games} matches per case, seeds {args.seed}..{args.seed + args.games - 1}")
    for label, case in report["cases"].items():
        low, high = case["bot"]["win_rate_95"]
        line = (f"  {label:<9} {case['players']}p  wins {case['bot']['win_rate']:.1%} ({low:.1%}-{high:.1%})"
                f"  first (shared too) {case['bot']['first_rate']:.1%}  mean rank {case['bot']['mean_rank']}")
        if case["random_in_its_seat"]:
            base = case["random_in_its_seat"]
            line += f"   | random in its seat: wins {base['win_rate']:.1%}, mean rank {base['mean_rank']}"
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())

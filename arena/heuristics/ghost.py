"""How built-in bots fare against Shōgun no Katana's ghost, level by level: whole matches through
``arena.match.play_match``.

    python -m arena.heuristics.ghost shogun-smith --games 1000 [--levels 1,2,3,4,5] [--players 1] [--jobs 2] [--json]

Every seat plays ``bot``; match ``g`` of a level has seed ``seed + g``.  The seats *beat* the ghost
when the best seat's score is strictly above the ghost's total (R134's « marquer plus de points
que le fantôme »; alone, that is the solo win).  Per level: that rate with its 95% Wilson
interval, the mean margin (best seat minus ghost) with its 95% normal interval, and the mean
scores, the ghost's by the parts of R131.
"""
import argparse
import json
import math
import sys
from concurrent.futures import ProcessPoolExecutor

from arena import agents
from arena.match import agent_seed, play_match
from arena.ratings.scores import wilson_interval

GAME = "shogun"


def play_one(bot, players, level, seed):
    """(best seat's score, the ghost's total, the ghost's R131 parts) of one match."""
    seats = [agents.builtin(bot, agent_seed(seed, s), GAME) for s in range(players)]
    result = play_match(GAME, seed=seed, agents=seats, options={"ghost": level}).result
    ghost = result["automata"][0]
    return max(result["scores"]), ghost["score"], ghost["breakdown"]


def _play_chunk(args):
    bot, players, level, seeds = args
    return [play_one(bot, players, level, seed) for seed in seeds]


def summarize(rows):
    n = len(rows)
    margins = [best - ghost for best, ghost, _ in rows]
    mean = sum(margins) / n
    sd = math.sqrt(sum((m - mean) ** 2 for m in margins) / max(n - 1, 1))
    wins = sum(1 for m in margins if m > 0)
    low, high = wilson_interval(wins, n)
    parts = {key: round(sum(r[2][key] for r in rows) / n, 1) for key in rows[0][2]}
    return {"games": n, "wins": wins, "win_rate": round(wins / n, 4), "win_rate_95": [round(low, 4), round(high, 4)],
            "mean_margin": round(mean, 1), "mean_margin_95": [round(mean - 1.96 * sd / math.sqrt(n), 1),
                                                              round(mean + 1.96 * sd / math.sqrt(n), 1)],
            "mean_best_seat": round(sum(r[0] for r in rows) / n, 1),
            "mean_ghost": round(sum(r[1] for r in rows) / n, 1), "ghost_parts": parts}


def run(bot, n_games, levels=(1, 2, 3, 4, 5), players=1, seed=0, jobs=1):
    report = {"bot": bot, "players": players, "games_per_level": n_games, "seed": seed, "levels": {}}
    chunk = 25
    with ProcessPoolExecutor(jobs) as pool:
        for level in levels:
            work = [(bot, players, level, range(seed + start, seed + min(start + chunk, n_games)))
                    for start in range(0, n_games, chunk)]
            rows = [row for part in pool.map(_play_chunk, work) for row in part]
            report["levels"][str(level)] = summarize(rows)
    return report


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m arena.heuristics.ghost", description=__doc__.split("\n\n")[0].replace("\n", " "))
    parser.add_argument("bot", help="a built-in bot for every seat (shogun-smith, random)")
    parser.add_argument("--games", type=int, default=1000, help="matches per level")
    parser.add_argument("--levels", type=lambda text: [int(n) for n in text.split(",")], default=[1, 2, 3, 4, 5])
    parser.add_argument("--players", type=int, default=1, help="seats beside the ghost (1 to 3)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    report = run(args.bot, args.games, args.levels, args.players, args.seed, args.jobs)
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    print(f"{args.bot} x{args.players} against the ghost, {args.games} matches per level, "
          f"seeds {args.seed}..{args.seed + args.games - 1}")
    for level, row in report["levels"].items():
        low, high = row["win_rate_95"]
        m_low, m_high = row["mean_margin_95"]
        print(f"  ghost {level}: seats win {row['win_rate']:.1%} ({low:.1%}-{high:.1%}), margin {row['mean_margin']:+.1f} "
              f"({m_low:+.1f} to {m_high:+.1f}); best seat {row['mean_best_seat']}, ghost {row['mean_ghost']} "
              + " ".join(f"{k} {v}" for k, v in row["ghost_parts"].items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())

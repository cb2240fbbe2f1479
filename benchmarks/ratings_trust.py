"""Does the live rating agree with the refit, and does a demo separate its players?

    .venv/bin/python benchmarks/ratings_trust.py refit [--matches 6000] [--every 500] [--seed 1]
    .venv/bin/python benchmarks/ratings_trust.py demo ARENA_HOME

``refit``: simulated pools (arena.ratings.simulate: duels, five-seat free-for-alls with
forfeits, Katana-like hidden teams with faction advantages), played in time order.  The live
rating (arena.ratings.LiveElo, for several K) moves after each match and is re-seeded from a
refit (fit_ratings on every match so far) every ``--every`` matches, as the platform does.  At
each refit, for every bot, the jump is |refit - live rating just before|, compared with the
refit's 95% half-width (the "+-" a reader sees).  Also the pool's mean live rating (conserved:
1500 to rounding).

``demo``: reads the SQLite database of an ``arena demo`` run (``ARENA_HOME/arena.sqlite3``):
per rating pool, the mean published rating and the heuristic's and random's ratings and
intervals, and whether those intervals overlap.
"""
import argparse
import sqlite3
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from arena.ratings import LiveElo, fit_ratings  # noqa: E402
from arena.ratings.live import Z95  # noqa: E402
from arena.ratings.simulate import free_for_all_league, hidden_team_league, two_player_league  # noqa: E402

# (K, K_min): a fixed K, or K shrinking with the players' uncertainty down to K_min (LiveElo.pair_k)
KS = ((8.0, None), (16.0, None), (32.0, None), (32.0, 4.0), (32.0, 2.0))


def _scenarios(matches):
    return {
        "duels, 40 bots": two_player_league(n_players=40, n_matches=matches),
        "5-seat free-for-all, 60 bots": free_for_all_league(n_players=60, n_matches=matches),
        "hidden teams 3-7 seats, 60 bots": hidden_team_league(n_players=60, n_matches=matches),
    }


def refit(args):
    rows = []
    for name, generate in _scenarios(args.matches).items():
        records, _ = generate(np.random.default_rng(args.seed))
        lives = {k: LiveElo(k=k[0], k_min=k[1]) for k in KS}
        jumps = {k: [] for k in KS}
        means = {k: [] for k in KS}
        table = None
        for index, record in enumerate(records, start=1):
            for live in lives.values():
                live.update(record)
            if index % args.every == 0:
                table = fit_ratings(records[:index], previous=table)
                for k, live in lives.items():
                    means[k].append(np.mean(list(live.ratings.values())))
                    for r in table.ratings.values():
                        jumps[k].append((abs(r.rating - live.rating(r.player)), (r.high - r.low) / 2,
                                         Z95 * live.sd(r.player), index == args.every))
                    live.seed(table)
        for k in KS:
            later = [j for j in jumps[k] if not j[3]]
            jump = np.array([j[0] for j in later])
            half = np.array([j[1] for j in later])
            shown = np.array([j[2] for j in jumps[k]])
            every_jump = np.array([j[0] for j in jumps[k]])
            rows.append((name, k, len(jump), float(np.median(jump)), float(np.percentile(jump, 99)),
                         float(np.mean(jump > half)), float(np.mean(every_jump > shown)), float(np.median(half)),
                         float(max(abs(m - 1500) for m in means[k]))))
    print("jumps: |refit - live rating just before| at every refit after the first; >half: share above the refit's "
          "95% half-width;\n>shown: share above the live 95% half-width shown just before, every refit, the first "
          "included")
    print(f"{'pool':34}{'K':>7}{'jumps':>7}{'median':>8}{'p99':>7}{'>half':>7}{'>shown':>8}"
          f"{'half-width':>11}{'|mean-1500|':>12}")
    for name, k, n, median, p99, over_half, over_width, half, drift in rows:
        label = f"{k[0]:g}" if k[1] is None else f"{k[0]:g}..{k[1]:g}"
        print(f"{name:34}{label:>7}{n:>7}{median:>8.1f}{p99:>7.1f}{over_half:>7.1%}{over_width:>8.1%}{half:>11.1f}"
              f"{drift:>12.1e}")


def demo(args):
    db = sqlite3.connect(Path(args.home) / "arena.sqlite3")
    played = db.execute("select count(*), min(finished_at), max(finished_at) from matches_match "
                        "where status = 'done' and kind = 'ladder'").fetchone()
    print(f"ladder matches played: {played[0]} ({played[1]} to {played[2]})")
    pools = db.execute("select key, kind from ratings_pool order by key").fetchall()
    for key, kind in pools:
        rows = db.execute("select b.name, r.rating, r.low, r.high, r.games from ratings_currentrating r "
                          "join bots_bot b on b.id = r.bot_id where r.pool_id = ? and r.games > 0 "
                          "order by r.rating desc", (key,)).fetchall()
        if not rows:
            continue
        mean = sum(r[1] for r in rows) / len(rows)
        print(f"\n{key} ({kind}): {len(rows)} bots, mean rating {mean:.2f}")
        for name, rating, low, high, games in rows:
            interval = "" if low is None else f"[{low:.0f}, {high:.0f}]"
            print(f"  {name:12} {rating:8.1f} {interval:>14} {games:>6} games")
        by_name = {r[0]: r for r in rows}
        if "heuristic" in by_name and "random" in by_name:
            h, r = by_name["heuristic"], by_name["random"]
            apart = h[2] is not None and r[3] is not None and h[2] > r[3]
            print(f"  heuristic above random, intervals apart: {apart} (gap {h[2] - r[3]:.0f} points)")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="what", required=True)
    p = sub.add_parser("refit")
    p.add_argument("--matches", type=int, default=6000)
    p.add_argument("--every", type=int, default=500)
    p.add_argument("--seed", type=int, default=1)
    p.set_defaults(run=refit)
    p = sub.add_parser("demo")
    p.add_argument("home")
    p.set_defaults(run=demo)
    args = parser.parse_args()
    args.run(args)


if __name__ == "__main__":
    main()

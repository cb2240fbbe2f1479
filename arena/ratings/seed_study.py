"""How the published rating's lead over TrueSkill varies with the seed, and how far from the truth both are.

Runs one simulated scenario of the full evaluation (by default ``free-for-all``) for several
seeds, with exactly the records, split and systems of ``arena ratings eval`` for each seed, plus
an *oracle* that predicts with the true strengths (the best any rating of this model can do).
For each seed it prints the held-out Brier score and log-loss of the published rating, of
TrueSkill and of the oracle, and the paired differences with bootstrap 95% intervals.

    python -m arena.ratings.seed_study [--scenario free-for-all] [SEED ...]

Used in ``BENCHMARKS.md`` to explain the one tied cell of the evaluation; nothing here feeds
back into the published rating.
"""
from __future__ import annotations

import argparse
from typing import Sequence

import numpy as np

from . import plackett_luce as pl
from .baselines import PublishedSystem, TrueSkillSystem
from .evaluation import _bootstrap_mean_diff, default_scenarios, pair_losses

__all__ = ["study"]

# the position of each scenario among the evaluation's, hence its random stream
_N_EVAL_SCENARIOS = 6


def study(seeds: Sequence[int], scenario: str = "free-for-all", n_boot: int = 2000) -> list[dict]:
    scenarios = default_scenarios()
    names = [s.name for s in scenarios]
    if scenario not in names:
        raise ValueError(f"unknown scenario {scenario!r}; expected one of {names}")
    index = names.index(scenario)
    sc = scenarios[index]
    rows = []
    for seed in seeds:
        rng = np.random.default_rng(np.random.SeedSequence(seed).spawn(_N_EVAL_SCENARIOS)[index])
        records, truth = sc.generate(rng)
        cut = int(round(len(records) * sc.train_fraction))
        train, test = records[:cut], [r for r in records[cut:] if not r.voided]
        published, trueskill = PublishedSystem(), TrueSkillSystem()
        published.train(train)
        trueskill.train(train)

        def oracle(r):
            return pl.pairwise_matrix([np.mean([truth[p] for p in u.players]) for u in r.units()])

        losses = {
            "published": np.array([pair_losses(r, published.pairwise(r)) for r in test]),
            "trueskill": np.array([pair_losses(r, trueskill.pairwise(r)) for r in test]),
            "oracle": np.array([pair_losses(r, oracle(r)) for r in test]),
        }
        boot = np.random.default_rng(seed)
        row = {"seed": seed, "n_test": len(test), "prior_sd": published.table.prior_sd}
        for name, v in losses.items():
            row[name] = {"log_loss": float(v[:, 0].mean()), "brier": float(v[:, 1].mean())}
        for a, b in (("published", "trueskill"), ("oracle", "published"), ("oracle", "trueskill")):
            for m, col in (("log_loss", 0), ("brier", 1)):
                d = losses[a][:, col] - losses[b][:, col]
                lo, hi = _bootstrap_mean_diff(d, boot, n_boot)
                row[f"{a}-{b} {m}"] = (float(d.mean()), lo, hi)
        rows.append(row)
    return rows


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("seeds", nargs="*", type=int, default=[20240611, 1, 2, 3, 4, 5, 6, 7, 8, 9])
    parser.add_argument("--scenario", default="free-for-all")
    args = parser.parse_args(argv)
    from threadpoolctl import threadpool_limits

    print(f"{'seed':>9} {'Brier pub':>10} {'trueskill':>10} {'oracle':>10}   "
          f"{'pub - trueskill [95%]':>30}   {'oracle - pub [95%]':>30}")
    with threadpool_limits(limits=1, user_api="blas"):
        for row in study(args.seeds, args.scenario):
            d1 = row["published-trueskill brier"]
            d2 = row["oracle-published brier"]
            print(f"{row['seed']:>9} {row['published']['brier']:10.5f} {row['trueskill']['brier']:10.5f} "
                  f"{row['oracle']['brier']:10.5f}   {d1[0]:+.5f} [{d1[1]:+.5f}, {d1[2]:+.5f}]   "
                  f"{d2[0]:+.5f} [{d2[1]:+.5f}, {d2[2]:+.5f}]", flush=True)


if __name__ == "__main__":
    main()

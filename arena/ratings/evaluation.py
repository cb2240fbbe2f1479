"""Evaluation of the published rating against incremental baselines.

Every system sees the same records: the first part of each scenario (in time
order) trains it, the rest is held out and predicted from the trained state.

Held-out measures, identical for every system and every kind of game:

* a match is reduced to the pairs of its sides (two seats, every pair of the
  five seats of a free-for-all, every pair of teams of a team game); the
  outcome of a pair is 1 if the first side finished ahead, 0 if behind and
  0.5 for a tie;
* ``log_loss`` of a match is the mean over its pairs of
  ``-(y log p + (1 - y) log(1 - p))`` where ``p`` is the system's probability
  that the first side finishes ahead; ``brier`` the mean of ``(p - y)^2``;
  both are then averaged over held-out matches (each match weighs the same);
* ``spearman`` is the rank correlation between the trained scores and the
  true strengths of the players seen in training.

Differences (published minus baseline) carry paired bootstrap 95% intervals:
resampling held-out matches for the losses, players for the correlation.
Coverage is the share of players whose true strength, centred on the pool
mean like the published scale, lies in their 95% interval.

Run ``python -m arena.ratings.evaluation [--quick] [--seed N]``.
"""
from __future__ import annotations

import argparse
import math
import time
from typing import Sequence

import numpy as np
from scipy.stats import rankdata, spearmanr

from .baselines import PublishedSystem, RatingSystem, default_systems
from .fitted import DEFAULT_PRIOR_SD
from .records import MatchRecord
from .scale import ELO_BASE, ELO_PER_NATURAL
from .simulate import Scenario, free_for_all_league, hidden_team_league, two_player_league

__all__ = [
    "run_evaluation",
    "format_evaluation",
    "default_scenarios",
    "pair_losses",
    "interval_coverage",
]

METRICS = ("log_loss", "brier", "spearman")
LOWER_IS_BETTER = {"log_loss": True, "brier": True, "spearman": False}
EPS = 1e-12


def default_scenarios(quick: bool = False) -> list[Scenario]:
    """The simulated scenarios; the full run adds two robustness checks."""
    if quick:
        return [
            Scenario("two-player", two_player_league(60, 3000), description="Bradley-Terry, draws between equals"),
            Scenario("free-for-all", free_for_all_league(60, 1500), description="5 seats, Plackett-Luce, forfeits"),
            Scenario("hidden-teams", hidden_team_league(40, 2000), description="Katana roles, faction offsets"),
        ]
    return [
        Scenario("two-player", two_player_league(150, 24000), description="Bradley-Terry, draws between equals"),
        Scenario("free-for-all", free_for_all_league(150, 10000), description="5 seats, Plackett-Luce, forfeits"),
        Scenario("hidden-teams", hidden_team_league(100, 12000), description="Katana roles, faction offsets"),
        Scenario(
            "two-player-flat-draws",
            two_player_league(150, 24000, draws="flat"),
            description="robustness: 15% draws whatever the strengths",
            coverage_target=False,
        ),
        Scenario(
            "free-for-all-random-forfeits",
            free_for_all_league(150, 10000, forfeits="random"),
            description="robustness: forfeits unrelated to strength",
            coverage_target=False,
        ),
    ]


def pair_losses(record: MatchRecord, P: np.ndarray) -> tuple[float, float]:
    """(log-loss, Brier) of one match from a pairwise probability matrix."""
    ranks = [u.rank for u in record.units()]
    n = len(ranks)
    ll = br = 0.0
    k = 0
    for i in range(n):
        for j in range(i + 1, n):
            y = 1.0 if ranks[i] < ranks[j] else 0.5 if ranks[i] == ranks[j] else 0.0
            p = min(max(float(P[i, j]), EPS), 1.0 - EPS)
            ll -= y * math.log(p) + (1.0 - y) * math.log(1.0 - p)
            br += (p - y) ** 2
            k += 1
    return ll / k, br / k


def interval_coverage(table, truth: dict[str, float]) -> float:
    """Share of the table's players whose true strength, centred like the
    table (pool mean -> 1500), lies in its interval."""
    players = list(table.ratings)
    t = np.array([truth[p] for p in players])
    t_elo = ELO_BASE + (t - t.mean()) * ELO_PER_NATURAL
    if table.anchor is not None:
        ref, ref_rating = table.anchor
        t_elo = ref_rating + (t - truth[ref]) * ELO_PER_NATURAL
    lo = np.array([table.ratings[p].low for p in players])
    hi = np.array([table.ratings[p].high for p in players])
    return float(np.mean((t_elo >= lo) & (t_elo <= hi)))


def _bootstrap_mean_diff(d: np.ndarray, rng, n_boot: int) -> tuple[float, float]:
    idx = rng.integers(0, len(d), size=(n_boot, len(d)))
    means = d[idx].mean(axis=1)
    return float(np.quantile(means, 0.025)), float(np.quantile(means, 0.975))


def _bootstrap_spearman_diff(a, b, t, rng, n_boot: int) -> tuple[float, float]:
    idx = rng.integers(0, len(t), size=(n_boot, len(t)))

    def corr(x):
        rx = rankdata(x[idx], axis=1)
        rt = rankdata(t[idx], axis=1)
        rx -= rx.mean(axis=1, keepdims=True)
        rt -= rt.mean(axis=1, keepdims=True)
        den = np.sqrt((rx**2).sum(axis=1) * (rt**2).sum(axis=1))
        return np.where(den > 0, (rx * rt).sum(axis=1) / np.where(den > 0, den, 1), 0.0)

    diffs = corr(a) - corr(b)
    return float(np.quantile(diffs, 0.025)), float(np.quantile(diffs, 0.975))


def _evaluate_scenario(
    scenario: Scenario,
    rng: np.random.Generator,
    systems: Sequence[RatingSystem],
    n_boot: int,
) -> dict:
    records, truth = scenario.generate(rng)
    cut = int(round(len(records) * scenario.train_fraction))
    train, test = records[:cut], [r for r in records[cut:] if not r.voided]
    out: dict = {
        "description": scenario.description,
        "n_train": len(train),
        "n_test": len(test),
        "systems": {},
        "differences": {},
    }
    losses: dict[str, np.ndarray] = {}
    scores: dict[str, dict[str, float]] = {}
    for system in systems:
        t0 = time.perf_counter()
        system.train(train)
        per_match = np.array([pair_losses(r, system.pairwise(r)) for r in test])
        seconds = time.perf_counter() - t0
        losses[system.name] = per_match
        scores[system.name] = system.scores()
        out["systems"][system.name] = {
            "log_loss": float(per_match[:, 0].mean()),
            "brier": float(per_match[:, 1].mean()),
            "spearman": None,
            "seconds": seconds,
        }
    published = systems[0]
    table = published.table if isinstance(published, PublishedSystem) else None
    if table is not None:
        out["prior_sd"] = table.prior_sd
        out["n_players"] = len(table)
        if table.factions:
            out["factions"] = {
                f"{f.faction}@{f.seats}": {"estimate": f.offset, "low": f.low, "high": f.high}
                for f in table.factions.values()
            }
    players = sorted(scores[published.name])
    t = None
    if truth is not None:
        t = np.array([truth[p] for p in players])
        for system in systems:
            s = np.array([scores[system.name].get(p, np.nan) for p in players])
            out["systems"][system.name]["spearman"] = float(spearmanr(s, t).statistic)
        if table is not None:
            out["coverage"] = interval_coverage(table, truth)
    base_scores = scores[published.name]
    for system in systems[1:]:
        diffs = {}
        for m, col in (("log_loss", 0), ("brier", 1)):
            d = losses[published.name][:, col] - losses[system.name][:, col]
            lo, hi = _bootstrap_mean_diff(d, rng, n_boot)
            diffs[m] = {"diff": float(d.mean()), "low": lo, "high": hi}
        if t is not None:
            a = np.array([base_scores[p] for p in players])
            b = np.array([scores[system.name].get(p, np.nan) for p in players])
            lo, hi = _bootstrap_spearman_diff(a, b, t, rng, n_boot)
            diff = out["systems"][published.name]["spearman"] - out["systems"][system.name]["spearman"]
            diffs["spearman"] = {"diff": float(diff), "low": lo, "high": hi}
        for m, v in diffs.items():
            better_low = v["high"] < 0 if LOWER_IS_BETTER[m] else v["low"] > 0
            worse = v["low"] > 0 if LOWER_IS_BETTER[m] else v["high"] < 0
            v["verdict"] = "better" if better_low else "worse" if worse else "tie"
        out["differences"][system.name] = diffs
    return out


def run_evaluation(
    seed: int = 20240611,
    quick: bool = False,
    *,
    scenarios: Sequence[Scenario] | None = None,
    extra_scenarios: Sequence[Scenario] = (),
    prior_sd: float | str = DEFAULT_PRIOR_SD,
    n_boot: int | None = None,
) -> dict:
    """Simulate, train, predict and compare; returns a nested dict (see module doc).

    ``extra_scenarios`` are appended to the default ones (e.g. records from
    the real engines); ``scenarios`` replaces them.
    """
    scenario_list = list(default_scenarios(quick) if scenarios is None else scenarios)
    scenario_list += list(extra_scenarios)
    n_boot = n_boot or (300 if quick else 2000)
    root = np.random.SeedSequence(seed)
    result: dict = {"seed": seed, "quick": quick, "prior_sd": prior_sd, "scenarios": {}}
    covered = total = 0
    for scenario, child in zip(scenario_list, root.spawn(len(scenario_list))):
        rng = np.random.default_rng(child)
        res = _evaluate_scenario(scenario, rng, default_systems(prior_sd), n_boot)
        result["scenarios"][scenario.name] = res
        res["coverage_target"] = scenario.coverage_target
        if res.get("coverage") is not None and scenario.coverage_target:
            covered += res["coverage"] * res["n_players"]
            total += res["n_players"]
    result["coverage"] = covered / total if total else None
    result["goals"] = _goals(result)
    return result


def _goals(result: dict) -> dict:
    """Checks of the targets: never worse than a baseline, strictly better on
    multi-player scenarios, coverage in 92-98%."""
    never_worse = True
    strictly = {}
    for name, sc in result["scenarios"].items():
        all_better = True
        for diffs in sc["differences"].values():
            for m in ("log_loss", "brier"):
                never_worse &= diffs[m]["verdict"] != "worse"
                all_better &= diffs[m]["verdict"] == "better"
            if "spearman" in diffs:
                never_worse &= diffs["spearman"]["verdict"] != "worse"
        strictly[name] = all_better
    cov = result["coverage"]
    return {
        "never_worse": never_worse,
        "strictly_better_losses": strictly,
        "coverage_in_range": cov is not None and 0.92 <= cov <= 0.98,
    }


def format_evaluation(result: dict) -> str:
    lines = [f"seed {result['seed']}{' (quick)' if result['quick'] else ''}"]
    for name, sc in result["scenarios"].items():
        lines.append("")
        head = f"== {name}: {sc['description']}; train {sc['n_train']} / held-out {sc['n_test']} matches"
        if "prior_sd" in sc:
            head += f"; prior sd {sc['prior_sd']:.0f}"
        lines.append(head)
        lines.append(f"{'system':<11} {'log-loss':>9} {'Brier':>8} {'Spearman':>9} {'seconds':>8}")
        for sname, v in sc["systems"].items():
            sp = "-" if v["spearman"] is None else f"{v['spearman']:.4f}"
            lines.append(
                f"{sname:<11} {v['log_loss']:9.5f} {v['brier']:8.5f} {sp:>9} {v['seconds']:8.1f}"
            )
        lines.append("published minus baseline [95% bootstrap interval]:")
        for bname, diffs in sc["differences"].items():
            parts = []
            for m in METRICS:
                if m in diffs:
                    d = diffs[m]
                    parts.append(
                        f"{m} {d['diff']:+.5f} [{d['low']:+.5f}, {d['high']:+.5f}] {d['verdict']}"
                    )
            lines.append(f"  vs {bname:<9} " + "; ".join(parts))
        if sc.get("coverage") is not None:
            lines.append(f"coverage of 95% intervals: {sc['coverage']:.3f} ({sc['n_players']} players)")
        for key, f in sorted(sc.get("factions", {}).items()):
            lines.append(f"  faction {key}: {f['estimate']:+.0f} [{f['low']:+.0f}, {f['high']:+.0f}]")
    lines.append("")
    if result["coverage"] is not None:
        lines.append(f"pooled coverage (scenarios inside the model): {result['coverage']:.3f}")
    g = result["goals"]
    lines.append(
        f"goals: never worse than a baseline: {g['never_worse']}; strictly better on losses: "
        + ", ".join(f"{k}={v}" for k, v in g["strictly_better_losses"].items())
        + f"; coverage in 92-98%: {g['coverage_in_range']}"
    )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--seed", type=int, default=20240611)
    args = parser.parse_args(argv)
    print(format_evaluation(run_evaluation(seed=args.seed, quick=args.quick)))


if __name__ == "__main__":
    main()

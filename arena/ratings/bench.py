"""Speed of the ratings: a full refit of a large record, and the live update per match.

``run()`` times :func:`fit_ratings` on 100,000 simulated matches between 1,000 bots (two-player,
five-seat free-for-all, and Katana-like hidden teams) and :meth:`LiveElo.update` per match on
the same records.  The refit is timed with the default ``prior_sd="auto"`` (several fits while
the prior settles: wall and CPU time) and once more with the prior fixed at the value found.
On a shared machine run it with ``OPENBLAS_NUM_THREADS=1``: a multi-threaded BLAS competing for
busy cores slows the dense Cholesky factorisations tenfold.  ``arena bench ratings [--json]``.
"""
from __future__ import annotations

import time

import numpy as np

from .fitted import fit_ratings
from .live import LiveElo
from .simulate import free_for_all_league, hidden_team_league, two_player_league

__all__ = ["run", "REFIT_TARGET_SECONDS", "UPDATE_TARGET_US"]

REFIT_TARGET_SECONDS = 5.0
UPDATE_TARGET_US = 50.0


def run(n_matches: int = 100_000, n_bots: int = 1000, seed: int = 7, progress=None) -> dict:
    kinds = {
        "two-player": two_player_league(n_bots, n_matches),
        "free-for-all (5 seats)": free_for_all_league(n_bots, n_matches),
        "hidden teams (3-7 seats)": hidden_team_league(n_bots, n_matches),
    }
    rows = []
    task = progress.add_task("ratings bench", total=len(kinds)) if progress is not None else None
    for i, (name, generate) in enumerate(kinds.items()):
        records, _ = generate(np.random.default_rng(seed + i))
        t0, c0 = time.perf_counter(), time.process_time()
        table = fit_ratings(records)
        refit, refit_cpu = time.perf_counter() - t0, time.process_time() - c0
        t0 = time.perf_counter()
        fixed = fit_ratings(records, prior_sd=table.prior_sd)
        refit_fixed = time.perf_counter() - t0
        live = LiveElo()
        t0 = time.perf_counter()
        for r in records:
            live.update(r)
        update_us = (time.perf_counter() - t0) / len(records) * 1e6
        rows.append({
            "record": name, "matches": len(records), "bots": len(table), "model": table.model,
            "refit_seconds": round(refit, 3), "refit_cpu_seconds": round(refit_cpu, 3),
            "refit_fixed_prior_seconds": round(refit_fixed, 3), "live_update_us_per_match": round(update_us, 2),
            "refit_target_met": refit <= REFIT_TARGET_SECONDS,
            "update_target_met": update_us <= UPDATE_TARGET_US,
        })
        if task is not None:
            progress.advance(task)
    return {"targets": {"refit_seconds": REFIT_TARGET_SECONDS, "live_update_us": UPDATE_TARGET_US},
            "results": rows}

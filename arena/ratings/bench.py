"""Speed of the ratings: a full refit of a large record, and the live update per match.

``run()`` times :func:`fit_ratings` on 100,000 simulated matches between 1,000 bots (two-player,
five-seat free-for-all, and Katana-like hidden teams) and :meth:`LiveElo.update` per match on
the same records.  The refit is timed with the default ``prior_sd="auto"`` (several fits while
the prior settles with the strengths: wall and CPU time), once more with the prior fixed at the
value found, and once started from the first table (``previous=``, the usual refit after new
matches).  The dense linear algebra (Cholesky factorisations of the 1,000 x 1,000 Hessian) runs
on one BLAS thread (``threadpoolctl``): a multi-threaded BLAS competing for busy cores made them
tenfold slower, and one thread does them in a few hundredths of a second.
``arena bench ratings [--json]``.
"""
from __future__ import annotations

import time

import numpy as np
from threadpoolctl import threadpool_limits

from .fitted import fit_ratings
from .live import LiveElo
from .simulate import free_for_all_league, hidden_team_league, two_player_league

__all__ = ["run", "REFIT_TARGET_SECONDS", "UPDATE_TARGET_US"]

REFIT_TARGET_SECONDS = 5.0
UPDATE_TARGET_US = 50.0


def run(n_matches: int = 100_000, n_bots: int = 1000, seed: int = 7, progress=None) -> dict:
    with threadpool_limits(limits=1, user_api="blas"):
        return _run(n_matches, n_bots, seed, progress)


def _run(n_matches: int, n_bots: int, seed: int, progress) -> dict:
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
        t0 = time.perf_counter()
        fit_ratings(records, previous=table)
        refit_warm = time.perf_counter() - t0
        live = LiveElo()
        t0 = time.perf_counter()
        for r in records:
            live.update(r)
        update_us = (time.perf_counter() - t0) / len(records) * 1e6
        rows.append({
            "record": name, "matches": len(records), "bots": len(table), "model": table.model,
            "refit_seconds": round(refit, 3), "refit_cpu_seconds": round(refit_cpu, 3),
            "refit_fixed_prior_seconds": round(refit_fixed, 3),
            "refit_from_previous_seconds": round(refit_warm, 3), "live_update_us_per_match": round(update_us, 2),
            "refit_target_met": refit <= REFIT_TARGET_SECONDS,
            "update_target_met": update_us <= UPDATE_TARGET_US,
        })
        if task is not None:
            progress.advance(task)
    return {"targets": {"refit_seconds": REFIT_TARGET_SECONDS, "live_update_us": UPDATE_TARGET_US},
            "results": rows}

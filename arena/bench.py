"""Engine speed: the compiled fast path, compiled play driven from Python, and the uncompiled build.

All three are measured in one run on the same machine, so their ratios are
meaningful even where absolute figures are not.
"""
import time

from arena import games
from arena.engines import COMPILED, PYTHON, describe_build, load_module

UNCOMPILED_SHARE = 100   # the uncompiled build plays 1/100 of the games (at least 5)
DRIVEN_SHARE = 10        # play driven from Python: 1/10 of the games (at least 5)


def _rate(games_played, decisions, seconds):
    return {
        "games": games_played,
        "decisions": decisions,
        "seconds": round(seconds, 4),
        "games_per_second": round(games_played / seconds, 1),
        "decisions_per_second": round(decisions / seconds),
        "us_per_decision": round(seconds / decisions * 1e6, 3),
    }


def _fast_path(game, players, n_games, seed, advance, chunk, options=None):
    decisions = 0
    elapsed = 0.0
    done = 0
    while done < n_games:
        count = min(chunk, n_games - done)
        start = time.perf_counter()
        decisions += game.play_random_games(players, count, seed + done, options)["decisions"]
        elapsed += time.perf_counter() - start
        done += count
        advance(count)
    return _rate(n_games, decisions, elapsed)


def _driven(game, players, n_games, seed, advance, options=None):
    """Python chooses every action; the clock runs only inside the engine's calls."""
    rng = load_module("engine_ext._rng", COMPILED).Rng(seed, 99)
    engine_ns = 0
    decisions = 0
    clock = time.perf_counter_ns
    for g in range(n_games):
        t0 = clock()
        state = game.new_state(players, seed + g, options)
        engine_ns += clock() - t0
        while True:
            t0 = clock()
            if state.is_terminal():
                break
            seat = state.current_seats()[0]
            legal = state.legal_actions(seat)
            t1 = clock()
            action = legal[rng.below(len(legal))]
            t2 = clock()
            state.apply(seat, action)
            engine_ns += (t1 - t0) + (clock() - t2)
            decisions += 1
        advance(1)
    return _rate(n_games, decisions, engine_ns / 1e9)


def run(game_id, *, players, n_games, seed=1, progress=None, options=None):
    """``options``: the game's options for every game (e.g. Shōgun's ``{"ghost": 3}``); the fast
    path takes them only where the game's does."""
    compiled = games.get(game_id, COMPILED)
    uncompiled = games.get(game_id, PYTHON)
    driven_games = max(n_games // DRIVEN_SHARE, 5)
    uncompiled_games = max(n_games // UNCOMPILED_SHARE, 5)

    def stage(label, total):
        if progress is None:
            return lambda k: None
        task = progress.add_task(label, total=total)
        return lambda k: progress.advance(task, k)

    fast = _fast_path(compiled, players, n_games, seed,
                      stage("compiled fast path", n_games), chunk=max(n_games // 50, 1), options=options)
    driven = _driven(compiled, players, driven_games, seed, stage("compiled, driven from Python", driven_games),
                     options)
    slow = _fast_path(uncompiled, players, uncompiled_games, seed,
                      stage("uncompiled build", uncompiled_games), chunk=1, options=options)
    return {
        "game": game_id,
        "players": players,
        "options": dict(options or {}),
        "policy": "uniform random",
        "builds": {"compiled": describe_build(compiled.module_name, COMPILED),
                   "uncompiled": describe_build(uncompiled.module_name, PYTHON)},
        "compiled_fast_path": fast,
        "compiled_driven_from_python": driven,
        "uncompiled": slow,
        "ratios": {
            "fast_path_over_uncompiled_games_per_second":
                round(fast["games_per_second"] / slow["games_per_second"], 1),
            "driven_engine_over_uncompiled_decisions_per_second":
                round(driven["decisions_per_second"] / slow["decisions_per_second"], 1),
        },
    }

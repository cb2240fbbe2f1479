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


def run_loop(game_id, *, players, matches, seed=1):
    """The match loop's own cost per decision (``arena.match.play_match``), with the built-in
    ``random`` player at every seat, beside the engine's own cost driven from Python (``_driven``),
    both in CPU time of this process and in one run.

    The same matches are played again with every observation built (a player that reads it),
    for comparison.  The players' thinking is taken out: their ``act`` calls are made again, on the same legal
    actions in the same order, and timed alone; what remains is the loop and the engine."""
    from arena.agents import RandomAgent
    from arena.match import agent_seed, play_match

    compiled = games.get(game_id, COMPILED)
    seeds = range(seed, seed + matches)
    asked = []

    class Recording(RandomAgent):
        reads_observation = False

        def act(self, observation, legal_actions):
            asked.append((self, legal_actions))
            return super().act(observation, legal_actions)

    for s in seeds:   # the legal actions each player chose from (and a warm-up)
        play_match(game_id, seed=s, agents=[Recording(agent_seed(s, seat)) for seat in range(players)])
    clock = time.process_time
    start = clock()
    decisions = 0
    for s in seeds:
        outcome = play_match(game_id, seed=s, agents=[RandomAgent(agent_seed(s, seat)) for seat in range(players)])
        decisions += len(outcome.steps)
    whole = clock() - start

    class Reading(RandomAgent):   # as a player that reads its observation: it is built every time
        reads_observation = True

    start = clock()
    for s in seeds:
        play_match(game_id, seed=s, agents=[Reading(agent_seed(s, seat)) for seat in range(players)])
    reading = clock() - start
    thinkers = {}
    calls = [(thinkers.setdefault(id(agent), RandomAgent(0)), legal) for agent, legal in asked]
    start = clock()
    for agent, legal in calls:
        agent.act(None, legal)
    thinking = clock() - start
    engine = _driven(compiled, players, matches, seed, lambda k: None)
    loop_us = (whole - thinking) / decisions * 1e6
    return {
        "game": game_id, "players": players, "matches": matches, "decisions": decisions,
        "match_us_per_decision": round(whole / decisions * 1e6, 3),
        "thinking_us_per_decision": round(thinking / decisions * 1e6, 3),
        "loop_us_per_decision": round(loop_us, 3),
        "engine_us_per_decision": engine["us_per_decision"],
        "loop_over_engine": round(loop_us / engine["us_per_decision"], 1),
        # the same matches with every observation built, as for players that read them
        "loop_with_observations_us_per_decision": round((reading - thinking) / decisions * 1e6, 3),
    }


def _aec_decisions(env, games_played, rng, first_seed=0):
    """Plays ``games_played`` games through a PettingZoo AEC environment as a training loop does
    (``last()`` then ``step()``, a uniformly random legal action from the mask); its decisions."""
    import numpy as np
    decisions = 0
    for g in range(games_played):
        env.reset(seed=first_seed + g)
        for _ in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            env.step(int(legal[rng.integers(len(legal))]))
            decisions += 1
    return decisions


def run_aec(game_players, *, games_each=20, reference_games=2000, seed=1):
    """Decisions per CPU second of the AEC environment (``arena.envs``) for each (game, players),
    beside PettingZoo's own tic-tac-toe, measured in one run."""
    import numpy as np

    from arena.envs.aec import ArenaAECEnv
    try:
        from pettingzoo.classic import tictactoe_v3
    except ImportError as exc:
        raise RuntimeError(f"PettingZoo's tic-tac-toe cannot be imported ({exc}): it needs pygame "
                           "(pip install 'samurai-arena[bench]')") from None
    rng = np.random.default_rng(seed)

    def rate(env, n):
        _aec_decisions(env, 2, rng, seed)   # warm-up
        start = time.process_time()
        decisions = _aec_decisions(env, n, rng, seed)
        return decisions, decisions / (time.process_time() - start)

    _, reference = rate(tictactoe_v3.env(), reference_games)
    rows = []
    for game_id, players in game_players:
        decisions, per_cpu_second = rate(ArenaAECEnv(game_id, players, seed=seed), games_each)
        rows.append({"game": game_id, "players": players, "games": games_each, "decisions": decisions,
                     "decisions_per_cpu_second": round(per_cpu_second),
                     "over_tictactoe": round(per_cpu_second / reference, 2)})
    return {"tictactoe_decisions_per_cpu_second": round(reference), "games": rows}

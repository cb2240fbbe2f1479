"""The cost of the sandbox: start-up of a sandboxed Python bot and its round trip per decision.

- start-up: from launching the sandbox to the bot's ``ready`` (bwrap, the interpreter,
  the harness and the bot's import), and separately the tear-down with its check;
- round trip: ``act`` on real observations (a seeded Katana game, each observation
  with the events since the seat's last one, as in a match): encode, write, the bot
  reads, decodes, answers, and the answer is read and decoded.  The same loop on a
  tiny observation shows the floor that pipes and two processes cost by themselves.
"""
import os
import statistics
import tempfile
import time

from arena import games
from arena.bots import sandbox
from arena.bots.runner import BotProcess, TimeControl

BOT_SOURCE = "def act(observation, legal_actions):\n    return legal_actions[0]\n"
CLOCK = TimeControl(move=5.0, bank=60.0, startup=30.0)


def _summary(samples):
    ordered = sorted(samples)
    return {"n": len(ordered), "median": statistics.median(ordered),
            "p95": ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))],
            "min": ordered[0], "max": ordered[-1]}


def _in_units(summary, scale, digits):
    return {k: (round(v * scale, digits) if k != "n" else v) for k, v in summary.items()}


def _players(game):
    """The table the benchmark plays: 5 seats, or the nearest count the game allows."""
    return min(max(5, game.min_players), game.max_players)


def recorded_decisions(game_id, count, seed=1):
    """(observation, legal actions) pairs of seeded random games, as one seat's bot receives them."""
    import random
    game = games.get(game_id)
    rng = random.Random(seed)
    pairs = []
    g = 0
    while len(pairs) < count:
        state = game.new_state(_players(game), seed + g)
        seen = [0] * state.n
        while not state.is_terminal() and len(pairs) < count:
            seat = state.current_seats()[0]
            legal = state.legal_actions(seat)
            observation = state.observation(seat, seen[seat])
            seen[seat] = observation["event_count"]
            pairs.append((observation, legal))
            state.apply(seat, legal[rng.randrange(len(legal))])
        g += 1
    return pairs


def run(*, game_id=None, starts=30, decisions=3000, trusted=False, progress=None):
    def stage(label, total):
        if progress is None:
            return lambda: None
        task = progress.add_task(label, total=total)
        return lambda: progress.advance(task)

    game_id = game_id or games.game_ids()[0]
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "first_legal.py")
        with open(path, "w") as handle:
            handle.write(BOT_SOURCE)
        info = {"game": game_id, "seat": 0, "players": _players(games.get(game_id)), "rules_version": "", "options": {},
                "action_names": list(games.get(game_id).action_names)}

        startup, teardown = [], []
        tick = stage("start-up of a sandboxed bot", starts)
        for _ in range(starts):
            bot = BotProcess(path, trusted=trusted)
            t0 = time.perf_counter()
            bot.start(info, CLOCK)
            bot.wait_ready()
            t1 = time.perf_counter()
            bot.close()
            teardown.append(time.perf_counter() - t1)
            startup.append(t1 - t0)
            tick()

        pairs = recorded_decisions(game_id, decisions)
        tiny = ({"seat": 0}, [0, 1, 2])
        bot = BotProcess(path, trusted=trusted)
        bot.start(info, CLOCK)
        bot.wait_ready()
        real, floor, sizes = [], [], []
        tick = stage("round trips", 2 * decisions)
        try:
            for observation, legal in pairs:
                t0 = time.perf_counter()
                bot.act(observation, legal)
                real.append(time.perf_counter() - t0)
                tick()
            for _ in range(decisions):
                t0 = time.perf_counter()
                bot.act(*tiny)
                floor.append(time.perf_counter() - t0)
                tick()
        finally:
            bot.close()
        import json
        sizes = [len(json.dumps({"type": "act", "observation": o, "legal_actions": l})) for o, l in pairs]

    available, how = sandbox.availability()
    return {
        "game": game_id,
        "sandbox": "none (trusted)" if trusted else how,
        "startup_ms": _in_units(_summary(startup), 1e3, 2),
        "teardown_ms": _in_units(_summary(teardown), 1e3, 2),
        "round_trip_us": _in_units(_summary(real), 1e6, 1),
        "round_trip_tiny_observation_us": _in_units(_summary(floor), 1e6, 1),
        "act_message_bytes": {"median": int(statistics.median(sizes)), "max": max(sizes)},
        "targets": {"round_trip_median_us": 100, "startup_median_ms": 150},
    }


# --------------------------------------------------------------------------- whole matches

def _table_agents(game_id, seed, players):
    from arena import agents
    from arena.match import agent_seed
    return [agents.builtin("heuristic", agent_seed(seed, seat), game_id) for seat in range(players)]


def _per_match(samples, decisions):
    total = sum(samples)
    return {"matches": len(samples), "ms_per_match": round(total / len(samples) * 1e3, 2),
            "us_per_decision": round(total / decisions * 1e6, 1) if decisions else None}


def run_match(game_id, bots, *, players=None, matches=40, cold_every=5, seed=1, trusted=False, progress=None):
    """Whole matches of ``game_id`` with a sandboxed bot at every seat against the same table of
    built-in heuristics, measured in one run, interleaved so that the machine's load weighs on
    both alike.

    ``bots``: one bot file for every seat, or one per seat.  Three ways of playing the same seeds:

    - ``heuristics``: the game's built-in heuristic at every seat, in this process;
    - ``kept``: the bots as a worker plays a batch of matches: through one ``BotPool``, each
      process kept from one match to the next (started once, ended once, both counted);
    - ``one_off``: a match with processes of its own, started and ended with it (a pool for one
      match, as ``arena match`` and a worker's batch of one match play it), every
      ``cold_every``-th seed.
    """
    import time

    from arena.bots.pool import BotPool
    from arena.match import play_match

    game = games.get(game_id)
    if players is None:
        players = len(bots) if len(bots) > 1 else _players(game)
    game.check_players(players)
    if len(bots) not in (1, players):
        raise ValueError(f"give one bot file for every seat or one per seat ({players}), not {len(bots)}")
    files = list(bots) * players if len(bots) == 1 else list(bots)
    task = None if progress is None else progress.add_task("matches", total=matches)

    def tick():
        if task is not None:
            progress.advance(task)
    timed = {"heuristics": [], "kept": [], "one_off": []}
    decisions = {"heuristics": 0, "kept": 0, "one_off": 0}
    failures = []

    cpu = {"heuristics": 0.0, "kept": 0.0, "one_off": 0.0}

    def play(kind, match_seed, seats, *, alone=None):
        """One match; ``alone``: the pool of its own that the seats came from, closed with it."""
        started, used = time.perf_counter(), time.process_time()
        outcome = play_match(game_id, seed=match_seed, agents=seats)
        if alone is not None:
            alone.close()
            cpu[kind] += alone.cpu_seconds
        timed[kind].append(time.perf_counter() - started)
        cpu[kind] += time.process_time() - used
        decisions[kind] += len(outcome.steps)
        failures.extend(f"{kind} seed {match_seed} seat {seat}: {status['status']} ({status['reason']})"
                        for seat, status in enumerate(outcome.seat_status) if status["status"] != "ok")

    loads = []
    pool = BotPool()
    try:
        for index in range(matches):
            match_seed = seed + index
            play("heuristics", match_seed, _table_agents(game_id, match_seed, players))
            # The pool's start-up and its final close belong to the kept matches' time.
            started = time.perf_counter()
            seats = [pool.agent(path, trusted=trusted) for path in files]
            acquire = time.perf_counter() - started
            play("kept", match_seed, seats)
            timed["kept"][-1] += acquire
            if index % cold_every == 0:
                alone = BotPool()
                play("one_off", match_seed, [alone.agent(path, trusted=trusted) for path in files], alone=alone)
            loads.append(os.getloadavg()[0])
            tick()
    finally:
        started, used = time.perf_counter(), time.process_time()
        pool.close()
        closing = time.perf_counter() - started
        cpu["kept"] += time.process_time() - used + pool.cpu_seconds   # the bots' own, as they ended
    timed["kept"][-1] += closing
    base = sum(timed["heuristics"]) / len(timed["heuristics"])
    report = {
        "game": game_id, "players": players, "bots": [os.path.basename(path) for path in files],
        "sandbox": "none (trusted)" if trusted else sandbox.availability()[1],
        "decisions_per_match": round(decisions["heuristics"] / matches, 1),
        "heuristics": _per_match(timed["heuristics"], decisions["heuristics"]),
        "kept": {**_per_match(timed["kept"], decisions["kept"]), "processes_started": pool.started,
                 "matches_on_a_kept_process": pool.reused, "pool_close_ms": round(closing * 1e3, 2)},
        "one_off": _per_match(timed["one_off"], decisions["one_off"]),
        "ratios": {
            "kept_over_heuristics": round(sum(timed["kept"]) / len(timed["kept"]) / base, 2),
            "one_off_over_heuristics": round(sum(timed["one_off"]) / len(timed["one_off"]) / base, 2),
        },
        # CPU time of the arena's process and of the bots' processes per match: what the machine
        # spends, which other work on it moves far less than wall time.
        "cpu_ms_per_match": {kind: round(cpu[kind] / len(timed[kind]) * 1e3, 2) for kind in timed},
        "cpu_ratios": {
            "kept_over_heuristics": round(cpu["kept"] / len(timed["kept"]) / (cpu["heuristics"] / matches), 2),
            "one_off_over_heuristics": round(cpu["one_off"] / len(timed["one_off"]) / (cpu["heuristics"] / matches), 2),
        },
        "load_average": {"min": round(min(loads), 2), "max": round(max(loads), 2)},
        "failures": failures,
    }
    return report

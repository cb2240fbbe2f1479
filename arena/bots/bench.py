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

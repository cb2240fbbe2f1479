"""Batch stepping against the AEC environment: the same tables, one run.

    .venv/bin/python benchmarks/envs_batch.py [--game katana] [--games 1024] [--players 5] [--json]

Plays ``--games`` games (seeds 0, 1, ...) one after the other through the PettingZoo AEC
environment (``env.last()`` then ``env.step()`` for every decision, as a training loop does),
then steps a batch of ``--games`` games at once (``arena.envs.batch_env``, finished games
restarted) until as many games have finished.  Both pick a uniformly random legal action from
the action mask with NumPy.  Prints decisions and games per second of each (wall clock and CPU
time of this process) and the ratio.
"""
import argparse
import json
import time

import numpy as np

from arena import envs


def _clocks():
    return time.perf_counter(), time.process_time()


def _rates(decisions, games, started, ended):
    wall, cpu = ended[0] - started[0], ended[1] - started[1]
    return {"decisions": decisions, "games": games, "wall_seconds": round(wall, 3), "cpu_seconds": round(cpu, 3),
            "decisions_per_second": round(decisions / wall), "decisions_per_cpu_second": round(decisions / cpu),
            "games_per_second": round(games / wall, 1)}


def one_by_one(game, n_games, players, seed=0):
    env = envs.aec_env(game, players)
    rng = np.random.default_rng(seed)
    decisions = 0
    started = _clocks()
    for game in range(n_games):
        env.reset(seed=game)
        for agent in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            mask = observation["action_mask"]
            env.step(int((rng.random(mask.shape) * mask).argmax()))
            decisions += 1
    return _rates(decisions, n_games, started, _clocks())


def batched(game, n_games, players, seed=0):
    batch = envs.batch_env(game, n_games=n_games, players=players, seed=0)
    rng = np.random.default_rng(seed)
    decisions = finished = 0
    started = _clocks()
    observations, masks, seats = batch.reset()
    while finished < n_games:
        actions = (rng.random(masks.shape) * masks).argmax(1)
        observations, masks, seats, rewards, dones = batch.step(actions)
        decisions += n_games
        finished += int(dones.sum())
    return _rates(decisions, finished, started, _clocks())


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="katana")
    parser.add_argument("--games", type=int, default=1024)
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    report = {"game": args.game, "players": args.players, "games": args.games,
              "aec_one_by_one": one_by_one(args.game, args.games, args.players),
              "batch": batched(args.game, args.games, args.players)}
    aec, batch = report["aec_one_by_one"], report["batch"]
    report["ratio_decisions_per_second"] = round(batch["decisions_per_second"] / aec["decisions_per_second"], 1)
    report["ratio_decisions_per_cpu_second"] = round(batch["decisions_per_cpu_second"]
                                                     / aec["decisions_per_cpu_second"], 1)
    if args.json:
        print(json.dumps(report, indent=2))
        return
    print(f"{args.game}, {args.players} players, {args.games} games, uniform random legal actions")
    for label, row in (("AEC environment, one by one", aec), (f"batch of {args.games}", batch)):
        print(f"  {label:<30} {row['decisions_per_second']:>10,} decisions/s ({row['decisions_per_cpu_second']:,} per CPU s)"
              f"  {row['games_per_second']:>9,.1f} games/s  ({row['decisions']:,} decisions, {row['games']} games)")
    print(f"  batch / AEC: {report['ratio_decisions_per_second']}x decisions/s "
          f"({report['ratio_decisions_per_cpu_second']}x per CPU second)")


if __name__ == "__main__":
    main()

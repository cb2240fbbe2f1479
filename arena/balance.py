"""What self-play reveals about a game's balance: win rates by seat and by what each seat starts with.

    arena balance shogun --players 3 --games 10000 --bots heuristic [--json]

Every game is played between built-in bots through the one match loop (``arena.match``), game
``g`` with seed ``seed + g``, spread over worker processes.  Each seat's outcome is its share of
the win: 1 for a seat ranked first alone, ``1/k`` when ``k`` seats share first place in a game
ranked by seat, and 1 for every member of the winning side in a game of hidden teams (Katana),
where a side wins or loses as one.  A seat's result is counted under its seat number and under
each fact its game's spec names (``GameSpec.balance``: Katana's role and character, Shōgun's
starting sashimono...).  *Fair* is the mean share over all seats, the rate every seat would have
if none had an edge; a balanced game keeps each seat's rate within a few points of it.

Where the spec declares ``usage``, the report also sums how often each designed component was
used over all the games and lists those never used.
"""
import os
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from importlib import import_module

from arena import agents, games
from arena.match import agent_seed, play_match

CHUNK = 25   # games handed to a worker process at a time


def _function(reference):
    module, _, name = reference.partition(":")
    return getattr(import_module(module), name)


@dataclass
class Tally:
    """Sums over games: per dimension, per label, the seats counted and their win shares."""
    games: int = 0
    decisions: int = 0
    seats: dict = field(default_factory=lambda: defaultdict(lambda: defaultdict(lambda: [0, 0.0])))
    usage: dict = field(default_factory=lambda: defaultdict(lambda: defaultdict(int)))

    def add(self, other):
        self.games += other.games
        self.decisions += other.decisions
        for dimension, labels in other.seats.items():
            for label, (count, wins) in labels.items():
                entry = self.seats[dimension][label]
                entry[0] += count
                entry[1] += wins
        for kind, items in other.usage.items():
            for item, count in items.items():
                self.usage[kind][item] += count

    def plain(self):
        """Without the default factories, so that it crosses process boundaries."""
        return (self.games, self.decisions,
                {d: {label: tuple(entry) for label, entry in labels.items()} for d, labels in self.seats.items()},
                {kind: dict(items) for kind, items in self.usage.items()})

    @classmethod
    def from_plain(cls, plain):
        tally = cls(plain[0], plain[1])
        for dimension, labels in plain[2].items():
            for label, (count, wins) in labels.items():
                tally.seats[dimension][label] = [count, wins]
        for kind, items in plain[3].items():
            tally.usage[kind].update(items)
        return tally


def win_shares(result, result_kind):
    """Each seat's share of the win in one finished game (see the module's docstring)."""
    ranks = result["ranks"]
    firsts = ranks.count(1)
    if result_kind == "teams":
        return [1.0 if rank == 1 else 0.0 for rank in ranks]
    return [1.0 / firsts if rank == 1 else 0.0 for rank in ranks]


def _count(tally, result_kind, facts, ranks):
    """Adds one finished game: each seat's win share under its seat number and its facts."""
    tally.games += 1
    for s, share in enumerate(win_shares({"ranks": ranks}, result_kind)):
        for dimension, label in (("seat", str(s + 1)), *facts[s].items()):
            entry = tally.seats[dimension][str(label)]
            entry[0] += 1
            entry[1] += share


def play_chunk(game_id, players, options, bots, seeds):
    """Plays the games of ``seeds`` and returns their tally (plain, for another process)."""
    game = games.get(game_id)
    spec = game.spec
    facts_of = _function(spec.balance_facts) if spec.balance_facts else None
    usage_of = _function(spec.usage) if spec.usage else None
    tally = Tally()
    for seed in seeds:
        seen = {}

        def inspect(state, seen=seen):
            if "facts" not in seen:
                seen["facts"] = facts_of(state) if facts_of else [{} for _ in range(players)]
            elif usage_of is not None:
                seen["usage"] = usage_of(state)

        seats = [agents.builtin(bots[s], agent_seed(seed, s), game_id) for s in range(players)]
        outcome = play_match(game_id, seed=seed, agents=seats, options=options, inspect=inspect)
        tally.decisions += len(outcome.steps)
        _count(tally, spec.result_kind, seen["facts"], outcome.result["ranks"])
        for kind, items in seen.get("usage", {}).items():
            for item, count in items.items():
                tally.usage[kind][item] += count
    return tally.plain()


def tally_finished(game_id, players, finished):
    """The tally of games already played (the site's stored matches), from ``(options, seed,
    ranks, decisions)`` of each game of ``players`` seats: what each seat started with is read off
    the game set up again from its seed and options, which is all it depends on."""
    game = games.get(game_id)
    facts_of = _function(game.spec.balance_facts) if game.spec.balance_facts else None
    tally = Tally()
    for options, seed, ranks, decisions in finished:
        if facts_of is None:
            facts = [{} for _ in range(players)]
        else:
            facts = facts_of(game.new_state(players, seed, game.resolve_options(options)))
        tally.decisions += decisions or 0
        _count(tally, game.spec.result_kind, facts, ranks)
    return tally


def check_bots(game, players, bots):
    names = [name.strip() for name in bots.split(",")] if isinstance(bots, str) else list(bots)
    if len(names) == 1:
        names = names * players
    if len(names) != players:
        raise ValueError(f"give one built-in bot for all seats or one per seat ({players}), not {len(names)}")
    for name in names:
        agents.check_builtin(name, game.id)
    return names


def run(game_id, *, players, n_games, options=None, bots="heuristic", seed=0, jobs=None, advance=None):
    """Plays ``n_games`` self-play games and returns the report (a JSON-compatible dict)."""
    import time

    game = games.get(game_id)
    options = game.check_match(players, options)
    if n_games < 1:
        raise ValueError("play at least 1 game")
    names = check_bots(game, players, bots)
    jobs = max(1, min(jobs or os.cpu_count() or 1, (n_games + CHUNK - 1) // CHUNK))
    chunks = [range(seed + start, seed + min(start + CHUNK, n_games)) for start in range(0, n_games, CHUNK)]
    tally = Tally()
    started = time.perf_counter()
    if jobs == 1:
        for seeds in chunks:
            tally.add(Tally.from_plain(play_chunk(game_id, players, options, names, seeds)))
            if advance:
                advance(len(seeds))
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            futures = {pool.submit(play_chunk, game_id, players, options, names, seeds): len(seeds)
                       for seeds in chunks}
            from concurrent.futures import as_completed
            for future in as_completed(futures):
                tally.add(Tally.from_plain(future.result()))
                if advance:
                    advance(futures[future])
    seconds = time.perf_counter() - started
    return report(game, players=players, options=options, bots=names, seed=seed, tally=tally, seconds=seconds)


def report(game, *, players, tally, seconds, options=None, bots=(), seed=None):
    """The report of ``tally``: JSON-compatible.  ``options``, ``bots`` and ``seed`` say how the
    games were played when they were played here; stored games (of many bots, each game with its
    own seed) have none."""
    from arena.ratings.scores import wilson_interval

    if not tally.games:
        raise ValueError("no game to report on")
    total_seats = sum(count for count, _ in tally.seats["seat"].values())
    fair = sum(wins for _, wins in tally.seats["seat"].values()) / total_seats
    dimensions = {}
    for dimension in ("seat", *game.spec.balance):
        rows = []
        for label, (count, wins) in sorted(tally.seats[dimension].items(), key=_label_order):
            low, high = wilson_interval(wins, count)
            rate = wins / count
            rows.append({"label": label, "seats": count, "wins": round(wins, 3), "win_rate": round(rate, 4),
                         "low": round(low, 4), "high": round(high, 4),
                         "points_from_fair": round((rate - fair) * 100, 2)})
        dimensions[dimension] = rows
    usage = {kind: {"items": len(items), "used": sum(1 for c in items.values() if c),
                    "never_used": sorted(item for item, c in items.items() if not c), "counts": dict(sorted(items.items()))}
             for kind, items in sorted(tally.usage.items())}
    seat_gap = max(abs(row["points_from_fair"]) for row in dimensions["seat"])
    return {"game": game.id, "rules_version": game.rules_version, "players": players, "options": options,
            "bots": list(bots), "games": tally.games,
            "seeds": None if seed is None else [seed, seed + tally.games - 1],
            "decisions_per_game": round(tally.decisions / tally.games, 1), "seconds": round(seconds, 1),
            "fair": round(fair, 4), "largest_seat_gap_points": round(seat_gap, 2),
            "dimensions": dimensions, "usage": usage}


def _label_order(item):
    label = item[0]
    return (0, int(label), "") if label.isdigit() else (1, 0, label)

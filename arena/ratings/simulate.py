"""Simulated leagues of bots with known strengths, for the evaluation and tests.

Every generator returns ``(records, true_strengths)`` with strengths in
natural units (not centred).  Matches are drawn in time order; how often a
bot plays varies (log-normal activity), so some bots have few games.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import numpy as np

from .plackett_luce import sample_ranking
from .records import MatchRecord
from .scale import logistic

__all__ = [
    "Scenario",
    "two_player_league",
    "free_for_all_league",
    "hidden_team_league",
    "KATANA_ROLE_COUNTS",
    "KATANA_FACTION_OFFSETS",
]

Generator = Callable[[np.random.Generator], tuple[list[MatchRecord], dict[str, float] | None]]


@dataclass(frozen=True)
class Scenario:
    """A source of match records to evaluate on.

    ``generate(rng)`` returns the records in time order and, when known, the
    true strength of each player (natural units, any offset) for the rank
    correlation and interval-coverage measures; ``None`` skips those.  Real
    engine records can be wrapped as ``Scenario("katana-real", lambda rng:
    (read_jsonl(path), None))``.  The first ``train_fraction`` of the records
    is the training set, the rest the held-out set.
    """

    name: str
    generate: Generator
    train_fraction: float = 0.75
    description: str = ""
    # False for robustness checks whose truth lies outside the model: their
    # coverage is reported but not pooled into the coverage target.
    coverage_target: bool = True


# (shogun, samurai, ninja, ronin) role cards per player count, as in the rulebook.
KATANA_ROLE_COUNTS = {
    3: (1, 0, 2, 0),
    4: (1, 1, 2, 0),
    5: (1, 1, 2, 1),
    6: (1, 1, 3, 1),
    7: (1, 2, 3, 1),
}

# Simulated faction advantage (natural units) per (team, player count): the
# kind of imbalance a real ruleset can have.
KATANA_FACTION_OFFSETS = {
    ("shogun", 3): 0.5, ("ninja", 3): -0.5,
    ("shogun", 4): -0.6, ("ninja", 4): 0.6,
    ("shogun", 5): 0.0, ("ninja", 5): 0.6, ("ronin", 5): -0.6,
    ("shogun", 6): 0.3, ("ninja", 6): 0.4, ("ronin", 6): -0.7,
    ("shogun", 7): 0.5, ("ninja", 7): -0.2, ("ronin", 7): -0.3,
}


def _league(rng: np.random.Generator, n_players: int, sd: float, prefix: str):
    strengths = rng.normal(0.0, sd, n_players)
    activity = rng.lognormal(0.0, 0.8, n_players)
    activity /= activity.sum()
    names = [f"{prefix}{i:03d}" for i in range(n_players)]
    return names, strengths, activity


def two_player_league(
    n_players: int = 100,
    n_matches: int = 20000,
    *,
    sd: float = 1.0,
    draw_rate: float = 0.15,
    draws: str = "balanced",
    game: str = "duel",
) -> Generator:
    """Two-player games between bots of Bradley-Terry strength.

    ``draws="balanced"``: a match between bots with win probability ``p`` is
    drawn with probability ``draw_rate * 4p(1-p)`` (draws happen between
    equals), and the expected score is exactly ``p``, the quantity the
    published rating measures when a draw is half a win.
    ``draws="flat"``: a share ``draw_rate`` of matches are drawn whatever the
    strengths; the expected score is then ``(1 - draw_rate) p + draw_rate / 2``,
    flatter than the decisive-game strengths (a robustness check).
    """
    if draws not in ("balanced", "flat"):
        raise ValueError(f"draws must be 'balanced' or 'flat', got {draws!r}")

    def generate(rng: np.random.Generator):
        names, s, act = _league(rng, n_players, sd, "duelist")
        records = []
        for m in range(n_matches):
            a, b = rng.choice(n_players, 2, replace=False, p=act)
            p = float(logistic(s[a] - s[b]))
            u = rng.random()
            if draws == "balanced":
                p_draw = draw_rate * 4 * p * (1 - p)
                p_win = p - p_draw / 2
            else:
                p_draw = draw_rate
                p_win = (1 - draw_rate) * p
            if u < p_win:
                ranks = (1, 2)
            elif u < p_win + p_draw:
                ranks = (1, 1)
            else:
                ranks = (2, 1)
            records.append(MatchRecord(game, (names[a], names[b]), ranks, id=f"{game}-{m}"))
        return records, dict(zip(names, s.tolist()))

    return generate


def free_for_all_league(
    n_players: int = 100,
    n_matches: int = 8000,
    *,
    seats: int = 5,
    sd: float = 1.0,
    forfeit_rate: float = 0.03,
    forfeits: str = "losing",
    game: str = "melee",
) -> Generator:
    """Plackett-Luce finishing orders with forfeits.

    Each match has ``k ~ Binomial(seats, forfeit_rate)`` forfeits, who share
    the worst rank.  ``forfeits="losing"``: the forfeiting seats are the ``k``
    that were finishing last (a bot that is losing badly times out), so the
    record only hides their order.  ``forfeits="random"``: any ``k`` seats
    forfeit whatever their strength (crashes unrelated to play; a robustness
    check, as this is outside the model).
    """
    if forfeits not in ("losing", "random"):
        raise ValueError(f"forfeits must be 'losing' or 'random', got {forfeits!r}")

    def generate(rng: np.random.Generator):
        names, s, act = _league(rng, n_players, sd, "brawler")
        records = []
        for m in range(n_matches):
            idx = rng.choice(n_players, seats, replace=False, p=act)
            ranks = sample_ranking(s[idx], rng)
            k = int(rng.binomial(seats, forfeit_rate))
            k = min(k, seats - 1)
            if k:
                if forfeits == "losing":
                    out = ranks > seats - k
                else:
                    out = np.zeros(seats, bool)
                    out[rng.choice(seats, k, replace=False)] = True
                finishers = np.flatnonzero(~out)
                order = finishers[np.argsort(ranks[finishers])]
                ranks[order] = np.arange(1, len(order) + 1)
                ranks[out] = len(order) + 1
            records.append(
                MatchRecord(
                    game,
                    tuple(names[i] for i in idx),
                    tuple(int(r) for r in ranks),
                    id=f"{game}-{m}",
                )
            )
        return records, dict(zip(names, s.tolist()))

    return generate


def hidden_team_league(
    n_players: int = 80,
    n_matches: int = 10000,
    *,
    sd: float = 1.0,
    offsets: dict[tuple[str, int], float] | None = None,
    seat_counts: tuple[int, ...] = (3, 4, 5, 6, 7),
    game: str = "hidden-teams",
) -> Generator:
    """Katana-like hidden-team matches.

    Roles are dealt as in the rulebook (shogun and samurai form the "shogun"
    team, the ninjas the "ninja" team, the ronin plays alone); a team's
    strength is the mean of its members' plus ``offsets[(team, seats)]``, and
    teams finish in a Plackett-Luce order over those strengths.
    """
    offsets = dict(KATANA_FACTION_OFFSETS if offsets is None else offsets)

    def generate(rng: np.random.Generator):
        names, s, act = _league(rng, n_players, sd, "samurai")
        records = []
        for m in range(n_matches):
            n = int(rng.choice(seat_counts))
            shogun, samurai, ninja, ronin = KATANA_ROLE_COUNTS[n]
            labels = ["shogun"] * (shogun + samurai) + ["ninja"] * ninja + ["ronin"] * ronin
            labels = [labels[i] for i in rng.permutation(n)]
            idx = rng.choice(n_players, n, replace=False, p=act)
            teams = list(dict.fromkeys(labels))
            strength = [
                np.mean([s[idx[i]] for i in range(n) if labels[i] == t]) + offsets.get((t, n), 0.0)
                for t in teams
            ]
            team_rank = dict(zip(teams, sample_ranking(strength, rng).tolist()))
            records.append(
                MatchRecord(
                    game,
                    tuple(names[i] for i in idx),
                    tuple(int(team_rank[t]) for t in labels),
                    teams=tuple(labels),
                    id=f"{game}-{m}",
                )
            )
        return records, dict(zip(names, s.tolist()))

    return generate

"""The live rating conserves rating mass: over thousands of matches of every registered game at
every player count, played by the engines with random moves and occasional forfeits, the pool's
mean rating stays where it started.

The update is an exchange between pairs of seats (arena.ratings.live), so the only error is
floating-point rounding: about 1e-13 Elo per match, hence a tolerance of 1e-6 Elo on the mean
after every match (the reported fault moved it by hundreds of points in ten minutes).
"""
import random

import pytest

from arena import games
from arena.ratings import LiveElo, MatchRecord
from arena.ratings.records import forfeit_units

TOLERANCE = 1e-6
MATCHES_PER_SHAPE = 300
POOL = 12


def _random_result(game, n_players, seed, rng):
    try:
        state = game.new_state(n_players, seed)
    except ValueError:                          # a seat alone at Shōgun no Katana needs its ghost
        state = game.new_state(n_players, seed, {a.option: 1 for a in game.spec.automata})
    while not state.is_terminal():
        seat = state.current_seats()[0]
        if rng.random() < 0.004:
            state.forfeit(seat)
            continue
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state.result()


def _record(game_id, players, result):
    ranks = tuple(result["ranks"])
    teams = result.get("teams")
    if teams and len(set(teams)) < len(teams):    # hidden teams: a forfeiting seat plays alone
        return MatchRecord(game_id, players, ranks, teams=forfeit_units(teams, ranks))
    return MatchRecord(game_id, players, ranks)


@pytest.mark.parametrize("game_id", games.game_ids())
def test_the_pool_mean_stays_where_it_started_at_every_player_count(game_id):
    game = games.get(game_id)
    rng = random.Random(game_id)
    bots = [f"bot{i}" for i in range(POOL)]
    # a pool that already drifted apart, with one newcomer at the default rating
    elo = LiveElo(k=32, ratings={b: 1500 + rng.uniform(-400, 400) for b in bots[:-1]})
    elo.ratings[bots[-1]] = elo.initial
    start = sum(elo.ratings.values()) / len(bots)
    played = moved = 0
    for n_players in range(game.min_players, game.max_players + 1):
        for _ in range(MATCHES_PER_SHAPE):
            players = tuple(rng.sample(bots, n_players))
            record = _record(game_id, players, _random_result(game, n_players, rng.randrange(2**31), rng))
            changes = elo.update(record)
            moved += any(abs(d) > 1e-6 for d in changes.values())
            assert set(changes) == (set(players) if n_players > 1 else set())  # one seat compares nobody
            assert abs(sum(changes.values())) < 1e-9, record
            mean = sum(elo.ratings.values()) / len(bots)
            assert mean == pytest.approx(start, abs=TOLERANCE), record
            played += 1
    assert played == MATCHES_PER_SHAPE * (game.max_players - game.min_players + 1)
    assert moved > played // 2 or game.max_players == 1, "most matches move ratings: the check is not vacuous"


@pytest.mark.parametrize("shape", [
    ("katana", (1, 2, 2), ("shogun", "ninja", "ninja")),
    ("katana", (2, 1, 1, 2, 3), ("ninja", "shogun", "shogun", "ninja", "ronin")),
    ("katana", (1, 1, 2, 2, 2, 3, 4), ("shogun", "shogun", "ninja", "ninja", "ninja", "ronin", "ninja/seat6")),
    ("solo", (1,), None),
    ("duel", (1, 1), None),
])
def test_every_team_shape_sums_to_zero(shape):
    game_id, ranks, teams = shape
    players = tuple(f"p{i}" for i in range(len(ranks)))
    elo = LiveElo(ratings={p: 1300 + 97 * i for i, p in enumerate(players)})
    record = MatchRecord(game_id, players, ranks, teams=teams)
    assert sum(elo.deltas(record).values()) == pytest.approx(0.0, abs=1e-9)

"""Continuous-ladder matchmaking: who plays next, opponents, table sizes and rotations."""
from collections import Counter

import pytest

from arena.tournaments import GameResult, Ladder, LadderBot, opponent_weights, pick_focal, win_probability
from arena.tournaments.runner import run_ladder


def test_focal_bot_new_then_fewest_games_then_idle():
    bots = [LadderBot("old", games=50, last_played=1), LadderBot("new", games=3, last_played=9),
            LadderBot("newer", games=1, last_played=10)]
    assert pick_focal(bots).id == "newer"
    bots = [LadderBot("a", games=20, last_played=5), LadderBot("b", games=20, last_played=2),
            LadderBot("c", games=30, last_played=0)]
    assert pick_focal(bots).id == "b", "same games: the longest idle"


def test_win_probability_hand_computed():
    a, b = LadderBot("a", rating=1700, sd=0), LadderBot("b", rating=1500, sd=0)
    assert win_probability(a, b) == pytest.approx(1 / (1 + 10 ** (-200 / 400)))
    # Uncertainty widens the scale: sd 200 each gives sqrt(1 + 2) times 400.
    a.sd = b.sd = 200
    assert win_probability(a, b) == pytest.approx(1 / (1 + 10 ** (-200 / (400 * 3 ** 0.5))))


def test_opponents_close_in_rating_and_uncertain_are_preferred():
    focal = LadderBot("f", rating=1500, sd=50)
    near, far = LadderBot("near", rating=1520, sd=50), LadderBot("far", rating=2100, sd=50)
    w_near, w_far = opponent_weights(focal, [near, far])
    assert w_near > 5 * w_far
    sure, unsure = LadderBot("sure", rating=1500, sd=30), LadderBot("unsure", rating=1500, sd=300)
    w_sure, w_unsure = opponent_weights(focal, [sure, unsure])
    assert w_unsure > w_sure


def test_ladder_groups_sizes_and_rotation():
    ladder = Ladder([f"b{i}" for i in range(9)], seats=range(3, 8), seed=1)
    sizes = Counter()
    for _ in range(60):
        fewest = min(b.games for b in ladder.bots.values())
        tables = ladder.next_tables()
        assert fewest in [ladder.bots[b].games for b in tables[0].bots], "the least-played bot plays"

        k = len(tables[0].bots)
        sizes[k] += 1
        assert len(tables) == k and len({t.seed for t in tables}) == 1
        for bot in tables[0].bots:
            assert sorted(t.bots.index(bot) for t in tables) == list(range(k))
        for t in tables:
            ladder.record(GameResult(t.key, t.bots, tuple(range(1, k + 1))), now=ladder.groups)
    assert set(sizes) == {3, 4, 5, 6, 7}


def test_ladder_is_reproducible_and_refuses_small_pools():
    def groups(seed):
        ladder = Ladder(list("abcdef"), seats=(2,), seed=seed)
        return [ladder.next_tables()[0].bots for _ in range(10)]
    assert groups(3) == groups(3)
    with pytest.raises(ValueError, match="cannot fill"):
        Ladder(["a", "b"], seats=(3,)).choose()


def test_a_solo_game_ladder_plays_each_bot_alone_fewest_games_first():
    ladder = Ladder(list("abc"), seats=(1,), seed=0)
    played = []
    for now in range(6):
        (table,) = ladder.next_tables()
        assert len(table.bots) == 1
        played.append(table.bots[0])
        ladder.record(GameResult(table.key, table.bots, (1,)), now=now)
    assert Counter(played) == {"a": 2, "b": 2, "c": 2}
    with pytest.raises(ValueError, match="at least 1"):
        Ladder(list("ab"), seats=(0, 2))


def test_run_ladder_on_katana():
    ladder, results, live = run_ladder("katana", ["katana-aggressor", "random", "random", "random"],
                                       groups=6, seed=2, refit_every=3)
    assert all(3 <= len(r.bots) <= 4 for r in results)
    assert sum(b.games for b in ladder.bots.values()) == sum(len(r.bots) for r in results)
    assert set(live.ratings) == set(ladder.bots)

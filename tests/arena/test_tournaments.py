"""Tournament formats: schedules, seeds, brackets, standings and the adaptive stop, on synthetic
games of known strength (the engine is replaced by a seeded draw)."""
import math
import random
from collections import Counter

import pytest

from arena.tournaments import (DoubleElimination, GameResult, RepeatedTables, RoundRobin,
                               SingleElimination, Swiss, TableElimination, bracket_order, entrant_ids,
                               game_seed, side_points, swiss_pairing)
from arena.tournaments.runner import run_tournament


def strength_play(strength):
    """Plackett-Luce finishing order over the seats, drawn from the table's key and seed."""
    def play(table):
        rng = random.Random(f"{table.key}:{table.seed}")
        left = list(range(len(table.bots)))
        ranks = [0] * len(left)
        for place in range(1, len(ranks) + 1):
            w = [math.exp(strength[table.bots[s]]) for s in left]
            u = rng.random() * sum(w)
            i = 0
            while u >= w[i] and i < len(w) - 1:
                u -= w[i]
                i += 1
            ranks[left.pop(i)] = place
        return GameResult(table.key, table.bots, tuple(ranks))
    return play


EQUAL = strength_play({c: 0.0 for c in "abcdefgh"})


def test_side_points_hand_computed():
    assert side_points(("a", "b"), (1, 2)) == {"a": 1.0, "b": 0.0}
    assert side_points(("a", "b"), (1, 1)) == {"a": 0.5, "b": 0.5}
    # Three seats: second beats one of two others and the last none.
    assert side_points(("a", "b", "c"), (2, 1, 3)) == {"a": 0.5, "b": 1.0, "c": 0.0}
    # Teams: the ninja pair wins against both other sides; the shogun side beats the ronin.
    got = side_points(("a", "b", "c", "d", "e"), (2, 1, 2, 1, 3), ("shogun", "ninja", "shogun", "ninja", "ronin"))
    assert got == {"a": 0.5, "b": 1.0, "c": 0.5, "d": 1.0, "e": 0.0}
    r = GameResult("k", ("a", "b", "c"), (1, 1, 2))
    assert r.winners() == ()  # a shared first place is nobody's win
    assert GameResult("k", ("a", "b", "c"), (1, 2, 2), ("x", "y", "y")).winners() == ("a",)


def test_entrant_ids_and_seeds():
    assert entrant_ids(["random", "heuristic", "random"]) == ["random#1", "heuristic", "random#2"]
    assert game_seed(1, "rr", 0) == game_seed(1, "rr", 0)
    assert game_seed(1, "rr", 0) != game_seed(2, "rr", 0)
    assert 0 <= game_seed(5, "x") < 2**31


def test_round_robin_every_pair_meets_equally_with_balanced_seats():
    fmt = RoundRobin("duel", list("abcde"), seed=3, games=4)
    run = run_tournament(fmt, play=EQUAL)
    assert len(run.results) == fmt.max_games() == 10 * 4
    meetings = Counter(frozenset(r.bots) for r in run.results)
    assert set(meetings.values()) == {4} and len(meetings) == 10
    first_seat = Counter((r.bots[0], frozenset(r.bots)) for r in run.results)
    assert set(first_seat.values()) == {2}, "each bot sits first in half its games against each opponent"
    # Seeds are paired: each seed is used by exactly the two seat orders of one pairing.
    by_seed = {}
    for r, t in zip(run.results, [t for t in _tables(fmt, run.results)]):
        by_seed.setdefault(t.seed, []).append(t.bots)
    for seats in by_seed.values():
        assert len(seats) == 2 and seats[0] == seats[1][::-1]


def _tables(fmt, results):
    """Every table the format scheduled, replayed from its results."""
    out, seen = [], []
    for r in results:
        tables = fmt.next_tables(seen)
        out.append(next(t for t in tables if t.key == r.key))
        seen.append(r)
    return out


def test_schedules_are_reproducible_from_the_seed():
    def keys(seed):
        run = run_tournament(Swiss("duel", list("abcdefg"), seed=seed, games=2),
                             play=strength_play({c: i / 3 for i, c in enumerate("abcdefg")}))
        return [(r.key, r.bots, r.ranks) for r in run.results], [s.as_dict() for s in run.standings]
    assert keys(11) == keys(11)
    assert keys(11)[0] != keys(12)[0]


def test_swiss_pairing_avoids_rematches_by_backtracking():
    met = {frozenset("ab"), frozenset("cd")}
    pairs = swiss_pairing(list("abcd"), met)
    assert pairs == [("a", "c"), ("b", "d")]
    # a has met everyone below it but d: greedy top-down would pair a-b; the search must not.
    met = {frozenset("ab"), frozenset("ac")}
    assert swiss_pairing(list("abcd"), met) == [("a", "d"), ("b", "c")]
    assert swiss_pairing(list("ab"), {frozenset("ab")}) is None


def test_swiss_has_no_rematch_and_byes_rotate():
    fmt = Swiss("duel", list("abcdefg"), seed=1, games=2, rounds=5)
    run = run_tournament(fmt, play=strength_play({c: -i / 2 for i, c in enumerate("abcdefg")}))
    pairings = {}
    for r in run.results:
        rnd = r.key.split("/")[0]
        pairings.setdefault(frozenset(r.bots), set()).add(rnd)
    assert all(len(rounds) == 1 for rounds in pairings.values()), "no pairing repeated while avoidable"
    games = Counter(b for r in run.results for b in r.bots)
    assert min(games.values()) == 8 and max(games.values()) == 10, "one bye each for 5 of 7 bots"
    places = fmt.placings(run.results)
    scores = fmt.scores(run.results)
    assert sorted(places.values()) == list(range(1, 8))
    best = min(places, key=places.get)
    assert scores[best] == max(scores.values())


def test_bracket_order():
    assert bracket_order(2) == [0, 1]
    assert bracket_order(4) == [0, 3, 1, 2]
    assert bracket_order(8) == [0, 7, 3, 4, 1, 6, 2, 5]


def test_single_elimination_byes_and_advancement():
    strength = {c: -i * 3.0 for i, c in enumerate("abcde")}  # a beats everyone almost surely
    fmt = SingleElimination("duel", list("abcde"), seed=2, games=2)
    run = run_tournament(fmt, play=strength_play(strength))
    played = Counter(b for r in run.results for b in r.bots)
    # 8 slots: a, b, c have byes; d meets e first.  Round 1 has the single duel d-e.
    first = run.results[0]
    assert set(first.bots) == {"d", "e"}
    assert played["e"] == 2
    places = fmt.placings(run.results)
    assert places == {"a": 1, "b": 2, "c": 3, "d": 3, "e": 5}
    assert [s.bot for s in run.standings][:2] == ["a", "b"]


def test_single_elimination_ties_go_to_tiebreak_games_then_the_better_seed():
    def draw(table):
        return GameResult(table.key, table.bots, (1, 1))
    fmt = SingleElimination("duel", ["x", "y"], seed=0, games=2)
    run = run_tournament(fmt, play=draw)
    assert len(run.results) == 2 + 2 * 3
    assert fmt.placings(run.results) == {"x": 1, "y": 2}


def test_double_elimination_needs_two_losses():
    strength = {c: -i * 3.0 for i, c in enumerate("abcdef")}
    fmt = DoubleElimination("duel", list("abcdef"), seed=4, games=2)
    run = run_tournament(fmt, play=strength_play(strength))
    duels = {}
    for r in run.results:
        duels.setdefault(r.key.rsplit("/", 1)[0], []).append(r)
    losses = Counter()
    for key, games in duels.items():
        pts = Counter()
        for g in games:
            pts.update(g.points())
        a, b = pts.most_common(2)[0][0], pts.most_common(2)[1][0]
        losses[b] += 1
    places = fmt.placings(run.results)
    assert places["a"] == 1 and losses["a"] == 0
    for bot in "bcdef":
        assert losses[bot] == 2, f"{bot} is out only after two lost duels"
    assert places["b"] == 2


def test_double_elimination_grand_final_reset():
    # The second seed loses once early, then beats the first seed twice in the grand final.
    def play(table):
        a, b = table.bots
        if {a, b} == {"x", "y"}:
            if table.key.startswith("gf"):
                winner = "y"
            else:
                winner = "x"
            return GameResult(table.key, table.bots, (1, 2) if a == winner else (2, 1))
        raise AssertionError(table)
    fmt = DoubleElimination("duel", ["x", "y"], seed=0, games=2)
    run = run_tournament(fmt, play=play)
    stages = [r.key.split("/")[0] for r in run.results]
    assert stages == ["de0", "de0", "gf", "gf", "gf2", "gf2"]
    assert fmt.placings(run.results) == {"y": 1, "x": 2}


def test_repeated_tables_rotate_seats_on_one_seed():
    fmt = RepeatedTables("melee", list("abcdefg"), seed=5, games=4, seats=3)
    run = run_tournament(fmt, play=EQUAL)
    tables = _tables(fmt, run.results)
    by_table = {}
    for t in tables:
        by_table.setdefault(t.key.rsplit("/", 1)[0], []).append(t)
    for group in by_table.values():
        assert len(group) == 3 and len({t.seed for t in group}) == 1
        for bot in group[0].bots:
            assert sorted(t.bots.index(bot) for t in group) == [0, 1, 2], "every bot plays every seat"
    games = Counter(b for r in run.results for b in r.bots)
    assert max(games.values()) - min(games.values()) <= 3, "sitting out goes to who has played most"


def test_table_elimination_table_winners_advance():
    strength = {c: -i * 4.0 for i, c in enumerate("abcdefghi")}
    fmt = TableElimination("melee", list("abcdefghi"), seed=1, games=1, seats=3, min_seats=3)
    run = run_tournament(fmt, play=strength_play(strength))
    assert len(run.results) == fmt.max_games() == 9 + 3
    first_round = [r for r in run.results if r.key.startswith("te0/")]
    final = [r for r in run.results if r.key.startswith("te1/")]
    assert len(first_round) == 9 and len(final) == 3
    assert set(final[0].bots) == {"a", "b", "c"}, "the best of each snake-seeded table"
    places = fmt.placings(run.results)
    assert [b for b, _ in sorted(places.items(), key=lambda kv: kv[1])][:3] == ["a", "b", "c"]
    assert all(places[b] == 4 for b in "defghi")


def test_adaptive_round_robin_stops_when_one_bot_dominates():
    strength = {"a": 6.0, "b": 0.0, "c": 0.0, "d": 0.0}
    full = RoundRobin("duel", list("abcd"), seed=1, games=60)
    adaptive = RoundRobin("duel", list("abcd"), seed=1, games=60, adaptive=True, top=1)
    run = run_tournament(adaptive, play=strength_play(strength))
    assert len(run.results) < full.max_games() / 4
    assert run.standings[0].bot == "a"
    # Equal bots never settle: the adaptive run plays everything.
    run = run_tournament(RoundRobin("duel", list("abc"), seed=1, games=10, adaptive=True, top=1), play=EQUAL)
    assert len(run.results) == 30


def test_adaptive_duels_stop_once_decided():
    strength = {"a": 10.0, "b": -10.0}
    fmt = SingleElimination("duel", ["a", "b"], seed=0, games=9, adaptive=True)
    run = run_tournament(fmt, play=strength_play(strength))
    assert len(run.results) == 6  # 2-0, 4-0: 5 left; 6-0 leads by more than the 3 left


def test_standings_columns():
    fmt = RoundRobin("duel", list("abc"), seed=0, games=2)
    run = run_tournament(fmt, play=strength_play({"a": 3, "b": 0, "c": -3}))
    rows = {s.bot: s for s in run.standings}
    assert sum(s.games for s in rows.values()) == 2 * len(run.results)
    assert sum(s.points for s in rows.values()) == pytest.approx(len(run.results))
    for s in rows.values():
        assert s.low < s.rating < s.high
    assert sum(s.rating for s in rows.values()) / 3 == pytest.approx(1500)


def test_format_errors():
    with pytest.raises(ValueError, match="at least 2"):
        RoundRobin("duel", ["a"])
    with pytest.raises(ValueError, match="distinct"):
        RoundRobin("duel", ["a", "a"])
    with pytest.raises(ValueError, match="cannot fill"):
        RepeatedTables("melee", ["a", "b"], seats=3)


def test_adaptive_sprt_stops_on_clear_order_and_on_equal_bots():
    from arena.ratings import MatchRecord, fit_ratings
    from arena.tournaments.core import fit, is_settled_sprt, sprt_decisions

    # A clear ladder of strengths: every neighbour test ends with "better" before the schedule does.
    strength = {"a": 4.0, "b": 2.0, "c": 0.0, "d": -2.0}
    full = RoundRobin("duel", list("abcd"), seed=1, games=60)
    run = run_tournament(RoundRobin("duel", list("abcd"), seed=1, games=60, adaptive="sprt", top=2),
                         play=strength_play(strength))
    assert len(run.results) < full.max_games()
    assert [s.bot for s in run.standings[:3]] == ["a", "b", "c"]
    assert sprt_decisions(fit("duel", run.results), top=2) == ["better", "better"]
    # Equal bots: the test accepts "equal" (where the likelihood-of-superiority stop would play
    # on) once the difference is known to be well under 50 Elo, and not after a few games.
    rng = random.Random(5)
    games = [MatchRecord("duel", ("a", "b") if i % 2 else ("b", "a"), (1, 2) if rng.random() < 0.5 else (2, 1))
             for i in range(800)]
    assert sprt_decisions(fit_ratings(games[:20], prior_sd=300.0), top=1) == [None]
    table = fit_ratings(games, prior_sd=300.0)
    assert sprt_decisions(table, top=1) == ["equal"]
    assert is_settled_sprt(table, top=1)
    with pytest.raises(ValueError, match="adaptive"):
        RoundRobin("duel", list("abc"), adaptive="sometimes")

"""Shōgun no Katana's built-in heuristic (``shogun-smith``): legal everywhere, and far better than random."""
import random

import pytest

from arena import balance, games
from arena.match import agent_seed, play_match
from engine_ext.shogun import data
from engine_ext.shogun.heuristic import SwordSmith


def _games(n, count, seed0):
    """(win, heuristic score, mean random score) of games with one heuristic seat among random ones."""
    game = games.get("shogun")
    out = []
    for g in range(count):
        seat_h = g % n
        s = game.new_state(n, seed0 + g)
        bot, rng = SwordSmith(g), random.Random(g)
        while not s.is_terminal():
            seat = s.current_seats()[0]
            legal = s.legal_actions(seat)
            action = bot.act(s.observation(seat), legal) if seat == seat_h else rng.choice(legal)
            assert action in legal
            s.apply(seat, action)
        result = s.result()
        others = [result["scores"][x] for x in range(n) if x != seat_h]
        out.append((result["ranks"][seat_h] == 1, result["scores"][seat_h], sum(others) / len(others)))
    return out


@pytest.mark.parametrize("n", [2, 3, 4])
def test_the_heuristic_beats_random_players_clearly(n):
    played = _games(n, 12, 1000)
    wins = sum(1 for won, _, _ in played if won)
    assert wins >= 8, f"{wins} wins in 12 games at {n} players"
    assert sum(h for _, h, _ in played) > 3 * sum(r for _, _, r in played)


@pytest.mark.slow
@pytest.mark.parametrize("n", [2, 3, 4])
def test_the_heuristic_beats_random_players_over_many_games(n):
    played = _games(n, 100, 5000)
    assert sum(1 for won, _, _ in played if won) >= 70


def test_the_balance_report_counts_every_designed_component():
    report = balance.run("shogun", players=2, n_games=2, bots="heuristic", seed=0, jobs=1)
    assert {kind: row["items"] for kind, row in report["usage"].items()} == {
        "cards": len(data.CARDS), "halls": len(data.HALLS), "honours": len(data.HONOURS), "tiles": data.NUM_TILES}
    assert sum(report["usage"]["honours"]["counts"].values()) == 2 * 2 * data.ROUNDS   # one per seat and round


@pytest.mark.slow
def test_self_play_uses_every_card_hall_tile_and_honour_card():
    """The designed data has nothing the heuristic players never use (over 300 games at each count)."""
    totals = {}
    for n in (2, 3, 4):
        report = balance.run("shogun", players=n, n_games=300, bots="heuristic", seed=0)
        for kind, row in report["usage"].items():
            for key, count in row["counts"].items():
                totals.setdefault(kind, {}).setdefault(key, 0)
                totals[kind][key] += count
    assert {kind: [key for key, count in counts.items() if not count] for kind, counts in totals.items()} == {
        "cards": [], "halls": [], "honours": [], "tiles": []}


def test_the_ghost_report_counts_a_strictly_higher_seat_as_a_win_per_level():
    """``python -m arena.heuristics.ghost`` (BENCHMARKS.md « Shōgun: the heuristic against the ghost »),
    with the random player: the report's arithmetic is the same for any player, and the heuristic's
    look-ahead would cost seconds a game here."""
    from arena.heuristics import ghost
    report = ghost.run("random", 2, levels=(1, 5), players=1, seed=3)
    for level in ("1", "5"):
        row = report["levels"][level]
        rows = [ghost.play_one("random", 1, int(level), seed) for seed in range(3, 5)]
        assert row["games"] == 2 and row["wins"] == sum(1 for best, total, _ in rows if best > total)
        assert row["mean_ghost"] == round(sum(total for _, total, _ in rows) / 2, 1)
        assert sum(row["ghost_parts"].values()) == pytest.approx(row["mean_ghost"], abs=0.5)
        assert 0 <= row["win_rate_95"][0] <= row["win_rate"] <= row["win_rate_95"][1] <= 1


def _story_game(chapter, seed, watch):
    """One chapter played by the heuristic against the ghost; ``watch(observation, legal, action)`` sees
    every decision."""
    game = games.get("shogun")
    s = game.new_state(1, seed, {"ghost": 1, "chapter": chapter})
    bot = SwordSmith(seed)
    while not s.is_terminal():
        seat = s.current_seats()[0]
        legal = s.legal_actions(seat)
        observation = s.observation(seat)
        action = bot.act(observation, legal)
        assert action in legal
        watch(observation, legal, action)
        s.apply(seat, action)
    return s


def test_the_chapter_13_coin_goes_on_a_resource_bought_the_swords_need_least():
    """Chapter 13: after buying, a coin on a resource bought raises its price; the heuristic puts it
    where its swords need least, not on the first one offered."""
    from engine_ext.shogun.actions import ACTIONS
    seen = []

    def watch(observation, legal, action):
        if observation["phase"] == "market_coin" and len(legal) > 1:
            bot = SwordSmith(0)
            bot._read(observation)
            need = bot._needs()
            offered = [data.RESOURCES.index(ACTIONS.names[a][len("PURCHASE_"):].lower()) for a in legal]
            chosen = data.RESOURCES.index(ACTIONS.names[action][len("PURCHASE_"):].lower())
            seen.append(need[chosen] - bot._stock(chosen) == min(need[r] - bot._stock(r) for r in offered))

    for seed in range(6):
        _story_game(13, seed, watch)
    assert seen and all(seen)


def test_the_palace_honour_estimate_counts_the_members_in_the_palace_chapter_12_too():
    """Chapter 12 has 2 family members: the honour card for members in the palace counts the seat's
    members there, never 3 minus those at home."""
    counts = []

    def watch(observation, legal, action):
        bot = SwordSmith(0)
        bot._read(observation)
        members = bot._members_in_palace()
        assert members <= data.CH12_FAMILY
        counts.append(members == data.CH12_FAMILY - observation["seats"][0]["family_home"])

    _story_game(12, 1, watch)
    assert counts and all(counts)


class _WeightsOnly:
    """``shogun-smith`` without its look-ahead: it gets the observation only, like an uploaded bot."""

    def __init__(self, seed):
        self._smith = SwordSmith(seed)

    def act(self, observation, legal_actions):
        return self._smith.act(observation, legal_actions)


def _solo_margins(make, seeds, level=1):
    margins = []
    for seed in seeds:
        result = play_match("shogun", seed=seed, agents=[make(agent_seed(seed, 0))], options={"ghost": level}).result
        margins.append(result["scores"][0] - result["automata"][0]["score"])
    return margins


def test_looking_ahead_beats_the_weights_alone_against_the_ghost():
    """Solo at level 1 on the same seeds: the placements weighed on copies of the game (the match
    loop offers them) score clearly more against the ghost than the weights alone."""
    seeds = range(300, 308)
    planned = _solo_margins(SwordSmith, seeds)
    weights = _solo_margins(_WeightsOnly, seeds)
    assert sum(planned) > sum(weights) + 8 * 8, (planned, weights)
    assert sum(1 for p in planned if p > 0) > sum(1 for w in weights if w > 0)


def test_the_look_ahead_is_deterministic_for_a_seed():
    """The same copies give the same choice: a planned decision depends on the observation and the
    copies' seeds only, not on anything left over from earlier decisions."""
    game = games.get("shogun")
    state = game.new_state(1, 41, game.resolve_options({"ghost": 1}))
    smith = SwordSmith(0)
    while state.observation(0)["phase"] != "turn" or state.observation(0)["round"] < 2:
        state.apply(0, smith.act(state.observation(0), state.legal_actions(0)))
    legal = state.legal_actions(0)

    def sample(draw=0):
        return state.resample_hidden(0, 1000 + draw)
    choices = {SwordSmith(seed).act_with_state(state.observation(0), legal, sample) for seed in (1, 2, 3)}
    assert len(choices) == 1 and choices <= set(legal)


def test_without_a_ghost_the_smith_plays_its_weights():
    """Looking ahead is for the ghost's tables: without one the copies are not even asked for."""
    game = games.get("shogun")
    state = game.new_state(2, 8)
    smith = SwordSmith(0)

    def sample(draw=0):
        raise AssertionError("no copy is asked for without a ghost")
    for _ in range(60):
        seat = state.current_seats()[0]
        legal = state.legal_actions(seat)
        observation = state.observation(seat)
        choice = smith.act_with_state(observation, legal, sample)
        assert choice == SwordSmith(0).act(observation, legal)
        state.apply(seat, choice)

"""Shōgun no Katana's built-in heuristic (``shogun-smith``): legal everywhere, and far better than random."""
import random

import pytest

from arena import balance, games
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

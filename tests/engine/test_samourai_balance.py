"""Samouraï & Katana in the balance report (``arena balance samourai``): what each seat starts
with, and how often each card is used; self-play between the built-in heuristics uses every card.
The 10,000-game runs per player count are in BENCHMARKS.md."""
import pytest

from arena import balance, games
from engine_ext.samourai import data, views
from engine_ext.samourai.heuristic import Warlord

POWERS = {c.key for c in data.CARDS if c.category in (data.EVENT, data.ANY_TIME)}
BLUE = {c.key for c in data.CARDS if c.category == data.SPECIAL}
WARRIORS = {c.key for c in data.CARDS if c.category == data.WARRIOR}
KINDS = ("card played for its power", "card fought with, for its value", "blue card fought with, as the special")


def test_each_seat_is_placed_clockwise_from_the_first_emperor():
    state = games.get("samourai").new_state(5, 7)
    facts = balance._function(games.get("samourai").spec.balance_facts)(state)
    assert [f["clan"] for f in facts] == [c[0] for c in data.CLANS[:5]]
    order = [int(f[views.SETUP_ORDER]) for f in facts]
    assert order[state.emperor] == 1 and sorted(order) == [1, 2, 3, 4, 5]
    assert order[(state.emperor + 1) % 5] == 2, "clockwise: the seat after the Emperor draws and places next"


def test_card_usage_counts_the_logs_plays_and_revealed_battle_cards():
    game = games.get("samourai")
    state = game.new_state(3, 4)
    bots = [Warlord(s) for s in range(3)]
    while not state.is_terminal():
        seat = state.current_seats()[0]
        state.apply(seat, bots[seat].act(state.observation(seat), state.legal_actions(seat)))
    usage = views.card_usage(state)
    assert set(usage) == set(KINDS)
    assert set(usage[KINDS[0]]) == POWERS and set(usage[KINDS[1]]) == set(data.CARD_KEYS)
    assert set(usage[KINDS[2]]) == BLUE
    events = state.full_view()["events"]
    plays = [e["card"] for e in events if e["event"] == "play"]
    reveals = [(e["card"], e["amount"]) for e in events if e["event"] == "reveal"]
    assert sum(usage[KINDS[0]].values()) == len(plays) > 0
    assert sum(usage[KINDS[1]].values()) == sum(1 for _, slot in reveals if slot < 2) > 0
    assert sum(usage[KINDS[2]].values()) == sum(1 for _, slot in reveals if slot == 2) > 0
    assert usage[KINDS[0]]["ninja"] == plays.count("ninja")


def _unused(report):
    """Card kinds self-play never used in their own role: a power not played for it, a blue card
    never a special, a warrior never fought with."""
    usage = {kind: entry["counts"] for kind, entry in report["usage"].items()}
    return sorted({k for k in POWERS if not usage[KINDS[0]][k]} | {k for k in BLUE if not usage[KINDS[2]][k]}
                  | {k for k in WARRIORS if not usage[KINDS[1]][k]})


def test_two_self_play_games_already_use_every_card_in_its_role():
    report = balance.run("samourai", players=3, n_games=2, bots="heuristic", seed=10, jobs=1)
    assert _unused(report) == []


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_self_play_uses_every_card_in_its_role_at_every_table(players):
    report = balance.run("samourai", players=players, n_games=60, bots="heuristic", seed=1000, jobs=1)
    assert _unused(report) == []
    assert all(entry["never_used"] == [] for entry in report["usage"].values())

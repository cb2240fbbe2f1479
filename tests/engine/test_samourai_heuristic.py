"""Samouraï & Katana's built-in heuristic (``samourai-warlord``): its choices in constructed
positions, legal play under every option, and its strength against random play."""
import random

import pytest

from arena import agents, games
from arena.match import play_match
from engine_ext.samourai import data
from engine_ext.samourai.actions import ACTIONS
from engine_ext.samourai.heuristic import BEST_TWO, MEAN_VALUE, Warlord
from engine_ext.samourai.spec import EVERY_OPTION
from samourai_positions import act, position

KINAI = ("yamashiro", "settsu", "kawachi", "izumi", "yamato")


def choose(state, seat=None):
    seat = state.decider if seat is None else seat
    bot = Warlord(0)
    return bot, ACTIONS.names[bot.act(state.observation(seat), state.legal_actions(seat))]


def test_it_is_the_games_heuristic_by_both_its_names():
    assert agents._heuristic_class("samourai") is Warlord
    assert isinstance(agents.builtin("samourai-warlord", 1, "samourai"), Warlord)
    outcome = play_match("samourai", seed=5, agents=[agents.builtin(name, s, "samourai") for s, name in
                                                     enumerate(["heuristic", "mix-0.5", "random"])])
    assert [s["status"] for s in outcome.seat_status] == ["ok"] * 3


def test_the_defence_it_expects_is_the_decks_two_best_cards_for_the_hand_size():
    # two cards dealt at random: their expected sum is twice the deck's mean value
    assert BEST_TWO[2] == pytest.approx(2 * MEAN_VALUE)
    assert MEAN_VALUE == pytest.approx(158 / 55)
    assert all(BEST_TWO[h] < BEST_TWO[h + 1] < 10 for h in range(2, 12))


def test_it_attacks_to_complete_a_province_when_its_cards_beat_the_defence(build):
    board = {k: (0, 1, False) for k in KINAI if k != "izumi"}
    board["settsu"] = (0, 6, False)
    board["izumi"] = (1, 1, False)
    s = position(build, board=board, hands={0: ["hatamoto", "cavaliers", "gunbai"], 1: ["ashigaru", "samourai"]})
    bot, name = choose(s)
    assert name == "MOVE"
    assert bot._plan == ("move", data.territory_index("settsu"), data.territory_index("izumi"), 5)
    # the battle: its two best values, then the fan
    act(s, 0, "MOVE", "TERRITORY_SETTSU", "TERRITORY_IZUMI", "COUNT_5")
    while ACTIONS.names[s.legal_actions(s.decider)[0]] == "PASS" and s.step == 12:
        act(s, s.decider, "PASS")
    committed = []
    for _ in range(3):
        name = ACTIONS.names[bot.act(s.observation(0), s.legal_actions(0))]
        committed.append(name)
        act(s, 0, name)
    assert committed == ["COMMIT_HATAMOTO", "COMMIT_CAVALIERS", "COMMIT_GUNBAI"]


def test_it_does_not_attack_a_castle_in_the_mountains_with_weak_cards(build):
    board = {"kawachi": (0, 6, False), "kii": (1, 4, True), "yamato": (0, 1, False), "izumi": (0, 1, False),
             "awa": (2, 1, False), "tosa": (2, 1, False), "ise": (2, 1, False), "settsu": (2, 1, False),
             "yamashiro": (2, 1, False), "totomi": (2, 1, False)}
    s = position(build, board=board, hands={0: ["ashigaru", "samourai", "archers"], 1: ["ninja"] * 5})
    bot, name = choose(s)
    assert name == "END_TURN", bot._plan


def test_it_plays_what_pays_at_once_before_moving(build):
    s = position(build, board={"settsu": (0, 3, False)}, hands={0: ["ashigaru", "ceremonie_du_the"]}, koku={0: 4})
    assert choose(s)[1] == "PLAY_CEREMONIE_DU_THE"
    s = position(build, board={"settsu": (0, 3, False)}, hands={0: ["ceremonie_du_the"]}, koku={0: 1})
    assert choose(s)[1] != "PLAY_CEREMONIE_DU_THE", "2 koku to pay"


def test_a_hopeless_defender_gives_up_his_weakest_cards(build):
    board = {"settsu": (0, 8, False), "izumi": (1, 1, False), "kawachi": (1, 1, False)}
    s = position(build, board=board, hands={0: ["hatamoto", "ikko_ikki", "gunbai"],
                                            1: ["ceremonie_du_the", "ashigaru", "samourai", "justice_shogunale"]})
    act(s, 0, "MOVE", "TERRITORY_SETTSU", "TERRITORY_IZUMI", "COUNT_7")
    while s.step == 12:     # reaction windows: the defender keeps his Justice for later
        act(s, s.decider, "PASS")
    act(s, 0, "COMMIT_HATAMOTO", "COMMIT_IKKO_IKKI", "COMMIT_GUNBAI")
    assert s.decider == 1
    names = []
    for _ in range(3):
        _, name = choose(s)      # a new bot each time: one started mid-battle commits as well
        names.append(name)
        act(s, 1, name)
    assert names == ["COMMIT_ASHIGARU", "COMMIT_SAMOURAI", "NO_SPECIAL"]


def _random_until(state, rng, done):
    while not state.is_terminal() and not done(state):
        seat = state.current_seats()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))


@pytest.mark.parametrize("players,seed", [(3, 1), (5, 3)])
def test_it_plays_legally_with_every_option(players, seed):
    """Every decision of a whole game between the heuristic and random seats, every option on."""
    game = games.get("samourai")
    state = game.new_state(players, seed, EVERY_OPTION)
    bots = {0: Warlord(1), 1: Warlord(2)}
    rng = random.Random(seed)
    steps = set()
    while not state.is_terminal():
        seat = state.current_seats()[0]
        legal = state.legal_actions(seat)
        if seat in bots:
            observation = state.observation(seat)
            steps.add(observation["pending"]["step"])
            action = bots[seat].act(observation, legal)
            assert action in legal
        else:
            action = rng.choice(legal)
        state.apply(seat, action)
    assert {"purchase", "activate", "commit", "discard"} <= steps


def _against_random(players, count, seed0):
    """(wins of the heuristic alone first, its honour, the random seats' mean honour) per game."""
    game = games.get("samourai")
    out = []
    for g in range(count):
        seat_h = g % players
        state = game.new_state(players, seed0 + g)
        bot, rng = Warlord(g), random.Random(g)
        while not state.is_terminal():
            seat = state.current_seats()[0]
            legal = state.legal_actions(seat)
            action = bot.act(state.observation(seat), legal) if seat == seat_h else rng.choice(legal)
            state.apply(seat, action)
        result = state.result()
        others = [result["scores"][s] for s in range(players) if s != seat_h]
        won = result["ranks"][seat_h] == 1 and result["ranks"].count(1) == 1
        out.append((won, result["scores"][seat_h], sum(others) / len(others)))
    return out


@pytest.mark.parametrize("players,count", [(3, 3), (6, 2)])
def test_it_beats_random_players_clearly(players, count):
    played = _against_random(players, count, 100)
    assert all(won for won, _, _ in played), played
    assert sum(h for _, h, _ in played) > 5 * sum(r for _, _, r in played)


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_it_beats_random_players_over_many_games(players):
    played = _against_random(players, 100, 5000)
    assert sum(1 for won, _, _ in played if won) >= 90


def test_the_winrate_command_plays_each_table_size_with_the_default_options():
    from arena.heuristics import winrate

    assert winrate.cases("samourai-warlord", [3, 6]) == (("3p", "samourai", 3, {}), ("6p", "samourai", 6, {}))
    record = winrate.play("samourai-warlord", "samourai", 3, {}, 2, seed=7)
    assert record["wins"] == 2
    assert record["win_rate_95"] == [0.3424, 1.0], "the Wilson interval of 2 wins in 2"

"""The built-in Risques heuristic: its dice odds, its choices, and that it beats random in every mode."""
import pytest

from arena import agents
from arena.heuristics import winrate
from engine_ext.risques.heuristic import OddsPlayer, duel_odds, reach, sum_distribution
from arena.match import play_match


def test_dice_odds_are_exact():
    assert sum(sum_distribution(7)) == pytest.approx(1.0)
    assert reach(2) == pytest.approx(6 / 36)               # 4-6, 5-5, 5-6, 6-4, 6-5, 6-6
    assert reach(0) == 0.0 and reach(1) == 0.0
    win, lose = duel_odds(2, 0)
    assert (win, lose) == (pytest.approx(6 / 36), 0.0), "against no dice, 10+ is enough"
    win, lose = duel_odds(10, 10)
    assert win == pytest.approx(lose) and win + lose < 1, "equal pools: even, ties leave both unhurt"
    assert duel_odds(12, 6)[0] > duel_odds(6, 12)[0]


def test_it_is_risques_heuristic_and_refuses_other_games():
    assert isinstance(agents.builtin("risques-odds", 1, "risques"), OddsPlayer)
    assert agents._heuristic_class("risques") is OddsPlayer, "the `heuristic` and `mix-<p>` bots of Risques"
    with pytest.raises(ValueError, match="risques-odds plays Risques only, not 'katana'"):
        agents.builtin("risques-odds", 1, "katana")
    with pytest.raises(ValueError, match="risques-odds plays risques only"):
        play_match("katana", seed=1, agents=[agents.builtin("risques-odds", s) for s in range(4)])
    outcome = play_match("risques", seed=2, options={"mode": "massacre"},
                         agents=[agents.builtin(name, s, "risques") for s, name in
                                 enumerate(["heuristic", "mix-0.5", "random"])])
    assert [s["status"] for s in outcome.seat_status] == ["ok"] * 3


def _first_decision(options, players, seed, phase):
    """A bot's first decision in ``phase``, by playing random seats until it comes up."""
    import random

    from arena import games

    state = games.get("risques").new_state(players, seed, options)
    rng = random.Random(seed)
    while not state.is_terminal():
        seat = state.current_seats()[0]
        observation = state.observation(seat)
        if observation["phase"] == phase:
            return state, seat, observation
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return None


def test_it_guards_first_in_a_frappe_and_never_wagers_everything_blindly():
    from engine_ext.risques.views import ACTION_NAMES

    found = _first_decision({"mode": "frappe"}, 2, 4, "declare")
    state, seat, observation = found
    bot = OddsPlayer(0)
    assert ACTION_NAMES[bot.act(observation, state.legal_actions(seat))] == "GARDE"
    found = _first_decision({"mode": "frappe"}, 2, 4, "wager")
    state, seat, observation = found
    legal = state.legal_actions(seat)
    wager = ACTION_NAMES[bot.act(observation, legal)]
    assert wager.startswith("WAGER_") and wager != ACTION_NAMES[legal[-1]], "all-in rolls no dice"


@pytest.mark.parametrize("label,game,players,options", winrate.cases("risques-odds"))
def test_it_beats_random_clearly_in_every_mode(label, game, players, options):
    n = 60
    bot = winrate.play("risques-odds", game, players, options, n, seed=900)
    baseline = winrate.play("random", game, players, options, n, seed=900)
    fair_share = 1 / players
    assert bot["win_rate"] >= fair_share + 0.15, (label, bot)
    assert bot["win_rate"] >= baseline["win_rate"] + 0.15, (label, bot, baseline)
    assert bot["mean_rank"] < baseline["mean_rank"], (label, bot, baseline)


def test_its_matches_finish_without_an_illegal_move_in_every_mode():
    for label, game, players, options in winrate.cases("risques-odds"):
        for seed in range(5):
            outcome = play_match(game, seed=seed, options=dict(options, honor_pool="personal"),
                                 agents=[agents.builtin("risques-odds", seed * 10 + s) for s in range(players)])
            assert [s["status"] for s in outcome.seat_status] == ["ok"] * players, label
            assert outcome.result["end_reason"] in ("scenes_played", "last_standing")

"""An engine that breaks its contract in a match stops that match with ``EngineError``: no player
is asked to choose from nothing, none forfeits or is blamed, bot processes are closed."""
import dataclasses
from pathlib import Path

import pytest

from arena import agents, games
from arena.agents import RandomAgent
from arena.bots.runner import BotProcess
from arena.engines import COMPILED
from arena.match import FORFEIT, EngineError, agent_seed, play_match
from tests.broken_engines import NoDecisionAfter

TOY = "toy"
STARTER = Path(__file__).resolve().parents[1] / "toygame" / "starter.py"


@pytest.fixture
def no_decision_after(monkeypatch):
    """``no_decision_after(steps)``: the toy game's states offer no legal decision after ``steps``."""
    def install(steps, game_id=TOY):
        real = games.Game.new_state

        def new_state(self, n_players, seed, options=None):
            state = real(self, n_players, seed, options)
            return NoDecisionAfter(state, steps) if self.id == game_id else state

        monkeypatch.setattr(games.Game, "new_state", new_state)
    return install


class Counting(RandomAgent):
    def __init__(self, seed):
        super().__init__(seed)
        self.asked = 0
        self.asked_with_nothing = 0

    def act(self, observation, legal_actions):
        self.asked += 1
        self.asked_with_nothing += not legal_actions
        return super().act(observation, legal_actions)


def test_a_seat_without_a_legal_decision_stops_the_match_with_an_engine_error(no_decision_after):
    no_decision_after(7)
    players = [Counting(1), Counting(2)]
    with pytest.raises(EngineError) as raised:
        play_match(TOY, seed=5, agents=players)
    error = raised.value
    rules = games.get(TOY).rules_version
    assert str(error) == (f"toy rules {rules}, 2 players, seed 5, at step 7, seat {error.seat}: the game is not "
                          "over and this seat must act, but it has no legal decision")
    assert error.step == 7 and error.seat in (0, 1)
    assert len(error.outcome.steps) == 7 and FORFEIT not in [a for _, a in error.outcome.steps]
    assert error.outcome.result is None
    assert [s["status"] for s in error.outcome.seat_status] == ["ok", "ok"], "no seat is blamed"
    assert sum(p.asked for p in players) == 7 and not any(p.asked_with_nothing for p in players)


@pytest.mark.parametrize("bot", ["random", "heuristic", "pig-hold", "mix-0.5"])
def test_built_in_players_are_not_asked_once_the_engine_fails(no_decision_after, bot):
    no_decision_after(0)
    with pytest.raises(EngineError, match="at step 0, seat 0: .* no legal decision"):
        play_match(TOY, seed=3, agents=[agents.builtin(bot, agent_seed(3, s), TOY) for s in range(3)])


def test_a_bot_process_neither_forfeits_nor_hangs_and_is_closed(no_decision_after):
    """The toy's starter bot would crash on an empty choice (it looks up ROLL): it is never asked."""
    no_decision_after(4)
    bot = BotProcess(str(STARTER), trusted=True)
    with pytest.raises(EngineError, match=r"at step 4, seat \d") as raised:
        play_match(TOY, seed=2, agents=[bot, RandomAgent(9)])
    outcome = raised.value.outcome
    assert outcome.seat_status[0] == {"status": "ok", "reason": ""}
    assert outcome.bot_logs[1] is None and bot.sandbox.process.poll() is not None, "the bot was closed"


def test_a_game_that_does_not_end_within_its_bound_is_an_engine_error(monkeypatch):
    game = games.get(TOY, COMPILED)
    monkeypatch.setitem(game.__dict__, "spec", dataclasses.replace(game.spec, max_decisions=3))
    with pytest.raises(EngineError, match=r"at step 3: the game did not end within 3 decisions"):
        play_match(TOY, seed=1, agents=[RandomAgent(1), RandomAgent(2)])


def test_a_game_not_over_that_asks_nobody_is_an_engine_error(monkeypatch):
    real = games.Game.new_state

    class AsksNobody(NoDecisionAfter):
        def current_seats(self):
            return [] if self._left <= 0 else self._state.current_seats()

    def new_state(self, n_players, seed, options=None):
        state = real(self, n_players, seed, options)
        return AsksNobody(state, 2) if self.id == TOY else state

    monkeypatch.setattr(games.Game, "new_state", new_state)
    with pytest.raises(EngineError, match="at step 2: the game is not over, but no seat must act"):
        play_match(TOY, seed=1, agents=[RandomAgent(1), RandomAgent(2)])


def test_arena_play_reports_an_engine_error_in_one_line_without_a_traceback(no_decision_after, capsys):
    from arena.cli import main
    no_decision_after(3)
    with pytest.raises(SystemExit) as exited:
        main(["play", TOY, "--players", "2", "--seed", "5", "--bot", "random"])
    assert exited.value.code == 4
    err = capsys.readouterr().err
    assert err.startswith(f"arena: engine error: toy rules {games.get(TOY).rules_version}, 2 players, seed 5, at step 3")
    assert "Traceback" not in err

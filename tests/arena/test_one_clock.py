"""One clock: validation and rated matches time a bot by the same control, so a bot that passes
validation is never too slow for the matches it is rated in."""
from arena.bots import runner
from arena.bots.validate import validate

SLOW_START = '''
import time


class Bot:
    def setup(self, info):
        self.moves = 0

    def act(self, observation, legal_actions):
        self.moves += 1
        if self.moves <= 3:
            time.sleep(0.7)   # 2.1 s over its first three decisions
        return legal_actions[0]
'''


def test_a_bot_too_slow_for_the_rated_clock_fails_validation(sandboxed, monkeypatch, tmp_path):
    bot = tmp_path / "slow_start.py"
    bot.write_text(SLOW_START)
    assert validate("katana", bot, matches=1).passed, "the game's own clock (1 s a move) lets it through"

    monkeypatch.setenv("ARENA_BOT_TIME_CONTROL", "0.5,0.5,3")   # what the platform rates under
    assert runner.time_control("katana") == runner.TimeControl(move=0.5, bank=0.5, startup=3.0)
    verdict = validate("katana", bot, matches=1)
    assert not verdict.passed
    assert verdict.matches[0]["status"] == "timeout", verdict.matches


def test_the_platform_rates_under_the_clock_validation_used(monkeypatch, settings):
    from web.matches import execution
    monkeypatch.setenv("ARENA_BOT_TIME_CONTROL", "0.5,0.5,3")
    settings.ARENA_BOT_TIME_CONTROL = (0.5, 0.5, 3.0)
    assert execution.bot_clock() == runner.time_control("katana") == runner.TimeControl(0.5, 0.5, 3.0)
    monkeypatch.delenv("ARENA_BOT_TIME_CONTROL")
    settings.ARENA_BOT_TIME_CONTROL = ()
    assert execution.bot_clock() is None, "the game's own clock, which validation uses too"


def test_a_malformed_clock_is_a_clear_error():
    import pytest
    with pytest.raises(ValueError, match="MOVE,BANK,STARTUP"):
        runner.parse_time_control("fast")
    with pytest.raises(ValueError, match="positive MOVE"):
        runner.parse_time_control("0,1,1")

"""Validation: a new bot plays short matches against built-in bots and must finish them cleanly.

Cleanly means: the file is a valid bot, it starts in time, every answer is legal
and in time, the game reaches its end without its seat forfeiting, and nothing
it started is left running afterwards.  Only then may it enter rated play.
"""
import time
from dataclasses import dataclass, field
from pathlib import Path

from arena import games
from arena.agents import builtin
from arena.bots.runner import BotProcess
from arena.bots.submission import BotSubmissionError
from arena.match import agent_seed, play_match

VALIDATION_MATCHES = 2
OPPONENT = "random"


@dataclass
class Verdict:
    game: str
    bot: str
    passed: bool = False
    problem: str = ""
    matches: list = field(default_factory=list)   # one dict per match
    log: str = ""                                   # the bot's stderr in its first failed (or last) match

    def to_dict(self):
        return {"game": self.game, "bot": self.bot, "passed": self.passed, "problem": self.problem,
                "matches": self.matches}


def players_for(game):
    return min(max(4, game.min_players), game.max_players)


def validate(game_id, path, *, trusted=False, matches=VALIDATION_MATCHES, seed=1, on_match=None):
    """Plays ``matches`` short matches with the bot in a different seat each time."""
    game = games.get(game_id)
    verdict = Verdict(game_id, str(path))
    n = players_for(game)
    try:
        BotProcess(path, trusted=trusted)   # the file and the sandbox, checked before any match
    except BotSubmissionError as exc:
        verdict.problem = "not a valid bot: " + str(exc).removeprefix(f"{Path(path).name}: ")
        return verdict
    for index in range(matches):
        match_seed = seed + index
        seat = index % n
        bot = BotProcess(path, trusted=trusted)
        agents = [bot if s == seat else builtin(OPPONENT, agent_seed(match_seed, s)) for s in range(n)]
        started = time.perf_counter()
        outcome = play_match(game_id, seed=match_seed, agents=agents)
        status = outcome.seat_status[seat]
        record = {"seed": match_seed, "seat": seat, "players": n, "status": status["status"],
                  "reason": status["reason"], "decisions": sum(1 for s, _ in outcome.steps if s == seat),
                  "end_reason": outcome.result.get("end_reason"), "survivors": len(bot.survivors),
                  "seconds": round(time.perf_counter() - started, 3)}
        verdict.matches.append(record)
        verdict.log = outcome.bot_logs[seat] or ""
        if on_match is not None:
            on_match(record)
        if status["status"] != "ok":
            verdict.problem = f"match {index + 1} (seed {match_seed}, seat {seat}): {status['status']}: " \
                              f"{status['reason']}"
            return verdict
        if bot.survivors:
            verdict.problem = f"match {index + 1}: {len(bot.survivors)} of its processes outlived the match"
            return verdict
    verdict.passed = True
    return verdict

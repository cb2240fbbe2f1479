"""The story format: one bot plays a game's campaign chapter by chapter against one automaton level.

A game offers it by declaring a campaign (``GameSpec.campaign``; Shōgun no Katana's
``engine_ext.shogun.story.CAMPAIGN``: its chapter option, automaton levels, chapters, points,
penalties and titles).  The format schedules one match at a time, since the next depends on the
last: chapter 1, and after a defeat the same chapter again while ``attempts`` allow (each attempt a
new seed), otherwise the next chapter, until the last one.  Like the other formats it is pure: the
same campaign, level, attempts, seed and results always give the same next match, so a worker
rebuilds it from the stored results whenever a match finishes.

Results are ``{match key: result}``, a result being the game's finished ``result()`` (its
``chapter``, ``scores`` and ``automata``), or None for a match that ended in error (the bot did not
win it: a defeat).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

from .core import game_seed

__all__ = ["STORY", "ChapterMatch", "Attempt", "ChapterRecord", "StoryCampaign", "campaign_of"]

STORY = "story"


def campaign_of(game):
    """The campaign of ``game`` (an ``arena.games.Game``); ``ValueError`` when it declares none."""
    campaign = game.campaign
    if campaign is None:
        raise ValueError(f"{game.id} has no story campaign: the story format is for games that declare one")
    return campaign


@dataclass(frozen=True)
class ChapterMatch:
    """The next match to play: chapter ``chapter``'s attempt ``attempt`` (from 1), with its seed and
    the options it is played with; ``key`` names it in the campaign."""
    key: str
    chapter: int
    attempt: int
    seed: int
    options: dict


@dataclass(frozen=True)
class Attempt:
    key: str
    seed: int
    won: bool
    beat_ghost: bool
    conditions: tuple
    score: float | None
    ghost_score: float | None
    error: bool = False
    verdict: str = ""     # its end in words, each condition marked met or not (Campaign.verdict)

    def as_dict(self):
        return {"key": self.key, "seed": self.seed, "won": self.won, "beat_ghost": self.beat_ghost,
                "conditions": [dict(c) for c in self.conditions], "score": self.score,
                "ghost_score": self.ghost_score, "error": self.error, "verdict": self.verdict}


@dataclass
class ChapterRecord:
    number: int
    title: str
    difficulty: str
    title_words: str = ""    # the title in English (the campaign's words; ``title`` is as printed)
    attempts: list = field(default_factory=list)
    won: bool = False
    gained: int = 0       # story points of the victory
    penalty: int = 0      # story points lost by its defeats
    finished: bool = False

    @property
    def points(self):
        return self.gained - self.penalty

    @property
    def verdict(self):
        """How the chapter ended, in words: its deciding attempt's verdict (None until it is over)."""
        if not self.finished or not self.attempts:
            return None
        return self.attempts[-1].verdict

    def as_dict(self):
        return {"number": self.number, "title": self.title, "title_words": self.title_words or self.title,
                "difficulty": self.difficulty, "won": self.won, "finished": self.finished, "gained": self.gained,
                "penalty": self.penalty, "points": self.points, "verdict": self.verdict,
                "attempts": [a.as_dict() for a in self.attempts]}


class StoryCampaign:
    """The campaign of one bot against the automaton of ``level``, each chapter tried at most
    ``attempts`` times (retries after a defeat)."""

    name = STORY

    def __init__(self, game_id, campaign, *, level, attempts=1, seed=0):
        if level not in campaign.levels:
            raise ValueError(f"the {campaign.level_option} level of a story campaign is one of "
                             f"{', '.join(str(v) for v in campaign.levels)}, not {level!r}")
        if not (isinstance(attempts, int) and 1 <= attempts <= campaign.max_attempts):
            raise ValueError(f"attempts per chapter are 1 to {campaign.max_attempts}, not {attempts!r}")
        self.game = game_id
        self.campaign = campaign
        self.level = level
        self.attempts = attempts
        self.seed = seed

    def match(self, chapter, attempt):
        """The match of ``chapter``'s attempt ``attempt``."""
        return ChapterMatch(f"ch{chapter}/a{attempt}", chapter, attempt,
                            game_seed(self.seed, STORY, chapter, attempt),
                            {self.campaign.level_option: self.level, self.campaign.option: chapter})

    def _walk(self, results: Mapping[str, dict | None]):
        """The chapters played so far as records, and the next match (None when the campaign is over)."""
        records = []
        for number, title, difficulty in self.campaign.chapters:
            record = ChapterRecord(number, title, difficulty, self.campaign.title_words(number))
            records.append(record)
            for attempt in range(1, self.attempts + 1):
                match = self.match(number, attempt)
                if match.key not in results:   # its defeats so far already cost what they cost (R136)
                    record.penalty = self.campaign.defeat_penalty(len(record.attempts))
                    return records, match
                result = results[match.key]
                outcome = self.campaign.outcome(result) if result is not None else None
                record.attempts.append(Attempt(
                    match.key, match.seed, bool(outcome and outcome["won"]), bool(outcome and outcome["beat_ghost"]),
                    tuple(outcome["conditions"]) if outcome else (), outcome and outcome["score"],
                    outcome and outcome["ghost_score"], error=outcome is None,
                    verdict=self.campaign.verdict(number, outcome, attempt)))
                if record.attempts[-1].won:
                    record.won = True
                    record.gained = self.campaign.points_won(difficulty, self.level)
                    break
            defeats = sum(not a.won for a in record.attempts)
            record.penalty = self.campaign.defeat_penalty(defeats)
            record.finished = True
        return records, None

    def next_match(self, results: Mapping[str, dict | None]) -> ChapterMatch | None:
        """The next match to play given the results so far, or None when the campaign is over."""
        return self._walk(results)[1]

    def max_games(self):
        return len(self.campaign.chapters) * self.attempts

    def summary(self, results: Mapping[str, dict | None]) -> dict:
        """The campaign so far: every chapter (played or not), the running total, the title it stands
        for, whether it is over, the most points it could have earned, and the condition every chapter
        adds (beating the automaton) in words."""
        records, pending = self._walk(results)
        played = {r.number: r for r in records}
        chapters = [played[number].as_dict() if number in played else
                    ChapterRecord(number, title, difficulty, self.campaign.title_words(number)).as_dict()
                    for number, title, difficulty in self.campaign.chapters]
        total = sum(r.points for r in records)
        return {"level": self.level, "attempts": self.attempts, "chapters": chapters, "total": total,
                "title": self.campaign.title(total), "finished": pending is None,
                "next": pending.key if pending else None, "maximum": self.campaign.maximum(self.level),
                "games": sum(len(r.attempts) for r in records),
                "beat_ghost_words": self.campaign.beat_ghost_words}

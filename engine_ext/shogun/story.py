"""Shōgun no Katana's story campaign, as the platform scores it (rules inventory §4, R133–R138;
rulebook « MODE HISTOIRE », l.980–1308).

One seat plays the 14 chapters in order against a ghost (option ``ghost``) with the chapter's
special rules and conditions (option ``chapter``, the engine's).  This module holds only what
scores the campaign: the chapters' difficulties, the story points of a chapter won, the penalty of
each defeat and the final titles.  The spec declares it (``GameSpec.campaign``); the tournament
format ``story`` (``arena.tournaments.story``) reads it and nothing else of the game.

Every value below is derived from the rulebook (line numbers beside it) except ``MAX_ATTEMPTS``,
a platform choice.  The printed values keep their printed bands even where a ghost level makes a
band hard to reach or a title easy (``maximum``; docs/bots/shogun.md, "Story campaign").
"""
from __future__ import annotations

from dataclasses import dataclass, field

from . import data

# Derived (rules inventory §4.2, the chapters' headings l.1012–1242): number, title, difficulty.
CHAPTERS = (
    (1, "L'origine", "easy"),                          # l.1012 Facile
    (2, "Une période de paix", "intermediate"),        # l.1024 Intermédiaire
    (3, "Gion Matsuri", "easy"),                       # l.1043 Facile
    (4, "Renommée et gloire", "intermediate"),         # l.1055 Intermédiaire
    (5, "Masamune en visite", "easy"),                 # l.1070 Facile
    (6, "La requête du Shōgun", "difficult"),          # l.1084 Difficile
    (7, "Les vents de la guerre", "intermediate"),     # l.1104 Intermédiaire
    (8, "L'ennemi aux portes", "difficult"),           # l.1120 Difficile
    (9, "Les tambours de la guerre", "difficult"),     # l.1137 Difficile
    (10, "Les sabres dans la bataille", "intermediate"),  # l.1153 Intermédiaire
    (11, "Moment de crise", "difficult"),              # l.1170 Difficile
    (12, "Ruines", "easy"),                            # l.1186 Facile
    (13, "Une reconstruction difficile", "difficult"),  # l.1208 Difficile
    (14, "Un repos bien mérité", "difficult"),         # l.1242 Difficile
)

# Derived, R135 (l.993–1001): a chapter won earns its difficulty's points plus the ghost's bonus.
DIFFICULTY_POINTS = {"easy": 1, "intermediate": 2, "difficult": 3}   # l.994–996
GHOST_BONUS = {1: 4, 2: 5, 3: 6, 4: 7, 5: 8}                           # l.997–1001

# Derived, R136 (l.1005–1006): the first defeat in a chapter costs 1 story point, each further
# defeat in the same chapter 2 more.
FIRST_DEFEAT = 1
FURTHER_DEFEAT = 2

# Derived, R138 (« VOTRE NOM DANS L'HISTOIRE », l.1256–1286): (highest total of the band, or None
# for the last, open band; romanised name; kanji; the rulebook's French rendering; the same in
# English).  The rulebook prints « Kaji Minara » (l.1265); 見習い reads minarai.
TITLES = (
    (30, "Fumeiyo", "不名誉", "Déshonneur", "Dishonour"),                # l.1260–1262: 30 points or fewer
    (40, "Kaji Minarai", "鍛冶見習い", "Assistant", "Assistant"),         # l.1264–1267: 31 to 40
    (50, "Kaji Kenshusei", "鍛冶研修生", "Apprenti", "Apprentice"),      # l.1269–1272: 41 to 50
    (60, "Kaji", "鍛冶", "Maître-forgeron", "Master smith"),            # l.1274–1276: 51 to 60
    (65, "Meiyo", "名誉", "Prestige", "Prestige"),                      # l.1278–1280: 61 to 65
    (69, "Yushu", "優秀", "Excellence", "Excellence"),                  # l.1282–1284: 66 to 69
    (None, "Masamune", "政宗", "Égal au Masamune", "Equal of Masamune"),  # l.1286: 70 or more
)

# Chosen: a chapter may be played at most three times (R136 lets a player retry without end; a
# bot's campaign needs a bound, and a third defeat already costs 5 points).
MAX_ATTEMPTS = 3


@dataclass(frozen=True)
class Campaign:
    """A game's story campaign as the generic tournament code reads it.

    ``option``: the option that picks a chapter (0 none); ``level_option``: the automaton level a
    bot chooses; ``levels``: its values; ``chapters``: ``(number, title, difficulty)`` in the order
    they are played; ``words``: each chapter in words by its number as a string (the game's data:
    ``title`` in English, ``conditions`` as ``{"key", "words", "text"}``...); ``beat_ghost_words``:
    the condition every chapter adds, in words."""
    name: str
    option: str
    level_option: str
    levels: tuple
    chapters: tuple
    max_attempts: int
    words: dict = field(default_factory=dict, compare=False, hash=False)
    beat_ghost_words: str = "more points than the automaton"

    def chapter(self, number):
        """``(number, title, difficulty)`` of chapter ``number``."""
        for row in self.chapters:
            if row[0] == number:
                return row
        raise ValueError(f"no chapter {number}: chapters are 1 to {len(self.chapters)}")

    def points_won(self, difficulty, level):
        """The story points of a chapter of ``difficulty`` won against the ghost of ``level`` (R135)."""
        return DIFFICULTY_POINTS[difficulty] + GHOST_BONUS[level]

    def defeat_penalty(self, defeats):
        """The story points lost by ``defeats`` defeats in one chapter (R136): 0, 1, 3, 5..."""
        return 0 if defeats <= 0 else FIRST_DEFEAT + FURTHER_DEFEAT * (defeats - 1)

    def title(self, total):
        """The final title of ``total`` story points (R138): ``{"name", "kanji", "meaning",
        "meaning_words", "low", "high"}`` (``meaning`` as printed, ``meaning_words`` in English;
        ``low``/``high`` the band's bounds, None where it is open)."""
        low = None
        for high, name, kanji, meaning, english in TITLES:
            if high is None or total <= high:
                return {"name": name, "kanji": kanji, "meaning": meaning, "meaning_words": english,
                        "low": low, "high": high}
            low = high + 1
        raise AssertionError("the last band is open")

    def maximum(self, level):
        """The most story points a campaign against the ghost of ``level`` can earn: every chapter won
        at the first attempt."""
        return sum(self.points_won(difficulty, level) for _, _, difficulty in self.chapters)

    def minimum(self, attempts):
        """The fewest: every chapter lost ``attempts`` times."""
        return -self.defeat_penalty(attempts) * len(self.chapters)

    def title_words(self, number):
        """Chapter ``number``'s title in English (as printed when the data has no words for it)."""
        return self.words.get(str(number), {}).get("title") or self.chapter(number)[1]

    def condition_words(self, condition):
        """A condition of a result (``{"key", "text", "met"}``) in a few words: the data's words for
        its key, else its text (a result stored before the words existed)."""
        for chapter in self.words.values():
            for known in chapter.get("conditions", ()):
                if known["key"] == condition.get("key"):
                    return known["words"]
        return condition.get("text") or "a condition of the chapter"

    def verdict(self, number, outcome, attempt=1):
        """The end of chapter ``number``'s ``attempt`` in words, each condition marked met (✓) or not
        (✗), the ghost last: "Chapter 1, The Origin: lost — no sword left in your forge ✓, ... ✗".
        ``outcome`` is ``outcome()``'s, None for a match that ended in error."""
        head = f"Chapter {number}, {self.title_words(number)}: "
        at = f" at attempt {attempt}" if attempt > 1 else ""
        if outcome is None:
            return head + f"lost{at} — the match ended in error"
        marks = [f"{c['words']} {'✓' if c['met'] else '✗'}" for c in outcome["conditions"]]
        score, ghost = outcome["score"], outcome["ghost_score"]
        scores = f" ({score:g} to {ghost:g})" if score is not None and ghost is not None else ""
        marks.append(f"{self.beat_ghost_words}{scores} {'✓' if outcome['beat_ghost'] else '✗'}")
        return head + ("won" if outcome["won"] else "lost") + at + " — " + ", ".join(marks)

    def describe(self):
        """Every chapter in words, in the order they are played (a game's rules summary): number,
        title as printed and in English, part, difficulty, special rules and conditions."""
        described = []
        for number, title, difficulty in self.chapters:
            words = self.words.get(str(number), {})
            described.append({"number": number, "title": title, "title_words": self.title_words(number),
                              "part": words.get("part"), "difficulty": difficulty,
                              "rules": list(words.get("rules", ())),
                              "conditions": [dict(c) for c in words.get("conditions", ())],
                              "won_when": ("every condition met and " if words.get("conditions") else "")
                              + self.beat_ghost_words})
        return described

    def outcome(self, result):
        """What a finished chapter match's result says (``result["chapter"]``): ``{"won",
        "beat_ghost", "conditions": [{"key", "text", "met", "words"}], "title", "difficulty"}``; its
        bot's score and the ghost's from ``scores`` and ``automata``."""
        chapter = dict(result.get("chapter") or {})
        ghost = next(iter(result.get("automata") or ()), None)
        return {"won": bool(chapter.get("won")), "beat_ghost": bool(chapter.get("beat_ghost")),
                "conditions": [dict(c) | {"words": self.condition_words(c)} for c in chapter.get("conditions") or ()],
                "title": chapter.get("title"), "difficulty": chapter.get("difficulty"),
                "score": (result.get("scores") or [None])[0],
                "ghost_score": ghost.get("score") if ghost else None}


CAMPAIGN = Campaign(name="story", option="chapter", level_option="ghost", levels=tuple(GHOST_BONUS),
                    chapters=CHAPTERS, max_attempts=MAX_ATTEMPTS, words=data.chapter_words(),
                    beat_ghost_words=data.BEAT_GHOST_WORDS)

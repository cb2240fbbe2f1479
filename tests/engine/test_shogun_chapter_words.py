"""Shōgun no Katana's story chapters in words (data.chapter_words, the campaign's verdicts): every
chapter has an English title, every condition a few words, and the end of a chapter says which
conditions were met, in words, never by their keys."""
import re

import pytest

from engine_ext.shogun import data
from engine_ext.shogun.story import CAMPAIGN
from engine_ext.shogun.views import components

CONDITION_KEYS = sorted({key for chapter in data.CHAPTERS for key, _ in chapter.conditions})
# a key a person must never read: the keys with an underscore (``coins``, ``permanents`` are words)
RAW_KEYS = re.compile("|".join(re.escape(k) for k in CONDITION_KEYS if "_" in k))


def test_every_chapter_has_an_english_title_a_part_and_each_condition_its_words():
    words = data.chapter_words()
    assert sorted(words, key=int) == [str(n) for n in range(1, data.NUM_CHAPTERS + 1)]
    for chapter in data.CHAPTERS:
        named = words[str(chapter.number)]
        assert named["title"] and named["title"] != named["title"].upper(), chapter.number   # words, not a heading
        assert named["printed_title"] == chapter.title and named["part"]
        assert [c["key"] for c in named["conditions"]] == [key for key, _ in chapter.conditions]
        for condition in named["conditions"]:
            assert condition["words"] and "_" not in condition["words"] and condition["text"]
    assert set(data.CONDITION_WORDS) == set(CONDITION_KEYS), "words for every key, and for no other"
    assert len(set(data.CHAPTER_TITLE_WORDS)) == data.NUM_CHAPTERS


def test_titles_parts_and_condition_words_as_the_rulebook_prints_them():
    words = data.chapter_words()
    assert [words[n]["title"] for n in ("1", "6", "14")] == ["The Origin", "The Shōgun's Request",
                                                            "A Well-Earned Rest"]
    assert [words[n]["part"] for n in ("6", "7", "13")] == [
        "Part one: the most renowned school of Japan", "Part two: feudal wars", "Epilogue: back to peace"]
    assert words["1"]["rules"] == [] and len(words["7"]["rules"]) == 3   # « RÈGLES SPÉCIALES : AUCUNE »: none
    assert data.CONDITION_WORDS["swords_delivered"] == "at least 8 swords delivered"        # l.1133
    assert data.CONDITION_WORDS["coins"] == "at least 60 coins at the end"                  # l.1149
    assert data.CONDITION_WORDS["katana_composition"] == ("Shōgun no Katana delivered made of 2 lacquer, "
                                                          "2 wood, 2 steel, 1 galuchat")


def test_the_renderers_and_the_rules_summary_read_the_same_words():
    assert components()["chapters"] == data.chapter_words()
    assert components()["beat_ghost"] == "more points than the ghost"
    described = CAMPAIGN.describe()
    assert [c["number"] for c in described] == list(range(1, 15))
    assert described[2]["title_words"] == "Gion Matsuri" and described[2]["title"] == "Gion Matsuri"
    assert described[0]["won_when"] == "every condition met and more points than the ghost"
    assert described[6]["won_when"] == "more points than the ghost" and described[6]["conditions"] == []


def _result(chapter, conditions, score, ghost):
    """A finished chapter match's result as the engine gives it."""
    won = all(met for _, met in conditions) and score > ghost
    return {"scores": [score], "automata": [{"name": "ghost", "score": ghost}],
            "chapter": {"number": chapter, "conditions": [{"key": k, "text": "…", "met": met} for k, met in conditions],
                        "beat_ghost": score > ghost, "won": won}}


@pytest.mark.parametrize("chapter,conditions,score,ghost,attempt,verdict", [
    (1, [("empty_forge", True), ("katana_delivered", False)], 63, 58, 1,
     ("Chapter 1, The Origin: lost — no sword left in your forge ✓, Shōgun no Katana delivered before the last "
      "round ended ✗, more points than the ghost (63 to 58) ✓")),
    (8, [("swords_delivered", True)], 70, 71, 2,
     ("Chapter 8, The Enemy at the Gates: lost at attempt 2 — at least 8 swords delivered ✓, "
      "more points than the ghost (70 to 71) ✗")),
    (9, [("coins", True)], 80.5, 60, 1,
     "Chapter 9, The Drums of War: won — at least 60 coins at the end ✓, more points than the ghost (80.5 to 60) ✓"),
    (7, [], 40, 40, 3, "Chapter 7, The Winds of War: lost at attempt 3 — more points than the ghost (40 to 40) ✗"),
])
def test_a_chapters_verdict_marks_each_condition_met_or_not_in_words(chapter, conditions, score, ghost, attempt,
                                                                     verdict):
    outcome = CAMPAIGN.outcome(_result(chapter, conditions, score, ghost))
    assert CAMPAIGN.verdict(chapter, outcome, attempt) == verdict
    assert [c["key"] for c in outcome["conditions"]] == [k for k, _ in conditions], "the keys stay, for programs"


def test_a_match_in_error_and_a_result_without_known_keys_still_read_in_words():
    assert CAMPAIGN.verdict(3, None) == "Chapter 3, Gion Matsuri: lost — the match ended in error"
    stored = {"scores": [50], "automata": [{"score": 45}], "chapter": {
        "conditions": [{"key": "old_key", "text": "the chapter's condition", "met": True}], "beat_ghost": True,
        "won": True}}
    assert CAMPAIGN.outcome(stored)["conditions"][0]["words"] == "the chapter's condition"


def test_a_played_chapter_reads_in_words_with_its_own_numbers():
    """Chapter 1 played by the heuristic against ghost 1: the verdict is the result's, in words."""
    from arena.tournaments.runner import play_chapter
    from arena.tournaments.story import StoryCampaign
    story = StoryCampaign("shogun", CAMPAIGN, level=1, seed=2)
    result = play_chapter("shogun", "shogun-smith", story.match(1, 1))
    outcome = CAMPAIGN.outcome(result)
    marks = ["✓" if c["met"] else "✗" for c in result["chapter"]["conditions"]]
    ghost = result["automata"][0]["score"]
    expected = (f"Chapter 1, The Origin: {'won' if result['chapter']['won'] else 'lost'} — "
                f"no sword left in your forge {marks[0]}, Shōgun no Katana delivered before the last round ended "
                f"{marks[1]}, more points than the ghost ({result['scores'][0]:g} to {ghost:g}) "
                f"{'✓' if result['chapter']['beat_ghost'] else '✗'}")
    verdict = CAMPAIGN.verdict(1, outcome)
    assert verdict == expected and not RAW_KEYS.search(verdict)

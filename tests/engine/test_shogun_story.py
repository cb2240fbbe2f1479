"""Shōgun no Katana's story campaign scoring (R135–R138, rulebook l.993–1006 and l.1256–1286)."""
import pytest

from arena import games
from engine_ext.shogun.story import CAMPAIGN, CHAPTERS, MAX_ATTEMPTS


def test_the_spec_declares_the_campaign_and_only_shogun_has_one():
    assert games.get("shogun").campaign is CAMPAIGN
    assert [game_id for game_id in games.game_ids() if games.get(game_id).campaign is not None] == ["shogun"]
    assert (CAMPAIGN.option, CAMPAIGN.level_option, CAMPAIGN.levels) == ("chapter", "ghost", (1, 2, 3, 4, 5))


def test_fourteen_chapters_four_easy_four_intermediate_six_difficult():
    assert [number for number, _, _ in CHAPTERS] == list(range(1, 15))
    by = {d: [n for n, _, diff in CHAPTERS if diff == d] for d in ("easy", "intermediate", "difficult")}
    assert by == {"easy": [1, 3, 5, 12], "intermediate": [2, 4, 7, 10], "difficult": [6, 8, 9, 11, 13, 14]}
    assert CAMPAIGN.chapter(6) == (6, "La requête du Shōgun", "difficult")
    with pytest.raises(ValueError, match="chapters are 1 to 14"):
        CAMPAIGN.chapter(15)


@pytest.mark.parametrize("difficulty,level,points", [
    ("easy", 1, 5), ("intermediate", 1, 6), ("difficult", 1, 7),
    ("easy", 3, 7), ("intermediate", 4, 9), ("difficult", 5, 11), ("easy", 5, 9), ("difficult", 2, 8)])
def test_a_chapter_won_earns_its_difficulty_plus_the_ghost_bonus(difficulty, level, points):
    assert CAMPAIGN.points_won(difficulty, level) == points


def test_defeats_cost_one_then_two_more_each():
    assert [CAMPAIGN.defeat_penalty(n) for n in range(5)] == [0, 1, 3, 5, 7]
    assert MAX_ATTEMPTS == 3 and CAMPAIGN.minimum(3) == -70 and CAMPAIGN.minimum(1) == -14


@pytest.mark.parametrize("total,name", [
    (-70, "Fumeiyo"), (0, "Fumeiyo"), (30, "Fumeiyo"), (31, "Kaji Minarai"), (40, "Kaji Minarai"),
    (41, "Kaji Kenshusei"), (50, "Kaji Kenshusei"), (51, "Kaji"), (60, "Kaji"), (61, "Meiyo"), (65, "Meiyo"),
    (66, "Yushu"), (69, "Yushu"), (70, "Masamune"), (142, "Masamune")])
def test_every_title_band_and_its_edges(total, name):
    assert CAMPAIGN.title(total)["name"] == name


def test_title_bands_are_the_printed_ones():
    assert CAMPAIGN.title(10) == {"name": "Fumeiyo", "kanji": "不名誉", "meaning": "Déshonneur",
                                  "meaning_words": "Dishonour", "low": None, "high": 30}
    assert CAMPAIGN.title(45)["low"] == 41 and CAMPAIGN.title(45)["high"] == 50
    assert CAMPAIGN.title(55)["meaning_words"] == "Master smith"
    assert CAMPAIGN.title(70) == {"name": "Masamune", "kanji": "政宗", "meaning": "Égal au Masamune",
                                  "meaning_words": "Equal of Masamune", "low": 70, "high": None}


def test_the_maximum_per_ghost_level_makes_every_title_reachable():
    # 14 chapters: 4 easy (1) + 4 intermediate (2) + 6 difficult (3) = 30, plus 14 bonuses of 4..8
    assert [CAMPAIGN.maximum(level) for level in (1, 2, 3, 4, 5)] == [86, 100, 114, 128, 142]
    # against ghost 1 the best title needs 70 of the 86 points: at most 2 difficult chapters lost
    assert CAMPAIGN.title(CAMPAIGN.maximum(1) - 2 * 7 - 2)["name"] == "Masamune"
    # against ghost 5 the eight easy and intermediate chapters, the six difficult ones lost once, make it
    easy_and_intermediate = sum(CAMPAIGN.points_won(d, 5) for _, _, d in CHAPTERS if d != "difficult")
    assert easy_and_intermediate == 76 and CAMPAIGN.title(76 - 6)["name"] == "Masamune"
    assert CAMPAIGN.title(76 - 7)["name"] == "Yushu"


def test_outcome_reads_the_chapter_result():
    result = {"scores": [61], "ranks": [1], "automata": [{"name": "ghost", "level": 3, "score": 55, "rank": 2}],
              "chapter": {"number": 4, "title": "Renommée et gloire", "difficulty": "intermediate",
                          "conditions": [{"key": "sashimono", "text": "22 points from sets", "met": True}],
                          "beat_ghost": True, "won": True}}
    outcome = CAMPAIGN.outcome(result)
    assert (outcome["won"], outcome["beat_ghost"], outcome["score"], outcome["ghost_score"]) == (True, True, 61, 55)
    assert outcome["conditions"][0]["met"] is True and outcome["difficulty"] == "intermediate"

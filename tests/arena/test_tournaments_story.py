"""The story format's scheduler (arena.tournaments.story): chapters in order, retries after a defeat,
points, penalties and the final title (R133–R138)."""
import pytest

from arena import games
from arena.tournaments.runner import make_story, run_story
from arena.tournaments.story import StoryCampaign
from engine_ext.shogun.story import CAMPAIGN


def chapter_result(chapter, won, *, score=50, ghost=45, level=3, met=True):
    """A finished chapter match's result, as the engine gives it (result["chapter"])."""
    return {"scores": [score], "ranks": [1 if score > ghost else 2],
            "automata": [{"name": "ghost", "level": level, "score": ghost, "rank": 2 if score > ghost else 1}],
            "chapter": {"number": chapter, "title": CAMPAIGN.chapter(chapter)[1],
                        "difficulty": CAMPAIGN.chapter(chapter)[2],
                        "conditions": [{"key": "condition", "text": "the chapter's condition", "met": met}],
                        "beat_ghost": score > ghost, "won": won}}


def scripted(outcomes):
    """A ``play`` that wins or loses each match as ``outcomes`` (``{key: won}``; unlisted: won)."""
    played = []

    def play(match):
        played.append(match)
        won = outcomes.get(match.key, True)
        return chapter_result(match.chapter, won, score=50 if won else 40, met=won)
    return play, played


def test_all_won_at_first_attempt_is_the_maximum():
    story = StoryCampaign("shogun", CAMPAIGN, level=3, attempts=1, seed=5)
    play, played = scripted({})
    summary = run_story(story, "random", play=play)
    assert [m.key for m in played] == [f"ch{n}/a1" for n in range(1, 15)]
    assert [m.options for m in played][:2] == [{"ghost": 3, "chapter": 1}, {"ghost": 3, "chapter": 2}]
    assert summary["total"] == 114 == summary["maximum"] and summary["title"]["name"] == "Masamune"
    assert summary["finished"] and summary["games"] == 14 and summary["next"] is None
    assert [c["points"] for c in summary["chapters"]][:3] == [7, 8, 7]   # easy 1 + 6, intermediate 2 + 6


def test_a_defeat_is_retried_while_attempts_allow_each_a_new_seed():
    story = StoryCampaign("shogun", CAMPAIGN, level=1, attempts=3, seed=5)
    # chapter 1 lost twice then won; chapter 2 lost three times (then on to 3); the rest won
    play, played = scripted({"ch1/a1": False, "ch1/a2": False, "ch2/a1": False, "ch2/a2": False, "ch2/a3": False})
    summary = run_story(story, "random", play=play)
    assert [m.key for m in played][:7] == ["ch1/a1", "ch1/a2", "ch1/a3", "ch2/a1", "ch2/a2", "ch2/a3", "ch3/a1"]
    assert len({m.seed for m in played}) == len(played), "each attempt has its own seed"
    first, second = summary["chapters"][:2]
    assert (first["won"], first["gained"], first["penalty"], first["points"]) == (True, 5, 3, 2)   # 1 + 4, -1 -2
    assert (second["won"], second["gained"], second["penalty"], second["points"]) == (False, 0, 5, -5)
    assert [a["won"] for a in first["attempts"]] == [False, False, True]
    assert summary["total"] == 86 - 6 - 3 - 5 == 72 and summary["title"]["name"] == "Masamune"


def test_one_attempt_goes_on_after_a_defeat_and_each_lost_chapter_costs_one():
    story = StoryCampaign("shogun", CAMPAIGN, level=2, attempts=1, seed=0)
    lost = {f"ch{n}/a1": False for n in range(1, 15)}
    play, played = scripted(lost)
    summary = run_story(story, "random", play=play)
    assert len(played) == 14 and summary["total"] == -14 and summary["title"]["name"] == "Fumeiyo"
    assert all(c["points"] == -1 and not c["won"] for c in summary["chapters"])


def test_the_schedule_is_rebuilt_from_the_results_and_reproducible():
    story = StoryCampaign("shogun", CAMPAIGN, level=4, attempts=2, seed=9)
    results = {"ch1/a1": chapter_result(1, False), "ch1/a2": chapter_result(1, True)}
    nxt = story.next_match(results)
    assert (nxt.key, nxt.chapter, nxt.attempt) == ("ch2/a1", 2, 1)
    assert nxt == StoryCampaign("shogun", CAMPAIGN, level=4, attempts=2, seed=9).next_match(results)
    assert nxt.seed != StoryCampaign("shogun", CAMPAIGN, level=4, attempts=2, seed=10).next_match(results).seed
    summary = story.summary(results)
    assert not summary["finished"] and summary["next"] == "ch2/a1" and summary["total"] == 1 + 7 - 1
    assert summary["chapters"][1]["attempts"] == [] and summary["chapters"][13]["title"] == "Un repos bien mérité"
    # a defeat costs its point at once, retried or not (R136)
    retrying = story.summary({**results, "ch2/a1": chapter_result(2, False)})
    assert retrying["next"] == "ch2/a2" and retrying["chapters"][1]["penalty"] == 1
    assert not retrying["chapters"][1]["finished"] and retrying["total"] == 7 - 1


def test_a_match_that_ended_in_error_is_a_defeat():
    story = StoryCampaign("shogun", CAMPAIGN, level=3, attempts=1, seed=0)
    summary = story.summary({"ch1/a1": None})
    chapter = summary["chapters"][0]
    assert chapter["attempts"][0]["error"] and not chapter["won"] and chapter["points"] == -1


def test_a_chapter_beating_the_ghost_without_its_conditions_is_lost():
    story = StoryCampaign("shogun", CAMPAIGN, level=3, attempts=1, seed=0)
    result = chapter_result(1, False, score=60, ghost=40, met=False)
    chapter = story.summary({"ch1/a1": result})["chapters"][0]
    assert chapter["attempts"][0]["beat_ghost"] and not chapter["won"] and chapter["points"] == -1


@pytest.mark.parametrize("kwargs,message", [
    ({"level": 0}, "ghost level of a story campaign is one of 1, 2, 3, 4, 5"),
    ({"level": 6}, "not 6"),
    ({"level": 3, "attempts": 0}, "attempts per chapter are 1 to 3"),
    ({"level": 3, "attempts": 4}, "not 4"),
])
def test_bad_levels_and_attempts_are_refused(kwargs, message):
    with pytest.raises(ValueError, match=message):
        StoryCampaign("shogun", CAMPAIGN, **kwargs)


def test_make_story_refuses_a_game_without_campaign_several_bots_and_no_level():
    with pytest.raises(ValueError, match="katana has no story campaign"):
        make_story("katana", ["random"], level=3)
    with pytest.raises(ValueError, match="played by one bot, not 2"):
        make_story("shogun", ["random", "random"], level=3)
    with pytest.raises(ValueError, match="needs the ghost level"):
        make_story("shogun", ["random"], level=None)
    assert games.get("katana").campaign is None




def test_the_random_bot_plays_a_whole_campaign_with_the_engine():
    story = make_story("shogun", ["random"], level=1, attempts=2, seed=2)
    summary = run_story(story, "random")
    assert summary["finished"] and 14 <= summary["games"] <= 28
    assert [c["number"] for c in summary["chapters"]] == list(range(1, 15))
    assert all(c["finished"] and len(c["attempts"]) in (1, 2) for c in summary["chapters"])
    assert all(len(c["attempts"]) == 2 or c["won"] for c in summary["chapters"]), "a lost chapter is retried"
    assert summary["total"] == sum(c["points"] for c in summary["chapters"])


@pytest.mark.slow
def test_the_heuristic_plays_a_whole_campaign_with_retries():
    """The game's heuristic through every chapter, up to three attempts each (at most 42 games; it looks
    ahead against the ghost, so about half a minute: the random player's campaign above is the fast
    run's representative)."""
    story = make_story("shogun", ["shogun-smith"], level=1, attempts=3, seed=1)
    summary = run_story(story, "shogun-smith")
    assert summary["finished"] and 14 <= summary["games"] <= 42
    assert summary["title"] == CAMPAIGN.title(summary["total"])

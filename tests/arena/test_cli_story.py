"""``arena tournament shogun --format story --ghost N BOT``: a story campaign from the command line."""
import json
import re
import subprocess
import sys

import pytest


from arena.cli_ratings import print_story
from arena.tournaments.runner import run_story
from arena.tournaments.story import StoryCampaign
from engine_ext.shogun import data
from engine_ext.shogun.story import CAMPAIGN
from tests.arena.test_tournaments_story import scripted
from tests.engine.test_shogun_chapter_words import RAW_KEYS




def arena(*args, timeout=300):
    return subprocess.run([sys.executable, "-m", "arena.cli", *args], capture_output=True, text=True,
                          timeout=timeout)


def test_a_campaign_of_the_random_bot_prints_every_chapter_then_its_total_and_title():
    out = arena("tournament", "shogun", "--format", "story", "--ghost", "3", "--attempts", "2", "--seed", "4",
                "random")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0].startswith("shogun story campaign, random against ghost 3, 2 attempts per chapter, seed 4: ")
    heads = [line for line in lines if line.startswith("chapter ")]
    assert [int(line.split()[1]) for line in heads] == list(range(1, 15))
    assert heads[0].startswith("chapter  1 The Origin (L'origine, easy): ") and "points (gained" in heads[0]
    assert heads[13].startswith("chapter 14 A Well-Earned Rest (Un repos bien mérité, difficult): ")
    attempts = [line for line in lines if line.startswith("    attempt ")]
    assert attempts and all("score" in line and "against the ghost's" in line for line in attempts)
    first = next(line for line in attempts if "no sword left in your forge" in line)
    assert re.search(r"no sword left in your forge [✓✗], Shōgun no Katana delivered before the last round ended "
                     r"[✓✗]$", first), "each condition is printed in words, met (✓) or not (✗)"
    assert not RAW_KEYS.search(out.stdout), "no condition is printed by its key"
    total = lines[-1]
    assert total.startswith("total ") and "(at most 114 against ghost 3)" in total
    points = int(total.split()[1])
    assert CAMPAIGN.title(points)["name"] in total
    again = arena("tournament", "shogun", "--format", "story", "--ghost", "3", "--attempts", "2", "--seed", "4",
                  "random")
    assert again.stdout == out.stdout, "a campaign is reproducible from its seed"


def test_json_output_is_the_campaign_summary():
    out = arena("tournament", "shogun", "--format", "story", "--ghost", "5", "--json", "random")
    assert out.returncode == 0, out.stderr
    body = json.loads(out.stdout)
    assert (body["format"], body["bot"], body["level"], body["attempts"], body["games"]) == ("story", "random", 5, 1,
                                                                                            14)
    assert len(body["chapters"]) == 14 and body["finished"] and body["maximum"] == 142
    assert body["total"] == sum(c["points"] for c in body["chapters"])
    # each chapter's end in words, from the numbers of its own match
    for chapter in body["chapters"]:
        (attempt,) = chapter["attempts"]
        assert chapter["title_words"] == data.CHAPTER_TITLE_WORDS[chapter["number"] - 1]
        assert chapter["verdict"] == attempt["verdict"]
        assert attempt["verdict"].startswith(f"Chapter {chapter['number']}, {chapter['title_words']}: "
                                             f"{'won' if attempt['won'] else 'lost'} — ")
        for condition in attempt["conditions"]:
            assert condition["words"] == data.CONDITION_WORDS[condition["key"]]
            assert f"{condition['words']} {'✓' if condition['met'] else '✗'}" in attempt["verdict"]
        ghost = "✓" if attempt["beat_ghost"] else "✗"
        assert attempt["verdict"].endswith(f"more points than the ghost ({attempt['score']:g} to "
                                           f"{attempt['ghost_score']:g}) {ghost}")
        for condition in attempt["conditions"]:
            del condition["key"]     # kept for programs; everything else is words
    assert not RAW_KEYS.search(json.dumps(body, ensure_ascii=False))


@pytest.mark.parametrize("args,message", [
    (["shogun", "random"], "a story campaign needs the ghost level it is played against (one of 1, 2, 3, 4, 5)"),
    (["shogun", "--ghost", "0", "random"], "the ghost level of a story campaign is one of 1, 2, 3, 4, 5, not 0"),
    (["shogun", "--ghost", "6", "random"], "not 6"),
    (["katana", "--ghost", "3", "random"], "katana has no story campaign"),
    (["shogun", "--ghost", "3", "random", "shogun-smith"], "a story campaign is played by one bot, not 2"),
    (["shogun", "--ghost", "3", "--attempts", "4", "random"], "attempts per chapter are 1 to 3, not 4"),
    (["shogun", "--ghost", "3", "--players", "2", "random"], "--adaptive, --players and --rounds are not for"),
    (["shogun", "--ghost", "3", "nobody"], "nobody"),
])
def test_bad_arguments_exit_2_with_one_line(args, message):
    game, *rest = args
    out = arena("tournament", game, "--format", "story", *rest)
    assert out.returncode == 2 and out.stdout == ""
    assert message in out.stderr and len(out.stderr.strip().splitlines()) == 1, out.stderr


def test_ghost_is_only_for_the_story_format():
    out = arena("tournament", "katana", "--format", "tables", "--ghost", "3", "random", "random", "random")
    assert out.returncode == 2 and "--ghost and --attempts are for --format story" in out.stderr


def test_the_printed_campaign_of_scripted_chapters(capsys):
    story = StoryCampaign("shogun", CAMPAIGN, level=2, attempts=2, seed=0)
    play, _ = scripted({"ch1/a1": False, "ch2/a1": False, "ch2/a2": False})
    summary = run_story(story, "random", play=play)
    print_story("shogun", "random", summary, 0)
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "shogun story campaign, random against ghost 2, 2 attempts per chapter, seed 0: 16 games"
    assert lines[1] == "chapter  1 The Origin (L'origine, easy): won, +5 points (gained 6, penalty 1)"
    # a condition the campaign has no words for reads as its text
    assert lines[2] == "    attempt 1: lost, score 40 against the ghost's 45; the chapter's condition ✗"
    assert lines[3] == "    attempt 2: won, score 50 against the ghost's 45, ghost beaten; the chapter's condition ✓"
    assert lines[4] == ("chapter  2 A Time of Peace (Une période de paix, intermediate): lost, -3 points "
                        "(gained 0, penalty 3)")
    assert any(line.startswith("chapter  3 Gion Matsuri (easy): won") for line in lines), \
        "a title the same in English is printed once"
    # 100 at most against ghost 2: chapter 1 lost 1, chapter 2 its 7 and 3 more
    assert lines[-1] == "total 89 story points (at most 100 against ghost 2): Masamune 政宗 (Equal of Masamune)"

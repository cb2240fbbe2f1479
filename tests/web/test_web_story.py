"""Story campaigns on the site: a tournament of format ``story`` (one Shōgun no Katana bot, the 14
chapters in order against one ghost level) through the normal match path, its campaign page and its
API; refusals store nothing."""
import json
import re
from html import unescape

import pytest
from django.urls import reverse

from engine_ext.shogun import data
from engine_ext.shogun.story import CAMPAIGN
from tests.engine.test_shogun_chapter_words import RAW_KEYS
from web.bots import services as bot_services
from web.errors import ServiceError
from web.matches import execution
from web.matches.models import Match
from web.matches.playing import PlayedMatch
from web.tournaments import selectors, services
from web.tournaments.models import Tournament



@pytest.fixture
def smiths(db):
    return bot_services.house_bots_ensure(game="shogun", count=2)




def _advance(tournament):
    services.tournament_advance(round_id=tournament.rounds.order_by("-number").first().pk)
    tournament.refresh_from_db()
    return tournament


def _play_real(tournament, limit=60):
    """Plays the campaign's queued matches with the engine, as a worker does, to the end."""
    for _ in range(limit):
        if tournament.status != "running":
            return tournament
        ids = list(Match.objects.filter(status="queued", tournament_round__tournament=tournament)
                   .values_list("pk", flat=True))
        execution.matches_run(match_ids=ids)
        tournament = _advance(tournament)
    raise AssertionError("the campaign did not end")


def _chapter_result(chapter, won, score, ghost):
    return {"scores": [score], "ranks": [1 if score > ghost else 2], "end_reason": "four_rounds",
            "automata": [{"name": "ghost", "level": 3, "score": ghost, "rank": 2 if score > ghost else 1}],
            "chapter": {"number": chapter, "title": CAMPAIGN.chapter(chapter)[1],
                        "difficulty": CAMPAIGN.chapter(chapter)[2],
                        "conditions": [{"key": "forge-empty", "text": "no sword left in your forge", "met": won},
                                       {"key": "katana-delivered", "text": "your Shōgun no Katana delivered",
                                        "met": True}],
                        "beat_ghost": score > ghost, "won": won}}


def _store_scripted(tournament, script):
    """Stores each queued match of the campaign with the result ``script[key]`` gives, as a worker
    stores it, and moves the campaign on, until the script runs out or the campaign ends."""
    while tournament.status == "running":
        (match,) = Match.objects.filter(status="queued", tournament_round__tournament=tournament)
        if match.table_key not in script:
            return tournament
        won, score, ghost = script[match.table_key]
        chapter = match.options["chapter"]
        token, claimed = execution.matches_claim(match_ids=[match.pk], worker="w")
        played = PlayedMatch(rules_version=match.rules_version, options=match.options, steps=[],
                             replay={"steps": []}, result=_chapter_result(chapter, won, score, ghost),
                             seat_status=["ok"], seat_reasons=[""], seat_logs=[""])
        execution.matches_store(token=token, results=[(claimed[0], played)])
        tournament = _advance(tournament)
    return tournament


def test_a_campaign_is_created_with_chapter_one_queued_and_rates_nowhere(smiths):
    tournament = services.tournament_create(name="", game="shogun", bots=smiths[:1], format="story", level=3,
                                            attempts=2, seed=7)
    assert (tournament.format, tournament.status, tournament.players_per_match) == ("story", "running", 1)
    assert tournament.options == {"ghost": 3} and tournament.games_per_pairing == 2
    assert tournament.name == "shogun story campaign, ghost 3"
    (match,) = Match.objects.filter(tournament_round__tournament=tournament)
    assert match.options == {"ghost": 3, "chapter": 1} and match.table_key == "ch1/a1"
    assert match.rating_pool_id is None and not match.rated and match.kind == "tournament"
    assert [s.bot_id for s in match.seats.all()] == [smiths[0].pk]
    preview = services.tournament_preview(game="shogun", bots=smiths[:1], format="story", level=3, attempts=2)
    assert preview["matches"] == 28


def test_the_campaign_moves_chapter_by_chapter_with_retries_and_its_page_shows_each_chapter(client, smiths):
    tournament = services.tournament_create(name="Road to Masamune", game="shogun", bots=smiths[:1],
                                            format="story", level=3, attempts=2, seed=7)
    # chapter 1 lost then won; chapter 2 lost twice; chapter 3 won; then stop (still running)
    script = {"ch1/a1": (False, 40, 52), "ch1/a2": (True, 61, 50), "ch2/a1": (False, 45, 47),
              "ch2/a2": (False, 70, 50), "ch3/a1": (True, 66, 60)}
    tournament = _store_scripted(tournament, script)
    assert tournament.status == "running" and tournament.rounds.count() == 6
    keys = list(Match.objects.filter(tournament_round__tournament=tournament).order_by("pk")
                .values_list("table_key", flat=True))
    assert keys == ["ch1/a1", "ch1/a2", "ch2/a1", "ch2/a2", "ch3/a1", "ch4/a1"]
    summary = selectors.story_summary(tournament=tournament)
    first, second, third = summary["chapters"][:3]
    assert (first["won"], first["gained"], first["penalty"], first["points"]) == (True, 7, 1, 6)     # easy 1 + 6
    assert (second["won"], second["gained"], second["penalty"], second["points"]) == (False, 0, 3, -3)
    assert third["points"] == 7 and summary["total"] == 10 and summary["title"]["name"] == "Fumeiyo"
    assert summary["chapters"][3]["playing"]["status"] == "queued" and not summary["finished"]
    assert first["attempts"][1]["match_id"] == Match.objects.get(table_key="ch1/a2").pk

    url = reverse("tournament-detail", args=[tournament.pk])
    page = client.get(url).content.decode()
    assert 'id="campaign"' in page and "The campaign so far" in page and 'hx-trigger="every 2s"' in page
    assert 'id="campaign-points">10<' in page and "Fumeiyo 不名誉" in page and "at most 114 against this ghost" in page
    assert "against the ghost of level <strong id=\"campaign-level\">3</strong>" in page
    assert "L&#x27;origine" in page and "Une période de paix" in page and "Un repos bien mérité" in page
    assert "✓ met: no sword left in your forge" in page and "✗ not met: no sword left in your forge" in page
    assert "score 61 to the ghost's 50" in page and "✓ met: more points than the ghost" in page
    assert "The Origin" in page and "A Time of Peace" in page and "(Dishonour; 30 points or fewer)" in page
    assert f'href="{reverse("match-detail", args=[Match.objects.get(table_key="ch2/a2").pk])}">replay<' in page
    assert 'id="standings"' not in page
    live = client.get(reverse("tournament-live", args=[tournament.pk])).content.decode()
    assert 'id="campaign-points">10<' in live

    # the rest won at the first attempt: 10 + the eleven chapters 4..14
    rest = {f"ch{n}/a1": (True, 80, 60) for n in range(4, 15)}
    tournament = _store_scripted(tournament, rest)
    assert tournament.status == "done" and tournament.finished_at
    summary = selectors.story_summary(tournament=tournament)
    expected = 10 + sum(CAMPAIGN.points_won(d, 3) for n, _, d in CAMPAIGN.chapters if n >= 4)
    assert summary["finished"] and summary["total"] == expected == 102 and summary["title"]["name"] == "Masamune"
    page = client.get(url).content.decode()
    assert "Final total" in page and 'id="campaign-title">Masamune 政宗<' in page and 'hx-trigger' not in page
    body = client.get(reverse("api-tournament-campaign", args=[tournament.pk])).json()
    assert body["total"] == 102 and body["title"]["name"] == "Masamune" and len(body["chapters"]) == 14
    assert body["chapters"][1]["attempts"][1]["conditions"][0] == {
        "key": "forge-empty", "text": "no sword left in your forge", "met": False,
        "words": "no sword left in your forge"}    # a key the game has no words for reads as its text
    assert body["chapters"][1]["verdict"] == (
        "Chapter 2, A Time of Peace: lost at attempt 2 — no sword left in your forge ✗, "
        "your Shōgun no Katana delivered ✓, more points than the ghost (70 to 50) ✓")


def test_a_campaign_plays_its_chapters_through_the_normal_match_path(client, smiths):
    """The random bot, one attempt per chapter: 14 matches played by the engine, one after the other."""
    tournament = services.tournament_create(name="", game="shogun", bots=smiths[:1], format="story", level=1,
                                            seed=3)
    tournament = _play_real(tournament)
    assert tournament.status == "done"
    matches = Match.objects.filter(tournament_round__tournament=tournament).order_by("pk")
    assert [m.options["chapter"] for m in matches] == list(range(1, 15))
    assert all(m.status == "done" and m.result["chapter"]["number"] == m.options["chapter"] for m in matches)
    summary = selectors.story_summary(tournament=tournament)
    assert summary["finished"] and summary["games"] == 14
    assert summary["total"] == sum(c["points"] for c in summary["chapters"])
    assert summary["title"] == CAMPAIGN.title(summary["total"])
    replay = client.get(reverse("match-detail", args=[matches[0].pk]))
    assert replay.status_code == 200
    _check_the_campaign_reads_in_words(client, tournament, list(matches))


def _visible_text(html):
    """What a person reads of a page: its text outside tags, scripts and styles."""
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.DOTALL)
    return unescape(re.sub(r"<[^>]+>", " ", html))


def _check_the_campaign_reads_in_words(client, tournament, matches):
    """The page and the API of a played campaign name each chapter in English and say, in words, which
    of its conditions each match met, with the numbers of its stored result; no condition's key shows."""
    body = client.get(reverse("api-tournament-campaign", args=[tournament.pk])).json()
    page = client.get(reverse("tournament-detail", args=[tournament.pk])).content.decode()
    text = _visible_text(page)
    for match, chapter in zip(matches, body["chapters"]):
        result = match.result
        number = result["chapter"]["number"]
        assert chapter["number"] == number and chapter["title_words"] == data.CHAPTER_TITLE_WORDS[number - 1]
        marks = [f"{data.CONDITION_WORDS[c['key']]} {'✓' if c['met'] else '✗'}" for c in result["chapter"]["conditions"]]
        ghost = result["automata"][0]["score"]
        marks.append(f"more points than the ghost ({result['scores'][0]:g} to {ghost:g}) "
                     f"{'✓' if result['chapter']['beat_ghost'] else '✗'}")
        verdict = (f"Chapter {number}, {chapter['title_words']}: {'won' if result['chapter']['won'] else 'lost'} — "
                   + ", ".join(marks))
        (attempt,) = chapter["attempts"]
        assert chapter["verdict"] == attempt["verdict"] == verdict
        assert [c["words"] for c in attempt["conditions"]] == [data.CONDITION_WORDS[c["key"]]
                                                              for c in result["chapter"]["conditions"]]
        row = _visible_text(page.split(f'id="chapter-{number}"')[1].split("</tr>")[0])
        assert chapter["title_words"] in row
        for condition in result["chapter"]["conditions"]:
            met = "✓ met" if condition["met"] else "✗ not met"
            assert f"{met}: {data.CONDITION_WORDS[condition['key']]}" in row, (number, row)
        ghost_met = "✓ met" if result["chapter"]["beat_ghost"] else "✗ not met"
        assert f"{ghost_met}: more points than the ghost" in row
        assert f"score {result['scores'][0]:g} to the ghost's {ghost:g}" in " ".join(row.split())
    assert not RAW_KEYS.search(text), RAW_KEYS.search(text)
    for chapter in body["chapters"]:
        for attempt in chapter["attempts"]:
            for condition in attempt["conditions"]:
                del condition["key"]     # kept for programs; everything else a person may read is words
    assert not RAW_KEYS.search(json.dumps(body, ensure_ascii=False))


@pytest.mark.parametrize("kwargs,message", [
    ({"game": "katana"}, "katana has no story campaign"),
    ({"two": True}, "a story campaign is played by one bot, not 2"),
    ({"level": None}, "needs the ghost level it is played against"),
    ({"level": 6}, "one of 1, 2, 3, 4, 5, not 6"),
    ({"attempts": 4}, "attempts per chapter are 1 to 3, not 4"),
    ({"format": "tables"}, "a level and attempts are for a story campaign"),
])
def test_bad_campaigns_store_nothing(smiths, kwargs, message):
    bots = smiths[:2] if kwargs.pop("two", False) else smiths[:1]
    if kwargs.get("game") == "katana":
        bots = bot_services.house_bots_ensure(game="katana", count=1)
    options = {"name": "", "game": "shogun", "bots": bots, "format": "story", "level": 3, "attempts": 1} | kwargs
    with pytest.raises(ServiceError, match=message):
        services.tournament_create(**options)
    assert Tournament.objects.count() == 0 and Match.objects.count() == 0


def test_the_api_creates_and_reads_a_campaign(client, user, smiths):
    client.force_login(user)
    created = client.post(reverse("api-tournaments"), {"game": "shogun", "format": "story", "bots": [smiths[0].pk],
                                                       "level": 2, "attempts": 3, "seed": 5},
                          content_type="application/json")
    assert created.status_code == 201, created.content
    body = created.json()
    assert body["format"] == "story" and body["games_per_pairing"] == 3 and len(body["participants"]) == 1
    campaign = client.get(reverse("api-tournament-campaign", args=[body["id"]])).json()
    assert (campaign["level"], campaign["attempts"], campaign["total"], campaign["next"]) == (2, 3, 0, "ch1/a1")
    assert campaign["chapters"][0]["playing"]["status"] == "queued" and campaign["maximum"] == 100
    refused = client.post(reverse("api-tournaments"), {"game": "shogun", "format": "story",
                                                       "bots": [smiths[0].pk, smiths[1].pk], "level": 2},
                          content_type="application/json")
    assert refused.status_code == 400 and "one bot, not 2" in refused.content.decode()
    refused = client.post(reverse("api-tournaments"), {"game": "shogun", "format": "story", "bots": [smiths[0].pk]},
                          content_type="application/json")
    assert refused.status_code == 400 and "needs the ghost level" in refused.content.decode()
    assert Tournament.objects.count() == 1
    other = services.tournament_create(name="", game="shogun", bots=smiths, format="round-robin", options={},
                                       games_per_pairing=1, seed=1)
    assert client.get(reverse("api-tournament-campaign", args=[other.pk])).status_code == 404


def test_the_schema_documents_the_campaign():
    from drf_spectacular.generators import SchemaGenerator
    schema = SchemaGenerator().get_schema(request=None, public=True)
    assert "/api/tournaments/{tournament_id}/campaign/" in schema["paths"]
    campaign = schema["components"]["schemas"]["CampaignOutput"]["properties"]
    assert {"chapters", "total", "title", "finished", "maximum"} <= set(campaign)
    create = schema["components"]["schemas"]["TournamentCreateInputRequest"]["properties"]
    assert {"level", "attempts"} <= set(create)
    assert "story" in schema["components"]["schemas"]["FormatEnum"]["enum"]


def test_the_form_offers_the_story_format_only_for_a_game_with_a_campaign(client, user, smiths):
    client.force_login(user)
    shogun = client.get(reverse("tournament-create"), {"game": "shogun"}).content.decode()
    assert 'value="story"' in shogun and 'id="story-fields"' in shogun and "Ghost level (story)" in shogun
    katana = client.get(reverse("tournament-create"), {"game": "katana"}).content.decode()
    assert 'value="story"' not in katana and 'id="story-fields"' not in katana
    response = client.post(reverse("tournament-create"), {"name": "Solo", "game": "shogun", "format": "story",
                                                          "bots": [smiths[0].pk], "level": 4, "attempts": 1,
                                                          "games_per_pairing": 1})
    tournament = Tournament.objects.get()
    assert response.status_code == 302 and (tournament.format, tournament.options) == ("story", {"ghost": 4})
    two = client.post(reverse("tournament-create"), {"name": "Two", "game": "shogun", "format": "story",
                                                     "bots": [smiths[0].pk, smiths[1].pk], "level": 4,
                                                     "games_per_pairing": 1})
    assert two.status_code == 400 and "a story campaign is played by one bot" in two.content.decode()
    story_for_katana = client.post(reverse("tournament-create"), {"game": "katana", "format": "story",
                                                                  "bots": [], "games_per_pairing": 1})
    assert story_for_katana.status_code == 400 and "Select a valid choice" in story_for_katana.content.decode()
    assert Tournament.objects.count() == 1


def test_the_games_rules_summary_names_each_chapter_and_its_conditions_in_words(client, db):
    shogun = client.get("/api/games/shogun/").json()
    story = shogun["story"]
    assert story["option"] == "chapter" and [c["number"] for c in story["chapters"]] == list(range(1, 15))
    first, seventh = story["chapters"][0], story["chapters"][6]
    assert (first["title"], first["title_words"], first["difficulty"]) == ("L'origine", "The Origin", "easy")
    assert first["part"] == "Part one: the most renowned school of Japan" and first["rules"] == []
    assert [c["words"] for c in first["conditions"]] == [
        "no sword left in your forge", "Shōgun no Katana delivered before the last round ended"]
    assert first["won_when"] == "every condition met and more points than the ghost"
    assert seventh["title_words"] == "The Winds of War" and seventh["conditions"] == []
    assert "you have all 7 workers from the start" in seventh["rules"]
    assert client.get("/api/games/katana/").json()["story"] is None
    for chapter in story["chapters"]:
        for condition in chapter["conditions"]:
            del condition["key"]     # kept for programs; the rest is words
    assert not RAW_KEYS.search(json.dumps(story, ensure_ascii=False))

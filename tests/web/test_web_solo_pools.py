"""Solo leaderboards: one Shōgun no Katana bot against the ghost rates into a score pool per ghost
level (win rate with its Wilson interval, mean score margin over the ghost with its t interval), in
the API and on the game page; the ladder keeps every ghost level playing; a chapter of the story
campaign rates into no pool."""
import random
import statistics

import pytest
from django.urls import reverse
from django.utils import timezone
from scipy.stats import t as student_t

from arena import games as arena_games
from web.bots import services as bot_services
from web.matches import execution
from web.matches.ladder import ladder_fill, ladder_pools
from web.matches.models import Match, MatchSeat
from web.matches.playing import PlayedMatch
from web.ratings.models import CurrentRating
from web.ratings.pools import pool_of, pools_ensure
from web.ratings.services import current_ratings_ensure

SHOGUN = arena_games.get("shogun")


@pytest.fixture
def smiths(db):
    return bot_services.house_bots_ensure(game="shogun", count=3)


def ghost_pool(level):
    return pool_of(game="shogun", n_players=1, options={"ghost": level})


def _solo_matches(bot, level, count):
    (key,) = pools_ensure(pools=[ghost_pool(level)])
    version = bot.versions.get()
    now = timezone.now()
    matches = Match.objects.bulk_create([Match(game="shogun", rules_version=SHOGUN.rules_version,
                                               options={"ghost": level}, rating_pool_id=key, seed=i, queued_at=now)
                                         for i in range(count)])
    MatchSeat.objects.bulk_create([MatchSeat(match=m, seat=0, bot=bot, bot_version=version) for m in matches])
    current_ratings_ensure(game="shogun", pool=key, bot_ids=[bot.pk])
    return matches


def _played(score, ghost_score, level):
    bot_rank, ghost_rank = (1, 2) if score > ghost_score else (2, 1)
    return PlayedMatch(rules_version=SHOGUN.rules_version, options={"ghost": level}, steps=[], replay={"steps": []},
                       result={"scores": [score], "ranks": [bot_rank], "end_reason": "done",
                               "automata": [{"name": "ghost", "level": level, "score": ghost_score,
                                             "rank": ghost_rank}]},
                       seat_status=["ok"], seat_reasons=[""], seat_logs=[""])


def _store(pairs):
    matches = [m for m, _ in pairs]
    token, claimed = execution.matches_claim(match_ids=[m.pk for m in matches], worker="w")
    by_id = {m.pk: played for m, played in pairs}
    assert len(claimed) == len(matches)
    execution.matches_store(token=token, results=[(c, by_id[c.match.pk]) for c in claimed])


def test_the_margin_over_the_ghost_and_the_win_rate_per_ghost_level_with_95_intervals(client, smiths):
    bot, other = smiths[0], smiths[1]
    # ghost 3: the bot scores 70, 55, 64, 48 against the ghost's 60, 58, 50, 52 — 2 wins of 4
    games3 = [(70, 60), (55, 58), (64, 50), (48, 52)]
    games5 = [(40, 71), (45, 80)]
    pairs = list(zip(_solo_matches(bot, 3, 4), [_played(s, g, 3) for s, g in games3]))
    pairs += list(zip(_solo_matches(bot, 5, 2), [_played(s, g, 5) for s, g in games5]))
    pairs += list(zip(_solo_matches(other, 3, 1), [_played(30, 61, 3)]))
    _store(pairs)

    margins = [s - g for s, g in games3]       # 10, -3, 14, -4
    mean = statistics.mean(margins)            # 4.25
    half = student_t.ppf(0.975, 3) * statistics.stdev(margins) / 2
    three = ghost_pool(3).key
    assert three == f"shogun@{SHOGUN.rules_version}[ghost=3,solo]"
    board = client.get(reverse("api-leaderboard", args=["shogun"]), {"pool": three}).json()
    assert (board["kind"], board["count"], board["label"]) == ("score", 2, "ghost 3, solo")
    first = board["results"][0]
    assert (first["bot_id"], first["rating"], first["games"]) == (bot.pk, 59.25, 4)
    (rate,) = first["automata"]
    assert (rate["level"], rate["name"], rate["wins"], rate["games"], rate["win_rate"]) == (3, "ghost", 2, 4, 0.5)
    assert (rate["low"], rate["high"]) == (0.15, 0.85)                       # Wilson, 2 of 4
    assert (rate["margin"], rate["margin_games"]) == (4.25, 4) and mean == 4.25
    assert (rate["margin_low"], rate["margin_high"]) == (round(mean - half, 2), round(mean + half, 2))
    second = board["results"][1]["automata"][0]
    assert (second["margin"], second["margin_low"], second["margin_high"], second["wins"]) == (-31.0, None, None, 0)

    five = client.get(reverse("api-leaderboard", args=["shogun"]), {"pool": ghost_pool(5).key}).json()
    (rate5,) = five["results"][0]["automata"]
    assert (rate5["level"], rate5["margin"], rate5["win_rate"], rate5["low"]) == (5, -33.0, 0.0, 0.0)
    pools = client.get(reverse("api-game-pools", args=["shogun"])).json()
    assert {p["label"] for p in pools} >= {"ghost 3, solo", "ghost 5, solo"}

    page = client.get(reverse("game-detail", args=["shogun"]), {"pool": three}).content.decode()
    assert 'id="solo-board-note"' in page and "the bot's score minus the automaton's" in page
    assert "Margin vs ghost (level 3) · 95% t" in page and "Wins vs ghost (level 3) · 95% Wilson" in page
    assert f"+4.25 <span class=\"muted\">({mean - half:.2f} – {mean + half:.2f})</span>" in page
    assert "-31.00" in page and "interval after two games" in page
    assert "50% <span class=\"muted\">(15–85%, 4 games)</span>" in page
    assert 'href="/games/shogun/?pool=shogun%40' in page and "ghost 5, solo" in page
    bot_page = client.get(reverse("bot-detail", args=[bot.pk])).content.decode()
    assert "vs ghost (level 3) 50%, margin +4.25" in bot_page and "vs ghost (level 5) 0%, margin -33.00" in bot_page


def test_the_schema_documents_the_margin():
    from drf_spectacular.generators import SchemaGenerator
    schema = SchemaGenerator().get_schema(request=None, public=True)
    fields = schema["components"]["schemas"]["AutomatonRateOutput"]["properties"]
    assert {"margin", "margin_low", "margin_high", "margin_games", "win_rate", "low", "high"} <= set(fields)
    assert "Student t" in fields["margin_low"]["description"]


def test_the_ladder_schedules_solo_matches_at_every_ghost_level(smiths):
    pools = {pool.key: pool for pool in ladder_pools("shogun")}
    solo = {key: pool for key, pool in pools.items() if pool.kind == "score"}
    assert sorted(pool.options(1)["ghost"] for pool in solo.values()) == [1, 2, 3, 4, 5]
    assert all(pool.seats == [1] for pool in solo.values())
    assert all("chapter" not in pool.options(n) for pool in pools.values() for n in pool.seats)
    created, rng = [], random.Random(2)
    for _ in range(8):   # the ladder's ticks, the matches played in between: the pools take turns
        new = ladder_fill(game="shogun", target=20, rng=rng)
        Match.objects.filter(pk__in=[m.pk for m in new]).update(status="done", result={})
        created += new
    by_pool = {}
    for match in created:
        by_pool.setdefault(match.rating_pool_id, []).append(match)
    assert set(solo) <= set(by_pool), "every ghost level gets solo matches"
    for key in solo:
        level = solo[key].options(1)["ghost"]
        assert all(m.options["ghost"] == level and m.rated and m.seats.count() == 1 and not m.options.get("chapter")
                   for m in by_pool[key])


def test_a_chapter_of_the_story_campaign_rates_into_no_pool():
    assert SHOGUN.rating_pool(1, {"ghost": 3, "chapter": 2}) is None
    assert SHOGUN.is_story({"ghost": 3, "chapter": 2}) and not SHOGUN.is_story({"ghost": 3, "chapter": 0})
    assert SHOGUN.rating_pool(1, {"ghost": 3}).key.endswith("[ghost=3,solo]")
    assert pool_of(game="shogun", n_players=1, options={"ghost": 2, "chapter": 14}) is None
    assert not arena_games.get("katana").is_story({"chapter": 2})
    assert SHOGUN.pool_options == ("ghost",), "the chapter option splits no pool: a chapter rates nowhere"


def test_a_chapter_match_played_through_the_match_path_moves_no_solo_rating(smiths):
    """A story match has no pool, even created as a manual (rated) match: played and stored by the
    worker's path, it moves no rating, and the ghost's solo pool is untouched."""
    from web.matches import services
    bot = smiths[0]
    chapter = services.match_create(game="shogun", seats=[bot], seed=3, options={"ghost": 3, "chapter": 1})
    solo = services.match_create(game="shogun", seats=[bot], seed=3, options={"ghost": 3})
    assert (chapter.rating_pool_id, chapter.rated) == (None, False)
    assert (solo.rating_pool_id, solo.rated) == (ghost_pool(3).key, True)
    execution.matches_run(match_ids=[chapter.pk, solo.pk])
    chapter.refresh_from_db()
    assert chapter.status == "done" and chapter.result["chapter"]["number"] == 1
    (row,) = CurrentRating.objects.filter(bot=bot, games__gt=0)
    assert (row.pool_id, row.games) == (ghost_pool(3).key, 1), "only the solo match is rated"

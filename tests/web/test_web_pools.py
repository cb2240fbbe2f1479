"""Rating pools: one leaderboard per (game, rules version, splitting options), and score pools where
a bot plays alone against the game's automata."""
import statistics

import pytest
from django.db import connection
from django.urls import reverse
from django.utils import timezone
from scipy.stats import t as student_t

from arena import games as arena_games
from web.bots import services as bot_services
from web.matches import execution, services
from web.matches.playing import PlayedMatch
from web.matches.models import Match, MatchSeat
from web.ratings import selectors
from web.ratings.models import CurrentRating, Pool, RatingEntry
from web.ratings.pools import pools_ensure
from web.ratings.services import current_ratings_ensure
from tests.web.test_web_matches import _Statements
from web.matches.selectors import finished_match_records

DUEL, MASSACRE = "risques@1.3[mode=duel]", "risques@1.3[mode=massacre]"


@pytest.fixture
def risques_house(db):
    return bot_services.house_bots_ensure(game="risques", count=5)


def test_risques_duels_and_massacres_rate_into_two_leaderboards(client, risques_house):
    assert arena_games.get("risques").rules_version == "1.3"
    duels = services.matches_create(game="risques", specs=[
        services.MatchSpec(tuple(risques_house[:2]), 1), services.MatchSpec(tuple(risques_house[1:3]), 2),
        services.MatchSpec(tuple(risques_house[:2]), 3, {"mode": "frappe"})])
    massacre = services.match_create(game="risques", seats=risques_house[2:5], seed=4)
    assert [m.rating_pool_id for m in duels] == [DUEL, DUEL, "risques@1.3[mode=frappe]"]
    assert massacre.rating_pool_id == MASSACRE
    report = execution.matches_run(match_ids=[m.pk for m in duels] + [massacre.pk])
    assert len(report.done) == 4

    duel_board = {row.bot_id: row.games for row in selectors.leaderboard(pool=DUEL)}
    massacre_board = {row.bot_id: row.games for row in selectors.leaderboard(pool=MASSACRE)}
    ids = [bot.pk for bot in risques_house]
    assert duel_board == {ids[0]: 1, ids[1]: 2, ids[2]: 1}
    assert massacre_board == {ids[2]: 1, ids[3]: 1, ids[4]: 1}
    assert set(RatingEntry.objects.filter(match=massacre).values_list("pool_id", flat=True)) == {MASSACRE}
    # the bot that played in both keeps one rating in each
    assert CurrentRating.objects.filter(bot_id=ids[2], games=1).count() == 2

    pools = client.get(reverse("api-game-pools", args=["risques"])).json()
    assert [(p["key"], p["kind"], p["games"], p["default"]) for p in pools] == [
        (DUEL, "ranks", 4, True), ("risques@1.3[mode=frappe]", "ranks", 2, False), (MASSACRE, "ranks", 3, False)]
    board = client.get(reverse("api-leaderboard", args=["risques"]), {"pool": MASSACRE}).json()
    assert board["pool"] == MASSACRE and {row["bot_id"] for row in board["results"]} == set(ids[2:])
    default = client.get(reverse("api-leaderboard", args=["risques"])).json()
    assert default["pool"] == DUEL and {row["bot_id"] for row in default["results"]} == set(ids[:3])
    missing = client.get(reverse("api-leaderboard", args=["risques"]), {"pool": "katana@1.0"})
    assert missing.status_code == 404 and "risques has no rating pool 'katana@1.0'" in missing.json()["detail"]

    page = client.get(reverse("game-detail", args=["risques"]), {"pool": MASSACRE}).content.decode()
    assert 'id="pool-selector"' in page and '<strong aria-current="page" class="pool">mode massacre</strong>' in page
    assert f'href="/games/risques/?pool=risques%401.3%5Bmode%3Dduel%5D&amp;page=1"' in page
    assert risques_house[4].name in page and risques_house[0].name not in page.split('id="recent-matches"')[0]
    bot_page = client.get(reverse("bot-detail", args=[ids[2]])).content.decode()
    assert "mode duel" in bot_page and "mode massacre" in bot_page and 'id="rating-chart-2"' in bot_page


# --- a bot alone against the game's automata ---------------------------------------------------

SOLO = arena_games.RatingPool("katana", "1.0", (), "score")


def _solo_matches(bot, count):
    """Queued one-seat matches rating into the score pool (no game of one player exists yet: the
    platform reads only the pool and the result, which the test writes)."""
    (key,) = pools_ensure(pools=[SOLO])
    version = bot.versions.get()
    now = timezone.now()
    matches = Match.objects.bulk_create([Match(game="katana", rules_version="1.0", options={}, rating_pool_id=key,
                                               seed=i, queued_at=now) for i in range(count)])
    MatchSeat.objects.bulk_create([MatchSeat(match=m, seat=0, bot=bot, bot_version=version) for m in matches])
    current_ratings_ensure(game="katana", pool=key, bot_ids=[bot.pk])   # as creating a match does
    return matches


def _played(score, rank, automata):
    return PlayedMatch(rules_version="1.0", options={}, steps=[], replay={"steps": []},
                       result={"scores": [score], "ranks": [rank], "automata": automata, "end_reason": "done"},
                       seat_status=["ok"], seat_reasons=[""], seat_logs=[""])


def _automata(ashigaru_rank, daimyo_rank):
    return [{"name": "ashigaru", "level": 1, "score": 5, "rank": ashigaru_rank},
            {"name": "daimyo", "level": 3, "score": 12, "rank": daimyo_rank}]


def test_a_one_seat_match_against_automata_is_stored_and_ranked_by_mean_score(client, house):
    solo, other = house[0], house[1]
    # solo: beats the ashigaru in 3 games of 4, never the daimyo (once level with it: not a win)
    games = [(14.0, 2, _automata(3, 1)), (9.0, 3, _automata(2, 1)), (11.0, 2, _automata(3, 1)),
             (12.0, 1, _automata(3, 1))]
    matches = _solo_matches(solo, len(games)) + _solo_matches(other, 2)
    token, claimed = execution.matches_claim(match_ids=[m.pk for m in matches], worker="w")
    played = [_played(*game) for game in games] + [_played(3.0, 3, _automata(1, 2)), _played(4.0, 3, _automata(2, 1))]
    statements = _Statements()
    with connection.execute_wrapper(statements):
        stored = execution.matches_store(token=token, results=list(zip(claimed, played)))
    assert sorted(stored) == sorted(m.pk for m in matches)
    assert len(statements.sent) == 5, f"one-seat matches keep the store's five statements: {statements.sent}"

    seat = MatchSeat.objects.get(match=matches[0])
    assert (seat.score, seat.rank, seat.status) == (14.0, 2, "ok")
    assert Match.objects.get(pk=matches[0].pk).result["automata"][1]["name"] == "daimyo"
    scores = [score for score, _, _ in games]
    half = student_t.ppf(0.975, 3) * statistics.stdev(scores) / 2
    row = CurrentRating.objects.get(bot=solo, pool_id=SOLO.key)
    assert (row.games, row.rating) == (4, pytest.approx(11.5))
    assert (row.low, row.high) == (pytest.approx(11.5 - half), pytest.approx(11.5 + half))
    entries = list(RatingEntry.objects.filter(bot=solo).order_by("id"))
    assert [e.pool_id for e in entries] == [SOLO.key] * 4 and entries[-1].rating == pytest.approx(11.5)
    means = [14.0, 11.5, 34 / 3, 11.5]   # after each game
    assert [e.delta for e in entries] == pytest.approx([14.0] + [b - a for a, b in zip(means, means[1:])])

    board = client.get(reverse("api-leaderboard", args=["katana"]), {"pool": SOLO.key}).json()
    assert (board["kind"], board["count"]) == ("score", 2)
    first, second = board["results"]
    assert (first["bot_id"], first["rating"], first["games"]) == (solo.pk, 11.5, 4)
    assert (first["low"], first["high"]) == (round(11.5 - half, 2), round(11.5 + half, 2))
    ashigaru, daimyo = first["automata"]
    assert (ashigaru["level"], ashigaru["name"], ashigaru["wins"], ashigaru["games"]) == (1, "ashigaru", 3, 4)
    assert (ashigaru["win_rate"], ashigaru["low"], ashigaru["high"]) == (0.75, 0.3006, 0.9544)   # Wilson, 3 of 4
    assert (daimyo["wins"], daimyo["games"], daimyo["low"]) == (0, 4, 0.0)
    assert second["bot_id"] == other.pk and second["rating"] == 3.5 and second["automata"][0]["wins"] == 0
    assert [level["name"] for level in board["levels"]] == ["ashigaru", "daimyo"]
    searched = client.get(reverse("api-leaderboard", args=["katana"]), {"pool": SOLO.key, "search": other.name})
    assert [row["bot_id"] for row in searched.json()["results"]] == [other.pk]

    page = client.get(reverse("game-detail", args=["katana"]), {"pool": SOLO.key}).content.decode()
    assert "Mean score" in page and "11.50" in page and "Wins vs daimyo (level 3)" in page and "75%" in page
    bot_page = client.get(reverse("bot-detail", args=[solo.pk])).content.decode()
    assert "mean score <strong>11.50</strong>" in bot_page and "vs ashigaru (level 1) 75%" in bot_page


def test_a_score_pool_has_nothing_to_refit(house):
    from web.ratings.services import ratings_refit
    _solo_matches(house[0], 1)
    assert ratings_refit(pool=SOLO.key, read_records=finished_match_records) is None
    assert Pool.objects.get(key=SOLO.key).label == "solo"

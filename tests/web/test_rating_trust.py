"""Who can move a published rating: the ladder (and staff tooling) yes; a user's tournament no,
unless staff made it official.  The live update conserves the pool's rating mass."""
import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from web.matches import execution as match_execution
from web.matches import services as match_services
from web.matches.ladder import ladder_fill
from web.matches.models import Match
from web.ratings import selectors as rating_selectors
from web.ratings.models import CurrentRating, RatingEntry
from web.tournaments import services as tournament_services
from web.tournaments.models import Tournament
from web.matches.selectors import finished_match_records

POOL = "katana@1.0"


def _play_all():
    ids = list(Match.objects.filter(status="queued").order_by("pk").values_list("pk", flat=True))
    match_execution.matches_run(match_ids=ids, worker="test")
    return ids


def _run(tournament):
    for _ in range(20):
        tournament.refresh_from_db()
        if tournament.status != "running":
            return tournament
        _play_all()
        tournament_services.tournaments_advance_all()
    raise AssertionError("the tournament did not end")


def _published(bots):
    """Each bot's published rating in the Katana pool: (rating, low, high, games), None before a game."""
    rows = {row.bot_id: row for row in CurrentRating.objects.filter(pool_id=POOL, bot__in=bots)}
    return {bot.pk: (rows[bot.pk].rating, rows[bot.pk].low, rows[bot.pk].high, rows[bot.pk].games)
            if bot.pk in rows and rows[bot.pk].games else None for bot in bots}


@pytest.fixture
def rated_once(house):
    """Every house bot has a published rating from one ladder round."""
    import random
    ladder_fill(game="katana", target=6, rng=random.Random(2))
    _play_all()
    published = _published(house)
    assert sum(value is not None for value in published.values()) >= 3
    return published


def test_an_organisers_tournament_leaves_the_published_ratings_unchanged(house, user, rated_once):
    tournament = tournament_services.tournament_create(name="Mine", game="katana", bots=house, players_per_match=3,
                                                       rounds=3, seed=5, owner=user)
    tournament = _run(tournament)
    assert tournament.status == "done" and not tournament.official
    matches = Match.objects.filter(tournament_round__tournament=tournament)
    assert matches.count() == 18 and not matches.filter(rated=True).exists()
    assert not RatingEntry.objects.filter(match__in=matches).exists()
    assert _published(house) == rated_once
    # rated inside the tournament: its standings keep their own fitted ratings and intervals
    assert all(row["low"] < row["rating"] < row["high"] for row in tournament.standings)
    from django.test import Client
    page = Client().get(f"/tournaments/{tournament.pk}/").content.decode()
    assert "Rated inside the tournament only" in page.split('id="tournament-rating"')[1].split("</p>")[0]
    # and the refit reads the ladder's matches only
    from web.ratings.services import ratings_refit
    table = ratings_refit(pool=POOL, read_records=finished_match_records)
    assert table.n_matches == Match.objects.filter(kind="ladder", status="done").count()


def test_an_official_tournament_feeds_the_pool_its_finished_matches_and_the_next_ones(house, user):
    tournament = tournament_services.tournament_create(name="Shogunate cup", game="katana", bots=house,
                                                       players_per_match=3, rounds=2, seed=6, owner=user)
    first_round = list(Match.objects.filter(tournament_round__tournament=tournament).values_list("pk", flat=True))
    _play_all()
    assert _published(house) == {bot.pk: None for bot in house}
    assert tournament_services.tournament_make_official(tournament=tournament) == len(first_round) == 6
    assert tournament_services.tournament_make_official(tournament=tournament) == 0, "twice changes nothing"
    after_first = _published(house)
    assert all(value is not None and value[3] == 3 for value in after_first.values())
    assert RatingEntry.objects.filter(match_id__in=first_round, kind="live").count() == 18
    tournament = _run(tournament)
    matches = Match.objects.filter(tournament_round__tournament=tournament)
    assert matches.count() == 12 and not matches.filter(rated=False).exists()
    assert all(value[3] == 6 for value in _published(house).values())
    ratings = [value[0] for value in _published(house).values()]
    assert sum(ratings) / len(ratings) == pytest.approx(1500.0, abs=1e-6), "the exchange conserves the pool"


def test_only_staff_make_a_tournament_official_through_the_api(house, user, django_user_model):
    def client(who):
        c = APIClient()
        c.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.get_or_create(user=who)[0].key}")
        return c
    organiser = client(user)
    body = {"name": "spring", "game": "katana", "format": "tables", "bots": [b.pk for b in house],
            "players_per_match": 3, "rounds": 1, "seed": 3}
    created = organiser.post("/api/tournaments/", body, format="json").json()
    assert created["official"] is False
    _play_all()
    tournament_services.tournaments_advance_all()
    anon = APIClient()
    for bot in house:
        assert anon.get(f"/api/bots/{bot.pk}/").json()["rating"] is None, "no published rating from it"
        assert anon.get(f"/api/bots/{bot.pk}/ratings/").json() == []
    assert anon.get("/api/games/katana/leaderboard/").json()["count"] == 0
    refused = organiser.post(f"/api/tournaments/{created['id']}/official/")
    assert refused.status_code == 403
    assert not Tournament.objects.get(pk=created["id"]).official
    staff = django_user_model.objects.create_user(username="bugyo", password="z" * 12, is_staff=True)
    done = client(staff).post(f"/api/tournaments/{created['id']}/official/")
    assert done.status_code == 200 and done.json() == {"id": created["id"], "official": True, "matches_rated": 6}
    board = anon.get("/api/games/katana/leaderboard/").json()
    assert board["count"] == 6 and all(row["games"] == 3 for row in board["results"])
    assert anon.get(f"/api/tournaments/{created['id']}/").json()["official"] is True
    assert client(staff).post("/api/tournaments/999999/official/").status_code == 404


def test_a_three_seat_katana_match_moves_the_pool_by_nothing(house):
    match = match_services.match_create(game="katana", seats=house[:3], seed=4)
    match_execution.matches_run(match_ids=[match.pk], worker="test")
    entries = RatingEntry.objects.filter(match=match)
    assert entries.count() == 3
    assert sum(e.delta for e in entries) == pytest.approx(0.0, abs=1e-9)
    # every bot shows an interval from its first game, narrower than the prior's +-588
    for entry in entries:
        assert entry.low < entry.rating < entry.high and entry.high - entry.low < 2 * 1.96 * 300
    row = rating_selectors.current_rating(bot=house[0])
    assert row.low is not None and row.games == 1


def test_provisional_bots_are_listed_after_the_settled_ones_whatever_their_rating(house, katana_pool, client):
    # (rating, low, high, games): settled by a narrow interval, by games, and two provisional
    values = [(1700, 1500, 1900, 12), (1550, 1480, 1620, 12), (1450, 1300, 1600, 60), (1600, 1400, 1800, 49),
              (1400, 1399, 1401, 1)]
    for bot, (rating, low, high, games) in zip(house, values):
        CurrentRating.objects.create(bot=bot, game="katana", pool_id=katana_pool, rating=rating, low=low, high=high,
                                     games=games)
    board = rating_selectors.leaderboard_page(pool=katana_pool, search="", page=1, page_size=10, offset=0)
    order = [(row["bot_id"], row["provisional"]) for row in board["results"]]
    assert order == [(house[1].pk, False), (house[2].pk, False), (house[4].pk, False),
                     (house[0].pk, True), (house[3].pk, True)]
    page = client.get("/games/katana/").content.decode()
    assert page.count('data-provisional="true"') == 2 and "ranked apart" in page
    assert page.index(house[2].name) < page.index("ranked apart") < page.index(house[0].name)


def test_a_bot_page_shows_its_interval_and_provisional_mark_after_its_first_game(house, client):
    match = match_services.match_create(game="katana", seats=house[:3], seed=9)
    match_execution.matches_run(match_ids=[match.pk], worker="test")
    row = rating_selectors.current_rating(bot=house[0])
    assert row.provisional and row.games == 1
    page = client.get(f"/bots/{house[0].pk}/").content.decode()
    rating = page.split('id="current-rating"')[1].split("</p>")[0]
    assert f"95% interval {row.low:.1f} – {row.high:.1f}" in rating and ">provisional<" in rating
    chart = page.split('id="rating-chart"')[1].split("</svg>")[0]
    assert 'class="band"' not in chart and 'class="whisker"' in chart   # one point: its interval as a whisker
    assert "time (UTC), " + row.updated_at.strftime("%d %b %Y") in chart
    assert APIClient().get(f"/api/bots/{house[0].pk}/").json()["rating"]["provisional"] is True


def test_the_chart_reads_one_point_per_refit_and_per_day_not_per_match(house):
    from datetime import timedelta

    from django.utils import timezone

    from web.ratings.services import ratings_refit
    matches = [match_services.match_create(game="katana", seats=house[:3], seed=seed) for seed in range(6)]
    match_execution.matches_run(match_ids=[m.pk for m in matches], worker="test")
    live = list(RatingEntry.objects.filter(bot=house[0], kind="live").order_by("id"))
    assert len(live) == 6
    # the first three matches were played two days ago
    RatingEntry.objects.filter(pk__in=[e.pk for e in live[:3]]).update(created_at=timezone.now() - timedelta(days=2))
    assert ratings_refit(pool=POOL, read_records=finished_match_records) is not None
    assert ratings_refit(pool=POOL, read_records=finished_match_records) is None, "nothing new since the last refit: no new point"
    later = match_services.match_create(game="katana", seats=house[1:4], seed=7)   # house[0] sits out
    match_execution.matches_run(match_ids=[later.pk], worker="test")
    assert ratings_refit(pool=POOL, read_records=finished_match_records) is not None, "a new match: the pool is refitted, every bot gets its point"
    points = rating_selectors.rating_chart_points(bot=house[0], pool=POOL)
    assert [(p.kind, p.pk) for p in points] == [("live", live[2].pk), ("live", live[5].pk)] + [
        ("fit", e.pk) for e in RatingEntry.objects.filter(bot=house[0], kind="fit").order_by("id")]

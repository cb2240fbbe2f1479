"""Challenges: a bot's owner queues games against opponents of their choosing, through the match
path of every match; refusals store nothing; rated ones only against opponents rated at or above."""
import pytest
from rest_framework.test import APIClient

from arena.ratings.scores import wilson_interval
from bot_sources import GOOD_BOT
from challenge_helpers import api_of, bot_of, nothing_stored, play, rate, with_rates
from web import publishing
from web.bots import services as bot_services
from web.challenges import selectors, services
from web.challenges.models import Challenge
from web.errors import ServiceError
from web.matches.models import Match, MatchSeat
from web.ratings.models import CurrentRating


@pytest.fixture
def stranger(django_user_model):
    return django_user_model.objects.create_user(username="kojiro", password="y" * 12)


# --- creating ------------------------------------------------------------------------------------

def test_a_challenge_queues_its_games_as_matches_with_the_seats_rotating(user, house, settings, monkeypatch,
                                                                         django_capture_on_commit_callbacks):
    settings.ARENA_PUBLISH_TASKS = True
    published = []
    monkeypatch.setattr(publishing, "publish", lambda name, ids: published.append((name, list(ids))))
    mine = bot_of(user, "mine")
    with django_capture_on_commit_callbacks(execute=True):
        challenge = services.challenge_create(owner=user, bot=mine, opponents=house[:4], games=5, seats=3, seed=7)
    assert (challenge.game, challenge.seats, challenge.games, challenge.rated) == ("katana", 3, 5, False)
    assert challenge.bot_version == mine.versions.get()
    assert [o.bot for o in selectors.challenge_opponents(challenge=challenge)] == house[:4]
    games = selectors.challenge_games(challenge=challenge)
    assert [m.table_key for m in games] == ["t1/g0", "t1/g1", "t1/g2", "t2/g0", "t2/g1"]
    assert all(m.kind == Match.Kind.CHALLENGE and not m.rated and m.status == Match.Status.QUEUED for m in games)
    seats = [[s.bot for s in m.seats.all()] for m in games]
    # the first table is the challenger and the first two opponents, the second the next two, each
    # a rotation on one deal: the challenger sits in seats 0, 2, 1, then 0, 2
    assert [row.index(mine) for row in seats] == [0, 2, 1, 0, 2]
    assert {b.pk for row in seats[:3] for b in row} == {mine.pk, house[0].pk, house[1].pk}
    assert {b.pk for row in seats[3:] for b in row} == {mine.pk, house[2].pk, house[3].pk}
    assert len({m.seed for m in games[:3]}) == 1 and games[3].seed == games[4].seed != games[0].seed
    # queued through the one path: published once the transaction committed, ids only
    assert published == [(publishing.PLAY_MATCHES, [m.pk for m in games])]


def test_the_challenger_and_the_table_default_to_everybody_within_the_games_range(user, house):
    mine = bot_of(user, "mine")
    challenge = services.challenge_create(owner=user, bot=mine, opponents=house[:6], games=2)
    assert challenge.seats == 7   # Katana seats 3 to 7: the challenger and its six opponents
    risques = bot_of(user, "duelist", game="risques")
    house_risques = bot_services.house_bots_ensure(game="risques", count=1)
    duel = services.challenge_create(owner=user, bot=risques, opponents=house_risques, games=2,
                                     options={"mode": "frappe"})
    assert duel.seats == 2 and duel.options["mode"] == "frappe"
    assert all(m.options["mode"] == "frappe" for m in selectors.challenge_games(challenge=duel))


@pytest.mark.parametrize("case, message", [
    ("someone else's bot", "'theirs' is not your bot: a challenge is played by a bot of yours"),
    ("not passed", "the challenger: bot 'fresh' has no version that passed validation"),
    ("no consent", "'closed': its owner does not let others enter it in tournaments and challenges"),
    ("too many games", "a challenge plays 1 to 20 games, not 21"),
    ("no game", "a challenge plays 1 to 20 games, not 0"),
    ("itself", "'mine' cannot challenge itself"),
    ("twice", "'random-1' is chosen twice"),
    ("no opponent", "choose at least one opponent"),
    ("other game", "opponent 1: bot 'random-1' plays risques, not katana"),
    ("table too large", "a table of 5 seats the challenger and 4 opponents: you chose 2"),
    ("too few games", "1 game at tables of 3 seat 2 of your 4 opponents: play more games or choose fewer opponents"),
    ("bad option", "katana has no option mode"),
])
def test_refusals_say_why_and_store_nothing(user, stranger, house, case, message):
    mine, theirs = bot_of(user, "mine"), bot_of(stranger, "theirs", others_may_enter=True)
    closed = bot_of(stranger, "closed")
    fresh = bot_services.bot_create(game="katana", name="fresh", owner=user)
    bot_services.bot_version_upload(bot=fresh, filename="fresh.py", content=GOOD_BOT)   # pending
    kwargs = {"owner": user, "bot": mine, "opponents": house[:2], "games": 4}
    kwargs.update({
        "someone else's bot": {"bot": theirs},
        "not passed": {"bot": fresh},
        "no consent": {"opponents": [house[0], closed]},
        "too many games": {"games": 21},
        "no game": {"games": 0},
        "itself": {"opponents": [mine, house[0]]},
        "twice": {"opponents": [house[0], house[1], house[0]]},
        "no opponent": {"opponents": []},
        "other game": {"opponents": bot_services.house_bots_ensure(game="risques", count=1)},
        "table too large": {"seats": 5},
        "too few games": {"opponents": house[:4], "seats": 3, "games": 1},
        "bad option": {"options": {"mode": "duel"}},
    }[case])
    with pytest.raises(ServiceError) as refused:
        services.challenge_create(**kwargs)
    assert str(refused.value) == message
    assert nothing_stored()


def test_the_opponent_of_an_owner_who_consents_is_taken_and_so_are_your_own_bots(user, stranger, house):
    opened, own = bot_of(stranger, "opened", others_may_enter=True), bot_of(user, "own")
    challenge = services.challenge_create(owner=user, bot=bot_of(user, "mine"), opponents=[opened, own, house[0]],
                                          games=4)
    assert challenge.seats == 4 and Match.objects.filter(challenge=challenge).count() == 4


# --- rated ---------------------------------------------------------------------------------------

def test_a_rated_challenge_only_against_other_peoples_bots_rated_at_or_above_yours(user, stranger, house):
    mine, own = bot_of(user, "mine"), bot_of(user, "own")
    key = rate(mine, 1600.0)
    rate(house[0], 1650.0)
    rate(house[1], 1580.5)
    rate(own, 1700.0)
    refusals = [
        ([house[0], house[1]], f"a rated challenge plays opponents rated at or above your bot (1600.0 in the pool "
                               f"{key}): 'random-2' is rated 1580.5"),
        ([house[0], house[2]], f"a rated challenge plays opponents rated at or above your bot: 'random-3' has no "
                               f"rating in the pool {key} yet"),
        ([house[0], own], "a rated challenge plays other people's bots and the house's, not yours: 'own' is yours"),
    ]
    for opponents, message in refusals:
        with pytest.raises(ServiceError) as refused:
            services.challenge_create(owner=user, bot=mine, opponents=opponents, games=3, rated=True)
        assert str(refused.value) == message
        assert nothing_stored()
    rate(house[1], 1600.0)   # level counts
    challenge = services.challenge_create(owner=user, bot=mine, opponents=house[:2], games=3, rated=True)
    assert challenge.rated and challenge.rating == 1600.0
    assert [o.rating for o in selectors.challenge_opponents(challenge=challenge)] == [1650.0, 1600.0]
    assert all(m.rated and m.rating_pool_id == key for m in selectors.challenge_games(challenge=challenge))
    # unrated, the same lower opponent is fine, and its games feed no published rating
    unrated = services.challenge_create(owner=user, bot=mine, opponents=[house[2], own], games=3)
    assert not any(m.rated for m in selectors.challenge_games(challenge=unrated))


def test_an_unrated_bot_counts_as_the_starting_rating(user, house):
    mine = bot_of(user, "mine")
    rate(house[0], 1499.0)
    rate(house[1], 1500.0)
    with pytest.raises(ServiceError, match="'random-1' is rated 1499.0"):
        services.challenge_create(owner=user, bot=mine, opponents=house[:2], games=3, rated=True)
    rate(house[0], 1510.0)
    assert services.challenge_create(owner=user, bot=mine, opponents=house[:2], games=3, rated=True).rated


def test_rated_challenge_games_move_the_published_ratings_and_unrated_ones_do_not(user, house):
    mine = bot_of(user, "mine")
    key = rate(house[0], 1500.0)
    rate(house[1], 1500.0)
    unrated = services.challenge_create(owner=user, bot=mine, opponents=house[:2], games=1, seed=3)
    play(selectors.challenge_games(challenge=unrated)[0].pk)
    assert not CurrentRating.objects.filter(bot=mine, pool_id=key).exists()
    rated = services.challenge_create(owner=user, bot=mine, opponents=house[:2], games=1, seed=3, rated=True)
    play(selectors.challenge_games(challenge=rated)[0].pk)
    assert CurrentRating.objects.get(bot=mine, pool_id=key).games == 1


# --- results -------------------------------------------------------------------------------------

def _finish(match, ranks, status=Match.Status.DONE):
    """Stores ``ranks`` (bot -> rank) as the match's result, as a worker would have."""
    Match.objects.filter(pk=match.pk).update(status=status, result={"ranks": []} if status == "done" else None)
    for seat in match.seats.all():
        MatchSeat.objects.filter(pk=seat.pk).update(rank=ranks.get(seat.bot_id), status="ok")


def test_results_against_each_opponent_with_their_intervals(user, house):
    mine = bot_of(user, "mine")
    challenge = services.challenge_create(owner=user, bot=mine, opponents=house[:2], games=5, seats=3)
    a, b = house[0].pk, house[1].pk
    games = selectors.challenge_games(challenge=challenge)
    _finish(games[0], {mine.pk: 1, a: 2, b: 3})
    _finish(games[1], {mine.pk: 2, a: 1, b: 3})
    _finish(games[2], {mine.pk: 1, a: 1, b: 3})   # level with a (the same side)
    _finish(games[3], {}, status=Match.Status.ERROR)
    results = selectors.challenge_results(challenge=challenge)
    low, high = wilson_interval(1.5, 3)   # ahead once, level once (half), behind once
    assert results["opponents"][0] == {
        "bot_id": a, "bot": "random-1", "version": 1, "builtin": True, "rating": None, "games": 3, "wins": 1,
        "draws": 1, "losses": 1, "errors": 1, "win_rate": 0.5, "low": round(low, 4), "high": round(high, 4)}
    assert (round(low, 4), round(high, 4)) == (0.1253, 0.8747)
    vs_b = results["opponents"][1]
    assert (vs_b["games"], vs_b["wins"], vs_b["losses"], vs_b["win_rate"]) == (3, 3, 0, 1.0)
    assert (vs_b["low"], vs_b["high"]) == (0.4385, 1.0)
    assert results["overall"] == {"games": 3, "wins": 2, "errors": 1, "win_rate": 0.6667, "low": 0.2077,
                                  "high": 0.9385}
    assert selectors.challenge_progress(challenge=challenge) == {
        "status": "running", "matches": {"queued": 1, "running": 0, "done": 3, "error": 1}, "finished": 4,
        "total": 5}


def test_played_games_give_consistent_results_and_replays(user, house):
    mine = bot_of(user, "mine")
    challenge = services.challenge_create(owner=user, bot=mine, opponents=house[:3], games=3, seats=4, seed=5)
    for match in selectors.challenge_games(challenge=challenge):
        play(match.pk)
    assert selectors.challenge_progress(challenge=challenge)["status"] == "done"
    results = selectors.challenge_results(challenge=challenge)
    for row in results["opponents"]:
        assert row["games"] == 3 and row["wins"] + row["draws"] + row["losses"] == 3
    firsts = MatchSeat.objects.filter(match__challenge=challenge, bot=mine, rank=1).count()
    assert results["overall"]["games"] == 3 and results["overall"]["wins"] == firsts
    assert all(m.replay for m in Match.objects.filter(challenge=challenge))


# --- the API -------------------------------------------------------------------------------------

def test_the_api_creates_a_challenge_and_shows_its_games_and_results(user, house):
    mine = bot_of(user, "mine")
    api = api_of(user)
    answer = api.post("/api/challenges/", {"bot": mine.pk, "opponents": [house[0].pk, house[1].pk], "games": 3,
                                           "seed": 11}, format="json")
    assert answer.status_code == 201, answer.json()
    body = answer.json()
    assert (body["bot"], body["seats"], body["games"], body["rated"], body["seed"]) == ("mine", 3, 3, False, 11)
    assert body["progress"] == {"status": "running", "matches": {"queued": 3, "running": 0, "done": 0, "error": 0},
                                "finished": 0, "total": 3}
    assert [o["bot"] for o in body["opponents"]] == ["random-1", "random-2"]
    assert [m["kind"] for m in body["matches"]] == ["challenge"] * 3
    assert all(m["challenge"] == body["id"] for m in body["matches"])
    assert body["url"] == f"/challenges/{body['id']}/"
    play(body["matches"][0]["id"])
    detail = APIClient().get(f"/api/challenges/{body['id']}/").json()   # anybody reads it
    assert detail["progress"]["finished"] == 1 and detail["results"]["overall"]["games"] == 1
    assert detail["results"]["opponents"][0]["games"] == 1
    listed = api.get("/api/challenges/", {"mine": "true"}).json()
    assert listed["count"] == 1 and listed["results"][0]["id"] == body["id"]
    assert api.get("/api/challenges/", {"bot": house[0].pk}).json()["count"] == 0
    assert APIClient().get("/api/challenges/999999/").status_code == 404


def test_api_refusals_say_why_and_store_nothing(user, stranger, house):
    mine, theirs, closed = bot_of(user, "mine"), bot_of(stranger, "theirs"), bot_of(stranger, "closed")
    api = api_of(user)
    refusals = [
        ({"bot": theirs.pk}, 403, "'theirs' is not your bot: a challenge is played by a bot of yours"),
        ({"opponents": [closed.pk, house[0].pk]}, 400,
         "'closed': its owner does not let others enter it in tournaments and challenges"),
        ({"games": 21}, 400, "Ensure this value is less than or equal to 20."),
        ({"rated": True}, 400, "a rated challenge plays opponents rated at or above your bot: 'random-1' has no "
                               "rating in the pool"),
        ({"opponents": [999999]}, 400, "no bot 999999"),
    ]
    for change, status, message in refusals:
        answer = api.post("/api/challenges/", {"bot": mine.pk, "opponents": [house[0].pk, house[1].pk], "games": 3,
                                               **change}, format="json")
        assert answer.status_code == status and message in str(answer.json()), answer.json()
        assert nothing_stored()
    assert APIClient().post("/api/challenges/", {"bot": mine.pk, "opponents": [house[0].pk, house[1].pk], "games": 3},
                            format="json").status_code == 401


def test_challenges_are_rate_limited_counting_only_those_accepted(user, house):
    mine = bot_of(user, "mine")
    api = api_of(user)
    restore = with_rates(challenges="2/hour", rated_challenges="1/day")
    try:
        def create(**change):
            return api.post("/api/challenges/", {"bot": mine.pk, "opponents": [house[0].pk, house[1].pk],
                                                 "games": 3, **change}, format="json")
        assert create(games=30).status_code == 400   # refused: not counted
        rate(house[0], 1600.0)
        rate(house[1], 1600.0)
        assert create(rated=True).status_code == 201
        limited = create(rated=True)   # the rated budget is spent; an unrated one is still allowed
        assert limited.status_code == 429 and "throttled" in limited.json()["detail"].lower()
        assert Challenge.objects.count() == 1
        assert create().status_code == 201
        limited = create()
        assert limited.status_code == 429 and Challenge.objects.count() == 2
        assert api.get("/api/challenges/").status_code == 200   # reading is not limited
    finally:
        restore()


def test_the_schema_lists_the_challenges_api(client):
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    operations = {op["operationId"] for op in schema["paths"]["/api/challenges/"].values()}
    assert {"challenges_list", "challenges_create"} <= operations
    assert schema["paths"]["/api/challenges/{challenge_id}/"]["get"]["operationId"] == "challenges_detail"
    limits = client.get("/api/limits/").json()
    assert (limits["challenges_rate"], limits["rated_challenges_rate"], limits["challenge_games"]) == \
        ("20/hour", "5/day", 20)

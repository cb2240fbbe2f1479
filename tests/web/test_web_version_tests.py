"""Version tests: two versions of one bot play paired games (one deal, seats swapped, the other seats
the house's built-in player) as unrated matches, a few pairs at a time, until the SPRT decides or
the game limit is reached; refusals say why and store nothing; the API and the bot page show it."""
import pytest
from django.urls import reverse
from django.utils import timezone

from arena import version_test as arena_version_test
from challenge_helpers import api_of
from web import publishing
from web.bots import services as bot_services
from web.bots.models import Bot
from web.errors import ServiceError
from web.matches.models import Match
from web.ratings.models import CurrentRating, RatingEntry
from web.version_tests import selectors, services
from web.version_tests.models import VersionTest, VersionTestGame


@pytest.fixture
def stranger(db, django_user_model):
    return django_user_model.objects.create_user(username="kojiro", password="y" * 12)


def bot_with_versions(owner, name="ronin", agents=("random", "heuristic"), game="katana"):
    """A bot of ``owner`` whose versions (built-in players, passed) are ``agents`` in order: v1, v2..."""
    bot = bot_services.bot_create(game=game, name=name, owner=owner)
    for agent in agents:
        bot_services.bot_version_add_builtin(bot=bot, agent=agent)
    return Bot.objects.get(pk=bot.pk)


def finish_pair(test, pair, *, new_scores):
    """Ends pair ``pair``'s two matches as a worker would, the new version scoring ``new_scores``
    (1 ahead of the old, 1/2 level, 0 behind) in its two games; other seats rank last."""
    for game, score in zip(VersionTestGame.objects.filter(test=test, pair=pair).order_by("leg"), new_scores):
        ranks = [test.seats] * test.seats
        ranks[game.new_seat], ranks[game.old_seat] = {1.0: (1, 2), 0.5: (1, 1), 0.0: (2, 1)}[score]
        Match.objects.filter(pk=game.match_id).update(status=Match.Status.DONE, result={"ranks": ranks},
                                                      finished_at=timezone.now())


def queued_pairs(test):
    return sorted(set(VersionTestGame.objects.filter(test=test, match__status=Match.Status.QUEUED)
                      .values_list("pair", flat=True)))


# --- starting ------------------------------------------------------------------------------------

def test_a_test_queues_two_pairs_of_unrated_paired_games_with_the_seats_swapped(
        user, settings, monkeypatch, django_capture_on_commit_callbacks):
    settings.ARENA_PUBLISH_TASKS = True
    published = []
    monkeypatch.setattr(publishing, "publish", lambda *args: published.append(args))
    bot = bot_with_versions(user)
    with django_capture_on_commit_callbacks(execute=True):
        test = services.version_test_start(owner=user, bot=bot, new=2, old=1, elo0=0, elo1=10, max_games=100, seed=40)
    assert (test.status, test.seats, test.game, test.new_version.number, test.old_version.number) == \
        ("queued", 3, "katana", 2, 1)
    assert test.other_version.builtin_name == "heuristic" and test.other_version.bot.owner_id is None
    games = list(VersionTestGame.objects.filter(test=test).select_related("match").order_by("pair", "leg"))
    assert [(g.pair, g.leg) for g in games] == [(0, 0), (0, 1), (1, 0), (1, 1)]
    for pair in (0, 1):
        first, second = (g for g in games if g.pair == pair)
        expected_seed, seats_a, seats_b = arena_version_test.pair_tables(players=3, pair=pair, seed=40, others="*")
        assert first.match.seed == second.match.seed == expected_seed
        assert (first.new_seat, first.old_seat) == (second.old_seat, second.new_seat) == \
            (seats_a.index("new"), seats_a.index("old"))
        versions = [[s.bot_version_id for s in g.match.seats.order_by("seat")] for g in (first, second)]
        role = {test.new_version_id: "new", test.old_version_id: "old", test.other_version_id: "*"}
        assert [tuple(role[v] for v in row) for row in versions] == [seats_a, seats_b]
    assert all(g.match.kind == Match.Kind.VERSION_TEST and not g.match.rated for g in games)
    assert all(g.match.status == Match.Status.QUEUED for g in games)
    # one task per pair, published once the transaction committed: the test and its two match ids
    assert published == [(publishing.PLAY_VERSION_TEST, test.pk, [g.match_id for g in games[:2]]),
                         (publishing.PLAY_VERSION_TEST, test.pk, [g.match_id for g in games[2:]])]


def test_a_duel_needs_no_other_player(user):
    bot = bot_with_versions(user, game="risques")
    test = services.version_test_start(owner=user, bot=bot, new=2, old=1, max_games=10)
    assert test.seats == 2 and test.other_version is None
    assert all(g.match.seats.count() == 2 for g in VersionTestGame.objects.filter(test=test).select_related("match"))


@pytest.mark.parametrize("case, message", [
    ("not mine", "'theirs' is not your bot: only its owner tests its versions"),
    ("same version", "the new and the old version are both v2: choose two different versions"),
    ("missing version", "'ronin' has no version 7 (the old version)"),
    ("pending version", "'ronin' v3 (the new version) is still being validated: only versions that passed "
                        "validation are tested"),
    ("hypotheses", "elo1 (0) must be greater than elo0 (5)"),
    ("one game", "the game limit is from 2 (one pair) to 100,000, not 1"),
    ("error rate", "alpha must be between 0 and 0.5, not 0.5"),
    ("retired", "'ronin' is retired: bring it back to test its versions"),
])
def test_refusals_say_why_and_store_nothing(user, stranger, case, message):
    from bot_sources import GOOD_BOT
    bot = bot_with_versions(user)
    theirs = bot_with_versions(stranger, name="theirs")
    bot_services.bot_version_upload(bot=bot, filename="v3.py", content=GOOD_BOT)   # v3, pending
    kwargs = {"owner": user, "bot": bot, "new": 2, "old": 1}
    kwargs.update({"not mine": {"bot": theirs}, "same version": {"old": 2}, "missing version": {"old": 7},
                   "pending version": {"new": 3}, "hypotheses": {"elo0": 5, "elo1": 0}, "one game": {"max_games": 1},
                   "error rate": {"alpha": 0.5}, "retired": {}}[case])
    if case == "retired":
        bot_services.bot_retire(bot=bot, user=user)
    with pytest.raises(ServiceError) as refused:
        services.version_test_start(**kwargs)
    assert str(refused.value) == message
    assert not VersionTest.objects.exists() and not Match.objects.exists()


def test_one_test_runs_at_a_time_for_a_bot(user):
    bot = bot_with_versions(user, agents=("random", "heuristic", "mix-0.2"))
    first = services.version_test_start(owner=user, bot=bot, new=2, old=1, max_games=20)
    matches = Match.objects.count()
    with pytest.raises(ServiceError) as refused:
        services.version_test_start(owner=user, bot=bot, new=3, old=2, max_games=20)
    assert str(refused.value) == (f"'ronin' already has a version test queued (#{first.pk}): one runs at a time for "
                                  "a bot; wait for it to end or cancel it")
    assert VersionTest.objects.count() == 1 and Match.objects.count() == matches
    services.version_test_cancel(test=first, user=user)
    assert services.version_test_start(owner=user, bot=bot, new=3, old=2, max_games=20).status == "queued"


def test_the_daily_cap_counts_a_running_tests_whole_limit_and_an_ended_ones_games(user, settings):
    settings.ARENA_VERSION_TEST_GAMES_PER_DAY = 100
    first = services.version_test_start(owner=user, bot=bot_with_versions(user), new=2, old=1, max_games=60)
    other = bot_with_versions(user, name="kensei")
    with pytest.raises(ServiceError) as refused:
        services.version_test_start(owner=user, bot=other, new=2, old=1, max_games=60)
    assert str(refused.value) == ("this version test may play up to 60 games, and you may start 40 more today (at "
                                  "most 100 a day, a running test holding its whole limit): lower its game limit, "
                                  "or wait for your running tests to end")
    assert selectors.games_left_today(owner=user) == 40
    services.version_test_cancel(test=first, user=user)   # its four queued games are dropped: none counts
    assert selectors.games_left_today(owner=user) == 100
    assert services.version_test_start(owner=user, bot=other, new=2, old=1, max_games=60).max_games == 60


# --- playing and deciding --------------------------------------------------------------------------

def test_pairs_are_counted_as_they_finish_and_the_next_ones_queued(user):
    test = services.version_test_start(owner=user, bot=bot_with_versions(user), new=2, old=1, max_games=100)
    assert queued_pairs(test) == [0, 1]
    finish_pair(test, 1, new_scores=(1.0, 0.5))   # pair order does not matter; one pair is not enough
    services.version_test_advance(test_id=test.pk)
    test.refresh_from_db()
    assert test.status == "running" and test.pentanomial == [0, 0, 0, 1, 0] and test.trinomial == [0, 1, 1]
    assert len(test.llr_history) == 1 and queued_pairs(test) == [0, 2]
    services.version_test_advance(test_id=test.pk)   # nothing new: nothing counted twice, nothing queued
    test.refresh_from_db()
    assert test.pentanomial == [0, 0, 0, 1, 0] and test.pairs_queued == 3


def test_the_sprt_accepting_h1_stops_the_test_with_its_verdict(user):
    test = services.version_test_start(owner=user, bot=bot_with_versions(user), new=2, old=1, elo0=0, elo1=100,
                                       max_games=200)
    pair = 0
    while VersionTest.objects.get(pk=test.pk).is_live:
        finish_pair(test, pair, new_scores=(1.0, 1.0))
        services.version_test_advance(test_id=test.pk)
        pair += 1
    test.refresh_from_db()
    tally = selectors.tally(test=test)
    assert test.status == "h1" and tally.decision == "H1" and tally.llr >= tally.settings.bounds[1]
    assert test.verdict == tally.verdict(new="v2", old="v1")
    assert test.verdict.startswith("v2 is stronger than v1: +") and f"after {tally.games:,} games" in test.verdict
    assert test.finished_at is not None and len(test.llr_history) == tally.pairs == pair
    # the pair queued beside the last one is dropped, and nothing more is queued
    assert queued_pairs(test) == [] and test.pairs_queued == pair + 1
    assert not Match.objects.filter(version_test_game__test=test, status=Match.Status.QUEUED).exists()
    assert selectors.version_test_winner(test=test) == test.new_version


def test_equal_versions_accept_h0_and_a_short_test_stops_at_its_limit(user):
    test = services.version_test_start(owner=user, bot=bot_with_versions(user), new=2, old=1, elo0=0, elo1=50,
                                       max_games=400)
    pair = 0
    while VersionTest.objects.get(pk=test.pk).is_live:
        finish_pair(test, pair, new_scores=(1.0, 0.0) if pair % 2 else (0.5, 0.5))
        services.version_test_advance(test_id=test.pk)
        pair += 1
    test.refresh_from_db()
    assert test.status == "h0" and test.verdict.startswith("v2 is not stronger than v1 by 50 Elo: ")
    assert "0 Elo [" in test.verdict and f"after {2 * pair:,} games" in test.verdict
    assert selectors.version_test_winner(test=test) is None   # level: no winner to make play

    short = services.version_test_start(owner=user, bot=bot_with_versions(user, name="kensei"), new=2, old=1,
                                        elo0=0, elo1=5, max_games=5)
    assert queued_pairs(short) == [0, 1]   # two pairs fit in five games, a third would not
    for pair in (0, 1):
        finish_pair(short, pair, new_scores=(1.0, 0.5))
    services.version_test_advance(test_id=short.pk)
    short.refresh_from_db()
    assert short.status == "limit" and short.pairs_queued == 2
    assert short.verdict.startswith("no decision between v2 and v1 at the limit of 5 games: ")


def test_pairs_in_error_are_replaced_until_too_many_fail_the_test(user):
    test = services.version_test_start(owner=user, bot=bot_with_versions(user), new=2, old=1, max_games=100)
    pair = 0
    while VersionTest.objects.get(pk=test.pk).is_live:
        Match.objects.filter(version_test_game__test=test, version_test_game__pair=pair).update(
            status=Match.Status.ERROR, error="the bot file is missing", finished_at=timezone.now())
        services.version_test_advance(test_id=test.pk)
        pair += 1
    test.refresh_from_db()
    assert (test.status, test.errored_pairs, test.pentanomial) == ("failed", services.MAX_ERRORED_PAIRS + 1, [0] * 5)
    assert test.error == "6 pairs had a game in error; the last: the bot file is missing"
    assert test.verdict == "the test failed before a pair was played"


def test_a_bot_retired_mid_test_fails_it(user):
    bot = bot_with_versions(user)
    test = services.version_test_start(owner=user, bot=bot, new=2, old=1, max_games=100)
    finish_pair(test, 0, new_scores=(1.0, 1.0))
    bot_services.bot_retire(bot=bot, user=user)
    services.version_test_advance(test_id=test.pk)
    test.refresh_from_db()
    assert test.status == "failed" and "'ronin' is retired" in test.error
    assert test.verdict.startswith("the test failed: v2 against v1 so far: ")


def test_played_games_are_never_rated(user, katana_pool):
    """Real matches, played and stored as a worker does through the pair's task: no rating row changes."""
    bot = bot_with_versions(user, agents=("random", "heuristic"))
    ratings = list(CurrentRating.objects.values_list("bot_id", "pool_id", "rating", "games"))
    test = services.version_test_start(owner=user, bot=bot, new=2, old=1, elo0=0, elo1=150, max_games=8, seed=3)
    while VersionTest.objects.get(pk=test.pk).is_live:
        pair = queued_pairs(test)[0]
        ids = list(VersionTestGame.objects.filter(test=test, pair=pair).values_list("match_id", flat=True))
        report = services.version_test_play(test_id=test.pk, match_ids=ids, worker="test")
        assert sorted(report.done) == sorted(ids)
    test.refresh_from_db()
    assert test.status in ("h1", "limit") and sum(test.pentanomial) >= 1
    played = Match.objects.filter(version_test_game__test=test, status=Match.Status.DONE)
    assert played.count() == 2 * sum(test.pentanomial) and not played.filter(rated=True).exists()
    assert not RatingEntry.objects.exists()
    assert list(CurrentRating.objects.values_list("bot_id", "pool_id", "rating", "games")) == ratings


# --- the owner's actions ----------------------------------------------------------------------------

def test_cancel_drops_the_queued_games_and_only_the_owner_may(user, stranger):
    test = services.version_test_start(owner=user, bot=bot_with_versions(user), new=2, old=1, max_games=100)
    finish_pair(test, 0, new_scores=(1.0, 0.5))
    services.version_test_advance(test_id=test.pk)
    with pytest.raises(ServiceError) as refused:
        services.version_test_cancel(test=test, user=stranger)
    assert str(refused.value) == "only the bot's owner cancels its version tests or acts on their outcome"
    services.version_test_cancel(test=test, user=user)
    test.refresh_from_db()
    assert test.status == "cancelled" and test.verdict.startswith("cancelled: v2 against v1 so far: ")
    assert list(Match.objects.filter(version_test_game__test=test).values_list("status", flat=True)) == ["done"] * 2
    with pytest.raises(services.VersionTestConflict) as again:
        services.version_test_cancel(test=test, user=user)
    assert str(again.value) == "the version test has ended (cancelled): there is nothing to cancel"


def test_the_winner_is_made_the_version_that_plays_through_the_bots_service(user):
    bot = bot_with_versions(user, agents=("random", "heuristic", "mix-0.2"))
    bot_services.bot_version_choose(bot=bot, user=user, number=1)
    test = services.version_test_start(owner=user, bot=bot, new=2, old=1, elo0=0, elo1=100, max_games=200)
    with pytest.raises(services.VersionTestConflict) as early:
        services.version_test_make_winner_play(test=test, user=user)
    assert str(early.value) == ("the version test is still running: there is no winner to make the version that "
                                "plays")
    pair = 0
    while VersionTest.objects.get(pk=test.pk).is_live:
        finish_pair(test, pair, new_scores=(1.0, 1.0))
        services.version_test_advance(test_id=test.pk)
        pair += 1
    bot_after, winner = services.version_test_make_winner_play(test=test, user=user)
    assert winner.number == 2 and bot_after.active_version.number == 2
    assert Bot.objects.get(pk=bot.pk).active_version_id == test.new_version_id


# --- the API --------------------------------------------------------------------------------------

def test_the_api_starts_reads_lists_and_cancels_a_test(user, stranger):
    bot = bot_with_versions(user)
    api = api_of(user)
    url = reverse("api-bot-version-tests", args=[bot.pk])
    refused = api_of(stranger).post(url, {"new": 2, "old": 1}, format="json")
    assert refused.status_code == 403 and refused["Content-Type"] == "application/problem+json"
    assert refused.json()["detail"] == "'ronin' is not your bot: only its owner tests its versions and acts on them"
    same = api.post(url, {"new": 1, "old": 1}, format="json")
    assert same.status_code == 400
    assert same.json()["detail"] == "the new and the old version are both v1: choose two different versions"
    created = api.post(url, {"new": 2, "old": 1, "elo0": 0, "elo1": 20, "max_games": 40, "seed": 9}, format="json")
    assert created.status_code == 201, created.json()
    body = created.json()
    assert (body["status"], body["new_version"], body["old_version"], body["seats"]) == ("queued", 2, 1, 3)
    assert body["upper_bound"] == pytest.approx(2.9444, abs=1e-3) and body["lower_bound"] == pytest.approx(-2.9444,
                                                                                                          abs=1e-3)
    assert (body["alpha"], body["beta"], body["elo1"], body["other_bot"]) == (0.05, 0.05, 20.0, "heuristic-1")
    first = body["matches"][0]
    assert len(body["matches"]) == 4 and first["replay_url"] == f"/api/matches/{first['match']}/replay/"
    busy = api.post(url, {"new": 2, "old": 1}, format="json")
    assert busy.status_code == 400 and "already has a version test queued" in busy.json()["detail"]

    test = VersionTest.objects.get()
    finish_pair(test, 0, new_scores=(1.0, 0.5))
    services.version_test_advance(test_id=test.pk)
    detail = api.get(reverse("api-version-test", args=[test.pk])).json()
    assert detail["status"] == "running" and detail["pentanomial"] == [0, 0, 0, 1, 0]
    assert len(detail["llr_history"]) == 1 and detail["verdict"].startswith("v2 against v1 so far: ")
    assert [m["new_rank"] for m in detail["matches"][:2]] == [1, 1]
    assert detail["matches"][0]["url"] == f"/matches/{detail['matches'][0]['match']}/"
    listed = api.get(url).json()
    assert listed["count"] == 1 and listed["results"][0]["id"] == test.pk

    winner = api.post(reverse("api-version-test-make-winner-play", args=[test.pk]))
    assert winner.status_code == 409 and winner.json()["code"] == "conflict"
    assert api_of(stranger).post(reverse("api-version-test-cancel", args=[test.pk])).status_code == 403
    cancelled = api.post(reverse("api-version-test-cancel", args=[test.pk]))
    assert cancelled.status_code == 200 and cancelled.json()["status"] == "cancelled"
    again = api.post(reverse("api-version-test-cancel", args=[test.pk]))
    assert again.status_code == 409
    assert again.json()["detail"] == "the version test has ended (cancelled): there is nothing to cancel"
    assert api.get(reverse("api-version-test", args=[999_999])).status_code == 404


def test_the_limits_name_the_daily_cap_and_the_one_test_per_bot(client, settings, db):
    settings.ARENA_VERSION_TEST_GAMES_PER_DAY = 1234
    limits = client.get("/api/limits/").json()
    assert limits["version_test_games_per_day"] == 1234 and limits["version_tests_running_per_bot"] == 1


# --- the bot page ---------------------------------------------------------------------------------

def test_the_bot_page_starts_a_test_and_shows_it_finished_with_chart_counts_and_replays(client, user, stranger):
    bot = bot_with_versions(user)
    bot_services.bot_version_choose(bot=bot, user=user, number=1)   # v1 plays until v2 proves stronger
    client.force_login(user)
    page = client.get(reverse("bot-detail", args=[bot.pk])).content.decode()
    assert 'id="version-test-form"' in page and '<option value="2" selected>v2</option>' in page
    refused = client.post(reverse("version-test-start", args=[bot.pk]),
                          {"new": 2, "old": 1, "elo0": 10, "elo1": 5, "max_games": 40})
    assert refused.status_code == 400 and not VersionTest.objects.exists()
    assert "The version test was not started: elo1 (5) must be greater than elo0 (10)" in refused.content.decode()
    started = client.post(reverse("version-test-start", args=[bot.pk]),
                          {"new": 2, "old": 1, "elo0": 0, "elo1": 100, "max_games": 200})
    assert started.status_code == 302 and started["Location"] == reverse("bot-detail", args=[bot.pk]) + "#version-test"
    test = VersionTest.objects.get()
    page = client.get(reverse("bot-detail", args=[bot.pk])).content.decode()
    assert 'id="version-test-busy"' in page and 'id="version-test-form"' not in page
    assert f'hx-get="{reverse("version-test-live", args=[test.pk])}"' in page and "Cancel the test" in page

    pair = 0
    while VersionTest.objects.get(pk=test.pk).is_live:
        finish_pair(test, pair, new_scores=(1.0, 1.0))
        services.version_test_advance(test_id=test.pk)
        pair += 1
    test.refresh_from_db()
    page = client.get(reverse("bot-detail", args=[bot.pk])).content.decode()
    assert '<strong class="vt-state vt-state-h1" id="version-test-state">accepted H1</strong>' in page
    assert test.verdict in page and "hx-get=\"" + reverse("version-test-live", args=[test.pk]) not in page
    assert '<svg id="llr-chart"' in page and page.count('class="bound bound-h') == 2 and "H1 at 2.94" in page
    assert "Make v2 the version that plays" in page and 'id="version-test-form"' in page
    assert page.count('class="replay-link"') == 2 * pair
    assert f"{2 * pair} of at most 200 games" in page

    made = client.post(reverse("version-test-make-winner-play", args=[test.pk]))
    assert made.status_code == 302 and Bot.objects.get(pk=bot.pk).active_version_id == test.new_version_id
    page = client.get(reverse("bot-detail", args=[bot.pk])).content.decode()
    assert "ronin plays v2 from now on." in page and 'id="version-test-winner-plays"' in page

    client.force_login(stranger)
    assert 'id="version-test"' not in client.get(reverse("bot-detail", args=[bot.pk])).content.decode()
    assert client.post(reverse("version-test-cancel", args=[test.pk])).status_code == 404
    public = client.get(reverse("version-test-detail", args=[test.pk])).content.decode()
    assert test.verdict in public and "Make v2" not in public and "Cancel the test" not in public


def test_the_live_block_reloads_the_page_once_the_test_ends(client, user):
    test = services.version_test_start(owner=user, bot=bot_with_versions(user), new=2, old=1, max_games=2)
    live = reverse("version-test-live", args=[test.pk])
    assert "HX-Refresh" not in client.get(live, HTTP_HX_REQUEST="true")
    finish_pair(test, 0, new_scores=(1.0, 0.0))
    services.version_test_advance(test_id=test.pk)
    ended = client.get(live, HTTP_HX_REQUEST="true")
    assert ended["HX-Refresh"] == "true" and "stopped at its game limit" in ended.content.decode()


def test_a_game_under_way_when_the_test_ends_is_shown_but_never_counted(client, user):
    import uuid
    test = services.version_test_start(owner=user, bot=bot_with_versions(user), new=2, old=1, elo0=0, elo1=100,
                                       max_games=200)
    pair = 0
    while VersionTest.objects.get(pk=test.pk).is_live:
        finish_pair(test, pair, new_scores=(1.0, 1.0))
        # a worker has begun the first game of the next pair
        Match.objects.filter(version_test_game__test=test, version_test_game__pair=pair + 1,
                             version_test_game__leg=0).update(status=Match.Status.RUNNING, lease_token=uuid.uuid4())
        services.version_test_advance(test_id=test.pk)
        pair += 1
    test.refresh_from_db()
    counts = list(test.pentanomial)
    straggler = VersionTestGame.objects.get(test=test, pair=pair)   # its second game was dropped
    assert straggler.leg == 0 and straggler.match.status == Match.Status.RUNNING
    Match.objects.filter(pk=straggler.match_id).update(status=Match.Status.DONE, result={"ranks": [2, 1, 3]})
    services.version_test_advance(test_id=test.pk)
    test.refresh_from_db()
    assert test.pentanomial == counts and test.status == "h1"
    page = client.get(reverse("version-test-detail", args=[test.pk])).content.decode()
    assert page.count("(after the end: not counted)") == 1
    games = api_of(user).get(reverse("api-version-test", args=[test.pk])).json()["matches"]
    assert [g["counted"] for g in games] == [True] * (2 * pair) + [False]


def test_the_api_makes_the_winner_the_version_that_plays(user):
    bot = bot_with_versions(user)
    bot_services.bot_version_choose(bot=bot, user=user, number=1)
    api = api_of(user)
    created = api.post(reverse("api-bot-version-tests", args=[bot.pk]),
                       {"new": 2, "old": 1, "elo0": 0, "elo1": 100, "max_games": 200}, format="json").json()
    test = VersionTest.objects.get(pk=created["id"])
    pair = 0
    while VersionTest.objects.get(pk=test.pk).is_live:
        finish_pair(test, pair, new_scores=(1.0, 1.0))
        services.version_test_advance(test_id=test.pk)
        pair += 1
    detail = api.get(reverse("api-version-test", args=[test.pk])).json()
    assert (detail["status"], detail["status_text"], detail["winner"]) == ("h1", "accepted H1", 2)
    made = api.post(reverse("api-version-test-make-winner-play", args=[test.pk]))
    assert made.status_code == 200 and made.json() == {"test": test.pk, "bot_id": bot.pk, "bot": "ronin",
                                                       "active_version": 2}
    assert api.get(reverse("api-bot", args=[bot.pk])).json()["active_version"] == 2


def test_the_beat_moves_on_a_test_whose_pair_was_played_without_its_task(user):
    """A pair whose message was lost is played by the sweep's republishing, which does not advance
    its test: the beat's task does."""
    from workers import tasks
    test = services.version_test_start(owner=user, bot=bot_with_versions(user), new=2, old=1, max_games=100)
    finish_pair(test, 0, new_scores=(1.0, 0.5))
    assert tasks.advance_version_tests.run() == 1
    test.refresh_from_db()
    assert test.pentanomial == [0, 0, 0, 1, 0] and queued_pairs(test) == [1, 2]

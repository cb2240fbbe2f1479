"""Match services: creating (all or nothing), and the exactly-once claim / play / store."""
import uuid

import pytest
from django.db import IntegrityError, OperationalError, transaction
from django.utils import timezone

from arena import replay as arena_replay
from web.bots.models import Bot, BotVersion
from web.bots import services as bot_services
from web.errors import ServiceError
from web.matches import execution, selectors, services
from web.matches.models import Match, MatchSeat
from web.ratings.models import CurrentRating, RatingEntry
from web.ratings.services import ratings_apply_match


def _nothing_stored():
    return Match.objects.count() == 0 and MatchSeat.objects.count() == 0


def test_create_queues_a_match_with_its_seats_and_current_versions(house):
    match = services.match_create(game="katana", seats=house[:5], seed=11, options={})
    match.refresh_from_db()
    assert match.status == Match.Status.QUEUED and match.attempts == 0 and match.seed == 11
    assert match.rules_version == "1.0" and match.options == {}
    seats = list(match.seats.order_by("seat"))
    assert [s.bot_id for s in seats] == [b.pk for b in house[:5]]
    assert all(s.bot_version.bot_id == s.bot_id and s.status == "" for s in seats)
    assert CurrentRating.objects.filter(bot__in=house[:5], game="katana").count() == 5


@pytest.mark.parametrize("make_seats,game,message", [
    (lambda house, other, deleted: house[:5], "chess", "unknown game 'chess'"),
    (lambda house, other, deleted: house[:2], "katana", "katana is played by 3 to 7 players, not 2"),
    (lambda house, other, deleted: house * 2, "katana", "not 10"),
    (lambda house, other, deleted: house[:4] + [other], "katana", "seat 4: bot 'duelist' plays risques, not katana"),
    (lambda house, other, deleted: [deleted] + house[:4], "katana", "seat 0: bot 'random-6' is retired"),
    (lambda house, other, deleted: house[:4] + ["random-1"], "katana", "seat 4: expected a bot or a bot version"),
])
def test_bad_input_is_a_clear_error_and_stores_nothing(house, make_seats, game, message):
    other = Bot.objects.create(game="risques", name="duelist")
    BotVersion.objects.create(bot=other, number=1, kind="builtin", builtin_name="random", status="passed")
    deleted = bot_services.bot_retire(bot=house[5])
    with pytest.raises(ServiceError) as error:
        services.match_create(game=game, seats=make_seats(house[:5], other, deleted))
    assert message in str(error.value)
    assert _nothing_stored()


def test_a_bot_deleted_after_it_was_loaded_is_refused(house):
    stale = Bot.objects.get(pk=house[0].pk)
    bot_services.bot_retire(bot=house[0])
    with pytest.raises(ServiceError, match="is retired"):
        services.match_create(game="katana", seats=[stale] + house[1:5])
    assert _nothing_stored()


def test_bad_options_and_versions_store_nothing(house, user):
    with pytest.raises(ServiceError, match="katana has no option"):
        services.match_create(game="katana", seats=house[:5], options={"colour": "red"})
    bot = bot_services.bot_create(game="katana", name="fresh", owner=user)
    bot_services.bot_version_upload(bot=bot, filename="bot.py", content=b"print(1)\n")
    with pytest.raises(ServiceError, match="seat 4: bot 'fresh' has no version that passed validation"):
        services.match_create(game="katana", seats=house[:4] + [bot])
    pending = bot.versions.get()
    with pytest.raises(ServiceError, match="v1 has not passed validation \\(it is still being validated\\)"):
        services.match_create(game="katana", seats=house[:4] + [pending])
    with pytest.raises(ServiceError, match="seed"):
        services.match_create(game="katana", seats=house[:5], seed=-1)
    assert _nothing_stored()


def test_several_matches_are_all_or_nothing(house):
    good = services.MatchSpec(tuple(house[:5]), 1)
    bad = services.MatchSpec(tuple(house[:2]), 2)
    with pytest.raises(ServiceError, match="seat|players"):
        services.matches_create(game="katana", specs=[good, good, bad])
    assert _nothing_stored()


def _play(match_id, token):
    match = Match.objects.get(pk=match_id)
    seats = list(match.seats.select_related("bot", "bot_version").order_by("seat"))
    return execution.match_play(match=match, seats=seats)


def test_claim_play_store_once(house):
    match = services.match_create(game="katana", seats=house[:5], seed=7)
    token = execution.match_claim(match_id=match.pk, worker="w1")
    assert token is not None
    assert execution.match_claim(match_id=match.pk, worker="w2") is None, "a running match is not claimable"
    played = _play(match.pk, token)
    assert not execution.match_store_result(match_id=match.pk, lease_token=uuid.uuid4(), played=played), \
        "a stranger's token stores nothing"
    assert execution.match_store_result(match_id=match.pk, lease_token=token, played=played)
    assert not execution.match_store_result(match_id=match.pk, lease_token=token, played=played), \
        "a duplicate result is discarded"
    assert execution.match_claim(match_id=match.pk) is None, "a finished match is never played again"
    match.refresh_from_db()
    assert match.status == Match.Status.DONE and match.attempts == 1 and match.worker == "w1"
    assert arena_replay.verify(match.replay) == match.result
    assert match.replay["seed"] == 7 and match.steps == len(match.replay["steps"])
    seats = list(match.seats.order_by("seat"))
    assert [s.rank for s in seats] == match.result["ranks"]
    assert [s.team for s in seats] == match.result["teams"]
    assert all(s.status == "ok" for s in seats)
    assert RatingEntry.objects.filter(match=match).count() == 5
    assert sorted(CurrentRating.objects.filter(bot__in=house[:5]).values_list("games", flat=True)) == [1] * 5


def test_a_late_result_after_the_lease_was_taken_over_is_discarded(house):
    match = services.match_create(game="katana", seats=house[:5], seed=3)
    old = execution.match_claim(match_id=match.pk, worker="slow")
    played = _play(match.pk, old)
    Match.objects.filter(pk=match.pk).update(lease_expires_at=timezone.now() - timezone.timedelta(seconds=1))
    new = execution.match_claim(match_id=match.pk, worker="fast")
    assert new is not None and new != old
    assert execution.match_store_result(match_id=match.pk, lease_token=new, played=_play(match.pk, new))
    assert not execution.match_store_result(match_id=match.pk, lease_token=old, played=played)
    match.refresh_from_db()
    assert match.worker == "fast" and match.attempts == 2
    assert RatingEntry.objects.filter(match=match).count() == 5


def test_ratings_cannot_count_a_match_twice(house):
    match = services.match_create(game="katana", seats=house[:5], seed=5)
    execution.matches_run(match_ids=[match.pk])
    seats = list(match.seats.all())
    with pytest.raises(IntegrityError), transaction.atomic():
        ratings_apply_match(match=Match.objects.get(pk=match.pk), seats=seats)
    assert RatingEntry.objects.filter(match=match).count() == 5


def test_run_a_batch_twice_plays_each_match_once(house):
    matches = services.matches_create(game="katana", specs=[services.MatchSpec(tuple(house[i:i + 5]), i)
                                                             for i in range(2)] * 5)
    ids = [m.pk for m in matches]
    first = execution.matches_run(match_ids=ids, worker="a")
    second = execution.matches_run(match_ids=ids, worker="b")
    assert sorted(first.done) == sorted(ids) and second.done == [] and sorted(second.skipped) == sorted(ids)
    assert selectors.match_counts()["done"] == 10
    assert RatingEntry.objects.count() == 50
    assert sum(CurrentRating.objects.values_list("games", flat=True)) == 50
    # Same seeds and bots, same games: the platform adds nothing random.
    results = [Match.objects.get(pk=i).result for i in ids]
    assert results[0] == results[2] == results[4] and results[1] == results[3]


def test_a_match_that_cannot_be_played_is_an_error_with_its_reason(house):
    match = services.match_create(game="katana", seats=house[:5])
    Match.objects.filter(pk=match.pk).update(rules_version="0.0-old")
    report = execution.matches_run(match_ids=[match.pk])
    match.refresh_from_db()
    assert report.failed == [match.pk] and match.status == Match.Status.ERROR
    assert "queued for katana rules 0.0-old" in match.error
    assert RatingEntry.objects.count() == 0


def test_a_database_fault_releases_the_match_for_a_retry(house, monkeypatch):
    match = services.match_create(game="katana", seats=house[:5])

    def broken(**kwargs):  # the store's transaction fails
        raise OperationalError("server closed the connection unexpectedly")

    monkeypatch.setattr(execution, "matches_store", broken)
    with pytest.raises(OperationalError):
        execution.matches_run(match_ids=[match.pk])
    match.refresh_from_db()
    assert match.status == Match.Status.QUEUED and match.lease_token is None and match.attempts == 1
    assert "server closed" in match.error
    monkeypatch.undo()
    assert execution.matches_run(match_ids=[match.pk]).done == [match.pk]


def test_release_after_the_last_attempt_is_an_error(house, settings):
    settings.ARENA_MATCH_MAX_ATTEMPTS = 2
    match = services.match_create(game="katana", seats=house[:5])
    for expected in (Match.Status.QUEUED, Match.Status.ERROR):
        token = execution.match_claim(match_id=match.pk)
        assert execution.match_release(match_id=match.pk, lease_token=token, error="db down") == expected
    assert execution.match_claim(match_id=match.pk) is None


def test_sweep_requeues_expired_leases_and_republishes_forgotten_matches(house, settings, monkeypatch,
                                                                       django_capture_on_commit_callbacks):
    settings.ARENA_MATCH_MAX_ATTEMPTS = 3
    a, b, c, d = services.matches_create(game="katana", specs=[services.MatchSpec(tuple(house[:5]))] * 4)
    past = timezone.now() - timezone.timedelta(seconds=5)
    for m in (a, b, c):
        execution.match_claim(match_id=m.pk)
    Match.objects.filter(pk__in=[a.pk, b.pk]).update(lease_expires_at=past)
    Match.objects.filter(pk=b.pk).update(attempts=3)
    Match.objects.filter(pk=d.pk).update(queued_at=past - timezone.timedelta(minutes=5))
    published = []
    monkeypatch.setattr(execution, "publish_matches", lambda *, match_ids, batch=None: published.extend(match_ids))
    with django_capture_on_commit_callbacks(execute=True):
        counts = execution.matches_sweep(requeue_after=60)
    assert counts == {"expired": 1, "abandoned": 1, "republished": 1}
    status = dict(Match.objects.values_list("pk", "status"))
    assert status == {a.pk: "queued", b.pk: "error", c.pk: "running", d.pk: "queued"}
    assert sorted(published) == sorted([a.pk, d.pk])
    assert "lost 3 times" in Match.objects.get(pk=b.pk).error


def _claim_and_play(house, n, seed=0):
    matches = services.matches_create(game="katana", specs=[
        services.MatchSpec(tuple(house[i % 2:i % 2 + 5]), seed + i) for i in range(n)])
    token, claimed = execution.matches_claim(match_ids=[m.pk for m in matches], worker="w")
    return token, [(item, execution.match_play(match=item.match, seats=item.seats)) for item in claimed]


class _Statements:
    """The statements a block sends to the database (an executemany counts once per row)."""

    def __init__(self):
        self.sent = []

    def __call__(self, execute, sql, params, many, context):
        if not sql.lstrip().upper().startswith(("SAVEPOINT", "RELEASE SAVEPOINT", "ROLLBACK TO SAVEPOINT")):
            self.sent += [" ".join(sql.split()[:3]).replace('"', "")] * (len(params) if many else 1)
        return execute(sql, params, many, context)


@pytest.mark.parametrize("n", [1, 4, 12])
def test_storing_a_batch_takes_the_same_five_statements_whatever_its_size(house, n):
    from django.db import connection
    token, results = _claim_and_play(house, n)
    statements = _Statements()
    with connection.execute_wrapper(statements):
        stored = execution.matches_store(token=token, results=results)
    assert sorted(stored) == sorted(item.match.pk for item, _ in results)
    assert statements.sent == [
        "UPDATE matches_match SET",               # results and replays, guarded by (id, token, running)
        "UPDATE matches_matchseat SET",           # the seats of the matches it updated
        "SELECT ratings_currentrating.id, ratings_currentrating.bot_id,",   # locks the current ratings
        "INSERT INTO ratings_ratingentry",        # one live entry per match and bot
        "UPDATE ratings_currentrating SET",
    ]
    assert RatingEntry.objects.count() == 5 * n
    assert MatchSeat.objects.filter(status="ok", rank__isnull=False).count() == 5 * n
    for item, played in results:
        match = Match.objects.get(pk=item.match.pk)
        assert match.result == played.result and match.replay == played.replay
        assert match.steps == len(played.steps) and match.engine_seconds == played.engine_seconds
        assert [s.rank for s in match.seats.order_by("seat")] == played.result["ranks"]


@pytest.mark.parametrize("n", [1, 12])
def test_claiming_a_batch_takes_three_statements_whatever_its_size(house, n):
    from django.db import connection
    matches = services.matches_create(game="katana", specs=[services.MatchSpec(tuple(house[:5]), i)
                                                             for i in range(n)])
    statements = _Statements()
    with connection.execute_wrapper(statements):
        _, claimed = execution.matches_claim(match_ids=[m.pk for m in matches], worker="w")
    assert len(statements.sent) == 3
    assert [item.match.pk for item in claimed] == sorted(m.pk for m in matches)
    first = claimed[0]
    assert [seat.label for seat in first.seats] == [f"{bot.name}@v1" for bot in house[:5]]
    assert first.seats[0].agent_ref == {"kind": "builtin", "name": house[0].versions.get().builtin_name}


def test_a_batch_stores_the_matches_it_holds_and_discards_the_one_taken_over(house):
    token, results = _claim_and_play(house, 3, seed=40)
    lost = results[1][0].match.pk
    Match.objects.filter(pk=lost).update(lease_expires_at=timezone.now() - timezone.timedelta(seconds=1))
    other = execution.match_claim(match_id=lost, worker="other")
    assert other is not None
    stored = execution.matches_store(token=token, results=results)
    assert sorted(stored) == sorted([results[0][0].match.pk, results[2][0].match.pk])
    taken = Match.objects.get(pk=lost)
    assert taken.status == Match.Status.RUNNING and taken.result is None and taken.worker == "other"
    assert set(taken.seats.values_list("status", flat=True)) == {""}
    assert not RatingEntry.objects.filter(match_id=lost).exists()
    assert RatingEntry.objects.count() == 10
    assert sum(CurrentRating.objects.values_list("games", flat=True)) == 10


def test_a_batch_stores_each_replay_as_it_was_played_and_postgresql_keeps_its_text(house):
    """Replays travel to the database as their text (``bulk_sql.JSON_TEXT``): they read back equal to
    what the engine played and re-play; on PostgreSQL the column is ``json`` (the text as written,
    lz4-compressed), never converted to ``jsonb``."""
    from django.db import connection
    matches = services.matches_create(game="katana", specs=[services.MatchSpec(tuple(house[:5]), seed)
                                                             for seed in (11, 12, 13)])
    report = execution.matches_run(match_ids=[m.pk for m in matches])
    assert sorted(report.done) == sorted(m.pk for m in matches)
    for match in matches:
        match.refresh_from_db()
        assert arena_replay.verify(match.replay) == match.result
        assert match.replay["bots"] == [f"{bot.name}@v1" for bot in house[:5]]
    replays = dict(Match.objects.filter(pk__in=[m.pk for m in matches]).values_list("pk", "replay"))
    assert replays[matches[0].pk]["seed"] == 11 and replays[matches[2].pk]["seed"] == 13
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT format_type(atttypid, atttypmod), attcompression FROM pg_attribute "
                           "WHERE attrelid = 'matches_match'::regclass AND attname = 'replay'")
            assert cursor.fetchone() == ("json", "l")
            cursor.execute("SELECT replay::text FROM matches_match WHERE id = %s", [matches[0].pk])
            assert cursor.fetchone()[0].startswith('{"format":"samurai-arena-replay","version":1,')

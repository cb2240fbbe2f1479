"""The data migration that moves matches and rating rows into their rating pools."""
import pytest
from django.core.management import call_command
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

from web.bots import services as bot_services

BEFORE = [("ratings", "0001_initial"), ("matches", "0003_match_table_key")]
AFTER = [("ratings", "0004_pool_keys"), ("matches", "0004_pools")]


@pytest.fixture
def old_schema(transactional_db):
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    yield executor.loader.project_state(BEFORE).apps
    call_command("migrate", verbosity=0)


def test_old_rows_move_to_the_pool_of_their_match(old_schema):
    apps = old_schema
    Match, MatchSeat = apps.get_model("matches", "Match"), apps.get_model("matches", "MatchSeat")
    RatingEntry, CurrentRating = apps.get_model("ratings", "RatingEntry"), apps.get_model("ratings", "CurrentRating")
    katana = bot_services.house_bots_ensure(game="katana", count=3)
    risques = bot_services.house_bots_ensure(game="risques", count=3)
    now = timezone.now()

    def match(game, version, bots, options, ranks):
        row = Match.objects.create(game=game, rules_version=version, options=options, seed=1, status="done",
                                   result={"ranks": ranks}, queued_at=now)
        for seat, (bot, rank) in enumerate(zip(bots, ranks)):
            MatchSeat.objects.create(match=row, seat=seat, bot_id=bot.pk, bot_version_id=bot.versions.get().pk,
                                     status="ok", rank=rank)
            RatingEntry.objects.create(bot_id=bot.pk, game=game, kind="live", match=row, rating=1500 + rank,
                                       games=1)
        return row

    kat = match("katana", "1.0", katana, {}, [1, 2, 2])
    duel = match("risques", "1.2", risques[:2], {"mode": "auto", "scenes": 3}, [1, 2])
    massacre = match("risques", "1.2", risques, {}, [2, 1, 3])
    RatingEntry.objects.create(bot_id=katana[0].pk, game="katana", kind="fit", rating=1600, low=1500, high=1700,
                               games=1)
    RatingEntry.objects.create(bot_id=risques[0].pk, game="risques", kind="fit", rating=1600, games=2)
    for bot in katana:
        CurrentRating.objects.create(bot_id=bot.pk, game="katana", rating=1510, low=1400, high=1620, games=1, wins=1)
    for bot in risques:
        CurrentRating.objects.create(bot_id=bot.pk, game="risques", rating=1490, games=2, wins=1)

    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(AFTER)
    apps = executor.loader.project_state(AFTER).apps
    Match, RatingEntry = apps.get_model("matches", "Match"), apps.get_model("ratings", "RatingEntry")
    CurrentRating, Pool = apps.get_model("ratings", "CurrentRating"), apps.get_model("ratings", "Pool")

    pools = {m.pk: m.rating_pool_id for m in Match.objects.all()}
    assert pools == {kat.pk: "katana@1.0", duel.pk: "risques@1.2[mode=duel]",
                     massacre.pk: "risques@1.2[mode=massacre]"}
    assert dict(Pool.objects.values_list("key", "kind")) == {
        "katana@1.0": "teams", "risques@1.2[mode=duel]": "ranks", "risques@1.2[mode=massacre]": "ranks"}
    for row in RatingEntry.objects.filter(kind="live"):
        assert row.pool_id == pools[row.match_id]
    # the Katana fit keeps its single pool; the Risques fit (over both modes) is dropped for the next refit
    assert list(RatingEntry.objects.filter(kind="fit").values_list("bot_id", "pool_id")) == [
        (katana[0].pk, "katana@1.0")]
    kept = CurrentRating.objects.get(bot_id=katana[0].pk)
    assert (kept.pool_id, kept.rating, kept.low, kept.games, kept.wins) == ("katana@1.0", 1510, 1400, 1, 1)
    # a Risques bot that played a duel and a massacre gets one row per mode, from its live entries there
    split = {row.pool_id: (row.rating, row.low, row.games, row.wins)
             for row in CurrentRating.objects.filter(bot_id=risques[0].pk)}
    assert split == {"risques@1.2[mode=duel]": (1501, None, 1, 1),
                     "risques@1.2[mode=massacre]": (1502, None, 1, 0)}
    only_massacre = CurrentRating.objects.get(bot_id=risques[2].pk)
    assert (only_massacre.pool_id, only_massacre.rating, only_massacre.games) == (
        "risques@1.2[mode=massacre]", 1490, 2)

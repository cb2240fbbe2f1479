"""The data migration that takes user tournaments' matches out of the global rating pools."""
import pytest
from django.core.management import call_command
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

from web.bots import services as bot_services

BEFORE = [("ratings", "0004_pool_keys"), ("matches", "0004_pools"), ("tournaments", "0002_arena_formats")]
AFTER = [("ratings", "0005_user_tournaments_out_of_pools")]


@pytest.fixture
def old_schema(transactional_db):
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    yield executor.loader.project_state(BEFORE).apps
    call_command("migrate", verbosity=0)


def test_tournament_rows_leave_the_pool_and_the_ratings_are_recomputed_from_the_ladder(old_schema):
    apps = old_schema
    Match, MatchSeat = apps.get_model("matches", "Match"), apps.get_model("matches", "MatchSeat")
    RatingEntry, CurrentRating = apps.get_model("ratings", "RatingEntry"), apps.get_model("ratings", "CurrentRating")
    Pool = apps.get_model("ratings", "Pool")
    Tournament, Round = apps.get_model("tournaments", "Tournament"), apps.get_model("tournaments", "TournamentRound")
    bots = bot_services.house_bots_ensure(game="katana", count=3)
    Pool.objects.create(key="katana@1.0", game="katana", rules_version="1.0", splits={}, kind="teams")
    now = timezone.now()
    tournament = Tournament.objects.create(name="t", game="katana", format="tables", players_per_match=3, seed=1,
                                           status="done")
    round_ = Round.objects.create(tournament=tournament, number=1, status="done")

    def match(kind, ranks, teams, round_=None):
        row = Match.objects.create(game="katana", rules_version="1.0", options={}, seed=1, status="done", kind=kind,
                                   result={"ranks": ranks, "teams": teams}, queued_at=now, finished_at=now,
                                   rating_pool_id="katana@1.0", tournament_round=round_)
        for seat, (bot, rank, team) in enumerate(zip(bots, ranks, teams)):
            MatchSeat.objects.create(match=row, seat=seat, bot_id=bot.pk, bot_version_id=bot.versions.get().pk,
                                     status="ok", rank=rank, team=team)
            # the old update: every member of a side got the side's whole change
            RatingEntry.objects.create(bot_id=bot.pk, game="katana", pool_id="katana@1.0", kind="live", match=row,
                                       rating=1500 + (16 if rank == 1 else -16), delta=16 if rank == 1 else -16,
                                       games=1)
        return row

    ladder = [match("ladder", [1, 2, 2], ["shogun", "ninja", "ninja"]),
              match("ladder", [2, 1, 2], ["ninja", "shogun", "ninja"])]
    cup = [match("tournament", [1, 2, 2], ["shogun", "ninja", "ninja"], round_) for _ in range(5)]
    RatingEntry.objects.create(bot_id=bots[0].pk, game="katana", pool_id="katana@1.0", kind="fit", rating=1700,
                               low=1600, high=1800, games=7)
    for bot, rating in zip(bots, (1700, 1400, 1380)):
        CurrentRating.objects.create(bot_id=bot.pk, game="katana", pool_id="katana@1.0", rating=rating, low=rating - 90,
                                     high=rating + 90, games=7, wins=5)

    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(AFTER)
    apps = executor.loader.project_state(AFTER).apps
    Match, RatingEntry = apps.get_model("matches", "Match"), apps.get_model("ratings", "RatingEntry")
    CurrentRating = apps.get_model("ratings", "CurrentRating")

    assert set(Match.objects.filter(rated=False).values_list("pk", flat=True)) == {m.pk for m in cup}
    assert not RatingEntry.objects.filter(match_id__in=[m.pk for m in cup]).exists()
    live = RatingEntry.objects.filter(kind="live")
    assert sorted(live.values_list("match_id", flat=True)) == sorted([m.pk for m in ladder] * 3)
    assert sum(live.values_list("delta", flat=True)) == pytest.approx(0.0, abs=1e-9)
    first = {e.bot_id: e.delta for e in live.filter(match_id=ladder[0].pk)}
    assert first == pytest.approx({bots[0].pk: 16.0, bots[1].pk: -8.0, bots[2].pk: -8.0})
    rows = {row.bot_id: row for row in CurrentRating.objects.all()}
    assert all(row.games == 2 for row in rows.values())
    assert [rows[b.pk].wins for b in bots] == [1, 1, 0]
    fits = {e.bot_id: e for e in RatingEntry.objects.filter(kind="fit")}
    assert set(fits) == {b.pk for b in bots} and all(f.games == 2 for f in fits.values())
    for bot in bots:
        row = rows[bot.pk]
        assert row.rating == pytest.approx(fits[bot.pk].rating) and row.low < row.rating < row.high
    assert sum(row.rating for row in rows.values()) / 3 == pytest.approx(1500.0, abs=1e-6)
    assert rows[bots[2].pk].rating < min(rows[bots[0].pk].rating, rows[bots[1].pk].rating)

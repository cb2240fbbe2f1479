"""Tournaments on arena.tournaments' formats: rounds rebuilt from stored results, standings."""
import pytest

from web.bots import services as bot_services
from web.errors import ServiceError
from web.matches import execution as match_execution
from web.matches.models import Match
from web.tournaments import selectors, services
from web.tournaments.models import Tournament


def _play_all():
    ids = list(Match.objects.filter(status="queued").values_list("pk", flat=True))
    match_execution.matches_run(match_ids=ids)
    return ids


def _run_to_the_end(tournament, limit=50):
    for _ in range(limit):
        tournament.refresh_from_db()
        if tournament.status != "running":
            return tournament
        _play_all()
        services.tournament_advance(round_id=tournament.rounds.order_by("-number").first().pk)
    raise AssertionError("the tournament did not end")


def test_rounds_of_tables_play_full_rotations_and_rank_the_bots(house):
    tournament = services.tournament_create(name="Spring", game="katana", bots=house, players_per_match=3,
                                            rounds=2, seed=4)
    assert tournament.status == "running" and tournament.format == "tables"
    first = tournament.rounds.get(number=1)
    assert first.matches.count() == 6  # two tables of 3, each a rotation of 3 games on one seed
    keys = sorted(first.matches.values_list("table_key", flat=True))
    assert keys == sorted(f"tb0/t{t}/g{g}" for t in range(2) for g in range(3))
    progress = selectors.tournament_progress(tournament=tournament)
    assert progress["matches"] == {"queued": 6, "running": 0, "done": 0, "error": 0}
    services.tournament_advance(round_id=first.pk)  # nothing finished: nothing moves
    assert tournament.rounds.count() == 1
    _play_all()
    services.tournament_advance(round_id=first.pk)
    services.tournament_advance(round_id=first.pk)  # twice is harmless
    assert tournament.rounds.count() == 2
    tournament = _run_to_the_end(tournament)
    assert tournament.status == "done" and tournament.finished_at
    standings = tournament.standings
    assert [row["position"] for row in standings] == list(range(1, 7))
    assert all(row["matches"] == 6 and row["errors"] == 0 for row in standings)
    assert all(row["low"] <= row["rating"] <= row["high"] for row in standings)
    ratings = [row["rating"] for row in standings]
    assert ratings == sorted(ratings, reverse=True)


def test_the_schedule_is_rebuilt_from_stored_results_like_the_local_runner(house):
    from arena.tournaments import RepeatedTables
    tournament = services.tournament_create(name="Same", game="katana", bots=house[:5], players_per_match=4,
                                            rounds=3, seed=11)
    tournament = _run_to_the_end(tournament)
    played = {m.table_key: m.seed for m in Match.objects.filter(tournament_round__tournament=tournament)}
    local = RepeatedTables("katana", [f"p{i}" for i in range(1, 6)], seats=4, seed=11, games=3)
    from arena.tournaments import GameResult
    results, expected = [], {}
    while tables := local.next_tables(results):
        for table in tables:
            expected[table.key] = table.seed
            results.append(GameResult(table.key, table.bots, tuple(range(1, 5))))
    assert played == expected


def test_an_elimination_over_tables_ends_with_a_winner(house):
    more = house + bot_services.house_bots_ensure(game="katana", count=7)[6:]
    tournament = services.tournament_create(name="Cut", game="katana", bots=more, players_per_match=3,
                                            format="single-elim", seed=9)
    tournament = _run_to_the_end(tournament)
    assert tournament.status == "done" and tournament.rounds.count() >= 2
    assert [row["position"] for row in tournament.standings].count(1) == 1


def test_a_match_in_error_is_voided_and_the_tournament_moves_on(house):
    tournament = services.tournament_create(name="Err", game="katana", bots=house[:3], rounds=1, seed=2)
    broken = tournament.rounds.get().matches.first()
    Match.objects.filter(pk=broken.pk).update(status="error", error="broken")
    tournament = _run_to_the_end(tournament)
    assert tournament.status == "done"
    assert {row["errors"] for row in tournament.standings} == {1}
    assert all(row["matches"] == 2 for row in tournament.standings)


@pytest.mark.parametrize("kwargs,message", [
    ({"game": "chess"}, "unknown game 'chess'"),
    ({"format": "knockout"}, "unknown tournament format 'knockout'"),
    ({"format": "swiss"}, "swiss pairs two players, but katana is played by 3 to 7"),
    ({"players_per_match": 9}, "not 9"),
    ({"games_per_pairing": 0}, "games per pairing"),
    ({"duplicate": True}, "entered twice"),
    ({"few": True}, "3 bots cannot fill a 5-seat katana table"),
    ({"deleted": True}, "is retired"),
])
def test_bad_tournaments_store_nothing(house, kwargs, message):
    bots = list(house)
    if kwargs.pop("duplicate", False):
        bots = bots + [bots[0]]
    if kwargs.pop("few", False):
        bots = bots[:3]
    if kwargs.pop("deleted", False):
        bot_services.bot_retire(bot=house[2])
    options = {"name": "t", "game": "katana", "bots": bots, "players_per_match": 5} | kwargs
    with pytest.raises(ServiceError, match=message):
        services.tournament_create(**options)
    assert Tournament.objects.count() == 0 and Match.objects.count() == 0

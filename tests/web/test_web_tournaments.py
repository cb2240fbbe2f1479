"""Tournaments: creation, rounds as matches finish, standings."""
import pytest

from web.bots import services as bot_services
from web.errors import ServiceError
from web.matches import execution as match_execution
from web.matches import services as match_services
from web.matches.models import Match
from web.tournaments import selectors, services
from web.tournaments.models import Tournament


def _play_all():
    ids = list(Match.objects.filter(status="queued").values_list("pk", flat=True))
    match_execution.matches_run(match_ids=ids)
    return ids


def test_round_robin_plays_every_table_and_ranks_the_bots(house):
    tournament = services.tournament_create(name="Spring", game="katana", bots=house, players_per_match=5,
                                            games_per_pairing=2, seed=4)
    assert tournament.status == "running"
    assert Match.objects.filter(tournament_round__tournament=tournament).count() == 6 * 2
    progress = selectors.tournament_progress(tournament=tournament)
    assert progress == {"round": 1, "rounds": 1, "matches": {"queued": 12, "running": 0, "done": 0, "error": 0},
                        "status": "running"}
    ids = _play_all()
    services.tournament_advance(round_id=Match.objects.get(pk=ids[0]).tournament_round_id)
    tournament.refresh_from_db()
    assert tournament.status == "done" and tournament.finished_at
    standings = tournament.standings
    assert [row["position"] for row in standings] == list(range(1, 7))
    assert sum(row["matches"] for row in standings) == 12 * 5
    points = [row["points"] for row in standings]
    assert points == sorted(points, reverse=True)
    assert sum(points) <= 12 * 5 / 2 + 1e-9  # n/2 per five-seat match without ties, less with ties
    assert sum(row["wins"] for row in standings) >= 12


def test_random_tables_run_round_after_round(house):
    more = house + bot_services.house_bots_ensure(game="katana", count=7)[6:]
    tournament = services.tournament_create(name="Swiss-ish", game="katana", bots=more, players_per_match=3,
                                            format="random_tables", rounds=3, seed=9)
    for round_number in (1, 2, 3):
        round_ = tournament.rounds.get(number=round_number)
        assert round_.matches.count() == 3  # 7 bots at 3 seats: two full tables and one topped up
        seated = {s.bot_id for m in round_.matches.all() for s in m.seats.all()}
        assert seated == {b.pk for b in more}
        services.tournament_advance(round_id=round_.pk)  # not finished yet: nothing moves
        assert tournament.rounds.count() == round_number
        _play_all()
        services.tournament_advance(round_id=round_.pk)
        services.tournament_advance(round_id=round_.pk)  # twice is harmless
    tournament.refresh_from_db()
    assert tournament.status == "done" and tournament.rounds.count() == 3


@pytest.mark.parametrize("kwargs,message", [
    ({"game": "chess"}, "unknown game 'chess'"),
    ({"format": "knockout"}, "unknown tournament format 'knockout'"),
    ({"players_per_match": 9}, "not 9"),
    ({"games_per_pairing": 0}, "games per pairing"),
    ({"duplicate": True}, "entered twice"),
    ({"few": True}, "3 bots cannot fill a 5-seat katana table"),
    ({"deleted": True}, "was deleted"),
])
def test_bad_tournaments_store_nothing(house, kwargs, message):
    bots = list(house)
    if kwargs.pop("duplicate", False):
        bots = bots + [bots[0]]
    if kwargs.pop("few", False):
        bots = bots[:3]
    if kwargs.pop("deleted", False):
        bot_services.bot_delete(bot=house[2])
    options = {"name": "t", "game": "katana", "bots": bots, "players_per_match": 5} | kwargs
    with pytest.raises(ServiceError, match=message):
        services.tournament_create(**options)
    assert Tournament.objects.count() == 0 and Match.objects.count() == 0

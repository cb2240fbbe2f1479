"""Ratings: live entries per finished match, the current rating, the refit."""
import pytest

from web.matches import execution as match_execution
from web.matches import services as match_services
from web.ratings import records, selectors, services
from web.ratings.models import CurrentRating, RatingEntry
from web.matches.selectors import finished_match_records


@pytest.fixture
def played(house):
    specs = [match_services.MatchSpec(tuple(house[i % 2:i % 2 + 5]), seed) for i, seed in enumerate(range(40))]
    matches = match_services.matches_create(game="katana", specs=specs)
    report = match_execution.matches_run(match_ids=[m.pk for m in matches])
    assert len(report.done) == 40
    return matches


def test_live_entries_follow_every_match_and_sum_to_the_current_rating(house, played):
    for bot in house:
        entries = selectors.rating_history(bot=bot, kind="live")
        current = selectors.current_rating(bot=bot)
        expected_games = sum(1 for i in range(40) if bot in house[i % 2:i % 2 + 5])
        assert len(entries) == current.games == expected_games
        assert current.rating == pytest.approx(1500 + sum(e.delta for e in entries))
        assert entries[-1].rating == pytest.approx(current.rating)
        assert current.wins == sum(1 for m in played
                                   for s in m.seats.all() if s.bot_id == bot.pk and s.rank == 1)
    # The live update is an exchange between seats: the pool's mean is still 1500, and it moved.
    ratings = list(CurrentRating.objects.values_list("rating", flat=True))
    assert sum(ratings) / len(ratings) == pytest.approx(1500.0, abs=1e-6)
    assert len(set(ratings)) == 6


def test_rating_entries_are_append_only(house, played):
    entry = RatingEntry.objects.first()
    entry.rating = 0
    with pytest.raises(ValueError, match="append-only"):
        entry.save()


def test_refit_appends_the_published_rating_with_its_interval(house, played):
    table = services.ratings_refit(pool="katana@1.0", read_records=finished_match_records)
    assert table.n_matches == 40
    fits = RatingEntry.objects.filter(kind="fit")
    assert fits.count() == 6
    for bot in house:
        current = selectors.current_rating(bot=bot)
        fitted = table[str(bot.pk)]
        assert current.rating == pytest.approx(fitted.rating)
        assert current.low < current.rating < current.high
    board = selectors.leaderboard(pool="katana@1.0")
    assert [r.rating for r in board] == sorted((r.rating for r in board), reverse=True) and len(board) == 6


def test_live_changes_after_the_fitted_data_are_kept(house, played):
    from web.matches import selectors as match_selectors
    records, through = match_selectors.finished_match_records(pool="katana@1.0")
    # The fit reads the first 30 matches only: the last 10 were finished while it ran.
    table = services.ratings_refit(pool="katana@1.0", read_records=lambda *, pool: (records[:30], played[29].pk))
    for bot in house:
        later = sum(e.delta for e in RatingEntry.objects.filter(bot=bot, kind="live", match_id__gt=played[29].pk))
        assert selectors.current_rating(bot=bot).rating == pytest.approx(table[str(bot.pk)].rating + later)


def test_records_keep_teams_and_a_forfeiting_seat_is_a_unit_of_its_own():
    record = records.match_record(match_id=1, game="katana", players=[1, 2, 3], ranks=[1, 2, 1],
                                  teams=["shogun", "ninja", "shogun"])
    assert record.teams == ("shogun", "ninja", "shogun")
    split = records.match_record(match_id=2, game="katana", players=[1, 2, 3, 4, 5], ranks=[1, 2, 4, 2, 3],
                                 teams=["shogun", "ninja", "shogun", "ninja", "ronin"])
    assert split.ranks == (1, 2, 4, 2, 3)
    assert split.teams == ("shogun", "ninja", "shogun/seat2", "ninja", "ronin")
    units = [(u.players, u.rank) for u in split.units()]
    assert units == [(("1",), 1), (("2", "4"), 2), (("3",), 4), (("5",), 3)]


def test_a_forfeit_in_a_team_game_rates_the_team_together_and_the_forfeiter_last(house):
    from arena.ratings import LiveElo
    match = match_services.match_create(game="katana", seats=house[:5], seed=1)
    seats = list(match.seats.order_by("seat"))
    teams, ranks = ["shogun", "ninja", "shogun", "ninja", "ronin"], [1, 2, 4, 2, 3]
    for row, team, rank in zip(seats, teams, ranks):
        row.team, row.rank = team, rank
    services.ratings_apply_match(match=match, seats=seats, result={"teams": teams, "ranks": ranks})
    delta = {e.bot_id: e.delta for e in RatingEntry.objects.filter(match=match)}
    ids = [row.bot_id for row in seats]
    assert delta[ids[0]] > 0 > delta[ids[2]], "the forfeiter loses while its team-mate wins"
    assert delta[ids[1]] == pytest.approx(delta[ids[3]]), "a team shares one change"
    assert delta[ids[2]] == min(delta.values())
    expected = LiveElo().update(records.match_record(match_id=match.pk, game="katana", players=ids,
                                                     ranks=ranks, teams=teams))
    assert delta == pytest.approx({int(k): v for k, v in expected.items()})

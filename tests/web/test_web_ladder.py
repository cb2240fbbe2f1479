"""The ladder queues groups chosen by the matchmaking of arena.tournaments.ladder."""
import random

from web.bots import services as bot_services
from web.matches.ladder import ladder_fill, ladder_snapshot
from web.matches.models import Match
from web.ratings.models import CurrentRating


def _groups(matches):
    by_seed = {}
    for match in matches:
        by_seed.setdefault(match.seed, []).append([s.bot_id for s in match.seats.order_by("seat")])
    return list(by_seed.values())


def test_ladder_fills_up_to_its_target_with_whole_rotations(house):
    created = ladder_fill(game="katana", target=8, rng=random.Random(1))
    assert 8 <= len(created) < 8 + 6
    assert all(m.kind == "ladder" for m in created)
    for group in _groups(created):
        k = len(group)
        assert 3 <= k <= 6 and len(set(group[0])) == k
        assert len(group) == k, "one match per seat, on one seed"
        assert sorted(map(tuple, group)) == sorted(tuple(group[0][j:] + group[0][:j]) for j in range(k))
    assert ladder_fill(game="katana", target=8) == []
    Match.objects.filter(pk__in=[m.pk for m in created]).update(status="done", result={})
    assert len(ladder_fill(game="katana", target=8)) >= 8


def test_no_ladder_without_enough_bots(db):
    assert ladder_fill(game="katana", target=5) == []
    bot_services.house_bots_ensure(game="katana", count=2)
    assert ladder_fill(game="katana", target=5) == []


def test_the_snapshot_carries_ratings_and_the_newcomer_plays_first(house, katana_pool):
    CurrentRating.objects.bulk_create([CurrentRating(bot=bot, game="katana", pool_id=katana_pool, rating=1500 + 10 * i,
                                                     games=50, low=1400 + 10 * i, high=1600 + 10 * i)
                                       for i, bot in enumerate(house[:5])])
    ladder, versions = ladder_snapshot(game="katana", seed=3)
    assert ladder.seats == [3, 4, 5, 6]
    first = ladder.bots[str(house[1].pk)]
    assert first.rating == 1510 and first.games == 50 and round(first.sd, 1) == 51.0
    assert ladder.bots[str(house[5].pk)].games == 0
    created = ladder_fill(game="katana", target=1, rng=random.Random(4))
    assert all(house[5].pk in [s.bot_id for s in m.seats.all()] for m in created), \
        "the provisional bot is the focal one"
    assert set(versions) == {str(b.pk) for b in house}

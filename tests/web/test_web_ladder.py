"""The ladder queues groups chosen by the matchmaking of arena.tournaments.ladder."""
import random

from web.bots import services as bot_services
from web.matches.ladder import ladder_fill, ladder_pools, ladder_snapshot
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
    (pool,) = ladder_pools("katana")
    ladder, versions = ladder_snapshot(game="katana", pool=pool, seed=3)
    assert ladder.seats == [3, 4, 5, 6]
    first = ladder.bots[str(house[1].pk)]
    assert first.rating == 1510 and first.games == 50 and round(first.sd, 1) == 51.0
    assert ladder.bots[str(house[5].pk)].games == 0
    created = ladder_fill(game="katana", target=1, rng=random.Random(4))
    assert all(house[5].pk in [s.bot_id for s in m.seats.all()] for m in created), \
        "the provisional bot is the focal one"
    assert set(versions) == {str(b.pk) for b in house}


def test_each_rating_pool_of_a_game_has_its_own_ladder(db):
    """Risques: the duel, the frappe (two players) and the massacre (three to seven) are three
    pools; each gets its tables, with its options, paired by the ratings of that pool."""
    bots = bot_services.house_bots_ensure(game="risques", count=5)
    pools = {pool.key: pool for pool in ladder_pools("risques")}
    duel, frappe, massacre = (pools[f"risques@1.3[mode={mode}]"] for mode in ("duel", "frappe", "massacre"))
    assert duel.seats == frappe.seats == [2] and massacre.seats == [3, 4, 5, 6, 7]
    assert massacre.options(5) == {"mode": "massacre"}
    # strong in duels, unrated in massacres: the duel ladder reads the duel rating only
    for pool in (duel, massacre):
        from web.ratings.pools import pool_of, pools_ensure
        pools_ensure(pools=[pool_of(game="risques", n_players=pool.seats[0], options=pool.options(pool.seats[0]))])
    CurrentRating.objects.create(bot=bots[0], game="risques", pool_id=duel.key, rating=1800, low=1700, high=1900,
                                 games=40)
    in_duels, _ = ladder_snapshot(game="risques", pool=duel, seed=1)
    in_massacres, _ = ladder_snapshot(game="risques", pool=massacre, seed=1)
    assert in_duels.bots[str(bots[0].pk)].rating == 1800 and in_duels.bots[str(bots[0].pk)].games == 40
    assert in_massacres.bots[str(bots[0].pk)].rating == 1500 and in_massacres.bots[str(bots[0].pk)].games == 0
    created = ladder_fill(game="risques", target=10, rng=random.Random(3))
    by_pool = {}
    for match in created:
        by_pool.setdefault(match.rating_pool_id, []).append(match)
    assert set(by_pool) == {duel.key, frappe.key, massacre.key}
    assert all(len(by_pool[key]) >= 2 for key in by_pool), "each pool gets its share of the target"
    for key, matches in by_pool.items():
        mode = key.split("mode=")[1].rstrip("]")
        assert all(m.options["mode"] == mode and m.rated and m.kind == "ladder" for m in matches)
    assert {m.seats.count() for m in by_pool[duel.key]} == {2}
    assert min(m.seats.count() for m in by_pool[massacre.key]) >= 3
    # filled: nothing more until they are played
    assert ladder_fill(game="risques", target=10) == []


def test_the_standard_pool_is_the_game_as_most_tables_play_it():
    from arena import games
    assert games.get("katana").standard_pool == "katana@1.0"
    assert games.get("risques").standard_pool.endswith("[mode=massacre]")
    shogun = games.get("shogun")
    assert shogun.standard_pool == shogun.rating_pool(3).key and "ghost=0" in shogun.standard_pool


def test_the_standard_pool_gets_most_of_the_ladder_and_every_other_pool_its_turn(db):
    """Shōgun's eleven pools: its tables without the ghost get most of the ladder's matches, and
    each ghost level, solo or beside seats, gets its turn within a few ticks."""
    from arena import games
    bot_services.house_bots_ensure(game="shogun", count=5)
    standard, rng, by_pool = games.get("shogun").standard_pool, random.Random(7), {}
    for _ in range(12):   # the ladder's ticks, every match played in between
        created = ladder_fill(game="shogun", target=20, rng=rng)
        Match.objects.filter(pk__in=[m.pk for m in created]).update(status="done", result={})
        for match in created:
            by_pool[match.rating_pool_id] = by_pool.get(match.rating_pool_id, 0) + 1
    assert set(by_pool) == {pool.key for pool in ladder_pools("shogun")}
    share = by_pool[standard] / sum(by_pool.values())
    assert 0.55 <= share <= 0.7, by_pool

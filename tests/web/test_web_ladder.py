"""The ladder keeps matches queued between bots of close ratings."""
import random

from web.matches import engine
from web.matches.ladder import Candidate, choose_tables, ladder_fill
from web.matches.models import Match


def test_ladder_fills_up_to_its_target_and_no_further(house):
    created = ladder_fill(game="katana", target=8, rng=random.Random(1))
    assert len(created) == 8
    for match in created:
        bots = [s.bot_id for s in match.seats.all()]
        assert 3 <= len(bots) <= 6 and len(set(bots)) == len(bots)
        assert match.kind == "ladder"
    assert ladder_fill(game="katana", target=8) == []
    Match.objects.filter(pk=created[0].pk).update(status="done", result={})
    assert len(ladder_fill(game="katana", target=8)) == 1


def test_no_ladder_without_enough_bots(db):
    assert ladder_fill(game="katana", target=5) == []


def test_tables_group_close_ratings():
    candidates = [Candidate(i, i, 1000 + 100 * i, 10) for i in range(20)]
    tables = choose_tables(candidates=candidates, count=50, min_players=3, max_players=3, rng=random.Random(2))
    for table in tables:
        ratings = sorted(c.rating for c in table)
        assert ratings[-1] - ratings[0] == 200  # three neighbours on the rating scale
    assert engine.game_info("katana").min_players == 3

import pytest
from django.core.cache import cache

from web.bots import services as bot_services


@pytest.fixture(autouse=True)
def fresh_cache():
    """Every test starts with empty rate-limit counters and replay caches."""
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def house(db):
    """Six built-in Katana bots."""
    return bot_services.house_bots_ensure(game="katana", count=6)


@pytest.fixture
def user(db, django_user_model):
    return django_user_model.objects.create_user(username="hanzo", password="x" * 12)



@pytest.fixture
def played_match(house):
    """A finished five-player Katana match between built-in bots, stored as a worker stores it."""
    from web.matches import execution, services
    from web.matches.models import Match
    match = services.match_create(game="katana", seats=house[:5], seed=11)
    token = execution.match_claim(match_id=match.pk, worker="test")
    match = Match.objects.get(pk=match.pk)
    seats = list(match.seats.select_related("bot", "bot_version").order_by("seat"))
    assert execution.match_store_result(match_id=match.pk, lease_token=token,
                                        played=execution.match_play(match=match, seats=seats))
    return Match.objects.get(pk=match.pk)


@pytest.fixture
def katana_pool(db):
    """The rating pool of Katana matches (one pool: no option splits it), as a key."""
    from web.ratings.pools import pool_of, pools_ensure
    (key,) = pools_ensure(pools=[pool_of(game="katana", n_players=5)])
    return key

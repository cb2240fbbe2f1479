import pytest

from web.bots import services as bot_services


@pytest.fixture
def house(db):
    """Six built-in Katana bots."""
    return bot_services.house_bots_ensure(game="katana", count=6)


@pytest.fixture
def user(db, django_user_model):
    return django_user_model.objects.create_user(username="hanzo", password="x" * 12)


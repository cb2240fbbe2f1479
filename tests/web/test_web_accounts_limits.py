"""Signing in and up under misuse: failed attempts limited per account and per address on the page
and the API alike, without telling anyone which names exist; names that could mislead refused."""
import pytest
from django.core.cache import cache
from django.urls import reverse
from rest_framework.test import APIClient

from web.bots import services as bot_services
from web.errors import ServiceError

PASSWORD = "a-long-passphrase-1"


@pytest.fixture(autouse=True)
def _counts(settings):
    settings.ARENA_SIGN_IN_FAILURES_PER_ACCOUNT = 4
    settings.ARENA_SIGN_IN_FAILURES_PER_ADDRESS = 10
    settings.ARENA_SIGN_UPS_PER_ADDRESS = 2
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def hanzo(django_user_model):
    return django_user_model.objects.create_user(username="hanzo", password=PASSWORD)


def _page_login(client, username, password, address="10.0.0.1"):
    return client.post(reverse("login"), {"username": username, "password": password}, REMOTE_ADDR=address)


def _api_login(username, password, address="10.0.0.1"):
    return APIClient().post("/api/auth/token/", {"username": username, "password": password}, REMOTE_ADDR=address)


REFUSAL = "Too many failed sign-ins for this account or from this address: try again in 15 minutes."


def test_wrong_passwords_lock_the_account_out_even_for_the_right_one(client, hanzo):
    for _ in range(4):
        assert _page_login(client, "hanzo", "wrong").status_code == 200
    refused = _page_login(client, "hanzo", PASSWORD)
    assert refused.status_code == 429 and REFUSAL in refused.content.decode()
    assert "_auth_user_id" not in client.session
    api = _api_login("hanzo", PASSWORD, address="10.0.0.2")   # the account, from anywhere, by any route
    assert api.status_code == 429 and api.json()["detail"] == REFUSAL[0].lower() + REFUSAL[1:-1]


def test_the_refusal_reads_the_same_for_a_name_nobody_has(client, hanzo):
    for _ in range(4):
        _page_login(client, "nobody-here", "wrong")
    ghost = _page_login(client, "nobody-here", "anything")
    for _ in range(4):
        _page_login(client, "hanzo", "wrong", address="10.0.0.3")
    real = _page_login(client, "hanzo", "anything", address="10.0.0.3")
    assert ghost.status_code == real.status_code == 429
    assert REFUSAL in ghost.content.decode() and REFUSAL in real.content.decode()


def test_one_address_trying_many_accounts_is_stopped(client, hanzo):
    for n in range(10):
        assert _api_login(f"guess-{n}", "wrong").status_code == 400
    assert _api_login("hanzo", PASSWORD).status_code == 429
    assert _page_login(client, "hanzo", PASSWORD).status_code == 429
    assert _api_login("hanzo", PASSWORD, address="10.9.9.9").status_code == 200   # hanzo, elsewhere


def test_a_right_password_clears_the_accounts_count(client, hanzo):
    for _ in range(3):
        _api_login("hanzo", "wrong")
    assert _api_login("hanzo", PASSWORD).status_code == 200
    for _ in range(3):
        _api_login("hanzo", "wrong")
    assert _page_login(client, "hanzo", PASSWORD).status_code == 302


def _sign_up(client, username, address="10.1.1.1"):
    return client.post(reverse("signup"), {"username": username, "password1": PASSWORD, "password2": PASSWORD},
                       REMOTE_ADDR=address)


def test_sign_ups_are_limited_per_address(client, django_user_model):
    assert _sign_up(client, "first").status_code == 302
    client.logout()
    assert _sign_up(client, "second").status_code == 302
    client.logout()
    refused = _sign_up(client, "third")
    assert refused.status_code == 429
    assert "Too many accounts created from this address: try again in 60 minutes." in refused.content.decode()
    assert not django_user_model.objects.filter(username="third").exists()
    assert _sign_up(client, "third", address="10.1.1.2").status_code == 302


@pytest.mark.parametrize("username,message", [
    ("house", "a user name 'house' reads as 'house', a name the arena keeps"),
    ("Admin", "reads as 'admin'"),
    ("random-2", "reads as 'random'"),
    ("heuristic", "reads as 'heuristic'"),
    ("\u0430lice", "a user name cannot mix letters of different scripts (cyrillic, latin)"),
])
def test_names_that_could_mislead_are_refused_at_sign_up(client, django_user_model, username, message):
    refused = _sign_up(client, username)
    assert refused.status_code == 400 and message in refused.content.decode().replace("&#x27;", "'")
    assert not django_user_model.objects.filter(username=username).exists()


def test_names_in_one_script_or_japanese_with_latin_are_welcome(client, django_user_model):
    assert _sign_up(client, "\u540d\u524dTaro").status_code == 302


@pytest.mark.parametrize("name,message", [
    ("random-9", "a bot's name 'random-9' reads as 'random', a name the arena keeps for itself or its built-in bots"),
    ("heur1stic", "reads as 'heuristic'"),
    ("my\u202etob", "a bot's name cannot hold invisible or direction-changing characters (U+202E)"),
    ("\u0455amurai", "a bot's name cannot mix letters of different scripts (cyrillic, latin)"),
])
def test_a_persons_bot_cannot_pass_for_another_or_a_built_in_one(db, hanzo, name, message):
    with pytest.raises(ServiceError) as refused:
        bot_services.bot_create(game="katana", name=name, owner=hanzo)
    assert str(refused.value) == message or message in str(refused.value)
    assert bot_services.house_bots_ensure(game="katana", count=2)[1].name == "random-2"

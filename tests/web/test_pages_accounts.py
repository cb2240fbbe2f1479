"""Signing up, logging in and out, the account page and its API token."""
from django.contrib.auth import get_user_model
from django.urls import reverse
from rest_framework.authtoken.models import Token

from bot_sources import GOOD_BOT, playable_upload
from web.bots import services as bot_services


def test_sign_up_stores_a_hashed_password_and_logs_in(client, db):
    response = client.post(reverse("signup"), {"username": "tomoe", "password1": "a-long-pass-phrase",
                                               "password2": "a-long-pass-phrase"})
    assert response.status_code == 302 and response["Location"] == reverse("account")
    user = get_user_model().objects.get(username="tomoe")
    assert user.password != "a-long-pass-phrase" and user.check_password("a-long-pass-phrase")
    assert "tomoe" in client.get(reverse("account")).content.decode()


def test_sign_up_explains_a_bad_form(client, db):
    response = client.post(reverse("signup"), {"username": "tomoe", "password1": "a-long-pass-phrase",
                                               "password2": "another-pass-phrase"})
    assert response.status_code == 400
    assert "The two password fields didn’t match" in response.content.decode()
    assert not get_user_model().objects.exists()


def test_log_in_and_log_out(client, user):
    page = client.get(reverse("login")).content.decode()
    assert 'name="csrfmiddlewaretoken"' in page and 'id="login-form"' in page
    bad = client.post(reverse("login"), {"username": user.username, "password": "wrong"})
    assert bad.status_code == 200 and "Please enter a correct username and password" in bad.content.decode()
    good = client.post(reverse("login"), {"username": user.username, "password": "x" * 12,
                                          "next": reverse("bot-upload")})
    assert good.status_code == 302 and good["Location"] == reverse("bot-upload")
    assert client.get(reverse("account")).status_code == 200
    assert client.post(reverse("logout")).status_code == 302
    assert client.get(reverse("account"))["Location"].startswith(reverse("login"))


def test_the_account_page_needs_a_login(client, db):
    response = client.get(reverse("account"))
    assert response.status_code == 302 and response["Location"] == f"{reverse('login')}?next={reverse('account')}"


def test_the_account_page_lists_your_bots_with_their_status(client, user, house, django_user_model):
    mine, _ = playable_upload(user, "musashi", GOOD_BOT)
    pending = bot_services.bot_create(game="katana", name="kojiro-jr", owner=user)
    bot_services.bot_version_upload(bot=pending, filename="k.py", content=GOOD_BOT)
    other = django_user_model.objects.create_user(username="other", password="x" * 12)
    playable_upload(other, "not-mine", GOOD_BOT)
    client.force_login(user)
    page = client.get(reverse("account")).content.decode()
    assert f'href="{reverse("bot-detail", args=[mine.pk])}">musashi<' in page
    assert 'v1 <span class="status-passed">passed</span>' in page
    assert 'v1 <span class="status-pending">pending</span>' in page
    assert "not-mine" not in page and house[0].name not in page


def test_an_api_token_is_created_regenerated_and_revoked_with_post_forms(client, user):
    client.force_login(user)
    page = client.get(reverse("account")).content.decode()
    assert 'id="no-api-token"' in page and f'action="{reverse("token-create")}"' in page
    assert client.get(reverse("token-create")).status_code == 405   # never by a link
    assert not Token.objects.exists()
    client.post(reverse("token-create"))
    token = Token.objects.get(user=user)
    page = client.get(reverse("account")).content.decode()
    assert f'<code id="api-token" class="token">{token.key}</code>' in page
    client.post(reverse("token-regenerate"))
    renewed = Token.objects.get(user=user)
    assert renewed.key != token.key
    assert renewed.key in client.get(reverse("account")).content.decode()
    client.post(reverse("token-revoke"))
    assert not Token.objects.filter(user=user).exists()
    assert 'id="no-api-token"' in client.get(reverse("account")).content.decode()


def test_the_token_works_on_the_api_and_stops_working_once_revoked(client, user):
    from rest_framework.test import APIClient
    client.force_login(user)
    client.post(reverse("token-create"))
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.get(user=user).key}")
    assert api.get(reverse("api-me")).json() == {"username": user.username}
    client.post(reverse("token-revoke"))
    assert api.get(reverse("api-me")).status_code == 401


def test_the_token_buttons_need_a_csrf_token(user):
    from django.test import Client
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(user)
    assert strict.post(reverse("token-create")).status_code == 403
    assert not Token.objects.exists()
    page = strict.get(reverse("account")).content.decode()
    assert page.count('name="csrfmiddlewaretoken"') >= 2   # the token form and the log-out button

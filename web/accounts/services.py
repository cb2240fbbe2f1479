"""A user's API token (``rest_framework.authtoken``): one per user, created, replaced or revoked."""
from django.db import transaction
from rest_framework.authtoken.models import Token


def api_token_get(*, user):
    return Token.objects.filter(user=user).first()


@transaction.atomic
def api_token_create(*, user):
    """The user's token, created if there is none."""
    token, _ = Token.objects.get_or_create(user=user)
    return token


@transaction.atomic
def api_token_regenerate(*, user):
    """A new token; the old one stops working at once."""
    Token.objects.filter(user=user).delete()
    return Token.objects.create(user=user)


@transaction.atomic
def api_token_revoke(*, user):
    """Deletes the user's token; returns whether there was one."""
    deleted, _ = Token.objects.filter(user=user).delete()
    return deleted > 0

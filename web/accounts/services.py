"""Accounts: a user's API token (``rest_framework.authtoken``: one per user, created, replaced or
revoked), and the limits on signing in and signing up.

Failed sign-ins are counted per account name and per address, in the shared cache, over a
window of ``ARENA_SIGN_IN_WINDOW_SECONDS``; past either limit every attempt is refused, with the
right password too, until the window ends.  The account name is counted whether or not such an
account exists, and the refusal reads the same either way, so the limit tells nobody which
names are taken.  Sign-ups are counted per address.
"""
import hashlib
import math

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from rest_framework.authtoken.models import Token

SIGN_IN_REFUSAL = ("too many failed sign-ins for this account or from this address: "
                   "try again in {minutes} minute{s}")
SIGN_UP_REFUSAL = "too many accounts created from this address: try again in {minutes} minute{s}"


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


def _key(kind, value):
    return f"limits:{kind}:{hashlib.sha256(value.encode()).hexdigest()[:32]}"


def _count(key, window):
    cache.add(key, 0, timeout=window)
    try:
        return cache.incr(key)
    except ValueError:   # expired between the two calls
        cache.add(key, 1, timeout=window)
        return 1


def _refusal(template, window):
    minutes = max(1, math.ceil(window / 60))
    return template.format(minutes=minutes, s="s" if minutes != 1 else "")


def _account_key(username):
    return _key("sign-in-account", (username or "").strip().casefold())


def sign_in_refusal(*, username, address):
    """The sentence refusing a sign-in attempt now, or None when it may be tried."""
    window = settings.ARENA_SIGN_IN_WINDOW_SECONDS
    if (cache.get(_account_key(username), 0) >= settings.ARENA_SIGN_IN_FAILURES_PER_ACCOUNT
            or cache.get(_key("sign-in-address", address), 0) >= settings.ARENA_SIGN_IN_FAILURES_PER_ADDRESS):
        return _refusal(SIGN_IN_REFUSAL, window)
    return None


def sign_in_failed(*, username, address):
    window = settings.ARENA_SIGN_IN_WINDOW_SECONDS
    _count(_account_key(username), window)
    _count(_key("sign-in-address", address), window)


def sign_in_succeeded(*, username):
    """A right password clears the account's count (not the address's)."""
    cache.delete(_account_key(username))


def sign_up_refusal(*, address):
    if cache.get(_key("sign-up-address", address), 0) >= settings.ARENA_SIGN_UPS_PER_ADDRESS:
        return _refusal(SIGN_UP_REFUSAL, settings.ARENA_SIGN_UP_WINDOW_SECONDS)
    return None


def sign_up_done(*, address):
    _count(_key("sign-up-address", address), settings.ARENA_SIGN_UP_WINDOW_SECONDS)

from django.apps import AppConfig


class AccountsConfig(AppConfig):
    """Signing up, logging in and out, the account page and its API token (no models of its own)."""
    name = "web.accounts"
    label = "accounts"

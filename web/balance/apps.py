from django.apps import AppConfig


class BalanceConfig(AppConfig):
    name = "web.balance"
    label = "balance"
    default_auto_field = "django.db.models.BigAutoField"

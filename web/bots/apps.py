from django.apps import AppConfig


class BotsConfig(AppConfig):
    name = "web.bots"
    label = "bots"
    default_auto_field = "django.db.models.BigAutoField"

from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "web.tournaments"
    label = "tournaments"
    default_auto_field = "django.db.models.BigAutoField"

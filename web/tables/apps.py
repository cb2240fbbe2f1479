from django.apps import AppConfig


class TablesConfig(AppConfig):
    name = "web.tables"
    label = "tables"
    default_auto_field = "django.db.models.BigAutoField"

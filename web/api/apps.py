from django.apps import AppConfig


class ApiConfig(AppConfig):
    name = "web.api"
    label = "arena_api"
    verbose_name = "API"

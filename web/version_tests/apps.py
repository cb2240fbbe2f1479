from django.apps import AppConfig


class VersionTestsConfig(AppConfig):
    name = "web.version_tests"
    label = "version_tests"
    default_auto_field = "django.db.models.BigAutoField"

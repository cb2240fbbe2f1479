from django.apps import AppConfig


class GamesConfig(AppConfig):
    """The site's home and game pages (no models: the games are the engines' registry)."""
    name = "web.games"
    label = "games"

"""The match page."""
from django.urls import reverse


def test_a_finished_match_shows_its_seats_result_and_replay_download(client, played_match):
    response = client.get(reverse("match-detail", args=[played_match.pk]))
    assert response.status_code == 200
    page = response.content.decode()
    assert f"Match {played_match.pk}" in page and 'id="match-status">done<' in page
    for seat in played_match.seats.select_related("bot"):
        assert seat.bot.name in page
    assert f"{reverse('api-match-replay', args=[played_match.pk])}?download=1" in page


def test_an_unknown_match_is_not_found(client, db):
    assert client.get(reverse("match-detail", args=[999999])).status_code == 404


def test_the_site_cache_is_redis_and_reaches_the_bundled_server_by_its_socket():
    from web import settings
    assert settings.CACHES["default"]["BACKEND"] == "django.core.cache.backends.redis.RedisCache"
    assert settings._cache_location("redis+socket:///home/a/redis.sock") == "unix:///home/a/redis.sock"
    assert settings._cache_location("redis://127.0.0.1:6379/0") == "redis://127.0.0.1:6379/0"

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


def _seat_rows(page):
    import re
    body = page.split('id="match-seats"', 1)[1].split("</table>", 1)[0]
    return [re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", row)).strip() for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S)[1:]]


def test_a_katana_match_names_each_seats_team_in_words(client, played_match):
    rows = _seat_rows(client.get(reverse("match-detail", args=[played_match.pk])).content.decode())
    assert len(rows) == 5
    words = {"shogun": "Shogun", "ninja": "Ninja", "ronin": "Ronin"}
    for row, team in zip(rows, played_match.result["teams"]):
        assert f" {words[team]} " in f" {row} ", row


def test_a_solo_shogun_match_shows_the_ghost_as_a_row_with_its_score_and_rank(client, db):
    from web.bots import services as bot_services
    from web.matches import execution, services
    from web.matches.models import Match
    (bot,) = bot_services.house_bots_ensure(game="shogun", count=1)
    match = services.match_create(game="shogun", seats=[bot], seed=5, options={"ghost": 1})
    token = execution.match_claim(match_id=match.pk, worker="test")
    match = Match.objects.get(pk=match.pk)
    seats = list(match.seats.select_related("bot", "bot_version").order_by("seat"))
    assert execution.match_store_result(match_id=match.pk, lease_token=token,
                                        played=execution.match_play(match=match, seats=seats))
    match = Match.objects.get(pk=match.pk)
    ghost = match.result["automata"][0]
    rows = _seat_rows(client.get(reverse("match-detail", args=[match.pk])).content.decode())
    assert len(rows) == 2 and "seat_0" not in rows[0]
    assert rows[1] == f"Ghost level 1 {ghost['score']} {ghost['rank']}", rows
    assert sorted([match.result["ranks"][0], ghost["rank"]]) in ([1, 2], [1, 1])

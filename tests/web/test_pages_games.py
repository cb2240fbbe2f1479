"""The home page, the game pages and their leaderboard (paging, search, the htmx fragment)."""
import pytest
from django.urls import reverse

from arena import games as arena_games
from web.games import views as game_views
from web.ratings.models import CurrentRating


def test_the_home_page_lists_every_registered_game_with_its_players_and_link(client, house):
    response = client.get(reverse("home"))
    assert response.status_code == 200
    page = response.content.decode()
    for game_id in arena_games.game_ids():
        game = arena_games.get(game_id)
        assert game.name in page
        assert f'href="{reverse("game-detail", args=[game_id])}"' in page
        assert f"{game.min_players}–{game.max_players} players" in page
    assert "6 bots" in page   # the house's Katana bots


def test_every_page_shows_the_navigation(client, user):
    page = client.get(reverse("home")).content.decode()
    for label in ("Games", "Tournaments", "Upload a bot", "Log in", "Sign up"):
        assert label in page
    client.force_login(user)
    page = client.get(reverse("home")).content.decode()
    assert "Log out" in page and f"Account ({user.username})" in page and "Log in<" not in page


def test_a_game_page_shows_rules_options_leaderboard_and_recent_matches(client, played_match):
    response = client.get(reverse("game-detail", args=["katana"]))
    assert response.status_code == 200
    page = response.content.decode()
    game = arena_games.get("katana")
    assert game.name in page and "Hidden roles" in page
    for option in game.options:
        assert f"<code>{option.name}</code>" in page
    assert 'id="leaderboard"' in page
    seats = list(played_match.seats.select_related("bot"))
    ratings = {r.bot_id: r for r in CurrentRating.objects.filter(game="katana")}
    for seat in seats:
        assert f'href="{reverse("bot-detail", args=[seat.bot_id])}"' in page
        assert f"{ratings[seat.bot_id].rating:.1f}" in page
    assert f'href="{reverse("match-detail", args=[played_match.pk])}"' in page


def test_an_unknown_game_is_a_404_that_says_so(client, db):
    response = client.get(reverse("game-detail", args=["chess"]))
    assert response.status_code == 404
    page = response.content.decode()
    assert "Unknown game &#x27;chess&#x27;: known games are " in page
    assert all(game_id in page for game_id in arena_games.game_ids())


@pytest.fixture
def rated(house, katana_pool):
    """The house rated 1500, 1490, ... with intervals and a known record."""
    for index, bot in enumerate(house):
        CurrentRating.objects.create(bot=bot, game="katana", pool_id=katana_pool, rating=1500 - 10 * index,
                                     low=1400 - 10 * index, high=1600 - 10 * index, games=10, wins=index)
    return house


HTMX_LEADERBOARD = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "leaderboard"}


def _rows(page):
    return page.count('class="leaderboard-row"')


def test_the_leaderboard_shows_rating_interval_games_and_win_rate(client, rated):
    page = client.get(reverse("game-detail", args=["katana"])).content.decode()
    assert _rows(page) == 6
    assert "1490.0" in page and "1390.0 – 1590.0" in page and "10%" in page
    assert page.index(rated[0].name) < page.index(rated[1].name) < page.index(rated[5].name)


def test_the_leaderboard_pages_with_links_and_an_htmx_fragment(client, rated, monkeypatch):
    monkeypatch.setattr(game_views, "LEADERBOARD_PAGE_SIZE", 4)
    first = client.get(reverse("game-detail", args=["katana"])).content.decode()
    assert _rows(first) == 4 and "page 1 of 2" in first
    assert 'href="/games/katana/?page=2"' in first
    assert 'hx-get="/games/katana/?page=2" hx-target="#leaderboard"' in first
    second = client.get("/games/katana/?page=2").content.decode()
    assert _rows(second) == 2 and rated[4].name in second and rated[0].name not in second.split('id="leaderboard"')[1]
    fragment = client.get("/games/katana/?page=2", **HTMX_LEADERBOARD)
    body = fragment.content.decode()
    assert "HX-Target" in fragment["Vary"]
    assert body.lstrip().startswith('<div id="leaderboard"') and "<html" not in body
    assert _rows(body) == 2 and 'rel="prev"' in body and 'rel="next"' not in body
    assert _rows(client.get("/games/katana/?page=banana").content.decode()) == 4
    restore = client.get("/games/katana/?page=2", HTTP_HX_HISTORY_RESTORE_REQUEST="true", **HTMX_LEADERBOARD)
    assert "<html" in restore.content.decode()   # going back in history gets the whole page


def test_the_leaderboard_searches_by_bot_name(client, rated):
    body = client.get("/games/katana/?search=random-3", **HTMX_LEADERBOARD).content.decode()
    assert _rows(body) == 1 and "random-3" in body and "random-2" not in body
    none = client.get("/games/katana/?search=nobody").content.decode()
    assert _rows(none) == 0 and "No rated bot matches “nobody”" in none
    assert 'value="nobody"' in none


def test_the_leaderboard_marks_the_arenas_own_bots_and_nobody_elses(client, rated, user, katana_pool):
    from web.bots import services as bot_services
    mine = bot_services.bot_create(game="katana", name="kaze", owner=user)
    CurrentRating.objects.create(bot=mine, game="katana", pool_id=katana_pool, rating=1700, low=1600, high=1800,
                                 games=10, wins=5)
    page = client.get(reverse("game-detail", args=["katana"])).content.decode()
    badge = '<span class="badge badge-builtin" title="a bot of the arena itself">built-in</span>'
    rows = page.split('class="leaderboard-row"')[1:]
    assert len(rows) == 7 and ">kaze</a>" in rows[0] and badge not in rows[0]
    assert all(badge in row for row in rows[1:])
    board = client.get("/api/games/katana/leaderboard/").json()["results"]
    assert [row["builtin"] for row in board] == [False] + [True] * 6

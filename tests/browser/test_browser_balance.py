"""A game's balance as a visitor reads it, in Chromium: the chart of each seat's win rate, from the
ladder's matches and from self-play, with the fair rate and the count of games."""
from django.utils import timezone

from stored_games import store_finished_games
from web.balance import services
from web.balance.models import BalanceReport
from web.bots import services as bot_services


def test_a_game_page_shows_the_balance_chart_of_ladder_and_self_play(site, page):
    house = bot_services.house_bots_ensure(game="katana", count=4)
    store_finished_games(house, range(100, 116), players=4)
    services.balance_refresh_ladder(game="katana")
    services.balance_self_play(game="katana", players=4, games=8)
    page.goto(f"{site}/games/katana/")
    figure = page.locator("#balance-4p")
    figure.scroll_into_view_if_needed()
    assert figure.is_visible()
    caption = figure.locator("figcaption").inner_text()
    assert "4 players" in caption and "16 ladder matches" in caption and "8 self-play games" in caption
    chart = figure.locator("svg.balance-chart")
    assert chart.is_visible()
    ladder = BalanceReport.objects.get(game="katana", players=4, source="ladder").report
    for row in ladder["dimensions"]["seat"]:
        bar = chart.locator(f'rect.bar-ladder[data-seat="{row["label"]}"]')
        assert bar.is_visible()
        assert float(bar.get_attribute("data-win-rate")) == row["win_rate"]
        assert bar.locator("title").text_content().startswith(f"seat {row['label']}, ladder matches: ")
    assert chart.locator("rect.bar-self_play").count() == 4
    assert figure.locator(".fair-label").inner_text() == f"fair {ladder['fair'] * 100:.1f}%"
    today = timezone.now()
    assert f"played {today.day} {today:%b %Y} – {today.day} {today:%b %Y}, counted" in caption
    # the facts besides the seat, folded until asked for
    roles = figure.locator("details.balance-dimension", has_text="Win rate by role")
    assert not roles.locator("table").first.is_visible()
    roles.locator("summary").click()
    assert "shogun" in roles.locator("table").first.inner_text()

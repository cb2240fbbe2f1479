"""A bot's rating as a visitor reads it, in Chromium: an interval and a provisional mark from its
first game, and a chart with dated axes."""
import re

from django.utils import timezone

from live_servers import wait_for
from web.bots import services as bot_services
from web.matches import services as match_services
from web.ratings.models import CurrentRating


def test_a_bot_page_shows_its_interval_and_provisional_mark_after_its_first_game(site, page):
    bots = bot_services.house_bots_ensure(game="katana", count=3)
    page.goto(f"{site}/bots/{bots[0].pk}/")
    assert "Not rated yet" in page.locator("#rating").inner_text()
    match_services.match_create(game="katana", seats=bots, seed=5)   # the worker plays it
    wait_for(lambda: CurrentRating.objects.filter(bot=bots[0], games__gt=0).exists(), 120,
             message="the bot's first rated match")
    row = CurrentRating.objects.get(bot=bots[0], games__gt=0)
    page.goto(f"{site}/bots/{bots[0].pk}/")
    rating = page.locator("#current-rating")
    text = rating.inner_text()
    assert f"95% interval {row.low:.1f} – {row.high:.1f}" in text, text
    assert "1 game" in text
    mark = rating.locator(".provisional")
    assert mark.is_visible() and mark.inner_text() == "provisional"
    assert "narrower than 200 points" in mark.get_attribute("title")

    chart = page.locator("#rating-chart")
    assert chart.is_visible()
    today = timezone.now().strftime("%d %b %Y")
    # SVG text has no inner text: its text content
    assert chart.locator(".x-title").text_content() == f"time (UTC), {today}"
    labels = chart.locator(".x-label").all_text_contents()
    assert labels and all(re.fullmatch(r"\d\d:\d\d", label) for label in labels), labels
    assert chart.locator(".whisker").count() == 1, "its one point carries its interval"
    assert len(chart.locator("text.axis").all_text_contents()) > len(labels) + 1, "the rating axis is labelled too"

"""The pages fit a phone's screen: nothing wider than the viewport, the navigation reachable."""
import pytest

from web.bots import services as bot_services


@pytest.mark.parametrize("path", ["/", "/games/katana/", "/tournaments/", "/accounts/login/"])
def test_pages_fit_a_phone_screen(site, page, path):
    bot_services.house_bots_ensure(game="katana", count=3)
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(site + path)
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"{path} is {overflow}px wider than a phone screen"
    for link in ("Games", "Tournaments", "Upload a bot"):
        assert page.get_by_role("link", name=link).first.is_visible()

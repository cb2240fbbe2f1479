"""Browser tests: Debian's Chromium driven by Playwright against the running site.

The site is served by pytest-django's live server on the test database (real
PostgreSQL), with real Celery worker processes on the real Redis (the ``live``
fixture): uploads are validated and matches played exactly as in production.
Each test saves a screenshot of its last page to ``artifacts/browser/``.
Without Chromium the tests are skipped, except under ``CI=true`` where that is
a failure (``.ci/run`` installs it).
"""
import os
import re
import shutil

import pytest

from live_servers import ROOT, live, require  # noqa: F401  (live is a fixture)

# Playwright's synchronous API keeps an event loop in this thread; the test's own ORM calls are
# still plain synchronous calls made between browser steps.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = os.environ.get("ARENA_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
ARTIFACTS = ROOT / "artifacts" / "browser"


@pytest.fixture(scope="session")
def browser():
    require(shutil.which(CHROMIUM) is not None or os.path.exists(CHROMIUM),
            f"no Chromium at {CHROMIUM} (apt-get install -y chromium)")
    from playwright.sync_api import sync_playwright
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser, request):
    """A fresh browser context (no cookies); its last page is saved as a screenshot."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(15_000)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    # Every page runs under the site's Content-Security-Policy: anything it blocks is a failure.
    page.on("console", lambda message: errors.append(message.text)
            if message.type == "error" and "Content Security Policy" in message.text else None)
    yield page
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    name = re.sub(r"[^A-Za-z0-9_.-]+", "_", request.node.nodeid.split("::")[-1])
    try:
        page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)
    finally:
        context.close()
    assert not errors, f"JavaScript errors or blocked content on the page: {errors}"


@pytest.fixture
def site(live, live_server):
    """The running site (its base URL) with one real worker process playing matches."""
    live.worker("browser-worker")
    return live_server.url

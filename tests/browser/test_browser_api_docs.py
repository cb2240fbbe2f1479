"""The API documentation page, rendered by the browser from the site's own assets."""


def test_the_api_docs_page_renders_the_schema_without_any_external_request(site, page):
    external = []
    page.on("request", lambda request: external.append(request.url)
            if not request.url.startswith((site, "data:", "blob:")) else None)
    page.goto(f"{site}/api/docs/")
    page.wait_for_selector("text=/api/games/", timeout=15_000)
    assert page.locator(".opblock").count() > 10, "every API operation is listed"
    assert page.get_by_text("application/problem+json").first.is_visible(), "the errors are described"
    assert page.locator("#model-Problem, [id='model-Problem']").count() == 1, "the Problem schema is listed"
    assert external == [], f"assets fetched from elsewhere: {external}"

"""Paging of the site's pages: ``?page=N`` read leniently (a bad value is the first page)."""


def page_number(request, *, name="page"):
    try:
        return max(1, min(100_000, int(request.GET.get(name, "1"))))
    except ValueError:
        return 1


def search_text(request, *, name="search", limit=64):
    return request.GET.get(name, "").replace("\x00", "").strip()[:limit]

from django.contrib import admin
from django.http import JsonResponse
from django.urls import include, path


def health(request):
    """Liveness for load balancers and the demo: the database answers."""
    from web.matches import selectors
    return JsonResponse({"ok": True, "matches": selectors.match_counts()})


# Problem details (application/problem+json) under /api/, the site's own pages elsewhere.
handler400 = "web.api.errors.bad_request"
handler403 = "web.api.errors.permission_denied"
handler404 = "web.api.errors.page_not_found"
handler500 = "web.api.errors.server_error"

urlpatterns = [
    path("admin/", admin.site.urls),
    path("health/", health, name="health"),
    path("api/", include("web.api.urls")),
    path("matches/", include("web.matches.urls")),
    path("replays/", include("web.matches.replay_urls")),
    path("bots/", include("web.bots.urls")),
    path("tournaments/", include("web.tournaments.urls")),
    path("tables/", include("web.tables.urls")),
    path("challenges/", include("web.challenges.urls")),
    path("version-tests/", include("web.version_tests.urls")),
    path("accounts/", include("web.accounts.urls")),
    path("", include("web.games.urls")),
]

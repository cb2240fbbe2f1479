"""Rate limits on what costs the platform work: uploads (each is validated in the sandbox) and
tournaments (each queues matches).  Rates are settings (``ARENA_UPLOAD_RATE``,
``ARENA_TOURNAMENT_RATE``); only writes are counted."""
from rest_framework.throttling import UserRateThrottle


class _WriteThrottle(UserRateThrottle):
    def allow_request(self, request, view):
        if request.method in ("GET", "HEAD", "OPTIONS"):
            return True
        return super().allow_request(request, view)


class UploadThrottle(_WriteThrottle):
    scope = "uploads"


class TournamentThrottle(_WriteThrottle):
    scope = "tournaments"

"""Rate limits on what costs the platform work: uploads (each is validated in the sandbox),
tournaments and challenges (each queues matches), and rated challenges (each moves published
ratings).  Rates are settings (``ARENA_UPLOAD_RATE``, ``ARENA_TOURNAMENT_RATE``,
``ARENA_CHALLENGE_RATE``, ``ARENA_RATED_CHALLENGE_RATE``); only writes are limited, and only those that were accepted count:
a refused upload (a bad file, a taken name) costs the platform nothing and the user no quota."""
from rest_framework.throttling import UserRateThrottle

SAFE_METHODS = ("GET", "HEAD", "OPTIONS")


class WriteThrottle(UserRateThrottle):
    """``allow_request`` checks the quota without using it; the view calls ``count`` once the
    write was accepted."""

    def _load_history(self, request, view):
        self.key = self.get_cache_key(request, view)
        if self.key is None:
            return False
        self.history = self.cache.get(self.key, [])
        self.now = self.timer()
        while self.history and self.history[-1] <= self.now - self.duration:
            self.history.pop()
        return True

    def allow_request(self, request, view):
        if request.method in SAFE_METHODS or self.rate is None or not self._load_history(request, view):
            return True
        return len(self.history) < self.num_requests

    @classmethod
    def count(cls, request, view=None):
        """Uses one of the user's quota: called after the write was accepted."""
        throttle = cls()
        if throttle.rate is not None and throttle._load_history(request, view):
            throttle.history.insert(0, throttle.now)
            throttle.cache.set(throttle.key, throttle.history, throttle.duration)


class UploadThrottle(WriteThrottle):
    scope = "uploads"


class TournamentThrottle(WriteThrottle):
    scope = "tournaments"


class ChallengeThrottle(WriteThrottle):
    """Every challenge, rated or not."""
    scope = "challenges"


class RatedChallengeThrottle(WriteThrottle):
    """Rated challenges, counted on top of ``ChallengeThrottle``: checked by the views when a rated
    one is asked for, so that an exhausted rated budget leaves unrated challenges free."""
    scope = "rated_challenges"

"""The API's rate limits applied to the site's forms: one budget per user, whichever way they come
(``ARENA_UPLOAD_RATE``, ``ARENA_TOURNAMENT_RATE``, ``ARENA_CHALLENGE_RATE``,
``ARENA_RATED_CHALLENGE_RATE``; see ``web.api.throttles``)."""
import math


def over_limit(request, throttle_class, *, what):
    """None when ``request`` may go on, else the sentence to show.  Nothing is counted here: the
    view calls ``throttle_class.count(request)`` once the write was accepted."""
    throttle = throttle_class()
    if throttle.allow_request(request, None):
        return None
    wait = throttle.wait()
    minutes = max(1, math.ceil((wait or 60) / 60))
    return (f"you have reached the limit of {throttle.num_requests} {what} per "
            f"{_period(throttle.duration)}: try again in {minutes} minute{'s' if minutes != 1 else ''}.")


def _period(seconds):
    return {1: "second", 60: "minute", 3600: "hour", 86400: "day"}.get(seconds, f"{seconds} seconds")

"""Refuses a request whose body is larger than any the site accepts, before reading any of it.

The largest body the site takes is a bot upload (``ARENA_MAX_BOT_BYTES``) plus its form fields.
Django spools an uploaded file to disk as it reads it, and only then would a view see its size;
checking the declared ``Content-Length`` first answers 413 at once, without reading the body,
in the one-machine server and behind a proxy alike.  (A body sent without a length, chunked, is
not read by Django at all.)
"""
from django.conf import settings
from django.http import HttpResponse
from django.urls import Resolver404, resolve

FORM_OVERHEAD_BYTES = 64 << 10   # the multipart headers and the form's other fields


def max_request_bytes():
    return settings.ARENA_MAX_BOT_BYTES + FORM_OVERHEAD_BYTES


def _too_large_page(request):
    """The view's own answer to a body over the limit (``view.too_large``), if it has one."""
    try:
        view = resolve(request.path_info).func
    except Resolver404:
        return None
    return getattr(view, "too_large", None)


class RequestSizeMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0
        limit = max_request_bytes()
        if length > limit:
            message = (f"the request has {length:,} bytes; the most this site takes is {limit:,} "
                       f"(a bot file of at most {settings.ARENA_MAX_BOT_BYTES:,} bytes and its form)")
            if request.path.startswith("/api/"):
                from web.api.errors import problem_response
                return problem_response(status=413, detail=message, code="too_large")
            # a page that takes files answers with itself, the form shown again with the limit in words
            page = _too_large_page(request)
            if page is not None:
                return page(request, limit=settings.ARENA_MAX_BOT_BYTES, sent=length)
            return HttpResponse(message, status=413, content_type="text/plain; charset=utf-8")
        return self.get_response(request)

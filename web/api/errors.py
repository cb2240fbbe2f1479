"""Errors of the API, all in one shape: RFC 9457 problem details (``application/problem+json``).

Every error under ``/api/`` -- a refused input, a service's ``ServiceError`` (400 with its
sentence), a missing row (404), authentication (401), permissions (403), throttles (429), a
method the route does not take (405), a path no route matches (404), a body over the site's
limit (413), a server error (500) -- answers with ``type``, ``title``, ``status``, ``detail`` and
``code``; a refused input adds ``errors``, each field's messages (``seats.0.kind`` for a nested one).
"""
from http import HTTPStatus

from django.core.exceptions import ObjectDoesNotExist
from django.http import JsonResponse
from django.views import defaults
from rest_framework import exceptions, serializers
from rest_framework.renderers import JSONRenderer
from rest_framework.views import exception_handler as drf_exception_handler

from web.errors import ServiceError

PROBLEM_CONTENT_TYPE = "application/problem+json"
# Keys of a ValidationError that are not fields: their messages are the problem's detail.
NON_FIELD_KEYS = ("", "detail", "non_field_errors")


class ProblemSerializer(serializers.Serializer):   # "Problem" in the schema
    """Every error answer of the API: RFC 9457 problem details, as application/problem+json."""
    type = serializers.CharField(help_text="about:blank: the status and code say what went wrong")
    title = serializers.CharField(help_text="the HTTP status's phrase")
    status = serializers.IntegerField()
    detail = serializers.CharField(help_text="what went wrong, in a sentence (for a refused input: each field's "
                                             "messages)")
    code = serializers.CharField(help_text="the kind of error, for programs: invalid, not_authenticated, "
                                           "permission_denied, not_found, throttled, conflict, ...")
    errors = serializers.DictField(child=serializers.ListField(child=serializers.CharField()), required=False,
                                   help_text="a refused input: the messages of each field, by its path "
                                             "(seats.0.kind)")


def problem(*, status, detail, code, errors=None):
    body = {"type": "about:blank", "title": HTTPStatus(status).phrase, "status": status, "detail": detail,
            "code": code}
    if errors:
        body["errors"] = errors
    return body


def _messages(data, path, into):
    """Flattens a ValidationError's detail into ``{path: [message, ...]}``."""
    if isinstance(data, dict):
        for key, value in data.items():
            key = "" if key in NON_FIELD_KEYS and not path else str(key)
            _messages(value, f"{path}.{key}" if path and key else path or key, into)
    elif isinstance(data, list):
        for index, value in enumerate(data):
            if isinstance(value, (dict, list)):
                _messages(value, f"{path}.{index}" if path else str(index), into)
            else:
                into.setdefault(path, []).append(str(value))
    else:
        into.setdefault(path, []).append(str(data))
    return into


def _code(codes):
    """The first code of an exception's (possibly nested) codes."""
    while isinstance(codes, (list, dict)):
        if not codes:
            return None
        codes = next(iter(codes.values())) if isinstance(codes, dict) else codes[0]
    return codes


def problem_of(exc, status):
    if isinstance(exc, exceptions.ValidationError):
        messages = _messages(exc.detail, "", {})
        general = messages.pop("", [])
        detail = "; ".join(general + [f"{field}: {' '.join(texts)}" for field, texts in messages.items()])
        code = _code(exc.get_codes()) if general and not messages else "invalid"
        return problem(status=status, detail=detail or "invalid input", code=code or "invalid", errors=messages)
    detail = exc.detail if isinstance(exc, exceptions.APIException) else str(exc)
    detail = " ".join(_messages(detail, "", {}).get("", [])) if isinstance(detail, (list, dict)) else str(detail)
    code = _code(exc.get_codes()) if isinstance(exc, exceptions.APIException) else None
    return problem(status=status, detail=detail, code=code or "error")


def exception_handler(exc, context):
    if isinstance(exc, ServiceError):
        exc = exceptions.ValidationError(str(exc), code=getattr(exc, "code", None) or "invalid")
    elif isinstance(exc, ObjectDoesNotExist):
        exc = exceptions.NotFound()
    response = drf_exception_handler(exc, context)
    if response is None:   # a server error: Django's handler500 answers (below)
        return None
    response.data = problem_of(exc, response.status_code)
    request = context.get("request")
    renderer = getattr(request, "accepted_renderer", None)
    if renderer is None or isinstance(renderer, JSONRenderer):   # not the browsable API's HTML
        response.content_type = PROBLEM_CONTENT_TYPE
    return response


def problem_response(*, status, detail, code):
    """A problem as a plain Django response, for the answers no API view gives."""
    return JsonResponse(problem(status=status, detail=detail, code=code), status=status,
                        content_type=PROBLEM_CONTENT_TYPE)


def _is_api(request):
    return request.path.startswith("/api/")


# Django's error handlers (web/urls.py): problem details under /api/, the site's pages elsewhere.

def page_not_found(request, exception):
    if _is_api(request):
        return problem_response(status=404, detail=f"no API route {request.path[:200]!r}: the routes are listed "
                                                   f"at /api/schema/", code="not_found")
    return defaults.page_not_found(request, exception)


def server_error(request):
    if _is_api(request):
        return problem_response(status=500, detail="the server failed to answer; the error was logged",
                                code="server_error")
    return defaults.server_error(request)


def bad_request(request, exception):
    if _is_api(request):
        return problem_response(status=400, detail="the request could not be read", code="bad_request")
    return defaults.bad_request(request, exception)


def permission_denied(request, exception):
    if _is_api(request):
        return problem_response(status=403, detail=str(exception) or "forbidden", code="permission_denied")
    return defaults.permission_denied(request, exception)

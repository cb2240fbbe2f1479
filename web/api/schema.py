"""The API's OpenAPI schema as a generated client reads it.

* one request content type per operation: JSON, or multipart for the operations that take a file
  (the views still read the form encodings older clients send);
* a string the API reads says that it takes no NUL character (``pattern``), as every text field
  of Django REST framework refuses one;
* every operation lists the errors it can answer, each a ``Problem`` (``application/problem+json``,
  web/api/errors.py): 400 when it reads a query or a body, 401 when it reads credentials, 403 for
  writes and views behind a permission, 404 when its path names a row, 415 and 413 for bodies,
  429 when it is rate-limited.  A view adds its own (409) with ``problems(...)`` in ``responses``.
"""
from drf_spectacular.openapi import AutoSchema
from drf_spectacular.utils import OpenApiResponse
from rest_framework import permissions, serializers

from web.api.errors import PROBLEM_CONTENT_TYPE, ProblemSerializer
from web.api.throttles import SAFE_METHODS, WriteThrottle

DESCRIPTIONS = {
    400: "the input is refused (a parameter, the body, or a rule of the platform): detail says why, errors "
         "per field",
    401: "no credentials, or credentials that are wrong (an unknown token)",
    403: "you may not do this (not yours, not staff, or a session without its CSRF token)",
    404: "nothing here: the row the path names does not exist, or is not shown to you",
    409: "not now: the state of the row does not allow it",
    413: "the body is larger than any the site accepts",
    415: "the body is not in the content type this operation takes",
    429: "rate-limited: try again later (Retry-After says when)",
}
# Permissions that let anybody read: a GET behind only these never answers 403.
OPEN_TO_READERS = (permissions.AllowAny, permissions.IsAuthenticatedOrReadOnly)
NO_NUL = r"^[^\x00]*$"


def problems(*statuses):
    """``responses`` entries for ``extend_schema``: the given error statuses, each a Problem."""
    return {(status, PROBLEM_CONTENT_TYPE): OpenApiResponse(ProblemSerializer, description=DESCRIPTIONS[status])
            for status in statuses}


class ArenaAutoSchema(AutoSchema):
    def map_parsers(self):
        types = super().map_parsers()
        if "application/json" in types:
            return ["application/json"]
        return types[:1]

    def _map_serializer_field(self, field, direction, bypass_extensions=False):
        schema = super()._map_serializer_field(field, direction, bypass_extensions)
        if (direction == "request" and isinstance(field, serializers.CharField) and schema.get("type") == "string"
                and not {"pattern", "format", "enum"} & set(schema)):
            schema["pattern"] = NO_NUL
        return schema

    def get_operation(self, path, path_regex, path_prefix, method, registry):
        operation = super().get_operation(path, path_regex, path_prefix, method, registry)
        if operation is None:
            return None
        responses = operation["responses"]
        ref = self.resolve_serializer(ProblemSerializer, "response").ref
        for status in self._error_statuses(operation):
            responses.setdefault(str(status), {"description": DESCRIPTIONS[status],
                                               "content": {PROBLEM_CONTENT_TYPE: {"schema": ref}}})
        operation["responses"] = dict(sorted(responses.items()))
        return operation

    def _error_statuses(self, operation):
        view, method = self.view, self.method
        parameters = operation.get("parameters", [])
        body = operation.get("requestBody", {}).get("content", {})
        if body or any(p["in"] == "query" for p in parameters):
            yield 400
        if view.get_authenticators():
            yield 401
        if ((method not in SAFE_METHODS and view.get_authenticators())   # a session's CSRF token, the owner's
                or any(not isinstance(p, OPEN_TO_READERS) for p in view.get_permissions())):
            yield 403
        if any(p["in"] == "path" for p in parameters):
            yield 404
        if body:
            yield 415
        if "multipart/form-data" in body:
            yield 413
        if any(method not in SAFE_METHODS or not isinstance(t, WriteThrottle) for t in view.get_throttles()):
            yield 429

"""schemathesis against the OpenAPI schema, in-process through the WSGI app: no request the
schema allows, with or without a token, gets a 5xx.  A small budget per operation; ``ARENA_FUZZ_EXAMPLES``
raises it."""
import os

import pytest
import schemathesis
from django.core import signals
from django.core.cache import cache
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from rest_framework.authtoken.models import Token
from schemathesis.checks import not_a_server_error

from web.wsgi import application

EXAMPLES = int(os.environ.get("ARENA_FUZZ_EXAMPLES", "12"))

schema = schemathesis.openapi.from_wsgi("/api/schema/", application)


@pytest.fixture
def token(house, user):
    """A user's token; requests go through the WSGI app inside the test's transaction, so the
    connection is kept open across them (as Django's test client does)."""
    cache.clear()   # the throttles' counters
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    try:
        yield Token.objects.get_or_create(user=user)[0].key
    finally:
        signals.request_started.connect(close_old_connections)
        signals.request_finished.connect(close_old_connections)


@pytest.mark.django_db(transaction=False)
@schema.parametrize()
@settings(max_examples=EXAMPLES, deadline=None, derandomize=True,
          suppress_health_check=list(HealthCheck))
def test_no_server_error(case, token):
    for headers in ({}, {"Authorization": f"Token {token}"}):
        response = case.call(headers=headers)
        case.validate_response(response, checks=(not_a_server_error,))

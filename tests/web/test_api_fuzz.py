"""schemathesis against the OpenAPI schema, in-process through the WSGI app, with every check it has
(no server error, status codes, content types, headers and bodies as documented, schema-valid input
accepted, schema-violating input refused, authentication enforced, 405 for methods a route does not
take), once without credentials and once with a user's token.

The default run tries a few examples per operation without the coverage phase; the slow run many
more, the coverage phase's edge cases included.  ``ARENA_FUZZ_EXAMPLES`` raises the slow run's budget.
"""
import os

import pytest
import schemathesis
from django.core import signals
from django.core.cache import cache
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from rest_framework.authtoken.models import Token
from schemathesis.config import SchemathesisConfig

from web.wsgi import application

SLOW_EXAMPLES = int(os.environ.get("ARENA_FUZZ_EXAMPLES", "40"))

# Operations whose schema-valid input may still be refused with a 400, for reasons a schema cannot
# state: a password must be the account's, the bot ids named in a body must exist (and be enterable),
# an uploaded file must be a bot, a move must be legal, ``seat_status`` filters the seats of the
# ``bot`` given with it, ``until`` is not before ``since``; a version test's versions must be its bot's
# and have passed, its H1 above its H0, a test only cancelled while it runs, a winner made to play
# only once there is one.
RULED_BEYOND_THE_SCHEMA = {
    "auth_token", "bots_upload", "bots_versions_upload", "bots_change", "challenges_create", "tournaments_create",
    "tournaments_preview", "tables_create", "tables_join", "tables_move", "matches_list", "games_export",
    "version_tests_create", "version_tests_cancel", "version_tests_make_winner_play",
}


def _config(coverage):
    """Every check on every operation.  On the operations above, schema-valid input may also be
    refused with a 400 (the reason stated in the problem's ``detail``), or with the 401, 404 or 409
    the operation documents; everywhere else it must be accepted."""
    lines = [] if coverage else ["[phases.coverage]", "enabled = false", ""]
    for operation_id in sorted(RULED_BEYOND_THE_SCHEMA):
        lines += ["[[operations]]", f'include-operation-id = "{operation_id}"',
                  "[operations.checks.positive_data_acceptance]",
                  'expected-statuses = ["2XX", "400", "401", "403", "404", "409"]', ""]
    return SchemathesisConfig.from_str("\n".join(lines))


quick_schema = schemathesis.openapi.from_wsgi("/api/schema/", application, config=_config(coverage=False))
full_schema = schemathesis.openapi.from_wsgi("/api/schema/", application, config=_config(coverage=True))


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


def call_and_check(case, token):
    for headers in ({}, {"Authorization": f"Token {token}"}):
        cache.clear()   # each request within the rate limits: a 429 is documented, but tells nothing
        case.call_and_validate(headers=headers)


@pytest.mark.django_db(transaction=False)
@quick_schema.parametrize()
@settings(max_examples=3, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
def test_api_answers_as_its_schema_says(case, token):
    call_and_check(case, token)


@pytest.mark.slow
@pytest.mark.django_db(transaction=False)
@full_schema.parametrize()
@settings(max_examples=SLOW_EXAMPLES, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
def test_api_answers_as_its_schema_says_at_length(case, token):
    call_and_check(case, token)

"""Test-wide set-up: which engine builds the tests run, refusing stale compiled modules.

``ARENA_TEST_BUILDS=python`` runs only the uncompiled build, for quick work on
rules before rebuilding; by default (and always in CI) both builds run.
"""
import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))
from toy_build import build_and_register  # noqa: E402

# The throwaway game registers the way any game outside arena.games does, before anything reads
# the registry, so that every suite that runs over the registered games runs over it too.
TOY_HOME = build_and_register()

from arena import games  # noqa: E402
from arena.engines import BUILDS, EngineBuildError, describe_build

TEST_BUILDS = tuple(b for b in os.environ.get("ARENA_TEST_BUILDS", ",".join(BUILDS)).split(",") if b)
if os.environ.get("CI") == "true" or not set(TEST_BUILDS) <= set(BUILDS) or not TEST_BUILDS:
    TEST_BUILDS = BUILDS


def pytest_report_header(config):
    lines = []
    for game_id in games.game_ids():
        module_name = games.get(game_id).module_name
        for build in TEST_BUILDS:
            try:
                lines.append("engine " + describe_build(module_name, build))
            except EngineBuildError as exc:
                raise pytest.UsageError(f"cannot test {game_id}: {exc}") from exc
    return lines


@pytest.fixture(scope="session")
def sandboxed():
    """The bot sandbox; skipped where bubblewrap cannot run, except in CI where that is a failure."""
    from arena.bots import sandbox
    available, why = sandbox.availability()
    if not available:
        if os.environ.get("CI") == "true":
            pytest.fail(f"the sandbox must work in CI: {why}")
        pytest.skip(f"no sandbox on this machine: {why}")
    return why


@pytest.fixture(params=TEST_BUILDS)
def build(request):
    """Runs a test against the compiled engines and against the uncompiled sources."""
    return request.param


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    """pytest-django's test database, and before it is dropped, the end of every other session on it:
    a connection left open by a live-server or browser thread, or by a worker's pool process that
    outlived its killed parent, would otherwise make the drop fail and leave the database behind."""
    yield
    from django.db import connection
    if connection.vendor != "postgresql":
        return
    with django_db_blocker.unblock(), connection.cursor() as cursor:
        cursor.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                       "WHERE datname = current_database() AND pid <> pg_backend_pid()")


def pytest_sessionfinish(session, exitstatus):
    """In CI every test is mandatory: a skipped test (a missing server, browser or sandbox) fails the run."""
    if os.environ.get("CI") != "true":
        return
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    skipped = len(reporter.stats.get("skipped", [])) if reporter else 0
    if skipped and session.exitstatus == 0:
        reporter.write_line(f"CI=true: {skipped} test(s) skipped; in CI every test must run", red=True)
        session.exitstatus = 1

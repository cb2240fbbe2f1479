"""Sandbox tests run wherever bubblewrap can; in CI a missing sandbox is a failure, not a skip."""
import os

import pytest

from arena.bots import sandbox


@pytest.fixture(scope="session")
def sandboxed():
    available, why = sandbox.availability()
    if not available:
        if os.environ.get("CI") == "true":
            pytest.fail(f"the sandbox must work in CI: {why}")
        pytest.skip(f"no sandbox on this machine: {why}")
    return why


@pytest.fixture
def fast_clock(monkeypatch):
    """A short per-move limit and bank (the one clock of validation and rated matches), so that
    timeouts are quick to test."""
    from arena.bots import runner
    monkeypatch.setenv("ARENA_BOT_TIME_CONTROL", "0.5,1,3")
    return runner.time_control("katana")

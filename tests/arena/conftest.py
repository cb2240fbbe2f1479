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
    """Katana with a short per-move limit and bank, so that timeouts are quick to test."""
    from arena.bots import runner
    clock = runner.TimeControl(move=0.5, bank=1.0, startup=3.0)
    monkeypatch.setitem(runner.TIME_CONTROLS, "katana", clock)
    return clock

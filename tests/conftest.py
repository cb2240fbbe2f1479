"""Test-wide set-up: which engine builds the tests run, refusing stale compiled modules."""
import pytest

from arena import games
from arena.engines import BUILDS, EngineBuildError, describe_build


def pytest_report_header(config):
    lines = []
    for game_id in games.game_ids():
        module_name = games.get(game_id).module_name
        for build in BUILDS:
            try:
                lines.append("engine " + describe_build(module_name, build))
            except EngineBuildError as exc:
                raise pytest.UsageError(f"cannot test {game_id}: {exc}") from exc
    return lines


@pytest.fixture(params=BUILDS)
def build(request):
    """Runs a test once against the compiled engines and once against the uncompiled sources."""
    return request.param

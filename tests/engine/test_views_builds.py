"""The observations are built by each game's ``_views`` module: compiled in the compiled build, its
source run by the interpreter in the other, and a seat outside the table is refused in both."""
import importlib
import importlib.machinery
import sys

import pytest

from arena import games
from arena.engines import BUILDS, PYTHON

# the games of this repository (a test's throwaway game builds its views in plain Python)
GAMES = ("katana", "risques", "shogun", "samourai")


@pytest.mark.parametrize("game_id", GAMES)
def test_each_build_builds_its_observations_with_its_own_views_module(game_id):
    package = games.get(game_id).package
    compiled = importlib.import_module(f"{package}._views")
    assert isinstance(compiled.__spec__.loader, importlib.machinery.ExtensionFileLoader), compiled.__file__
    assert importlib.import_module(f"{package}.views").observation is compiled.observation
    state = games.get(game_id, PYTHON).new_state(games.get(game_id).table_sizes()[0], 1)
    pure_views = sys.modules[type(state).__module__].views
    assert pure_views.observation.__module__.endswith(f"{game_id}._views")
    assert pure_views.observation.__code__.co_filename.endswith(f"{game_id}/_views.py")


@pytest.mark.parametrize("build", BUILDS)
@pytest.mark.parametrize("game_id", GAMES)
def test_an_observation_for_a_seat_outside_the_table_is_refused(game_id, build):
    game = games.get(game_id, build)
    state = game.new_state(game.table_sizes()[0], 3)
    for seat in (-1, state.n, 99):
        with pytest.raises(ValueError, match=f"no seat {seat} in a {state.n}-player game"):
            state.observation(seat)
    assert state.observation(state.n - 1)["seat"] == state.n - 1


@pytest.mark.parametrize("build", BUILDS)
@pytest.mark.parametrize("game_id", GAMES)
def test_since_counts_as_a_slice_start_does(game_id, build):
    """``since`` beyond the log gives no events; a negative one counts from its end."""
    game = games.get(game_id, build)
    state = game.new_state(game.table_sizes()[0], 5)
    while len(state.events) < 4:
        seat = state.current_seats()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    seat = state.current_seats()[0]
    everything = state.observation(seat)["events"]
    assert state.observation(seat, len(state.events) + 5)["events"] == []
    assert state.observation(seat, -2)["events"] == everything[-2:]
    assert state.full_view(-1)["events"] == state.full_view()["events"][-1:]

"""Risques' hidden information, as properties over random positions: a secret choice (a wager, a
target, a Frappe declaration) is never visible to another seat before the reveal."""
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arena import games

PROPERTY = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
SETUPS = st.sampled_from([("duel", 2), ("frappe", 2), ("massacre", 3), ("massacre", 5), ("massacre", 7)])


def _secret_position(build, mode, n, pool, seed, skip, phase):
    """A position of a random match where a seat is to make a secret choice in ``phase`` while
    another seat's is still pending: the ``skip``-th such moment, or the last one found."""
    state = games.get("risques", build).new_state(n, seed, {"mode": mode, "honor_pool": pool, "scenes": 2})
    rng = random.Random(seed)
    found = None
    while not state.is_terminal():
        seats = state.current_seats()
        if state.observation(seats[0])["phase"] == phase and len(seats) >= 2:
            found = state.clone()
            if skip == 0:
                break
            skip -= 1
        seat = rng.choice(seats)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return found


def _check_choice_is_invisible(state, n):
    seats = state.current_seats()
    chooser = seats[0]
    outcomes = []
    for action in state.legal_actions(chooser):
        after = state.clone()
        after.apply(chooser, action)
        assert len(after.current_seats()) >= 1 and after.observation(chooser)["phase"] == state.observation(
            chooser)["phase"], "another seat still has to choose: nothing is revealed yet"
        outcomes.append(after)
    for viewer in range(n):
        if viewer == chooser:
            continue
        views = [after.observation(viewer) for after in outcomes]
        assert all(view == views[0] for view in views), f"seat {viewer} can tell what seat {chooser} chose"
        assert all(after.current_seats() == outcomes[0].current_seats() for after in outcomes)
    own = [after.observation(chooser)["participants"] for after in outcomes]
    if len(outcomes) > 1:
        assert own[0] != own[-1], "the chooser sees his own choice"


@PROPERTY
@given(setup=SETUPS, pool=st.sampled_from(["shared", "personal"]), seed=st.integers(0, 2**32),
       skip=st.integers(0, 6))
def test_a_wager_is_never_visible_to_another_seat_before_the_reveal(build, setup, pool, seed, skip):
    mode, n = setup
    if mode == "duel":
        return   # the Duel's wager is open: the larger pool announces it
    state = _secret_position(build, mode, n, pool, seed, skip, "wager")
    if state is not None:
        _check_choice_is_invisible(state, n)


@PROPERTY
@given(setup=SETUPS, pool=st.sampled_from(["shared", "personal"]), seed=st.integers(0, 2**32),
       skip=st.integers(0, 4), phase=st.sampled_from(["declare", "target"]))
def test_declarations_and_targets_are_never_visible_before_the_reveal(build, setup, pool, seed, skip, phase):
    mode, n = setup
    state = _secret_position(build, mode, n, pool, seed, skip, phase)
    if state is not None:
        _check_choice_is_invisible(state, n)


@PROPERTY
@given(setup=SETUPS, pool=st.sampled_from(["shared", "personal"]), seed=st.integers(0, 2**32),
       steps=st.integers(0, 300), viewer=st.integers(0, 6), resample_seed=st.integers(0, 2**32))
def test_redrawing_what_a_seat_cannot_see_leaves_its_observation_unchanged(build, setup, pool, seed, steps,
                                                                           viewer, resample_seed):
    mode, n = setup
    state = games.get("risques", build).new_state(n, seed, {"mode": mode, "honor_pool": pool})
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        seat = rng.choice(state.current_seats())
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    viewer %= n
    twin = state.resample_hidden(viewer, resample_seed)
    assert twin.observation(viewer) == state.observation(viewer)
    assert twin.current_seats() == state.current_seats()
    for entry in state.observation(viewer)["participants"]:
        if "secret" in entry and entry["owner"] != viewer:
            assert entry["secret"] is None


def test_the_wager_positions_exist_in_every_secret_mode(build):
    """The properties above are not vacuous: secret wagers with another seat pending do occur."""
    for mode, n in (("frappe", 2), ("massacre", 5)):
        assert _secret_position(build, mode, n, "shared", 1, 0, "wager") is not None

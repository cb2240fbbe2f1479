"""Katana's hidden information, as properties over random positions."""
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arena import games

PROPERTY = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def _position(build, n, seed, steps):
    game = games.get("katana", build)
    state = game.new_state(n, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        seat = state.current_seats()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


@PROPERTY
@given(n=st.integers(3, 7), seed=st.integers(0, 2**32), steps=st.integers(0, 400), viewer=st.integers(0, 6),
       resample_seed=st.integers(0, 2**32))
def test_changing_what_a_seat_cannot_see_leaves_its_observation_unchanged(build, n, seed, steps, viewer,
                                                                          resample_seed):
    state = _position(build, n, seed, steps)
    viewer %= n
    twin = state.resample_hidden(viewer, resample_seed)
    assert twin.observation(viewer) == state.observation(viewer)
    assert twin.current_seats() == state.current_seats()


@PROPERTY
@given(n=st.integers(3, 7), seed=st.integers(0, 2**32), steps=st.integers(0, 300))
def test_a_seat_sees_its_own_role_and_the_shoguns_and_no_other_until_the_end(build, n, seed, steps):
    state = _position(build, n, seed, steps)
    for viewer in range(n):
        observation = state.observation(viewer)
        roles = [seat["role"] for seat in observation["seats"]]
        assert roles[state.shogun] == "shogun"
        assert roles[viewer] == observation["you"]["role"]
        hidden = [s for s in range(n) if s not in (viewer, state.shogun)]
        if state.is_terminal():
            assert None not in roles
        else:
            assert all(roles[s] is None for s in hidden)
        assert all("hand" not in seat and "stars" not in seat for seat in observation["seats"])
        assert observation["you"]["hand"] == state.full_view()["seats"][viewer]["hand"]


@PROPERTY
@given(n=st.integers(3, 7), seed=st.integers(0, 2**32))
def test_private_cards_in_the_history_are_shown_to_their_audience_only(build, n, seed):
    state = _position(build, n, seed, 10_000)
    for viewer in range(n):
        seen = state.observation(viewer)["events"]
        everything = state.full_view()["events"]
        assert len(seen) == len(everything)
        for mine, full in zip(seen, everything):
            if full["event"] == "draw":
                assert mine["card"] == (full["card"] if full["seat"] == viewer else None)
            elif full["event"] == "steal":
                audience = (full["seat"], full["target"])
                assert mine["card"] == (full["card"] if viewer in audience else None)
            else:
                assert mine == full, "every other event is public"

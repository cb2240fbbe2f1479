"""The replay viewer's frames: every frame is the engine's view after its step, a seat's
perspective shows exactly that seat's observations, and the patches rebuild the views."""
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arena import agents, games
from arena import replay as arena_replay
from arena import replay_frames
from arena.match import FORFEIT, agent_seed, play_match

PROPERTY = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
# (game, players, options): Risques' massacre has secret targets and wagers, its frappe secret declarations.
SETUPS = [("katana", 5, None), ("katana", 3, None), ("risques", 2, {"mode": "frappe"}),
          ("risques", 4, {"mode": "massacre", "honor_pool": "personal"})]


def _replay(game, n, seed, options=None, build="compiled"):
    bots = [agents.builtin("random", agent_seed(seed, seat), game) for seat in range(n)]
    return arena_replay.to_dict(play_match(game, seed=seed, agents=bots, options=options, build=build))


def _without_step_events(view):
    view = dict(view)
    view.pop("events")
    view.pop("event_count")
    return view


def _json(value):
    """Exact comparison, as JSON: true is not 1."""
    return json.dumps(value, sort_keys=True)


def _states(replay, build):
    """The state after each step (0: before the first), with the event count before that step."""
    state = arena_replay.simulate(replay, build, upto=0)
    yield state.clone(), 0
    for seat, action in replay["steps"]:
        seen = len(state.events)
        if action == FORFEIT:
            state.forfeit(seat)
        else:
            state.apply(seat, action)
        yield state.clone(), seen


@pytest.mark.parametrize("game, n, options", SETUPS)
def test_every_frame_of_everything_is_the_full_view_after_its_step(build, game, n, options):
    replay = _replay(game, n, 7, options, build)
    frames = replay_frames.build_frames(replay, None, build)
    assert frames["perspective"] == "all" and frames["steps"] == len(replay["steps"])
    assert len(frames["frames"]) == len(replay["steps"]) + 1
    names = games.get(game, build).action_names
    for step, (view, frame, (state, since)) in enumerate(
            zip(replay_frames.views(frames), frames["frames"], _states(replay, build))):
        full = state.full_view(since)
        assert _json(view) == _json(_without_step_events(full)), f"step {step}"
        assert frame["events"] == full["events"], f"step {step}: the events of that step only"
        if step:
            seat, action = replay["steps"][step - 1]
            assert (frame["seat"], frame["action"]) == (seat, names[action])
    assert frames["frames"][-1]["events"][-1]["event"] == "end"


@pytest.mark.parametrize("game, n, options", SETUPS)
def test_a_seats_frames_are_exactly_its_observations(build, game, n, options):
    replay = _replay(game, n, 3, options, build)
    for seat in range(n):
        frames = replay_frames.build_frames(replay, seat, build)
        assert frames["perspective"] == seat
        for step, (view, frame, (state, since)) in enumerate(
                zip(replay_frames.views(frames), frames["frames"], _states(replay, build))):
            seen = state.observation(seat, since)
            assert _json(view) == _json(_without_step_events(seen)), f"seat {seat}, step {step}"
            assert frame["events"] == seen["events"], f"seat {seat}, step {step}"


def test_a_seat_never_gets_another_seats_hand_nor_its_private_draws(build):
    replay = _replay("katana", 5, 5, build=build)
    full = replay_frames.build_frames(replay, None, build)
    assert any(event["event"] == "draw" and event["card"] for frame in full["frames"] for event in frame["events"])
    for seat in range(5):
        frames = replay_frames.build_frames(replay, seat, build)
        for view in replay_frames.views(frames):
            assert all("hand" not in entry and "stars" not in entry for entry in view["seats"])
            assert "draw_pile_cards" not in view
        for frame in frames["frames"]:
            for event in frame["events"]:
                if event["event"] == "draw" and event["seat"] != seat:
                    assert event["card"] is None


@PROPERTY
@given(setup=st.sampled_from(SETUPS), seed=st.integers(0, 2**32 - 1), viewer=st.integers(0, 6),
       resample_seed=st.integers(0, 2**32 - 1))
def test_redrawing_what_a_seat_could_not_see_leaves_its_frames_unchanged(build, setup, seed, viewer,
                                                                         resample_seed):
    game, n, options = setup
    viewer %= n
    replay = _replay(game, n, seed, options, build)
    frames = replay_frames.build_frames(replay, viewer, build)
    rng = random.Random(resample_seed)
    for step, (view, frame, (state, since)) in enumerate(
            zip(replay_frames.views(frames), frames["frames"], _states(replay, build))):
        twin = state.resample_hidden(viewer, rng.randrange(2**32))
        seen = twin.observation(viewer, since)
        assert _json(view) == _json(_without_step_events(seen)), \
            f"step {step}: the frame shows what seat {viewer} never saw"
        assert frame["events"] == seen["events"], f"step {step}"


@pytest.mark.parametrize("game, n, options", [("risques", 2, {"mode": "duel"}), ("samourai", 3, None)])
def test_another_seats_secret_choice_is_named_only_as_secret(build, game, n, options):
    replay = _replay(game, n, 4, options, build)
    spec = games.get(game).spec
    secret_steps = [k for k, (seat, action) in enumerate(replay["steps"])
                    if action != FORFEIT and spec.actions.decode(action)[0] in spec.secret_actions]
    assert secret_steps, "the game had a secret choice to hide"
    full = replay_frames.build_frames(replay, None, build)["frames"]
    for viewer in range(n):
        frames = replay_frames.build_frames(replay, viewer, build)["frames"]
        for k in secret_steps:
            seat, action = replay["steps"][k]
            expected = spec.action_names[action] if seat == viewer else replay_frames.SECRET_ACTION_NAME
            assert frames[k + 1]["action"] == expected
            assert full[k + 1]["action"] == spec.action_names[action]   # everything: the match is over


def test_secret_actions_must_name_blocks_of_the_table():
    from dataclasses import replace
    with pytest.raises(ValueError, match="secret_actions names no action block BLUFF"):
        replace(games.get("samourai").spec, secret_actions=("COMMIT", "BLUFF"))


def test_a_forfeit_step_is_named_and_shown(build):
    replay = _replay("katana", 4, 2, build=build)
    state = arena_replay.simulate(replay, build, upto=10)
    leaving = state.current_seats()[0]
    truncated = dict(replay, steps=replay["steps"][:10] + [[leaving, FORFEIT]])
    frames = replay_frames.build_frames(truncated, None, build)
    assert frames["frames"][-1]["seat"] == leaving and frames["frames"][-1]["action"] == "FORFEIT"


def test_a_perspective_must_be_a_seat_of_the_replay():
    replay = _replay("katana", 3, 1)
    for bad in (3, -1, True, "0", 1.0):
        with pytest.raises(replay_frames.PerspectiveError, match="seat from 0 to 2"):
            replay_frames.build_frames(replay, bad)


def test_a_replay_that_does_not_replay_is_refused():
    replay = _replay("katana", 3, 1)
    broken = dict(replay, steps=[[replay["steps"][0][0], 10_000]] + replay["steps"][1:])
    with pytest.raises(arena_replay.ReplayError, match="step 0"):
        replay_frames.build_frames(broken)
    with pytest.raises(arena_replay.ReplayError, match="unknown game"):
        replay_frames.build_frames(dict(replay, game="go"))


def test_patches_keep_a_long_replay_small():
    replay = _replay("katana", 7, 3)
    frames = replay_frames.build_frames(replay)
    patched = len(json.dumps(frames))
    whole = sum(len(json.dumps(view)) for view in replay_frames.views(frames))
    assert patched * 4 < whole, "the patches must be much smaller than the views they rebuild"


# Views keep each field's type from one step to the next; within that, any change is carried.
JSON = st.recursive(
    st.none() | st.integers(-5, 5) | st.text(max_size=3),
    lambda children: st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=2), children, max_size=4),
    max_leaves=20)


@settings(max_examples=300, deadline=None)
@given(old=JSON, new=JSON)
def test_a_patch_turns_the_old_view_into_the_new_one_exactly(old, new):
    before = json.dumps(old)
    patched = replay_frames.apply_patch(old, replay_frames.diff(old, new))
    assert json.dumps(patched, sort_keys=True) == json.dumps(new, sort_keys=True)
    assert json.dumps(old) == before, "the old view is left as it was"
    assert replay_frames.diff(new, new) == []


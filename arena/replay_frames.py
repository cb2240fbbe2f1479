"""A replay as frames for a step-by-step viewer, from everybody's perspective or one seat's.

The replay is re-simulated through the engine.  Frame 0 is the position before
the first step; frame ``k`` is the position after step ``k``.  Each frame says
who acted (``seat``), the action's name (``action``; ``SECRET`` for a choice another seat's
perspective did not see, ``GameSpec.secret_actions``), the events of that step
only (``events``) and the view after it: frame 0 carries the whole ``view``,
every later frame only a ``patch`` from the previous view, so that a long
replay stays small (a Katana view barely changes from one step to the next).

A view is ``full_view()`` for the perspective ``None`` (everything: the match
is over) or ``observation(seat)`` for a seat (exactly what that seat saw),
without its ``events`` and ``event_count``, which the frames carry per step.

A patch is a list of operations on JSON values, applied in order, each
addressed by a path of object keys and list indexes from the view's root:

- ``[path, value]``: set the value at ``path`` (a new key, or a replaced value);
- ``[path]``: delete the object key at ``path``;
- ``[path, start, delete_count, items]``: splice the list at ``path``, as
  JavaScript's ``list.splice(start, delete_count, ...items)``.

Views keep each field's JSON type from one step to the next (a flag stays a
boolean, a count an integer): ``diff`` relies on it to skip, at C speed, the
parts of a view that did not change.  ``apply_patch`` is the reference
implementation (the browser player has the same few lines); nothing here is
specific to a game.
"""
import copy

from arena import games
from arena.engines import COMPILED
from arena.match import FORFEIT
from arena.replay import ReplayError, simulate

FORFEIT_ACTION_NAME = "FORFEIT"
# What another seat's perspective shows of a step whose choice it did not see (``GameSpec.secret_actions``).
SECRET_ACTION_NAME = "SECRET"
# Carried per frame as the events of that step: not part of the view that is patched.
_PER_STEP_KEYS = ("events", "event_count")


class PerspectiveError(ValueError):
    """A perspective that is not ``None`` (everything) nor a seat of the replay."""


def check_perspective(replay, perspective):
    if perspective is None:
        return None
    if isinstance(perspective, bool) or not isinstance(perspective, int) \
            or not 0 <= perspective < replay["players"]:
        raise PerspectiveError(f"perspective must be everything or a seat from 0 to {replay['players'] - 1}, "
                               f"not {perspective!r}")
    return perspective


def build_frames(replay, perspective=None, build=COMPILED):
    """The frames of ``replay`` seen from ``perspective`` (``None``: everything, or a seat).

    Raises ``PerspectiveError`` for a seat the replay does not have and ``ReplayError`` when the
    replay does not re-simulate."""
    perspective = check_perspective(replay, perspective)
    state = simulate(replay, build, upto=0)
    game = games.get(replay["game"], build)

    def look(since):
        view = state.full_view(since) if perspective is None else state.observation(perspective, since)
        events = view["events"]
        for key in _PER_STEP_KEYS:
            view.pop(key, None)
        return view, events

    secret = set(game.spec.secret_actions)

    def action_name(seat, action):
        if perspective is not None and seat != perspective and game.spec.actions.decode(action)[0] in secret:
            return SECRET_ACTION_NAME
        return game.action_name(action)

    view, events = look(0)
    frames = [{"seat": None, "action": None, "events": events, "view": view}]
    seen = len(state.events)
    for index, (seat, action) in enumerate(replay["steps"]):
        if state.is_terminal():
            raise ReplayError(f"step {index}: the game was already over")
        if action == FORFEIT and 0 <= seat < state.n:
            state.forfeit(seat)
            name = FORFEIT_ACTION_NAME
        else:
            if seat not in state.current_seats() or action not in state.legal_actions(seat):
                raise ReplayError(f"step {index}: seat {seat} cannot take action {action} here")
            state.apply(seat, action)
            name = action_name(seat, action)
        after, events = look(seen)
        seen = len(state.events)
        frames.append({"seat": seat, "action": name, "events": events, "patch": diff(view, after)})
        view = after
    return {
        "format": "samurai-arena-frames",
        "game": replay["game"],
        "players": replay["players"],
        "perspective": "all" if perspective is None else perspective,
        "steps": len(replay["steps"]),
        "frames": frames,
    }


def diff(old, new):
    """The patch that turns ``old`` into ``new`` (both JSON values)."""
    operations = []
    _diff(old, new, [], operations)
    return operations


def _diff(old, new, path, operations):
    if old == new and type(old) in _CONTAINERS:
        # Most of a view is as it was, and == says so at C speed.  It does not tell true from 1
        # inside containers: a view keeps each field's JSON type from one step to the next.
        return
    if type(old) is dict and type(new) is dict:
        for key in old:
            if key not in new:
                operations.append([path + [key]])
        for key, value in new.items():
            if key not in old:
                operations.append([path + [key], value])
                continue
            before = old[key]
            if before == value and type(before) is type(value):
                continue
            _diff(before, value, path + [key], operations)
    elif type(old) is list and type(new) is list:
        if len(old) == len(new):
            for index, (before, after) in enumerate(zip(old, new)):
                if before != after or type(before) is not type(after):
                    _diff(before, after, path + [index], operations)
            return
        # One splice over the part between the common head and the common tail: a card put on a
        # pile, taken from its top, or a seat's entry added or removed is a small operation.
        limit = min(len(old), len(new))
        head = 0
        while head < limit and _same(old[head], new[head]):
            head += 1
        tail = 0
        while tail < limit - head and _same(old[-1 - tail], new[-1 - tail]):
            tail += 1
        operations.append([path, head, len(old) - head - tail, new[head:len(new) - tail]])
    elif not _same(old, new):
        operations.append([path, new])


_CONTAINERS = (dict, list)


def _same(a, b):
    # JSON tells true from 1 and 1 from 1.0 apart; Python's == does not.
    return type(a) is type(b) and a == b


def apply_patch(view, patch):
    """``view`` (a JSON value, left unchanged) with ``patch`` applied."""
    view = copy.deepcopy(view)
    for operation in patch:
        path = operation[0]
        if len(operation) == 4:
            _, start, count, items = operation
            _at(view, path)[start:start + count] = copy.deepcopy(items)
        elif len(operation) == 2 and not path:
            view = copy.deepcopy(operation[1])
        elif len(operation) == 2:
            _at(view, path[:-1])[path[-1]] = copy.deepcopy(operation[1])
        elif len(operation) == 1 and path:
            del _at(view, path[:-1])[path[-1]]
        else:
            raise ValueError(f"not a patch operation: {operation!r}")
    return view


def _at(view, path):
    for key in path:
        view = view[key]
    return view


def views(frames):
    """Every frame's whole view, rebuilt from frame 0's view and the patches."""
    current = frames["frames"][0]["view"]
    result = [current]
    for frame in frames["frames"][1:]:
        current = apply_patch(current, frame["patch"])
        result.append(current)
    return result

"""Replays: a match as (game, rules version, options, seed, steps), re-simulated to verify it."""
import json

from arena import games
from arena.engines import COMPILED
from arena.match import FORFEIT, MatchOutcome

FORMAT = "samurai-arena-replay"
VERSION = 1


class ReplayError(ValueError):
    """A replay that cannot be read or does not re-simulate to what it claims."""


def to_dict(outcome, bots=None):
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": outcome.game,
        "rules_version": outcome.rules_version,
        "players": outcome.players,
        "options": outcome.options,
        "seed": outcome.seed,
        "bots": list(bots) if bots else None,
        "steps": outcome.steps,
        "result": outcome.result,
    }


def save(path, outcome, bots=None):
    with open(path, "w") as handle:
        json.dump(to_dict(outcome, bots), handle, separators=(",", ":"))


def load(path):
    try:
        with open(path) as handle:
            replay = json.load(handle)
    except OSError as exc:
        raise ReplayError(f"cannot read {path}: {exc.strerror}") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise ReplayError(f"{path} is not a replay: invalid JSON ({exc})") from None
    _check_shape(replay)
    return replay


def loads(text):
    """A replay from its JSON text (a file opened in the browser, say), checked as ``load`` checks a
    file; ``ReplayError`` says what is wrong."""
    try:
        replay = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise ReplayError(f"not a replay: invalid JSON ({exc})") from None
    _check_shape(replay)
    return replay


def _check_shape(replay):
    if not isinstance(replay, dict) or replay.get("format") != FORMAT:
        raise ReplayError("not a samurai-arena replay (missing or wrong \"format\")")
    if replay.get("version") != VERSION:
        raise ReplayError(f"unsupported replay version {replay.get('version')!r} (expected {VERSION})")
    for name, kind in (("game", str), ("rules_version", str), ("players", int), ("options", dict),
                       ("seed", int), ("steps", list), ("result", dict)):
        if not isinstance(replay.get(name), kind) or isinstance(replay.get(name), bool):
            raise ReplayError(f"replay field {name!r} is missing or not a {kind.__name__}")
    for index, step in enumerate(replay["steps"]):
        if (not isinstance(step, list) or len(step) != 2
                or not all(isinstance(x, int) and not isinstance(x, bool) for x in step)):
            raise ReplayError(f"step {index} is not a [seat, action] pair of integers "
                              f"(action {FORFEIT}: the seat forfeits)")


def simulate(replay, build=COMPILED, upto=None):
    """The game state after the replay's first ``upto`` steps (all by default)."""
    try:
        game = games.get(replay["game"], build)
    except ValueError as exc:
        raise ReplayError(str(exc)) from None
    if replay["rules_version"] != game.rules_version:
        # another rules version may resolve the same steps differently: never re-simulate it
        raise ReplayError(f"replay recorded under {replay['game']} rules {replay['rules_version']}; "
                          f"this engine plays rules {game.rules_version} and cannot re-simulate it")
    try:
        state = game.new_state(replay["players"], replay["seed"], replay["options"])
    except ValueError as exc:
        raise ReplayError(f"cannot start the game: {exc}") from None
    steps = replay["steps"] if upto is None else replay["steps"][:upto]
    for index, (seat, action) in enumerate(steps):
        if state.is_terminal():
            raise ReplayError(f"step {index}: the game was already over")
        if action == FORFEIT and 0 <= seat < state.n:   # the seat's bot failed and left
            state.forfeit(seat)
            continue
        if seat not in state.current_seats():
            raise ReplayError(f"step {index}: seat {seat} acts, but the game waits for "
                              f"seat(s) {', '.join(map(str, state.current_seats()))}")
        if action not in state.legal_actions(seat):
            name = game.action_names[action] if 0 <= action < len(game.action_names) else action
            raise ReplayError(f"step {index}: {name} is not legal for seat {seat}")
        state.apply(seat, action)
    return state


def verify(replay, build=COMPILED):
    """Re-simulates a replay; raises ReplayError unless every step and the result match."""
    state = simulate(replay, build)
    if not state.is_terminal():
        raise ReplayError(f"replay ends after {len(replay['steps'])} steps but the game is not over "
                          "(truncated?)")
    if state.result() != replay["result"]:
        raise ReplayError("the recorded result differs from the re-simulated one")
    return state.result()


def as_outcome(replay):
    return MatchOutcome(replay["game"], replay["rules_version"], replay["players"],
                        replay["options"], replay["seed"], replay["steps"], replay["result"])

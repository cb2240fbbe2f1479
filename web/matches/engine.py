"""The one place the platform calls into ``arena``.

Services describe a match as plain data (game, options, seed, one agent
reference per seat) and get plain data back; nothing here touches the
database.  An agent reference is ``{"kind": "builtin", "name": ...}`` or
``{"kind": "upload", "path": ..., "sha256": ...}``.

Uploaded bots run in the sandbox of the bot runner (issue 4).  Until that
lands, ``_upload_agent`` refuses them and every match is played between
built-in bots; the match loop's per-seat status (``ok``, ``timeout``, ``crash``,
``illegal``, ``limit``; ``outcome.seat_status``) and capped logs
(``outcome.bot_logs``, None for in-process bots) are stored with each seat.
"""
import time
from dataclasses import dataclass, field

from arena import agents as arena_agents
from arena import games as arena_games
from arena import replay as arena_replay
from arena.match import agent_seed, play_match

SEAT_STATUSES = ("ok", "timeout", "crash", "illegal", "limit")


class EngineInputError(ValueError):
    """The match cannot be described: unknown game, wrong seat count, bad options."""


class MatchFailed(RuntimeError):
    """The match itself cannot be played (not a platform fault: retrying would fail the same way)."""


@dataclass(frozen=True)
class GameInfo:
    id: str
    name: str
    rules_version: str
    min_players: int
    max_players: int


@dataclass
class PlayedMatch:
    rules_version: str
    options: dict
    steps: list
    result: dict
    replay: dict
    seat_status: list = field(default_factory=list)
    seat_logs: list = field(default_factory=list)
    engine_seconds: float = 0.0


def game_ids():
    return arena_games.game_ids()


def game_info(game_id):
    try:
        game = arena_games.get(game_id)
    except ValueError as exc:
        raise EngineInputError(str(exc)) from None
    return GameInfo(game.id, game.name, game.rules_version, game.min_players, game.max_players)


def check_match(game_id, *, players, options=None):
    """The rules version and the options with defaults filled in; ``EngineInputError`` if invalid."""
    try:
        game = arena_games.get(game_id)
        game.check_players(players)
        resolved = game.resolve_options(options)
    except ValueError as exc:
        raise EngineInputError(str(exc)) from None
    return game.rules_version, resolved


def builtin_agent_names():
    return tuple(sorted(arena_agents.BUILTIN_AGENTS))


def check_agent_ref(ref):
    if ref.get("kind") == "builtin":
        if ref.get("name") not in arena_agents.BUILTIN_AGENTS:
            raise EngineInputError(f"unknown built-in bot {ref.get('name')!r}: built-in bots are "
                                   f"{', '.join(builtin_agent_names())}")
    elif ref.get("kind") != "upload":
        raise EngineInputError(f"unknown kind of bot {ref.get('kind')!r}")


def _upload_agent(ref, seed, seat):
    # Plug-in point of the bot sandbox (issue 4): build a sandboxed agent from the uploaded file.
    raise MatchFailed("uploaded bots cannot play until the bot sandbox is installed")


def _agent(ref, seed, seat):
    if ref["kind"] == "builtin":
        return arena_agents.builtin(ref["name"], agent_seed(seed, seat))
    return _upload_agent(ref, seed, seat)


def play(*, game, rules_version, options, seed, seats, bot_labels=None):
    """Plays one match; raises ``MatchFailed`` if it cannot be played as described."""
    try:
        engine_game = arena_games.get(game)
    except ValueError as exc:
        raise MatchFailed(str(exc)) from None
    if engine_game.rules_version != rules_version:
        raise MatchFailed(f"the match was queued for {game} rules {rules_version}; this worker plays "
                          f"rules {engine_game.rules_version}")
    started = time.perf_counter()
    players = [_agent(ref, seed, seat) for seat, ref in enumerate(seats)]
    try:
        outcome = play_match(game, seed=seed, agents=players, options=options)
    except (ValueError, RuntimeError) as exc:
        raise MatchFailed(f"{type(exc).__name__}: {exc}") from None
    elapsed = time.perf_counter() - started
    n = len(seats)
    statuses = [entry["status"] if isinstance(entry, dict) else entry
                for entry in (getattr(outcome, "seat_status", None) or ["ok"] * n)]
    logs = [log or "" for log in (getattr(outcome, "bot_logs", None) or [""] * n)]
    return PlayedMatch(
        rules_version=outcome.rules_version,
        options=outcome.options,
        steps=outcome.steps,
        result=outcome.result,
        replay=arena_replay.to_dict(outcome, bot_labels),
        seat_status=statuses,
        seat_logs=logs,
        engine_seconds=elapsed,
    )


def verify_replay(replay):
    """Re-simulates a stored replay; raises ``arena.replay.ReplayError`` unless it matches."""
    return arena_replay.verify(replay)

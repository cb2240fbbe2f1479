"""The games the platform serves, read from ``arena``'s registry and the games' specs: their
facts, and whether a match or a bot reference can be described.  The lowest of the web apps'
domain code: bots, ratings, matches and tournaments all ask it, and it asks none of them.
"""
from dataclasses import dataclass
from pathlib import Path

from arena import agents as arena_agents
from arena import games as arena_games


# The bot references and starter bots live in the repository beside the code (docs/, examples/).
REPOSITORY = Path(__file__).resolve().parents[2]
PROTOCOL_REFERENCE = "docs/bots/protocol.md"


class EngineInputError(ValueError):
    """The match cannot be described: unknown game, wrong seat count, bad options."""


@dataclass(frozen=True)
class GameInfo:
    id: str
    name: str
    rules_version: str
    min_players: int
    max_players: int


def game_ids():
    return arena_games.game_ids()


def warm_up():
    """Loads every engine and its views (a web process does it at start, not in a visitor's request)."""
    for game_id in arena_games.game_ids():
        game = arena_games.get(game_id)
        game.new_state(game.table_sizes()[0], 0, game.resolve_options(None)).full_view()


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
        resolved = game.check_match(players, options)
    except ValueError as exc:
        raise EngineInputError(str(exc)) from None
    return game.rules_version, resolved


def has_heuristic(game_id):
    """Whether ``game_id`` has its own heuristic player (``GameSpec.heuristic``)."""
    return bool(arena_games.get(game_id).spec.heuristic)


def campaign(game_id):
    """The story campaign ``game_id`` declares (``GameSpec.campaign``), or None: only such a game
    offers the tournament format ``story``."""
    try:
        return arena_games.get(game_id).campaign
    except ValueError:
        return None


def has_campaign(game_id):
    return campaign(game_id) is not None


def check_agent_ref(ref, game=None):
    """Raises ``EngineInputError`` unless ``ref`` names a bot the platform can play: a built-in one
    (``random``, ``heuristic``, a mix ``mix-<p>``, a game's heuristic by its alias; for ``game``
    when given) or an upload."""
    if ref.get("kind") == "builtin":
        name = ref.get("name")
        try:
            if not isinstance(name, str):
                raise ValueError(f"{name!r} is not a name")
            arena_agents.check_builtin(name, game)
        except ValueError as exc:
            raise EngineInputError(str(exc)) from None
    elif ref.get("kind") != "upload":
        raise EngineInputError(f"unknown kind of bot {ref.get('kind')!r}")


def _repository_text(relative):
    try:
        return (REPOSITORY / relative).read_text(encoding="utf-8")
    except OSError:
        return None


def bot_reference(game_id):
    """The game's bot reference (Markdown: the observation, every action name, an example), or None."""
    spec = arena_games.get(game_id).spec
    return _repository_text(spec.docs) if spec.docs else None


def protocol_reference():
    """The protocol every bot speaks (Markdown)."""
    return _repository_text(PROTOCOL_REFERENCE)


def starter_bots(game_id):
    """The game's starter bots that are there to download: ``[{"name", "path"}]``."""
    spec = arena_games.get(game_id).spec
    return [{"name": Path(relative).name, "path": REPOSITORY / relative} for relative in spec.starter_bots
            if (REPOSITORY / relative).is_file()]


def starter_bot(game_id, name):
    """The path of the starter bot ``name`` of ``game_id``; ``EngineInputError`` for any other name."""
    for bot in starter_bots(game_id):
        if bot["name"] == name:
            return bot["path"]
    raise EngineInputError(f"{game_id} has no starter bot {name[:100]!r}")

"""The game registry and the engine contract every game implements.

An engine is a rules module in ``engine_ext`` (see ``arena.engines`` for its two
builds).  It exposes ``GAME_ID``, ``GAME_NAME``, ``RULES_VERSION``,
``MIN_PLAYERS``, ``MAX_PLAYERS``, ``OPTIONS``, ``ACTION_NAMES``,
``new_state(n_players, seed, options)`` and the fast path
``play_random_games(n_players, n_games, seed)``.  Its states implement
:class:`GameState`.  Registering a game is one line in ``_ENGINES``.
"""
from dataclasses import dataclass
from functools import cached_property
from typing import Protocol

from arena.engines import BUILDS, COMPILED, load_module

_ENGINES = {
    "katana": "_katana",
    "risques": "_risques",
}


class GameState(Protocol):
    """One game in progress: deterministic from (game, rules version, options, seed, actions)."""

    n: int

    def current_seats(self) -> list[int]:
        """Seats that must decide now: one normally, another out of turn (a parry), several at
        once for simultaneous secret choices, none when the game is over.  Each decides with
        ``apply(seat, action)``; a pending choice is never visible to the other seats."""

    def legal_actions(self, seat: int) -> list[int]:
        """The actions ``seat`` may take now, as small integers named by ``ACTION_NAMES``."""

    def apply(self, seat: int, action: int) -> None:
        """Takes a legal action; raises ``ValueError`` naming the problem otherwise."""

    def is_terminal(self) -> bool: ...

    def observation(self, seat: int, since: int = 0) -> dict:
        """JSON-compatible: exactly what ``seat`` may know, with public events from ``since`` on."""

    def full_view(self, since: int = 0) -> dict:
        """Everything, hidden parts included (spectators of finished games, replays)."""

    def result(self) -> dict:
        """Once over: ``scores``, ``ranks`` (1 = first, shared by a team), ``teams`` per seat,
        ``end_reason`` and the game's own details."""

    def forfeit(self, seat: int) -> None:
        """``seat`` leaves (its bot failed).  It ranks last alone; the game goes on without it
        where the rules allow, otherwise it ends now."""

    def clone(self) -> "GameState": ...

    def resample_hidden(self, seat: int, seed: int) -> "GameState":
        """A copy that ``seat`` cannot tell apart: everything it has not seen redrawn.  The
        conformance suite checks that ``seat``'s observation and the decision structure are
        unchanged by it."""


@dataclass(frozen=True)
class RatingPool:
    """Where a match's ratings go: one leaderboard per (game, rules version, splitting options).

    ``kind`` is how the pool rates: ``ranks`` (finishing orders), ``teams`` (hidden teams), or
    ``score`` (a single bot seat against the game's automata: mean score, win rate against them).
    ``key`` is the stable text stored with every rating row, e.g. ``risques@1.2[mode=duel]``."""
    game: str
    rules_version: str
    splits: tuple  # ((option name, canonical value), ...) in the spec's order
    kind: str

    @property
    def key(self):
        parts = [f"{name}={value}" for name, value in self.splits]
        if self.kind == "score":
            parts.append("solo")
        return f"{self.game}@{self.rules_version}" + (f"[{','.join(parts)}]" if parts else "")


@dataclass(frozen=True)
class Option:
    name: str
    default: object
    choices: tuple
    help: str


@dataclass(frozen=True, eq=False)
class Game:
    id: str
    module_name: str
    build: str = COMPILED

    @cached_property
    def module(self):
        return load_module(self.module_name, self.build)

    @property
    def name(self):
        return self.module.GAME_NAME

    @property
    def rules_version(self):
        return self.module.RULES_VERSION

    @property
    def min_players(self):
        return self.module.MIN_PLAYERS

    @property
    def max_players(self):
        return self.module.MAX_PLAYERS

    @property
    def options(self):
        return tuple(Option(**option) for option in self.module.OPTIONS)

    @property
    def action_names(self):
        return self.module.ACTION_NAMES

    def action_name(self, action):
        return self.action_names[action]

    def action_id(self, name):
        try:
            return self.action_names.index(name)
        except ValueError:
            raise ValueError(f"{self.id} has no action named {name!r}") from None

    def check_players(self, n_players):
        if not self.min_players <= n_players <= self.max_players:
            raise ValueError(f"{self.id} is played by {self.min_players} to {self.max_players} "
                             f"players, not {n_players}")

    def resolve_options(self, options=None):
        """The options with defaults filled in; unknown names and values are errors."""
        options = dict(options or {})
        known = {option.name: option for option in self.options}
        unknown = sorted(set(options) - set(known))
        if unknown:
            raise ValueError(f"{self.id} has no option {', '.join(unknown)}"
                             + (f" (options: {', '.join(sorted(known))})" if known else ""))
        resolved = {}
        for name, option in known.items():
            value = options.get(name, option.default)
            if option.choices and value not in option.choices:
                raise ValueError(f"option {name} of {self.id} must be one of "
                                 f"{', '.join(map(str, option.choices))}, not {value!r}")
            resolved[name] = value
        return resolved

    @property
    def pool_options(self):
        """Names of the options whose values split rating pools (Risques: its mode)."""
        return tuple(getattr(self.module, "POOL_OPTIONS", ()))

    @property
    def result_kind(self):
        """``ranks``, ``teams`` (hidden teams share a rank) or ``score``."""
        return getattr(self.module, "RESULT_KIND", "ranks")

    def canonical_options(self, n_players, options=None):
        """The resolved options, with values that depend on the player count made explicit
        (Risques' ``mode=auto`` becomes ``duel`` or ``massacre``)."""
        resolved = self.resolve_options(options)
        canonical = getattr(self.module, "canonical_options", None)
        return canonical(n_players, resolved) if canonical else resolved

    def rating_pool(self, n_players, options=None):
        """The rating pool of a match of ``n_players`` bot seats with these options."""
        canonical = self.canonical_options(n_players, options)
        splits = tuple((name, canonical[name]) for name in self.pool_options)
        kind = "score" if n_players == 1 else self.result_kind
        return RatingPool(self.id, self.rules_version, splits, kind)

    def new_state(self, n_players, seed, options=None):
        self.check_players(n_players)
        return self.module.new_state(n_players, seed, self.resolve_options(options))

    def play_random_games(self, n_players, n_games, seed):
        self.check_players(n_players)
        return self.module.play_random_games(n_players, n_games, seed)


def game_ids():
    return tuple(_ENGINES)


def get(game_id, build=COMPILED):
    if build not in BUILDS:
        raise ValueError(f"unknown build {build!r}: expected one of {', '.join(BUILDS)}")
    try:
        return _game(game_id, build)
    except KeyError:
        raise ValueError(f"unknown game {game_id!r}: known games are {', '.join(_ENGINES)}") from None


_LOADED = {}


def _game(game_id, build):
    key = (game_id, build)
    if key not in _LOADED:
        _LOADED[key] = Game(game_id, _ENGINES[game_id], build)
    return _LOADED[key]

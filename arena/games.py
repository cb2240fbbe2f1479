"""The game registry and the engine contract every game implements.

A game is a package ``engine_ext/<game>/`` whose ``spec.SPEC`` (an
:class:`engine_ext.spec.GameSpec`) declares it: id, name, rules version,
players, options, actions, result kind, automata, time control, heuristic,
rules summary and golden cases.  Its rules module (``SPEC.rules_module``, two
builds: see ``arena.engines``) exposes ``new_state(n_players, seed, options)``
and the fast path ``play_random_games(n_players, n_games, seed)``, and its
states implement :class:`GameState`.

Registering a game is one line in ``_PACKAGES``.  Games outside this
repository (a throwaway game in the tests, a game of your own) are registered
by ``ARENA_EXTRA_GAMES=id=package[,id=package]``, read by every process, so
that workers and web servers see the same games as the command that set it.
"""
import os
from dataclasses import dataclass
from functools import cached_property
from importlib import import_module
from typing import Protocol

from arena.engines import BUILDS, COMPILED, load_module
from engine_ext.spec import GameSpec, Option  # noqa: F401  (Option is part of the registry's API)

_PACKAGES = {
    "katana": "engine_ext.katana",
    "risques": "engine_ext.risques",
    "shogun": "engine_ext.shogun",
    "samourai": "engine_ext.samourai",
}


def _registered():
    packages = dict(_PACKAGES)
    for entry in filter(None, os.environ.get("ARENA_EXTRA_GAMES", "").split(",")):
        game_id, _, package = entry.partition("=")
        if not game_id or not package:
            raise ValueError(f"ARENA_EXTRA_GAMES: {entry!r} is not id=package")
        packages[game_id.strip()] = package.strip()
    return packages


class GameState(Protocol):
    """One game in progress: deterministic from (game, rules version, options, seed, actions).

    Decisions are small integers from the game's action table (``SPEC.actions``).  A compound
    turn (place a worker, then pay, then pick a target) is a sequence of such decisions by the
    same seat, each with its own legal set: ``current_seats()`` keeps naming that seat until the
    turn is complete, and the public ``events`` say what each decision did.  Which seats must
    decide never depends on hidden information.
    """

    n: int          # bot seats (automata, played by the engine, are not seats)
    events: list    # the public event log so far, appended to by ``apply``; ``observation(seat,
    #               # since)`` carries ``events`` from index ``since`` on and ``event_count``

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
        """JSON-compatible: exactly what ``seat`` may know, with ``events`` (those ``seat`` may see,
        from index ``since`` of the log on) and ``event_count`` (the log's length, the next
        ``since``).  It carries ``game`` and ``seat``."""

    def full_view(self, since: int = 0) -> dict:
        """Everything, hidden parts included (spectators of finished games, replays)."""

    def result(self) -> dict:
        """Once over: ``scores``, ``ranks`` (1 = first, shared by a team), ``teams`` per seat,
        ``end_reason`` and the game's own details.  With automata in play, ``automata`` lists
        ``{"name", "level", "score", "rank"}`` for each, ranked on the seats' scale."""

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


@dataclass(frozen=True, eq=False)
class Game:
    """A registered game in one build: its spec, and its rules module loaded on first use."""
    id: str
    package: str
    build: str = COMPILED

    @cached_property
    def spec(self) -> GameSpec:
        spec = import_module(f"{self.package}.spec").SPEC
        if spec.id != self.id:
            raise ValueError(f"{self.package} declares game {spec.id!r}, registered as {self.id!r}")
        return spec

    @cached_property
    def module(self):
        return load_module(self.spec.rules_module, self.build)

    @cached_property
    def flat_layout(self):
        """The game's flat observation (an ``engine_ext.flat.FlatLayout``), as its spec names it."""
        if not self.spec.flat_observation:
            raise ValueError(f"{self.id} declares no flat observation (SPEC.flat_observation)")
        module, _, name = self.spec.flat_observation.partition(":")
        return getattr(import_module(module), name)

    @property
    def module_name(self):
        return self.spec.rules_module

    @property
    def package_dir(self):
        """The game's package directory (its golden playthroughs are in ``golden/``)."""
        from pathlib import Path
        return Path(import_module(self.package).__file__).parent

    @property
    def name(self):
        return self.spec.name

    @cached_property
    def components(self):
        """What is printed on the game's components, as JSON (the spec's ``components``), for the
        renderers that draw its table; ``{}`` when its views say all there is."""
        if not self.spec.components:
            return {}
        module, _, function = self.spec.components.partition(":")
        return getattr(import_module(module), function)()

    @cached_property
    def campaign(self):
        """The game's story campaign (the spec's ``campaign``, e.g.
        ``engine_ext.shogun.story.Campaign``), or None when it has none."""
        if not self.spec.campaign:
            return None
        module, _, name = self.spec.campaign.partition(":")
        return getattr(import_module(module), name)

    def is_story(self, options=None):
        """Whether a match with these options plays a chapter of the game's campaign (its chapter
        option set): a story match, which rates into no pool."""
        campaign = self.campaign
        return bool(campaign is not None and (options or {}).get(campaign.option))

    @property
    def rules_version(self):
        return self.spec.rules_version

    @property
    def min_players(self):
        return self.spec.min_players

    @property
    def max_players(self):
        return self.spec.max_players

    @property
    def options(self):
        return self.spec.options

    @property
    def action_names(self):
        return self.spec.action_names

    def action_name(self, action):
        return self.action_names[action]

    def action_id(self, name):
        try:
            return self.spec.actions.id(name)
        except ValueError:
            raise ValueError(f"{self.id} has no action named {name!r}") from None

    def check_players(self, n_players):
        self.spec.check_players(n_players)

    def resolve_options(self, options=None):
        """The options with defaults filled in; unknown names and values are errors."""
        return self.spec.resolve_options(options)

    def check_match(self, n_players, options=None):
        """The options resolved; ValueError unless ``n_players`` may play the game with them: what
        the spec says (``check_table``), then what only the rules know (a Risques frappe is a duel),
        by setting up a table, which costs far less than a refusal found once games are queued."""
        resolved = self.spec.check_match(n_players, options)
        self.module.new_state(n_players, 0, resolved)
        return resolved

    def can_seat(self, n_players, options=None):
        """Whether these options (defaults where not given) can seat ``n_players``: a seat alone at
        Shōgun no Katana only with its ghost, a Risques frappe only two."""
        try:
            self.check_match(n_players, options)
        except ValueError:
            return False
        return True

    def table_sizes(self, options=None):
        """The player counts these options can seat, smallest first."""
        return tuple(n for n in range(self.min_players, self.max_players + 1) if self.can_seat(n, options))

    @property
    def pool_options(self):
        """Names of the options whose values split rating pools (Risques: its mode)."""
        return self.spec.pool_options

    @property
    def result_kind(self):
        """``ranks``, ``teams`` (hidden teams share a rank) or ``score``."""
        return self.spec.result_kind

    def canonical_options(self, n_players, options=None):
        """The resolved options, with values that depend on the player count made explicit
        (Risques' ``mode=auto`` becomes ``duel`` or ``massacre``)."""
        resolved = self.resolve_options(options)
        canonical = self.spec.canonical_options
        return canonical(n_players, resolved) if canonical else resolved

    @property
    def standard_pool(self):
        """The key of the pool of the game as most tables play it: the rules as they come (every
        option at its default) over the most table sizes (Risques: the massacre of 3 to 7, not the
        duel of 2; Shōgun: its tables of 2 to 4 without the ghost).  The ladder gives it most of its
        matches, so that this board, the one its page opens on, separates its players first."""
        pools = {}
        for seats in range(self.min_players, self.max_players + 1):
            if self.can_seat(seats):
                key = self.rating_pool(seats).key
                pools[key] = pools.get(key, 0) + 1
        return max(pools, key=pools.get) if pools else None

    def rating_pool(self, n_players, options=None):
        """The rating pool of a match of ``n_players`` bot seats with these options; None for a story
        match (``is_story``: a chapter plays special rules and conditions, so it says nothing of how a
        bot fares in the pools, solo ones included)."""
        if self.is_story(options):
            return None
        canonical = self.canonical_options(n_players, options)
        splits = tuple((name, canonical[name]) for name in self.pool_options)
        kind = "score" if n_players == 1 else self.result_kind
        return RatingPool(self.id, self.rules_version, splits, kind)

    def new_state(self, n_players, seed, options=None):
        self.check_players(n_players)
        return self.module.new_state(n_players, seed, self.resolve_options(options))

    def play_random_games(self, n_players, n_games, seed, options=None):
        """The fast path; ``options`` only for a game whose fast path takes them (Shōgun's ghost)."""
        if options:
            self.check_match(n_players, options)
            return self.module.play_random_games(n_players, n_games, seed, options)
        self.check_players(n_players)
        return self.module.play_random_games(n_players, n_games, seed)


def game_ids():
    return tuple(_registered())


def get(game_id, build=COMPILED):
    if build not in BUILDS:
        raise ValueError(f"unknown build {build!r}: expected one of {', '.join(BUILDS)}")
    key = (game_id, build)
    if key not in _LOADED:
        packages = _registered()
        if game_id not in packages:
            raise ValueError(f"unknown game {game_id!r}: known games are {', '.join(packages)}")
        _LOADED[key] = Game(game_id, packages[game_id], build)
    return _LOADED[key]


_LOADED = {}

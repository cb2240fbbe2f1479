"""Built-in bots, and the interface every player of a match implements.

An agent is asked ``act(observation, legal_actions)`` and answers one of the
legal actions.  Built-in agents are seeded from the match, so that a match
between built-in bots is reproducible from its seed alone.

Built-in names:

* ``random``: uniform over the legal actions (every game);
* ``heuristic``: the game's own heuristic bot, named by its spec
  (``SPEC.heuristic``, in the game's package, e.g.
  ``engine_ext.katana.heuristic:KatanaAggressor``), also available by the
  names the spec lists in ``heuristic_aliases`` (``katana-aggressor``);
* ``mix-<p>`` with ``0 <= p <= 1`` (e.g. ``mix-0.25``): at each decision the
  heuristic's choice with probability ``1 - p``, a uniformly random legal
  action with probability ``p``.  ``mix-0`` is the heuristic, ``mix-1`` plays
  like ``random``; in between the strength is graded.

A built-in agent that plans also has ``act_with_state(observation,
legal_actions, sample)``: the match loop then offers it copies of the game its
seat cannot tell apart from the real one (``arena.match.decide``); the
heuristic and the mix pass them on to the game's heuristic when it plans.

An agent that runs outside the arena's process (a user's bot, ``arena.bots``)
also has ``start(info, clock)``, ``wait_ready()``, ``end(message)`` and
``close()``, and raises ``BotFailure`` when it fails.

An agent whose ``reads_observation`` is False (``random``) is passed None instead of the
observation: the match loop does not build what nobody reads (``arena.match``).

A built-in agent asked to choose among no legal actions raises ``NoLegalAction``: the match
loop never asks it then (``arena.match.EngineError``), but whoever else drives it learns why.
"""
import random
from importlib import import_module

from arena import games

STATUSES = ("ok", "timeout", "crash", "illegal", "limit")


class BotFailure(Exception):
    """A bot failed: ``status`` is one of ``STATUSES`` (not ``ok``), ``reason`` a short sentence."""

    def __init__(self, status, reason):
        assert status in STATUSES[1:], status
        super().__init__(f"{status}: {reason}")
        self.status = status
        self.reason = reason


class NoLegalAction(ValueError):
    """A built-in agent was asked to decide with no legal action to choose from (the engine's fault)."""


def require_legal(name, legal_actions):
    if not legal_actions:
        raise NoLegalAction(f"{name} was asked to decide with no legal action to choose from")


class RandomAgent:
    """Uniform over the legal actions."""

    name = "random"
    # It never reads the observation: the match loop passes None instead of building it.
    reads_observation = False

    def __init_subclass__(cls, **kwargs):
        # A subclass may read what it is shown (a recorder, a planner): it is shown everything
        # unless it says otherwise.
        super().__init_subclass__(**kwargs)
        if "reads_observation" not in cls.__dict__:
            cls.reads_observation = True

    def __init__(self, seed):
        self._rng = random.Random(seed)

    def act(self, observation, legal_actions):
        require_legal(self.name, legal_actions)
        return legal_actions[self._rng.randrange(len(legal_actions))]


class HeuristicAgent:
    """The heuristic bot of the game being played.

    The game is given, or taken from the first observation's ``game`` field.
    """

    name = "heuristic"

    def __init__(self, seed, game=None):
        self._seed = seed
        self._inner = None if game is None else _heuristic_class(game)(seed)

    def _player(self, observation):
        if self._inner is None:
            game = observation.get("game") if isinstance(observation, dict) else None
            if game is None:
                raise ValueError("the heuristic bot needs to know the game: pass game=")
            self._inner = _heuristic_class(game)(self._seed)
        return self._inner

    def act(self, observation, legal_actions):
        require_legal(self.name, legal_actions)
        return self._player(observation).act(observation, legal_actions)

    def act_with_state(self, observation, legal_actions, sample):
        """A heuristic that plans (``act_with_state``, see ``arena.match``) gets the sampler."""
        require_legal(self.name, legal_actions)
        inner = self._player(observation)
        plan = getattr(inner, "act_with_state", None)
        return inner.act(observation, legal_actions) if plan is None else plan(observation, legal_actions, sample)


class MixAgent:
    """The heuristic with probability ``1 - p``, uniform random with probability ``p``.

    The heuristic sees every observation (it keeps its beliefs up to date) even
    when the random choice is taken.
    """

    def __init__(self, p, seed, game=None):
        if not 0.0 <= p <= 1.0:
            raise ValueError(f"a mix takes a probability between 0 and 1, not {p}")
        self.p = p
        self.name = mix_name(p)
        self._rng = random.Random(seed * 2 + 1)
        self._heuristic = HeuristicAgent(seed, game)

    def act(self, observation, legal_actions):
        require_legal(self.name, legal_actions)
        return self._mixed(self._heuristic.act(observation, legal_actions), legal_actions)

    def act_with_state(self, observation, legal_actions, sample):
        require_legal(self.name, legal_actions)
        return self._mixed(self._heuristic.act_with_state(observation, legal_actions, sample), legal_actions)

    def _mixed(self, choice, legal_actions):
        if self._rng.random() < self.p:
            return legal_actions[self._rng.randrange(len(legal_actions))]
        return choice


def mix_name(p):
    return f"mix-{p:g}"


def _heuristic_class(game):
    """The heuristic player of ``game``, imported from where its spec says."""
    spec = games.get(game).spec
    if not spec.heuristic:
        with_one = [g for g in games.game_ids() if games.get(g).spec.heuristic]
        raise ValueError(f"no heuristic bot for {game!r} yet: games with one are {', '.join(with_one)}")
    module, _, name = spec.heuristic.partition(":")
    return getattr(import_module(module), name)


def _aliases():
    """Built-in names of the games' heuristics (``katana-aggressor``): name -> game id."""
    return {alias: game_id for game_id in games.game_ids() for alias in games.get(game_id).spec.heuristic_aliases}


def game_of(name):
    """The game a game-specific built-in bot plays (``risques-odds``: risques); ValueError otherwise."""
    try:
        return _aliases()[name]
    except KeyError:
        raise ValueError(f"{name!r} is not the heuristic of one game: those are {', '.join(sorted(_aliases()))}") from None


BUILTIN_AGENTS = {
    "random": lambda seed, game=None: RandomAgent(seed),
    "heuristic": HeuristicAgent,
}


def builtin_names():
    return sorted(list(BUILTIN_AGENTS) + list(_aliases())) + ["mix-<p>"]


def check_builtin(name, game=None):
    """Raises ``ValueError`` with the reason if ``name`` is not a built-in bot usable for ``game``."""
    builtin(name, 0, game)


def builtin(name, seed, game=None):
    """A built-in bot by name, seeded; ``game`` is needed only by game-specific bots."""
    if name.startswith("mix-"):
        try:
            p = float(name[len("mix-"):])
        except ValueError:
            raise ValueError(f"bad mix {name!r}: write mix-<p> with p between 0 and 1, e.g. mix-0.25") from None
        return MixAgent(p, seed, game)
    aliases = _aliases()
    if name in aliases:
        if game not in (None, aliases[name]):
            raise ValueError(f"{name} plays {games.get(aliases[name]).name} only, not {game!r}")
        return _heuristic_class(aliases[name])(seed)
    try:
        factory = BUILTIN_AGENTS[name]
    except KeyError:
        raise ValueError(f"unknown built-in bot {name!r}: built-in bots are "
                         f"{', '.join(builtin_names())}") from None
    return factory(seed, game)

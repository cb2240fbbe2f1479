"""Built-in bots, and the interface every player of a match implements.

An agent is asked ``act(observation, legal_actions)`` and answers one of the
legal actions.  Built-in agents are seeded from the match, so that a match
between built-in bots is reproducible from its seed alone.

Built-in names:

* ``random``: uniform over the legal actions (every game);
* ``heuristic``: the game's own heuristic bot (see ``HEURISTICS``; Katana:
  :class:`arena.katana_agent.KatanaAggressor`, also available by its own name
  ``katana-aggressor``; Risques: :class:`arena.heuristics.risques.OddsPlayer`,
  also ``risques-odds``);
* ``mix-<p>`` with ``0 <= p <= 1`` (e.g. ``mix-0.25``): at each decision the
  heuristic's choice with probability ``1 - p``, a uniformly random legal
  action with probability ``p``.  ``mix-0`` is the heuristic, ``mix-1`` plays
  like ``random``; in between the strength is graded.

An agent that runs outside the arena's process (a user's bot, ``arena.bots``)
also has ``start(info, clock)``, ``wait_ready()``, ``end(message)`` and
``close()``, and raises ``BotFailure`` when it fails.
"""
import random

from arena.heuristics.risques import OddsPlayer
from arena.katana_agent import KatanaAggressor

STATUSES = ("ok", "timeout", "crash", "illegal", "limit")


class BotFailure(Exception):
    """A bot failed: ``status`` is one of ``STATUSES`` (not ``ok``), ``reason`` a short sentence."""

    def __init__(self, status, reason):
        assert status in STATUSES[1:], status
        super().__init__(f"{status}: {reason}")
        self.status = status
        self.reason = reason


class RandomAgent:
    """Uniform over the legal actions."""

    name = "random"

    def __init__(self, seed):
        self._rng = random.Random(seed)

    def act(self, observation, legal_actions):
        return legal_actions[self._rng.randrange(len(legal_actions))]


# The heuristic bot of each game: game id -> class taking a seed.
HEURISTICS = {
    "katana": KatanaAggressor,
    "risques": OddsPlayer,
}


class HeuristicAgent:
    """The heuristic bot of the game being played.

    The game is given, or taken from the first observation's ``game`` field.
    """

    name = "heuristic"

    def __init__(self, seed, game=None):
        self._seed = seed
        self._inner = None if game is None else _heuristic_class(game)(seed)

    def act(self, observation, legal_actions):
        if self._inner is None:
            game = observation.get("game") if isinstance(observation, dict) else None
            if game is None:
                raise ValueError("the heuristic bot needs to know the game: pass game=")
            self._inner = _heuristic_class(game)(self._seed)
        return self._inner.act(observation, legal_actions)


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
        choice = self._heuristic.act(observation, legal_actions)
        if self._rng.random() < self.p:
            return legal_actions[self._rng.randrange(len(legal_actions))]
        return choice


def mix_name(p):
    return f"mix-{p:g}"


def _heuristic_class(game):
    try:
        return HEURISTICS[game]
    except KeyError:
        raise ValueError(f"no heuristic bot for {game!r} yet: games with one are "
                         f"{', '.join(sorted(HEURISTICS))}") from None


BUILTIN_AGENTS = {
    "random": lambda seed, game=None: RandomAgent(seed),
    "heuristic": HeuristicAgent,
    "katana-aggressor": lambda seed, game=None: KatanaAggressor(seed),
    "risques-odds": lambda seed, game=None: OddsPlayer(seed),
}


def builtin_names():
    return sorted(BUILTIN_AGENTS) + ["mix-<p>"]


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
    try:
        factory = BUILTIN_AGENTS[name]
    except KeyError:
        raise ValueError(f"unknown built-in bot {name!r}: built-in bots are "
                         f"{', '.join(builtin_names())}") from None
    if name == "katana-aggressor" and game not in (None, "katana"):
        raise ValueError(f"katana-aggressor plays Katana only, not {game!r}")
    if name == "risques-odds" and game not in (None, "risques"):
        raise ValueError(f"risques-odds plays Risques only, not {game!r}")
    return factory(seed, game)

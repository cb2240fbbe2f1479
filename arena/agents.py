"""Built-in bots, and the interface every player of a match implements.

An agent is asked ``act(observation, legal_actions)`` and answers one of the
legal actions.  Built-in agents are seeded from the match, so that a match
between built-in bots is reproducible from its seed alone.

An agent that runs outside the arena's process (a user's bot, ``arena.bots``)
also has ``start(info, clock)``, ``wait_ready()``, ``end(message)`` and
``close()``, and raises ``BotFailure`` when it fails.
"""
import random

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


BUILTIN_AGENTS = {
    "random": RandomAgent,
}


def builtin(name, seed):
    try:
        return BUILTIN_AGENTS[name](seed)
    except KeyError:
        raise ValueError(f"unknown built-in bot {name!r}: built-in bots are "
                         f"{', '.join(sorted(BUILTIN_AGENTS))}") from None

"""User bots: the submission format, the sandbox, the JSON-lines runner and validation.

``make_agent(spec, ...)`` turns what a user names on the command line (a built-in
bot's name or a path to a bot file) into an agent of the match loop.
"""
import os

from arena import agents


def is_builtin(spec):
    return spec in agents.BUILTIN_AGENTS and not os.path.exists(spec)


def make_agent(spec, seed, *, trusted=False, pool=None):
    """A built-in bot by name, else a bot file run in its sandbox (or, trusted, without one);
    from ``pool`` (an ``arena.bots.pool.BotPool``) when given."""
    if is_builtin(spec):
        return agents.builtin(spec, seed)
    if os.sep not in spec and not os.path.exists(spec) and not spec.endswith((".py", ".zip")):
        agents.builtin(spec, seed)   # raises: an unknown built-in name, not a missing file
    if pool is not None:
        return pool.agent(spec, trusted=trusted)
    from arena.bots.runner import BotProcess
    return BotProcess(spec, trusted=trusted)

"""Training environments for every registered game: PettingZoo, Gymnasium, and batches.

    from arena import envs
    env = envs.aec_env("katana", players=5, seed=1)           # PettingZoo AEC, one agent per seat
    env = envs.gym_env("risques", seat=0, opponents=["heuristic"], options={"mode": "duel"})
    batch = envs.batch_env("katana", n_games=1024, players=5)  # many games stepped at once

They play the platform's own engines (same rules versions, seeds and options) through the same
table as the match loop (``arena.match.Table``): a seat decides on the observation a bot would
receive, and a finished episode is a replay that ``arena replay verify`` accepts
(``env.replay()``, ``env.save_replay(path)``).  Observations come both ways: the JSON dict a
bot receives (``infos[agent]["observation"]``, ``observe_json(agent)``) and a flat NumPy vector
whose layout each game declares once (``SPEC.flat_observation``, listed field by field in its
bot reference), with the action mask of the legal actions.  See ``docs/research.md``.

pettingzoo and gymnasium come with the ``envs`` extra (``pip install 'samurai-arena[envs]'``).
Importing this package registers one Gymnasium id per game, ``SamuraiArena/<game>-v0``:

    import gymnasium, arena.envs
    env = gymnasium.make("SamuraiArena/risques-v0", opponents=["heuristic"], options={"mode": "duel"})
"""
from arena.engines import COMPILED

GYMNASIUM_NAMESPACE = "SamuraiArena"


def gymnasium_id(game):
    return f"{GYMNASIUM_NAMESPACE}/{game}-v0"


def _register_gymnasium():
    """Registers ``SamuraiArena/<game>-v0`` for every game, when gymnasium is installed; the entry
    point is named as a string, so nothing of the environment is imported until it is made."""
    try:
        import gymnasium
    except ImportError:   # the envs extra is not installed
        return
    from arena import games
    for game in games.game_ids():
        if gymnasium_id(game) not in gymnasium.registry:
            gymnasium.register(id=gymnasium_id(game), entry_point="arena.envs.gym:ArenaGymEnv",
                               kwargs={"game": game}, disable_env_checker=True)


_register_gymnasium()


def aec_env(game, players, options=None, seed=0, *, build=COMPILED, render_mode=None):
    """A PettingZoo AEC environment of ``game`` for ``players`` seats (agents ``seat_0``...)."""
    from arena.envs.aec import ArenaAECEnv
    return ArenaAECEnv(game, players, options=options, seed=seed, build=build, render_mode=render_mode)


def gym_env(game, seat=0, opponents=("random",), *, players=None, options=None, seed=0, trusted=False,
            illegal="forfeit", build=COMPILED, render_mode=None):
    """A Gymnasium environment: you play ``seat``, the others are ``opponents`` (built-in names,
    bot files run as ``arena match`` runs them, or factories ``seed -> agent``)."""
    from arena.envs.gym import ArenaGymEnv
    return ArenaGymEnv(game, seat=seat, opponents=opponents, players=players, options=options, seed=seed,
                       trusted=trusted, illegal=illegal, build=build, render_mode=render_mode)


def batch_env(game, n_games, players, options=None, seed=0, *, build=COMPILED):
    """``n_games`` games stepped together: actions in, NumPy arrays out, finished games restarted."""
    from arena.envs.batch import BatchEnv
    return BatchEnv(game, n_games, players, options=options, seed=seed, build=build)

"""What the environments share: spaces, flat observations, action masks and rewards."""
import numpy as np

from arena import replay as replays
from arena.engines import load_module


class FlatEncoder:
    """A game's flat observation (its ``FlatLayout``) as float32 arrays within their bounds."""

    def __init__(self, game):
        self.layout = game.flat_layout
        self.size = self.layout.size
        self.low = np.asarray(self.layout.low, dtype=np.float32)
        self.high = np.asarray(self.layout.high, dtype=np.float32)
        self.n_actions = len(game.action_names)
        self._reader = None   # the compiled reader, loaded on first use (``encode_state``)

    def encode_state(self, state, seat, build, out=None):
        """``seat``'s vector read straight from ``state`` by the game's compiled reader (its
        layout's ``reader``) without building the JSON observation; through the observation where
        the game has no reader."""
        if out is None:
            out = np.empty(self.size, dtype=np.float32)
        if self._reader is None:
            self._reader = load_module(self.layout.reader, build).encode_many if self.layout.reader else False
        if self._reader is False:
            return self.encode(state.observation(seat, len(state.events)), out)
        self._reader([state], np.array((seat,), dtype=np.int64), out.reshape(1, -1))   # clipped by the reader
        return out

    def encode(self, observation, out=None):
        """The observation's vector (written into ``out`` if given)."""
        values = self.layout.encode(observation, clip=False)
        if out is None:
            out = np.empty(self.size, dtype=np.float32)
        out[:] = values
        np.clip(out, self.low, self.high, out=out)
        return out

    def mask(self, legal, out=None):
        """1 for each legal action, int8."""
        if out is None:
            out = np.zeros(self.n_actions, dtype=np.int8)
        else:
            out[:] = 0
        out[legal] = 1
        return out

    def spaces(self):
        """(observation space, action space): a Dict of the vector and the mask, and a Discrete."""
        from gymnasium import spaces
        observation = spaces.Dict({
            "observation": spaces.Box(self.low, self.high, (self.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.n_actions,), np.int8),
        })
        return observation, spaces.Discrete(self.n_actions)


def check_table(game, players, options):
    """The options resolved; ValueError unless ``players`` may play the game with them."""
    return game.check_match(players, options)


def rank_rewards(result):
    """Each seat's reward from the result's ranks: +1 first, -1 last, linear between (over the
    distinct places, the automata's included); 0 for everybody when all share one place."""
    ranks = list(result["ranks"]) + [automaton["rank"] for automaton in result.get("automata", ())]
    places = max(ranks)
    if places <= 1:
        return [0.0] * len(result["ranks"])
    return [1.0 - 2.0 * (rank - 1) / (places - 1) for rank in result["ranks"]]


def check_action(action):
    """An action as a Python int (NumPy integers accepted)."""
    if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)):
        raise ValueError(f"an action is an integer, not {action!r}")
    return int(action)


class Replayable:
    """``replay()`` and ``save_replay(path)`` for an environment holding a ``Table`` in ``table``."""

    def replay(self, bots=None):
        """The finished episode as a replay (``arena.replay`` format); ValueError before its end."""
        table = getattr(self, "table", None)
        if table is None or table.outcome.result is None:
            raise ValueError("the episode is not over: a replay is the record of a finished game")
        return replays.to_dict(table.outcome, bots if bots is not None else self.replay_bots())

    def save_replay(self, path, bots=None):
        """Writes the finished episode's replay to ``path`` (as ``arena play --replay`` does)."""
        replay = self.replay(bots)
        replays.save(path, self.table.outcome, replay["bots"])

    def replay_bots(self):
        return None

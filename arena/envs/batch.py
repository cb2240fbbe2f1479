"""Many games of one game stepped together: actions in, NumPy arrays out, finished games restarted.

    batch = envs.batch_env("katana", n_games=1024, players=5, seed=0)
    observations, masks, seats = batch.reset()
    while training:
        actions = policy(observations, masks)                  # one action per game
        observations, masks, seats, rewards, dones = batch.step(actions)

In each game one seat decides at a time, as in the AEC environment (``seats[i]`` is the seat
to act in game ``i``, which the match loop would ask next; simultaneous secret choices come one
seat after the other).  ``observations[i]`` is the flat vector of that seat (the layout the game
declares), ``masks[i]`` its legal actions.  When game ``i`` ends, ``dones[i]`` is true and
``rewards[i]`` holds every seat's reward (from the ranks, as in the other environments; zeros
when the game was cut at its spec's ``max_decisions``); game ``i`` then starts again with the
next seed, and the returned observation is its first.  ``finished`` lists the replays of the
games that ended in the last step (each one ``arena replay verify`` accepts).

The games are the platform's (``arena.match.Table``).  Where the game's layout names a compiled
reader (every game of the platform: ``engine_ext.<game>._flat``), the vectors are written by
compiled code straight from the states, without the JSON observation, and where that module
also steps games (``step_many``), the whole step of the batch runs inside compiled code but for
the games that end; otherwise each game is stepped through the public state interface and its
vector read from its observation.  In a game of simultaneous secret choices (Risques), the
compiled step asks them in the order of each table's queue (``Table.queue``, shared with it),
as the table would.  The returned arrays belong to the batch and are overwritten by the next
step: copy what you keep.
"""
import numpy as np

from arena import games
from arena import replay as replays
from arena.engines import COMPILED, load_module
from arena.envs.common import FlatEncoder, check_action, check_table, rank_rewards
from arena.match import Table


class BatchEnv:
    def __init__(self, game, n_games, players, options=None, seed=0, build=COMPILED):
        self.game = games.get(game, build)
        self.game.check_players(players)
        if n_games < 1:
            raise ValueError(f"a batch has at least one game, not {n_games}")
        self.n_games, self.n_players = n_games, players
        self.options = check_table(self.game, players, options)
        self.encoder = FlatEncoder(self.game)
        reader = load_module(self.encoder.layout.reader, build) if self.encoder.layout.reader else None
        self._reader = reader.encode_many if reader else None
        self._kernel = getattr(reader, "step_many", None)
        # a simultaneous game's compiled step keeps each table's queue of seats to ask
        self._queues = [] if self.game.spec.simultaneous else None
        self._ended = np.zeros(n_games, dtype=np.int64)
        self.observations = np.zeros((n_games, self.encoder.size), dtype=np.float32)
        self.masks = np.zeros((n_games, self.encoder.n_actions), dtype=np.int8)
        self.seats = np.zeros(n_games, dtype=np.int64)
        self.rewards = np.zeros((n_games, players), dtype=np.float32)
        self.dones = np.zeros(n_games, dtype=bool)
        self.truncated = np.zeros(n_games, dtype=bool)
        self.finished = []
        self._next_seed = seed
        self._tables = None
        self._states = None

    def _start(self, i):
        table = Table(self.game, self.n_players, self._next_seed, self.options)
        self._next_seed += 1
        self._tables[i] = table
        self._states[i] = table.state
        self._steps[i] = table.outcome.steps
        if self._queues is not None:
            self._queues[i] = table.queue
        return table

    def reset(self):
        """Starts every game (seeds ``seed``, ``seed + 1``...): (observations, masks, seats)."""
        self._tables = [None] * self.n_games
        self._states = [None] * self.n_games
        self._steps = [None] * self.n_games
        if self._queues is not None:
            self._queues = [None] * self.n_games
        self.finished = []
        seats = self.seats
        for i in range(self.n_games):
            seats[i] = self._start(i).next_seat()
        self._observe()
        return self.observations, self.masks, self.seats

    def step(self, actions):
        """Plays ``actions[i]`` for the seat to act in game ``i``: (observations, masks, seats,
        rewards, dones).  An illegal action raises ``ValueError`` naming the game; the games
        before it in the batch have moved."""
        if self._tables is None:
            raise RuntimeError("call reset() first")
        actions = np.asarray(actions)
        if actions.shape != (self.n_games,):
            raise ValueError(f"give one action per game: shape ({self.n_games},), not {actions.shape}")
        if not np.issubdtype(actions.dtype, np.integer):
            raise ValueError(f"actions are integers, not {actions.dtype}")
        self.rewards[:] = 0
        self.dones[:] = False
        self.truncated[:] = False
        self.finished = []
        if self._kernel is not None:
            return self._step_compiled(actions)
        seats = self.seats
        tables = self._tables
        for i, action in enumerate(actions.tolist()):
            table = tables[i]
            seat = int(seats[i])
            try:
                table.apply(seat, check_action(action))
            except ValueError as exc:
                raise ValueError(f"game {i}: {exc}") from None
            seat = table.next_seat()
            if seat is None or table.too_long():
                self._end(i, table, cut=seat is not None)
                seat = self._start(i).next_seat()
            seats[i] = seat
        self._observe()
        return self.observations, self.masks, self.seats, self.rewards, self.dones

    def _step_compiled(self, actions):
        tables = self._tables
        queues = () if self._queues is None else (self._queues,)
        ended = self._kernel(self._states, *queues, self.seats, actions.astype(np.int64, copy=False), self._steps,
                             self.masks, self.observations, self._ended, self.game.spec.max_decisions)
        for i in self._ended[:ended].tolist():
            table = tables[i]
            self._end(i, table, cut=not table.state.is_terminal())
            seat = self.seats[i] = self._start(i).next_seat()
            self.masks[i] = 0
            self.masks[i, self._states[i].legal_actions(seat)] = 1
            self._reader(self._states[i:i + 1], self.seats[i:i + 1], self.observations[i:i + 1])
        return self.observations, self.masks, self.seats, self.rewards, self.dones

    def _end(self, i, table, cut):
        self.dones[i] = True
        if cut:
            self.truncated[i] = True
            return
        result = table.finish()
        self.rewards[i] = rank_rewards(result)
        self.finished.append((i, replays.to_dict(table.outcome)))

    def _observe(self):
        """The vector and the mask of the seat to act in every game."""
        masks = self.masks
        masks.fill(0)
        flat = masks.reshape(-1)
        width = masks.shape[1]
        marks = []
        for i, state in enumerate(self._states):
            base = i * width
            marks.extend([base + a for a in state.legal_actions(int(self.seats[i]))])
        flat[marks] = 1
        if self._reader is not None:
            self._reader(self._states, self.seats, self.observations)     # clipped by the reader
            return
        for i, state in enumerate(self._states):
            seat = int(self.seats[i])
            self.observations[i] = self.encoder.layout.encode(state.observation(seat, len(state.events)), clip=False)
        np.clip(self.observations, self.encoder.low, self.encoder.high, out=self.observations)

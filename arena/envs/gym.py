"""A Gymnasium environment for every registered game: one seat is yours, the others are players.

The opponents are what ``arena match`` seats: built-in names (``random``, ``heuristic``,
``mix-<p>``, a game's heuristic by its alias) or bot files, run in their sandbox (or, with
``trusted=True``, without one) by the platform's own bot runner, started at each reset and
told the result at the episode's end; or factories ``seed -> agent`` for agents of your own
(anything with ``act(observation, legal_actions)``).  A bot that fails forfeits its seat, as in
a match.  Built-in opponents are seeded from the game's seed as in ``arena play``.

* Observation: ``{"observation": float32 vector, "action_mask": int8 per action}`` (the flat
  layout the game declares), and in ``info``: ``observation`` (the JSON dict a bot receives,
  events since your previous decision included) and ``legal_actions``; ``action_masks()`` for
  maskable learners.
* Reward at the end only, from the ranks: +1 first, -1 last (``common.rank_rewards``).
* An illegal action forfeits your seat, as it would on the platform (``illegal="forfeit"``,
  the rest of the game is played out so that the episode is a complete replay); with
  ``illegal="raise"`` it raises ``ValueError`` and nothing happens.
"""
import json
import os

import gymnasium

from arena import agents as builtins
from arena import games
from arena.agents import BotFailure
from arena.engines import COMPILED
from arena.envs.common import FlatEncoder, Replayable, check_action, check_table, rank_rewards
from arena.match import Table, action_name, agent_seed, close_agents, decide, end_agents, start_agents

ILLEGAL = ("forfeit", "raise")


def _factory(spec, game_id, trusted):
    """``seed -> agent`` for an opponent: a built-in name, a bot file, or already a factory."""
    if callable(spec):
        return spec
    if not isinstance(spec, str):
        raise ValueError(f"an opponent is a built-in bot's name, a bot file or a factory, not {spec!r}")
    if not os.path.exists(spec):
        builtins.check_builtin(spec, game_id)   # raises for an unknown name or a game without the bot
        return lambda seed: builtins.builtin(spec, seed, game_id)
    from arena.bots import make_agent
    return lambda seed: make_agent(spec, seed, trusted=trusted)


class ArenaGymEnv(Replayable, gymnasium.Env):
    # render_fps: the pace of "human" rendering a recorder or viewer takes (a frame a decision)
    metadata = {"render_modes": ["ansi", "human"], "render_fps": 4}

    def __init__(self, game, seat=0, opponents=("random",), players=None, options=None, seed=0, trusted=False,
                 illegal="forfeit", build=COMPILED, render_mode=None):
        self.game = games.get(game, build)
        opponents = [opponents] if isinstance(opponents, str) or callable(opponents) else list(opponents)
        players = players if players is not None else len(opponents) + 1
        self.game.check_players(players)
        if len(opponents) == 1 and players != 2:   # one for all (none at a solo table)
            opponents = opponents * (players - 1)
        if len(opponents) != players - 1:
            raise ValueError(f"give one opponent for each of the {players - 1} other seats, or one for all")
        if not 0 <= seat < players:
            raise ValueError(f"seat must be between 0 and {players - 1}, not {seat}")
        if illegal not in ILLEGAL:
            raise ValueError(f"illegal must be one of {', '.join(ILLEGAL)}, not {illegal!r}")
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode must be one of {', '.join(self.metadata['render_modes'])}")
        self.seat, self.n_players, self.illegal, self.render_mode = seat, players, illegal, render_mode
        self.options = check_table(self.game, players, options)
        others = iter(opponents)
        self.bots = [None if s == seat else next(others) for s in range(players)]
        self._factories = [None if s == seat else _factory(spec, self.game.id, trusted)
                           for s, spec in enumerate(self.bots)]
        self.encoder = FlatEncoder(self.game)
        self.observation_space, self.action_space = self.encoder.spaces()
        self._next_seed = seed
        self.game_seed = None
        self.table = None
        self._players = None
        self._mask = None

    # ------------------------------------------------------------------ episode
    def reset(self, *, seed=None, options=None):
        """A new game: with seed ``seed``, else the seed after the previous game's (the first
        game's is the environment's ``seed``)."""
        super().reset(seed=seed)
        self._end_players()
        if seed is not None:
            self._next_seed = int(seed)
        self.game_seed = self._next_seed
        self._next_seed += 1
        self.table = Table(self.game, self.n_players, self.game_seed, self.options)
        self._players = [None if factory is None else factory(agent_seed(self.game_seed, s))
                         for s, factory in enumerate(self._factories)]
        start_agents(self.game, self.options, self._players, self.table.fail)
        observation, _, _ = self._advance()
        return observation, self._info()

    def step(self, action):
        if self.table is None or self._mask is None:
            raise RuntimeError("the episode is over: call reset()")
        action = check_action(action)
        legal = self._legal
        if action in legal:
            self.table.apply(self.seat, action)
        elif self.illegal == "raise":
            raise ValueError(f"{action_name(self.game, action)} is not a legal action now (see the action mask)")
        else:
            self.table.fail(self.seat, BotFailure("illegal", f"chose {action_name(self.game, action)}, "
                                                             "which is not among the legal actions"))
        observation, terminated, truncated = self._advance()
        reward = 0.0
        if terminated:
            reward = rank_rewards(self.table.outcome.result)[self.seat]
        if self.render_mode == "human":
            self.render()
        return observation, reward, terminated, truncated, self._info()

    def _advance(self):
        """Plays the other seats until yours must decide or the game ends: (observation,
        terminated, truncated)."""
        table, state = self.table, self.table.state
        while (seat := table.next_seat()) is not None:
            if table.too_long():
                self._finish(truncated=True)
                return self._last_observation(), False, True
            if seat == self.seat:
                observation = table.ask(seat)
                self._legal = state.legal_actions(seat)
                self._json = observation
                self._mask = self.encoder.mask(self._legal)
                self._vector = self.encoder.encode(observation)
                return self._observation(), False, False
            legal = state.legal_actions(seat)
            try:
                action = decide(table, self._players[seat], seat, table.ask(seat), legal)
                if action not in legal:
                    raise BotFailure("illegal", f"chose {action_name(self.game, action)}, "
                                                "which is not among the legal actions")
            except BotFailure as failure:
                table.fail(seat, failure)
                continue
            table.apply(seat, action)
        self._finish(truncated=False)
        return self._last_observation(), True, False

    def _finish(self, truncated):
        if not truncated:
            self.table.finish()
            end_agents(self._players, self.table.outcome)
        self._end_players()
        self._json = self.table.peek(self.seat)
        self._legal = []
        self._vector = self.encoder.encode(self._json)
        self._mask = None

    def _end_players(self):
        if self._players is not None:
            self.bot_logs = close_agents(self._players)
            self._players = None

    def _observation(self):
        return {"observation": self._vector.copy(), "action_mask": self._mask.copy()}

    def _last_observation(self):
        return {"observation": self._vector.copy(), "action_mask": self.encoder.mask([])}

    def _info(self):
        info = {"observation": self._json, "legal_actions": list(self._legal), "seed": self.game_seed}
        if self.table.outcome.result is not None:
            info["result"] = self.table.outcome.result
            info["seat_status"] = self.table.outcome.seat_status
        return info

    # ------------------------------------------------------------------ the rest of the API
    def action_masks(self):
        """The legal actions of the decision at hand, as booleans (for maskable learners)."""
        return (self._mask if self._mask is not None else self.encoder.mask([])).astype(bool)

    def render(self):
        """``ansi``: your observation as JSON, ``human``: printed."""
        if self.render_mode is None or self.table is None:
            return None
        text = json.dumps(self.table.peek(self.seat), ensure_ascii=False)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self):
        self._end_players()

    def replay_bots(self):
        return ["env" if spec is None else spec if isinstance(spec, str) else getattr(spec, "__name__", "agent")
                for spec in self.bots]

"""A PettingZoo AEC environment for every registered game.

One agent per seat (``seat_0``, ``seat_1``...).  ``agent_selection`` is the seat the match loop
would ask next: the seats ``current_seats()`` names, in its order.  Simultaneous secret choices
(Risques' declarations, targets and wagers) are taken the way PettingZoo's AEC model takes
them, one agent after the other, none seeing another's choice until all have chosen (the
engine keeps a pending choice out of every other seat's observation).

* ``observe(agent)``: ``{"observation": float32 vector, "action_mask": int8 per action}``; the
  mask is the seat's legal actions when it must decide, zeros otherwise.  The vector is written
  by the game's compiled reader straight from the state (``engine_ext.<game>._flat``), as in the
  batch environment, not read from the JSON observation.
* ``infos[agent]`` of the agent to act: ``observation`` (the JSON dict a bot receives now, the
  events since its previous decision included; built when first read, before the agent's step:
  ``AskedInfo``) and ``legal_actions``; at the end, ``result``.
* Rewards come at the end only, from the ranks (``arena.envs.common.rank_rewards``): +1 first,
  -1 last.  A game past its spec's ``max_decisions`` is truncated for every agent.
* An illegal action raises ``ValueError`` (the mask says which are legal).
"""
import json

from pettingzoo import AECEnv

from arena import games
from arena.engines import COMPILED
from arena.envs.common import FlatEncoder, Replayable, check_action, check_table, rank_rewards
from arena.match import Table


class AskedInfo(dict):
    """The info of the agent to act: ``observation`` (its JSON observation, the events since its
    previous decision included) and ``legal_actions``.  The observation is built when first read
    (by any of the dict's ways of reading), before the agent's step: a training loop that reads
    only the vector never pays for it.  Read for the first time after the step, it raises
    ``RuntimeError``, as the game has moved on."""

    def __init__(self, state, seat, since, legal_actions):
        super().__init__(legal_actions=legal_actions)
        self.legal_actions = legal_actions
        self._pending = (state, seat, since)
        self._closed = False

    def close(self):
        """The agent steps: an observation not read until now never will be."""
        self._closed = True

    def _built(self):
        if self._pending is not None:
            if self._closed:
                raise RuntimeError("the observation of an agent's info is read after its step: the game has "
                                   "moved on since")
            state, seat, since = self._pending
            self._pending = None
            dict.__setitem__(self, "observation", state.observation(seat, since))
        return self

    def __missing__(self, key):
        if key == "observation" and self._pending is not None:
            return self._built()["observation"]
        raise KeyError(key)

    def __contains__(self, key):
        return dict.__contains__(self._built(), key)

    def get(self, key, default=None):
        return dict.get(self._built(), key, default)

    def __iter__(self):
        return dict.__iter__(self._built())

    def __len__(self):
        return dict.__len__(self._built())

    def keys(self):
        return dict.keys(self._built())

    def values(self):
        return dict.values(self._built())

    def items(self):
        return dict.items(self._built())

    def __eq__(self, other):
        return dict.__eq__(self._built(), other)

    __hash__ = None

    def __repr__(self):
        return dict.__repr__(self._built())


class ArenaAECEnv(Replayable, AECEnv):
    metadata = {"name": "samurai_arena_v0", "render_modes": ["ansi", "human"], "render_fps": 4,
                "is_parallelizable": False}

    def __init__(self, game, players, options=None, seed=0, build=COMPILED, render_mode=None):
        super().__init__()
        self.game = games.get(game, build)
        self.build = build
        self.game.check_players(players)
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode must be one of {', '.join(self.metadata['render_modes'])}")
        self.render_mode = render_mode
        self.n_players = players
        self.options = check_table(self.game, players, options)
        self.encoder = FlatEncoder(self.game)
        self.possible_agents = [f"seat_{s}" for s in range(players)]
        self._seat = {agent: s for s, agent in enumerate(self.possible_agents)}
        observation_space, action_space = self.encoder.spaces()
        self.observation_spaces = {agent: observation_space for agent in self.possible_agents}
        self.action_spaces = {agent: action_space for agent in self.possible_agents}
        self.metadata = dict(self.metadata, name=f"samurai_arena_{self.game.id}_v0")
        self._next_seed = seed
        self.game_seed = None
        self.table = None

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    # ------------------------------------------------------------------ episode
    def reset(self, seed=None, options=None):
        """A new game: with seed ``seed``, else the seed after the previous game's (the first
        game's is the environment's ``seed``).  ``options`` is PettingZoo's and unused: the game's
        options are the environment's."""
        if seed is not None:
            self._next_seed = int(seed)
        self.game_seed = self._next_seed
        self._next_seed += 1
        self.table = Table(self.game, self.n_players, self.game_seed, self.options)
        self.agents = list(self.possible_agents)
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos = {agent: {} for agent in self.agents}
        self._asked = None
        self.agent_selection = self.agents[0]
        self._select()

    def _select(self):
        """Picks the agent to act, asks it as the match loop would (its JSON observation, in its
        info), or ends the episode."""
        table = self.table
        seat = table.next_seat()
        if seat is not None and table.too_long():
            for agent in self.agents:
                self.truncations[agent] = True
            seat = None
        if seat is None:
            self._asked = None
            if table.state.is_terminal():
                result = table.finish()
                for agent, reward in zip(self.possible_agents, rank_rewards(result)):
                    if agent in self.agents:
                        self.rewards[agent] = reward
                        self.terminations[agent] = True
                        self.infos[agent] = {"result": result}
            if self.agent_selection not in self.agents:
                self.agent_selection = self.agents[0]
            return
        agent = self.possible_agents[seat]
        info = AskedInfo(table.state, seat, table.peek_since(seat), table.state.legal_actions(seat))
        table.skip(seat)
        self._asked = (seat, info, info.legal_actions, None)
        self.agent_selection = agent
        self.infos[agent] = info

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self._seat[agent]
        action = check_action(action)
        if action not in self._asked[2]:
            name = self.game.action_names[action] if 0 <= action < len(self.game.action_names) else action
            raise ValueError(f"{name} is not a legal action of {agent} now (see the action mask)")
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self._asked[1].close()
        self.table.apply(seat, action)
        self.infos[agent] = {}
        self._select()
        if self.agent_selection == agent and (self.terminations[agent] or self.truncations[agent]):
            # the game ended on this agent's move: the others see their last rewards first
            self.agent_selection = self.agents[(self.agents.index(agent) + 1) % len(self.agents)]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    # ------------------------------------------------------------------ observations
    def observe_json(self, agent):
        """What ``agent``'s seat may know now, as the JSON dict a bot receives."""
        seat = self._seat[agent]
        if self._asked is not None and self._asked[0] == seat:
            return self._asked[1]["observation"]
        return self.table.peek(seat)

    def observe(self, agent):
        seat = self._seat[agent]
        asked = self._asked
        if asked is not None and asked[0] == seat:
            if asked[3] is None:
                vector = self.encoder.encode_state(self.table.state, seat, self.build)
                self._asked = asked = asked[:3] + ({"observation": vector,
                                                    "action_mask": self.encoder.mask(asked[2])},)
            return {"observation": asked[3]["observation"].copy(), "action_mask": asked[3]["action_mask"].copy()}
        state = self.table.state
        legal = state.legal_actions(seat) if seat in state.current_seats() else []
        return {"observation": self.encoder.encode_state(state, seat, self.build),
                "action_mask": self.encoder.mask(legal)}

    # ------------------------------------------------------------------ the rest of the API
    def render(self):
        """``ansi``: the whole table as JSON (hidden parts included), ``human``: printed."""
        if self.render_mode is None or self.table is None:
            return None
        state = self.table.state
        text = json.dumps({"decisions": len(self.table.outcome.steps), "to_act": state.current_seats(),
                           "table": state.full_view(len(state.events))}, ensure_ascii=False)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self):
        pass

"""Built-in players that plan: the match loop offers them copies of the game their seat cannot tell
apart from the real one (``act_with_state``), never the real state, and matches stay reproducible."""
from arena import agents, envs
from arena.agents import RandomAgent
from arena.match import agent_seed, play_match, state_seed
from arena.replay import verify


class Recorder(RandomAgent):
    """Plays at random; at each decision compares the copies offered with the real game."""

    def __init__(self, seed, real):
        super().__init__(seed)
        self.real = real          # () -> the real state
        self.asked = 0
        self.hidden_differs = 0

    def act_with_state(self, observation, legal_actions, sample):
        real = self.real()
        seat = observation["seat"]
        first, again, other = sample(), sample(0), sample(1)
        for copy in (first, again, other):
            assert copy is not real
            assert copy.observation(seat) == real.observation(seat)       # the seat cannot tell them apart
            assert copy.legal_actions(seat) == legal_actions
        assert first.tile_stack == again.tile_stack and first.honour_deck == again.honour_deck
        if first.tile_stack != real.tile_stack or first.honour_deck != real.honour_deck:
            self.hidden_differs += 1
        self.asked += 1
        return self.act(observation, legal_actions)


def _inspected():
    states = []
    return states, lambda state: states.append(state) if not states else None


def test_a_planning_agent_is_offered_resampled_copies_never_the_real_state():
    states, inspect = _inspected()
    recorder = Recorder(3, lambda: states[0])
    outcome = play_match("shogun", seed=11, agents=[recorder], options={"ghost": 1}, inspect=inspect)
    assert recorder.asked == len(outcome.steps)
    assert recorder.hidden_differs > recorder.asked // 2       # what the seat has not seen is redrawn
    # the copies changed nothing: the same match replays from its seed and steps
    plain = play_match("shogun", seed=11, agents=[RandomAgent(3)], options={"ghost": 1})
    assert plain.steps == outcome.steps


def test_the_copies_seeds_depend_on_the_match_seed_the_step_and_the_draw():
    seeds = {state_seed(seed, step, draw) for seed in range(4) for step in range(200) for draw in range(3)}
    assert len(seeds) == 4 * 200 * 3


def test_the_research_environment_offers_copies_to_its_opponents():
    env = envs.gym_env("shogun", seat=0, opponents=lambda seed: Recorder(seed, lambda: env.unwrapped.table.state),
                       players=2, options={"ghost": 1}, seed=5)
    env.reset(seed=5)
    recorders = [p for p in env.unwrapped._players if isinstance(p, Recorder)]
    terminated = truncated = False
    while not (terminated or truncated):
        legal = env.unwrapped._legal
        _, _, terminated, truncated, _ = env.step(legal[0])
    assert recorders and recorders[0].asked > 10


def test_the_heuristic_and_the_mix_pass_the_copies_on():
    class Planner:
        def __init__(self):
            self.samples = 0

        def act(self, observation, legal_actions):
            return legal_actions[0]

        def act_with_state(self, observation, legal_actions, sample):
            self.samples += 1
            return legal_actions[-1]

    heuristic = agents.HeuristicAgent(1)
    heuristic._inner = Planner()
    assert heuristic.act_with_state({"game": "shogun"}, [4, 5], lambda draw=0: None) == 5
    mix = agents.MixAgent(0.0, 1)
    mix._heuristic._inner = Planner()
    assert mix.act_with_state({"game": "shogun"}, [4, 5], lambda draw=0: None) == 5
    assert mix._heuristic._inner.samples == 1


def test_a_match_of_the_planning_heuristic_is_reproducible_and_replays():
    def match(seed):
        return play_match("shogun", seed=seed, agents=[agents.builtin("shogun-smith", agent_seed(seed, 0), "shogun")],
                          options={"ghost": 1})
    first, again = match(2), match(2)
    assert first.steps == again.steps and first.result == again.result
    replay = {"game": "shogun", "rules_version": first.rules_version, "players": 1, "options": first.options,
              "seed": 2, "steps": first.steps, "result": first.result}
    assert verify(replay) == first.result

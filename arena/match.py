"""The one match loop every game and every kind of player goes through."""
from dataclasses import dataclass, field

from arena import games
from arena.engines import COMPILED

# No rulebook game comes near this; it only stops a broken engine or bot from looping forever.
MAX_DECISIONS = 100_000


@dataclass
class MatchOutcome:
    game: str
    rules_version: str
    players: int
    options: dict
    seed: int
    steps: list = field(default_factory=list)   # [seat, action] in the order they were taken
    result: dict | None = None


def agent_seed(seed, seat):
    """The seed of a built-in agent: distinct per seat, fixed by the match seed."""
    return seed * 7919 + seat


def play_match(game_id, *, seed, agents, options=None, build=COMPILED, on_step=None):
    """Plays one game between ``agents`` (one per seat) and returns every step and the result."""
    game = games.get(game_id, build)
    options = game.resolve_options(options)
    state = game.new_state(len(agents), seed, options)
    outcome = MatchOutcome(game_id, game.rules_version, len(agents), options, seed)
    seen = [0] * len(agents)
    while not state.is_terminal():
        if len(outcome.steps) >= MAX_DECISIONS:
            raise RuntimeError(f"{game_id} did not end within {MAX_DECISIONS} decisions")
        for seat in state.current_seats():
            legal = state.legal_actions(seat)
            observation = state.observation(seat, seen[seat])
            seen[seat] = observation["event_count"]
            action = agents[seat].act(observation, legal)
            state.apply(seat, action)
            outcome.steps.append([seat, action])
            if on_step is not None:
                on_step(len(outcome.steps))
    outcome.result = state.result()
    return outcome

"""The one match loop every game and every kind of player goes through.

Built-in agents play in this process and never fail.  Bots in their own process
(``arena.bots``) are started before the first move, told the result at the end
and always closed; a bot that fails (``arena.agents.BotFailure``) forfeits its
seat: the game goes on without it where its rules allow, otherwise it ends.
"""
from dataclasses import dataclass, field

from arena import games
from arena.agents import BotFailure
from arena.engines import COMPILED

# No rulebook game comes near this; it only stops a broken engine or bot from looping forever.
# The action recorded in ``steps`` when a seat forfeits.
FORFEIT = -1


@dataclass
class MatchOutcome:
    game: str
    rules_version: str
    players: int
    options: dict
    seed: int
    steps: list = field(default_factory=list)   # [seat, action] in the order they were taken
    result: dict | None = None
    seat_status: list = field(default_factory=list)   # per seat {"status", "reason"}
    bot_logs: list = field(default_factory=list)      # per seat its stderr (capped), None if in-process


def agent_seed(seed, seat):
    """The seed of a built-in agent: distinct per seat, fixed by the match seed."""
    return seed * 7919 + seat


def _hook(agent, name):
    return getattr(agent, name, None)


def play_match(game_id, *, seed, agents, options=None, build=COMPILED, on_step=None, inspect=None):
    """Plays one game between ``agents`` (one per seat) and returns every step and the result.

    ``inspect(state)``, if given, is called with the game's state just after set-up and again once
    it is over (the balance report reads what each seat started with and what was used); it must
    not change the state."""
    game = games.get(game_id, build)
    options = game.resolve_options(options)
    state = game.new_state(len(agents), seed, options)
    if inspect is not None:
        inspect(state)
    outcome = MatchOutcome(game_id, game.rules_version, len(agents), options, seed)
    outcome.seat_status = [{"status": "ok", "reason": ""} for _ in agents]

    def fail(seat, failure):
        outcome.seat_status[seat] = {"status": failure.status, "reason": failure.reason}
        if not state.is_terminal():
            state.forfeit(seat)
            outcome.steps.append([seat, FORFEIT])

    try:
        _start(game, options, agents, fail)
        seen = [0] * len(agents)
        while not state.is_terminal():
            if len(outcome.steps) >= game.spec.max_decisions:
                raise RuntimeError(f"{game_id} did not end within {game.spec.max_decisions} decisions")
            for seat in state.current_seats():
                legal = state.legal_actions(seat)
                observation = state.observation(seat, seen[seat])
                seen[seat] = observation["event_count"]
                try:
                    action = agents[seat].act(observation, legal)
                    if action not in legal:
                        raise BotFailure("illegal", f"chose {_action_name(game, action)}, "
                                                    "which is not among the legal actions")
                except BotFailure as failure:
                    fail(seat, failure)
                    break   # who decides next may have changed
                state.apply(seat, action)
                outcome.steps.append([seat, action])
                if on_step is not None:
                    on_step(len(outcome.steps))
        outcome.result = state.result()
        if inspect is not None:
            inspect(state)
        for seat, agent in enumerate(agents):
            if _hook(agent, "end") and outcome.seat_status[seat]["status"] == "ok":
                agent.end({"type": "end", "result": outcome.result})
    finally:
        outcome.bot_logs = _close(agents)
    return outcome


def _start(game, options, agents, fail):
    """Starts every out-of-process bot at once, then waits for each to be ready."""
    waiting = []
    for seat, agent in enumerate(agents):
        if _hook(agent, "start"):
            from arena.bots.runner import time_control
            info = {"game": game.id, "rules_version": game.rules_version, "options": options,
                    "players": len(agents), "seat": seat, "action_names": list(game.action_names)}
            try:
                agent.start(info, time_control(game.id))
                waiting.append(seat)
            except BotFailure as failure:
                fail(seat, failure)
    for seat in waiting:
        try:
            agents[seat].wait_ready()
        except BotFailure as failure:
            fail(seat, failure)


def _close(agents):
    logs = []
    for agent in agents:
        if _hook(agent, "close"):
            agent.close()
            logs.append(agent.log)
        else:
            logs.append(None)
    return logs


def _action_name(game, action):
    if isinstance(action, int) and not isinstance(action, bool) and 0 <= action < len(game.action_names):
        return game.action_names[action]
    return repr(action)

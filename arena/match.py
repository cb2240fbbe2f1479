"""The one match loop every game and every kind of player goes through.

Built-in agents play in this process and never fail.  Bots in their own process
(``arena.bots``) are started before the first move, told the result at the end
and always closed; a bot that fails (``arena.agents.BotFailure``) forfeits its
seat: the game goes on without it where its rules allow, otherwise it ends.

An engine that breaks its contract during a match (a game not over asks no seat, a seat
that must act has no legal decision, or the game does not end within its spec's bound) is
nobody's forfeit: the match stops with ``EngineError``, which names the game, its rules
version, the step and the seat, and carries what was played until then; no player is asked
to choose from nothing.

An agent that follows the game between its decisions (the seat of a person who
watches the table in a browser, ``web.tables``) has ``observe(observation,
to_act=, last_seat=)``: it is shown its seat's observation once the game is set
up, after every step and at the end, with the seats that must decide now (public:
which seats decide never depends on hidden information) and the seat that just
acted.  Nobody else's observation or action is passed to it, and the events it
was shown are not repeated in the observation it then decides on.

A built-in agent that plans (looks ahead by playing the game on) has
``act_with_state(observation, legal_actions, sample)`` and is asked through it
(``decide``): ``sample(draw=0)`` returns a copy of the game that its seat cannot
tell apart from the real one, everything the seat has not seen redrawn
(``resample_hidden``), never the real state; its seed is fixed by the match
seed, the step and ``draw``, so the match stays reproducible from its seed.
Bots in their own process never have it: they get the observation only.

An agent whose ``reads_observation`` is False (the built-in ``random``) is passed None instead
of its observation, which is then not built at all: building it is most of a decision's cost in
the loop.  The events it was not shown count as shown (``Table.skip``).
"""
from dataclasses import dataclass, field

from arena import games
from arena.agents import BotFailure
from arena.engines import COMPILED

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


class EngineError(RuntimeError):
    """The engine broke its contract in this match: the match cannot go on, and no seat is to blame.

    Its message names the game, its rules version, the table, the step (the number of steps taken
    until then) and the seat concerned; ``outcome`` holds those steps (no result)."""

    def __init__(self, outcome, problem, seat=None):
        self.outcome, self.seat, self.step = outcome, seat, len(outcome.steps)
        where = f"at step {self.step}" + ("" if seat is None else f", seat {seat}")
        super().__init__(f"{outcome.game} rules {outcome.rules_version}, {outcome.players} players, "
                         f"seed {outcome.seed}, {where}: {problem}")


def agent_seed(seed, seat):
    """The seed of a built-in agent: distinct per seat, fixed by the match seed."""
    return seed * 7919 + seat


def _hook(agent, name):
    return getattr(agent, name, None)


def state_seed(seed, step, draw=0):
    """The seed of the ``draw``-th copy of the game offered to a planning agent at ``step``."""
    return (seed * 1_000_003 + step) * 64 + draw


def decide(table, agent, seat, observation, legal):
    """``agent``'s answer to ``observation``: ``act``, or ``act_with_state`` with a sampler of
    copies of the game resampled for ``seat`` (see the module's text)."""
    plan = _hook(agent, "act_with_state")
    if plan is None:
        return agent.act(observation, legal)
    state, seed, step = table.state, table.outcome.seed, len(table.outcome.steps)

    def sample(draw=0):
        return state.resample_hidden(seat, state_seed(seed, step, draw))

    return plan(observation, legal, sample)


class Table:
    """One game being played: its state, the steps taken, and what each seat has been shown.

    The match loop plays through it, and so do the research environments (``arena.envs``), so
    that whoever drives a game, a seat is asked in the same order with the same observation and
    the game is recorded with the same steps (a replay ``arena replay verify`` accepts).  The
    seats ``current_seats()`` names are asked in its order, each once, before it is asked again
    (simultaneous secret choices are asked one after the other; none sees another's)."""

    def __init__(self, game, n_players, seed, options=None):
        self.game = game
        self.options = game.resolve_options(options)
        self.state = game.new_state(n_players, seed, self.options)
        self.outcome = MatchOutcome(game.id, game.rules_version, n_players, self.options, seed)
        self.outcome.seat_status = [{"status": "ok", "reason": ""} for _ in range(n_players)]
        self._seen = [0] * n_players
        self._queue = []

    def next_seat(self):
        """The seat to decide next, or None once the game is over."""
        state = self.state
        if state.is_terminal():
            return None
        current = state.current_seats()
        queue = self._queue     # changed in place: see ``queue``
        if queue:
            kept = [seat for seat in queue if seat in current]
            queue[:] = kept if kept else current
        else:
            queue[:] = current
        if not queue:
            raise EngineError(self.outcome, "the game is not over, but no seat must act")
        return queue[0]

    @property
    def queue(self):
        """The seats still to be asked, in order, the next first.  One list for the table's life,
        changed in place, so that the batch's compiled step (``arena.envs.batch``) can share it."""
        return self._queue

    def ask(self, seat):
        """The observation ``seat`` decides on: the events since the one it decided on before."""
        observation = self.state.observation(seat, self._seen[seat])
        self._seen[seat] = observation["event_count"]
        return observation

    def peek_since(self, seat):
        """The index of the first event ``seat`` has not been shown or asked about."""
        return self._seen[seat]

    def skip(self, seat):
        """Counts the events until now as shown to ``seat`` without building its observation (for
        a player that does not read it); returns None, what that player is passed instead."""
        self._seen[seat] = len(self.state.events)

    def show(self, followers, agents, last_seat):
        """Shows each following agent (``observe``) its own seat's observation now: the events it
        has not been shown or asked about yet."""
        to_act = [] if self.state.is_terminal() else list(self.state.current_seats())
        for seat in followers:
            agents[seat].observe(self.ask(seat), to_act=to_act, last_seat=last_seat)

    def peek(self, seat):
        """What ``seat`` may know now, with the events it has not been asked about yet."""
        return self.state.observation(seat, self._seen[seat])

    def apply(self, seat, action):
        self.state.apply(seat, action)
        self.outcome.steps.append([seat, action])
        queue = self._queue
        if queue and queue[0] == seat:
            del queue[0]

    def fail(self, seat, failure):
        """``seat``'s player failed (``BotFailure``): it forfeits, recorded as a ``FORFEIT`` step."""
        self.outcome.seat_status[seat] = {"status": failure.status, "reason": failure.reason}
        if not self.state.is_terminal():
            self.state.forfeit(seat)
            self.outcome.steps.append([seat, FORFEIT])
        self._queue.clear()   # who decides next may have changed

    def too_long(self):
        """True once the game has taken its spec's ``max_decisions`` steps."""
        return len(self.outcome.steps) >= self.game.spec.max_decisions

    def finish(self):
        """The result, once the game is over, recorded in the outcome."""
        self.outcome.result = self.state.result()
        return self.outcome.result


def play_match(game_id, *, seed, agents, options=None, build=COMPILED, on_step=None, inspect=None):
    """Plays one game between ``agents`` (one per seat) and returns every step and the result.

    ``inspect(state)``, if given, is called with the game's state just after set-up and again once
    it is over (the balance report reads what each seat started with and what was used); it must
    not change the state."""
    game = games.get(game_id, build)
    table = Table(game, len(agents), seed, options)
    state, outcome = table.state, table.outcome
    if inspect is not None:
        inspect(state)
    followers = [seat for seat, agent in enumerate(agents) if _hook(agent, "observe")]
    readers = [getattr(agent, "reads_observation", True) for agent in agents]
    planners = [_hook(agent, "act_with_state") is not None for agent in agents]
    steps, max_decisions = outcome.steps, game.spec.max_decisions

    def show(last_seat):
        if followers:
            table.show(followers, agents, last_seat)

    try:
        start_agents(game, table.options, agents, table.fail)
        show(None)
        while (seat := table.next_seat()) is not None:
            if len(steps) >= max_decisions:   # table.too_long(), without the calls
                # No rulebook game comes near the spec's bound: its rules promise every game ends.
                raise EngineError(outcome, f"the game did not end within {game.spec.max_decisions} decisions")
            legal = state.legal_actions(seat)
            if not legal:   # asking anyone to choose from nothing would make it forfeit, or hang
                raise EngineError(outcome, "the game is not over and this seat must act, but it has no "
                                           "legal decision", seat)
            observation = table.ask(seat) if readers[seat] else table.skip(seat)
            try:
                agent = agents[seat]
                action = (decide(table, agent, seat, observation, legal) if planners[seat]
                          else agent.act(observation, legal))
                if action not in legal:
                    raise BotFailure("illegal", f"chose {action_name(game, action)}, "
                                                "which is not among the legal actions")
            except BotFailure as failure:
                table.fail(seat, failure)
                show(seat)
                continue
            table.apply(seat, action)
            show(seat)
            if on_step is not None:
                on_step(len(steps))
        table.finish()
        if inspect is not None:
            inspect(state)
        end_agents(agents, outcome)
    finally:
        outcome.bot_logs = close_agents(agents)
    return outcome


def end_agents(agents, outcome):
    """Tells every player still in the game (one with an ``end`` hook) the result."""
    for seat, agent in enumerate(agents):
        if _hook(agent, "end") and outcome.seat_status[seat]["status"] == "ok":
            agent.end({"type": "end", "result": outcome.result})


def start_agents(game, options, agents, fail):
    """Starts every out-of-process bot at once, then waits for each to be ready; a seat whose
    agent is None (played from outside, by a research environment) has nothing to start."""
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


def close_agents(agents):
    """Closes every out-of-process bot; returns each seat's log (None for the others)."""
    logs = []
    for agent in agents:
        if _hook(agent, "close"):
            agent.close()
            logs.append(agent.log)
        else:
            logs.append(None)
    return logs


def action_name(game, action):
    if isinstance(action, int) and not isinstance(action, bool) and 0 <= action < len(game.action_names):
        return game.action_names[action]
    return repr(action)

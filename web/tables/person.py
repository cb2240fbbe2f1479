"""The agent of a seat a person plays in the browser, for the one match loop (``arena.match``).

It follows the game (``observe``: the seat's own observation after every step, written to the
seat's channel for the person's page) and, when the seat must decide (``act``), writes the
decision with its legal actions and waits for the person's move, handed over by the web
(``web.tables.services.seat_move``, which checked it).  The wait is in slices: between them the
match's lease is renewed (``heartbeat``), so that a person thinking for minutes is not taken for
a lost worker.  When the person's clock runs out, or when they leave the game, the seat fails
with ``timeout``: the match loop forfeits it and the game goes on or ends as its rules say
(``GameState.forfeit``).
"""
import time

from arena.agents import BotFailure
from web.tables.channel import LEAVE

# Between two heartbeats while a person thinks (the lease is renewed every third of a lease).
WAIT_SLICE_SECONDS = 2.0
_PER_STEP_KEYS = ("events", "event_count")


def _split(observation):
    view = {key: value for key, value in observation.items() if key not in _PER_STEP_KEYS}
    return view, observation.get("events") or []


class PersonAgent:
    log = ""   # a person has no process output (the match loop's close collects it)

    def __init__(self, channel, *, clock_seconds, heartbeat=None, wait_slice=WAIT_SLICE_SECONDS, clock=time.time):
        self.channel = channel
        self.clock_seconds = clock_seconds
        self.heartbeat = heartbeat
        self.wait_slice = wait_slice
        self._now = clock
        self.version = 0
        self.decision = 0
        self.events_total = 0
        self.status, self.reason = "ok", ""
        self._shown = {"view": None, "to_act": [], "last_seat": None}

    def _publish(self, observation, **decision):
        view, events = _split(observation)
        self._shown["view"] = view
        self.version += 1
        self.events_total += len(events)
        state = {"version": self.version, "seat": self.channel.seat, **self._shown,
                 "events_total": self.events_total, "decision": None, "legal": None, "deadline": None,
                 "clock_seconds": self.clock_seconds, "over": not self._shown["to_act"],
                 "status": self.status, "reason": self.reason, **decision}
        self.channel.publish(state, events)

    def observe(self, observation, *, to_act, last_seat):
        self._shown.update(to_act=list(to_act), last_seat=last_seat)
        self._publish(observation)

    def act(self, observation, legal_actions):
        if self.channel.has_left():
            self._forfeit("the person left the game")
        self.decision += 1
        deadline = self._now() + self.clock_seconds
        self._publish(observation, decision=self.decision, legal=list(legal_actions), deadline=deadline)
        while (left := deadline - self._now()) > 0:
            action = self.channel.wait_move(self.decision, min(left, self.wait_slice))
            if action is LEAVE:
                self._forfeit("the person left the game")
            if action is not None:
                return action
            if self.heartbeat is not None:
                self.heartbeat()
        self._forfeit(f"no move within {self.clock_seconds:g} seconds: the seat is forfeited")

    def _forfeit(self, reason):
        self.status, self.reason = "timeout", reason
        raise BotFailure("timeout", reason)

    def close(self):
        pass

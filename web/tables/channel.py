"""Where a table's worker and the web servers meet: one seat's table, and the person's moves.

The match of a table is played by a worker (``web.tables.runner``) through the one match loop;
the web servers never hold a game.  For each seat a person plays, the worker writes to Redis:

* ``state``: a JSON object, replaced at every step: ``version`` (counts the writes), the seat's
  observation without its events (``view``), the seats that must decide now (``to_act``) and
  the one that just acted (``last_seat``), the seat's own decision when it must decide
  (``decision`` numbers it, ``legal`` its legal actions, ``deadline`` when its clock runs out),
  ``over``, the seat's ``status`` and ``reason`` (``timeout`` once it forfeited), and once the
  match is stored its ``result`` and ``match_status``;
* ``events``: a list, the events this seat was shown, appended in order (``events_total`` in the
  state is its length, so that a page asks only for those it has not shown);

and the web writes:

* ``moves``: a list the worker pops its move from (blocking, in slices, until the clock runs out);
* ``taken:<decision>``: set once, with the move; a second move for the same decision is refused,
  so that a double click is not a move for the next decision;
* ``left``: set when the person leaves the game (a ``leave`` in ``moves`` wakes the worker if the
  seat is deciding): the seat forfeits at once instead of when its clock runs out.

Only the seat's own observation is ever written, and each seat has keys of its own: what one key
holds is what that seat may know.  Keys expire a day after their last write.
"""
import json
import time
from functools import lru_cache

import redis
from django.conf import settings

KEEP_SECONDS = 24 * 3600
LEAVE = object()   # what ``wait_move`` returns when the person left


@lru_cache(maxsize=4)
def _client(url):
    return redis.Redis.from_url(url, socket_timeout=10, socket_connect_timeout=5, health_check_interval=30)


def client():
    return _client(settings.ARENA_TABLE_REDIS_URL)


def _dumps(value):
    return json.dumps(value, separators=(",", ":"))


class SeatChannel:
    """One seat of one table's match."""

    def __init__(self, match_id, seat):
        self.match_id, self.seat = match_id, seat
        base = f"{settings.ARENA_TABLE_KEY_PREFIX}:{match_id}:{seat}"
        self.state_key, self.events_key, self.moves_key = f"{base}:state", f"{base}:events", f"{base}:moves"
        self.left_key = f"{base}:left"
        self.taken_prefix = f"{base}:taken:"
        self.redis = client()

    # --- the worker's side ----------------------------------------------------------------------

    def reset(self):
        """Forgets anything a former play of this match left (the worker starts from nothing)."""
        self.redis.delete(self.state_key, self.events_key, self.moves_key)

    def publish(self, state, events=()):
        """Appends ``events`` and replaces the state, together."""
        with self.redis.pipeline(transaction=True) as pipe:
            if events:
                pipe.rpush(self.events_key, *[_dumps(event) for event in events])
                pipe.expire(self.events_key, KEEP_SECONDS)
            pipe.set(self.state_key, _dumps(state), ex=KEEP_SECONDS)
            if state.get("decision") is not None:
                pipe.delete(self.moves_key)   # a move left over from an earlier decision
            pipe.execute()

    def update(self, **fields):
        """Adds ``fields`` to the current state (the result once the match is stored)."""
        state = self.read() or {"version": 0}
        state.update(fields, version=state.get("version", 0) + 1)
        self.redis.set(self.state_key, _dumps(state), ex=KEEP_SECONDS)

    def has_left(self):
        return bool(self.redis.exists(self.left_key))

    def wait_move(self, decision, timeout):
        """The action handed over for ``decision`` within ``timeout`` seconds, ``LEAVE`` if the
        person left, else None.  A move for another decision (late, or early) is dropped."""
        deadline = time.monotonic() + timeout
        while (left := deadline - time.monotonic()) > 0:
            popped = self.redis.blpop([self.moves_key], timeout=max(0.01, left))
            if popped is None:
                return None
            try:
                move = json.loads(popped[1])
            except ValueError:
                continue
            if move.get("leave"):
                return LEAVE
            if move.get("decision") == decision:
                return move.get("action")
        return None

    # --- the web's side -------------------------------------------------------------------------

    def read(self):
        """The seat's current state, or None before the worker started the match."""
        raw = self.redis.get(self.state_key)
        return json.loads(raw) if raw else None

    def read_events(self, since=0):
        return [json.loads(raw) for raw in self.redis.lrange(self.events_key, max(0, since), -1)]

    def leave(self):
        """The person leaves the game: their seat forfeits at its next decision, or now if deciding."""
        with self.redis.pipeline(transaction=True) as pipe:
            pipe.set(self.left_key, 1, ex=KEEP_SECONDS)
            pipe.rpush(self.moves_key, _dumps({"leave": True}))
            pipe.expire(self.moves_key, KEEP_SECONDS)
            pipe.execute()

    def hand_over(self, decision, action):
        """Gives the worker ``action`` for ``decision``; False (and nothing written) when a move
        was already handed over for that decision."""
        if not self.redis.set(f"{self.taken_prefix}{decision}", action, nx=True, ex=KEEP_SECONDS):
            return False
        with self.redis.pipeline(transaction=True) as pipe:
            pipe.rpush(self.moves_key, _dumps({"decision": decision, "action": action}))
            pipe.expire(self.moves_key, KEEP_SECONDS)
            pipe.execute()
        return True

"""Helpers of the tables' tests: the real Redis the channel needs, a table's worker run in a thread
of this process (as a thread of the tables' worker runs it), and a person who plays a seat."""
import threading
import time

import pytest
import redis
from django.conf import settings

from live_servers import require
from web.test_settings import reachable


@pytest.fixture
def table_redis():
    """The Redis the tables' channel meets in (this run's keys only: their prefix is this run's queue)."""
    require(settings.ARENA_TABLE_REDIS_URL.startswith("redis://") and reachable("127.0.0.1", 6379),
            "Redis on 127.0.0.1:6379 is not reachable")
    client = redis.Redis.from_url(settings.ARENA_TABLE_REDIS_URL)
    yield client
    for key in client.scan_iter(f"{settings.ARENA_TABLE_KEY_PREFIX}:*"):
        client.delete(key)


class PersonThread(threading.Thread):
    """A person at a seat, as the page plays it but without the database: it reads the seat's state
    and hands the worker a move at every decision (``choose(state)``: an action id) until the game
    is over; the worker then runs in the test's own thread (and transaction)."""

    def __init__(self, channel, choose=lambda state: state["legal"][0]):
        super().__init__(daemon=True)
        self.channel, self.choose = channel, choose
        self.decisions, self.error = 0, None

    def run(self):
        try:
            while True:
                state = wait_state(self.channel, lambda s: s["decision"] is not None or s["over"], timeout=60)
                if state["over"]:
                    return
                assert self.channel.hand_over(state["decision"], self.choose(state))
                self.decisions += 1
                wait_state(self.channel, lambda s, v=state["version"]: s["version"] > v, timeout=60)
        except BaseException as exc:   # noqa: BLE001 - reported by the test
            self.error = exc


def wait_state(channel, predicate, timeout=20.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        state = channel.read()
        if state is not None and predicate(state):
            return state
        time.sleep(0.005)
    raise AssertionError(f"timed out waiting for the seat's state; last: {channel.read()}")

"""Playing a table's match: people in the browser, bots in their sandbox, one match loop.

Why this way:

* **The one match path.**  A table's match is a ``Match`` row like any other, claimed with a
  lease, played by ``web.matches.execution``/``playing`` through ``arena.match.play_match`` and
  stored once with its replay and per-seat status.  The bots at the table are started, timed and
  sandboxed exactly as in the ladder (their usual per-move limits: a person's thinking time is
  not theirs).  A person's seat is one more agent (``web.tables.person.PersonAgent``): the loop
  shows it the seat's observation at every step and asks it to act when the seat must decide.
* **The worker holds the game, the web never does.**  A bot is a process that keeps its memory
  from one move to the next, so a game with bots lives in one worker from its first move to its
  last; the web servers only read what the worker wrote for a seat and hand a checked move over
  (``web.tables.channel``, in Redis: a blocking pop answers a move in a millisecond, with no
  polling of the database).
* **A queue of their own.**  A person may think for minutes: a table's match goes to the
  ``ARENA_TABLE_QUEUE`` (``play_table``), served by workers running a thread per game (each
  mostly waits), so that people never hold up the ladder's and tournaments' workers, and those
  never claim a table's match (``matches_claim(tables=...)``).
* **Played once, from the start.**  A table's match is not replayed after its worker was lost
  (the people's moves are gone with it and a game cannot be played again behind their backs): a
  match claimed before ends in error, and its seats' pages say so.  While a person thinks, the
  lease is renewed (the agent's heartbeat), so a long think is not taken for a lost worker.
  The price: restarting a tables worker ends the games it is playing (their pages say so); a
  deployment drains it first (no new table for a while) where that matters.
* **The web waits a moment, not a game.**  A move's request hands the move over and waits for
  the worker to take it and the bots to answer (``ARENA_TABLE_MOVE_WAIT_SECONDS`` at most, a
  fraction of a second when bots answer at once); the page then asks for the seat's state every
  quarter second while others decide.  No web worker is held for longer than that.
"""
import logging
import time

from django.conf import settings
from django.db import DatabaseError, close_old_connections

from web.errors import PlatformFault
from web.matches import execution, playing
from web.matches.models import Match
from web.tables.channel import SeatChannel
from web.tables.models import Table
from web.tables.person import WAIT_SLICE_SECONDS, PersonAgent

logger = logging.getLogger(__name__)

NOT_REPLAYED = ("its worker stopped during the game; a game with people at it is not played again "
                "from the start")
STORE_TRIES = 3


def _fail(match_id, token, channels, error):
    execution.match_fail(match_id=match_id, lease_token=token, error=error)
    for channel in channels.values():
        channel.update(over=True, decision=None, legal=None, match_status=Match.Status.ERROR, error=error)


def _store(token, item, played, outcome):
    for attempt in range(STORE_TRIES):
        try:
            return execution.matches_store(token=token, results=[(item, played)], outcome=outcome)
        except DatabaseError:
            if attempt == STORE_TRIES - 1:
                raise
            close_old_connections()
            time.sleep(1.0 + attempt)
    return []


def table_match_run(*, match_id, worker=""):
    """Claims, plays and stores a table's match; returns what became of it (``done``, ``failed``,
    ``skipped``: not claimable, ``lost``: this worker lost its lease, ``discarded``)."""
    token, claimed = execution.matches_claim(match_ids=[match_id], worker=worker, tables=True)
    if not claimed:
        return "skipped"
    item = claimed[0]
    channels = {row.seat: SeatChannel(match_id, row.seat) for row in item.seats
                if row.agent_ref["kind"] == "person"}
    if Match.objects.filter(pk=match_id).values_list("attempts", flat=True).first() > 1:
        _fail(match_id, token, channels, NOT_REPLAYED)
        return "failed"
    for channel in channels.values():
        channel.reset()
    clock = (Table.objects.filter(match_id=match_id).values_list("clock_seconds", flat=True).first()
             or settings.ARENA_PERSON_CLOCK_SECONDS)
    keeper = execution.LeaseKeeper(token, {match_id}, None)
    keeper.playing = match_id

    # the lease is renewed every third of a lease: a person's wait looks up at least that often
    wait_slice = min(WAIT_SLICE_SECONDS, keeper.lease_seconds / 4)

    def people(seat, ref):
        return PersonAgent(channels[seat], clock_seconds=clock, heartbeat=keeper, wait_slice=wait_slice)

    try:
        played = execution.match_play(match=item.match, seats=item.seats, on_step=keeper, people=people)
    except playing.PlayAborted:
        logger.warning("table match %s: this worker lost its lease (it stalled past it)", match_id)
        return "lost"
    except (playing.MatchFailed, PlatformFault) as exc:
        _fail(match_id, token, channels, str(exc))
        return "failed"
    except DatabaseError:
        raise
    except Exception as exc:
        logger.exception("table match %s stopped with an unexpected exception", match_id)
        _fail(match_id, token, channels, execution.internal_error("playing", exc))
        return "failed"
    outcome = execution.StoreOutcome()
    stored = _store(token, item, played, outcome)
    if outcome.failed:
        error = Match.objects.filter(pk=match_id).values_list("error", flat=True).first()
        for channel in channels.values():
            channel.update(over=True, decision=None, legal=None, match_status=Match.Status.ERROR, error=error)
        return "failed"
    if not stored:
        return "discarded"
    for seat, channel in channels.items():
        channel.update(result=played.result, status=played.seat_status[seat], reason=played.seat_reasons[seat],
                       match_status=Match.Status.DONE, over=True, decision=None, legal=None)
    return "done"

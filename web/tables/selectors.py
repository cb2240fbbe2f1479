"""Reading tables, and a seat's view of its game for the person who sits there.

Anybody may read a table (its game, who sits where, its match); only the person seated at a seat
reads that seat's state (``seat_state``), which is what the worker wrote for that seat alone
(``web.tables.channel``): the seat's own observation, never another's.
"""
import time

from django.conf import settings
from django.db.models import Count, Q

from arena import games
from web.bots import selectors as bot_selectors
from web.matches.models import Match
from web.tables.channel import SeatChannel
from web.tables.models import Table, TableSeat

# How often a request waiting for the worker looks at the seat's state.
_WAIT_STEP_SECONDS = 0.01
# Once the worker took a move, how long a request waits on for the bots' answers (their moves
# appear in the page as they are played: it asks again at once).
_SETTLE_SECONDS = 0.3


def table_get(*, table_id):
    """A table with its seats (bots and people) and its match; ``Table.DoesNotExist`` if none."""
    return Table.objects.select_related("created_by", "match").get(pk=table_id)


def table_seats(*, table):
    return list(TableSeat.objects.filter(table=table).select_related("bot", "person").order_by("seat"))


def person_seat(*, table, person):
    """The seat ``person`` has at ``table``, or None (anonymous, or not seated)."""
    if person is None or not getattr(person, "is_authenticated", False):
        return None
    return TableSeat.objects.filter(table=table, person=person).values_list("seat", flat=True).first()


def seat_names(*, seats):
    """Each seat's name as the table shows it: its bot's, its person's, or ``open``."""
    return [row.bot.name if row.is_bot else row.person.username if row.person_id else "open" for row in seats]


def open_tables(*, game=None, limit=20):
    """Tables waiting for people, newest first, with their seats."""
    tables = (Table.objects.filter(status=Table.Status.OPEN).select_related("created_by")
              .annotate(open_count=Count("seats", filter=Q(seats__bot__isnull=True, seats__person__isnull=True))))
    if game:
        tables = tables.filter(game=game)
    return list(tables[:limit])


def tables_of_person(*, person, limit=20):
    """The tables ``person`` sits at, newest first."""
    if person is None or not getattr(person, "is_authenticated", False):
        return []
    return list(Table.objects.filter(seats__person=person).exclude(status=Table.Status.CANCELLED)
                .select_related("match").order_by("-id")[:limit])


def unfinished_tables(*, person):
    """How many tables ``person`` sits at that wait for people or whose game is not over."""
    return (Table.objects.filter(seats__person=person)
            .filter(Q(status=Table.Status.OPEN)
                    | Q(status=Table.Status.STARTED, match__status__in=[Match.Status.QUEUED, Match.Status.RUNNING]))
            .count())


def seatable_bots(*, game, person):
    """The bots ``person`` may seat at a table of ``game``: the house's, their own, and those whose
    owners let others enter them (as in tournaments), with their owners."""
    return list(bot_selectors.enterable_bots(game=game, organiser=person).select_related("owner")
                .order_by("owner_id", "name"))


# --- a game's actions, by id and by name -----------------------------------------------------------

def action_id(*, game, action):
    """The id of ``action`` (an id, or an action name of the game's spec), or None if it is neither."""
    names = games.get(game).action_names
    if isinstance(action, bool):
        return None
    if isinstance(action, int):
        return action if 0 <= action < len(names) else None
    if isinstance(action, str) and action.isascii() and action.isdigit() and len(action) <= 6:
        return action_id(game=game, action=int(action))
    if isinstance(action, str):
        try:
            return games.get(game).action_id(action)
        except ValueError:
            return None
    return None


def action_names(*, game, actions):
    names = games.get(game).action_names
    return [names[action] for action in actions]


def legal_entries(*, game, actions):
    """Each legal action with its name (the spec's), its block and its label within the block
    (``PLAY_KATANA``: ``PLAY``, ``KATANA``), for buttons."""
    table = games.get(game).spec.actions
    entries = []
    for action in actions:
        block, index = table.decode(action)
        labels = table.block(block).labels
        entries.append({"id": action, "name": table.names[action], "block": block,
                        "label": labels[index] if labels else ""})
    return entries


# --- a seat's state -----------------------------------------------------------------------------

def _phase(table, match_status):
    if table.status == Table.Status.CANCELLED:
        return "cancelled"
    if table.status == Table.Status.OPEN:
        return "waiting_for_people"
    if match_status == Match.Status.QUEUED:
        return "waiting_for_worker"
    if match_status in (Match.Status.DONE, Match.Status.ERROR):
        return "finished"
    return "playing"


def seat_state(*, table, seat, since=0, after=None):
    """What the page of the person at ``seat`` shows: the table's ``phase`` and, once its worker
    plays it, the seat's state (``web.tables.channel``) with the events from ``since`` on, its
    legal actions named.  With ``after`` (a version the page has), a state that has not moved
    on is only ``{"version", "unchanged": true, ...}``."""
    match_status = Match.objects.filter(pk=table.match_id).values_list("status", flat=True).first() \
        if table.match_id else None
    out = {"table": table.pk, "seat": seat, "phase": _phase(table, match_status), "match": table.match_id,
           "match_status": match_status}
    if match_status == Match.Status.ERROR:
        out["error"] = Match.objects.filter(pk=table.match_id).values_list("error", flat=True).first() or "?"
    if table.match_id is None:
        return out
    channel = SeatChannel(table.match_id, seat)
    state = channel.read()
    if state is None:
        return out
    if after is not None and state["version"] == after:
        return {**out, "version": after, "unchanged": True}
    state["events"] = channel.read_events(since)
    state["events_from"] = max(0, since)
    state["legal"] = legal_entries(game=table.game, actions=state["legal"]) if state.get("legal") else []
    return {**out, **state}


def seat_state_after_move(*, table, seat, version, since=0):
    """``seat_state`` once the worker has taken the move that answered ``version``: it waits for the
    state to move on (``ARENA_TABLE_MOVE_WAIT_SECONDS`` at most), then a moment more while the bots
    answer, until the seat decides again or the game is over."""
    channel = SeatChannel(table.match_id, seat)
    start = time.monotonic()
    limit = start + settings.ARENA_TABLE_MOVE_WAIT_SECONDS
    moved_at = None
    while time.monotonic() < limit:
        state = channel.read() or {}
        if state.get("version", version) != version:
            if moved_at is None:
                moved_at = time.monotonic()
            if state.get("decision") is not None or state.get("over") or \
                    time.monotonic() - moved_at >= _SETTLE_SECONDS:
                break
        time.sleep(_WAIT_STEP_SECONDS)
    return seat_state(table=table, seat=seat, since=since)


def options_in_words(*, game, options):
    """The options a table was set with, as a person reads them: only those that differ from the
    game's rules as they come (a table lists every option it stores), named in words, a switch as
    on or off ("diplomacy on", "target 30")."""
    spec = games.get(game).spec
    defaults = {option.name: option.default for option in spec.options}
    words = []
    for name, value in (options or {}).items():
        if name in defaults and value == defaults[name]:
            continue
        shown = "on" if value is True else "off" if value is False else value
        words.append(f"{name.replace('_', ' ')} {shown}")
    return words

"""Writing tables: creating one, taking its open seats, cancelling it, and a person's move.

A table is checked whole before anything is stored (game, player count, options, one seat for
its creator, each bot one its creator may seat: the house's, their own, or one whose owner lets
others enter it, as in tournaments).  Once its last seat is taken its match is created as a
table's (``Match.Kind.TABLE``: never rated, see ``web.matches.services.feeds_pool``) and queued
for the tables' workers.

A move is the person's only while their seat must decide: ``seat_move`` refuses, and writes
nothing, when the person has no seat at the table, the game is over, the seat is not deciding
that decision, or the action is not among its legal actions.  Each refusal is a
``SeatRefused`` with a ``code`` the API turns into its status.
"""
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from web.bots.models import Bot
from web.bots import selectors as bot_selectors
from web.errors import ServiceError
from web.games import catalog
from web.matches.models import Match
from web.matches.services import MatchSpec, PersonSeat, matches_create
from web.tables import selectors
from web.tables.channel import SeatChannel
from web.tables.models import Table, TableSeat

# What a seat is at creation, besides a bot.
ME = "me"
OPEN = "open"


class SeatRefused(ServiceError):
    """A move or a look at a seat that the asker may not make: ``code`` says which refusal."""
    NOT_SEATED = "not_seated"
    GAME_OVER = "game_over"
    NOT_YOUR_TURN = "not_your_turn"
    ILLEGAL = "illegal"

    def __init__(self, code, message):
        super().__init__(message)
        self.code = code


def _signed_in(person):
    if person is None or not getattr(person, "is_authenticated", False):
        raise SeatRefused(SeatRefused.NOT_SEATED, "sign in to sit at a table")


def _check_bot(bot, game, creator, index):
    stored = Bot.objects.filter(pk=bot.pk).first() if isinstance(bot, Bot) else None
    if stored is None:
        raise ServiceError(f"seat {index}: expected you, an open seat or a bot")
    if not bot_selectors.enterable_bots(game=game, organiser=creator).filter(pk=stored.pk).exists():
        if stored.game != game:
            raise ServiceError(f"seat {index}: {stored.name!r} plays {stored.game}, not {game}")
        if stored.is_deleted or bot_selectors.bot_current_version(bot=stored) is None:
            raise ServiceError(f"seat {index}: {stored.name!r} has no version that passed validation")
        raise ServiceError(f"seat {index}: {stored.name!r}'s owner does not let others seat it")
    return stored


def _check_room(person):
    """A person sits at a few unfinished tables at most: each playing one holds a worker's thread."""
    get_user_model().objects.select_for_update().filter(pk=person.pk).first()   # one check at a time per person
    unfinished = selectors.unfinished_tables(person=person)
    if unfinished >= settings.ARENA_TABLES_PER_PERSON:
        raise ServiceError(f"you already sit at {unfinished} unfinished tables (at most "
                           f"{settings.ARENA_TABLES_PER_PERSON}): finish, leave or cancel one first")


def table_create(*, creator, game, seats, options=None, clock_seconds=None):
    """Creates a table of ``len(seats)`` seats: each ``ME`` (exactly one: the creator's), ``OPEN``
    (for a person who follows the table's link) or a ``Bot``.  A table without open seats starts
    at once.  ``ServiceError`` (nothing stored) for anything invalid."""
    _signed_in(creator)
    seats = list(seats)
    try:
        catalog.game_info(game)
        _, options = catalog.check_match(game, players=len(seats), options=options)
    except catalog.EngineInputError as exc:
        raise ServiceError(str(exc)) from None
    if sum(1 for entry in seats if entry == ME) != 1:
        raise ServiceError("choose exactly one seat for yourself")
    clock = settings.ARENA_PERSON_CLOCK_SECONDS if clock_seconds is None else float(clock_seconds)
    if not 10 <= clock <= 24 * 3600:
        raise ServiceError("a person's clock is from 10 seconds to a day per decision")
    bots = {index: _check_bot(entry, game, creator, index) for index, entry in enumerate(seats)
            if entry not in (ME, OPEN)}
    with transaction.atomic():
        _check_room(creator)
        table = Table.objects.create(game=game, players=len(seats), options=options, created_by=creator,
                                     clock_seconds=clock)
        now = timezone.now()
        TableSeat.objects.bulk_create([
            TableSeat(table=table, seat=index, bot=bots.get(index),
                      person=creator if entry == ME else None, joined_at=now if entry == ME else None)
            for index, entry in enumerate(seats)])
        if OPEN not in seats:
            _start(table)
    return table


def table_join(*, table, person, seat=None):
    """``person`` takes an open seat of ``table`` (``seat``, or the first open one); the last one
    taken starts the game.  Returns the seat taken."""
    _signed_in(person)
    with transaction.atomic():
        table = Table.objects.select_for_update().get(pk=table.pk)
        if table.status != Table.Status.OPEN:
            raise ServiceError(f"table {table.pk} is {table.get_status_display()}: its seats are taken")
        rows = list(table.seats.order_by("seat"))
        if any(row.person_id == person.pk for row in rows):
            raise ServiceError("you already have a seat at this table")
        _check_room(person)
        free = [row for row in rows if row.is_open]
        if seat is not None:
            free = [row for row in free if row.seat == seat]
            if not free:
                raise ServiceError(f"seat {seat} is not open")
        last = sum(1 for row in rows if row.is_open) == 1
        taken = free[0]
        taken.person, taken.joined_at = person, timezone.now()
        taken.save(update_fields=["person", "joined_at"])
        if last:
            _start(table)
    return taken.seat


def table_cancel(*, table, person):
    """Its creator cancels a table still waiting for people."""
    with transaction.atomic():
        table = Table.objects.select_for_update().get(pk=table.pk)
        if person is None or table.created_by_id != getattr(person, "pk", None):
            raise ServiceError("only the person who created a table cancels it")
        if table.status != Table.Status.OPEN:
            raise ServiceError(f"table {table.pk} has started: a started game cannot be cancelled")
        table.status = Table.Status.CANCELLED
        table.save(update_fields=["status"])
    return table


def _start(table):
    """Creates and queues the table's match (in the caller's transaction)."""
    rows = list(table.seats.select_related("bot", "person").order_by("seat"))
    seats = tuple(row.bot if row.is_bot else PersonSeat(row.person) for row in rows)
    match = matches_create(game=table.game, specs=[MatchSpec(seats, options=table.options)],
                           kind=Match.Kind.TABLE)[0]
    table.match, table.status, table.started_at = match, Table.Status.STARTED, timezone.now()
    table.save(update_fields=["match", "status", "started_at"])


def seat_leave(*, table, person):
    """``person`` leaves the game their seat plays: the seat forfeits at once if it is deciding,
    else at its next decision (``SeatRefused`` when they have no seat or the game is over)."""
    seat = selectors.person_seat(table=table, person=person)
    if seat is None:
        raise SeatRefused(SeatRefused.NOT_SEATED, "you have no seat at this table")
    if table.match_id is None:
        raise SeatRefused(SeatRefused.NOT_YOUR_TURN, "the game has not started: the table's creator cancels it")
    if Match.objects.filter(pk=table.match_id, status__in=[Match.Status.DONE, Match.Status.ERROR]).exists():
        raise SeatRefused(SeatRefused.GAME_OVER, "the game is over")
    channel = SeatChannel(table.match_id, seat)
    state = channel.read() or {}
    if state.get("over") or state.get("status", "ok") != "ok":
        raise SeatRefused(SeatRefused.GAME_OVER, "your seat is out of the game already")
    channel.leave()
    return seat


def seat_move(*, table, person, decision, action):
    """Hands ``person``'s ``action`` (an id or an action name) for ``decision`` to the worker.

    Refused (``SeatRefused``; nothing written) unless the person sits at ``table``, its game is
    being played, the seat must decide ``decision`` now and ``action`` is legal.  Returns the
    seat's state version the move answers, to wait for the next from."""
    seat = selectors.person_seat(table=table, person=person)
    if seat is None:
        raise SeatRefused(SeatRefused.NOT_SEATED, "you have no seat at this table: only its seated person "
                                                  "moves for a seat")
    if table.match_id is None:
        raise SeatRefused(SeatRefused.NOT_YOUR_TURN, "the game has not started: seats are still open")
    if Match.objects.filter(pk=table.match_id, status__in=[Match.Status.DONE, Match.Status.ERROR]).exists():
        raise SeatRefused(SeatRefused.GAME_OVER, "the game is over")
    channel = SeatChannel(table.match_id, seat)
    state = channel.read()
    if state is None:
        raise SeatRefused(SeatRefused.NOT_YOUR_TURN, "the game is starting: wait for your turn")
    if state.get("over"):
        raise SeatRefused(SeatRefused.GAME_OVER, "the game is over")
    if state.get("status") != "ok":
        raise SeatRefused(SeatRefused.GAME_OVER, f"your seat is out of the game: {state.get('reason')}")
    if state.get("decision") is None or state.get("decision") != decision:
        raise SeatRefused(SeatRefused.NOT_YOUR_TURN,
                          "it is not your turn" if state.get("decision") is None else
                          f"that decision is past: you are deciding decision {state['decision']} now")
    action_id = selectors.action_id(game=table.game, action=action)
    if action_id is None or action_id not in state["legal"]:
        raise SeatRefused(SeatRefused.ILLEGAL, f"{action!r} is not a legal action now: the legal ones are "
                                               f"{', '.join(selectors.action_names(game=table.game, actions=state['legal']))}")
    if not channel.hand_over(decision, action_id):
        raise SeatRefused(SeatRefused.NOT_YOUR_TURN, "you already moved at this decision")
    return state["version"]

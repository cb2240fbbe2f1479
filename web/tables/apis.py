"""The tables API: create a table, take a seat, and play your seat (its state, your move).

Reading a table (who sits where, its match) is open to anybody; a seat's state and moves are its
seated person's only, with their session or token: anybody else gets 403, and nothing is
written.  A move out of turn or after the game is a 409, an illegal one a 400.
"""
from django.urls import reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import APIException, NotFound, PermissionDenied, ValidationError
from rest_framework.permissions import IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.response import Response
from rest_framework.views import APIView

from web.api.params import QueryParams, game_field, query_params
from web.api.schema import problems
from web.bots.models import Bot
from web.tables import selectors, services
from web.tables.models import Table

MAX_SEATS = 8


class Conflict(APIException):
    status_code = status.HTTP_409_CONFLICT
    default_code = "conflict"


def refusal(exc):
    """The API's answer to a ``SeatRefused``: 403 not seated, 409 not now, 400 illegal."""
    if exc.code == services.SeatRefused.NOT_SEATED:
        return PermissionDenied(str(exc))
    if exc.code in (services.SeatRefused.NOT_YOUR_TURN, services.SeatRefused.GAME_OVER):
        return Conflict(str(exc), code=exc.code)
    return ValidationError(str(exc), code=exc.code)


class TableSeatOutput(serializers.Serializer):
    seat = serializers.IntegerField()
    kind = serializers.ChoiceField(choices=["bot", "person", "open"])
    bot_id = serializers.IntegerField(allow_null=True)
    name = serializers.CharField(help_text="the bot's name, the person's, or open")


class TableOutput(serializers.Serializer):
    id = serializers.IntegerField()
    game = serializers.CharField()
    players = serializers.IntegerField()
    options = serializers.JSONField()
    status = serializers.CharField(help_text="open (seats waiting for people), started or cancelled")
    created_by = serializers.CharField()
    clock_seconds = serializers.FloatField(help_text="a person's time for each decision")
    match = serializers.IntegerField(allow_null=True, help_text="its match once started (its replay once finished)")
    url = serializers.CharField(help_text="its page: the link to share")
    created_at = serializers.DateTimeField()
    seats = TableSeatOutput(many=True)


def table_data(table):
    seats = selectors.table_seats(table=table)
    names = selectors.seat_names(seats=seats)
    return {"id": table.pk, "game": table.game, "players": table.players, "options": table.options,
            "status": table.status, "created_by": table.created_by.username, "clock_seconds": table.clock_seconds,
            "match": table.match_id, "url": reverse("table-detail", args=[table.pk]), "created_at": table.created_at,
            "seats": [{"seat": row.seat, "kind": "bot" if row.is_bot else "open" if row.is_open else "person",
                       "bot_id": row.bot_id, "name": name} for row, name in zip(seats, names)]}


def table_or_404(table_id):
    try:
        return selectors.table_get(table_id=table_id)
    except Table.DoesNotExist:
        raise NotFound(f"no table {table_id}") from None


class SeatInput(serializers.Serializer):
    kind = serializers.ChoiceField(choices=["me", "open", "bot"],
                                   help_text="me: your seat (exactly one); open: for a person with the link; bot")
    bot = serializers.IntegerField(required=False, min_value=1, max_value=2**62, help_text="the bot's id (kind bot)")


class TableListApi(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    class TableListFilter(QueryParams):
        game = game_field(required=False)

    class TableCreateInput(serializers.Serializer):
        game = game_field()
        seats = serializers.ListField(child=SeatInput(), min_length=1, max_length=MAX_SEATS)
        options = serializers.DictField(required=False, default=dict)
        clock_seconds = serializers.FloatField(required=False, min_value=10, max_value=24 * 3600,
                                               help_text="a person's time for each decision (default: the site's)")

    @extend_schema(parameters=[TableListFilter], responses=TableOutput(many=True), operation_id="tables_open")
    def get(self, request):
        """Tables waiting for people, newest first: follow one's url to take a seat."""
        filters = query_params(self.TableListFilter, request)
        return Response([table_data(t) for t in selectors.open_tables(game=filters.get("game"))])

    @extend_schema(request=TableCreateInput, responses={201: TableOutput}, operation_id="tables_create")
    def post(self, request):
        """Creates a table: your seat, open seats for people, bots (the house's, yours, or those whose
        owners let others enter them); it starts once every seat is taken."""
        data = self.TableCreateInput(data=request.data)
        data.is_valid(raise_exception=True)
        d = data.validated_data
        wanted = [entry["bot"] for entry in d["seats"] if entry["kind"] == "bot" and "bot" in entry]
        bots = {bot.pk: bot for bot in Bot.objects.filter(pk__in=wanted)}
        seats = []
        for index, entry in enumerate(d["seats"]):
            if entry["kind"] == "bot":
                if entry.get("bot") not in bots:
                    raise ValidationError({"seats": [f"seat {index}: no bot {entry.get('bot')}"]})
                seats.append(bots[entry["bot"]])
            else:
                seats.append(services.ME if entry["kind"] == "me" else services.OPEN)
        table = services.table_create(creator=request.user, game=d["game"], seats=seats, options=d["options"],
                                      clock_seconds=d.get("clock_seconds"))
        return Response(table_data(table), status=status.HTTP_201_CREATED)


class TableDetailApi(APIView):
    @extend_schema(responses=TableOutput, operation_id="tables_detail")
    def get(self, request, table_id):
        return Response(table_data(table_or_404(table_id)))


class TableJoinApi(APIView):
    permission_classes = [IsAuthenticated]

    class JoinInput(serializers.Serializer):
        seat = serializers.IntegerField(required=False, min_value=0, max_value=MAX_SEATS,
                                        help_text="the open seat to take; default: the first open one")

    @extend_schema(request=JoinInput, responses=TableOutput, operation_id="tables_join")
    def post(self, request, table_id):
        """Takes an open seat; the last one taken starts the game."""
        data = self.JoinInput(data=request.data)
        data.is_valid(raise_exception=True)
        table = table_or_404(table_id)
        services.table_join(table=table, person=request.user, seat=data.validated_data.get("seat"))
        return Response(table_data(table_or_404(table_id)))


class TableCancelApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses=TableOutput, operation_id="tables_cancel")
    def post(self, request, table_id):
        """Its creator cancels a table still waiting for people."""
        table = table_or_404(table_id)
        if table.created_by_id != request.user.pk:
            raise PermissionDenied("only the person who created a table cancels it")
        services.table_cancel(table=table, person=request.user)
        return Response(table_data(table_or_404(table_id)))


class TableLeaveApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses={(200, "application/json"): OpenApiTypes.OBJECT, **problems(409)},
                   operation_id="tables_leave")
    def post(self, request, table_id):
        """You leave the game: your seat forfeits now if it is deciding, else at its next decision
        (instead of when its clock runs out); the game goes on or ends as its rules say."""
        table = table_or_404(table_id)
        try:
            seat = services.seat_leave(table=table, person=request.user)
        except services.SeatRefused as exc:
            raise refusal(exc) from None
        return Response({"table": table.pk, "seat": seat, "left": True})


STATE_DOC = ("Your seat's state: phase (waiting_for_people, waiting_for_worker, playing, finished, cancelled); "
             "once playing, version, view (your seat's observation, nothing else), to_act, last_seat, events "
             "(from since on; events_total counts them), decision with legal ([{id, name, block, label}]) and "
             "deadline when your seat must decide, over, status, and result once stored.")


def _seat_of(table, user):
    seat = selectors.person_seat(table=table, person=user)
    if seat is None:
        raise PermissionDenied("you have no seat at this table: a seat's state is its seated person's only")
    return seat


class TableStateApi(APIView):
    permission_classes = [IsAuthenticated]

    class StateQuery(QueryParams):
        since = serializers.IntegerField(required=False, min_value=0, max_value=2**31, default=0,
                                         help_text="the events you have: only later ones are sent")
        after = serializers.IntegerField(required=False, min_value=0, max_value=2**62,
                                         help_text="the version you have: unchanged is all you get if it is current")

    @extend_schema(parameters=[StateQuery], responses={(200, "application/json"): OpenApiTypes.OBJECT},
                   operation_id="tables_state", description=STATE_DOC)
    def get(self, request, table_id):
        q = query_params(self.StateQuery, request)
        table = table_or_404(table_id)
        seat = _seat_of(table, request.user)
        return Response(selectors.seat_state(table=table, seat=seat, since=q["since"], after=q.get("after")))


class TableMoveApi(APIView):
    permission_classes = [IsAuthenticated]

    class MoveInput(serializers.Serializer):
        decision = serializers.IntegerField(min_value=1, max_value=2**31, help_text="the decision you answer "
                                                                                   "(your state's decision)")
        action = serializers.CharField(max_length=64, help_text="a legal action: its name (PLAY_KATANA) or its id")
        since = serializers.IntegerField(required=False, min_value=0, max_value=2**31, default=0,
                                         help_text="the events you have, for the state sent back")

    @extend_schema(request=MoveInput, responses={(200, "application/json"): OpenApiTypes.OBJECT, **problems(409)},
                   operation_id="tables_move", description="Your seat's move. Answered with your seat's state once "
                                                           "the game has taken it (and the bots answered). " + STATE_DOC)
    def post(self, request, table_id):
        data = self.MoveInput(data=request.data)
        data.is_valid(raise_exception=True)
        d = data.validated_data
        table = table_or_404(table_id)
        try:
            version = services.seat_move(table=table, person=request.user, decision=d["decision"], action=d["action"])
        except services.SeatRefused as exc:
            raise refusal(exc) from None
        seat = selectors.person_seat(table=table, person=request.user)
        return Response(selectors.seat_state_after_move(table=table, seat=seat, version=version, since=d["since"]))

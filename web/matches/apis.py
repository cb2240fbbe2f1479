"""The matches API: list with filters, detail (each seat's log for its owner only), replay JSON."""
import json

from django.http import HttpResponse
from django.utils.http import content_disposition_header
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.response import Response
from rest_framework.views import APIView

from web.api.params import QueryParams, game_field, game_path_parameter, query_params
from web.matches import selectors
from web.matches.models import Match, MatchSeat


class MatchSeatOutput(serializers.Serializer):
    seat = serializers.IntegerField()
    bot_id = serializers.IntegerField(allow_null=True, help_text="null: a person played the seat at a table")
    bot = serializers.CharField(allow_null=True)
    version = serializers.IntegerField(allow_null=True)
    person = serializers.CharField(allow_null=True, help_text="who played the seat at a table; null for a bot")
    status = serializers.CharField(help_text="ok, timeout, crash, illegal, limit; empty before it is played")
    rank = serializers.IntegerField(allow_null=True)
    score = serializers.FloatField(allow_null=True)
    team = serializers.CharField()


class MatchOutput(serializers.Serializer):
    id = serializers.IntegerField()
    game = serializers.CharField()
    kind = serializers.CharField()
    status = serializers.CharField()
    seed = serializers.IntegerField()
    steps = serializers.IntegerField(allow_null=True)
    tournament = serializers.IntegerField(allow_null=True)
    challenge = serializers.IntegerField(allow_null=True)
    created_at = serializers.DateTimeField()
    finished_at = serializers.DateTimeField(allow_null=True)
    seats = MatchSeatOutput(many=True)


class SeatLogOutput(serializers.Serializer):
    status = serializers.CharField()
    reason = serializers.CharField()
    log = serializers.CharField()


class MatchDetailOutput(MatchOutput):
    rules_version = serializers.CharField()
    options = serializers.JSONField()
    result = serializers.JSONField(allow_null=True)
    error = serializers.CharField()
    engine_seconds = serializers.FloatField(allow_null=True)
    logs = serializers.DictField(child=SeatLogOutput(), help_text="seat -> log, for the seats of your bots only")


def seat_data(seat):
    bot = seat.bot if seat.bot_id is not None else None
    return {"seat": seat.seat, "bot_id": seat.bot_id, "bot": bot.name if bot else None,
            "version": seat.bot_version.number if bot else None,
            "person": seat.person.username if seat.person_id is not None else None,
            "status": seat.status, "rank": seat.rank, "score": seat.score, "team": seat.team}


def match_data(match):
    return {"id": match.pk, "game": match.game, "kind": match.kind, "status": match.status, "seed": match.seed,
            "steps": match.steps,
            "tournament": match.tournament_round.tournament_id if match.tournament_round_id else None,
            "challenge": match.challenge_id,
            "created_at": match.created_at, "finished_at": match.finished_at,
            "seats": [seat_data(seat) for seat in match.seats.all()]}


def match_or_404(match_id):
    try:
        return selectors.match_get(match_id=match_id)
    except Match.DoesNotExist:
        raise NotFound(f"no match {match_id}") from None


class MatchListApi(APIView):
    class MatchListFilter(QueryParams):
        game = game_field(required=False)
        bot = serializers.IntegerField(required=False, min_value=1, max_value=2**62)
        status = serializers.ChoiceField(choices=Match.Status.values, required=False)
        kind = serializers.ChoiceField(choices=Match.Kind.values, required=False)
        seat_status = serializers.ChoiceField(
            choices=[s for s in MatchSeat.Status.values if s], required=False,
            help_text="with bot: only the matches where that bot's seat ended so (timeout, crash, illegal...)")
        before = serializers.IntegerField(required=False, min_value=1, max_value=2**62,
                                          help_text="only matches with a smaller id: the next page")
        limit = serializers.IntegerField(required=False, min_value=1, max_value=200, default=50)

    @extend_schema(parameters=[MatchListFilter], responses=MatchOutput(many=True), operation_id="matches_list")
    def get(self, request):
        """The newest matches first; page on with ``before`` = the last id you got."""
        f = query_params(self.MatchListFilter, request)
        from web.bots.models import Bot
        bot = Bot(pk=f["bot"]) if "bot" in f else None
        if "seat_status" in f and bot is None:
            raise ValidationError({"seat_status": ["give the bot whose seats to filter (bot=<id>)"]})
        matches = selectors.match_list(game=f.get("game"), bot=bot, status=f.get("status"), kind=f.get("kind"),
                                       before=f.get("before"), limit=f["limit"], seat_status=f.get("seat_status"))
        return Response([match_data(m) for m in matches])


class MatchDetailApi(APIView):
    @extend_schema(responses=MatchDetailOutput, operation_id="matches_detail")
    def get(self, request, match_id):
        match = match_or_404(match_id)
        data = match_data(match)
        data.update(rules_version=match.rules_version, options=match.options, result=match.result,
                    error=match.error, engine_seconds=match.engine_seconds,
                    logs={str(seat): log for seat, log in
                          selectors.seat_logs(match_id=match.pk, user=request.user).items()})
        return Response(data)


class MatchReplayApi(APIView):
    class ReplayQuery(QueryParams):
        download = serializers.BooleanField(required=False, default=False, help_text="as a file to save")

    @extend_schema(parameters=[ReplayQuery],
                   responses={(200, "application/json"): OpenApiTypes.OBJECT}, operation_id="matches_replay")
    def get(self, request, match_id):
        """The replay of a finished match (``arena replay verify`` re-plays it bit-exactly)."""
        download = query_params(self.ReplayQuery, request)["download"]
        replay = selectors.match_replay(match_id=match_id)
        if replay is None:
            raise NotFound(f"match {match_id} has no replay (unknown, or not finished)")
        response = HttpResponse(json.dumps(replay, separators=(",", ":")), content_type="application/json")
        if download:
            response["Content-Disposition"] = content_disposition_header(True, f"match-{match_id}.json")
        return response


class MatchExportApi(APIView):
    class ExportFilter(QueryParams):
        since = serializers.DateField(required=False, help_text="finished on or after this day (UTC)")
        until = serializers.DateField(required=False, help_text="finished on or before this day (UTC); not before "
                                                                "since (400)")
        bot = serializers.CharField(required=False, min_length=1, max_length=64, trim_whitespace=False, help_text="only matches this bot (by name) played")
        after = serializers.IntegerField(required=False, min_value=0, max_value=2**62, default=0,
                                         help_text="only matches with a larger id: the next page, or where to resume")
        limit = serializers.IntegerField(required=False, min_value=1, max_value=selectors.EXPORT_PAGE_LIMIT,
                                         default=100)

    class ExportPageOutput(serializers.Serializer):
        results = serializers.ListField(child=serializers.JSONField(),
                                        help_text="one object per match, oldest first: replay, result, seats "
                                                  "(bot, owner, rank, status, rating after it); never logs or sources")
        remaining = serializers.IntegerField(help_text="matches from this page on")
        next_after = serializers.IntegerField(allow_null=True, help_text="the next page's after; null on the last")

    @extend_schema(parameters=[game_path_parameter(), ExportFilter], responses=ExportPageOutput,
                   operation_id="games_export")
    def get(self, request, game):
        """A game's finished matches as a replay dataset, page by page (``arena export``)."""
        from web.games import catalog
        if game not in catalog.game_ids():
            raise NotFound(f"unknown game {game!r}: known games are {', '.join(catalog.game_ids())}")
        f = query_params(self.ExportFilter, request)
        if "since" in f and "until" in f and f["since"] > f["until"]:
            raise ValidationError({"until": ["must not be before since"]})
        lines, remaining = selectors.match_export_page(game=game, since=f.get("since"), until=f.get("until"),
                                                       bot_name=f.get("bot", ""), after=f["after"], limit=f["limit"])
        last_page = len(lines) == remaining
        return Response({"results": lines, "remaining": remaining,
                         "next_after": None if last_page else lines[-1]["match"]})

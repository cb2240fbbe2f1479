"""The games and their leaderboards."""
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.exceptions import NotFound
from rest_framework.response import Response
from rest_framework.views import APIView

from web.api import games
from web.api.pagination import page_params, paged_serializer
from web.matches import engine
from web.ratings import selectors as rating_selectors


class OptionOutput(serializers.Serializer):
    name = serializers.CharField()
    default = serializers.JSONField()
    choices = serializers.ListField(child=serializers.JSONField())
    help = serializers.CharField()


class GameOutput(serializers.Serializer):
    id = serializers.CharField()
    name = serializers.CharField()
    rules_version = serializers.CharField()
    min_players = serializers.IntegerField()
    max_players = serializers.IntegerField()
    options = OptionOutput(many=True)
    rules_summary = serializers.CharField()


def game_or_404(game):
    try:
        return games.game_detail(game=game)
    except engine.EngineInputError as exc:
        raise NotFound(str(exc)) from None


class GameListApi(APIView):
    @extend_schema(responses=GameOutput(many=True), operation_id="games_list")
    def get(self, request):
        return Response(games.game_list())


class GameDetailApi(APIView):
    @extend_schema(responses=GameOutput, operation_id="games_detail")
    def get(self, request, game):
        return Response(game_or_404(game))


class LeaderboardRowOutput(serializers.Serializer):
    position = serializers.IntegerField()
    bot_id = serializers.IntegerField()
    bot = serializers.CharField()
    owner = serializers.CharField(allow_null=True)
    rating = serializers.FloatField()
    low = serializers.FloatField(allow_null=True)
    high = serializers.FloatField(allow_null=True)
    games = serializers.IntegerField()
    wins = serializers.IntegerField()
    win_rate = serializers.FloatField()


class LeaderboardApi(APIView):
    @extend_schema(parameters=[OpenApiParameter("search", str), OpenApiParameter("page", int),
                               OpenApiParameter("page_size", int)],
                   responses=paged_serializer("PagedLeaderboard", LeaderboardRowOutput),
                   operation_id="games_leaderboard")
    def get(self, request, game):
        """Bots by current rating (with its interval after a refit), games played and win rate."""
        game_or_404(game)
        page, size, offset = page_params(request)
        search = request.query_params.get("search", "").replace("\x00", "")[:64]
        return Response(rating_selectors.leaderboard_page(game=game, search=search, page=page, page_size=size,
                                                          offset=offset))

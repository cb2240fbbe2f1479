"""The games, their rating pools and their leaderboards (one per pool)."""
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.exceptions import NotFound
from rest_framework.response import Response
from rest_framework.views import APIView

from web.api import games
from web.api.pagination import PageParams, page_params
from web.api.params import QueryParams, game_path_parameter, query_params
from web.games import catalog
from web.ratings import selectors as rating_selectors
from web.ratings.models import Pool


class OptionOutput(serializers.Serializer):
    name = serializers.CharField()
    default = serializers.JSONField()
    choices = serializers.ListField(child=serializers.JSONField())
    help = serializers.CharField()


class StoryConditionOutput(serializers.Serializer):
    key = serializers.CharField(help_text="the condition's id, as in a chapter match's result")
    words = serializers.CharField(help_text="the condition in a few words")
    text = serializers.CharField(help_text="the condition's whole sentence")


class StoryChapterOutput(serializers.Serializer):
    number = serializers.IntegerField()
    title = serializers.CharField(help_text="as printed (French)")
    title_words = serializers.CharField(help_text="in English")
    part = serializers.CharField(allow_null=True)
    difficulty = serializers.ChoiceField(choices=["easy", "intermediate", "difficult"])
    rules = serializers.ListField(child=serializers.CharField(), help_text="its special rules in words (none: empty)")
    conditions = StoryConditionOutput(many=True)
    won_when = serializers.CharField(help_text="what winning the chapter takes, in words")


class StoryOutput(serializers.Serializer):
    option = serializers.CharField(help_text="the option that plays a chapter")
    chapters = StoryChapterOutput(many=True)


class GameOutput(serializers.Serializer):
    id = serializers.CharField()
    name = serializers.CharField()
    rules_version = serializers.CharField()
    min_players = serializers.IntegerField()
    max_players = serializers.IntegerField()
    options = OptionOutput(many=True)
    rules_summary = serializers.CharField()
    story = StoryOutput(allow_null=True, help_text="the game's story chapters in words, in the order they are "
                                                   "played; null for a game without a campaign")


def game_or_404(game):
    try:
        return games.game_detail(game=game)
    except catalog.EngineInputError as exc:
        raise NotFound(str(exc)) from None


class GameListApi(APIView):
    @extend_schema(responses=GameOutput(many=True), operation_id="games_list")
    def get(self, request):
        return Response(games.game_list())


class GameDetailApi(APIView):
    @extend_schema(parameters=[game_path_parameter()], responses=GameOutput, operation_id="games_detail")
    def get(self, request, game):
        return Response(game_or_404(game))


class PoolOutput(serializers.Serializer):
    key = serializers.CharField(help_text="e.g. risques@1.2[mode=duel]: game, rules version, splitting options")
    label = serializers.CharField()
    kind = serializers.ChoiceField(choices=Pool.Kind.values,
                                   help_text="ranks or teams: rated by finishing order; score: one bot seat "
                                             "against the game's automata, rated by mean score")
    rules_version = serializers.CharField()
    bots = serializers.IntegerField()
    games = serializers.IntegerField(help_text="games played in it, one per bot seat")
    default = serializers.BooleanField(help_text="the one the leaderboard shows without ?pool=")


class PoolsApi(APIView):
    @extend_schema(parameters=[game_path_parameter()], responses=PoolOutput(many=True), operation_id="games_pools")
    def get(self, request, game):
        """The game's rating pools: one leaderboard each."""
        game_or_404(game)
        pools = rating_selectors.game_pools(game=game)
        default = rating_selectors.default_pool(pools=pools)
        return Response([{**pool, "default": pool["key"] == default} for pool in pools])


class AutomatonRateOutput(serializers.Serializer):
    level = serializers.IntegerField()
    name = serializers.CharField()
    games = serializers.IntegerField()
    wins = serializers.IntegerField(help_text="games the bot finished strictly above this automaton")
    win_rate = serializers.FloatField()
    low = serializers.FloatField(allow_null=True, help_text="95% Wilson interval of the win rate")
    high = serializers.FloatField(allow_null=True)
    margin = serializers.FloatField(allow_null=True, help_text="the mean margin: the bot's score minus this "
                                                               "automaton's (None before a game against it)")
    margin_games = serializers.IntegerField(help_text="games the margin is the mean of")
    margin_low = serializers.FloatField(allow_null=True, help_text="95% Student t interval of the mean margin "
                                                                   "(None before two games)")
    margin_high = serializers.FloatField(allow_null=True)


class LeaderboardRowOutput(serializers.Serializer):
    position = serializers.IntegerField()
    bot_id = serializers.IntegerField()
    bot = serializers.CharField()
    builtin = serializers.BooleanField(help_text="one of the arena's own bots")
    owner = serializers.CharField(allow_null=True)
    rating = serializers.FloatField(help_text="a score pool: the mean score")
    low = serializers.FloatField(allow_null=True, help_text="95% interval (a score pool: Student t of the mean)")
    high = serializers.FloatField(allow_null=True)
    provisional = serializers.BooleanField(help_text="interval still too wide and too few games: listed after the "
                                                     "settled bots, apart")
    games = serializers.IntegerField()
    wins = serializers.IntegerField()
    win_rate = serializers.FloatField()
    automata = AutomatonRateOutput(many=True, help_text="a score pool: the win rate against each automaton level "
                                                                "and the mean score margin over it")


class LevelOutput(serializers.Serializer):
    level = serializers.IntegerField()
    name = serializers.CharField()


class LeaderboardOutput(serializers.Serializer):
    pool = serializers.CharField(allow_null=True)
    kind = serializers.CharField(allow_null=True)
    label = serializers.CharField()
    count = serializers.IntegerField()
    page = serializers.IntegerField()
    page_size = serializers.IntegerField()
    pages = serializers.IntegerField()
    results = LeaderboardRowOutput(many=True)
    levels = LevelOutput(many=True, help_text="the automaton levels met by the bots of this page")


class LeaderboardQuery(QueryParams):
    pool = serializers.CharField(required=False, min_length=1, max_length=200, trim_whitespace=False,
                                 help_text="a pool key (see games/<id>/pools/); by default the most played pool")
    search = serializers.CharField(required=False, min_length=1, max_length=64, trim_whitespace=False, help_text="part of a bot's name")


def pool_of_request(request, game):
    """The pool a request asks for with ``?pool=KEY`` (one of the game's), or the game's default;
    ``(pools, key)``."""
    pools = rating_selectors.game_pools(game=game)
    key = query_params(LeaderboardQuery, request).get("pool")
    if key:
        if key not in {pool["key"] for pool in pools}:
            raise NotFound(f"{game} has no rating pool {key[:200]!r}; its pools are "
                           f"{', '.join(pool['key'] for pool in pools) or 'none yet'}")
        return pools, key
    return pools, rating_selectors.default_pool(pools=pools)


class LeaderboardApi(APIView):
    @extend_schema(parameters=[game_path_parameter(), LeaderboardQuery, PageParams],
                   responses=LeaderboardOutput, operation_id="games_leaderboard")
    def get(self, request, game):
        """Bots of one rating pool by current rating with its 95% interval, games played and win rate, the
        settled bots first and the provisional ones after them; a score pool (one bot against the game's
        automata, a pool per automaton level) by mean score, with the win rate (95% Wilson) and the mean
        score margin (95% t) against each automaton level."""
        game_or_404(game)
        page, size, offset = page_params(request)
        search = query_params(LeaderboardQuery, request).get("search", "")
        _, pool = pool_of_request(request, game)
        return Response(rating_selectors.leaderboard_page(pool=pool, search=search, page=page, page_size=size,
                                                          offset=offset))

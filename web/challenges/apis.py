"""The challenges API: create one (rate-limited), list them, and a challenge's games and results."""
from django.urls import reverse
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import NotAuthenticated, NotFound, PermissionDenied, ValidationError
from rest_framework.permissions import IsAuthenticatedOrReadOnly
from rest_framework.response import Response
from rest_framework.views import APIView

from web.api.pagination import PageParams, page_params, paged, paged_serializer
from web.api.params import QueryParams, query_params
from web.api.throttles import ChallengeThrottle, RatedChallengeThrottle
from web.bots import selectors as bot_selectors
from web.challenges import selectors, services
from web.challenges.models import MAX_GAMES, Challenge
from web.matches.apis import MatchOutput, match_data

MAX_OPPONENTS = 20


class OpponentOutput(serializers.Serializer):
    number = serializers.IntegerField()
    bot_id = serializers.IntegerField()
    bot = serializers.CharField()
    version = serializers.IntegerField()
    builtin = serializers.BooleanField()
    rating = serializers.FloatField(allow_null=True, help_text="a rated challenge: its rating in the pool when "
                                                               "the challenge was created")


class ChallengeProgressOutput(serializers.Serializer):
    status = serializers.CharField(help_text="running until every game is finished, then done")
    matches = serializers.DictField(child=serializers.IntegerField(), help_text="matches per status")
    finished = serializers.IntegerField()
    total = serializers.IntegerField()


class ChallengeOutput(serializers.Serializer):
    id = serializers.IntegerField()
    game = serializers.CharField()
    owner = serializers.CharField()
    bot_id = serializers.IntegerField()
    bot = serializers.CharField()
    version = serializers.IntegerField()
    seats = serializers.IntegerField()
    games = serializers.IntegerField()
    options = serializers.JSONField()
    rated = serializers.BooleanField(help_text="whether its matches move the published ratings")
    rating = serializers.FloatField(allow_null=True, help_text="a rated challenge: the challenger's rating in the "
                                                               "pool when it was created")
    seed = serializers.IntegerField()
    created_at = serializers.DateTimeField()
    url = serializers.CharField(help_text="its page")
    progress = ChallengeProgressOutput()


class HeadToHeadOutput(serializers.Serializer):
    bot_id = serializers.IntegerField()
    bot = serializers.CharField()
    version = serializers.IntegerField()
    builtin = serializers.BooleanField()
    rating = serializers.FloatField(allow_null=True)
    games = serializers.IntegerField(help_text="games both played to the end")
    wins = serializers.IntegerField(help_text="games the challenger finished ahead of it")
    draws = serializers.IntegerField(help_text="games they finished level (the same rank)")
    losses = serializers.IntegerField()
    errors = serializers.IntegerField(help_text="games in error that seated both")
    win_rate = serializers.FloatField(allow_null=True, help_text="the challenger's, a draw counting half")
    low = serializers.FloatField(allow_null=True, help_text="the win rate's 95% Wilson interval")
    high = serializers.FloatField(allow_null=True)


class OverallOutput(serializers.Serializer):
    games = serializers.IntegerField()
    wins = serializers.IntegerField(help_text="games the challenger finished first (alone or with its side)")
    errors = serializers.IntegerField()
    win_rate = serializers.FloatField(allow_null=True)
    low = serializers.FloatField(allow_null=True)
    high = serializers.FloatField(allow_null=True)


class ResultsOutput(serializers.Serializer):
    opponents = HeadToHeadOutput(many=True)
    overall = OverallOutput()


class ChallengeDetailOutput(ChallengeOutput):
    opponents = OpponentOutput(many=True)
    matches = MatchOutput(many=True, help_text="its games in the order they were scheduled")
    results = ResultsOutput()


def challenge_data(challenge):
    return {"id": challenge.pk, "game": challenge.game, "owner": challenge.owner.username,
            "bot_id": challenge.bot_id, "bot": challenge.bot.name, "version": challenge.bot_version.number,
            "seats": challenge.seats, "games": challenge.games, "options": challenge.options,
            "rated": challenge.rated, "rating": challenge.rating, "seed": challenge.seed,
            "created_at": challenge.created_at, "url": reverse("challenge-detail", args=[challenge.pk]),
            "progress": selectors.challenge_progress(challenge=challenge)}


def challenge_detail_data(challenge):
    opponents = selectors.challenge_opponents(challenge=challenge)
    return {**challenge_data(challenge),
            "opponents": [{"number": o.number, "bot_id": o.bot_id, "bot": o.bot.name, "version": o.bot_version.number,
                           "builtin": o.bot.is_builtin, "rating": o.rating} for o in opponents],
            "matches": [match_data(m) for m in selectors.challenge_games(challenge=challenge)],
            "results": selectors.challenge_results(challenge=challenge, opponents=opponents)}


def _bots(ids, field):
    by_id = {bot.pk: bot for bot in bot_selectors.bot_list(include_deleted=True).filter(pk__in=ids)}
    missing = [str(b) for b in ids if b not in by_id]
    if missing:
        raise ValidationError({field: [f"no bot {', '.join(missing)}"]})
    return [by_id[b] for b in ids]


def rated_over_limit(request, view):
    """Raises the API's 429 when ``request`` asks for a rated challenge past its budget."""
    throttle = RatedChallengeThrottle()
    if not throttle.allow_request(request, view):
        view.throttled(request, throttle.wait())


class ChallengeListApi(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]
    throttle_classes = [ChallengeThrottle]

    class ChallengeListFilter(QueryParams):
        bot = serializers.IntegerField(required=False, min_value=1, max_value=2**62,
                                       help_text="only the challenges this bot made")
        mine = serializers.BooleanField(required=False, default=False, help_text="only yours")

    class ChallengeCreateInput(serializers.Serializer):
        bot = serializers.IntegerField(min_value=1, max_value=2**62, help_text="your bot's id: the challenger")
        opponents = serializers.ListField(
            child=serializers.IntegerField(min_value=1, max_value=2**62), min_length=1, max_length=MAX_OPPONENTS,
            help_text="the opponents' bot ids, in the order they are seated: other people's bots whose owners let "
                      "others enter them, the house's built-in players, or your own (an unrated challenge)")
        games = serializers.IntegerField(min_value=1, max_value=MAX_GAMES)
        seats = serializers.IntegerField(required=False, min_value=1, max_value=7,
                                         help_text="seats at each table, yours included; default: you and every "
                                                   "opponent, within the game's range")
        options = serializers.DictField(required=False, default=dict, help_text="the game's options")
        rated = serializers.BooleanField(required=False, default=False,
                                         help_text="only against opponents rated at or above your bot in the pool "
                                                   "(docs/challenges.md)")
        seed = serializers.IntegerField(required=False, min_value=0, max_value=2**62 - 1)

    @extend_schema(parameters=[ChallengeListFilter, PageParams],
                   responses=paged_serializer("PagedChallenges", ChallengeOutput), operation_id="challenges_list")
    def get(self, request):
        filters = query_params(self.ChallengeListFilter, request)
        owner = None
        if filters["mine"]:
            if not request.user.is_authenticated:
                raise NotAuthenticated("sign in to list your challenges")
            owner = request.user
        bot_id = filters.get("bot")
        rows = selectors.challenge_list(owner=owner).select_related("bot_version")
        if bot_id is not None:
            rows = rows.filter(bot_id=bot_id)
        page, size, offset = page_params(request)
        return Response(paged(page=page, page_size=size, count=rows.count(),
                              results=[challenge_data(c) for c in rows[offset:offset + size]]))

    @extend_schema(request=ChallengeCreateInput, responses={201: ChallengeDetailOutput},
                   operation_id="challenges_create")
    def post(self, request):
        """Challenges other bots with one of yours: its games are queued at once, unrated unless
        ``rated`` (allowed only against opponents rated at or above your bot, and rate-limited)."""
        data = self.ChallengeCreateInput(data=request.data)
        data.is_valid(raise_exception=True)
        d = data.validated_data
        (bot,) = _bots([d["bot"]], "bot")
        if bot.owner_id != request.user.pk:
            raise PermissionDenied(f"{bot.name!r} is not your bot: a challenge is played by a bot of yours")
        if d["rated"]:
            rated_over_limit(request, self)
        challenge = services.challenge_create(
            owner=request.user, bot=bot, opponents=_bots(d["opponents"], "opponents"), games=d["games"],
            seats=d.get("seats"), options=d["options"], rated=d["rated"], seed=d.get("seed"))
        ChallengeThrottle.count(request, self)
        if challenge.rated:
            RatedChallengeThrottle.count(request, self)
        return Response(challenge_detail_data(selectors.challenge_get(challenge_id=challenge.pk)),
                        status=status.HTTP_201_CREATED)


class ChallengeDetailApi(APIView):
    @extend_schema(responses=ChallengeDetailOutput, operation_id="challenges_detail")
    def get(self, request, challenge_id):
        """A challenge, its games (each with its status and seats) and the challenger's results so far."""
        try:
            challenge = selectors.challenge_get(challenge_id=challenge_id)
        except Challenge.DoesNotExist:
            raise NotFound(f"no challenge {challenge_id}") from None
        return Response(challenge_detail_data(challenge))

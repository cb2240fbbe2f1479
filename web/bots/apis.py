"""The bots API: list, upload, detail, versions, a version's source (its owner only), rating history.

Thin views: input is checked by a serializer, reads go through ``web.bots.selectors``, writes
through ``web.bots.services``; only a bot's owner sees its source, validation log and verdicts.
"""
from django.conf import settings
from django.http import HttpResponse
from django.utils.http import content_disposition_header
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import (
    NotAuthenticated,
    NotFound,
    PermissionDenied,
    ValidationError,
)
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.response import Response
from rest_framework.views import APIView

from web.api.pagination import PageParams, page_params, paged, paged_serializer
from web.api.params import QueryParams, game_field, query_params
from web.api.throttles import UploadThrottle
from web.bots import selectors, services
from web.bots.models import Bot
from web.errors import ServiceError
from web.matches import services as match_services
from web.ratings import selectors as rating_selectors


class RatingOutput(serializers.Serializer):
    pool = serializers.CharField(help_text="the rating pool: the one of its game the bot played most")
    rating = serializers.FloatField()
    low = serializers.FloatField(allow_null=True)
    high = serializers.FloatField(allow_null=True)
    games = serializers.IntegerField()
    wins = serializers.IntegerField()
    provisional = serializers.BooleanField(help_text="interval still too wide and too few games to rank it among "
                                                     "the settled bots")


class VersionOutput(serializers.Serializer):
    number = serializers.IntegerField()
    kind = serializers.CharField()
    builtin_name = serializers.CharField()
    original_name = serializers.CharField()
    size = serializers.IntegerField()
    sha256 = serializers.CharField()
    status = serializers.CharField(help_text="pending, passed or failed (validation)")
    created_at = serializers.DateTimeField()
    validated_at = serializers.DateTimeField(allow_null=True)
    validation_problem = serializers.CharField(allow_null=True, help_text="the owner only")
    validation_verdict = serializers.JSONField(allow_null=True, help_text="the owner only")
    validation_log = serializers.CharField(allow_null=True, help_text="the bot's error output; the owner only")


class BotOutput(serializers.Serializer):
    id = serializers.IntegerField()
    game = serializers.CharField()
    name = serializers.CharField()
    description = serializers.CharField()
    owner = serializers.CharField(allow_null=True, help_text="the owner's user name; null for built-in bots")
    created_at = serializers.DateTimeField()
    deleted = serializers.BooleanField(help_text="retired: it plays no more")
    builtin = serializers.BooleanField(help_text="one of the platform's own bots")
    others_may_enter = serializers.BooleanField(help_text="whether others may enter it in their tournaments and "
                                                          "challenges")
    active_version = serializers.IntegerField(allow_null=True, help_text="the version its owner chose to play; "
                                                                         "null: the newest that passed")
    is_mine = serializers.BooleanField()
    rating = RatingOutput(allow_null=True)


class BotDetailOutput(BotOutput):
    versions = VersionOutput(many=True)
    ratings = RatingOutput(many=True, help_text="its current rating in each pool it played in, most played first")


def version_data(version, *, mine):
    return {"number": version.number, "kind": version.kind, "builtin_name": version.builtin_name,
            "original_name": version.original_name, "size": version.size, "sha256": version.sha256,
            "status": version.status, "created_at": version.created_at, "validated_at": version.validated_at,
            "validation_problem": version.validation_problem if mine else None,
            "validation_verdict": version.validation_verdict if mine else None,
            "validation_log": version.validation_log if mine else None}


def _rating(row):
    if row is None:
        return None
    return {"pool": row.pool_id, "rating": row.rating, "low": row.low, "high": row.high, "games": row.games,
            "wins": row.wins, "provisional": row.provisional}


def bot_data(bot, *, user, rating=None, versions=None):
    mine = selectors.is_owner(bot=bot, user=user)
    data = {"id": bot.pk, "game": bot.game, "name": bot.name, "description": bot.description,
            "owner": bot.owner.username if bot.owner_id else None, "created_at": bot.created_at,
            "deleted": bot.is_deleted, "builtin": bot.is_builtin, "others_may_enter": bot.others_may_enter,
            "active_version": bot.active_version.number if bot.active_version_id else None,
            "is_mine": mine, "rating": _rating(rating)}
    if versions is not None:
        data["versions"] = [version_data(v, mine=mine) for v in versions]
    return data


def bot_detail_data(bot, *, user):
    """A bot with its versions and its current rating in each pool it played in."""
    ratings = rating_selectors.bot_pool_ratings(bot=bot)
    main = ratings[0] if ratings else rating_selectors.current_rating(bot=bot)
    data = bot_data(bot, user=user, rating=main, versions=selectors.bot_versions(bot=bot))
    return {**data, "ratings": [_rating(row) for row in ratings]}


def bot_or_404(bot_id):
    try:
        return selectors.bot_get(bot_id=bot_id)
    except Bot.DoesNotExist:
        raise NotFound(f"no bot {bot_id}") from None


def read_upload(uploaded):
    """The bytes of an uploaded file, refusing one over the limit before reading it."""
    limit = settings.ARENA_MAX_BOT_BYTES
    if uploaded.size > limit:
        raise ValidationError({"file": [f"the uploaded file has {uploaded.size:,} bytes; the limit is {limit:,}"]})
    return uploaded.read()


class BotListApi(APIView):
    parser_classes = [MultiPartParser, FormParser]
    throttle_classes = [UploadThrottle]

    class BotListFilter(QueryParams):
        game = game_field(required=False)
        search = serializers.CharField(required=False, min_length=1, max_length=64, trim_whitespace=False,
                                       help_text="part of the bot's name")
        mine = serializers.BooleanField(required=False, default=False, help_text="only yours")

    class BotUploadInput(serializers.Serializer):
        game = game_field()
        name = serializers.CharField(max_length=services.NAME_MAX)
        description = serializers.CharField(required=False, allow_blank=True, max_length=2000, default="")
        file = serializers.FileField(help_text="a .py file, a .zip with main.py or run at its root, or an executable (#! script or ELF binary)")

    @extend_schema(parameters=[BotListFilter, PageParams],
                   responses=paged_serializer("PagedBots", BotOutput), operation_id="bots_list")
    def get(self, request):
        filters = query_params(self.BotListFilter, request)
        page, size, offset = page_params(request)
        owner = None
        if filters["mine"]:
            if not request.user.is_authenticated:
                raise NotAuthenticated("sign in to list your bots")
            owner = request.user
        bots = selectors.bot_list(game=filters.get("game"), owner=owner,
                                  search=filters.get("search", "")).select_related("owner")
        count = bots.count()
        rows = list(bots.order_by("game", "name")[offset:offset + size])
        ratings = rating_selectors.current_ratings(bots=rows)
        results = [bot_data(bot, user=request.user, rating=ratings.get((bot.pk, bot.game))) for bot in rows]
        return Response(paged(page=page, page_size=size, count=count, results=results))

    @extend_schema(request=BotUploadInput, responses={201: BotDetailOutput}, operation_id="bots_upload")
    def post(self, request):
        data = self.BotUploadInput(data=request.data)
        data.is_valid(raise_exception=True)
        uploaded = data.validated_data["file"]
        try:
            bot, _ = services.bot_upload(owner=request.user, game=data.validated_data["game"],
                                         name=data.validated_data["name"], filename=uploaded.name,
                                         content=read_upload(uploaded),
                                         description=data.validated_data["description"])
        except ServiceError as exc:
            raise ValidationError({"detail": str(exc)}) from None
        UploadThrottle.count(request, self)
        return Response(bot_detail_data(bot, user=request.user), status=status.HTTP_201_CREATED)


class DeletedOutput(serializers.Serializer):
    outcome = serializers.ChoiceField(choices=["deleted", "anonymised"],
                                      help_text="deleted: it never played; anonymised: its matches stay, "
                                                "its name, owner and files are gone")


class BotDetailApi(APIView):
    class BotChangeInput(serializers.Serializer):
        name = serializers.CharField(required=False, max_length=services.NAME_MAX)
        active_version = serializers.IntegerField(required=False, allow_null=True, min_value=1,
                                                  help_text="the passed version that plays; null: the newest passed")
        retired = serializers.BooleanField(required=False, help_text="true retires the bot: it plays no more; "
                                                                     "false brings a retired bot back (not a "
                                                                     "deleted one)")
        others_may_enter = serializers.BooleanField(
            required=False, help_text="whether others may enter it in their tournaments and challenges")

    def _detail(self, request, bot):
        return bot_detail_data(bot, user=request.user)

    def _mine(self, request, bot_id):
        bot = bot_or_404(bot_id)
        if not selectors.is_owner(bot=bot, user=request.user):
            raise PermissionDenied("only the bot's owner changes or deletes it")
        return bot

    @extend_schema(responses=BotDetailOutput, operation_id="bots_detail")
    def get(self, request, bot_id):
        return Response(self._detail(request, bot_or_404(bot_id)))

    @extend_schema(request=BotChangeInput, responses=BotDetailOutput, operation_id="bots_change")
    def patch(self, request, bot_id):
        """Renames the bot, chooses the version that plays, or retires it (its owner only)."""
        bot = self._mine(request, bot_id)
        data = self.BotChangeInput(data=request.data)
        data.is_valid(raise_exception=True)
        changes = data.validated_data
        try:
            with match_services.bot_changing(bot_id=bot.pk):
                bot = self._apply(request, bot, changes)
        except ServiceError as exc:
            raise ValidationError({"detail": str(exc)}) from None
        return Response(self._detail(request, bot))

    @staticmethod
    def _apply(request, bot, changes):
        if changes.get("retired") is False and bot.is_deleted:
            bot = services.bot_unretire(bot=bot, user=request.user)
        if "name" in changes:
            bot = services.bot_rename(bot=bot, user=request.user, name=changes["name"])
        if "active_version" in changes:
            bot = services.bot_version_choose(bot=bot, user=request.user, number=changes["active_version"])
        if "others_may_enter" in changes:
            bot = services.bot_set_entry(bot=bot, user=request.user, others_may_enter=changes["others_may_enter"])
        if changes.get("retired"):
            bot = services.bot_retire(bot=bot, user=request.user)
        return bot

    @extend_schema(responses={200: DeletedOutput}, operation_id="bots_delete")
    def delete(self, request, bot_id):
        """Deletes the bot (its owner only): removed if it never played, anonymised if it did."""
        bot = self._mine(request, bot_id)
        with match_services.bot_changing(bot_id=bot.pk):
            outcome = services.bot_delete(bot=bot, user=request.user)
        return Response({"outcome": outcome})


class BotVersionsApi(APIView):
    parser_classes = [MultiPartParser, FormParser]
    throttle_classes = [UploadThrottle]

    class VersionUploadInput(serializers.Serializer):
        file = serializers.FileField(help_text="a .py file, a .zip with main.py or run at its root, or an executable (#! script or ELF binary)")

    @extend_schema(responses=VersionOutput(many=True), operation_id="bots_versions_list")
    def get(self, request, bot_id):
        bot = bot_or_404(bot_id)
        mine = selectors.is_owner(bot=bot, user=request.user)
        return Response([version_data(v, mine=mine) for v in selectors.bot_versions(bot=bot)])

    @extend_schema(request=VersionUploadInput, responses={201: VersionOutput}, operation_id="bots_versions_upload")
    def post(self, request, bot_id):
        bot = bot_or_404(bot_id)
        if not selectors.is_owner(bot=bot, user=request.user):
            raise PermissionDenied("only the bot's owner uploads its versions")
        data = self.VersionUploadInput(data=request.data)
        data.is_valid(raise_exception=True)
        uploaded = data.validated_data["file"]
        version = services.bot_version_upload(bot=bot, filename=uploaded.name, content=read_upload(uploaded))
        UploadThrottle.count(request, self)
        return Response(version_data(version, mine=True), status=status.HTTP_201_CREATED)


class BotVersionDetailApi(APIView):
    @extend_schema(responses=VersionOutput, operation_id="bots_versions_detail")
    def get(self, request, bot_id, number):
        bot = bot_or_404(bot_id)
        try:
            version = selectors.bot_version_get(bot=bot, number=number)
        except bot.versions.model.DoesNotExist:
            raise NotFound(f"{bot.name} has no version {number}") from None
        return Response(version_data(version, mine=selectors.is_owner(bot=bot, user=request.user)))


class BotVersionSourceApi(APIView):
    @extend_schema(responses={(200, "application/octet-stream"): OpenApiTypes.BINARY},
                   operation_id="bots_versions_source")
    def get(self, request, bot_id, number):
        """The uploaded file of a version: its owner only (404 for anybody else)."""
        bot = bot_or_404(bot_id)
        try:
            version = selectors.bot_version_get(bot=bot, number=number)
        except bot.versions.model.DoesNotExist:
            raise NotFound(f"{bot.name} has no version {number}") from None
        content = selectors.bot_version_source(version=version, user=request.user)
        if content is None:
            raise NotFound("no source to show: only a bot's owner reads the file of an uploaded version")
        response = HttpResponse(content, content_type="application/octet-stream")
        # The name is the uploader's: Django quotes it, or encodes it (RFC 6266) when it must.
        response["Content-Disposition"] = content_disposition_header(True, version.original_name or "bot")
        return response


class RatingEntryOutput(serializers.Serializer):
    pool = serializers.CharField(help_text="the rating pool, e.g. risques@1.2[mode=duel]")
    kind = serializers.CharField(help_text="live (after a match) or fit (the periodic refit)")
    match = serializers.IntegerField(allow_null=True)
    rating = serializers.FloatField()
    delta = serializers.FloatField()
    low = serializers.FloatField(allow_null=True)
    high = serializers.FloatField(allow_null=True)
    games = serializers.IntegerField()
    created_at = serializers.DateTimeField()


class BotRatingsApi(APIView):
    class BotRatingsFilter(QueryParams):
        kind = serializers.ChoiceField(choices=["live", "fit"], required=False)
        pool = serializers.CharField(required=False, min_length=1, max_length=200, trim_whitespace=False,
                                     help_text="one pool's entries only")
        limit = serializers.IntegerField(min_value=1, max_value=5000, default=500)

    @extend_schema(parameters=[BotRatingsFilter], responses=RatingEntryOutput(many=True),
                   operation_id="bots_ratings")
    def get(self, request, bot_id):
        """The bot's rating history in every pool it played in (or in ``pool``), oldest first (the newest
        ``limit`` entries)."""
        bot = bot_or_404(bot_id)
        filters = query_params(self.BotRatingsFilter, request)
        entries = rating_selectors.rating_history(bot=bot, kind=filters.get("kind"), pool=filters.get("pool"),
                                                  limit=filters["limit"])
        return Response([{"pool": e.pool_id, "kind": e.kind, "match": e.match_id, "rating": e.rating,
                          "delta": e.delta, "low": e.low, "high": e.high, "games": e.games,
                          "created_at": e.created_at} for e in entries])

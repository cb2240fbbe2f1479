"""The version tests API: start one for your bot, read one (its tally, LLR history, verdict and
games) or a bot's list, cancel one, and make its winner the version that plays.

Reading is open to anybody, as matches are; starting, cancelling and acting on a test are its
bot's owner's only (403 otherwise).  Cancelling an ended test, or making a winner play when there
is none, is a 409.
"""
from django.urls import reverse
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import APIException, NotFound, PermissionDenied
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from web.api.pagination import PageParams, page_params, paged, paged_serializer
from web.api.schema import problems
from web.bots import selectors as bot_selectors
from web.bots.apis import bot_or_404
from web.matches.models import Match
from web.version_tests import selectors, services
from web.version_tests.models import MAX_GAMES_LIMIT, VersionTest

TAGS = ["version-tests"]


class Conflict(APIException):
    status_code = status.HTTP_409_CONFLICT
    default_code = "conflict"


class VersionTestGameOutput(serializers.Serializer):
    pair = serializers.IntegerField(help_text="from 1")
    leg = serializers.IntegerField(help_text="1 or 2: the second game deals the same, the versions' seats swapped")
    match = serializers.IntegerField()
    status = serializers.CharField(help_text="the match's: queued, running, done or error")
    new_seat = serializers.IntegerField()
    old_seat = serializers.IntegerField()
    new_rank = serializers.IntegerField(allow_null=True)
    old_rank = serializers.IntegerField(allow_null=True)
    counted = serializers.BooleanField(help_text="in the tally: its pair's two games were played before the test "
                                                 "ended, neither in error")
    url = serializers.CharField(help_text="the match's page, with its replay")
    replay_url = serializers.CharField(help_text="its replay as JSON, once played")


class VersionTestOutput(serializers.Serializer):
    id = serializers.IntegerField()
    game = serializers.CharField()
    owner = serializers.CharField()
    bot_id = serializers.IntegerField()
    bot = serializers.CharField()
    new_version = serializers.IntegerField(help_text="the version on trial")
    old_version = serializers.IntegerField()
    seats = serializers.IntegerField(help_text="seats at each table; the other seats hold the house's built-in player")
    other_bot = serializers.CharField(allow_null=True, help_text="the built-in player in the other seats")
    options = serializers.JSONField()
    elo0 = serializers.FloatField(help_text="H0: the new version is this many Elo stronger")
    elo1 = serializers.FloatField(help_text="H1: the new version is this many Elo stronger")
    alpha = serializers.FloatField()
    beta = serializers.FloatField()
    max_games = serializers.IntegerField()
    lower_bound = serializers.FloatField(help_text="H0 is accepted when the LLR falls to it")
    upper_bound = serializers.FloatField(help_text="H1 is accepted when the LLR reaches it")
    status = serializers.CharField(help_text="queued, running, h1 (accepted), h0 (accepted), limit (stopped "
                                             "undecided at its game limit), cancelled or failed")
    status_text = serializers.CharField()
    games = serializers.IntegerField(help_text="games counted (two per pair)")
    pairs = serializers.IntegerField()
    pentanomial = serializers.ListField(child=serializers.IntegerField(),
                                        help_text="pairs by the new version's score: 0, 1/2, 1, 3/2, 2 of 2")
    trinomial = serializers.ListField(child=serializers.IntegerField(),
                                      help_text="games the new version lost, drew and won")
    llr = serializers.FloatField()
    llr_history = serializers.ListField(child=serializers.FloatField(), help_text="the LLR after each pair")
    elo = serializers.ListField(child=serializers.FloatField(), allow_null=True,
                                help_text="the Elo difference and its 95% interval: [estimate, low, high]")
    verdict = serializers.CharField(help_text="the outcome (or the tally so far) in words")
    error = serializers.CharField(help_text="why a failed test stopped")
    winner = serializers.IntegerField(allow_null=True, help_text="the winning version once it is clear")
    created_at = serializers.DateTimeField()
    finished_at = serializers.DateTimeField(allow_null=True)
    url = serializers.CharField(help_text="its page")


class VersionTestDetailOutput(VersionTestOutput):
    matches = VersionTestGameOutput(many=True, help_text="its games, pair by pair")


def version_test_data(test):
    summary = selectors.version_test_summary(test=test)
    winner = selectors.version_test_winner(test=test)
    return {"id": test.pk, "game": test.game, "owner": test.owner.username, "bot_id": test.bot_id,
            "bot": test.bot.name, "new_version": test.new_version.number, "old_version": test.old_version.number,
            "seats": test.seats, "other_bot": test.other_version.bot.name if test.other_version_id else None,
            "options": test.options, "status": test.status, "status_text": test.get_status_display(),
            "winner": winner.number if winner is not None else None, "error": test.error,
            "created_at": test.created_at, "finished_at": test.finished_at,
            "url": reverse("version-test-detail", args=[test.pk]),
            **{key: summary[key] for key in ("elo0", "elo1", "alpha", "beta", "max_games", "lower_bound", "upper_bound",
                                             "games", "pairs", "pentanomial", "trinomial", "llr", "llr_history",
                                             "elo", "verdict")}}


def version_test_detail_data(test):
    games = [{"pair": game.pair + 1, "leg": game.leg + 1, "match": game.match_id, "status": game.match.status,
              "new_seat": game.new_seat, "old_seat": game.old_seat,
              "new_rank": _rank(game, game.new_seat), "old_rank": _rank(game, game.old_seat),
              "counted": game.counted and game.match.status == Match.Status.DONE,
              "url": reverse("match-detail", args=[game.match_id]),
              "replay_url": reverse("api-match-replay", args=[game.match_id])}
             for game in selectors.version_test_games(test=test)]
    return {**version_test_data(test), "matches": games}


def _rank(game, seat):
    result = game.match.result if game.match.status == Match.Status.DONE else None
    return result["ranks"][seat] if result else None


def _test_or_404(test_id):
    try:
        return selectors.version_test_get(test_id=test_id)
    except VersionTest.DoesNotExist:
        raise NotFound(f"no version test {test_id}") from None


def _owners_only(request, bot):
    if not bot_selectors.is_owner(bot=bot, user=request.user):
        raise PermissionDenied(f"{bot.name!r} is not your bot: only its owner tests its versions and acts on them")


class BotVersionTestsApi(APIView):
    class VersionTestCreateInput(serializers.Serializer):
        new = serializers.IntegerField(min_value=1, max_value=2**31 - 1, help_text="the new version's number")
        old = serializers.IntegerField(min_value=1, max_value=2**31 - 1, help_text="the old version's number")
        elo0 = serializers.FloatField(required=False, default=0.0, min_value=-services.ELO_BOUND,
                                      max_value=services.ELO_BOUND, help_text="H0, in Elo (default 0)")
        elo1 = serializers.FloatField(required=False, default=5.0, min_value=-services.ELO_BOUND,
                                      max_value=services.ELO_BOUND, help_text="H1, in Elo, above H0 (default 5)")
        alpha = serializers.FloatField(required=False, default=0.05, min_value=0.001, max_value=0.499,
                                       help_text="the false H1 rate (default 0.05)")
        beta = serializers.FloatField(required=False, default=0.05, min_value=0.001, max_value=0.499,
                                      help_text="the false H0 rate (default 0.05)")
        max_games = serializers.IntegerField(required=False, default=2000, min_value=2, max_value=MAX_GAMES_LIMIT,
                                             help_text="it stops undecided after this many games (default 2000)")
        seats = serializers.IntegerField(required=False, min_value=2, max_value=7,
                                         help_text="seats at each table; default: the game's smallest table")
        seed = serializers.IntegerField(required=False, min_value=0, max_value=2**62 - MAX_GAMES_LIMIT - 1)

    @extend_schema(parameters=[PageParams], responses=paged_serializer("PagedVersionTests", VersionTestOutput),
                   operation_id="version_tests_list", tags=TAGS)
    def get(self, request, bot_id):
        """A bot's version tests, newest first."""
        bot = bot_or_404(bot_id)
        rows = selectors.version_test_list(bot=bot).select_related("other_version__bot")
        page, size, offset = page_params(request)
        return Response(paged(page=page, page_size=size, count=rows.count(),
                              results=[version_test_data(t) for t in rows[offset:offset + size]]))

    @extend_schema(request=VersionTestCreateInput, responses={201: VersionTestDetailOutput},
                   operation_id="version_tests_create", tags=TAGS)
    def post(self, request, bot_id):
        """Starts a version test of your bot: is version ``new`` stronger than version ``old``?  Paired
        games, never rated, until the SPRT accepts H0 or H1 or ``max_games`` are played.  One test
        runs at a time for a bot, within your daily allowance of version-test games (``GET /api/limits/``)."""
        bot = bot_or_404(bot_id)
        _owners_only(request, bot)
        data = self.VersionTestCreateInput(data=request.data)
        data.is_valid(raise_exception=True)
        test = services.version_test_start(owner=request.user, bot=bot, **data.validated_data)
        return Response(version_test_detail_data(selectors.version_test_get(test_id=test.pk)),
                        status=status.HTTP_201_CREATED)


class VersionTestDetailApi(APIView):
    @extend_schema(responses=VersionTestDetailOutput, operation_id="version_tests_detail", tags=TAGS)
    def get(self, request, test_id):
        """A version test: its settings and bounds, state, counts, LLR history, verdict and games."""
        return Response(version_test_detail_data(_test_or_404(test_id)))


class VersionTestCancelApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses={200: VersionTestOutput, **problems(409)},
                   operation_id="version_tests_cancel", tags=TAGS)
    def post(self, request, test_id):
        """Cancels a queued or running version test of your bot: its queued games are dropped."""
        test = _test_or_404(test_id)
        _owners_only(request, test.bot)
        try:
            services.version_test_cancel(test=test, user=request.user)
        except services.VersionTestConflict as exc:
            raise Conflict(str(exc)) from None
        return Response(version_test_data(_test_or_404(test_id)))


class WinnerOutput(serializers.Serializer):
    test = serializers.IntegerField()
    bot_id = serializers.IntegerField()
    bot = serializers.CharField()
    active_version = serializers.IntegerField(help_text="the version that plays for the bot from now on")


class VersionTestMakeWinnerPlayApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses={200: WinnerOutput, **problems(409)},
                   operation_id="version_tests_make_winner_play", tags=TAGS)
    def post(self, request, test_id):
        """Makes the test's winner the version that plays for your bot: the new version once H1 is
        accepted, or, once the test ended, the version its Elo interval favours wholly."""
        test = _test_or_404(test_id)
        _owners_only(request, test.bot)
        try:
            bot, winner = services.version_test_make_winner_play(test=test, user=request.user)
        except services.VersionTestConflict as exc:
            raise Conflict(str(exc)) from None
        return Response({"test": test.pk, "bot_id": bot.pk, "bot": bot.name, "active_version": winner.number})

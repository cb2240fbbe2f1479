"""The site's limits for bot authors, as data: ``GET /api/limits/``."""
from django.conf import settings
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from web.bots import selectors
from web.challenges.models import MAX_GAMES
from web.version_tests import selectors as version_test_selectors


class BotFileLimitsOutput(serializers.Serializer):
    file_bytes = serializers.IntegerField(help_text="the largest bot file (or zip) taken")
    unpacked_bytes = serializers.IntegerField(help_text="the most a zip may unpack to")
    zip_members = serializers.IntegerField(help_text="the most members a zip may hold")


class ClockOutput(serializers.Serializer):
    move = serializers.FloatField(help_text="seconds per decision")
    bank = serializers.FloatField(help_text="extra seconds for the whole match")
    startup = serializers.FloatField(help_text="seconds to start")


class LimitsOutput(serializers.Serializer):
    bot_file = BotFileLimitsOutput()
    uploads_rate = serializers.CharField(help_text="accepted uploads per user, e.g. 30/hour")
    tournaments_rate = serializers.CharField(help_text="tournaments created per user, e.g. 10/hour")
    tournament_matches_per_day = serializers.IntegerField(help_text="matches a user's tournaments may queue a day")
    challenges_rate = serializers.CharField(help_text="challenges created per user, rated or not, e.g. 20/hour")
    rated_challenges_rate = serializers.CharField(help_text="rated challenges created per user, e.g. 5/day")
    challenge_games = serializers.IntegerField(help_text="the most games one challenge plays")
    version_test_games_per_day = serializers.IntegerField(
        help_text="version-test games a user may start a day; a running test holds its whole game limit")
    version_tests_running_per_bot = serializers.IntegerField(help_text="version tests queued or running at once "
                                                                       "for one bot")
    time_control = serializers.DictField(child=ClockOutput(), help_text="the clock of uploaded bots, per game")


class LimitsApi(APIView):
    @extend_schema(responses=LimitsOutput, operation_id="limits")
    def get(self, request):
        rates = settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]
        return Response({**selectors.submission_limits(), "challenges_rate": rates["challenges"],
                         "rated_challenges_rate": rates["rated_challenges"], "challenge_games": MAX_GAMES,
                         **version_test_selectors.version_test_limits()})

"""The site's limits for bot authors, as data: ``GET /api/limits/``."""
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from web.bots import selectors


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
    time_control = serializers.DictField(child=ClockOutput(), help_text="the clock of uploaded bots, per game")


class LimitsApi(APIView):
    @extend_schema(responses=LimitsOutput, operation_id="limits")
    def get(self, request):
        return Response(selectors.submission_limits())

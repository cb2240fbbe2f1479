"""API tokens: ``arena login`` trades a user name and password for the user's token."""
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.throttling import AnonRateThrottle
from rest_framework.views import APIView


class LoginThrottle(AnonRateThrottle):
    scope = "login"


class TokenOutput(serializers.Serializer):
    token = serializers.CharField()


class TokenApi(ObtainAuthToken):
    throttle_classes = [LoginThrottle]

    @extend_schema(responses=TokenOutput, operation_id="auth_token")
    def post(self, request, *args, **kwargs):
        """Your API token, for ``Authorization: Token <token>``."""
        return super().post(request, *args, **kwargs)


class MeOutput(serializers.Serializer):
    username = serializers.CharField()


class MeApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(responses=MeOutput, operation_id="auth_me")
    def get(self, request):
        return Response({"username": request.user.username})

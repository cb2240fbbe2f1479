"""API tokens: ``arena login`` trades a user name and password for the user's token."""
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.exceptions import Throttled, ValidationError
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response
from rest_framework.throttling import AnonRateThrottle
from rest_framework.views import APIView

from web.accounts import services as account_services


class LoginThrottle(AnonRateThrottle):
    scope = "login"


class TokenOutput(serializers.Serializer):
    token = serializers.CharField()


class TokenApi(ObtainAuthToken):
    # Public: a token is what you ask for here, and credentials sent along are not read.
    authentication_classes = []
    permission_classes = [AllowAny]
    throttle_classes = [LoginThrottle]

    @extend_schema(responses=TokenOutput, operation_id="auth_token")
    def post(self, request, *args, **kwargs):
        """Your API token, for ``Authorization: Token <token>``.  Failed attempts are limited per
        account and per address, as on the log-in page (429 past either)."""
        username = str(request.data.get("username", "")) if hasattr(request.data, "get") else ""
        address = request.META.get("REMOTE_ADDR") or "unknown"
        refusal = account_services.sign_in_refusal(username=username, address=address)
        if refusal:
            raise Throttled(detail=refusal)
        try:
            response = super().post(request, *args, **kwargs)
        except ValidationError:   # the wrong password, or no such account: told apart nowhere
            account_services.sign_in_failed(username=username, address=address)
            raise
        account_services.sign_in_succeeded(username=username)
        return response


class MeOutput(serializers.Serializer):
    username = serializers.CharField()


class MeApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(responses=MeOutput, operation_id="auth_me")
    def get(self, request):
        return Response({"username": request.user.username})

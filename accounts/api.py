from django.contrib.auth.validators import UnicodeUsernameValidator
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response
from rest_framework.throttling import ScopedRateThrottle
from rest_framework.views import APIView

from accounts import services


class RegisterSerializer(serializers.Serializer):
    username = serializers.CharField(max_length=150, validators=[UnicodeUsernameValidator()])
    password = serializers.CharField(
        write_only=True, max_length=128, style={"input_type": "password"}
    )
    email = serializers.EmailField(required=False, allow_blank=True, default="")


class UserSerializer(serializers.Serializer):
    id = serializers.IntegerField(read_only=True)
    username = serializers.CharField(read_only=True)
    # Not EmailField: the schema would promise an address, and registering without one is allowed.
    email = serializers.CharField(read_only=True, help_text="An email address, or blank.")
    is_staff = serializers.BooleanField(read_only=True)


class RegisteredSerializer(UserSerializer):
    token = serializers.CharField(help_text="Send it as `Authorization: Token <token>`.")


class TokenRequestSerializer(serializers.Serializer):
    username = serializers.CharField(max_length=150)
    password = serializers.CharField(max_length=128, style={"input_type": "password"})


class TokenSerializer(serializers.Serializer):
    token = serializers.CharField()


class AuthThrottled(APIView):
    permission_classes = [AllowAny]
    authentication_classes: list = []
    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "auth"


class RegisterView(AuthThrottled):
    @extend_schema(request=RegisterSerializer, responses={201: RegisteredSerializer}, tags=["auth"])
    def post(self, request):
        data = RegisterSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        user = services.register_user(**data.validated_data)
        # The token too (as auth/token/ gives it): no second call before the first request.
        body = {**UserSerializer(user).data, "token": services.token_for(user)}
        return Response(body, status=status.HTTP_201_CREATED)


class TokenView(APIView):
    """Guarded by the sign-in locks every door shares (accounts/signin.py), not by a throttle
    of its own: a wrong guess counts the same here as on the site's or the admin's form."""

    permission_classes = [AllowAny]
    authentication_classes: list = []

    @extend_schema(
        request=TokenRequestSerializer,
        responses={200: TokenSerializer, 429: OpenApiTypes.OBJECT},
        tags=["auth"],
    )
    def post(self, request):
        data = TokenRequestSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        # Django's request: axes keeps its marks on it for its middleware.
        token = services.issue_token(request=request._request, **data.validated_data)
        return Response({"token": token})


class MeView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: UserSerializer}, tags=["auth"])
    def get(self, request):
        return Response(UserSerializer(request.user).data)

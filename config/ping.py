"""``GET /api/v1/ping/``: the barest DRF endpoint, the baseline the roster benchmark compares to.

It goes through everything every API view has (middleware, authentication, throttling,
content negotiation, the JSON renderer) and does nothing else: no query beyond the caller's
token, no serializer.
"""

from __future__ import annotations

from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView


class PingView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        tags=["health"],
        summary="Pong: a bare API endpoint (benchmark baseline)",
        responses={200: inline_serializer("Pong", {"pong": serializers.BooleanField()})},
    )
    def get(self, request):
        return Response({"pong": True})

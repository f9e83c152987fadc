"""The API root: what a client finds at ``/api/v1/``: the collections, the schema, the docs.
(Not in config/api.py: that module is DRF's settings' pagination class, imported while DRF's
own modules are still loading.)"""

from __future__ import annotations

from django.urls import reverse
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

# Each collection by its path below /api/v1/ (route names are not unique: the player site
# has its own "gang-list"), linked from the root as DRF's DefaultRouter root does for one router.
API_RESOURCES = {
    "register": "auth/register/",
    "token": "auth/token/",
    "me": "auth/me/",
    "tasks": "tasks/{id}/",
    "rulesets": "rulesets/",
    "gangs": "gangs/",
    "fighters": "fighters/",
    "campaigns": "campaigns/",
    "matches": "matches/",
    "leagues": "leagues/",
    "players": "players/{username}/stats/",
}


class ApiRootSerializer(serializers.Serializer):
    resources = serializers.DictField(
        child=serializers.CharField(), help_text="Each collection's URL ({...}: fill in)."
    )
    schema = serializers.URLField()
    docs = serializers.URLField()
    redoc = serializers.URLField()


class ApiRoot(APIView):
    """Where to start: the collections, the schema and its readable docs."""

    permission_classes = [AllowAny]

    @extend_schema(responses=ApiRootSerializer, tags=["api"], summary="The API's resources")
    def get(self, request):
        root = request.build_absolute_uri(reverse("api-root"))

        def link(name: str) -> str:
            return request.build_absolute_uri(reverse(name))

        return Response(
            {
                "resources": {key: root + path for key, path in API_RESOURCES.items()},
                "schema": link("schema"),
                "docs": link("swagger-ui"),
                "redoc": link("redoc"),
            }
        )

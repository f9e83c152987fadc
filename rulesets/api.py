"""Rulesets: what games Posse knows, and (per game) rules calculators."""

from __future__ import annotations

from django.http import Http404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from rulesets.registry import all_rulesets, get_ruleset


class ScoreFieldSerializer(serializers.Serializer):
    name = serializers.CharField()
    label = serializers.CharField()
    minimum = serializers.IntegerField()
    maximum = serializers.IntegerField(allow_null=True)


class RulesetSerializer(serializers.Serializer):
    slug = serializers.CharField()
    name = serializers.CharField()
    min_players = serializers.IntegerField()
    max_players = serializers.IntegerField()
    live = serializers.BooleanField(help_text="The server can referee it turn by turn.")
    score_fields = ScoreFieldSerializer(many=True)


def ruleset_or_404(slug: str):
    ruleset = get_ruleset(slug)
    if ruleset is None:
        raise Http404
    return ruleset


@extend_schema(tags=["rulesets"])
class RulesetList(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses={200: RulesetSerializer(many=True)})
    def get(self, request):
        return Response(RulesetSerializer(all_rulesets(), many=True).data)


@extend_schema(tags=["rulesets"])
class RulesetDetail(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses={200: RulesetSerializer})
    def get(self, request, slug: str):
        return Response(RulesetSerializer(ruleset_or_404(slug)).data)

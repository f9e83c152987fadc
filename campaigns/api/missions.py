"""The missions of Last Hope Frontier: ``GET rulesets/last-hope-frontier/missions/``, as staff
keep them (campaigns.Mission, loaded from the rules' data/missions.json)."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from campaigns import services


class ZoneSerializer(serializers.Serializer):
    x = serializers.ListField(child=serializers.FloatField(), help_text="From and to, inches.")
    y = serializers.ListField(child=serializers.FloatField())


class MarkerSerializer(serializers.Serializer):
    key = serializers.CharField()
    x = serializers.FloatField()
    y = serializers.FloatField()
    name = serializers.CharField(required=False, help_text="An objective marker's name.")
    item = serializers.CharField(required=False, help_text="What a loot token holds.")


class RewardSerializer(serializers.Serializer):
    credits = serializers.IntegerField()
    goods = serializers.ListField(child=serializers.CharField())


class SetupSerializer(serializers.Serializer):
    zones = serializers.DictField(child=ZoneSerializer(), help_text="attacker and defender.")
    objectives = MarkerSerializer(many=True)
    loot = MarkerSerializer(many=True)
    terrain = serializers.ListField(child=serializers.CharField())


class MissionSerializer(serializers.Serializer):
    """A mission: its set-up, rules, end and rewards per side and outcome."""

    key = serializers.CharField()
    name = serializers.CharField()
    summary = serializers.CharField()
    setup = SetupSerializer(source="*")
    rules = serializers.ListField(child=serializers.CharField())
    scoring = serializers.DictField(child=serializers.IntegerField())
    points_to_win = serializers.IntegerField(allow_null=True)
    turn_limit = serializers.IntegerField()
    end = serializers.CharField()
    rewards = serializers.DictField(
        child=serializers.DictField(child=RewardSerializer()),
        help_text="attacker/defender -> win/draw/loss -> credits and goods.",
    )


@extend_schema(tags=["rulesets"])
class MissionList(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        responses=MissionSerializer(many=True),
        summary="Last Hope Frontier missions: set-up, rules, end and rewards",
    )
    def get(self, request):
        return Response(MissionSerializer([m.data for m in services.offered()], many=True).data)

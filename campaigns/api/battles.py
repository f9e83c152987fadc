"""Battle reports and live battles: reporting, one report, and the decisions on it
(confirm, dispute, void)."""

from __future__ import annotations

import django_filters
from django.db.models import Prefetch
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from campaigns import services
from campaigns.models import (
    Battle,
    BattleSide,
    Casualty,
    LiveBattle,
)
from config.serializers import RefuseUnwritable


class SideSerializer(serializers.ModelSerializer):
    gang_name = serializers.CharField(source="gang.name", read_only=True)

    class Meta:
        model = BattleSide
        fields = ["gang", "gang_name", "result", "credits_earned", "goods"]


class CasualtySerializer(serializers.ModelSerializer):
    class Meta:
        model = Casualty
        fields = ["fighter", "taken_out_by", "killed"]


class BattleOutcomeFighterSerializer(serializers.Serializer):
    fighter = serializers.IntegerField()
    name = serializers.CharField()
    gang = serializers.IntegerField()


class BattleOutcomeInjurySerializer(BattleOutcomeFighterSerializer):
    strike = serializers.IntegerField(help_text="1st or 2nd time out of action (the 3rd kills).")
    wounds_lost = serializers.IntegerField()


class BattleOutcomeFlipsSerializer(BattleOutcomeFighterSerializer):
    count = serializers.IntegerField()


class BattleOutcomeRewardSerializer(serializers.Serializer):
    gang = serializers.IntegerField()
    result = serializers.ChoiceField(choices=BattleSide.Result.choices)
    credits = serializers.IntegerField(help_text="The campaign's reward plus credits earned.")


class BattleOutcomeItemSerializer(serializers.Serializer):
    item = serializers.CharField()
    how = serializers.ChoiceField(choices=[("found", "found"), ("spent", "spent")])
    gang = serializers.IntegerField(required=False, help_text="found: the gang's stash.")
    fighter = serializers.IntegerField(required=False, help_text="spent: who used it up.")


class BattleOutcomeSerializer(serializers.Serializer):
    """What the post-game did, as it stored it (never recomputed)."""

    injuries = BattleOutcomeInjurySerializer(many=True)
    deaths = BattleOutcomeFighterSerializer(many=True)
    flips = BattleOutcomeFlipsSerializer(many=True)
    rewards = BattleOutcomeRewardSerializer(many=True)
    items = BattleOutcomeItemSerializer(many=True)


class BattleSerializer(serializers.ModelSerializer):
    round = serializers.IntegerField(source="round.number", read_only=True)
    sides = SideSerializer(many=True, read_only=True)
    casualties = CasualtySerializer(many=True, read_only=True)
    reported_by = serializers.CharField(
        source="reported_by.username", read_only=True, default=None, allow_null=True
    )
    confirmed_by = serializers.CharField(
        source="confirmed_by.username", read_only=True, default=None, allow_null=True
    )
    mission = serializers.SlugRelatedField(
        slug_field="key",
        read_only=True,
        allow_null=True,
        help_text="The mission's key; null without one.",
    )
    outcome = BattleOutcomeSerializer(
        read_only=True,
        allow_null=True,
        help_text="The post-game's injuries, deaths, flips, rewards and items; null until it ran.",
    )

    class Meta:
        model = Battle
        fields = [
            "id",
            "number",
            "round",
            "status",
            "source",
            "sides",
            "casualties",
            "reported_by",
            "reported_at",
            "confirmed_by",
            "confirmed_at",
            "dispute_reason",
            "void_reason",
            "post_game_at",
            "outcome",
            "match",
            "mission",
        ]


class FromScheduled(serializers.Serializer):
    """A battle from a scheduled one: its gangs and mission come from the pre-battle."""

    scheduled = serializers.IntegerField(
        required=False,
        allow_null=True,
        default=None,
        help_text="A scheduled battle's id (set up at pre-battle): its gangs and mission.",
    )

    def validate(self, attrs):
        if attrs.get("scheduled") is None and not attrs.get("gangs"):
            raise serializers.ValidationError({"gangs": "Name the two gangs, or `scheduled`."})
        return attrs


class CasualtyInput(RefuseUnwritable, serializers.Serializer):
    fighter = serializers.IntegerField()
    taken_out_by = serializers.IntegerField(required=False, allow_null=True, default=None)


class ReportSerializer(RefuseUnwritable, FromScheduled):
    gangs = serializers.ListField(
        child=serializers.IntegerField(), min_length=2, max_length=2, required=False
    )
    winner = serializers.IntegerField(allow_null=True)
    casualties = CasualtyInput(many=True, required=False, default=list)
    goods = serializers.DictField(
        child=serializers.ListField(child=serializers.CharField(max_length=50), max_length=10),
        required=False,
        default=dict,
    )
    credits = serializers.DictField(
        child=serializers.IntegerField(min_value=0, max_value=1000), required=False, default=dict
    )
    mission = serializers.CharField(
        max_length=40,
        required=False,
        allow_null=True,
        default=None,
        help_text="The mission's key, picked as the campaign says (mission_choice); left out "
        "in a campaign that draws at random. With a mission, credits and goods are its rewards.",
    )
    loot = serializers.DictField(
        child=serializers.ListField(child=serializers.CharField(max_length=40), max_length=8),
        required=False,
        default=dict,
        help_text="With a mission: the loot tokens each gang picked up, by gang id.",
    )

    def validate_casualties(self, value):
        if len(value) > 16:
            raise serializers.ValidationError("At most 16 fighters fight in a battle.")
        return value


class LiveBattleInput(RefuseUnwritable, FromScheduled):
    gangs = serializers.ListField(
        child=serializers.IntegerField(),
        min_length=2,
        max_length=2,
        required=False,
        help_text="The two gangs; the first one's owner takes seat s1.",
    )
    options = serializers.DictField(
        required=False,
        default=dict,
        help_text="Engine options such as turn_limit; gangs come from the rosters.",
    )
    mission = serializers.CharField(
        max_length=40,
        required=False,
        allow_null=True,
        default=None,
        help_text="The mission's key, picked as the campaign says; the engine referees it.",
    )


class LiveBattleSerializer(serializers.ModelSerializer):
    round = serializers.IntegerField(source="round.number", read_only=True)
    status = serializers.CharField(source="match.status", read_only=True)
    mission = serializers.SlugRelatedField(slug_field="key", read_only=True, allow_null=True)

    class Meta:
        model = LiveBattle
        fields = ["id", "round", "match", "status", "battle", "started_at", "mission"]


class ReasonSerializer(RefuseUnwritable, serializers.Serializer):
    reason = serializers.CharField(
        max_length=1000,
        required=False,
        allow_blank=True,
        default="",
        help_text="dispute: what is wrong with the report (required); void: why (optional, "
        "as a league result's void; the players read it); confirm and withdraw: not asked.",
    )


class BattleFilter(django_filters.FilterSet):
    round = django_filters.NumberFilter(field_name="round__number", help_text="The round's number.")
    status = django_filters.ChoiceFilter(choices=Battle.Status.choices)

    class Meta:
        model = Battle
        fields = ["round", "status"]


def battle_queryset():
    return Battle.objects.select_related(
        "round", "reported_by", "confirmed_by", "mission"
    ).prefetch_related(
        Prefetch("sides", queryset=BattleSide.objects.select_related("gang")), "casualties"
    )


@extend_schema(tags=["campaigns"])
class BattleDetailView(APIView):
    @extend_schema(responses=BattleSerializer, summary="A battle report")
    def get(self, request, pk: int, battle_id: int):
        return Response(
            BattleSerializer(
                get_object_or_404(battle_queryset(), pk=battle_id, campaign_id=pk)
            ).data
        )


@extend_schema(tags=["campaigns"])
class BattleDecisionView(APIView):
    @extend_schema(
        operation_id="campaign_battle_decide",
        # The URL accepts these words only: the schema says so, so generated clients offer them.
        parameters=[
            OpenApiParameter(
                "decision",
                str,
                OpenApiParameter.PATH,
                enum=["confirm", "dispute", "void", "withdraw"],
            )
        ],
        request=ReasonSerializer,
        responses=BattleSerializer,
        summary="confirm (the other side, or an arbitrator who does not play), dispute "
        "(with a reason), void (arbitrator, optionally with a reason), withdraw (its "
        "reporter, before it is confirmed); a void or withdrawn battle frees the pair",
    )
    def post(self, request, pk: str, battle_id: str, decision: str):
        battle = get_object_or_404(
            Battle.objects.select_related("campaign"), pk=battle_id, campaign_id=pk
        )
        if decision == "confirm":
            services.confirm_battle(battle=battle, actor=request.user)
        elif decision == "withdraw":
            services.withdraw_battle(battle=battle, actor=request.user)
        else:
            data = ReasonSerializer(data=request.data)
            data.is_valid(raise_exception=True)
            handler = services.dispute_battle if decision == "dispute" else services.void_battle
            handler(battle=battle, actor=request.user, reason=data.validated_data["reason"])
        return Response(BattleSerializer(battle_queryset().get(pk=battle.pk)).data)

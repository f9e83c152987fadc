"""Scheduled battles, the battle session's first steps (issue #34): ``GET/POST
campaigns/{id}/scheduled-battles/`` (schedule: the two gangs, the open round, a date), one
scheduled battle, and ``POST .../{sid}/pre-battle/`` (the mission, attacker, crews). It is then
played with ``POST campaigns/{id}/live-battles/ {"scheduled": sid}`` or reported with
``POST campaigns/{id}/battles/ {"scheduled": sid, ...}``. Thin: services.schedule decides."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from campaigns import services, sessions
from campaigns.models import Campaign, ScheduledBattle
from config.serializers import RefuseUnwritable


class ScheduledBattleSerializer(serializers.ModelSerializer):
    round = serializers.IntegerField(source="round.number", read_only=True)
    gangs = serializers.SerializerMethodField()
    mission = serializers.SlugRelatedField(slug_field="key", read_only=True, allow_null=True)
    defender = serializers.IntegerField(source="defender_id", read_only=True, allow_null=True)
    step = serializers.SerializerMethodField(
        help_text="scheduled, pre-battle, played, post-battle or confirmed (null: voided)."
    )

    class Meta:
        model = ScheduledBattle
        fields = [
            "id",
            "round",
            "gangs",
            "play_on",
            "scheduled_by",
            "mission",
            "attacker",
            "defender",
            "crews",
            "prepared_at",
            "live",
            "battle",
            "step",
        ]

    def get_gangs(self, row) -> list[int]:
        return [row.first_gang_id, row.second_gang_id]

    def get_step(self, row) -> str | None:
        return sessions.scheduled_step(row)


class ScheduleInput(RefuseUnwritable, serializers.Serializer):
    gangs = serializers.ListField(child=serializers.IntegerField(), min_length=2, max_length=2)
    play_on = serializers.DateField(required=False, allow_null=True, default=None)


class PreBattleInput(RefuseUnwritable, serializers.Serializer):
    mission = serializers.CharField(
        max_length=40,
        required=False,
        allow_null=True,
        allow_blank=True,
        default=None,
        help_text='The mission\'s key, picked as the campaign says; "": no mission (a pick '
        "too); left out: the mission set up is kept, or drawn again in a campaign that draws.",
    )
    attacker = serializers.IntegerField(
        required=False, allow_null=True, default=None, help_text="Gang id; default the first."
    )
    crews = serializers.DictField(
        child=serializers.ListField(child=serializers.IntegerField(), max_length=16),
        required=False,
        default=dict,
        help_text="The fighters who take part, by gang id (where the mission limits the crew): "
        "a player names his own gang's, an arbitrator either; a crew not named is kept while "
        "the mission stays.",
    )


def scheduled_queryset():
    return ScheduledBattle.objects.select_related(
        "round", "mission", "live__match", "live__battle", "battle"
    )


def scheduled_of(pk, sid) -> ScheduledBattle:
    return get_object_or_404(
        scheduled_queryset().select_related("campaign", "first_gang", "second_gang"),
        pk=sid,
        campaign_id=pk,
    )


@extend_schema(tags=["campaigns"])
class ScheduledBattleListView(APIView):
    @extend_schema(responses=ScheduledBattleSerializer(many=True), summary="Scheduled battles")
    def get(self, request, pk: int):
        campaign = get_object_or_404(Campaign, pk=pk)
        rows = scheduled_queryset().filter(campaign=campaign)[:200]
        return Response(ScheduledBattleSerializer(rows, many=True).data)

    @extend_schema(
        request=ScheduleInput,
        responses={201: ScheduledBattleSerializer},
        summary="Schedule a battle in the open round (a gang's owner or an arbitrator)",
    )
    def post(self, request, pk: int):
        campaign = get_object_or_404(Campaign, pk=pk)
        data = ScheduleInput(data=request.data)
        data.is_valid(raise_exception=True)
        row = services.schedule_battle(campaign=campaign, actor=request.user, **data.validated_data)
        return Response(
            ScheduledBattleSerializer(scheduled_queryset().get(pk=row.pk)).data,
            status=status.HTTP_201_CREATED,
        )


@extend_schema(tags=["campaigns"])
class ScheduledBattleDetailView(APIView):
    @extend_schema(responses=ScheduledBattleSerializer, summary="A scheduled battle")
    def get(self, request, pk: int, sid: int):
        return Response(ScheduledBattleSerializer(scheduled_of(pk, sid)).data)


@extend_schema(tags=["campaigns"])
class PreBattleView(APIView):
    @extend_schema(
        request=PreBattleInput,
        responses=ScheduledBattleSerializer,
        summary="Pre-battle: the mission (drawn or picked), attacker and defender, the crews",
    )
    def post(self, request, pk: int, sid: int):
        row = scheduled_of(pk, sid)
        data = PreBattleInput(data=request.data)
        data.is_valid(raise_exception=True)
        services.prepare_battle(scheduled=row, actor=request.user, **data.validated_data)
        return Response(ScheduledBattleSerializer(scheduled_queryset().get(pk=row.pk)).data)

"""A campaign over HTTP: founding, settings, status, arbitrators, standings, the log; and
the campaign's collections (members, rounds, battles, live battles) as its actions."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from django_filters.rest_framework import DjangoFilterBackend
from drf_spectacular.utils import extend_schema
from rest_framework import mixins, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.filters import OrderingFilter
from rest_framework.response import Response

from campaigns import access, log_lines, selectors, services
from campaigns.api.battles import (
    BattleFilter,
    BattleSerializer,
    LiveBattleInput,
    LiveBattleSerializer,
    ReportSerializer,
    battle_queryset,
)
from campaigns.api.membership import JoinSerializer, MembershipSerializer
from campaigns.api.rounds import OpenRoundSerializer, RoundSerializer
from campaigns.errors import CampaignError
from campaigns.models import Campaign, LogEntry, ScheduledBattle
from config.converters import ObjectId
from config.serializers import RefuseUnwritable
from rosters.models import Gang


class CampaignSerializer(serializers.ModelSerializer):
    arbitrators = serializers.SlugRelatedField(slug_field="username", many=True, read_only=True)
    join_code = serializers.SerializerMethodField()

    class Meta:
        model = Campaign
        fields = [
            "id",
            "name",
            "ruleset",
            "status",
            "description",
            "arbitrators",
            "points_win",
            "points_draw",
            "points_loss",
            "reward_win",
            "reward_draw",
            "reward_loss",
            "round_length_days",
            "max_battles_per_pairing",
            "tie_breakers",
            "house_rules",
            "mission_choice",
            "underdog_bonus",
            "join_code",
            "created_at",
        ]
        read_only_fields = ["status", "created_at"]

    def get_join_code(self, campaign) -> str | None:
        # Arbitrators hand the code out; other players do not see it.
        user = self.context["request"].user
        see = access.can(user=user, action=access.Action.SEE_JOIN_CODE, campaign=campaign)
        return campaign.join_code if see else None


class CampaignWriteSerializer(RefuseUnwritable, serializers.ModelSerializer):
    read_only_on_update = ("ruleset",)  # a campaign's game is chosen once, when founded
    read_only_names = ("id", "status", "arbitrators", "join_code", "created_at")
    tie_breakers = serializers.ListField(
        child=serializers.ChoiceField(choices=services.TIE_BREAKERS), required=False, max_length=6
    )
    ruleset = serializers.CharField(default="last-hope-frontier", max_length=50)

    class Meta:
        model = Campaign
        fields = ["ruleset", *services.SETTINGS]
        extra_kwargs = {f: {"required": False} for f in fields if f != "name"}


TRANSITIONS = [("active", "active"), ("finished", "finished")]


class StatusSerializer(RefuseUnwritable, serializers.Serializer):
    status = serializers.ChoiceField(choices=TRANSITIONS)


class ArbitratorSerializer(RefuseUnwritable, serializers.Serializer):
    username = serializers.CharField(max_length=150)


class StandingRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    tied = serializers.BooleanField()
    gang = serializers.IntegerField()
    name = serializers.CharField()
    player = serializers.CharField()
    membership = serializers.CharField()
    played = serializers.IntegerField()
    won = serializers.IntegerField()
    drawn = serializers.IntegerField()
    lost = serializers.IntegerField()
    points = serializers.IntegerField()
    taken_out = serializers.IntegerField()
    fighters_lost = serializers.IntegerField()
    rating = serializers.IntegerField()
    wealth = serializers.IntegerField()


class StandingsSerializer(serializers.Serializer):
    tie_breakers = serializers.ListField(child=serializers.CharField())
    warnings = serializers.ListField(child=serializers.CharField())
    rows = StandingRowSerializer(many=True)


class LogEntrySerializer(serializers.ModelSerializer):
    actor = serializers.CharField(
        source="actor.username", read_only=True, default=None, allow_null=True
    )

    line = serializers.SerializerMethodField(help_text="The line in your language.")

    class Meta:
        model = LogEntry
        fields = ["id", "at", "kind", "text", "line", "battle", "gang", "actor"]

    def get_line(self, entry: LogEntry) -> str:
        return log_lines.line(entry)


class LogOrdering(OrderingFilter):
    """``?ordering=-at`` (or ``at``), ties broken by id the same way: entries written in one
    transaction can share a timestamp, and a page must not show one of them twice."""

    def get_ordering(self, request, queryset, view):
        ordering = list(super().get_ordering(request, queryset, view) or [])
        if ordering and not any(o.lstrip("-") == "id" for o in ordering):
            ordering.append("-id" if ordering[0].startswith("-") else "id")
        return ordering


@extend_schema(tags=["campaigns"])
def _from_scheduled(request, campaign: Campaign, data: dict, scheduled_verb, verb):
    """A battle (live or reported) of a scheduled battle when the body names one."""
    sid = data.pop("scheduled", None)
    if sid is None:
        return verb(campaign=campaign, actor=request.user, **data)
    row = get_object_or_404(ScheduledBattle, pk=sid, campaign=campaign)
    refusals = {
        "gangs": _("A scheduled battle's gangs come from its pre-battle."),
        "mission": _("A scheduled battle's mission comes from its pre-battle."),
    }
    for field, refusal in refusals.items():
        if data.pop(field, None):
            raise CampaignError(refusal, field=field)
    return scheduled_verb(scheduled=row, actor=request.user, **data)


class CampaignViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    lookup_value_regex = ObjectId.regex  # a 404 for anything but an id
    serializer_class = CampaignSerializer
    filterset_fields = ["status", "ruleset"]
    search_fields = ["name"]
    ordering_fields = ["name", "created_at"]
    ordering = None  # the model's; set per action (the log's)
    filterset_class = None  # set per action (the battles')

    def get_queryset(self):
        if self.action == "battles":  # what its filters (and the schema's) apply to
            return battle_queryset()
        return Campaign.objects.prefetch_related("arbitrators")

    def _campaign(self) -> Campaign:
        return get_object_or_404(Campaign, pk=self.kwargs["pk"])

    def _out(self, campaign, code=status.HTTP_200_OK):
        campaign = self.get_queryset().get(pk=campaign.pk)
        return Response(
            CampaignSerializer(campaign, context={"request": self.request}).data, status=code
        )

    @extend_schema(
        request=CampaignWriteSerializer,
        responses={201: CampaignSerializer},
        summary="Found a campaign; its creator arbitrates it",
    )
    def create(self, request):
        data = CampaignWriteSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        campaign = services.create_campaign(creator=request.user, **data.validated_data)
        return self._out(campaign, status.HTTP_201_CREATED)

    @extend_schema(
        request=CampaignWriteSerializer, responses=CampaignSerializer, summary="Change settings"
    )
    def partial_update(self, request, pk=None):
        data = CampaignWriteSerializer(data=request.data, partial=True)
        data.is_valid(raise_exception=True)
        return self._out(
            services.update_campaign(
                campaign=self._campaign(), actor=request.user, **data.validated_data
            )
        )

    @extend_schema(
        request=StatusSerializer,
        responses=CampaignSerializer,
        summary="Start (opens round 1) or finish the campaign",
    )
    @action(detail=True, methods=["post"], filter_backends=[])
    def status(self, request, pk=None):
        data = StatusSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        return self._out(
            services.set_status(
                campaign=self._campaign(), actor=request.user, status=data.validated_data["status"]
            )
        )

    @extend_schema(
        request=ArbitratorSerializer, responses=CampaignSerializer, summary="Add an arbitrator"
    )
    @action(detail=True, methods=["post"], filter_backends=[])
    def arbitrators(self, request, pk=None):
        data = ArbitratorSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        user = get_user_model().objects.filter(username=data.validated_data["username"]).first()
        if user is None:
            raise serializers.ValidationError({"username": ["No player has this username."]})
        services.add_arbitrator(campaign=self._campaign(), user=user, actor=request.user)
        return self._out(self._campaign())

    @extend_schema(
        methods=["GET"], responses=MembershipSerializer(many=True), summary="Gangs in the campaign"
    )
    @extend_schema(
        methods=["POST"],
        request=JoinSerializer,
        responses={201: MembershipSerializer},
        summary="Ask for a gang to join (owner, with the join code) or add it (arbitrator)",
    )
    @action(detail=True, methods=["get", "post"], filter_backends=[])
    def members(self, request, pk=None):
        campaign = self._campaign()
        if request.method == "GET":
            rows = campaign.memberships.select_related("gang__owner")
            page = self.paginate_queryset(rows)
            return self.get_paginated_response(MembershipSerializer(page, many=True).data)
        data = JoinSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        gang = Gang.objects.filter(pk=data.validated_data["gang"]).first()
        if gang is None:
            raise serializers.ValidationError({"gang": ["No such gang."]})
        membership = services.request_join(
            campaign=campaign,
            gang=gang,
            actor=request.user,
            join_code=data.validated_data["join_code"],
            arbitrators_manage_roster=data.validated_data["arbitrators_manage_roster"],
        )
        return Response(MembershipSerializer(membership).data, status=status.HTTP_201_CREATED)

    @extend_schema(methods=["GET"], responses=RoundSerializer(many=True), summary="Rounds")
    @extend_schema(
        methods=["POST"],
        request=OpenRoundSerializer,
        responses={201: RoundSerializer},
        summary="Open the next round (arbitrator)",
    )
    @action(detail=True, methods=["get", "post"], filter_backends=[])
    def rounds(self, request, pk=None):
        campaign = self._campaign()
        if request.method == "GET":
            page = self.paginate_queryset(campaign.rounds.all())
            return self.get_paginated_response(RoundSerializer(page, many=True).data)
        data = OpenRoundSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        round_ = services.open_round(campaign=campaign, actor=request.user, **data.validated_data)
        return Response(RoundSerializer(round_).data, status=status.HTTP_201_CREATED)

    @extend_schema(
        methods=["GET"], responses=BattleSerializer(many=True), summary="Battles reported"
    )
    @extend_schema(
        methods=["POST"],
        request=ReportSerializer,
        responses={201: BattleSerializer},
        summary="Report a battle into the open round (a gang's owner or an arbitrator)",
    )
    @action(
        detail=True,
        methods=["get", "post"],
        filter_backends=[DjangoFilterBackend],
        filterset_class=BattleFilter,
    )
    def battles(self, request, pk=None):
        campaign = self._campaign()
        if request.method == "GET":
            rows = self.filter_queryset(self.get_queryset().filter(campaign=campaign))
            page = self.paginate_queryset(rows)
            return self.get_paginated_response(BattleSerializer(page, many=True).data)
        data = ReportSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        battle = _from_scheduled(
            request,
            campaign,
            data.validated_data,
            services.report_scheduled,
            services.report_with_mission,
        )
        return Response(
            BattleSerializer(battle_queryset().get(pk=battle.pk)).data,
            status=status.HTTP_201_CREATED,
        )

    @extend_schema(
        methods=["GET"], responses=LiveBattleSerializer(many=True), summary="Live battles"
    )
    @extend_schema(
        methods=["POST"],
        request=LiveBattleInput,
        responses={201: LiveBattleSerializer},
        summary="Start a battle refereed by the server (play it at /api/v1/matches/{match}/)",
    )
    @action(detail=True, methods=["get", "post"], url_path="live-battles", filter_backends=[])
    def live_battles(self, request, pk=None):
        campaign = self._campaign()
        if request.method == "GET":
            rows = campaign.live_battles.select_related("round", "match", "mission")
            page = self.paginate_queryset(rows)
            return self.get_paginated_response(LiveBattleSerializer(page, many=True).data)
        data = LiveBattleInput(data=request.data)
        data.is_valid(raise_exception=True)
        live = _from_scheduled(
            request,
            campaign,
            data.validated_data,
            services.play_scheduled_live,
            services.start_live_battle,
        )
        live = campaign.live_battles.select_related("round", "match", "mission").get(pk=live.pk)
        return Response(LiveBattleSerializer(live).data, status=status.HTTP_201_CREATED)

    @extend_schema(
        responses=StandingsSerializer, summary="Standings: points, then the tie-breakers in order"
    )
    @action(detail=True, methods=["get"], filter_backends=[])
    def standings(self, request, pk=None):
        return Response(selectors.campaign_standings(self._campaign()))

    @extend_schema(
        responses=LogEntrySerializer(many=True),
        summary="The campaign log, oldest first (ordering=-at: newest first)",
    )
    @action(
        detail=True,
        methods=["get"],
        filter_backends=[LogOrdering],
        ordering_fields=["at", "id"],
        ordering=["at", "id"],
    )
    def log(self, request, pk=None):
        rows = self.filter_queryset(self._campaign().log.select_related("actor"))
        page = self.paginate_queryset(rows)
        return self.get_paginated_response(LogEntrySerializer(page, many=True).data)

"""Leagues, their settings, organisers and members; results logged into a league."""

from __future__ import annotations

from django.db.models import Count, Exists, OuterRef, Q
from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import mixins, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

from config.renderers import ORJSONRenderer
from config.serializers import RefuseUnwritable
from leagues import access, selectors, services
from leagues.api.parsing import LeagueJSONParser
from leagues.api.results import (
    LeagueMatchSerializer,
    ResultInputSerializer,
    answer,
    result_queryset,
)
from leagues.api.standings import ErrorsAsJSON, LeagueStandingsSerializer, StandingsCSVRenderer
from leagues.models import Confirmation, League, LeagueMatch, Membership
from leagues.scoring import TIE_BREAKERS
from matches.models import Match, Participant


class LeagueSerializer(serializers.ModelSerializer):
    # A string: the settings' ChoiceField publishes the enum once.
    unreported_tables = serializers.CharField(read_only=True)
    organisers = serializers.SlugRelatedField(slug_field="username", many=True, read_only=True)
    points_table = serializers.DictField(child=serializers.IntegerField())
    tie_breakers = serializers.ListField(child=serializers.CharField())
    members = serializers.IntegerField(
        source="member_count", read_only=True, help_text="Active members (invitations aside)."
    )
    join_code = serializers.SerializerMethodField(
        help_text='Organisers only: players join with it (POST members/ {"join_code"}).'
    )

    class Meta:
        model = League
        fields = [
            "id",
            "name",
            "ruleset",
            "description",
            "organisers",
            "season_start",
            "season_end",
            "scoring",
            "points_table",
            "points_win",
            "points_draw",
            "points_loss",
            "tie_breakers",
            "house_rules",
            "asks_check_in",
            "bye_points",
            "unreported_tables",
            "members",
            "join_code",
            "created_at",
        ]
        read_only_fields = fields

    def get_join_code(self, league) -> str | None:
        user = self.context["request"].user
        see = access.can(user=user, action=access.Action.SEE_JOIN_CODE, league=league)
        return league.join_code if see else None


class LeagueSettingsSerializer(RefuseUnwritable, serializers.Serializer):
    read_only_names = ("id", "ruleset", "organisers", "join_code", "created_at")
    name = serializers.CharField(max_length=100, required=False)
    description = serializers.CharField(required=False, allow_blank=True, max_length=5000)
    season_start = serializers.DateField(required=False, allow_null=True)
    season_end = serializers.DateField(required=False, allow_null=True)
    scoring = serializers.ChoiceField(choices=League.Scoring.choices, required=False)
    points_table = serializers.DictField(
        child=serializers.IntegerField(min_value=0, max_value=1000),
        required=False,
        help_text='Points per place: {"1": 5, "2": 3, "3": 2}; other places score 0.',
    )
    points_win = serializers.IntegerField(min_value=0, max_value=1000, required=False)
    points_draw = serializers.IntegerField(min_value=0, max_value=1000, required=False)
    points_loss = serializers.IntegerField(min_value=0, max_value=1000, required=False)
    tie_breakers = serializers.ListField(
        child=serializers.ChoiceField(choices=TIE_BREAKERS),
        required=False,
        max_length=len(TIE_BREAKERS),
        help_text="In order. score_difference and most_kills only for the games that score them.",
    )
    house_rules = serializers.DictField(
        required=False,
        help_text='House rules the league plays with: {"key": true} (GET rulesets/{slug}/).',
    )
    asks_check_in = serializers.BooleanField(
        required=False, help_text="League nights: rounds pair only the members who checked in."
    )
    bye_points = serializers.IntegerField(
        min_value=0,
        max_value=1000,
        required=False,
        allow_null=True,
        help_text="League nights: a bye's points (null: as many as a win).",
    )
    unreported_tables = serializers.ChoiceField(
        choices=["unplayed", "loss", "draw"],
        required=False,
        help_text="League nights: what a table without a confirmed result counts as when "
        "its round is closed.",
    )


class LeagueCreateSerializer(LeagueSettingsSerializer):
    name = serializers.CharField(max_length=100)
    ruleset = serializers.CharField(max_length=50, help_text="A game's slug (GET rulesets/).")


class LeaguePlayerSerializer(serializers.Serializer):
    player = serializers.CharField(max_length=150, help_text="A username.")


class LeagueJoinSerializer(serializers.Serializer):
    player = serializers.CharField(
        max_length=150,
        required=False,
        help_text="Organisers: the username to invite (they accept or decline).",
    )
    join_code = serializers.CharField(
        max_length=32, required=False, help_text="Players: the league's code, to join yourself."
    )


class LeagueMembershipSerializer(serializers.ModelSerializer):
    player = serializers.CharField(source="player.username", read_only=True)
    added_by = serializers.CharField(
        source="added_by.username", read_only=True, default=None, allow_null=True
    )

    # Plain strings: an enum named after "status" would rename the other apps' ones.
    status = serializers.CharField(
        read_only=True,
        help_text="invited (waiting for the player to accept), active, or declined.",
    )

    class Meta:
        model = Membership
        fields = ["id", "player", "via", "status", "added_by", "joined_at", "answered_at"]


def league_queryset():
    # order_by again: a query with an aggregate drops Meta.ordering.
    return (
        League.objects.prefetch_related("organisers")
        .annotate(
            member_count=Count(
                "memberships", filter=Q(memberships__status=Membership.Status.ACTIVE)
            )
        )
        .order_by("-created_at", "-id")
    )


@extend_schema(tags=["leagues"])
class LeagueViewSet(
    ErrorsAsJSON, mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet
):
    serializer_class = LeagueSerializer
    parser_classes = [LeagueJSONParser]
    lookup_value_regex = "[0-9]{1,18}"  # as config.converters.ObjectId: a 404, never an overflow
    filterset_fields = ["ruleset"]
    search_fields = ["name"]
    ordering_fields = ["name", "created_at"]

    def get_queryset(self):
        return league_queryset()

    def _league(self) -> League:
        return get_object_or_404(League, pk=self.kwargs["pk"])

    def _out(self, league, code=status.HTTP_200_OK):
        league = league_queryset().get(pk=league.pk)
        return Response(
            LeagueSerializer(league, context={"request": self.request}).data, status=code
        )

    @extend_schema(summary="Leagues, newest first")
    def list(self, request, *args, **kwargs):
        return super().list(request, *args, **kwargs)

    @extend_schema(summary="A league and its settings")
    def retrieve(self, request, *args, **kwargs):
        return super().retrieve(request, *args, **kwargs)

    @extend_schema(
        request=LeagueCreateSerializer,
        responses={201: LeagueSerializer},
        summary="Found a league of one game; its creator organises it",
    )
    def create(self, request):
        data = LeagueCreateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        league = services.create_league(creator=request.user, **data.validated_data)
        return self._out(league, status.HTTP_201_CREATED)

    @extend_schema(
        request=LeagueSettingsSerializer,
        responses=LeagueSerializer,
        summary="Change settings (organisers); standings follow at once",
    )
    def partial_update(self, request, pk=None):
        data = LeagueSettingsSerializer(data=request.data, partial=True)
        data.is_valid(raise_exception=True)
        league = services.update_league(
            league=self._league(), actor=request.user, **data.validated_data
        )
        return self._out(league)

    @extend_schema(
        request=LeaguePlayerSerializer,
        responses=LeagueSerializer,
        summary="Add an organiser (organisers)",
    )
    @action(detail=True, methods=["post"], filter_backends=[])
    def organisers(self, request, pk=None):
        data = LeaguePlayerSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        league = self._league()
        user = services.find_player(data.validated_data["player"])
        services.add_organiser(league=league, user=user, actor=request.user)
        return self._out(league)

    @extend_schema(
        methods=["GET"],
        responses=LeagueMembershipSerializer(many=True),
        parameters=[
            OpenApiParameter(
                "status",
                str,
                enum=Membership.Status.values,
                description="Only memberships in this state.",
            )
        ],
        summary="Members and invitations",
    )
    @extend_schema(
        methods=["POST"],
        request=LeagueJoinSerializer,
        responses={201: LeagueMembershipSerializer},
        summary="Invite a player (organisers; they accept or decline) or join with the "
        "league's code (players)",
    )
    @action(detail=True, methods=["get", "post"], filter_backends=[])
    def members(self, request, pk=None):
        league = self._league()
        if request.method == "GET":
            rows = league.memberships.select_related("player", "added_by").order_by(
                "player__username"
            )
            rows = _only_status(rows, request.query_params.get("status"), Membership.Status)
            page = self.paginate_queryset(rows)
            return self.get_paginated_response(LeagueMembershipSerializer(page, many=True).data)
        data = LeagueJoinSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        name = data.validated_data.get("player")
        player = request.user if name is None else services.find_player(name)
        membership = services.add_member(
            league=league,
            player=player,
            actor=request.user,
            join_code=data.validated_data.get("join_code", ""),
        )
        return Response(LeagueMembershipSerializer(membership).data, status=status.HTTP_201_CREATED)

    @extend_schema(
        responses={200: LeagueStandingsSerializer, (200, "text/csv"): OpenApiTypes.STR},
        summary="Standings: points, then the tie-breakers in order (?format=csv for CSV)",
    )
    @action(
        detail=True,
        methods=["get"],
        filter_backends=[],
        # The API's JSON renderer (orjson), as every other endpoint: json.dumps of a big
        # league's rows is a large part of a cached read.
        renderer_classes=[ORJSONRenderer, StandingsCSVRenderer],
    )
    def standings(self, request, pk=None):
        return Response(selectors.league_standings(self._league()))

    @extend_schema(
        methods=["GET"],
        responses=LeagueMatchSerializer(many=True),
        parameters=[
            OpenApiParameter(
                "status",
                str,
                enum=LeagueMatch.Status.values,
                description="Only results in this state.",
            ),
            OpenApiParameter(
                "awaiting",
                str,
                description="A username: the results still waiting for that player's confirmation.",
            ),
        ],
        summary="Results, newest first",
    )
    @extend_schema(
        methods=["POST"],
        request=ResultInputSerializer,
        responses={201: LeagueMatchSerializer},
        summary="Log a result among active members; it counts once every player it names "
        "has confirmed it",
    )
    @action(detail=True, methods=["get", "post"], filter_backends=[])
    def matches(self, request, pk=None):
        league = self._league()
        if request.method == "GET":
            rows = result_queryset().filter(league=league)
            rows = _only_status(rows, request.query_params.get("status"), LeagueMatch.Status)
            awaiting = request.query_params.get("awaiting")
            if awaiting:
                rows = _awaiting(rows, awaiting)
            page = self.paginate_queryset(rows)
            return self.get_paginated_response(LeagueMatchSerializer(page, many=True).data)
        data = ResultInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        if "match" in values:
            match = Match.objects.filter(pk=values["match"]).first()
            if match is None:
                raise serializers.ValidationError({"match": ["There is no such match."]})
            result = services.add_live_match(league=league, actor=request.user, match=match)
        elif "round" in values or "table" in values:
            # A league night's table: only its players report it (leagues.services.rounds).
            values.setdefault("round", None)
            values.setdefault("table", None)
            result = services.report_table_result(league=league, actor=request.user, **values)
        else:
            result = services.report_result(league=league, actor=request.user, **values)
        return Response(answer(result), status=status.HTTP_201_CREATED)


def _only_status(rows, wanted: str | None, choices):
    if not wanted:
        return rows
    if wanted not in choices.values:
        raise serializers.ValidationError({"status": [f"One of: {', '.join(choices.values)}."]})
    return rows.filter(status=wanted)


def _awaiting(rows, username: str):
    """Results that name this player and wait for their confirmation."""
    plays = Participant.objects.filter(match=OuterRef("match_id"), player__username=username)
    confirmed = Confirmation.objects.filter(result=OuterRef("pk"), player__username=username)
    return rows.filter(
        Exists(plays),
        ~Exists(confirmed),
        status__in=[LeagueMatch.Status.REPORTED, LeagueMatch.Status.DISPUTED],
    )

"""Matches API: records of every game, and live play (state, legal actions, actions, events).

Views are thin: they read the request, call a service or selector, and shape the answer.
No serializer here has a ``state`` or ``seed`` field: what a client sees of a running game
comes from ``ruleset.view(state, seat)`` and nothing else.
"""

from __future__ import annotations

import django_filters
from django.shortcuts import get_object_or_404
from django_filters.rest_framework import DjangoFilterBackend
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiParameter,
    PolymorphicProxySerializer,
    extend_schema,
    extend_schema_field,
)
from rest_framework import serializers, status
from rest_framework.filters import OrderingFilter
from rest_framework.generics import ListAPIView, RetrieveAPIView
from rest_framework.response import Response
from rest_framework.views import APIView

from config.errors import NotAllowed
from config.parsers import GuardedJSONParser
from matches import selectors, services
from matches.models import Match, MatchAction, MatchEvent
from matches.services import InvalidMatchInput, NotSeated, canonical


class GuardedAPIView(APIView):
    # The default parser (REST_FRAMEWORK settings), named here because live play relies on it.
    parser_classes = [GuardedJSONParser]


# --- serializers ---------------------------------------------------------------------------------

# Statuses are plain strings in the schema: drf-spectacular names every enum of a field called
# "status" across all apps, and one more choice set there makes the names collide (a warning).
MATCH_STATUSES = ", ".join(Match.Status.values)


def _match_status() -> serializers.CharField:
    return serializers.CharField(read_only=True, help_text=f"One of: {MATCH_STATUSES}.")


class SeatSerializer(serializers.Serializer):
    seat = serializers.CharField()
    player = serializers.CharField(source="player.username")
    team = serializers.CharField()
    placement = serializers.IntegerField(allow_null=True)
    scores = serializers.DictField()
    resigned = serializers.BooleanField()


class OutcomeSerializer(serializers.Serializer):
    winners = serializers.ListField(child=serializers.CharField(), help_text="Usernames.")
    placements = serializers.DictField(child=serializers.IntegerField(), help_text="By username.")
    scores = serializers.DictField(child=serializers.DictField(), help_text="By username.")


class MatchSerializer(serializers.ModelSerializer):
    seats = SeatSerializer(source="participants", many=True, read_only=True)
    created_by = serializers.CharField(source="created_by.username", allow_null=True, default=None)
    outcome = serializers.SerializerMethodField()
    status = _match_status()

    class Meta:
        model = Match
        fields = [
            "id",
            "ruleset",
            "live",
            "status",
            "played_at",
            "finished_at",
            "created_by",
            "created_at",
            "version",
            "options",
            "seats",
            "outcome",
        ]  # never "state" or "seed": hidden information

    @extend_schema_field(OutcomeSerializer(allow_null=True))
    def get_outcome(self, match: Match):
        return selectors.outcome_for_clients(match)


class LiveMatchCreateSerializer(serializers.Serializer):
    ruleset = serializers.CharField(max_length=50)
    live = serializers.BooleanField(help_text="true: the server referees the game.")
    players = serializers.ListField(
        child=serializers.CharField(max_length=150),
        min_length=1,
        max_length=20,
        help_text="Usernames, in seat order (s1, s2, ...). You must be one of them unless staff.",
    )
    options = serializers.DictField(required=False, default=dict)
    seed = serializers.IntegerField(
        required=False,
        allow_null=True,
        min_value=0,
        max_value=services.SEED_LIMIT - 1,
        help_text="Staff only: replay a known shuffle.",
    )


class LoggedResultCreateSerializer(serializers.Serializer):
    ruleset = serializers.CharField(max_length=50)
    live = serializers.BooleanField(help_text="false: a result logged after the game.")
    placements = serializers.DictField(
        child=serializers.IntegerField(min_value=1),
        allow_empty=False,
        help_text='By username, 1 = best, ties share a place: {"alice": 1, "bob": 1, "carol": 3}.',
    )
    scores = serializers.DictField(
        child=serializers.DictField(),
        required=False,
        default=dict,
        help_text="By username: the game's score fields (see GET rulesets/{slug}/).",
    )
    teams = serializers.DictField(
        child=serializers.CharField(max_length=50), required=False, default=dict
    )
    played_at = serializers.DateTimeField(required=False)


MATCH_CREATE = PolymorphicProxySerializer(
    component_name="MatchCreate",
    serializers=[LiveMatchCreateSerializer, LoggedResultCreateSerializer],
    resource_type_field_name=None,
)


class StateSerializer(serializers.Serializer):
    version = serializers.IntegerField()
    status = _match_status()
    seat = serializers.CharField(allow_null=True, help_text="Your seat; null for a spectator.")
    view = serializers.DictField(help_text="What your seat may see of the game.")
    outcome = OutcomeSerializer(allow_null=True)


class LegalActionsSerializer(serializers.Serializer):
    seat = serializers.CharField(allow_null=True)
    actions = serializers.ListField(child=serializers.DictField())


class ActionSerializer(serializers.ModelSerializer):
    match = serializers.IntegerField(source="match_id")
    action = serializers.DictField(source="payload")
    status = serializers.CharField(read_only=True, help_text="pending, resolved or rejected.")

    class Meta:
        model = MatchAction
        fields = [
            "id",
            "match",
            "seat",
            "kind",
            "action",
            "status",
            "reason",
            "expected_version",
            "version_after",
            "created_at",
            "resolved_at",
        ]


class EventSerializer(serializers.ModelSerializer):
    """``seq``, ``type`` and ``text``, then the engine's own public fields at the top level."""

    class Meta:
        model = MatchEvent
        fields = ["seq", "type", "text"]

    def to_representation(self, event: MatchEvent) -> dict:
        return {**event.data, "seq": event.seq, "type": event.type, "text": event.text}


# --- list, create, detail ------------------------------------------------------------------------


class MatchFilter(django_filters.FilterSet):
    ruleset = django_filters.CharFilter()
    status = django_filters.ChoiceFilter(choices=Match.Status.choices)
    live = django_filters.BooleanFilter()
    player = django_filters.CharFilter(method="filter_player", help_text="A username.")

    class Meta:
        model = Match
        fields = ["ruleset", "status", "live", "player"]

    def filter_player(self, queryset, name, value):
        return selectors.with_player(queryset, value)


@extend_schema(tags=["matches"])
class MatchListCreate(ListAPIView):
    serializer_class = MatchSerializer
    parser_classes = [GuardedJSONParser]
    filterset_class = MatchFilter
    filter_backends = [DjangoFilterBackend, OrderingFilter]
    ordering_fields = ["played_at", "created_at", "id"]
    ordering = ["-played_at", "-id"]

    def get_queryset(self):
        return selectors.matches()

    @extend_schema(
        summary="Log a result (live: false) or start a live match (live: true)",
        request=MATCH_CREATE,
        responses={201: MatchSerializer},
    )
    def post(self, request):
        data = request.data
        if type(data) is not dict:
            raise InvalidMatchInput("Send a JSON object.", field="non_field_errors")
        live = data.get("live")
        if type(live) is not bool:
            raise InvalidMatchInput(
                "Say whether the server referees this match (true) or you log a result (false).",
                field="live",
            )
        if live:
            if data.get("seed") is not None and not request.user.is_staff:
                raise NotAllowed("Only staff may choose the seed of a match.", field="seed")
            body = LiveMatchCreateSerializer(data=data)
            body.is_valid(raise_exception=True)
            match = services.create_live_match(
                ruleset=body.validated_data["ruleset"],
                players=body.validated_data["players"],
                options=body.validated_data["options"],
                seed=body.validated_data.get("seed"),
                created_by=request.user,
            )
        else:
            body = LoggedResultCreateSerializer(data=data)
            body.is_valid(raise_exception=True)
            match = services.log_result(
                created_by=request.user, **_without(body.validated_data, "live")
            )
        match = selectors.matches().get(pk=match.pk)
        return Response(MatchSerializer(match).data, status=status.HTTP_201_CREATED)


def _without(data: dict, *keys: str) -> dict:
    return {k: v for k, v in data.items() if k not in keys}


@extend_schema(tags=["matches"])
class MatchDetail(RetrieveAPIView):
    serializer_class = MatchSerializer
    lookup_url_kwarg = "match_id"

    def get_queryset(self):
        return selectors.matches()


# --- live play -----------------------------------------------------------------------------------

MATCH_ID = OpenApiParameter("match_id", int, OpenApiParameter.PATH)
IDEMPOTENCY_KEY = OpenApiParameter(
    "Idempotency-Key",
    str,
    OpenApiParameter.HEADER,
    required=True,
    description="A unique string per action (e.g. a UUID); send the same one to retry.",
)
EXPECTED_VERSION = OpenApiParameter(
    "Expected-Version",
    int,
    OpenApiParameter.HEADER,
    required=False,
    description="The state version you chose from; if the game has moved on, the action is "
    "rejected as stale instead of being played.",
)


@extend_schema(tags=["live play"], parameters=[MATCH_ID])
class MatchStateView(APIView):
    @extend_schema(summary="The game as your seat sees it", responses={200: StateSerializer})
    def get(self, request, match_id: int):
        match, game = selectors.live_match(match_id)
        seat = selectors.seat_of(match, request.user)
        view = game.view(canonical(match.state), seat.seat if seat else None)
        return Response(
            {
                "version": match.version,
                "status": match.status,
                "seat": seat.seat if seat else None,
                "view": view,
                "outcome": selectors.outcome_for_clients(match),
            }
        )


@extend_schema(tags=["live play"], parameters=[MATCH_ID])
class LegalActionsView(APIView):
    @extend_schema(
        summary="What you may do now (empty when it is not your decision)",
        responses={200: LegalActionsSerializer},
    )
    def get(self, request, match_id: int):
        match, game = selectors.live_match(match_id)
        seat = selectors.seat_of(match, request.user)
        actions: list[dict] = []
        if seat and not seat.resigned and match.is_running:
            state = canonical(match.state)
            if seat.seat in game.to_move(state):
                actions = game.legal_actions(state, seat.seat)
        return Response({"seat": seat.seat if seat else None, "actions": actions})


def _seated(match_id: int, user):
    """The match and the caller's seat: 404 for an unknown match, 403 for an outsider."""
    match = get_object_or_404(
        Match.objects.defer("state", "seed").prefetch_related("participants"), pk=match_id
    )
    seat = selectors.seat_of(match, user)
    if seat is None:
        raise NotSeated()
    return match, seat


def _expected_version(request) -> int | None:
    raw = request.headers.get("Expected-Version")
    if raw is None:
        return None
    if not (raw.isascii() and raw.isdigit()) or len(raw) > 9:
        raise InvalidMatchInput(
            "Expected-Version is a whole number, 0 or more.", field="Expected-Version"
        )
    return int(raw)


def _action_response(action: MatchAction, created: bool) -> Response:
    action.refresh_from_db()  # in-process tasks may have resolved it already
    code = status.HTTP_202_ACCEPTED if created else status.HTTP_200_OK
    return Response(ActionSerializer(action).data, status=code)


@extend_schema(tags=["live play"], parameters=[MATCH_ID])
class SubmitActionView(GuardedAPIView):
    @extend_schema(
        summary="Submit one action from legal-actions (resolved in the background)",
        parameters=[IDEMPOTENCY_KEY, EXPECTED_VERSION],
        request=OpenApiTypes.OBJECT,
        responses={202: ActionSerializer, 200: ActionSerializer},
    )
    def post(self, request, match_id: int):
        match, _seat = _seated(match_id, request.user)
        expected = _expected_version(request)
        action, created = services.submit_action(
            match=match,
            player=request.user,
            payload=request.data,
            expected_version=expected,
            idempotency_key=request.headers.get("Idempotency-Key"),
        )
        return _action_response(action, created)


@extend_schema(tags=["live play"], parameters=[MATCH_ID])
class ResignView(GuardedAPIView):
    @extend_schema(
        summary="Resign (queued after your earlier actions)",
        parameters=[
            OpenApiParameter("Idempotency-Key", str, OpenApiParameter.HEADER, required=False)
        ],
        request=None,
        responses={202: ActionSerializer, 200: ActionSerializer},
    )
    def post(self, request, match_id: int):
        match, _seat = _seated(match_id, request.user)
        action, created = services.resign(
            match=match,
            player=request.user,
            idempotency_key=request.headers.get("Idempotency-Key"),
        )
        return _action_response(action, created)


@extend_schema(tags=["live play"], parameters=[MATCH_ID])
class ActionDetailView(APIView):
    @extend_schema(
        summary="One of your actions: pending, resolved, or rejected with the reason",
        parameters=[OpenApiParameter("action_id", int, OpenApiParameter.PATH)],
        responses={200: ActionSerializer},
    )
    def get(self, request, match_id: int, action_id: int):
        match, seat = _seated(match_id, request.user)
        # Only the seat that sent it: an action may hold a secret choice until it is revealed.
        action = get_object_or_404(MatchAction, pk=action_id, match=match, seat=seat.seat)
        return Response(ActionSerializer(action).data)


@extend_schema(tags=["live play"], parameters=[MATCH_ID])
class EventListView(ListAPIView):
    serializer_class = EventSerializer
    filter_backends: list = []

    @extend_schema(
        summary="The match's log after event number `after`",
        parameters=[OpenApiParameter("after", int, description="Last seq you have (default 0).")],
    )
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)

    def get_queryset(self):
        match = get_object_or_404(
            Match.objects.defer("state", "seed").prefetch_related("participants"),
            pk=self.kwargs["match_id"],
        )
        seat = selectors.seat_of(match, self.request.user)
        return selectors.events_for(
            match=match, seat=seat.seat if seat else None, after=self._after()
        )

    def _after(self) -> int:
        raw = self.request.query_params.get("after", "0")
        if not (raw.isascii() and raw.isdigit()) or len(raw) > 9:
            raise InvalidMatchInput("after is an event number, 0 or more.", field="after")
        return int(raw)

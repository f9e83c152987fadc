"""Live play: the state as a seat sees it, legal actions, submitting actions and
resignations, an action's fate, the event log."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.generics import ListAPIView
from rest_framework.response import Response
from rest_framework.views import APIView

from config import idempotency
from config.celery import app as celery_app
from config.errors import NotAllowed
from config.renderers import iso_datetime
from matches import seat_state, selectors, services
from matches.access import seat_and_access
from matches.api.parsing import GuardedAPIView
from matches.api.records import OutcomeSerializer, _match_status
from matches.models import Match, MatchAction, MatchEvent
from matches.services import InvalidMatchInput, NotSeated, canonical


class StateSerializer(serializers.Serializer):
    version = serializers.IntegerField()
    status = _match_status()
    seat = serializers.CharField(allow_null=True, help_text="Your seat; null for a spectator.")
    view = serializers.DictField(help_text="What your seat may see of the game.")
    outcome = OutcomeSerializer(allow_null=True)


FILL_TYPES = ["number", "choice", "card"]


class FillSerializer(serializers.Serializer):
    """One placeholder of a legal action, named by its dotted path in ``fill``."""

    type = serializers.ChoiceField(
        FILL_TYPES,
        help_text="number: a number from min to max; choice: one item of choices (not the "
        "list); card: the code of one card of your hand, listed in choices.",
    )
    min = serializers.FloatField(required=False)
    max = serializers.FloatField(required=False)
    choices = serializers.ListField(child=serializers.JSONField(), required=False)
    optional = serializers.BooleanField(required=False, help_text="May be left out of the action.")
    excludes = serializers.ListField(
        child=serializers.CharField(),
        required=False,
        help_text="Keys that may not be filled together with this one: fill one of them only.",
    )


class LegalActionSerializer(serializers.Serializer):
    """An action you may send: as it is when it has no ``fill``; otherwise with each path in
    ``fill`` replaced by a value it allows (``fill`` may be left in or dropped)."""

    type = serializers.CharField()
    fill = serializers.DictField(child=FillSerializer(), required=False)

    def to_representation(self, instance: dict) -> dict:
        return instance  # the engine's entry as it is, with the API's fill hints


class LegalActionsSerializer(serializers.Serializer):
    seat = serializers.CharField(allow_null=True)
    actions = LegalActionSerializer(many=True)


# What ``action_json`` writes, for the OpenAPI schema: the writer is the one source.
ActionSerializer = inline_serializer(
    name="Action",
    fields={
        "id": serializers.IntegerField(),
        "match": serializers.IntegerField(),
        "seat": serializers.CharField(),
        "kind": serializers.ChoiceField(MatchAction.Kind.choices),
        "action": serializers.DictField(),
        "status": serializers.ChoiceField(MatchAction.Status.choices),
        "reason": serializers.CharField(),
        "expected_version": serializers.IntegerField(allow_null=True),
        "version_after": serializers.IntegerField(allow_null=True),
        "created_at": serializers.DateTimeField(),
        "resolved_at": serializers.DateTimeField(allow_null=True),
    },
)


def action_json(values: tuple) -> dict:
    """An action, from its ``selectors.ACTION_FIELDS`` values: what the poll and every POST
    answer with (its schema: ``ActionSerializer``)."""
    pk, match_id, seat, kind, payload, state, reason, expected, after, created, resolved = values
    return {
        "id": pk,
        "match": match_id,
        "seat": seat,
        "kind": kind,
        "action": dict(payload),
        "status": state,
        "reason": reason,
        "expected_version": expected,
        "version_after": after,
        "created_at": iso_datetime(created),
        "resolved_at": iso_datetime(resolved),
    }


def instance_json(action: MatchAction) -> dict:
    return action_json(tuple(getattr(action, name) for name in selectors.ACTION_FIELDS))


class EventSerializer(serializers.ModelSerializer):
    """``seq``, ``type`` and ``text`` (the stored English), ``message`` (the same in the
    request's language), then the engine's own public fields at the top level."""

    message = serializers.CharField(read_only=True, help_text="The event in your language.")

    class Meta:
        model = MatchEvent
        fields = ["seq", "type", "text", "message"]

    def to_representation(self, event: MatchEvent) -> dict:
        return seat_state.event_json(event, self.context["ruleset"])


def stream_state_component(result, generator, request, public):
    """drf-spectacular hook: the data of the ``state`` event of ``GET matches/{id}/stream/``
    (matches/views/stream.py, not an operation: a stream never ends) as the component
    ``StreamState``: the state endpoint's ``State`` with the seat's legal actions and the new
    events, each an ``Event`` as the events endpoint gives it (its ``message`` included)."""
    ref = "#/components/schemas/{}".format
    result.setdefault("components", {}).setdefault("schemas", {})["StreamState"] = {
        "description": "The data of each `state` event of GET /api/v1/matches/{id}/stream/ "
        "(Server-Sent Events): each event's `message` is in the request's language.",
        "allOf": [
            {"$ref": ref("State")},
            {
                "type": "object",
                "properties": {
                    "legal_actions": {"type": "array", "items": {"$ref": ref("LegalAction")}},
                    "events": {"type": "array", "items": {"$ref": ref("Event")}},
                },
                "required": ["legal_actions", "events"],
            },
        ],
    }
    return result


# --- live play -----------------------------------------------------------------------------------

MATCH_ID = OpenApiParameter("match_id", int, OpenApiParameter.PATH)
IDEMPOTENCY_KEY = idempotency.parameter(
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
        seated = selectors.seated_live_match(match_id, request.user)  # a player: one query
        if seated is not None:
            match, game, seat = seated
        else:
            match, game = selectors.live_match(match_id)
            seat = _watcher(match, request.user)
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
        seated = selectors.seated_live_match(match_id, request.user)  # a player: one query
        if seated is not None:
            match, game, seat = seated
        else:
            match, game = selectors.live_match(match_id)
            seat = selectors.seat_of(match, request.user)
        actions: list[dict] = []
        if seat and not seat.resigned and match.is_running:
            actions = seat_state.legal_actions(game, canonical(match.state), seat.seat)
        return Response({"seat": seat.seat if seat else None, "actions": actions})


def _watcher(match: Match, user):
    """The caller's seat, or None for a spectator the match admits (matches/access.py);
    403 for anyone else."""
    seat, allowed = seat_and_access(match=match, user=user)
    if not allowed:
        raise NotAllowed(_("This match is not public: only its players may watch it."))
    return seat


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
            _("Expected-Version is a whole number, 0 or more."), field="Expected-Version"
        )
    return int(raw)


def _action_response(action: MatchAction, created: bool) -> Response:
    if created and celery_app.conf.task_always_eager:
        action.refresh_from_db()  # tasks run in-process: it is resolved already
    code = status.HTTP_202_ACCEPTED if created else status.HTTP_200_OK
    return Response(instance_json(action), status=code)


@extend_schema(tags=["live play"], parameters=[MATCH_ID])
class SubmitActionView(GuardedAPIView):
    @extend_schema(
        summary="Submit one action from legal-actions (resolved in the background)",
        parameters=[IDEMPOTENCY_KEY, EXPECTED_VERSION],
        request=OpenApiTypes.OBJECT,
        responses={202: ActionSerializer, 200: ActionSerializer},
    )
    def post(self, request, match_id: int):
        # The service finds the seat and locks its match in one query (404 and 403 from it).
        expected = _expected_version(request)
        action, created = services.submit_action(
            match=match_id,
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
            idempotency.parameter(required=False, description="Optional; the same one to retry.")
        ],
        request=None,
        responses={202: ActionSerializer, 200: ActionSerializer},
    )
    def post(self, request, match_id: int):
        action, created = services.resign(
            match=match_id,
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
        # Only the seat that sent it: an action may hold a secret choice until it is revealed.
        # Clients poll this while an action is pending: one query finds the action of the
        # caller's own seat; only when there is none do two more say 404 or 403.
        action = selectors.own_action(match_id=match_id, action_id=action_id, user=request.user)
        if action is None:
            _seated(match_id, request.user)  # 404 for an unknown match, 403 for an outsider
            raise Http404
        return Response(action_json(action))


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
        seat = _watcher(match, self.request.user)
        self.ruleset = match.ruleset
        return selectors.events_for(
            match=match, seat=seat.seat if seat else None, after=self._after()
        )

    def get_serializer_context(self) -> dict:
        return {**super().get_serializer_context(), "ruleset": getattr(self, "ruleset", "")}

    def _after(self) -> int:
        raw = self.request.query_params.get("after", "0")
        if not (raw.isascii() and raw.isdigit()) or len(raw) > 9:
            raise InvalidMatchInput(_("after is an event number, 0 or more."), field="after")
        return int(raw)

"""Match records: every game, logged after play or refereed live; listing, creating and
reading one."""

from __future__ import annotations

import django_filters
from django.utils.translation import gettext as _
from django_filters.rest_framework import DjangoFilterBackend
from drf_spectacular.utils import PolymorphicProxySerializer, extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.filters import OrderingFilter
from rest_framework.generics import ListAPIView, RetrieveAPIView
from rest_framework.response import Response

from config.errors import NotAllowed
from config.renderers import iso_datetime
from matches import selectors, services
from matches.api.parsing import GuardedJSONParser
from matches.models import Match
from matches.services import InvalidMatchInput
from rulesets.registry import chosen_house_rules

# Statuses are plain strings in the schema: drf-spectacular names every enum of a field called
# "status" across all apps, and one more choice set there makes the names collide (a warning).
MATCH_STATUSES = ", ".join(Match.Status.values)


def _match_status() -> serializers.ChoiceField:
    # An enum in the schema (MatchStatusEnum), so that generated clients compare with it.
    return serializers.ChoiceField(Match.Status.choices, read_only=True)


class SeatSerializer(serializers.Serializer):
    seat = serializers.CharField()
    player = serializers.CharField(source="player.username")
    team = serializers.CharField()
    placement = serializers.IntegerField(allow_null=True)
    scores = serializers.DictField()
    resigned = serializers.BooleanField()
    bot = serializers.CharField(help_text='A bot\'s policy ("random", "greedy"); "" for a person.')
    consent = serializers.CharField(
        help_text="awaiting (the player has not answered yet), accepted or declined."
    )


class OutcomeSerializer(serializers.Serializer):
    winners = serializers.ListField(child=serializers.CharField(), help_text="Usernames.")
    placements = serializers.DictField(child=serializers.IntegerField(), help_text="By username.")
    scores = serializers.DictField(child=serializers.DictField(), help_text="By username.")


# What ``match_json`` writes (a match record, a list's item, a player's answer), for the
# OpenAPI schema: the writer is the one source (tests/matches/test_live_reads.py checks that
# the schema names every key it writes). Never "state" or "seed": hidden information.
MatchSchema = inline_serializer(
    name="Match",
    fields={
        "id": serializers.IntegerField(),
        "ruleset": serializers.CharField(),
        "live": serializers.BooleanField(),
        "status": _match_status(),
        "played_at": serializers.DateTimeField(),
        "finished_at": serializers.DateTimeField(allow_null=True),
        "created_by": serializers.CharField(allow_null=True),
        "created_at": serializers.DateTimeField(),
        "version": serializers.IntegerField(),
        "options": serializers.JSONField(),
        "house_rules": serializers.ListField(
            child=serializers.DictField(),
            help_text="The house rules the match is played with ({key, name, description}); "
            "empty: the rulebook's text.",
        ),
        "public": serializers.BooleanField(),
        "turn_seconds": serializers.IntegerField(allow_null=True),
        "bank_seconds": serializers.IntegerField(allow_null=True),
        "seats": SeatSerializer(many=True),
        "awaiting": serializers.ListField(
            child=serializers.CharField(),
            help_text="Players who have not answered yet: an invited live match is dealt, and "
            "a logged result counts, only when this is empty (and nobody declined).",
        ),
        "outcome": OutcomeSerializer(allow_null=True),
    },
)


def match_json(match: Match) -> dict:
    """A match's JSON (its schema: ``MatchSchema``), from the match with its prefetched seats
    and players (and its creator): plain dicts, no serializer fields per answer."""
    creator = match.created_by
    return {
        "id": match.pk,
        "ruleset": match.ruleset,
        "live": match.live,
        "status": match.status,
        "played_at": iso_datetime(match.played_at),
        "finished_at": iso_datetime(match.finished_at),
        "created_by": creator.username if creator is not None else None,
        "created_at": iso_datetime(match.created_at),
        "version": match.version,
        "options": match.options,
        "house_rules": chosen_house_rules(match.ruleset, match.options.get("house_rules")),
        "public": match.public,
        "turn_seconds": match.turn_seconds,
        "bank_seconds": match.bank_seconds,
        "seats": [
            {
                "seat": p.seat,
                "player": p.player.username,
                "team": p.team,
                "placement": p.placement,
                "scores": dict(p.scores),
                "resigned": p.resigned,
                "bot": p.bot,
                "consent": p.consent,
            }
            for p in match.participants.all()
        ],
        "awaiting": selectors.awaiting_names(match),
        "outcome": selectors.outcome_for_clients(match),
    }


class LiveMatchCreateSerializer(serializers.Serializer):
    ruleset = serializers.CharField(max_length=50)
    live = serializers.BooleanField(help_text="true: the server referees the game.")
    players = serializers.ListField(
        child=serializers.CharField(max_length=150),
        min_length=1,
        max_length=20,
        help_text="Usernames, in seat order (s1, s2, ...). You must be one of them unless staff. "
        "The others are invited: the match is dealt when each has accepted.",
    )
    options = serializers.DictField(required=False, default=dict)
    gang = serializers.IntegerField(
        required=False,
        min_value=1,
        help_text="A friendly battle (Last Hope Frontier): your own gang; the server reads its "
        "roster, and the invited player accepts with theirs (matches/{id}/accept/); a bot "
        "(bots: 1) brings a demo gang.",
    )
    seed = serializers.IntegerField(
        required=False,
        allow_null=True,
        min_value=0,
        max_value=services.SEED_LIMIT - 1,
        help_text="Staff only: replay a known shuffle.",
    )
    public = serializers.BooleanField(
        required=False, default=False, help_text="true: anyone signed in may watch the table."
    )
    bots = serializers.IntegerField(
        required=False, default=0, min_value=0, max_value=19, help_text="Bot seats after players."
    )
    bot_policy = serializers.ChoiceField(
        choices=["random", "greedy"],
        required=False,
        allow_null=True,
        default=None,
        help_text="How the bots choose (default: greedy where the game has one, else random).",
    )
    turn_seconds = serializers.IntegerField(
        required=False,
        allow_null=True,
        min_value=1,
        max_value=86_400,
        help_text="A turn clock: the server plays the game's timeout action when it runs out.",
    )
    bank_seconds = serializers.IntegerField(
        required=False,
        allow_null=True,
        min_value=0,
        max_value=86_400,
        help_text="Extra time per seat, spent when a turn runs over turn_seconds.",
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


class MatchFilter(django_filters.FilterSet):
    ruleset = django_filters.CharFilter()
    status = django_filters.ChoiceFilter(choices=Match.Status.choices)
    live = django_filters.BooleanFilter()
    player = django_filters.CharFilter(method="filter_player", help_text="A username.")
    awaiting = django_filters.CharFilter(
        method="filter_awaiting",
        help_text="A username: the invitations and logged results waiting for their answer.",
    )

    class Meta:
        model = Match
        fields = ["ruleset", "status", "live", "player", "awaiting"]

    def filter_player(self, queryset, name, value):
        return selectors.with_player(queryset, value)

    def filter_awaiting(self, queryset, name, value):
        return selectors.awaiting(queryset, value)


@extend_schema(tags=["matches"])
class MatchListCreate(ListAPIView):
    # The input of a live match, for OPTIONS and the browsable API; the responses are written
    # by ``match_json``, their schema declared.
    serializer_class = LiveMatchCreateSerializer
    parser_classes = [GuardedJSONParser]
    filterset_class = MatchFilter
    filter_backends = [DjangoFilterBackend, OrderingFilter]
    ordering_fields = ["played_at", "created_at", "id"]
    ordering = ["-played_at", "-id"]

    def get_queryset(self):
        return selectors.matches()

    @extend_schema(responses=MatchSchema)
    def get(self, request):
        page = self.paginate_queryset(self.filter_queryset(self.get_queryset()))
        return self.get_paginated_response([match_json(match) for match in page])

    @extend_schema(
        summary="Log a result (live: false) or invite players to a live match (live: true); "
        "the others named accept or confirm",
        request=MATCH_CREATE,
        responses={201: MatchSchema},
    )
    def post(self, request):
        data = request.data
        if type(data) is not dict:
            raise InvalidMatchInput(_("Send a JSON object."), field="non_field_errors")
        live = data.get("live")
        if type(live) is not bool:
            raise InvalidMatchInput(
                _("Say whether the server referees this match (true) or you log a result (false)."),
                field="live",
            )
        if live:
            if data.get("seed") is not None and not request.user.is_staff:
                raise NotAllowed(_("Only staff may choose the seed of a match."), field="seed")
            body = LiveMatchCreateSerializer(data=data)
            body.is_valid(raise_exception=True)
            # The page /matches/new/ calls the same service (matches/services/start.py).
            match = services.start_live_match(
                created_by=request.user, **_without(body.validated_data, "live")
            )
            if "gang" in body.validated_data:  # a friendly battle changes the match after
                match = selectors.matches().get(pk=match.pk)
        else:
            body = LoggedResultCreateSerializer(data=data)
            body.is_valid(raise_exception=True)
            match = services.log_result(
                created_by=request.user, **_without(body.validated_data, "live")
            )
        # The match as the service made it, with its seats (records.with_seats): no read-back.
        return Response(match_json(match), status=status.HTTP_201_CREATED)


def _without(data: dict, *keys: str) -> dict:
    return {k: v for k, v in data.items() if k not in keys}


@extend_schema(tags=["matches"])
class MatchDetail(RetrieveAPIView):
    lookup_url_kwarg = "match_id"

    def get_queryset(self):
        return selectors.matches()

    @extend_schema(responses=MatchSchema)
    def get(self, request, match_id: int):
        return Response(match_json(self.get_object()))

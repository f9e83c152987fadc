"""Leagues over HTTP: anyone signed in reads leagues, standings, results, leaderboards and
player pages; organisers manage; members report and confirm their own games.

Views are thin: they parse input, call ``leagues.services`` or ``leagues.selectors``, and
shape the answer.
"""

from __future__ import annotations

import csv
import io
import json
import math

from django.db.models import Count, Prefetch
from django.http import Http404
from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_field
from rest_framework import mixins, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import ParseError
from rest_framework.generics import ListAPIView
from rest_framework.parsers import JSONParser
from rest_framework.renderers import BaseRenderer, JSONRenderer
from rest_framework.response import Response
from rest_framework.settings import api_settings
from rest_framework.views import APIView

from leagues import selectors, services
from leagues.models import Confirmation, League, LeagueMatch, Membership, RatingChange
from leagues.scoring import TIE_BREAKERS, Scoring
from matches.models import Match, Participant
from rulesets.registry import get_ruleset

MAX_BODY_BYTES = 64 * 1024

# --- parsing: JSON that remembers a key given twice ---------------------------------------------


class KeyedDict(dict):
    """A JSON object; ``repeated`` lists the keys it was given more than once."""

    repeated: tuple[str, ...] = ()


def _object(pairs):
    out = KeyedDict()
    seen = []
    for key, value in pairs:
        if key in out:
            seen.append(key)
        out[key] = value
    out.repeated = tuple(seen)
    return out


def _refuse_constant(name: str):
    raise ValueError(f"{name} is not valid JSON")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"{text} is too large a number")
    return value


class LeagueJSONParser(JSONParser):
    """JSON only, at most 64 KB, no NaN; a player listed twice in ``{"placements": {...}}``
    is remembered (plain JSON parsing keeps only the last) so the API can refuse it."""

    def parse(self, stream, media_type=None, parser_context=None):
        raw = stream.read(MAX_BODY_BYTES + 1)
        if len(raw) > MAX_BODY_BYTES:
            raise ParseError(f"The request body is larger than {MAX_BODY_BYTES // 1024} KB.")
        try:
            return json.loads(
                raw.decode("utf-8"),
                object_pairs_hook=_object,
                parse_constant=_refuse_constant,
                parse_float=_finite_float,
            )
        except (ValueError, RecursionError) as exc:
            raise ParseError(f"JSON parse error: {str(exc)[:200]}") from None


class PlayerMapField(serializers.DictField):
    """An object keyed by username, each username once."""

    def to_internal_value(self, data):
        for key in getattr(data, "repeated", ()):
            raise serializers.ValidationError({key: [f"'{key}' is listed more than once."]})
        return super().to_internal_value(data)


# --- CSV ----------------------------------------------------------------------------------------

CSV_COLUMNS = [
    "rank",
    "player",
    "points",
    "played",
    "won",
    "drawn",
    "lost",
    "average_placement",
    "opponents_strength",
    "score_difference",
    "kills",
    "tied",
]


class StandingsCSVRenderer(BaseRenderer):
    media_type = "text/csv"
    format = "csv"
    charset = "utf-8"

    def render(self, data, accepted_media_type=None, renderer_context=None):
        out = io.StringIO()
        writer = csv.DictWriter(out, fieldnames=CSV_COLUMNS, extrasaction="ignore")
        writer.writeheader()
        for row in (data or {}).get("rows", []):
            writer.writerow({k: "" if v is None else v for k, v in row.items()})
        return out.getvalue().encode(self.charset)


class ErrorsAsJSONSchema(api_settings.DEFAULT_SCHEMA_CLASS):
    """Documents the error answers of a CSV view as what they are: the JSON error body."""

    def _get_response_for_code(self, serializer, status_code, media_types=None, *args, **kw):
        if str(status_code)[0] in "45":
            media_types = ["application/json"]
        return super()._get_response_for_code(serializer, status_code, media_types, *args, **kw)


class ErrorsAsJSON:
    """A view that can answer CSV still gives its errors as the usual JSON body."""

    schema = ErrorsAsJSONSchema()

    def finalize_response(self, request, response, *args, **kwargs):
        if response.status_code >= 400 and isinstance(response, Response):
            request.accepted_renderer = JSONRenderer()
            request.accepted_media_type = "application/json"
        return super().finalize_response(request, response, *args, **kwargs)


# --- serializers --------------------------------------------------------------------------------


class LeagueSerializer(serializers.ModelSerializer):
    organisers = serializers.SlugRelatedField(slug_field="username", many=True, read_only=True)
    points_table = serializers.DictField(child=serializers.IntegerField())
    tie_breakers = serializers.ListField(child=serializers.CharField())
    members = serializers.IntegerField(source="member_count", read_only=True)
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
            "members",
            "join_code",
            "created_at",
        ]
        read_only_fields = fields

    def get_join_code(self, league) -> str | None:
        user = self.context["request"].user
        organisers = league.organisers.all()
        return league.join_code if user.is_staff or user in organisers else None


class LeagueSettingsSerializer(serializers.Serializer):
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


class LeagueCreateSerializer(LeagueSettingsSerializer):
    name = serializers.CharField(max_length=100)
    ruleset = serializers.CharField(max_length=50, help_text="A game's slug (GET rulesets/).")


class LeaguePlayerSerializer(serializers.Serializer):
    player = serializers.CharField(max_length=150, help_text="A username.")


class LeagueJoinSerializer(serializers.Serializer):
    player = serializers.CharField(
        max_length=150, required=False, help_text="Organisers: the username to add."
    )
    join_code = serializers.CharField(
        max_length=32, required=False, help_text="Players: the league's code, to join yourself."
    )


class LeagueMembershipSerializer(serializers.ModelSerializer):
    player = serializers.CharField(source="player.username", read_only=True)
    added_by = serializers.CharField(
        source="added_by.username", read_only=True, default=None, allow_null=True
    )

    class Meta:
        model = Membership
        fields = ["id", "player", "via", "added_by", "joined_at"]


class RatingChangeSerializer(serializers.ModelSerializer):
    player = serializers.CharField(source="player.username")
    rating_before = serializers.FloatField(source="ordinal_before")
    rating_after = serializers.FloatField(source="ordinal_after")

    class Meta:
        model = RatingChange
        fields = [
            "player",
            "mu_before",
            "sigma_before",
            "mu_after",
            "sigma_after",
            "rating_before",
            "rating_after",
            "games",
        ]


class LeagueMatchSerializer(serializers.ModelSerializer):
    match = serializers.IntegerField(source="match_id", read_only=True)
    league = serializers.IntegerField(source="league_id", read_only=True)
    played_at = serializers.DateTimeField(source="match.played_at", read_only=True)
    reported_by = serializers.CharField(
        source="reported_by.username", default=None, allow_null=True
    )
    confirmed_by = serializers.CharField(
        source="confirmed_by.username", default=None, allow_null=True
    )
    disputed_by = serializers.CharField(
        source="disputed_by.username", default=None, allow_null=True
    )
    voided_by = serializers.CharField(source="voided_by.username", default=None, allow_null=True)
    placements = serializers.SerializerMethodField()
    scores = serializers.SerializerMethodField()
    teams = serializers.SerializerMethodField()
    points = serializers.SerializerMethodField()
    confirmations = serializers.SerializerMethodField()
    awaiting = serializers.SerializerMethodField()
    ratings = RatingChangeSerializer(source="rating_changes", many=True, read_only=True)
    # Plain strings: an enum named after "source" would rename the campaigns' one.
    source = serializers.CharField(read_only=True, help_text="logged or live.")

    class Meta:
        model = LeagueMatch
        fields = [
            "id",
            "league",
            "match",
            "ruleset",
            "status",
            "source",
            "played_at",
            "placements",
            "scores",
            "teams",
            "points",
            "reported_by",
            "reported_at",
            "confirmations",
            "awaiting",
            "confirmed_by",
            "confirmed_at",
            "disputed_by",
            "dispute_reason",
            "voided_by",
            "void_reason",
            "ratings",
        ]
        read_only_fields = fields

    def _seats(self, result):
        return list(result.match.participants.all())

    @extend_schema_field(serializers.DictField(child=serializers.IntegerField()))
    def get_placements(self, result) -> dict:
        return {p.player.username: p.placement for p in self._seats(result)}

    @extend_schema_field(serializers.DictField(child=serializers.DictField()))
    def get_scores(self, result) -> dict:
        return {p.player.username: p.scores for p in self._seats(result) if p.scores}

    @extend_schema_field(serializers.DictField(child=serializers.CharField()))
    def get_teams(self, result) -> dict:
        return {p.player.username: p.team for p in self._seats(result) if p.team}

    @extend_schema_field(serializers.DictField(child=serializers.IntegerField()))
    def get_points(self, result) -> dict:
        """What each player scores for this result under the league's current settings."""
        from leagues.scoring import Entry

        seats = self._seats(result)
        entries = [Entry(player=p.player_id, placement=p.placement, team=p.team) for p in seats]
        points = Scoring.of(result.league).points(entries)
        return {p.player.username: points[p.player_id] for p in seats}

    @extend_schema_field(serializers.ListField(child=serializers.CharField()))
    def get_confirmations(self, result) -> list:
        return [c.player.username for c in result.confirmations.all()]

    @extend_schema_field(serializers.ListField(child=serializers.CharField()))
    def get_awaiting(self, result) -> list:
        """Players whose confirmation the result still waits for."""
        if result.status != LeagueMatch.Status.REPORTED:
            return []
        done = {c.player_id for c in result.confirmations.all()}
        return [p.player.username for p in self._seats(result) if p.player_id not in done]


class ResultInputSerializer(serializers.Serializer):
    placements = PlayerMapField(
        child=serializers.IntegerField(),
        required=False,
        help_text='By username, 1 = best, ties share a place: {"alice": 1, "bob": 1, "carol": 3}.',
    )
    scores = PlayerMapField(
        child=serializers.DictField(),
        required=False,
        help_text="By username: the game's score fields (see GET rulesets/{slug}/).",
    )
    teams = PlayerMapField(
        child=serializers.CharField(max_length=50),
        required=False,
        help_text="By username, for team games (Last One Standing duos); teammates share a place.",
    )
    played_at = serializers.DateTimeField(required=False)
    match = serializers.IntegerField(
        required=False,
        min_value=1,
        max_value=10**18,
        help_text="Instead of placements: the id of a finished live match to count.",
    )

    def validate(self, data):
        if ("match" in data) == ("placements" in data):
            raise serializers.ValidationError(
                {"placements": ["Give placements (a logged result) or match (a live one)."]}
            )
        return data


class LeagueReasonSerializer(serializers.Serializer):
    reason = serializers.CharField(max_length=1000, help_text="What is wrong with the result.")


class LeagueVoidSerializer(serializers.Serializer):
    reason = serializers.CharField(max_length=1000, required=False, allow_blank=True, default="")


class LeagueStandingRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    tied = serializers.BooleanField(help_text="No tie-breaker separated this row from another.")
    player = serializers.CharField()
    points = serializers.IntegerField()
    played = serializers.IntegerField()
    won = serializers.IntegerField()
    drawn = serializers.IntegerField()
    lost = serializers.IntegerField()
    average_placement = serializers.FloatField(allow_null=True)
    opponents_strength = serializers.FloatField()
    score_difference = serializers.IntegerField(allow_null=True)
    kills = serializers.IntegerField(allow_null=True)


class LeagueStandingsSerializer(serializers.Serializer):
    league = serializers.IntegerField()
    ruleset = serializers.CharField()
    scoring = serializers.CharField()
    tie_breakers = serializers.ListField(child=serializers.CharField())
    results = serializers.IntegerField(help_text="Confirmed results counted.")
    warnings = serializers.ListField(child=serializers.CharField())
    rows = LeagueStandingRowSerializer(many=True)


class LeaderboardRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    player = serializers.CharField()
    rating = serializers.FloatField(help_text="The ordinal, mu - 3 sigma.")
    mu = serializers.FloatField()
    sigma = serializers.FloatField()
    games = serializers.IntegerField()
    provisional = serializers.BooleanField()


class RatingPointSerializer(serializers.Serializer):
    result = serializers.IntegerField()
    league = serializers.IntegerField()
    played_at = serializers.DateTimeField()
    games = serializers.IntegerField()
    mu = serializers.FloatField()
    sigma = serializers.FloatField()
    rating_before = serializers.FloatField()
    rating = serializers.FloatField()


class GameStatsSerializer(serializers.Serializer):
    ruleset = serializers.CharField()
    name = serializers.CharField()
    played = serializers.IntegerField()
    won = serializers.IntegerField()
    drawn = serializers.IntegerField()
    average_placement = serializers.FloatField(allow_null=True)
    rating = serializers.FloatField(allow_null=True)
    mu = serializers.FloatField(allow_null=True)
    sigma = serializers.FloatField(allow_null=True)
    provisional = serializers.BooleanField()
    history = RatingPointSerializer(many=True)


class PlayerStatsSerializer(serializers.Serializer):
    player = serializers.CharField()
    games = GameStatsSerializer(many=True)


# --- views --------------------------------------------------------------------------------------


def result_queryset():
    return LeagueMatch.objects.select_related(
        "league", "match", "reported_by", "confirmed_by", "disputed_by", "voided_by"
    ).prefetch_related(
        Prefetch(
            "match__participants",
            queryset=Participant.objects.select_related("player").order_by("id"),
        ),
        Prefetch("confirmations", queryset=Confirmation.objects.select_related("player")),
        Prefetch(
            "rating_changes",
            queryset=RatingChange.objects.select_related("player").order_by("player__username"),
        ),
    )


def league_queryset():
    # order_by again: a query with an aggregate drops Meta.ordering.
    return (
        League.objects.prefetch_related("organisers")
        .annotate(member_count=Count("memberships"))
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
        methods=["GET"], responses=LeagueMembershipSerializer(many=True), summary="Members"
    )
    @extend_schema(
        methods=["POST"],
        request=LeagueJoinSerializer,
        responses={201: LeagueMembershipSerializer},
        summary="Add a player (organisers) or join with the league's code (players)",
    )
    @action(detail=True, methods=["get", "post"], filter_backends=[])
    def members(self, request, pk=None):
        league = self._league()
        if request.method == "GET":
            rows = league.memberships.select_related("player", "added_by").order_by(
                "player__username"
            )
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
        renderer_classes=[JSONRenderer, StandingsCSVRenderer],
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
            )
        ],
        summary="Results, newest first",
    )
    @extend_schema(
        methods=["POST"],
        request=ResultInputSerializer,
        responses={201: LeagueMatchSerializer},
        summary="Log a result (an organiser's counts at once; a member's waits for the others)",
    )
    @action(detail=True, methods=["get", "post"], filter_backends=[])
    def matches(self, request, pk=None):
        league = self._league()
        if request.method == "GET":
            rows = result_queryset().filter(league=league)
            wanted = request.query_params.get("status")
            if wanted:
                if wanted not in LeagueMatch.Status.values:
                    raise serializers.ValidationError(
                        {"status": [f"One of: {', '.join(LeagueMatch.Status.values)}."]}
                    )
                rows = rows.filter(status=wanted)
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
        else:
            result = services.report_result(league=league, actor=request.user, **values)
        return Response(
            LeagueMatchSerializer(result_queryset().get(pk=result.pk)).data,
            status=status.HTTP_201_CREATED,
        )


def _result(pk: int, result_id: int) -> LeagueMatch:
    return get_object_or_404(result_queryset(), pk=result_id, league_id=pk)


@extend_schema(tags=["leagues"])
class ResultDetailView(APIView):
    @extend_schema(
        operation_id="leagues_matches_detail",
        responses=LeagueMatchSerializer,
        summary="One result, with its confirmations and rating changes",
    )
    def get(self, request, pk: int, result_id: int):
        return Response(LeagueMatchSerializer(_result(pk, result_id)).data)


class _Decision(APIView):
    parser_classes = [LeagueJSONParser]

    def _answer(self, result):
        return Response(LeagueMatchSerializer(result_queryset().get(pk=result.pk)).data)


@extend_schema(tags=["leagues"])
class ConfirmView(_Decision):
    @extend_schema(
        operation_id="leagues_matches_confirm",
        request=None,
        responses=LeagueMatchSerializer,
        summary="Confirm (a player of it; an organiser settles it outright)",
    )
    def post(self, request, pk: int, result_id: int):
        result = services.confirm_result(result=_result(pk, result_id), actor=request.user)
        return self._answer(result)


@extend_schema(tags=["leagues"])
class DisputeView(_Decision):
    @extend_schema(
        operation_id="leagues_matches_dispute",
        request=LeagueReasonSerializer,
        responses=LeagueMatchSerializer,
        summary="Dispute a result waiting for confirmation (a player of it); an organiser settles",
    )
    def post(self, request, pk: int, result_id: int):
        data = LeagueReasonSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        result = services.dispute_result(
            result=_result(pk, result_id), actor=request.user, reason=data.validated_data["reason"]
        )
        return self._answer(result)


@extend_schema(tags=["leagues"])
class VoidView(_Decision):
    @extend_schema(
        operation_id="leagues_matches_void",
        request=LeagueVoidSerializer,
        responses=LeagueMatchSerializer,
        summary="Void a result (organisers); a counted one is taken out of the ratings",
    )
    def post(self, request, pk: int, result_id: int):
        data = LeagueVoidSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        result = services.void_result(
            result=_result(pk, result_id), actor=request.user, reason=data.validated_data["reason"]
        )
        return self._answer(result)


@extend_schema(tags=["leagues"])
class StandingsCSVView(ErrorsAsJSON, APIView):
    renderer_classes = [StandingsCSVRenderer]

    @extend_schema(
        operation_id="leagues_standings_csv",
        responses={(200, "text/csv"): OpenApiTypes.STR},
        summary="The standings as a CSV file",
    )
    def get(self, request, pk: int):
        league = get_object_or_404(League, pk=pk)
        response = Response(selectors.league_standings(league))
        response["Content-Disposition"] = f'attachment; filename="league-{league.pk}-standings.csv"'
        return response


@extend_schema(tags=["leagues"])
class LeaderboardView(ListAPIView):
    """Everyone rated in one game across all its leagues, best rating first."""

    serializer_class = LeaderboardRowSerializer
    filter_backends = []

    def get_queryset(self):
        if get_ruleset(self.kwargs["slug"]) is None:
            raise Http404
        return selectors.leaderboard(self.kwargs["slug"])

    @extend_schema(
        operation_id="rulesets_leaderboard",
        summary="Ratings in one game across every league (provisional below "
        f"{selectors.PROVISIONAL_GAMES} games)",
    )
    def get(self, request, *args, **kwargs):
        page = self.paginate_queryset(self.get_queryset())
        start = (self.paginator.page.start_index() if page else 1) - 1
        rows = [
            {
                "rank": start + index,
                "player": r.player.username,
                "rating": round(r.ordinal, 3),
                "mu": r.mu,
                "sigma": r.sigma,
                "games": r.games,
                "provisional": selectors.is_provisional(r.games),
            }
            for index, r in enumerate(page, start=1)
        ]
        return self.get_paginated_response(LeaderboardRowSerializer(rows, many=True).data)


@extend_schema(tags=["leagues"])
class PlayerStatsView(APIView):
    @extend_schema(
        operation_id="players_stats",
        responses=PlayerStatsSerializer,
        summary="A player's league games: per game played, won, average place, rating over time",
    )
    def get(self, request, username: str):
        from django.contrib.auth import get_user_model

        user = get_object_or_404(get_user_model(), username=username)
        return Response(PlayerStatsSerializer(selectors.player_stats(user)).data)

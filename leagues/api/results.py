"""A league's results: one result, and the decisions on it (confirm, dispute, void)."""

from __future__ import annotations

from django.db.models import Prefetch
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema, extend_schema_field, extend_schema_view
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from config.serializers import RoundedFloatField
from leagues import access, services
from leagues.api.parsing import LeagueJSONParser, PlayerMapField
from leagues.api.players import DISPLAY_HELP
from leagues.models import Confirmation, LeagueMatch, RatingChange
from leagues.ratings import display_rating
from leagues.scoring import Scoring
from matches.models import Participant


class RatingChangeSerializer(serializers.ModelSerializer):
    player = serializers.CharField(source="player.username")
    rating_before = RoundedFloatField(source="ordinal_before")
    rating_after = RoundedFloatField(source="ordinal_after")
    mu_before = RoundedFloatField()
    sigma_before = RoundedFloatField()
    mu_after = RoundedFloatField()
    sigma_after = RoundedFloatField()
    display_rating_before = serializers.SerializerMethodField(help_text=DISPLAY_HELP)
    display_rating_after = serializers.SerializerMethodField(help_text=DISPLAY_HELP)

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
            "display_rating_before",
            "display_rating_after",
            "games",
        ]

    def get_display_rating_before(self, change: RatingChange) -> int:
        return display_rating(change.ordinal_before)

    def get_display_rating_after(self, change: RatingChange) -> int:
        return display_rating(change.ordinal_after)


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
        """Players whose confirmation the result still waits for (a disputed one too: it
        counts if they all confirm, the disputing player included)."""
        if result.status not in (LeagueMatch.Status.REPORTED, LeagueMatch.Status.DISPUTED):
            return []
        return access.awaiting(
            players={p.player_id: p.player.username for p in self._seats(result)},
            confirmed={c.player_id for c in result.confirmations.all()},
        )


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
    round = serializers.IntegerField(
        required=False,
        min_value=1,
        max_value=32767,
        help_text="League nights: the round played (with table).",
    )
    table = serializers.IntegerField(
        required=False,
        min_value=1,
        max_value=32767,
        help_text="League nights: the table played at (with round).",
    )

    def validate(self, data):
        if ("match" in data) == ("placements" in data):
            raise serializers.ValidationError(
                {"placements": ["Give placements (a logged result) or match (a live one)."]}
            )
        if "match" in data and ("round" in data or "table" in data):
            raise serializers.ValidationError(
                {"round": ["A table's result is logged with placements, not a live match."]}
            )
        return data


class LeagueReasonSerializer(serializers.Serializer):
    reason = serializers.CharField(max_length=1000, help_text="What is wrong with the result.")


class LeagueVoidSerializer(serializers.Serializer):
    reason = serializers.CharField(max_length=1000, required=False, allow_blank=True, default="")


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


_ANSWERED = ("confirmations", "rating_changes")


def answer(result: LeagueMatch) -> dict:
    """The result as ``result_queryset`` reads it: from the rows a write handed over
    (``services.results.answered``), else read back."""
    if not all(n in getattr(result, "_prefetched_objects_cache", {}) for n in _ANSWERED):
        result = result_queryset().get(pk=result.pk)
    return LeagueMatchSerializer(result).data


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


# Confirm, dispute and void are one shape: read the decision's input (if it takes any), ask
# the service named by ``decision`` about the result, answer with the result as it now is.
# Each subclass says which service and which input, and documents itself. (A comment, not a
# docstring: drf-spectacular would publish a docstring as every subclass's description.)
class _Decision(APIView):
    parser_classes = [LeagueJSONParser]
    decision: str  # the name of the service in leagues.services
    input_serializer: type[serializers.Serializer] | None = None

    def post(self, request, pk: int, result_id: int):
        values = {}
        if self.input_serializer is not None:
            data = self.input_serializer(data=request.data)
            data.is_valid(raise_exception=True)
            values = {"reason": data.validated_data["reason"]}
        decide = getattr(services, self.decision)
        # The service locks and reads the result itself: here only whether it is this league's
        # (a 404 otherwise), not the participants, confirmations and rating changes the
        # answer shows, which are read once, after the decision.
        result = get_object_or_404(LeagueMatch.objects.only("pk"), pk=result_id, league_id=pk)
        result = decide(result=result, actor=request.user, **values)
        return Response(answer(result))


def _documented(operation_id: str, request, summary: str):
    """The schema of one decision's POST (its request body, if any, and its summary)."""
    post = extend_schema(
        operation_id=operation_id,
        request=request,
        responses=LeagueMatchSerializer,
        summary=summary,
        tags=["leagues"],
    )
    return extend_schema_view(post=post)


@_documented(
    "leagues_matches_confirm",
    None,
    "Confirm a result you played in; it counts once every player it names has confirmed it",
)
class ConfirmView(_Decision):
    decision = "confirm_result"


@_documented(
    "leagues_matches_dispute",
    LeagueReasonSerializer,
    "Dispute a result waiting for confirmation (a player of it); it waits until you confirm "
    "after all, or an organiser voids it",
)
class DisputeView(_Decision):
    decision = "dispute_result"
    input_serializer = LeagueReasonSerializer


@_documented(
    "leagues_matches_void",
    LeagueVoidSerializer,
    "Void a result (organisers); a counted one is taken out of the ratings",
)
class VoidView(_Decision):
    decision = "void_result"
    input_serializer = LeagueVoidSerializer

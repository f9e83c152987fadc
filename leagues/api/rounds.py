"""League nights over HTTP: rounds (open, list, one, close), check-in and drops, and the
night's standings. A table's result is logged with ``POST leagues/{id}/matches/`` naming its
``round`` and ``table`` (``leagues.api.leagues``)."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from leagues import rounds_selectors, services
from leagues.api.parsing import LeagueJSONParser
from leagues.models import League
from leagues.rounds_models import Round
from leagues.services.rounds import MAX_MINUTES, UNREPORTED


class LeagueTableSerializer(serializers.Serializer):
    table = serializers.IntegerField()
    players = serializers.ListField(child=serializers.CharField())
    result = serializers.IntegerField(
        allow_null=True, help_text="The result logged for the table (GET matches/{result}/)."
    )
    status = serializers.CharField(
        help_text="waiting, reported, disputed, confirmed, or what the close recorded: "
        "unplayed, loss, draw."
    )


class LeagueRoundSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    status = serializers.CharField(help_text="open or closed.")
    opened_at = serializers.DateTimeField()
    deadline = serializers.DateTimeField(allow_null=True, help_text="The round clock.")
    closed_at = serializers.DateTimeField(allow_null=True)
    tables = LeagueTableSerializer(many=True)
    byes = serializers.ListField(child=serializers.CharField())


class OpenLeagueRoundSerializer(serializers.Serializer):
    minutes = serializers.IntegerField(
        required=False,
        min_value=1,
        max_value=MAX_MINUTES,
        help_text="The round's length: the pairings page counts down to its end.",
    )


class CloseLeagueRoundSerializer(serializers.Serializer):
    # A string the service checks: the same choices as the league's unreported_tables,
    # which would otherwise be published twice under two enum names.
    unreported = serializers.CharField(
        required=False,
        max_length=16,
        help_text=f"{', '.join(UNREPORTED)}: what each table without a confirmed result "
        "counts as (default: the league's unreported_tables).",
    )


class LeagueCheckInInputSerializer(serializers.Serializer):
    player = serializers.CharField(
        max_length=150, required=False, help_text="Organisers: whom to check in (a username)."
    )


class LeagueCheckInSerializer(serializers.Serializer):
    player = serializers.CharField(source="player.username")
    status = serializers.CharField(help_text="in or dropped.")
    from_round = serializers.IntegerField(help_text="The first round it applies to.")


class LeagueCheckedInSerializer(serializers.Serializer):
    players = serializers.ListField(
        child=serializers.CharField(), help_text="Whom the next round pairs."
    )


class LeagueEventRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    tied = serializers.BooleanField()
    player = serializers.CharField()
    points = serializers.IntegerField()
    played = serializers.IntegerField()
    won = serializers.IntegerField()
    drawn = serializers.IntegerField()
    lost = serializers.IntegerField()
    byes = serializers.IntegerField()
    buchholz = serializers.FloatField(help_text="The opponents' points, per table, summed.")
    opponents_win_percentage = serializers.FloatField(
        help_text="The opponents' mean match-win percentage, each at least 33.33."
    )


def _league(pk: int) -> League:
    return get_object_or_404(League.objects.prefetch_related("organisers"), pk=pk)


def _answer(round_: Round) -> dict:
    round_ = rounds_selectors.rounds_of(round_.league).get(pk=round_.pk)
    return LeagueRoundSerializer(rounds_selectors.round_answer(round_)).data


@extend_schema(tags=["leagues"])
class RoundsView(APIView):
    parser_classes = [LeagueJSONParser]

    @extend_schema(
        operation_id="leagues_rounds_list",
        responses=LeagueRoundSerializer(many=True),
        summary="The league's rounds, first to last, with their tables and byes",
    )
    def get(self, request, pk: int):
        league = _league(pk)
        rounds = rounds_selectors.rounds_of(league)
        return Response(
            LeagueRoundSerializer(map(rounds_selectors.round_answer, rounds), many=True).data
        )

    @extend_schema(
        operation_id="leagues_rounds_open",
        request=OpenLeagueRoundSerializer,
        responses={201: LeagueRoundSerializer},
        summary="Open and pair the next round (organisers): Swiss for two-player games, "
        "pods for the others",
    )
    def post(self, request, pk: int):
        data = OpenLeagueRoundSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        round_ = services.open_round(
            league=_league(pk), actor=request.user, minutes=data.validated_data.get("minutes")
        )
        return Response(_answer(round_), status=status.HTTP_201_CREATED)


@extend_schema(tags=["leagues"])
class RoundDetailView(APIView):
    @extend_schema(
        operation_id="leagues_rounds_detail",
        responses=LeagueRoundSerializer,
        summary="One round: its clock, tables and byes",
    )
    def get(self, request, pk: int, number: int):
        round_ = get_object_or_404(rounds_selectors.rounds_of(_league(pk)), number=number)
        return Response(LeagueRoundSerializer(rounds_selectors.round_answer(round_)).data)


@extend_schema(tags=["leagues"])
class RoundCloseView(APIView):
    parser_classes = [LeagueJSONParser]

    @extend_schema(
        operation_id="leagues_rounds_close",
        request=CloseLeagueRoundSerializer,
        responses=LeagueRoundSerializer,
        summary="Close the round being played (organisers); tables without a confirmed "
        "result are recorded as unreported says",
    )
    def post(self, request, pk: int, number: int):
        league = _league(pk)
        get_object_or_404(Round, league=league, number=number, status=Round.Status.OPEN)
        data = CloseLeagueRoundSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        round_ = services.close_round(
            league=league, actor=request.user, unreported=data.validated_data.get("unreported")
        )
        return Response(_answer(round_))


@extend_schema(tags=["leagues"])
class CheckInView(APIView):
    parser_classes = [LeagueJSONParser]

    def _player(self, request):
        data = LeagueCheckInInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        name = data.validated_data.get("player")
        return request.user if name is None else services.find_player(name)

    @extend_schema(
        operation_id="leagues_check_in_list",
        responses=LeagueCheckedInSerializer,
        summary="Whom the next round pairs",
    )
    def get(self, request, pk: int):
        return Response({"players": rounds_selectors.checked_in(_league(pk))})

    @extend_schema(
        operation_id="leagues_check_in",
        request=LeagueCheckInInputSerializer,
        responses=LeagueCheckInSerializer,
        summary="Check in for the next round (a member themselves; organisers anyone)",
    )
    def post(self, request, pk: int):
        league = _league(pk)
        row = services.check_in(league=league, actor=request.user, player=self._player(request))
        return Response(LeagueCheckInSerializer(row).data)

    @extend_schema(
        operation_id="leagues_check_in_drop",
        request=LeagueCheckInInputSerializer,
        # 200 with the check-in as it now is (dropped), not DELETE's default 204.
        responses={200: LeagueCheckInSerializer},
        summary="Drop from the next rounds (a member themselves; organisers anyone)",
    )
    def delete(self, request, pk: int):
        league = _league(pk)
        row = services.drop(league=league, actor=request.user, player=self._player(request))
        return Response(LeagueCheckInSerializer(row).data)


@extend_schema(tags=["leagues"])
class EventStandingsView(APIView):
    @extend_schema(
        operation_id="leagues_rounds_standings",
        responses=LeagueEventRowSerializer(many=True),
        summary="The rounds' standings: points, then Buchholz, opponents' match-win "
        "percentage, head-to-head",
    )
    def get(self, request, pk: int):
        rows = rounds_selectors.event_standings_of(_league(pk))
        return Response(LeagueEventRowSerializer(rows, many=True).data)

"""Players across leagues: a game's leaderboard of ratings, a player's stats."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.generics import ListAPIView
from rest_framework.response import Response
from rest_framework.views import APIView

from config.serializers import RoundedFloatField
from leagues import selectors
from leagues.ratings import display_rating
from rulesets.registry import get_ruleset

DISPLAY_HELP = "The rating as the pages show it: 1000 + 40 x rating (a newcomer: 1000)."


class LeaderboardRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    player = serializers.CharField()
    rating = RoundedFloatField(help_text="The ordinal, mu - 3 sigma.")
    display_rating = serializers.IntegerField(help_text=DISPLAY_HELP)
    mu = RoundedFloatField()
    sigma = RoundedFloatField()
    games = serializers.IntegerField(help_text="League results rated.")
    played = serializers.IntegerField(help_text="Finished matches of this game, rated or not.")
    provisional = serializers.BooleanField()


class RatingPointSerializer(serializers.Serializer):
    result = serializers.IntegerField()
    league = serializers.IntegerField()
    played_at = serializers.DateTimeField()
    games = serializers.IntegerField()
    mu = RoundedFloatField()
    sigma = RoundedFloatField()
    rating_before = RoundedFloatField()
    rating = RoundedFloatField()
    display_rating = serializers.IntegerField(help_text=DISPLAY_HELP)


class GameStatsSerializer(serializers.Serializer):
    ruleset = serializers.CharField()
    name = serializers.CharField()
    played = serializers.IntegerField()
    won = serializers.IntegerField()
    drawn = serializers.IntegerField()
    lost = serializers.IntegerField()
    average_placement = RoundedFloatField(allow_null=True)
    rating = RoundedFloatField(allow_null=True)
    display_rating = serializers.IntegerField(allow_null=True, help_text=DISPLAY_HELP)
    mu = RoundedFloatField(allow_null=True)
    sigma = RoundedFloatField(allow_null=True)
    provisional = serializers.BooleanField()
    history = RatingPointSerializer(many=True)


class PlayerStatsSerializer(serializers.Serializer):
    player = serializers.CharField()
    games = GameStatsSerializer(many=True)


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
        played = selectors.played_counts(self.kwargs["slug"], [r.player_id for r in page])
        rows = [
            {
                "rank": start + index,
                "player": r.player.username,
                "rating": round(r.ordinal, 3),
                "display_rating": display_rating(r.ordinal),
                "mu": r.mu,
                "sigma": r.sigma,
                "games": r.games,
                "played": played.get(r.player_id, 0),
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
        summary="A player's finished games: per game played, won, lost, average place; "
        "league rating over time",
    )
    def get(self, request, username: str):
        from django.contrib.auth import get_user_model

        user = get_object_or_404(get_user_model(), username=username)
        return Response(PlayerStatsSerializer(selectors.player_stats(user)).data)

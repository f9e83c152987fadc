"""A player's answer to a league's invitation: accept or decline (``members/{id}/...``),
and an organiser's invitations to several players in one call (``invitations/``).

Only the invited player answers (403 for anyone else, organisers and staff included); the
same answer twice is a 200 that changes nothing.
"""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from leagues import services
from leagues.api.leagues import LeagueMembershipSerializer
from leagues.api.parsing import LeagueJSONParser
from leagues.models import League, Membership

MAX_INVITATIONS = 100

MEMBER_PATH = [
    OpenApiParameter("id", int, OpenApiParameter.PATH, description="The league."),
    OpenApiParameter("member_id", int, OpenApiParameter.PATH, description="The membership."),
]


# Accept and decline are one shape: find the membership in this league, ask the service
# named by ``answer``, reply with the membership as it now is. (A comment, not a docstring:
# drf-spectacular would publish it as each subclass's description.)
class _Answer(APIView):
    parser_classes = [LeagueJSONParser]
    answer: str  # the name of the service in leagues.services

    def post(self, request, pk: int, member_id: int):
        membership = get_object_or_404(Membership, pk=member_id, league_id=pk)
        membership, _changed = getattr(services, self.answer)(
            membership=membership, actor=request.user
        )
        membership = Membership.objects.select_related("player", "added_by").get(pk=membership.pk)
        return Response(LeagueMembershipSerializer(membership).data)


def _documented(operation_id: str, summary: str):
    return extend_schema(
        operation_id=operation_id,
        parameters=MEMBER_PATH,
        request=None,
        responses=LeagueMembershipSerializer,
        summary=summary,
        tags=["leagues"],
    )


class AcceptMembershipView(_Answer):
    answer = "accept_membership"

    @_documented(
        "leagues_members_accept",
        "Accept an invitation to the league (the invited player); results may then name you",
    )
    def post(self, request, pk: int, member_id: int):
        return super().post(request, pk, member_id)


class DeclineMembershipView(_Answer):
    answer = "decline_membership"

    @_documented(
        "leagues_members_decline",
        "Decline an invitation to the league (the invited player); the code still lets you in",
    )
    def post(self, request, pk: int, member_id: int):
        return super().post(request, pk, member_id)


class InvitationsSerializer(serializers.Serializer):
    players = serializers.ListField(
        child=serializers.CharField(max_length=150),
        min_length=1,
        max_length=MAX_INVITATIONS,
        help_text="Usernames to invite; each player accepts or declines their own invitation.",
    )


class InvitationsResultSerializer(serializers.Serializer):
    results = LeagueMembershipSerializer(many=True)


class InvitationsView(APIView):
    parser_classes = [LeagueJSONParser]

    @extend_schema(
        operation_id="leagues_invitations_create",
        parameters=[MEMBER_PATH[0]],
        request=InvitationsSerializer,
        responses={201: InvitationsResultSerializer},
        summary="Invite several players at once (organisers): all or nothing, every bad name "
        "named; each invitation waits for its player",
        tags=["leagues"],
    )
    def post(self, request, pk: int):
        league = get_object_or_404(League, pk=pk)
        data = InvitationsSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        made = services.invite_players(
            league=league, usernames=data.validated_data["players"], actor=request.user
        )
        rows = Membership.objects.select_related("player", "added_by").filter(
            pk__in=[m.pk for m in made]
        )
        by_id = {m.pk: m for m in rows}
        body = {"results": LeagueMembershipSerializer([by_id[m.pk] for m in made], many=True).data}
        return Response(body, status=status.HTTP_201_CREATED)

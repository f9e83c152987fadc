"""A player's answer to a league's invitation: accept or decline (``members/{id}/...``).

Only the invited player answers (403 for anyone else, organisers and staff included); the
same answer twice is a 200 that changes nothing.
"""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.response import Response
from rest_framework.views import APIView

from leagues import services
from leagues.api.leagues import LeagueMembershipSerializer
from leagues.api.parsing import LeagueJSONParser
from leagues.models import Membership

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

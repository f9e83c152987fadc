"""A gang's membership of a campaign: joining, and the decisions on it."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from campaigns import services
from campaigns.models import (
    Membership,
)
from config.serializers import RefuseUnwritable


class MembershipSerializer(serializers.ModelSerializer):
    gang_name = serializers.CharField(source="gang.name", read_only=True)
    player = serializers.CharField(source="gang.owner.username", read_only=True)
    requested_by = serializers.CharField(
        source="requested_by.username", read_only=True, default=None, allow_null=True
    )

    class Meta:
        model = Membership
        fields = [
            "id",
            "gang",
            "gang_name",
            "player",
            "status",
            "via",
            "requested_by",
            "requested_at",
            "decided_at",
        ]


class JoinSerializer(RefuseUnwritable, serializers.Serializer):
    gang = serializers.IntegerField()
    join_code = serializers.CharField(required=False, allow_blank=True, default="", max_length=32)


# Who decides what: each decision answers one state, and only its side may give it.
DECISIONS = {
    "accept": "the gang's owner accepts an invitation (invited → active)",
    "decline": "the gang's owner declines an invitation (invited → declined)",
    "approve": "an arbitrator approves a request to join (pending → active)",
    "reject": "an arbitrator rejects a request to join (pending → rejected)",
    "leave": "the gang's owner leaves (active → left) or withdraws a request, at once",
}


@extend_schema(tags=["campaigns"])
class MembershipDecisionView(APIView):
    @extend_schema(
        operation_id="campaign_membership_decide",
        # The URL accepts these words only: the schema says so, so generated clients offer them.
        parameters=[OpenApiParameter("decision", str, OpenApiParameter.PATH, enum=list(DECISIONS))],
        request=None,
        responses=MembershipSerializer,
        summary="accept / decline an invitation (the gang's owner), approve / reject a request "
        "(arbitrator), leave (the gang's owner)",
        description="; ".join(f"`{k}`: {v}" for k, v in DECISIONS.items())
        + ". A decision asked of a membership it does not decide is a 409 and changes nothing; "
        "the same decision twice is a 200 with no change.",
    )
    def post(self, request, pk: str, membership_id: str, decision: str):
        membership = get_object_or_404(
            Membership.objects.select_related("gang", "campaign"), pk=membership_id, campaign_id=pk
        )
        if decision == "leave":
            membership = services.leave_campaign(membership=membership, actor=request.user)
        elif decision in ("accept", "decline"):
            membership = services.answer_invitation(
                membership=membership, accept=decision == "accept", actor=request.user
            )
        else:
            membership = services.decide_membership(
                membership=membership, approve=decision == "approve", actor=request.user
            )
        return Response(MembershipSerializer(membership).data)

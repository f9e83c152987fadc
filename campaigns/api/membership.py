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
            "arbitrators_manage_roster",
        ]
        extra_kwargs = {
            "arbitrators_manage_roster": {
                "read_only": True,
                "help_text": "The owner lets the campaign's arbitrators hire, buy, sell, move kit "
                "and spend card flips for the gang (the owner changes it: PATCH the membership).",
            }
        }


ROSTER_CONSENT_HELP = (
    "The owner's choice: let the campaign's arbitrators hire, buy, sell, move kit and spend "
    "card flips for the gang while it is in the campaign (never its name or notes)."
)


class JoinSerializer(RefuseUnwritable, serializers.Serializer):
    gang = serializers.IntegerField()
    join_code = serializers.CharField(
        required=False, allow_blank=True, default="", max_length=32, help_text="In any case."
    )
    arbitrators_manage_roster = serializers.BooleanField(
        required=False,
        default=False,
        help_text=ROSTER_CONSENT_HELP + " Counts when the owner asks.",
    )


class AnswerSerializer(RefuseUnwritable, serializers.Serializer):
    arbitrators_manage_roster = serializers.BooleanField(
        required=False,
        allow_null=True,
        default=None,
        help_text=ROSTER_CONSENT_HELP + " accept only.",
    )


class RosterConsentSerializer(RefuseUnwritable, serializers.Serializer):
    arbitrators_manage_roster = serializers.BooleanField(help_text=ROSTER_CONSENT_HELP)


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
        request=AnswerSerializer,
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
            data = AnswerSerializer(data=request.data)
            data.is_valid(raise_exception=True)
            membership = services.answer_invitation(
                membership=membership,
                accept=decision == "accept",
                actor=request.user,
                arbitrators_manage_roster=data.validated_data["arbitrators_manage_roster"],
            )
        else:
            membership = services.decide_membership(
                membership=membership, approve=decision == "approve", actor=request.user
            )
        return Response(MembershipSerializer(membership).data)


@extend_schema(tags=["campaigns"])
class MembershipDetailView(APIView):
    def _membership(self, pk, membership_id) -> Membership:
        return get_object_or_404(
            Membership.objects.select_related("gang__owner", "campaign"),
            pk=membership_id,
            campaign_id=pk,
        )

    @extend_schema(responses=MembershipSerializer, summary="A gang's membership")
    def get(self, request, pk: str, membership_id: str):
        return Response(MembershipSerializer(self._membership(pk, membership_id)).data)

    @extend_schema(
        operation_id="campaign_membership_roster_consent",
        request=RosterConsentSerializer,
        responses=MembershipSerializer,
        summary="The gang's owner lets the arbitrators manage its roster, or stops them",
    )
    def patch(self, request, pk: str, membership_id: str):
        membership = self._membership(pk, membership_id)
        data = RosterConsentSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        membership = services.set_roster_consent(
            membership=membership,
            allowed=data.validated_data["arbitrators_manage_roster"],
            actor=request.user,
        )
        return Response(MembershipSerializer(membership).data)

"""A gang's membership of a campaign: joining, and the decisions on it."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from campaigns import services
from campaigns.models import (
    Membership,
)


class MembershipSerializer(serializers.ModelSerializer):
    gang_name = serializers.CharField(source="gang.name", read_only=True)
    player = serializers.CharField(source="gang.owner.username", read_only=True)

    class Meta:
        model = Membership
        fields = ["id", "gang", "gang_name", "player", "status", "requested_at", "decided_at"]


class JoinSerializer(serializers.Serializer):
    gang = serializers.IntegerField()
    join_code = serializers.CharField(required=False, allow_blank=True, default="", max_length=32)


@extend_schema(tags=["campaigns"])
class MembershipDecisionView(APIView):
    @extend_schema(
        operation_id="campaign_membership_decide",
        request=None,
        responses=MembershipSerializer,
        summary="approve / reject (arbitrator) or leave (the gang's owner)",
    )
    def post(self, request, pk: str, membership_id: str, decision: str):
        membership = get_object_or_404(
            Membership.objects.select_related("gang", "campaign"), pk=membership_id, campaign_id=pk
        )
        if decision == "leave":
            membership = services.request_leave(membership=membership, actor=request.user)
        else:
            membership = services.decide_membership(
                membership=membership, approve=decision == "approve", actor=request.user
            )
        return Response(MembershipSerializer(membership).data)

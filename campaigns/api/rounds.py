"""A campaign's rounds: opening one (a campaign action) and closing it in a background job."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from campaigns import services
from campaigns.models import (
    Round,
)
from config.serializers import RefuseUnwritable
from jobs.api import JobSerializer


class RoundSerializer(serializers.ModelSerializer):
    close_job = serializers.UUIDField(source="close_job_id", read_only=True, allow_null=True)

    class Meta:
        model = Round
        fields = ["id", "number", "status", "deadline", "opened_at", "closed_at", "close_job"]


class OpenRoundSerializer(RefuseUnwritable, serializers.Serializer):
    deadline = serializers.DateTimeField(required=False, allow_null=True, default=None)


@extend_schema(tags=["campaigns"])
class CloseRoundView(APIView):
    @extend_schema(
        request=None,
        responses={202: JobSerializer},
        summary="Close the round in a background job; poll /api/v1/tasks/{id}/",
    )
    def post(self, request, pk: int, number: int):
        round_ = get_object_or_404(
            Round.objects.select_related("campaign"), campaign_id=pk, number=number
        )
        job = services.request_round_close(round_=round_, actor=request.user)
        return Response(JobSerializer(job).data, status=status.HTTP_202_ACCEPTED)

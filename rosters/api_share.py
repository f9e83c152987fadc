"""``/api/v1/gangs/{id}/share/``: make (once) or revoke a gang's read-only share link."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from rosters import sharing


class ShareLinkSerializer(serializers.Serializer):
    url = serializers.URLField(
        help_text="Anyone with this address reads the roster, signed out; keep it secret."
    )


@extend_schema(tags=["gangs"])
class ShareLinkView(APIView):
    @extend_schema(
        operation_id="gangs_share_create",
        request=None,
        responses={200: ShareLinkSerializer},
        summary="The gang's read-only share link (made on the first call, the same after)",
    )
    def post(self, request, pk: int):
        gang = sharing.share_gang(user=request.user, gang_id=pk)
        return Response({"url": sharing.share_url(request, gang)})

    @extend_schema(
        operation_id="gangs_share_revoke",
        request=None,
        responses={204: None},
        summary="Revoke the share link: its address answers 404 from now on",
    )
    def delete(self, request, pk: int):
        sharing.revoke_share(user=request.user, gang_id=pk)
        return Response(status=status.HTTP_204_NO_CONTENT)

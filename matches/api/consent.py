"""A named player's answer: accept a live seat or confirm a logged result, or decline.

Each answer is about the caller's own seat (403 without one) and idempotent: the same answer
again is a 200 that changes nothing. The body is ignored, but for a friendly battle's
acceptance: ``{"gang": id}``, the player's own gang.
"""

from __future__ import annotations

from django.http import Http404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.response import Response

from matches import services
from matches.api.live import MATCH_ID
from matches.api.parsing import GuardedAPIView
from matches.api.records import MatchSchema, match_json
from matches.models import Match


# One shape for the three answers: the service named by ``answer`` decides about the
# caller's seat; the reply is the match as it now is. (A comment, not a docstring:
# drf-spectacular would publish it as every subclass's description.)
class _Answer(GuardedAPIView):
    answer: str  # the name of the service in matches.services

    def post(self, request, match_id: int):
        answered, _ = _answered(getattr(services, self.answer), match_id, player=request.user)
        return Response(match_json(answered))


def _answered(answer, match_id: int, **kwargs):
    """``answer``'s ``(match, changed)`` about the match of the URL, or its 404. The service
    locks the row by id and hands back the match with its seats as the answer left them
    (``records.with_seats``): the response reads nothing again."""
    try:
        return answer(match=Match(pk=match_id), **kwargs)
    except Match.DoesNotExist:
        raise Http404 from None


def _documented(summary: str, description: str):
    return extend_schema(
        tags=["matches"],
        parameters=[MATCH_ID],
        request=None,
        responses={200: MatchSchema},
        summary=summary,
        description=description,
    )


class AcceptBodySerializer(serializers.Serializer):
    gang = serializers.IntegerField(
        required=False,
        allow_null=True,
        default=None,
        min_value=1,
        help_text="A friendly battle: your own gang, whose roster the server reads.",
    )


class AcceptView(_Answer):
    answer = "accept_match"

    @extend_schema(request=AcceptBodySerializer)
    @_documented(
        "Accept your seat in a live match you were invited to (a friendly battle: with your gang)",
        "The match is dealt and live once every seat has accepted. 409 once it was cancelled.",
    )
    def post(self, request, match_id: int):
        body = AcceptBodySerializer(data=request.data if isinstance(request.data, dict) else {})
        body.is_valid(raise_exception=True)
        answered, _ = _answered(
            services.accept_match,
            match_id,
            player=request.user,
            gang=body.validated_data["gang"],
        )
        return Response(match_json(answered))


class ConfirmView(_Answer):
    answer = "accept_match"

    @_documented(
        "Confirm a logged result that names you",
        "A logged result counts only once every player it names has confirmed it.",
    )
    def post(self, request, match_id: int):
        return super().post(request, match_id)


class DeclineView(_Answer):
    answer = "decline_match"

    @_documented(
        "Decline: cancel an invited live match, or refuse a logged result that names you",
        "A live match that has begun cannot be declined (resign instead); a result you "
        "confirmed stands.",
    )
    def post(self, request, match_id: int):
        return super().post(request, match_id)

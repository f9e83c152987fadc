"""``GET /api/v1/me/attention/``: what waits for me, read by the same selectors as the home
page's "needs your attention" (``web.selectors.attention``), so the two never disagree.

Each list names the ids an answer needs; the answers themselves are the apps' own endpoints
(docs/api.md, "What waits for me").
"""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from web import selectors


class WaitingCampaignDecisionSerializer(serializers.Serializer):
    membership = serializers.IntegerField(source="pk")
    campaign = serializers.IntegerField(source="campaign_id")
    campaign_name = serializers.CharField(source="campaign.name")
    gang = serializers.IntegerField(source="gang_id")
    gang_name = serializers.CharField(source="gang.name")
    owner = serializers.CharField(source="gang.owner.username")
    status = serializers.ChoiceField(
        choices=["invited", "pending"],
        help_text="invited: your gang is invited (accept or decline); pending: a gang asks to "
        "join a campaign you arbitrate (approve or reject).",
    )


class WaitingLeagueInvitationSerializer(serializers.Serializer):
    membership = serializers.IntegerField(source="pk")
    league = serializers.IntegerField(source="league_id")
    league_name = serializers.CharField(source="league.name")
    invited_by = serializers.CharField(source="added_by.username", allow_null=True)


class WaitingBattleSerializer(serializers.Serializer):
    battle = serializers.IntegerField(source="pk")
    campaign = serializers.IntegerField(source="campaign_id")
    campaign_name = serializers.CharField(source="campaign.name")
    status = serializers.CharField(help_text="reported, or disputed (for an arbitrator).")


class WaitingScheduledBattleSerializer(serializers.Serializer):
    scheduled = serializers.IntegerField(source="pk")
    campaign = serializers.IntegerField(source="campaign_id")
    campaign_name = serializers.CharField(source="campaign.name")
    gangs = serializers.ListField(child=serializers.CharField(), source="gang_names")
    play_on = serializers.DateField(allow_null=True)
    step = serializers.CharField(help_text="scheduled, or pre-battle once it was set up.")


class WaitingLeagueResultSerializer(serializers.Serializer):
    result = serializers.IntegerField(source="pk")
    league = serializers.IntegerField(source="league_id")
    league_name = serializers.CharField(source="league.name")


class WaitingFlipsSerializer(serializers.Serializer):
    fighter = serializers.IntegerField(source="pk")
    fighter_name = serializers.CharField(source="name")
    gang = serializers.IntegerField(source="gang_id")
    gang_name = serializers.CharField(source="gang.name")
    flips = serializers.IntegerField(help_text="Card flips left to spend (a drawn card may wait).")


class WaitingMatchItemSerializer(serializers.Serializer):
    match = serializers.IntegerField(source="match.pk")
    ruleset = serializers.CharField(source="match.ruleset")
    game = serializers.CharField()


class WaitingMatchInvitationSerializer(WaitingMatchItemSerializer):
    invited_by = serializers.CharField(source="match.created_by.username", allow_null=True)


class AttentionSerializer(serializers.Serializer):
    campaign_decisions = WaitingCampaignDecisionSerializer(many=True, source="requests")
    league_invitations = WaitingLeagueInvitationSerializer(many=True)
    battles_to_confirm = WaitingBattleSerializer(many=True, source="battles")
    battles_to_play = WaitingScheduledBattleSerializer(many=True, source="scheduled")
    results_to_confirm = WaitingLeagueResultSerializer(many=True, source="results")
    flips_to_choose = WaitingFlipsSerializer(many=True, source="flips")
    match_invitations = WaitingMatchInvitationSerializer(many=True)
    your_turn = WaitingMatchItemSerializer(many=True)


class AttentionView(APIView):
    @extend_schema(
        tags=["auth"],
        operation_id="me_attention",
        responses=AttentionSerializer,
        summary="What waits for me: invitations, requests, confirmations, flips, my turn",
        description="The same lists as the home page's “needs your attention”, each in "
        "id order. Empty lists when nothing waits.",
    )
    def get(self, request):
        return Response(AttentionSerializer(selectors.attention(request.user)).data)

"""Campaign members may watch their campaign's live battles (a ``MATCH_WATCH_RULES`` hook of
matches/spectators.py): the players with an active gang in it, and its arbitrators."""

from __future__ import annotations

from campaigns.models import LiveBattle, Membership


def members_watch_live_battles(*, match, user) -> bool:
    live = LiveBattle.objects.filter(match=match).select_related("campaign").first()
    if live is None:
        return False
    campaign = live.campaign
    if campaign.created_by_id == user.pk or campaign.arbitrators.filter(pk=user.pk).exists():
        return True
    return Membership.objects.filter(
        campaign=campaign, status=Membership.Status.ACTIVE, gang__owner=user
    ).exists()

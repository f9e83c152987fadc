"""What every campaign write shares: the campaign log, and who arbitrates."""

from __future__ import annotations

from campaigns.errors import NotAnArbitrator
from campaigns.models import (
    Campaign,
    LogEntry,
)


def log(
    campaign: Campaign, kind: str, text: str, *, actor=None, battle=None, gang=None
) -> LogEntry:
    return LogEntry.objects.create(
        campaign=campaign, kind=kind, text=text, actor=actor, battle=battle, gang=gang
    )


def is_arbitrator(*, user, campaign: Campaign) -> bool:
    if not user or not user.is_authenticated:
        return False
    return user.is_staff or campaign.arbitrators.filter(pk=user.pk).exists()


def require_arbitrator(*, user, campaign: Campaign) -> None:
    if not is_arbitrator(user=user, campaign=campaign):
        raise NotAnArbitrator()

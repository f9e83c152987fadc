"""What every campaign write shares: the campaign log (who may: campaigns/access.py)."""

from __future__ import annotations

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

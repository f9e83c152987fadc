"""Who may do what here (named decisions). The campaigns' and leagues' own checks say who
arbitrates or organises; this module only says what that means for notifications.

Every other decision is "your own": a person reads, marks and chooses email for their own
inbox only (the selectors and services filter by recipient)."""

from __future__ import annotations

from campaigns import access as campaigns_access
from config.errors import NotAllowed
from leagues import access as leagues_access


def may_manage_webhooks(*, user, campaign=None, league=None) -> bool:
    """A campaign's arbitrators (its organiser among them) and staff; a league's organisers
    and staff. Reading the delivery log is the same right: it shows the receiver's answers."""
    if campaign is not None:
        return campaigns_access.arbitrates(user=user, campaign=campaign) or (
            user.is_authenticated and campaign.created_by_id == user.pk
        )
    if league is not None:
        return leagues_access.organises(user=user, league=league)
    return False


def require_manage_webhooks(*, user, campaign=None, league=None) -> None:
    if not may_manage_webhooks(user=user, campaign=campaign, league=league):
        owner = "campaign's arbitrators" if campaign is not None else "league's organisers"
        raise NotAllowed(f"Only the {owner} manage its webhooks.")

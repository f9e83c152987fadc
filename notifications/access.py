"""Who may do what here (named decisions). Who may manage a campaign's or a league's webhooks
is decided by that app's own access module, which registers it (``notifications.owners``,
from its ``AppConfig.ready()``): this module only asks, so notifications imports no app above it.

Every other decision is "your own": a person reads, marks and chooses email for their own
inbox only (the selectors and services filter by recipient)."""

from __future__ import annotations

from config.errors import NotAllowed
from notifications import owners


def _target(campaign=None, league=None) -> tuple[str, object] | None:
    if campaign is not None:
        return "campaign", campaign
    if league is not None:
        return "league", league
    return None


def may_manage_webhooks(*, user, campaign=None, league=None) -> bool:
    """Reading the delivery log is the same right: it shows the receiver's answers."""
    target = _target(campaign, league)
    if target is None or not (user and user.is_authenticated):
        return False
    return owners.owner(target[0]).may_manage(user=user, owner=target[1])


def require_manage_webhooks(*, user, campaign=None, league=None) -> None:
    if not may_manage_webhooks(user=user, campaign=campaign, league=league):
        kind = "campaign" if campaign is not None else "league"
        raise NotAllowed(owners.owner(kind).refusal)


def webhook_rows(user):
    """The webhooks ``user`` manages (the admin's rows for an organiser), as a query."""
    return owners.managed_rows(user)

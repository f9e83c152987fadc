"""Who arbitrates what: the reads the organiser's admin is scoped by.

A gang is under an arbitrator when it is an ``active`` member of a campaign they arbitrate
(the same rule as ``campaigns.selectors.arbitrates_gang``, which the API asks): a gang asked
to join, invited, refused or gone is not theirs to run.
"""

from __future__ import annotations

from django.db.models import QuerySet

from campaigns.models import Campaign, Membership


def campaigns_arbitrated_by(user) -> QuerySet[Campaign]:
    return Campaign.objects.filter(arbitrators=user)


def arbitrates_any(user) -> bool:
    return campaigns_arbitrated_by(user).exists()


def gang_ids_arbitrated_by(user) -> QuerySet:
    """Ids of the gangs in the user's campaigns (a subquery: no rows are read here)."""
    return Membership.objects.filter(
        status=Membership.Status.ACTIVE, campaign__arbitrators=user
    ).values("gang_id")

"""Campaign reads other apps rely on."""

from __future__ import annotations


def arbitrates_gang(*, user, gang) -> bool:
    """Whether ``user`` arbitrates a campaign that ``gang`` belongs to."""
    from campaigns.models import Membership

    return Membership.objects.filter(
        gang=gang, status=Membership.Status.ACTIVE, campaign__arbitrators=user
    ).exists()

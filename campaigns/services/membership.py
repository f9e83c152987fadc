"""Gangs joining and leaving a campaign: asked by the owner, decided by an arbitrator."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from campaigns.errors import CampaignError, WrongState
from campaigns.models import (
    Campaign,
    LogEntry,
    Membership,
)
from campaigns.services.common import is_arbitrator, log, require_arbitrator
from config.errors import NotAllowed
from rosters.models import Gang


@transaction.atomic
def request_join(*, campaign: Campaign, gang: Gang, actor, join_code: str = "") -> Membership:
    """The gang's owner asks to join with the join code; an arbitrator's approval makes it a
    member. An arbitrator who adds a gang approves it at once."""
    arbitrator = is_arbitrator(user=actor, campaign=campaign)
    if not arbitrator:
        if gang.owner_id != actor.pk:
            raise NotAllowed("Only the gang's owner may ask for it to join.")
        if join_code != campaign.join_code:
            raise CampaignError("That is not this campaign's join code.", field="join_code")
    if campaign.status == Campaign.Status.FINISHED:
        raise WrongState("The campaign is finished.", field="gang")
    if Membership.objects.filter(
        campaign=campaign, gang=gang, status__in=["pending", "active", "leaving"]
    ).exists():
        raise CampaignError(
            "This gang is already in the campaign or waiting to join.", field="gang"
        )
    status = Membership.Status.ACTIVE if arbitrator else Membership.Status.PENDING
    membership = Membership.objects.create(
        campaign=campaign,
        gang=gang,
        status=status,
        decided_at=timezone.now() if arbitrator else None,
        decided_by=actor if arbitrator else None,
    )
    text = f"{gang.name} joined the campaign." if arbitrator else f"{gang.name} asked to join."
    log(campaign, LogEntry.Kind.MEMBERSHIP, text, actor=actor, gang=gang)
    return membership


@transaction.atomic
def decide_membership(*, membership: Membership, approve: bool, actor) -> Membership:
    require_arbitrator(user=actor, campaign=membership.campaign)
    membership = (
        Membership.objects.select_for_update()
        .select_related("gang", "campaign")
        .get(pk=membership.pk)
    )
    transitions = {
        (Membership.Status.PENDING, True): (Membership.Status.ACTIVE, "joined the campaign"),
        (Membership.Status.PENDING, False): (Membership.Status.REJECTED, "was turned away"),
        (Membership.Status.LEAVING, True): (Membership.Status.LEFT, "left the campaign"),
        (Membership.Status.LEAVING, False): (Membership.Status.ACTIVE, "stays in the campaign"),
        (Membership.Status.ACTIVE, True): (Membership.Status.LEFT, "was removed from the campaign"),
    }
    if (membership.status, approve) not in transitions:
        raise WrongState(
            f"There is nothing to decide for a {membership.status} membership.", field="membership"
        )
    membership.status, verb = transitions[(membership.status, approve)]
    membership.decided_at = timezone.now()
    membership.decided_by = actor
    membership.save(update_fields=["status", "decided_at", "decided_by"])
    log(
        membership.campaign,
        LogEntry.Kind.MEMBERSHIP,
        f"{membership.gang.name} {verb}.",
        actor=actor,
        gang=membership.gang,
    )
    return membership


@transaction.atomic
def request_leave(*, membership: Membership, actor) -> Membership:
    if membership.gang.owner_id != actor.pk:
        raise NotAllowed("Only the gang's owner may ask to leave.")
    membership = Membership.objects.select_for_update().get(pk=membership.pk)
    if membership.status == Membership.Status.PENDING:
        membership.status = Membership.Status.LEFT  # withdrawing a request needs no approval
    elif membership.status == Membership.Status.ACTIVE:
        membership.status = Membership.Status.LEAVING
    else:
        raise WrongState(f"A {membership.status} membership cannot be left.", field="membership")
    membership.save(update_fields=["status"])
    log(
        membership.campaign,
        LogEntry.Kind.MEMBERSHIP,
        f"{membership.gang.name} asked to leave.",
        actor=actor,
        gang=membership.gang,
    )
    return membership

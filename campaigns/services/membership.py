"""A gang's way into a campaign and out of it. Nobody puts a gang in a campaign without its
owner's consent, and nobody keeps it there against the owner's will (docs/rules/campaigns.md):

- an arbitrator *invites* someone else's gang → ``invited`` → only the owner ``accept``s
  (``active``) or ``decline``s (``declined``);
- the owner *asks* with the join code → ``pending`` → only an arbitrator ``approve``s
  (``active``) or ``reject``s (``rejected``);
- an arbitrator adds their *own* gang → ``active`` at once;
- the owner ``leave``s → ``left`` at once, whatever anyone thinks; battles of the gang that
  were not yet confirmed are void, and from then on the campaign's arbitrators have no power
  over the gang (``campaigns.access.arbitrates_gang`` asks for an ``active`` membership).

Each decision belongs to one side and decides one state: asked of anything else it is a 409
and changes nothing. The same decision twice is no change (and no second log line), so a
double click or a client's retry is harmless.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from campaigns import access
from campaigns.errors import CampaignError, WrongState, status_word, via_words
from campaigns.models import (
    Battle,
    Campaign,
    LiveBattle,
    LogEntry,
    Membership,
)
from campaigns.services.common import log, next_battle_number
from notifications import hooks as notify
from rosters.models import Gang

Status = Membership.Status
Via = Membership.Via


@transaction.atomic
def request_join(
    *,
    campaign: Campaign,
    gang: Gang,
    actor,
    join_code: str = "",
    arbitrators_manage_roster: bool = False,
) -> Membership:
    """The one way in, three meanings: an arbitrator (or staff) adding their own gang makes it a
    member at once, adding someone else's invites it, and the owner asking with the join code
    makes a request that waits for an arbitrator. The join code is read in any case.
    ``arbitrators_manage_roster`` is the owner's consent, so it counts only when the owner asks
    (an invited owner gives it when they accept)."""
    arbitrator = access.can(user=actor, action=access.Action.INVITE_GANG, campaign=campaign)
    owner = gang.owner_id == actor.pk
    if not arbitrator:
        access.require(user=actor, action=access.Action.ASK_TO_JOIN, campaign=campaign, gang=gang)
        if join_code.strip().upper() != campaign.join_code.upper():
            raise CampaignError(_("That is not this campaign's join code."), field="join_code")
    if campaign.status == Campaign.Status.FINISHED:
        raise WrongState(_("The campaign is finished."), field="gang")
    live = Membership.objects.filter(campaign=campaign, gang=gang, status__in=Membership.LIVE)
    if live.exists():
        raise WrongState(
            _("%(gang)s is already in the campaign, invited or waiting to join.")
            % {"gang": gang.name},
            field="gang",
        )
    now = timezone.now()
    if arbitrator and owner:
        via, status, text = Via.OWN, Status.ACTIVE, f"{gang.name} joined the campaign."
        code = "joined"
    elif arbitrator:
        via, status = Via.INVITATION, Status.INVITED
        text = f"{actor.username} invited {gang.name}; it joins when its owner accepts."
        code = "invited"
    else:
        via, status, text = Via.REQUEST, Status.PENDING, f"{gang.name} asked to join."
        code = "asked"
    membership = Membership.objects.create(
        campaign=campaign,
        gang=gang,
        status=status,
        via=via,
        requested_by=actor,
        decided_at=now if status == Status.ACTIVE else None,
        decided_by=actor if status == Status.ACTIVE else None,
        arbitrators_manage_roster=owner and bool(arbitrators_manage_roster),
    )
    params = {"user": actor.username, "gang": gang.name}
    log(campaign, LogEntry.Kind.MEMBERSHIP, text, actor=actor, gang=gang, code=code, params=params)
    notify.campaign_invitation(membership=membership)
    return membership


def _locked(membership: Membership) -> Membership:
    return (
        # Only the membership row: locking its gang and campaign too would wait for (and hold
        # up) battles and post-games that take those, in their own order.
        Membership.objects.select_for_update(of=("self",))
        .select_related("gang", "campaign")
        .get(pk=membership.pk)
    )


def _decide(membership: Membership, *, status: str, actor, text: str, code: str) -> Membership:
    """Record the decision; ``code`` is its log line's (campaigns/log_lines.py)."""
    membership.status = status
    membership.decided_at = timezone.now()
    membership.decided_by = actor
    membership.save(update_fields=["status", "decided_at", "decided_by"])
    params = {"gang": membership.gang.name}
    kind, gang = LogEntry.Kind.MEMBERSHIP, membership.gang
    log(membership.campaign, kind, text, actor=actor, gang=gang, code=code, params=params)
    return membership


def _nothing_to_decide(membership: Membership, what: str) -> WrongState:
    said = _("%(what)s; %(gang)s is %(status)s here (%(via)s). Nothing changed.") % {
        "what": what,
        "gang": membership.gang.name,
        "status": status_word(membership.status),
        "via": via_words(membership.via),
    }
    return WrongState(
        said,
        field="membership",
    )


@transaction.atomic
def decide_membership(*, membership: Membership, approve: bool, actor) -> Membership:
    """An arbitrator's answer to an owner's request to join: ``pending`` → ``active`` or
    ``rejected``. It decides nothing else (an invitation is the owner's to answer, a leave is
    nobody's to refuse)."""
    access.require(user=actor, action=access.Action.DECIDE_MEMBERSHIP, campaign=membership.campaign)
    membership = _locked(membership)
    wanted = Status.ACTIVE if approve else Status.REJECTED
    if membership.via == Via.REQUEST and membership.status == wanted:
        return membership  # decided so already
    if membership.status != Status.PENDING:
        raise _nothing_to_decide(membership, _("Approve and reject decide a request to join"))
    gang = membership.gang.name
    text = f"{gang} joined the campaign." if approve else f"{gang}'s request was turned down."
    code = "joined" if approve else "turned_down"
    return _decide(membership, status=wanted, actor=actor, text=text, code=code)


@transaction.atomic
def answer_invitation(
    *, membership: Membership, accept: bool, actor, arbitrators_manage_roster: bool | None = None
) -> Membership:
    """The gang's owner answers an arbitrator's invitation: ``invited`` → ``active`` or
    ``declined``. Nobody else may, staff included: it is the owner's consent. Accepting, they
    say whether the arbitrators manage the roster (``None``: as it was, off by default)."""
    membership = _locked(membership)
    access.require(
        user=actor,
        action=access.Action.ANSWER_INVITATION,
        campaign=membership.campaign,
        gang=membership.gang,
    )
    wanted = Status.ACTIVE if accept else Status.DECLINED
    if membership.via == Via.INVITATION and membership.status == wanted:
        return membership  # answered so already
    if membership.status != Status.INVITED:
        raise _nothing_to_decide(membership, _("Accept and decline answer an invitation"))
    if accept and membership.campaign.status == Campaign.Status.FINISHED:
        raise WrongState(_("The campaign is finished."), field="membership")
    gang = membership.gang.name
    text = f"{gang} joined the campaign." if accept else f"{gang} declined the invitation."
    if accept and arbitrators_manage_roster is not None:
        membership.arbitrators_manage_roster = bool(arbitrators_manage_roster)
        membership.save(update_fields=["arbitrators_manage_roster"])
    code = "joined" if accept else "declined"
    return _decide(membership, status=wanted, actor=actor, text=text, code=code)


@transaction.atomic
def set_roster_consent(*, membership: Membership, allowed: bool, actor) -> Membership:
    """The owner lets the campaign's arbitrators manage the gang's roster, or stops them: at
    any time, at once, and nobody else may (``campaigns.access.manages_roster`` reads it)."""
    membership = _locked(membership)
    access.require(
        user=actor,
        action=access.Action.SET_ROSTER_CONSENT,
        campaign=membership.campaign,
        gang=membership.gang,
    )
    if membership.arbitrators_manage_roster == bool(allowed):
        return membership  # so already
    membership.arbitrators_manage_roster = bool(allowed)
    membership.save(update_fields=["arbitrators_manage_roster"])
    gang = membership.gang.name
    text = (
        f"{actor.username} lets the arbitrators manage {gang}'s roster."
        if allowed
        else f"{actor.username} manages {gang}'s roster alone again."
    )
    code = "roster_shared" if allowed else "roster_alone"
    params = {"user": actor.username, "gang": gang}
    kind = LogEntry.Kind.MEMBERSHIP
    log(
        membership.campaign, kind, text, actor=actor, gang=membership.gang, code=code, params=params
    )
    return membership


@transaction.atomic
def leave_campaign(*, membership: Membership, actor) -> Membership:
    """The owner takes the gang out, at once: a member leaves, a request is withdrawn. Nobody
    can refuse it. Battles of the gang not yet confirmed are void (see ``_end_battles``)."""
    access.require(
        user=actor, action=access.Action.LEAVE, campaign=membership.campaign, gang=membership.gang
    )
    # Lock order: live battles, the campaign, then the rest, as collect_live_battle and
    # report_battle take them, so that a leave waits for a report being written (or it for
    # the leave) instead of deadlocking with it.
    seated = LiveBattle.objects.filter(
        campaign_id=membership.campaign_id,
        battle__isnull=True,
        match__participants__gang_id=membership.gang_id,
    ).values("pk")
    # The conditions on the locked rows themselves are checked again after a lock wait
    # (PostgreSQL re-reads a row that changed meanwhile): one collected meanwhile is not taken.
    in_flight = list(
        LiveBattle.objects.select_for_update()
        .filter(pk__in=seated, battle__isnull=True)
        .order_by("pk")
    )
    # NO KEY UPDATE: it still waits for (and holds off) report_battle's FOR UPDATE, but not the
    # key-share lock a confirmation's log line takes on the campaign row while it holds its
    # battle, which this leave may be waiting for (a FOR UPDATE here deadlocked the two).
    campaign = Campaign.objects.select_for_update(no_key=True).get(pk=membership.campaign_id)
    membership = _locked(membership)
    if membership.status == Status.LEFT:
        return membership  # left already
    if membership.status == Status.INVITED:
        raise WrongState(
            _("%(gang)s is only invited: decline the invitation instead.")
            % {"gang": membership.gang.name},
            field="membership",
        )
    if membership.status not in (Status.PENDING, Status.ACTIVE):
        raise WrongState(
            _("%(gang)s is not in the campaign (%(status)s).")
            % {"gang": membership.gang.name, "status": status_word(membership.status)},
            field="membership",
        )
    was_member = membership.status == Status.ACTIVE
    gang = membership.gang
    text = f"{gang.name} left the campaign." if was_member else f"{gang.name} withdrew its request."
    code = "left" if was_member else "withdrew_request"
    membership = _decide(membership, status=Status.LEFT, actor=actor, text=text, code=code)
    if was_member:
        _end_battles(campaign=campaign, gang=gang, live=in_flight, actor=actor)
    return membership


# The name the pages written before leaving took effect at once call.
request_leave = leave_campaign


def _end_battles(*, campaign: Campaign, gang: Gang, live: list[LiveBattle], actor) -> None:
    """What a leave does to the gang's battles in flight (docs/rules/campaigns.md):

    - reported or disputed (not confirmed): void. Confirming it later would injure and pay a
      gang whose owner is gone, on a result the owner never agreed to;
    - a live battle still being played, or finished but not yet collected: no longer counts.
      The match itself goes on (it belongs to its players, not to the campaign); a void battle
      takes its place, so the server never writes its report into the campaign;
    - confirmed: stands, and its post-game runs even if it is still in the queue: the result
      was settled while the gang was a member.
    """
    waiting = [Battle.Status.REPORTED, Battle.Status.DISPUTED]
    fought = Battle.objects.filter(campaign=campaign, sides__gang=gang, status__in=waiting)
    # The status is asked of the locked rows too: one confirmed while this leave waited for
    # its lock stands (PostgreSQL re-reads the changed row and it no longer matches).
    unconfirmed = (
        Battle.objects.select_for_update()
        .filter(pk__in=fought.values("pk"), status__in=waiting)
        .order_by("pk")
    )
    for battle in unconfirmed:
        battle.status = Battle.Status.VOID
        battle.save(update_fields=["status"])
        log(
            campaign,
            LogEntry.Kind.OVERRIDE,
            f"Battle {battle.shown_number} is void: {gang.name} left the campaign before it "
            "was confirmed.",
            code="void_left",
            params={"battle": battle.shown_number, "gang": gang.name},
            actor=actor,
            battle=battle,
            gang=gang,
        )
    for live_battle in live:
        battle = Battle.objects.create(
            campaign=campaign,
            number=next_battle_number(campaign),
            round=live_battle.round,
            status=Battle.Status.VOID,
            source=Battle.Source.LIVE,
            match=live_battle.match,
            dispute_reason=f"{gang.name} left the campaign during the battle.",
        )
        live_battle.battle = battle
        live_battle.save(update_fields=["battle"])
        log(
            campaign,
            LogEntry.Kind.OVERRIDE,
            f"The live battle of match {live_battle.match_id} no longer counts: {gang.name} "
            "left the campaign.",
            code="live_void_left",
            params={"match": live_battle.match_id, "gang": gang.name},
            actor=actor,
            battle=battle,
            gang=gang,
        )

"""Who may do what in a campaign: the one place that decides it (``rosters/access.py``'s shape).

The API, the services, the pages and the admin ask here, about a named **action**::

    from campaigns import access
    access.can(user=user, action=access.Action.RUN, campaign=campaign)          # -> bool
    access.require(user=user, action=access.Action.CONFIRM_BATTLE, campaign=c, battle=b)
    access.arbitrates(user=user, campaign=campaign)   # the role: an arbitrator, or staff

- **Arbitrators** of the campaign (and staff, the site's last resort) run it
  (``ARBITRATOR_ACTIONS``: its settings and arbitrators, its status and rounds, the gangs'
  requests and invitations, voiding a battle).
- **A battle** is reported by one of its two gangs' owners or an arbitrator. It is confirmed
  (or disputed) by someone whose word is not yet in it: never by one side alone. When the
  reporter plays in it (owns one of its gangs, arbitrator or not), the confirmation comes from
  the other side or from an arbitrator who does not play in it; a disputed battle waits for
  an arbitrator who does not play in it. ``awaiting`` says whose word is missing.
- A battle's **reporter** may withdraw it before it is confirmed (``WITHDRAW_BATTLE``). A
  gang's **crew** for a scheduled battle is its owner's pick, or an arbitrator's (``PICK_CREW``).
- What an arbitrator may do to a *gang* (goods, credits, its battles, and its roster only
  when its owner said so: ``manages_roster``; all only once its owner accepted the campaign)
  is ``rosters.access``: this module asks it. Whether arbitrators manage the roster is the
  owner's choice (``SET_ROSTER_CONSENT``), nobody else's.

Anyone else may do nothing here. ``require`` raises ``NotAnArbitrator`` or ``NotAllowed`` (403).

**The admin and the other apps.** Campaigns registers, from ``CampaignsConfig.ready()``, the
rules that make arbitrators overseers of their campaigns' gangs (``arbitrates_gang``, for
``rosters.access``) and let members watch its live battles (``watches_live_battle``, for
``matches.access``), and the admin's scoping (``register_admin``, for config/admin_scope.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from django.db.models import Q, QuerySet

from campaigns.access_refusals import refusal
from campaigns.models import Battle, Campaign, LiveBattle, Membership
from config import admin_scope as scope
from rosters import access as gang_access


class Action(StrEnum):
    """Everything anyone may do in a campaign, by name."""

    EDIT = "edit"  # settings, and adding an arbitrator
    RUN = "run"  # start and finish it, open and close its rounds
    DECIDE_MEMBERSHIP = "decide_membership"  # approve or reject a gang's request
    INVITE_GANG = "invite_gang"  # add a gang: an invitation its owner answers
    VOID_BATTLE = "void_battle"
    SEE_JOIN_CODE = "see_join_code"
    # A gang's owner's own choices (nobody else's, staff included: it is their consent).
    ASK_TO_JOIN = "ask_to_join"  # with the join code
    ANSWER_INVITATION = "answer_invitation"
    LEAVE = "leave"
    # Whether the campaign's arbitrators may manage the gang's roster (hire, buy, sell...).
    SET_ROSTER_CONSENT = "set_roster_consent"
    # Battles.
    START_LIVE_BATTLE = "start_live_battle"  # one of the two owners, or staff
    REPORT_BATTLE = "report_battle"  # needs the battle's gangs
    SCHEDULE_BATTLE = "schedule_battle"  # and its pre-battle: as reporting, needs the gangs
    CONFIRM_BATTLE = "confirm_battle"  # or dispute it; needs the battle
    PICK_MISSION = "pick_mission"  # name a battle's mission; needs the battle's gangs
    PICK_CREW = "pick_crew"  # who of a gang takes part: its owner or an arbitrator; the gang
    WITHDRAW_BATTLE = "withdraw_battle"  # its reporter, before it is confirmed


ARBITRATOR_ACTIONS = frozenset(
    {
        Action.EDIT,
        Action.RUN,
        Action.DECIDE_MEMBERSHIP,
        Action.INVITE_GANG,
        Action.VOID_BATTLE,
        Action.SEE_JOIN_CODE,
    }
)
GANG_OWNER_ACTIONS = frozenset(
    {Action.ASK_TO_JOIN, Action.ANSWER_INVITATION, Action.LEAVE, Action.SET_ROSTER_CONSENT}
)


def _signed_in(user) -> bool:
    return bool(user and user.is_authenticated)


def arbitrates(*, user, campaign: Campaign) -> bool:
    """An arbitrator of ``campaign``, or staff."""
    if not _signed_in(user):
        return False
    if user.is_staff:
        return True
    cached = getattr(campaign, "_prefetched_objects_cache", {}).get("arbitrators")
    if cached is not None:
        return any(u.pk == user.pk for u in cached)
    return campaign.arbitrators.filter(pk=user.pk).exists()


def _owners(battle: Battle) -> set[int]:
    return {side.gang.owner_id for side in battle.sides.all()}


def _gangs(battle: Battle) -> list:
    return [side.gang for side in battle.sides.all()]


def _oversees_all(*, user, action, gangs) -> bool:
    """``rosters.access``'s word on each gang ``user`` does not own (the owner's consent)."""
    return all(
        gang_access.can(user=user, action=action, gang=g) for g in gangs if g.owner_id != user.pk
    )


def _may_report(*, user, campaign: Campaign, gangs) -> bool:
    if arbitrates(user=user, campaign=campaign):
        return _oversees_all(user=user, action=gang_access.Action.REPORT_BATTLE, gangs=gangs)
    return any(g.owner_id == user.pk for g in gangs)


def underdogs(gangs) -> list:
    """The lower-rated of a battle's gangs (both when their ratings are equal)."""
    lowest = min(g.rating for g in gangs)
    return [g for g in gangs if g.rating == lowest]


def _may_pick_mission(*, user, campaign: Campaign, gangs) -> bool:
    """As the campaign says (``mission_choice``): an arbitrator; nobody (a random draw); or
    the owner of the lower-rated gang (an arbitrator too)."""
    if campaign.mission_choice == "random" or not gangs:
        return False
    if arbitrates(user=user, campaign=campaign):
        return True
    return campaign.mission_choice == "underdog" and any(
        g.owner_id == user.pk for g in underdogs(gangs)
    )


def _may_confirm(*, user, campaign: Campaign, battle: Battle) -> bool:
    """Someone whose word is not in the battle yet: the other side, or an arbitrator (for
    gangs that accepted the campaign) who does not play in it. A disputed battle: only such
    an arbitrator. A live battle was refereed by the server: either side, or an arbitrator."""
    owners = _owners(battle)
    plays = user.pk in owners
    if battle.status == Battle.Status.REPORTED and plays:
        # The reporter's word is in already; the other side's is what counts.
        return battle.reported_by_id != user.pk or battle.source == Battle.Source.LIVE
    if plays or not arbitrates(user=user, campaign=campaign):
        return False
    return _oversees_all(user=user, action=gang_access.Action.CONFIRM_BATTLE, gangs=_gangs(battle))


def can(
    *,
    user,
    action: Action,
    campaign: Campaign,
    battle: Battle | None = None,
    gangs=None,
    gang=None,
) -> bool:
    """Whether ``user`` may take ``action`` in ``campaign``. An owner's action names the
    ``gang``; a battle action the ``battle``, or (to start or report one) its two ``gangs``."""
    action = Action(action)
    if not _signed_in(user):
        return False
    if action in ARBITRATOR_ACTIONS:
        return arbitrates(user=user, campaign=campaign)
    if action in GANG_OWNER_ACTIONS:
        return gang is not None and gang.owner_id == user.pk
    if action == Action.START_LIVE_BATTLE:
        return user.is_staff or any(g.owner_id == user.pk for g in gangs or [])
    if action in (Action.REPORT_BATTLE, Action.SCHEDULE_BATTLE):
        return _may_report(user=user, campaign=campaign, gangs=list(gangs or []))
    if action == Action.PICK_MISSION:
        return _may_pick_mission(user=user, campaign=campaign, gangs=list(gangs or []))
    if action == Action.PICK_CREW:  # the owner's own crew; an arbitrator steps in
        return gang is not None and _may_report(user=user, campaign=campaign, gangs=[gang])
    if action == Action.WITHDRAW_BATTLE:  # whether it still may be is the service's
        return battle is not None and battle.reported_by_id == user.pk
    return battle is not None and _may_confirm(user=user, campaign=campaign, battle=battle)


def require(
    *,
    user,
    action: Action,
    campaign: Campaign,
    battle: Battle | None = None,
    gangs=None,
    gang=None,
) -> None:
    """``can``, or the 403 that says who may."""
    if can(user=user, action=action, campaign=campaign, battle=battle, gangs=gangs, gang=gang):
        return
    action = Action(action)
    raise refusal(
        action,
        arbitrators_only=action in ARBITRATOR_ACTIONS,
        campaign=campaign,
        battle=battle,
        arbitrator=arbitrates(user=user, campaign=campaign),
    )


@dataclass(frozen=True)
class Awaiting:
    """Whose word a battle waits for: any one of ``players`` (usernames), or an arbitrator
    who does not play in it."""

    players: tuple[str, ...]
    neutral_arbitrator: bool = True


def awaiting(*, battle: Battle) -> Awaiting | None:
    """Whose word is missing for ``battle`` to count (None once it is confirmed or void)."""
    if battle.status == Battle.Status.DISPUTED:
        return Awaiting(players=())
    if battle.status != Battle.Status.REPORTED:
        return None
    sides = [side.gang.owner for side in battle.sides.all()]
    reporter = battle.reported_by_id
    if battle.source == Battle.Source.LIVE or reporter not in {u.pk for u in sides}:
        return Awaiting(players=tuple(sorted({u.username for u in sides})))
    return Awaiting(players=tuple(sorted({u.username for u in sides if u.pk != reporter})))


# --- Other apps' questions: rosters' overseer rule, the admin's scoping --------------------


def arbitrates_gang(*, user, gang) -> bool:
    """The overseer rule campaigns registers with ``rosters.access``: whether ``user``
    arbitrates a campaign that ``gang`` is an active member of.

    Active means the owner agreed: an invitation they accepted, their request an arbitrator
    approved, or the arbitrator's own gang. An invited, declined, rejected or departed gang
    gives its campaign's arbitrators no power at all. What the power is (goods, corrections,
    battles; never the roster) is ``rosters.access.OVERSEER_ACTIONS``, not this rule's choice.
    """
    return Membership.objects.filter(
        arbitrated_by(user), gang=gang, status=Membership.Status.ACTIVE
    ).exists()


def manages_roster(*, user, gang) -> bool:
    """The roster rule campaigns registers with ``rosters.access``: whether ``user``
    arbitrates a campaign that ``gang`` is an active member of *and* whose owner lets that
    campaign's arbitrators manage its roster (``Membership.arbitrators_manage_roster``, the
    owner's choice alone). What they may then do (hire, buy, sell, move kit, spend flips;
    never the gang's name or notes) is ``rosters.access.MANAGED_ROSTER_ACTIONS``."""
    return Membership.objects.filter(
        arbitrated_by(user),
        gang=gang,
        status=Membership.Status.ACTIVE,
        arbitrators_manage_roster=True,
    ).exists()


def watches_live_battle(*, match, user) -> bool:
    """The watch rule campaigns registers with ``matches.access``: a campaign's arbitrators and
    the owners of its active gangs may watch its live battles."""
    live = LiveBattle.objects.filter(match=match).select_related("campaign").first()
    if live is None:
        return False
    campaign = live.campaign
    if campaign.created_by_id == user.pk or arbitrates(user=user, campaign=campaign):
        return True
    return Membership.objects.filter(
        campaign=campaign, status=Membership.Status.ACTIVE, gang__owner=user
    ).exists()


def arbitrated_by(user, *, via: str = "campaign") -> Q:
    """Rows of the campaigns ``user`` arbitrates, reached from their model by ``via`` (empty
    for campaigns themselves): the role as a query, for lists."""
    return Q(**{f"{via}__arbitrators" if via else "arbitrators": user})


def battles_awaiting_word_of(user) -> Q:
    """The battles whose confirmation ``user`` may give (``_may_confirm`` as a query, for the
    lists of what waits for them; the owners' consent is asked when they act): a reported
    one they play in and did not report (a live one: either side), and reported or disputed
    ones of campaigns they arbitrate and do not play in."""
    plays = Battle.objects.filter(sides__gang__owner=user).values("pk")
    my_side = Q(pk__in=plays) & (~Q(reported_by=user) | Q(source=Battle.Source.LIVE))
    neutral = arbitrated_by(user) & ~Q(pk__in=plays)
    reported = Q(status=Battle.Status.REPORTED, confirmed_by__isnull=True)
    waiting = Q(status__in=[Battle.Status.REPORTED, Battle.Status.DISPUTED])
    return reported & my_side | waiting & neutral


def campaigns_arbitrated_by(user) -> QuerySet[Campaign]:
    return Campaign.objects.filter(arbitrated_by(user, via=""))


def gang_ids_arbitrated_by(user) -> QuerySet:
    """Ids of the gangs under the user (``arbitrates_gang``'s rule as a subquery)."""
    rows = Membership.objects.filter(arbitrated_by(user), status=Membership.Status.ACTIVE)
    return rows.values("gang_id")


def arbitrates_any(user) -> bool:
    """Whether the user arbitrates a campaign (an organiser, for the admin)."""
    return campaigns_arbitrated_by(user).exists()


def what_they_run(user) -> dict:
    return {"my_campaigns": list(campaigns_arbitrated_by(user).order_by("-created_at")[:20])}


def register_admin() -> None:
    """What an arbitrator sees in the admin (config/admin_scope.py): their campaigns and those
    campaigns' rows, and the gangs that are ``active`` members of them (asked to join,
    invited, refused or gone is not enough), with those gangs' fighters, ledger and history."""

    def campaign_rows(user) -> Q:
        return Q(pk__in=campaigns_arbitrated_by(user).values("pk"))

    def in_campaigns(user) -> Q:
        return Q(campaign__in=campaigns_arbitrated_by(user).values("pk"))

    def gang_rows(user) -> Q:
        return Q(pk__in=gang_ids_arbitrated_by(user))

    def of_gangs(user) -> Q:
        return Q(gang_id__in=gang_ids_arbitrated_by(user))

    view, add, change, run = scope.VIEW, scope.ADD, scope.CHANGE, scope.RUN
    scope.register_organisers(organises=arbitrates_any, runs=what_they_run)
    for label, rows, powers in (
        ("campaigns.campaign", campaign_rows, {view, add, change, run}),
        ("campaigns.membership", in_campaigns, {view, run}),
        ("campaigns.round", in_campaigns, {view, run}),
        ("campaigns.battle", in_campaigns, {view, add, run}),
        ("campaigns.scheduledbattle", in_campaigns, {view, add, change}),
        ("campaigns.logentry", in_campaigns, {view}),
        # The gang's change form: which fields an arbitrator may change is rosters.access's
        # (none: the roster is the owner's), asked field by field by the gang's admin.
        ("rosters.gang", gang_rows, {view, change, run}),
        ("rosters.fighter", of_gangs, {view, change, run}),
        ("rosters.ledgerentry", of_gangs, {view}),
        ("rosters.gangevent", of_gangs, {view}),
    ):
        scope.register_scope(label, rows=rows, powers=powers)


def manages_webhooks(*, user, owner: Campaign) -> bool:
    """Its arbitrators (its organiser among them) and staff add its webhooks and read their
    delivery log (registered with notifications from ``CampaignsConfig.ready()``)."""
    return arbitrates(user=user, campaign=owner) or (
        _signed_in(user) and owner.created_by_id == user.pk
    )


def campaigns_with_webhooks_of(user) -> QuerySet[Campaign]:
    """``manages_webhooks`` as a query: the campaigns whose webhooks ``user`` manages."""
    return Campaign.objects.filter(Q(arbitrators=user) | Q(created_by=user)).distinct()


def webhook_managers(campaign: Campaign) -> set[int]:
    """Who hears that one of its webhooks was paused."""
    return set(campaign.arbitrators.values_list("pk", flat=True)) | {campaign.created_by_id}

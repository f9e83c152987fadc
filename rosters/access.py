"""Who may do what to a gang: the one place that decides it.

The API, the admin and the pages ask here, never anywhere else, and they ask about a named
**action** (``Action``), not about "managing" a gang in general::

    from rosters import access
    access.can(user=request.user, action=access.Action.SELL, gang=gang)          # -> bool
    access.require(user=request.user, action=access.Action.ADJUST_CREDITS, gang=gang)
    gang = access.access_gang(user=request.user, action=access.Action.HIRE, gang_id=pk)
    access.actions_for(user=request.user, gang=gang)     # -> frozenset: what to offer on a page

Three kinds of people may act on a gang, each with a fixed set of actions:

- **the owner**: the roster, which is theirs alone to run (``ROSTER_ACTIONS``: rename, hire,
  retire, buy, sell, move kit, flip, share), and the battles their gang fought (report, confirm);
- **an overseer**, someone another app's rule says oversees the gang (today: an arbitrator of
  a campaign whose invitation the owner accepted): only the campaign's business
  (``OVERSEER_ACTIONS``): goods a battle earned, corrections of credits, reporting and
  confirming its battles. Never the roster: an arbitrator does not rename, sell, retire, hire,
  buy or flip, whatever campaign they run. The owner never grants themself credits or goods;
- **a roster manager**, someone another app's *roster rule* says the owner lets manage the
  roster (today: an arbitrator of a campaign the gang is active in, whose owner said yes on
  that membership): ``MANAGED_ROSTER_ACTIONS`` (hire, buy, sell, move kit, flip), never the
  gang's name or notes, renaming or retiring fighters, or sharing. The history names them;
- **staff** (``is_staff``, the site's organisers): every action, as the site's last resort.

Anyone else, and anonymous users, may do nothing. ``require`` and ``access_gang`` raise
``NotYourGang`` (403) for a refused roster action and ``NotAllowed`` (403) for a refused
overseer action; ``access_gang`` is a 404 for a gang that does not exist.

**The hook.** ``rosters`` imports no other app. An app whose people oversee gangs registers a
rule from its own ``AppConfig.ready()``::

    from rosters import access
    access.register_overseer_rule(arbitrates_gang)

A rule is ``rule(*, user, gang) -> bool``, called with a signed-in user who is neither the
owner nor staff. It says *whether* the user oversees the gang, never *what* they may do (that is
``OVERSEER_ACTIONS``, here). It answers from the database, so every process (web, worker) that
loads the app registers the same rules and the answer never depends on which one serves the
request. Rules are asked in registration order, only for overseer actions, and only until one
says yes. A rule must answer no for a gang whose owner has not accepted (or has left) whatever
makes the user its overseer: consent is the rule's business, and campaigns' rule is
``campaigns.access.arbitrates_gang``. A *roster rule* (``register_roster_rule``, same shape)
says whether the owner lets the user manage the roster; campaigns' is
``campaigns.access.manages_roster``, read from the owner's choice on the membership.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum

from django.http import Http404
from django.utils.translation import gettext as _

from config.errors import NotAllowed
from rosters.errors import NotYourGang
from rosters.models import Gang

OverseerRule = Callable[..., bool]

_overseer_rules: list[OverseerRule] = []  # filled by AppConfig.ready(), read-only afterwards
_roster_rules: list[OverseerRule] = []  # the same, for managing a roster with consent
# Where the owner said whether others manage the roster, for the sheet: source(gang_id) ->
# [{"where": name, "url": link, "allowed": bool}] (campaigns: one row per active campaign).
_consent_sources: list[Callable[[int], list[dict]]] = []


class Action(StrEnum):
    """Everything anyone may do to a gang, by name."""

    # The roster: the owner's own choices.
    EDIT_GANG = "edit_gang"  # name, notes
    HIRE = "hire"
    EDIT_FIGHTER = "edit_fighter"  # a fighter's name
    RETIRE = "retire"
    BUY = "buy"
    SELL = "sell"  # equipment or goods, at the marketplace
    MOVE_EQUIPMENT = "move_equipment"
    FLIP = "flip"  # spend, reflip, choose or decline an advancement card
    SHARE = "share"  # make or revoke the roster's read-only share link
    # A campaign's business with the gang.
    GRANT_GOODS = "grant_goods"  # goods found in a mission
    ADJUST_CREDITS = "adjust_credits"  # a correction of credits, with its reason
    REPORT_BATTLE = "report_battle"
    CONFIRM_BATTLE = "confirm_battle"  # or dispute it


ROSTER_ACTIONS = frozenset(
    {
        Action.EDIT_GANG,
        Action.HIRE,
        Action.EDIT_FIGHTER,
        Action.RETIRE,
        Action.BUY,
        Action.SELL,
        Action.MOVE_EQUIPMENT,
        Action.FLIP,
        Action.SHARE,
    }
)
BATTLE_ACTIONS = frozenset({Action.REPORT_BATTLE, Action.CONFIRM_BATTLE})
OWNER_ACTIONS = ROSTER_ACTIONS | BATTLE_ACTIONS
OVERSEER_ACTIONS = frozenset({Action.GRANT_GOODS, Action.ADJUST_CREDITS}) | BATTLE_ACTIONS
# What someone may do to a roster whose owner lets them manage it (a roster rule says yes):
# never its name, notes, fighters' names, retiring or sharing, which stay the owner's.
MANAGED_ROSTER_ACTIONS = frozenset(
    {Action.HIRE, Action.BUY, Action.SELL, Action.MOVE_EQUIPMENT, Action.FLIP}
)
STAFF_ACTIONS = frozenset(Action)


def register_overseer_rule(rule: OverseerRule) -> OverseerRule:
    """Add a rule that lets someone other than the owner oversee a gang (idempotent)."""
    if rule not in _overseer_rules:
        _overseer_rules.append(rule)
    return rule


def overseer_rules() -> tuple[OverseerRule, ...]:
    return tuple(_overseer_rules)


def register_roster_rule(rule: OverseerRule) -> OverseerRule:
    """Add a rule that lets someone other than the owner manage the roster (idempotent)."""
    if rule not in _roster_rules:
        _roster_rules.append(rule)
    return rule


def register_consent_source(source: Callable[[int], list[dict]]) -> Callable:
    """Add a source of the owner's choices shown on the sheet (idempotent)."""
    if source not in _consent_sources:
        _consent_sources.append(source)
    return source


def roster_consents(gang_id: int) -> list[dict]:
    """Every place the gang is in where its owner chose whether others manage its roster."""
    return [row for source in _consent_sources for row in source(gang_id)]


def oversees_gang(*, user, gang: Gang) -> bool:
    """Whether a rule another app registered lets ``user`` oversee ``gang``."""
    return any(rule(user=user, gang=gang) for rule in _overseer_rules)


def manages_roster(*, user, gang: Gang) -> bool:
    """Whether a roster rule another app registered lets ``user`` manage ``gang``'s roster
    (its owner said so)."""
    return any(rule(user=user, gang=gang) for rule in _roster_rules)


def actions_for(*, user, gang: Gang) -> frozenset[Action]:
    """Every action ``user`` may take on ``gang`` (each rule is asked at most once)."""
    if not user or not user.is_authenticated:
        return frozenset()
    if user.is_staff:
        return STAFF_ACTIONS
    if gang.owner_id == user.pk:
        return OWNER_ACTIONS
    actions = OVERSEER_ACTIONS if oversees_gang(user=user, gang=gang) else frozenset()
    if manages_roster(user=user, gang=gang):
        actions |= MANAGED_ROSTER_ACTIONS
    return actions


def can(*, user, action: Action, gang: Gang) -> bool:
    """Whether ``user`` may take ``action`` on ``gang``."""
    action = Action(action)
    if not user or not user.is_authenticated:
        return False
    if user.is_staff:
        return True
    if gang.owner_id == user.pk:
        return action in OWNER_ACTIONS
    if action in MANAGED_ROSTER_ACTIONS:
        return manages_roster(user=user, gang=gang)
    return action in OVERSEER_ACTIONS and oversees_gang(user=user, gang=gang)


def takes_to_battle(*, user, gang: Gang) -> bool:
    """Whether ``user`` may bring ``gang`` to a battle outside any campaign (a friendly live
    battle): its owner only. Their consent is theirs to give, not staff's or an arbitrator's."""
    return bool(user and user.is_authenticated and gang.owner_id == user.pk)


def require(*, user, action: Action, gang: Gang) -> None:
    """``can``, or the 403 that says who may."""
    if can(user=user, action=action, gang=gang):
        return
    if Action(action) in ROSTER_ACTIONS:
        raise NotYourGang()
    raise NotAllowed(
        _("Only an arbitrator of a campaign this gang has joined, or staff, may do this.")
    )


def access_gang(*, user, action: Action, gang_id: int) -> Gang:
    """The gang to act on: a 404 if there is none, a 403 if ``user`` may not take ``action``."""
    gang = Gang.objects.filter(pk=int(gang_id)).first()
    if gang is None:
        raise Http404
    require(user=user, action=action, gang=gang)
    return gang


# --- Before actions had names (#14). Kept for callers on other branches; new code names the
# action. Both answer for the roster, which only the owner and staff run.


def can_manage_gang(*, user, gang: Gang) -> bool:
    """Whether ``user`` may change the roster: the owner or staff (no overseer)."""
    return can(user=user, action=Action.EDIT_GANG, gang=gang)


def access_gang_for_change(*, user, gang_id: int) -> Gang:
    return access_gang(user=user, action=Action.EDIT_GANG, gang_id=gang_id)

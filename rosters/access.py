"""Who may act on a gang: the one place that decides it.

The API, the admin and the pages ask here, never anywhere else:

- ``can_manage_gang``: change the roster (hire, buy, sell, flip...): the owner, staff, or
  someone another app's rule says oversees the gang;
- ``can_grant_to_gang``: give credits or goods: staff or an overseer, never the owner;
- ``access_gang_for_change``: fetch a gang for a change, a 404 if there is none and
  ``NotYourGang`` if the user may not manage it.

**The hook.** ``rosters`` imports no other app. An app whose people oversee gangs (today:
campaigns, whose arbitrators manage the gangs playing in their campaigns) registers a rule
from its own ``AppConfig.ready()``::

    from rosters import access
    access.register_overseer_rule(arbitrates_gang)

A rule is ``rule(*, user, gang) -> bool``, called with a signed-in user; it answers from the
database, so every process (web, worker) that loads the app registers the same rules and the
answer never depends on which one serves the request. Rules are asked in registration order
and only until one says yes.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import Http404

from rosters.errors import NotYourGang
from rosters.models import Gang

OverseerRule = Callable[..., bool]

_overseer_rules: list[OverseerRule] = []  # filled by AppConfig.ready(), read-only afterwards


def register_overseer_rule(rule: OverseerRule) -> OverseerRule:
    """Add a rule that lets someone other than the owner oversee a gang (idempotent)."""
    if rule not in _overseer_rules:
        _overseer_rules.append(rule)
    return rule


def overseer_rules() -> tuple[OverseerRule, ...]:
    return tuple(_overseer_rules)


def oversees_gang(*, user, gang: Gang) -> bool:
    """Whether a rule another app registered lets ``user`` oversee ``gang``."""
    return any(rule(user=user, gang=gang) for rule in _overseer_rules)


def can_manage_gang(*, user, gang: Gang) -> bool:
    """Owner, staff, or an overseer (an arbitrator of a campaign the gang plays in)."""
    if not user or not user.is_authenticated:
        return False
    if user.is_staff or gang.owner_id == user.pk:
        return True
    return oversees_gang(user=user, gang=gang)


def can_grant_to_gang(*, user, gang: Gang) -> bool:
    """Credits and goods are granted by overseers and staff, never by the owner."""
    return user.is_staff or oversees_gang(user=user, gang=gang)


def access_gang_for_change(*, user, gang_id: int) -> Gang:
    gang = Gang.objects.filter(pk=gang_id).first()
    if gang is None:
        raise Http404
    if not can_manage_gang(user=user, gang=gang):
        raise NotYourGang()
    return gang

"""How a battle stops counting before it is confirmed: an arbitrator **voids** it (with a
reason), or its reporter **withdraws** it. Either way it is ``void``: it no longer counts
towards the pair's ``max_battles_per_pairing``, so the two gangs may report again, and the
other side hears of it. A confirmed battle was applied to the gangs and stands."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from campaigns import access
from campaigns.errors import CampaignError, WrongState
from campaigns.models import Battle, LogEntry
from campaigns.services.common import log
from notifications import hooks as notify


def _locked(battle: Battle) -> Battle:
    # Only the battle row (a join would lock the campaign too, against a leave that holds it).
    return (
        Battle.objects.select_for_update(of=("self",)).select_related("campaign").get(pk=battle.pk)
    )


@transaction.atomic
def void_battle(*, battle: Battle, actor, reason: str = "") -> Battle:
    """An arbitrator's ruling on a battle not yet confirmed (a disputed one, usually)."""
    access.require(user=actor, action=access.Action.VOID_BATTLE, campaign=battle.campaign)
    battle = _locked(battle)
    if battle.status == Battle.Status.CONFIRMED:
        raise WrongState(
            _("A confirmed battle has been applied to the gangs; it cannot be voided."),
            field="battle",
        )
    if battle.status == Battle.Status.VOID:
        return battle  # voiding twice changes nothing
    reason = (reason or "").strip()
    battle.status = Battle.Status.VOID
    battle.void_reason = reason
    battle.save(update_fields=["status", "void_reason"])
    log(
        battle.campaign,
        LogEntry.Kind.OVERRIDE,
        f"{actor.username} voided battle {battle.shown_number}"
        + (f": {reason}" if reason else "."),
        code="voided_because" if reason else "voided",
        params={"user": actor.username, "battle": battle.shown_number, "reason": reason},
        actor=actor,
        battle=battle,
    )
    notify.battle_voided(battle=battle, actor=actor)
    return battle


@transaction.atomic
def withdraw_battle(*, battle: Battle, actor) -> Battle:
    """The reporter takes back their report before it is confirmed (a mistake, or a dispute
    they agree with); the pair may then report the battle again."""
    battle = _locked(battle)
    access.require(
        user=actor, action=access.Action.WITHDRAW_BATTLE, campaign=battle.campaign, battle=battle
    )
    if battle.status == Battle.Status.VOID:
        return battle  # withdrawn (or voided) already: nothing changes
    if battle.status == Battle.Status.CONFIRMED:
        raise WrongState(
            _("This battle is confirmed and applied to the gangs; it cannot be withdrawn."),
            field="battle",
        )
    if battle.source != Battle.Source.LOGGED:
        raise CampaignError(
            _("A live battle's result is the server's; an arbitrator may void it."), field="battle"
        )
    battle.status = Battle.Status.VOID
    battle.void_reason = f"Withdrawn by {actor.username}, who reported it."
    battle.save(update_fields=["status", "void_reason"])
    log(
        battle.campaign,
        LogEntry.Kind.BATTLE,
        f"{actor.username} withdrew their report of battle {battle.shown_number}; "
        "the two gangs may report it again.",
        code="withdrawn",
        params={"user": actor.username, "battle": battle.shown_number},
        actor=actor,
        battle=battle,
    )
    notify.battle_withdrawn(battle=battle, actor=actor)
    return battle

"""The campaign itself: founding it, its settings, its arbitrators, its status."""

from __future__ import annotations

from django.db import transaction
from django.utils import translation
from django.utils.translation import gettext as _

from campaigns import access
from campaigns.errors import CampaignError, WrongState, status_word
from campaigns.log_lines import settings_named
from campaigns.models import (
    MAX_BATTLES_PER_PAIRING,
    Campaign,
    LogEntry,
    Round,
)
from campaigns.services.common import log
from campaigns.services.missions import check_mission_settings
from campaigns.services.rounds import open_round
from rulesets.registry import checked_house_rules as chosen_house_rules

RULESETS = ("last-hope-frontier",)
TIE_BREAKERS = ("head_to_head", "wins", "taken_out", "rating", "wealth", "fewest_lost")
SETTINGS = (
    "name",
    "description",
    "points_win",
    "points_draw",
    "points_loss",
    "reward_win",
    "reward_draw",
    "reward_loss",
    "round_length_days",
    "max_battles_per_pairing",
    "tie_breakers",
    "house_rules",
    "mission_choice",
    "underdog_bonus",
)


def _check_tie_breakers(value) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise CampaignError(_("Give tie-breakers as a list of names."), field="tie_breakers")
    unknown = [v for v in value if v not in TIE_BREAKERS]
    if unknown or len(set(value)) != len(value):
        raise CampaignError(
            _("Tie-breakers are chosen once each from %(names)s.")
            % {"names": ", ".join(TIE_BREAKERS)},
            field="tie_breakers",
        )
    return value


DEFAULT_TIE_BREAKERS = ("head_to_head", "wins", "taken_out")


def _in_english(keys: list[str]) -> str:
    with translation.override("en"):
        return settings_named(keys)


def check_settings(*, changes: dict, campaign: Campaign | None = None, ruleset: str = "") -> None:
    """The rules a campaign's settings follow, for a new campaign of ``ruleset`` or a change
    to ``campaign``. Raises ``CampaignError`` naming the field; writes nothing. Founding and
    updating ask it, and so does the admin's form before it saves."""
    if campaign is None and ruleset not in RULESETS:
        raise CampaignError(
            _("Campaigns follow Last Hope Frontier gangs; log other games in a league."),
            field="ruleset",
        )
    for key in changes:
        if key not in SETTINGS:
            raise CampaignError(_("'%(key)s' cannot be changed.") % {"key": key}, field=key)
    if "tie_breakers" in changes:
        _check_tie_breakers(changes["tie_breakers"])
    check_mission_settings(changes)
    if "house_rules" in changes:
        game = campaign.ruleset if campaign is not None else ruleset
        changes["house_rules"] = chosen_house_rules(game, changes["house_rules"], CampaignError)
    if "max_battles_per_pairing" in changes:
        limit = changes["max_battles_per_pairing"]
        if (
            isinstance(limit, bool)
            or not isinstance(limit, int)
            or not 1 <= limit <= MAX_BATTLES_PER_PAIRING
        ):
            raise CampaignError(
                _("Give a whole number from 1 to %(most)s.") % {"most": MAX_BATTLES_PER_PAIRING},
                field="max_battles_per_pairing",
            )
    win, draw = (
        changes[key]
        if key in changes
        else getattr(campaign, key)
        if campaign is not None
        else Campaign._meta.get_field(key).default
        for key in ("points_win", "points_draw")
    )
    if win < draw:  # else the CheckConstraint answers, as a 500
        raise CampaignError(_("A win must be worth at least a draw."), field="points_win")


@transaction.atomic
def create_campaign(
    *, creator, name: str, ruleset: str = "last-hope-frontier", **settings
) -> Campaign:
    changes = {"name": name, **settings}
    check_settings(changes=changes, ruleset=ruleset)  # normalises house_rules in changes
    settings = {key: value for key, value in changes.items() if key != "name"}
    settings.setdefault("tie_breakers", list(DEFAULT_TIE_BREAKERS))
    campaign = Campaign(name=name, ruleset=ruleset, created_by=creator, **settings)
    campaign.save()
    campaign.arbitrators.add(creator)
    log(
        campaign,
        LogEntry.Kind.CAMPAIGN,
        f"{creator.username} founded the campaign {name}.",
        actor=creator,
        code="founded",
        params={"user": creator.username, "name": name},
    )
    return campaign


@transaction.atomic
def update_campaign(*, campaign: Campaign, actor, **changes) -> Campaign:
    access.require(user=actor, action=access.Action.EDIT, campaign=campaign)
    campaign = Campaign.objects.select_for_update().get(pk=campaign.pk)
    check_settings(changes=changes, campaign=campaign)
    for key, value in changes.items():
        setattr(campaign, key, value)
    campaign.save()
    if changes:
        log(
            campaign,
            LogEntry.Kind.OVERRIDE,
            f"{actor.username} changed the settings: {_in_english(sorted(changes))}.",
            actor=actor,
            code="settings",
            params={"user": actor.username, "changes": sorted(changes)},
        )
    return campaign


@transaction.atomic
def add_arbitrator(*, campaign: Campaign, user, actor) -> None:
    access.require(user=actor, action=access.Action.EDIT, campaign=campaign)
    campaign.arbitrators.add(user)
    log(
        campaign,
        LogEntry.Kind.CAMPAIGN,
        f"{user.username} now arbitrates the campaign.",
        actor=actor,
        code="arbitrator",
        params={"user": user.username},
    )


@transaction.atomic
def set_status(*, campaign: Campaign, status: str, actor) -> Campaign:
    """draft → active (opens round 1) → finished (closes nothing by itself: close rounds first)."""
    access.require(user=actor, action=access.Action.RUN, campaign=campaign)
    campaign = Campaign.objects.select_for_update().get(pk=campaign.pk)
    allowed = {
        Campaign.Status.DRAFT: Campaign.Status.ACTIVE,
        Campaign.Status.ACTIVE: Campaign.Status.FINISHED,
    }
    if allowed.get(campaign.status) != status:
        raise WrongState(
            _("The campaign is %(status)s: it cannot become %(wanted)s.")
            % {"status": status_word(campaign.status), "wanted": status_word(status)},
            field="status",
        )
    if (
        status == Campaign.Status.FINISHED
        and campaign.rounds.exclude(status=Round.Status.CLOSED).exists()
    ):
        raise WrongState(_("Close the open round before finishing the campaign."), field="status")
    campaign.status = status
    campaign.save(update_fields=["status"])
    verb = "started" if status == Campaign.Status.ACTIVE else "finished"
    text = f"The campaign {verb}."
    log(campaign, LogEntry.Kind.CAMPAIGN, text, actor=actor, code=f"campaign_{verb}")
    if status == Campaign.Status.ACTIVE and not campaign.rounds.exists():
        open_round(campaign=campaign, actor=actor)
    return campaign

"""A battle's mission: chosen as the campaign says, its rewards in a tabletop report, its
data handed to a live battle (docs/rules/campaigns.md, "Missions").

- ``mission_choice``: the arbitrator picks; a random draw (nobody picks); or the underdog's
  owner (the lower-rated gang) picks, an arbitrator too. With no mission named under
  "arbitrator" or "underdog" the battle has none (and pays as before: free credits and goods).
- A tabletop report with a mission takes no free numbers: it names the loot tokens each gang
  picked up (``loot``), and the mission's reward for each side and outcome is paid, plus the
  campaign's ``underdog_bonus`` to the lower-rated gang (none when the ratings are equal).
- A live battle with a mission: the engine referees it and its report carries each side's
  earnings (``collect_live_battle`` reads them); the underdog bonus is added the same way.
"""

from __future__ import annotations

import secrets

from django.db import transaction
from django.utils.translation import gettext as _

from campaigns import access
from campaigns.errors import CampaignError
from campaigns.models import Battle, Campaign, LiveBattle, Mission
from campaigns.services.battles import _battle_gangs, report_battle
from rulesets.last_hope_frontier.missions import MissionError, parse_mission, side_of


def offered() -> list[Mission]:
    return list(Mission.objects.filter(active=True))


MAX_UNDERDOG_BONUS = 1000


def check_mission_settings(changes: dict) -> None:
    """A campaign's ``mission_choice`` and ``underdog_bonus`` (check_settings asks)."""
    if "mission_choice" in changes and changes["mission_choice"] not in Mission.Choice.values:
        raise CampaignError(
            _("Choose one of %(choices)s.") % {"choices": ", ".join(Mission.Choice.values)},
            field="mission_choice",
        )
    if "underdog_bonus" in changes:
        bonus = changes["underdog_bonus"]
        if isinstance(bonus, bool) or not isinstance(bonus, int):
            raise CampaignError(_("A whole number of credits."), field="underdog_bonus")
        if not 0 <= bonus <= MAX_UNDERDOG_BONUS:
            raise CampaignError(
                _("From 0 to %(most)s credits.") % {"most": MAX_UNDERDOG_BONUS},
                field="underdog_bonus",
            )


def check_mission_data(data) -> dict:
    """A staff edit, checked by the engine's own rules (a 400 naming the field)."""
    try:
        return parse_mission(data)
    except MissionError as exc:
        raise CampaignError(exc.message, field=exc.path.replace("mission", "data", 1)) from None


def choose_mission(*, campaign: Campaign, actor, gangs: list, requested) -> Mission | None:
    """The battle's mission, as the campaign says who chooses (``gangs``: the two, in order).
    A ``Mission`` row is one already chosen (a scheduled battle's pre-battle): kept as is."""
    if isinstance(requested, Mission):
        return requested
    if requested in (None, ""):
        if campaign.mission_choice != Mission.Choice.RANDOM:
            return None
        rows = offered()
        return secrets.choice(rows) if rows else None
    if not isinstance(requested, str):
        raise CampaignError(_("Name a mission by its key."), field="mission")
    mission = Mission.objects.filter(key=requested, active=True).first()
    if mission is None:
        raise CampaignError(
            _("There is no mission %(key)s.") % {"key": repr(requested[:40])}, field="mission"
        )
    access.require(user=actor, action=access.Action.PICK_MISSION, campaign=campaign, gangs=gangs)
    return mission


def _underdog_bonus(campaign: Campaign, gangs: list) -> dict[int, int]:
    low = access.underdogs(gangs)
    if not campaign.underdog_bonus or len(low) != 1:
        return {}
    return {low[0].pk: campaign.underdog_bonus}


def tabletop_earnings(
    *, campaign: Campaign, mission: Mission, gangs: list, winner: int | None, loot
) -> tuple[dict, dict]:
    """(goods, credits) by gang id: the mission's reward for each side and outcome, the loot
    tokens each gang picked up (``loot``: ``{gang id: [token keys]}``), the underdog bonus."""
    data = mission.data
    tokens = {t["key"]: t["item"] for t in data["loot"]}
    loot = loot or {}
    if not isinstance(loot, dict):
        raise CampaignError(_("Give the loot tokens picked up, keyed by gang id."), field="loot")
    ids = [g.pk for g in gangs]
    taken: set[str] = set()
    goods, credits = {}, {}
    for key in loot:
        if str(key) not in {str(i) for i in ids}:
            raise CampaignError(
                _("'%(key)s' is not a gang of this battle.") % {"key": key}, field="loot"
            )
    bonus = _underdog_bonus(campaign, gangs)
    for index, gang_id in enumerate(ids):
        picked = loot.get(gang_id, loot.get(str(gang_id), []))
        field = f"loot.{gang_id}"
        if not isinstance(picked, list) or any(k not in tokens for k in picked):
            raise CampaignError(
                _("Loot tokens of this mission: %(tokens)s.") % {"tokens": ", ".join(tokens)},
                field=field,
            )
        if taken & set(picked) or len(set(picked)) != len(picked):
            raise CampaignError(_("Each loot token is picked up once."), field=field)
        taken |= set(picked)
        outcome = "draw" if winner is None else "win" if winner == gang_id else "loss"
        reward = data["rewards"][side_of(index)][outcome]
        goods[gang_id] = [*reward["goods"], *(tokens[k] for k in picked)]
        credits[gang_id] = reward["credits"] + bonus.get(gang_id, 0)
    return goods, credits


def live_earnings(*, live: LiveBattle, report: dict, gangs: list) -> tuple[dict, dict]:
    """(goods, credits) by gang id from a live battle's report, with the underdog bonus."""
    earnings = report.get("earnings") or {}
    by_gang = {report["gangs"][seat]: earned for seat, earned in earnings.items()}
    bonus = _underdog_bonus(live.campaign, gangs) if live.mission_id else {}
    goods = {g.pk: list(by_gang.get(g.pk, {}).get("goods", [])) for g in gangs}
    credits = {g.pk: by_gang.get(g.pk, {}).get("credits", 0) + bonus.get(g.pk, 0) for g in gangs}
    return goods, credits


@transaction.atomic
def report_with_mission(
    *, campaign: Campaign, actor, gangs: list[int], mission=None, loot=None, **report
) -> Battle:
    """``report_battle`` with the battle's mission: chosen as the campaign says; with one, the
    report's credits and goods are the mission's, not typed in."""
    rows = _battle_gangs(campaign, gangs)
    ordered = [rows[g] for g in gangs]
    chosen = choose_mission(campaign=campaign, actor=actor, gangs=ordered, requested=mission)
    if chosen is None:
        if loot:
            raise CampaignError(_("Loot tokens come with a mission."), field="loot")
        return report_battle(campaign=campaign, actor=actor, gangs=gangs, **report)
    for field in ("credits", "goods"):
        if report.pop(field, None):
            raise CampaignError(
                _("A battle with a mission earns the mission's rewards: name the loot picked up."),
                field=field,
            )
    goods, credits = tabletop_earnings(
        campaign=campaign, mission=chosen, gangs=ordered, winner=report.get("winner"), loot=loot
    )
    battle = report_battle(
        campaign=campaign, actor=actor, gangs=gangs, goods=goods, credits=credits, **report
    )
    battle.mission = chosen
    battle.save(update_fields=["mission"])
    return battle


def live_options(*, campaign: Campaign, actor, gangs: list, mission) -> tuple[Mission | None, dict]:
    """The mission of a live battle and the engine option that carries it (its data, as staff
    last edited it)."""
    chosen = choose_mission(campaign=campaign, actor=actor, gangs=gangs, requested=mission)
    return chosen, ({} if chosen is None else {"mission": chosen.data})


@transaction.atomic
def save_mission(*, mission: Mission, data, active: bool, actor) -> Mission:
    """Staff add or change a mission (the admin's form): its data checked by the engine's
    rules; the key and name follow the data. Battles keep the mission they were played with
    as a key; a live battle already dealt plays the data it was dealt."""
    if not (actor and actor.is_staff):
        raise CampaignError(_("Only staff edit missions."), field="data")
    checked = check_mission_data(data)
    clash = Mission.objects.filter(key=checked["key"]).exclude(pk=mission.pk).exists()
    if clash:
        raise CampaignError(
            _("Another mission has the key %(key)s.") % {"key": repr(checked["key"])},
            field="data",
        )
    mission.key, mission.name, mission.data, mission.active = (
        checked["key"],
        checked["name"],
        checked,
        active,
    )
    mission.save()
    return mission

"""The battle session's first steps (issue #34): *schedule* a campaign battle (the two gangs,
the open round, a date), then *pre-battle* (its mission as the campaign chooses, attacker and
defender, the fighters who take part where the mission limits the crew), then play it on the
live table (``play_scheduled_live``) or report it from a real one (``report_scheduled``).

Who may: either gang's owner or an arbitrator (``access.Action.SCHEDULE_BATTLE``, as for
reporting); the arbitrator steps in at any step. Both sides see the same row."""

from __future__ import annotations

import datetime

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from campaigns import access
from campaigns.errors import CampaignError
from campaigns.models import Battle, Campaign, LiveBattle, LogEntry, Mission, ScheduledBattle
from campaigns.services.battles import _battle_gangs, _open_round
from campaigns.services.common import log
from campaigns.services.live import start_live_battle
from campaigns.services.missions import choose_mission, report_with_mission
from campaigns.services.pairings import check_pairing_limit
from rosters.models import Fighter


def _gangs(scheduled: ScheduledBattle) -> list:
    return [scheduled.first_gang, scheduled.second_gang]


def _require(*, actor, scheduled: ScheduledBattle) -> None:
    access.require(
        user=actor,
        action=access.Action.SCHEDULE_BATTLE,
        campaign=scheduled.campaign,
        gangs=_gangs(scheduled),
    )


def _locked(scheduled: ScheduledBattle) -> ScheduledBattle:
    return (
        ScheduledBattle.objects.select_for_update(of=("self",))
        .select_related("campaign", "round", "first_gang", "second_gang", "mission", "live__match")
        .get(pk=scheduled.pk)
    )


@transaction.atomic
def schedule_battle(
    *, campaign: Campaign, actor, gangs: list[int], play_on: datetime.date | None = None
) -> ScheduledBattle:
    """Two member gangs will fight in the open round (on ``play_on``, when they said)."""
    campaign = Campaign.objects.select_for_update().get(pk=campaign.pk)
    round_ = _open_round(campaign)
    rows = _battle_gangs(campaign, gangs)
    ordered = [rows[g] for g in gangs]
    access.require(
        user=actor, action=access.Action.SCHEDULE_BATTLE, campaign=campaign, gangs=ordered
    )
    check_pairing_limit(campaign=campaign, round_=round_, gangs=gangs)
    scheduled = ScheduledBattle.objects.create(
        campaign=campaign,
        round=round_,
        first_gang=ordered[0],
        second_gang=ordered[1],
        play_on=play_on,
        scheduled_by=actor,
    )
    when = f" on {play_on.isoformat()}" if play_on else ""
    said = {"user": actor.username, "a": ordered[0].name, "b": ordered[1].name}
    log(
        campaign,
        LogEntry.Kind.BATTLE,
        f"{actor.username} scheduled {ordered[0].name} against {ordered[1].name} in round "
        f"{round_.number}{when}.",
        actor=actor,
        code="scheduled_on" if play_on else "scheduled",
        params={**said, "round": round_.number}
        | ({"date": play_on.isoformat()} if play_on else {}),
    )
    return scheduled


UNPLAYED = ("cancelled", "abandoned")  # a live battle declined or dropped: play it again


def _check_not_played(scheduled: ScheduledBattle) -> None:
    live = scheduled.live
    again = live is not None and live.battle_id is None and live.match.status in UNPLAYED
    if scheduled.battle_id or (live is not None and not again):
        raise CampaignError(_("This battle is being played or was played."), field="scheduled")


def _limit(mission) -> int | None:
    return (mission.data.get("max_crew") if mission else None) or None


def _fighters(count: int) -> str:
    return ngettext("%(count)s fighter", "%(count)s fighters", count) % {"count": count}


def _check_crew(*, gang, picked, limit: int | None) -> list:
    """A crew of ``gang``: different fighters of it able to fight, at most ``limit``."""
    field = f"crews.{gang.pk}"
    if not isinstance(picked, list) or not picked or len(set(map(str, picked))) != len(picked):
        raise CampaignError(_("A list of different fighter ids."), field=field)
    able = set(gang.fighters.filter(status=Fighter.Status.ACTIVE).values_list("pk", flat=True))
    if any(isinstance(f, bool) or f not in able for f in picked):
        raise CampaignError(
            _("Only %(gang)s's fighters able to fight.") % {"gang": gang.name}, field=field
        )
    if limit and len(picked) > limit:
        raise CampaignError(
            ngettext(
                "This mission takes at most %(count)s fighter.",
                "This mission takes at most %(count)s fighters.",
                limit,
            )
            % {"count": limit},
            field=field,
        )
    return picked


def _merge_crews(*, scheduled: ScheduledBattle, actor, mission, crews, kept: dict) -> dict:
    """{gang id (str): [fighter ids]}: ``kept`` with the crews named in ``crews`` (keyed by
    gang id) checked and put in. Each side names its own gang's crew; an arbitrator may name
    either (``access.Action.PICK_CREW``)."""
    if crews in (None, ""):
        crews = {}
    if not isinstance(crews, dict):
        raise CampaignError(_("Give the fighters who take part, keyed by gang id."), field="crews")
    gangs = {str(g.pk): g for g in _gangs(scheduled)}
    unknown = set(map(str, crews)) - set(gangs)
    if unknown:
        raise CampaignError(
            _("'%(key)s' is not a gang of this battle.") % {"key": sorted(unknown)[0]},
            field="crews",
        )
    out = dict(kept)
    for key, picked in crews.items():
        gang = gangs[str(key)]
        access.require(
            user=actor, action=access.Action.PICK_CREW, campaign=scheduled.campaign, gang=gang
        )
        out[str(gang.pk)] = _check_crew(gang=gang, picked=picked, limit=_limit(mission))
    return out


@transaction.atomic
def prepare_battle(
    *, scheduled: ScheduledBattle, actor, mission=None, attacker=None, crews=None
) -> ScheduledBattle:
    """Pre-battle: the mission (drawn, or picked as the campaign says), the attacker (the
    first gang when none is named; the other defends) and the crews. Done again until the
    battle is played: a redraw is the arbitrator's or the players' call, logged each time."""
    scheduled = _locked(scheduled)
    _require(actor=actor, scheduled=scheduled)
    _check_not_played(scheduled)
    gangs = _gangs(scheduled)
    if attacker is None:
        attacker = gangs[0].pk
    if attacker not in (g.pk for g in gangs):
        raise CampaignError(_("The attacker is one of the battle's two gangs."), field="attacker")
    ordered = sorted(gangs, key=lambda g: g.pk != attacker)
    chosen = choose_mission(
        campaign=scheduled.campaign,
        actor=actor,
        gangs=ordered,
        requested=_requested(scheduled, actor=actor, gangs=ordered, mission=mission),
    )
    # Crews picked for another mission are picked again (its limit may differ).
    kept = scheduled.crews if chosen is not None and chosen == scheduled.mission else {}
    scheduled.crews = _merge_crews(
        scheduled=scheduled, actor=actor, mission=chosen, crews=crews, kept=kept
    )
    scheduled.mission, scheduled.attacker = chosen, ordered[0]
    scheduled.prepared_at = timezone.now()
    scheduled.save(update_fields=["mission", "attacker", "crews", "prepared_at"])
    named = f" the mission {chosen.name}," if chosen else ""
    said = {"user": actor.username, "a": ordered[0].name, "b": ordered[1].name}
    log(
        scheduled.campaign,
        LogEntry.Kind.BATTLE,
        f"{actor.username} set up the battle of {ordered[0].name} (attacker) and "
        f"{ordered[1].name} (defender):{named} round {scheduled.round.number}.",
        actor=actor,
        code="set_up_mission" if chosen else "set_up",
        params={**said, "round": scheduled.round.number}
        | ({"mission": chosen.name} if chosen else {}),
    )
    return scheduled


def _requested(scheduled: ScheduledBattle, *, actor, gangs: list, mission):
    """The mission asked for at a pre-battle done again. Where the campaign does not draw,
    only who may pick the mission changes it: not named (None), the one set up is kept; none
    (``""``) is a pick like any other. Where it draws, not named draws again."""
    campaign = scheduled.campaign
    if scheduled.mission is None or campaign.mission_choice == Mission.Choice.RANDOM:
        return mission
    if mission is None:
        return scheduled.mission
    if mission == "":
        access.require(
            user=actor, action=access.Action.PICK_MISSION, campaign=campaign, gangs=gangs
        )
    return mission


@transaction.atomic
def pick_crew(*, scheduled: ScheduledBattle, actor, gang: int, fighters: list) -> ScheduledBattle:
    """At pre-battle, the fighters of one gang who take part (where the mission limits the
    crew): its owner's choice, or an arbitrator's. The other side's crew is kept."""
    scheduled = _locked(scheduled)
    _check_not_played(scheduled)
    if scheduled.prepared_at is None:
        raise CampaignError(_("Set the battle up first (its pre-battle)."), field="scheduled")
    scheduled.crews = _merge_crews(
        scheduled=scheduled,
        actor=actor,
        mission=scheduled.mission,
        crews={str(gang): fighters},
        kept=scheduled.crews,
    )
    scheduled.save(update_fields=["crews"])
    name = next(g.name for g in _gangs(scheduled) if str(g.pk) == str(gang))
    log(
        scheduled.campaign,
        LogEntry.Kind.BATTLE,
        f"{actor.username} picked who fights for {name} in the battle of round "
        f"{scheduled.round.number}.",
        actor=actor,
        code="crew_picked",
        params={"user": actor.username, "gang": name, "round": scheduled.round.number},
    )
    return scheduled


def ready_seats(scheduled: ScheduledBattle) -> list[int]:
    """The gangs in seat order (attacker first) of a battle set up, each crew picked where
    the mission limits it, and not yet played."""
    _check_not_played(scheduled)
    if scheduled.prepared_at is None:
        raise CampaignError(_("Set the battle up first (its pre-battle)."), field="scheduled")
    seats = [scheduled.attacker_id, scheduled.defender_id]
    limit = _limit(scheduled.mission)
    for gang in _gangs(scheduled) if limit else ():
        if str(gang.pk) not in scheduled.crews:
            raise CampaignError(
                _("%(gang)s's crew is not picked yet (at most %(fighters)s).")
                % {"gang": gang.name, "fighters": _fighters(limit)},
                field=f"crews.{gang.pk}",
            )
    return seats


@transaction.atomic
def play_scheduled_live(
    *, scheduled: ScheduledBattle, actor, options: dict | None = None
) -> LiveBattle:
    """The scheduled battle on the live table: its gangs (attacker in seat s1), mission and
    crews as the pre-battle set them."""
    scheduled = _locked(scheduled)
    gangs = ready_seats(scheduled)
    live = start_live_battle(
        campaign=scheduled.campaign,
        actor=actor,
        gangs=gangs,
        options=options,
        mission=scheduled.mission,
        crews=scheduled.crews,
    )
    scheduled.live = live
    scheduled.save(update_fields=["live"])
    return live


@transaction.atomic
def report_scheduled(*, scheduled: ScheduledBattle, actor, **report) -> Battle:
    """The scheduled battle reported from a real table, with the pre-battle's mission."""
    scheduled = _locked(scheduled)
    gangs = ready_seats(scheduled)
    battle = report_with_mission(
        campaign=scheduled.campaign,
        actor=actor,
        gangs=gangs,
        mission=scheduled.mission,
        **report,
    )
    scheduled.battle = battle
    scheduled.save(update_fields=["battle"])
    return battle

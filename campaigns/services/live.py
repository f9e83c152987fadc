"""Live battles: a battle refereed by the server as a ``matches`` live match, collected as
a reported result when it finishes (the ``MATCH_FINISHED_HANDLERS`` hand-off, and a sweep)."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from campaigns import access
from campaigns.errors import CampaignError
from campaigns.models import (
    Battle,
    Campaign,
    LiveBattle,
    LogEntry,
)
from campaigns.services.battles import _battle_gangs, _open_round, report_battle
from campaigns.services.common import log
from campaigns.services.missions import live_earnings, live_options
from campaigns.services.pairings import check_pairing_limit
from rosters.live import gang_for_live_play  # the roster as the engine takes it
from rosters.models import Fighter, Gang


@transaction.atomic
def start_live_battle(
    *,
    campaign: Campaign,
    actor,
    gangs: list[int],
    options: dict | None = None,
    mission=None,
    crews: dict | None = None,
) -> LiveBattle:
    """Start a refereed battle between two member gangs; their owners take the two seats.

    The owners are invited (``matches.services.create_live_match``): the owner who starts it
    has accepted; the other owner (both, when staff start it) accepts with
    ``POST matches/{id}/accept/``, and only then is the battle dealt. The gangs are taken
    from the rosters now, as the invitation shows them; an owner who wants the battle with a
    changed gang declines, and the battle is started again."""
    from matches.models import Participant
    from matches.services import create_live_match

    campaign = Campaign.objects.select_for_update().get(pk=campaign.pk)
    round_ = _open_round(campaign)
    rows = _battle_gangs(campaign, gangs)
    check_pairing_limit(campaign=campaign, round_=round_, gangs=gangs)
    ordered = [rows[g] for g in gangs]
    access.require(
        user=actor, action=access.Action.START_LIVE_BATTLE, campaign=campaign, gangs=ordered
    )
    for index, gang in enumerate(ordered):
        if not gang.fighters.filter(status=Fighter.Status.ACTIVE).exists():
            raise CampaignError(
                _("%(gang)s has no fighter able to fight.") % {"gang": gang.name},
                field=f"gangs.{index}",
            )
    extra = dict(options or {})
    extra.pop("gangs", None)  # the server builds the gangs from the rosters, never the client
    extra.pop("mission", None)  # and the mission from the campaign's choice
    chosen, mission_option = live_options(
        campaign=campaign, actor=actor, gangs=ordered, mission=mission
    )
    match = create_live_match(
        ruleset=campaign.ruleset,
        players=[g.owner.username for g in ordered],
        options={
            **extra,
            **mission_option,
            "house_rules": campaign.house_rules,
            "gangs": {f"s{n}": _crew(g, crews) for n, g in enumerate(ordered, 1)},
        },
        created_by=actor,
    )
    for n, gang in enumerate(ordered, 1):
        Participant.objects.filter(match=match, seat=f"s{n}").update(gang=gang)
    live = LiveBattle.objects.create(
        campaign=campaign, round=round_, match=match, started_by=actor, mission=chosen
    )
    log(
        campaign,
        LogEntry.Kind.BATTLE,
        f"{actor.username} started a live battle of {ordered[0].name} and {ordered[1].name} "
        f"in round {round_.number} (match {match.pk}); it begins when both owners accept.",
        code="live_started",
        params={
            "user": actor.username,
            "a": ordered[0].name,
            "b": ordered[1].name,
            "round": round_.number,
            "match": match.pk,
        },
        actor=actor,
    )
    return live


@transaction.atomic
def collect_live_battle(*, match_id: int) -> Battle | None:
    """A finished live battle becomes a reported result, written from the engine's record.
    Idempotent: the LiveBattle row lock and its one-to-one battle make it happen once."""
    from matches.models import Match
    from rulesets.registry import get_ruleset

    live = (
        LiveBattle.objects.select_for_update(of=("self",))
        .select_related("match", "campaign", "round")
        .filter(match_id=match_id)
        .first()
    )
    if live is None or live.battle_id is not None or live.match.status != Match.Status.FINISHED:
        return None
    report = get_ruleset(live.match.ruleset).battle_report(live.match.state)
    gangs = [report["gangs"][seat] for seat in sorted(report["gangs"])]
    winner = report["gangs"][report["winner"]] if report["winner"] else None
    casualties = [
        # A fighter caught in their own dynamite's blast is taken out by no one.
        {"fighter": t["victim"], "taken_out_by": None if t["by"] == t["victim"] else t["by"]}
        for t in report["takedowns"]
    ]
    goods, credits = live_earnings(live=live, report=report, gangs=_gang_rows(gangs))
    battle = report_battle(
        campaign=live.campaign,
        goods=goods,
        credits=credits,
        actor=None,
        gangs=gangs,
        winner=winner,
        casualties=casualties,
        source=Battle.Source.LIVE,
        match=live.match,
        round_=live.round,
        spent=report["equipment_spent"],
    )
    if live.mission_id:
        battle.mission_id = live.mission_id
        battle.save(update_fields=["mission"])
    live.battle = battle
    live.save(update_fields=["battle"])
    return battle


def _crew(gang: Gang, crews: dict | None) -> dict:
    """The gang as the engine takes it, only the fighters picked at pre-battle when the
    mission limits the crew (``crews``: {gang id: [fighter ids]})."""
    played = gang_for_live_play(gang)
    picked = (crews or {}).get(str(gang.pk)) or (crews or {}).get(gang.pk)
    if picked:
        played["fighters"] = [f for f in played["fighters"] if f["id"] in picked]
    return played


def _gang_rows(gangs: list[int]) -> list:
    rows = {g.pk: g for g in Gang.objects.filter(pk__in=gangs)}
    return [rows[g] for g in gangs]


def collect_live_battles() -> int:
    """Beat: pick up finished live battles whose hand-off task was lost."""
    from matches.models import Match

    waiting = LiveBattle.objects.filter(battle__isnull=True, match__status=Match.Status.FINISHED)
    return sum(
        1
        for match_id in waiting.values_list("match_id", flat=True)
        if collect_live_battle(match_id=match_id) is not None
    )

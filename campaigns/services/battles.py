"""Battle reports: ``reported → confirmed`` or ``reported → disputed → arbitrator``; a
confirmation sends the post-game. Who may report, confirm, dispute or void is
``campaigns.access`` (never one side alone: the other side's word, or a neutral arbitrator's)."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from campaigns import access
from campaigns.errors import CampaignError, RoundClosed, WrongState, status_word
from campaigns.models import (
    Battle,
    BattleSide,
    Campaign,
    Casualty,
    LogEntry,
    Membership,
    Round,
)
from campaigns.services.common import log, next_battle_number, tell_gangs
from campaigns.services.pairings import check_pairing_limit
from campaigns.services.report_input import casualty_rows, earnings
from config import dispatch
from notifications import hooks as notify
from rosters.models import Fighter, Gang
from rulesets.core.words import counted


def _active_gang_ids(campaign: Campaign) -> set[int]:
    return set(
        campaign.memberships.filter(status=Membership.Status.ACTIVE).values_list(
            "gang_id", flat=True
        )
    )


def _open_round(campaign: Campaign) -> Round:
    round_ = campaign.rounds.filter(status=Round.Status.OPEN).first()
    if round_ is None:
        raise RoundClosed(
            _("There is no open round to play in; the round is closed."), field="round"
        )
    return round_


def _battle_gangs(campaign: Campaign, gangs: list[int]) -> dict[int, Gang]:
    """The two gangs of a battle, both members of the campaign."""
    if len(gangs) != 2 or len(set(gangs)) != 2:
        raise CampaignError(_("A battle is fought by exactly two different gangs."), field="gangs")
    members = _active_gang_ids(campaign)
    outsiders = [g for g in gangs if g not in members]
    if outsiders:
        raise CampaignError(
            _("Gang %(gang)s is not in this campaign.") % {"gang": outsiders[0]}, field="gangs"
        )
    return {g.pk: g for g in Gang.objects.select_related("owner").filter(pk__in=gangs)}


def _side_result(winner: int | None, gang_id: int) -> str:
    if winner is None:
        return BattleSide.Result.DRAW
    return BattleSide.Result.WIN if winner == gang_id else BattleSide.Result.LOSS


@transaction.atomic
def report_battle(
    *,
    campaign: Campaign,
    actor,
    gangs: list[int],
    winner: int | None,
    casualties: list[dict],
    goods=None,
    credits=None,
    source: str = Battle.Source.LOGGED,
    match=None,
    round_: Round | None = None,
    spent: list | None = None,
) -> Battle:
    """A battle's result into the open round (a live battle: into the round it started in)."""
    campaign = Campaign.objects.select_for_update().get(pk=campaign.pk)
    round_ = round_ or _open_round(campaign)
    gang_rows = _battle_gangs(campaign, gangs)
    overseen = []
    if source == Battle.Source.LOGGED:  # a live battle's result is the server's
        access.require(
            user=actor,
            action=access.Action.REPORT_BATTLE,
            campaign=campaign,
            gangs=gang_rows.values(),
        )
        if access.arbitrates(user=actor, campaign=campaign):
            overseen = [g for g in gang_rows.values() if g.owner_id != actor.pk]
    if winner is not None and winner not in gangs:
        raise CampaignError(
            _("The winner must be one of the two gangs (or null for a draw)."), field="winner"
        )
    fighters = {f.pk: f for f in Fighter.objects.filter(gang_id__in=gangs)}
    rows = casualty_rows(casualties, fighters)
    goods_by_gang, credits_by_gang = earnings(gangs, goods, credits)
    if source == Battle.Source.LOGGED:  # a live battle was counted when it started
        check_pairing_limit(campaign=campaign, round_=round_, gangs=gangs)
    battle = Battle.objects.create(
        campaign=campaign,
        number=next_battle_number(campaign),
        round=round_,
        reported_by=actor,
        source=source,
        match=match,
        spent=spent or [],
    )
    BattleSide.objects.bulk_create(
        BattleSide(
            battle=battle,
            gang_id=gang_id,
            result=_side_result(winner, gang_id),
            credits_earned=credits_by_gang.get(gang_id, 0),
            goods=goods_by_gang.get(gang_id, []),
        )
        for gang_id in gangs
    )
    Casualty.objects.bulk_create(
        Casualty(battle=battle, fighter=f, taken_out_by=a) for f, a in rows
    )
    a, b = (gang_rows[g] for g in gangs)
    won = None if winner is None else gang_rows[winner].name
    _log_report(battle, actor, (a.name, b.name), won, len(rows))
    tell_gangs(
        overseen,
        actor=actor,
        battle=battle,
        code="overseer_reported",
        a=a.name,
        b=b.name,
        outcome={"code": "drew"} if won is None else {"code": "won", "params": {"gang": won}},
    )
    notify.battle_reported(battle=battle)
    return battle


def _log_report(battle: Battle, actor, names: tuple[str, str], won: str | None, out: int):
    """The campaign log's line for a reported battle (campaigns/log_texts.py "reported")."""
    outcome = "drew" if won is None else f"won: {won}"
    log(
        battle.campaign,
        LogEntry.Kind.BATTLE,
        f"{actor.username if actor else 'The server'} reported "
        f"{names[0]} against {names[1]} in round {battle.round.number} ({outcome}); "
        f"{counted(out, 'fighter')} out of action.",
        code="reported",
        params={
            "user": actor.username if actor else {"code": "server"},
            "a": names[0],
            "b": names[1],
            "round": battle.round.number,
            "outcome": {"code": "drew"}
            if won is None
            else {"code": "won", "params": {"gang": won}},
            "count": out,
        },
        actor=actor,
        battle=battle,
    )


@transaction.atomic
def confirm_battle(*, battle: Battle, actor) -> Battle:
    # Only the battle row (a join would lock the campaign too, against a leave that holds it).
    battle = (
        Battle.objects.select_for_update(of=("self",)).select_related("campaign").get(pk=battle.pk)
    )
    # Who may confirm comes first: "confirming twice changes nothing" is an answer for those
    # who confirmed it, not a 200 for a stranger who never could.
    if battle.status == Battle.Status.CONFIRMED and battle.confirmed_by_id == actor.pk:
        return battle  # confirming twice changes nothing
    _require_confirm(battle, actor)
    if battle.status == Battle.Status.VOID:
        raise WrongState(_("This battle was voided."), field="battle")
    if battle.status == Battle.Status.CONFIRMED:
        return battle  # the other side confirmed it already: nothing changes
    members = _active_gang_ids(battle.campaign)
    gone = [g for g in _gangs(battle) if g.pk not in members]
    if gone:
        raise WrongState(
            _("%(gang)s is no longer in the campaign; the battle cannot count.")
            % {"gang": gone[0].name},
            field="battle",
        )
    battle.status = Battle.Status.CONFIRMED
    battle.confirmed_by = actor
    battle.confirmed_at = timezone.now()
    if battle.match_id is None:
        battle.match = _record_match(battle, actor=actor)
    battle.save(update_fields=["status", "confirmed_by", "confirmed_at", "match"])
    log(
        battle.campaign,
        LogEntry.Kind.BATTLE,
        f"{actor.username} confirmed battle {battle.shown_number}.",
        code="confirmed",
        params={"user": actor.username, "battle": battle.shown_number},
        actor=actor,
        battle=battle,
    )
    if access.arbitrates(user=actor, campaign=battle.campaign):
        tell_gangs(
            [g for g in _gangs(battle) if g.owner_id != actor.pk],
            actor=actor,
            battle=battle,
            code="overseer_confirmed",
        )
    # With the broker down the confirmation stands; sweep_post_games sends the post-game later.
    dispatch.send_on_commit("campaigns.tasks.run_post_game", battle_id=battle.pk)
    return battle


def _require_confirm(battle: Battle, actor) -> None:
    """campaigns.access's word: never the side whose word is in already (a confirmed or void
    battle is asked about as it was reported: who could have confirmed it hears why not)."""
    if battle.status in (Battle.Status.CONFIRMED, Battle.Status.VOID):
        battle = Battle(
            pk=battle.pk,
            campaign=battle.campaign,
            status=Battle.Status.REPORTED,
            reported_by_id=battle.reported_by_id,
            source=battle.source,
        )
    access.require(
        user=actor, action=access.Action.CONFIRM_BATTLE, campaign=battle.campaign, battle=battle
    )


def _gangs(battle: Battle) -> list[Gang]:
    return [side.gang for side in battle.sides.select_related("gang").order_by("gang_id")]


def _record_match(battle: Battle, *, actor):
    """A confirmed logged battle becomes a match record too, so that it counts in the
    players' histories like every other game. None when one player ran both gangs (a match
    seats each player once)."""
    from matches.services import log_result

    sides = list(battle.sides.select_related("gang__owner"))
    owners = {side.gang.owner.username: side for side in sides}
    if len(owners) != 2:
        return None
    taken_out = dict.fromkeys((s.gang_id for s in sides), 0)
    for by_gang, victim_gang in battle.casualties.values_list(
        "taken_out_by__gang_id", "fighter__gang_id"
    ):
        if by_gang and by_gang != victim_gang:
            taken_out[by_gang] += 1
    return log_result(
        ruleset=battle.campaign.ruleset,
        placements={
            name: 2 if side.result == BattleSide.Result.LOSS else 1 for name, side in owners.items()
        },
        scores={
            name: {
                "fighters_taken_out": taken_out[side.gang_id],
                "credits_earned": side.credits_earned,
            }
            for name, side in owners.items()
        },
        gangs={name: side.gang for name, side in owners.items()},
        played_at=battle.reported_at,
        created_by=actor,
        on_behalf=True,
    )


@transaction.atomic
def dispute_battle(*, battle: Battle, actor, reason: str) -> Battle:
    # Only the battle row (a join would lock the campaign too, against a leave that holds it).
    battle = (
        Battle.objects.select_for_update(of=("self",)).select_related("campaign").get(pk=battle.pk)
    )
    if battle.status != Battle.Status.REPORTED:
        raise WrongState(
            _("This battle cannot be disputed: it is %(status)s.")
            % {"status": status_word(battle.status)},
            field="battle",
        )
    _require_confirm(battle, actor)
    if not reason.strip():
        raise CampaignError(_("Say what is wrong with the report."), field="reason")
    battle.status = Battle.Status.DISPUTED
    battle.dispute_reason = reason
    battle.save(update_fields=["status", "dispute_reason"])
    log(
        battle.campaign,
        LogEntry.Kind.BATTLE,
        f"{actor.username} disputed battle {battle.shown_number}: {reason}",
        code="disputed",
        params={"user": actor.username, "battle": battle.shown_number, "reason": reason},
        actor=actor,
        battle=battle,
    )
    notify.battle_disputed(battle=battle, actor=actor)
    return battle

"""The post-game sequence of a confirmed battle, applied exactly once: it locks the battle
row and does nothing when ``post_game_at`` is already set, so a second confirmation, a retry
or a worker that died mid-task never injures or pays twice."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from campaigns.models import (
    Battle,
    LogEntry,
)
from campaigns.services.common import log
from config import dispatch
from notifications import hooks as notify
from rosters import services as rosters
from rosters.models import Fighter, Gang, LedgerEntry
from rulesets.core.words import counted
from rulesets.last_hope_frontier import post_game


@transaction.atomic
def run_post_game(*, battle_id: int) -> bool:
    """Injuries, then flips, then rewards and goods, then the gang's battle count.

    Returns False when there was nothing to do (not confirmed, or already applied).
    """
    # The battle row only, not its campaign through the join (as confirm_battle): a post-game
    # held every other write of the campaign (a report, a leave, a round) for its whole run.
    # NO KEY UPDATE here and on the gangs: it serialises with a second post-game and with every
    # roster write (whose UPDATE takes the same lock), not with rows that merely reference
    # them, whose deferred key checks take FOR KEY SHARE at commit.
    battle = (
        Battle.objects.select_for_update(no_key=True, of=("self",))
        .select_related("campaign")
        .get(pk=battle_id)
    )
    if battle.status != Battle.Status.CONFIRMED or battle.post_game_at is not None:
        return False
    sides = list(battle.sides.select_related("gang").order_by("gang_id"))
    # Both gangs in id order, before any fighter: the order of every roster write (gang, then
    # its rows), so that two post-games of the same gangs, or one and a purchase, never deadlock.
    gang_ids = [s.gang_id for s in sides]
    list(Gang.objects.select_for_update(no_key=True).filter(pk__in=gang_ids).order_by("pk"))
    gang_of = {s.gang_id: s.gang for s in sides}
    casualties = list(battle.casualties.select_related("fighter", "taken_out_by"))
    # What happened, kept on the battle as it happens (its detail shows it; nothing recomputed).
    outcome = {"injuries": [], "deaths": [], "flips": [], "rewards": [], "items": []}
    died = _take_out_of_action(battle, casualties, gang_of, outcome)
    _award_flips(battle, casualties, died, gang_of, outcome)
    for side in sides:
        _reward_side(battle, side, outcome)
    for spent in battle.spent:
        rosters.use_up(fighter_id=spent["fighter"], item=spent["item"], at=_where(battle))
        outcome["items"].append(
            {"fighter": spent["fighter"], "item": spent["item"], "how": "spent"}
        )
    battle.post_game_at = timezone.now()
    battle.outcome = outcome
    battle.save(update_fields=["post_game_at", "outcome"])
    notify.post_game_done(battle=battle, outcome=outcome)
    return True


def _take_out_of_action(battle: Battle, casualties, gang_of: dict, outcome: dict) -> list[str]:
    """Each casualty's injury (or death), logged; returns the ids of the fighters who died."""
    campaign = battle.campaign
    died = []
    for casualty in casualties:
        injury = rosters.take_out_of_action(
            fighter=casualty.fighter,
            actor=None,
            at=_where(battle, campaign=True),
        )
        casualty.killed = injury.fatal
        casualty.save(update_fields=["killed"])
        fighter = casualty.fighter
        gang = gang_of[fighter.gang_id]
        who = {"fighter": fighter.pk, "name": fighter.name, "gang": fighter.gang_id}
        if injury.fatal:
            died.append(str(fighter.pk))
            outcome["deaths"].append(who)
            text = (
                f"{fighter.name} of {gang.name} was taken out of action a third time and is "
                "dead; their equipment is buried with them."
            )
            words = {"fighter": fighter.name, "gang": gang.name}
            log(
                campaign,
                LogEntry.Kind.DEATH,
                text,
                battle=battle,
                gang=gang,
                code="death",
                params=words,
            )
        else:
            outcome["injuries"].append(
                {**who, "strike": injury.strike, "wounds_lost": injury.wounds_lost}
            )
            text = (
                f"{fighter.name} of {gang.name} was taken out of action "
                f"({injury.strike} of 3) and permanently loses a wound."
            )
            words = {"fighter": fighter.name, "gang": gang.name, "strike": injury.strike}
            log(
                campaign,
                LogEntry.Kind.INJURY,
                text,
                battle=battle,
                gang=gang,
                code="injury",
                params=words,
            )
    return died


def _award_flips(battle: Battle, casualties, died: list[str], gang_of: dict, outcome: dict):
    """The card flips the battle's take-downs earned (the engine settles who gets them)."""
    takedowns = [
        {
            "by": str(c.taken_out_by_id) if c.taken_out_by_id else None,
            "victim": str(c.fighter_id),
            "enemy": bool(c.taken_out_by_id) and c.taken_out_by.gang_id != c.fighter.gang_id,
        }
        for c in casualties
    ]
    for fighter_id, count in post_game.settle_takedowns(takedowns, died).items():
        fighter = Fighter.objects.get(pk=int(fighter_id))
        rosters.award_flips(fighter=fighter, count=count, actor=None, at=_where(battle))
        outcome["flips"].append(
            {"fighter": fighter.pk, "name": fighter.name, "gang": fighter.gang_id, "count": count}
        )
        log(
            battle.campaign,
            LogEntry.Kind.FLIPS,
            f"{fighter.name} earned {counted(count, 'card flip')}.",
            battle=battle,
            gang=gang_of[fighter.gang_id],
            code="flips",
            params={"fighter": fighter.name, "count": count},
        )


def _reward_side(battle: Battle, side, outcome: dict) -> None:
    """A side's reward for its result, the goods it found, and one more battle on its count."""
    campaign = battle.campaign
    reward = getattr(campaign, f"reward_{side.result}") + side.credits_earned
    outcome["rewards"].append({"gang": side.gang_id, "result": side.result, "credits": reward})
    if reward:
        rosters.adjust_credits(
            gang=side.gang,
            amount=reward,
            actor=None,
            reason=LedgerEntry.Reason.REWARD,
            note="",
            reward={
                "result": side.result,
                "campaign": campaign.name,
                "battle": battle.shown_number,
            },
        )
        log(
            campaign,
            LogEntry.Kind.REWARD,
            f"{side.gang.name} earned {counted(reward, 'credit')} ({side.result}).",
            battle=battle,
            gang=side.gang,
            code="reward",
            params={"gang": side.gang.name, "count": reward, "result": side.result},
        )
    for slug in side.goods:  # goods, or findable items for the stash
        rosters.add_found(gang=side.gang, slug=slug, actor=None, at=_where(battle))
        outcome["items"].append({"gang": side.gang_id, "item": slug, "how": "found"})
    rosters.record_battle(gang=side.gang_id)


def _where(battle: Battle, *, campaign: bool = False) -> dict:
    """The battle (and its campaign) a roster line names, in its reader's language."""
    name = battle.campaign.name if campaign else ""
    return rosters.where(battle=battle.shown_number, campaign=name)


def sweep_post_games(*, older_than) -> int:
    """Beat: send again the post-game of confirmed battles still waiting for it (the task was
    lost with a killed worker or a restarted broker). Harmless if it was only slow: the
    post-game runs once whatever the number of tasks."""
    waiting = Battle.objects.filter(
        status=Battle.Status.CONFIRMED,
        post_game_at__isnull=True,
        confirmed_at__lte=timezone.now() - older_than,
    )
    ids = list(waiting.values_list("pk", flat=True))
    for battle_id in ids:
        dispatch.send("campaigns.tasks.run_post_game", battle_id=battle_id)
    return len(ids)

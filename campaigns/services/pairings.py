"""How often the same two gangs may fight in a round: the campaign's
``max_battles_per_pairing`` (default 1), so a pair cannot report battle after battle, each
paying the reward."""

from __future__ import annotations

from campaigns.errors import CampaignError
from campaigns.models import Battle, Campaign, LiveBattle, Round
from rulesets.core.words import counted


def check_pairing_limit(*, campaign: Campaign, round_: Round, gangs: list[int]) -> None:
    """The same two gangs fight at most ``campaign.max_battles_per_pairing`` battles a round
    (void battles do not count; live battles not yet reported do). Asked under the
    campaign's row lock, before a report or a live battle's start; a live battle's result
    coming back is never refused for it."""
    from matches.models import Match

    a, b = gangs
    fought = (
        Battle.objects.filter(round=round_, sides__gang_id=a)
        .filter(sides__gang_id=b)
        .exclude(status=Battle.Status.VOID)
        .count()
    )
    # A live battle of the pair not yet written as a report (invited, being played, or
    # finished and about to be collected) will become one: it counts already. Declined,
    # cancelled or abandoned ones never happened.
    fought += (
        LiveBattle.objects.filter(
            round=round_,
            battle__isnull=True,
            match__status__in=(Match.Status.INVITED, Match.Status.LIVE, Match.Status.FINISHED),
            match__participants__gang_id=a,
        )
        .filter(match__participants__gang_id=b)
        .count()
    )
    limit = campaign.max_battles_per_pairing
    if fought >= limit:
        raise CampaignError(
            f"These two gangs have already fought {counted(fought, 'battle')} in round "
            f"{round_.number}; this campaign allows {counted(limit, 'battle')} per pair of "
            "gangs a round (max_battles_per_pairing). Void one, or wait for the next round.",
            field="gangs",
        )

"""How often the same two gangs may fight in a round: the campaign's
``max_battles_per_pairing`` (default 1), so a pair cannot report battle after battle, each
paying the reward. Only standing battles count: a void or withdrawn one frees the pair."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from campaigns.errors import CampaignError
from campaigns.models import Battle, BattleSide, Campaign, LiveBattle, Round


def _pending_live(round_: Round):
    """Live battles not yet written as a report (invited, being played, or finished and about
    to be collected) will become one: they count already. Declined, cancelled or abandoned
    ones never happened."""
    from matches.models import Match

    return LiveBattle.objects.filter(
        round=round_,
        battle__isnull=True,
        match__status__in=(Match.Status.INVITED, Match.Status.LIVE, Match.Status.FINISHED),
    )


def battles_by_pair(round_: Round) -> Counter:
    """How many standing battles each pair of gangs (a frozenset of two ids) fought in
    ``round_``, live ones under way included: two queries, for the page and the check."""
    gangs_of: dict[tuple[str, int], set[int]] = {}
    sides = BattleSide.objects.filter(
        battle__round=round_, battle__status__in=Battle.STANDING
    ).values_list("battle_id", "gang_id")
    for battle_id, gang_id in sides:
        gangs_of.setdefault(("battle", battle_id), set()).add(gang_id)
    seats = _pending_live(round_).values_list("pk", "match__participants__gang_id")
    for live_id, gang_id in seats:
        if gang_id is not None:
            gangs_of.setdefault(("live", live_id), set()).add(gang_id)
    return Counter(frozenset(g) for g in gangs_of.values() if len(g) == 2)


def pairs_left(*, campaign: Campaign, round_: Round, gangs) -> list[tuple]:
    """``(gang, other gang, battles left)`` for each pair of ``gangs`` (one of them first when
    it is the asker's): what the report form says before anyone fills it in."""
    fought = battles_by_pair(round_)
    limit = campaign.max_battles_per_pairing
    rows = []
    for a, b in combinations(gangs, 2):
        rows.append((a, b, max(0, limit - fought[frozenset((a.pk, b.pk))])))
    return rows


def check_pairing_limit(*, campaign: Campaign, round_: Round, gangs: list[int]) -> None:
    """The same two gangs fight at most ``campaign.max_battles_per_pairing`` battles a round
    (void battles do not count; live battles not yet reported do). Asked under the
    campaign's row lock, before a report or a live battle's start (and, without the lock,
    when the report form opens); a live battle's result coming back is never refused for it."""
    fought = battles_by_pair(round_)[frozenset(gangs)]
    limit = campaign.max_battles_per_pairing
    if fought >= limit:
        fought_said = ngettext(
            "These two gangs have already fought %(fought)s battle in round %(round)s",
            "These two gangs have already fought %(fought)s battles in round %(round)s",
            fought,
        ) % {"fought": fought, "round": round_.number}
        allowed_said = ngettext(
            "this campaign allows %(limit)s battle per pair of gangs a round",
            "this campaign allows %(limit)s battles per pair of gangs a round",
            limit,
        ) % {"limit": limit}
        raise CampaignError(
            _(
                "%(fought)s, and %(allowed)s. An arbitrator may void one, its reporter may "
                "withdraw one, or they meet again next round."
            )
            % {"fought": fought_said, "allowed": allowed_said},
            field="gangs",
        )

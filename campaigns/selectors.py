"""Campaign reads other apps rely on."""

from __future__ import annotations


def takedowns_by_fighter(fighter_ids: list[int]) -> dict[int, tuple[int, int]]:
    """``{fighter: (enemies taken out, killing blows)}`` in battles whose post-game ran: what
    the fighters' flips were earned by (rosters asks through its take-downs hook)."""
    from django.db.models import Count, F, Q

    from campaigns.models import Casualty

    rows = (
        Casualty.objects.filter(taken_out_by__in=fighter_ids, battle__post_game_at__isnull=False)
        .exclude(fighter__gang_id=F("taken_out_by__gang_id"))  # one's own dynamite earns nothing
        .values("taken_out_by")
        .annotate(taken_out=Count("id"), killing_blows=Count("id", filter=Q(killed=True)))
    )
    return {r["taken_out_by"]: (r["taken_out"], r["killing_blows"]) for r in rows}


def campaign_standings(campaign) -> dict:
    """The table: points from confirmed battles, then the campaign's ordered tie-breakers.

    Four queries whatever the size of the campaign: members, battle sides, casualties (and
    the campaign itself, which the caller has). Campaigns stay computed on read: a campaign is
    tens of gangs and hundreds of battles, read in a few milliseconds (docs/performance.md).
    """
    from collections import defaultdict

    from campaigns.models import Membership
    from ranking import by_field, head_to_head, rank

    members = {
        m.gang_id: m
        for m in Membership.objects.filter(campaign=campaign, status__in=["active", "left"])
        .select_related("gang__owner")
        .order_by("id")
    }
    rows = {
        gang_id: {
            "gang": gang_id,
            "name": m.gang.name,
            "player": m.gang.owner.username,
            "membership": m.status,
            "played": 0,
            "won": 0,
            "drawn": 0,
            "lost": 0,
            "points": 0,
            "taken_out": 0,
            "fighters_lost": 0,
            "rating": m.gang.rating,
            "wealth": m.gang.wealth,
        }
        for gang_id, m in members.items()
    }
    points = {
        "win": campaign.points_win,
        "draw": campaign.points_draw,
        "loss": campaign.points_loss,
    }
    by_battle = _tally(campaign, rows, points)
    # Head-to-head reads only the battles of the gang asked about (not every battle for each
    # pair of tied gangs), and only when a tie asks (ranking.rank asks about the tied only).
    battles_of: dict[int, list[dict]] = defaultdict(list)
    for pair in by_battle.values():
        gangs = dict(pair)
        for gang_id in gangs:
            battles_of[gang_id].append(gangs)

    def points_between(a, b) -> int:
        return sum(points[gangs[a]] for gangs in battles_of[a] if b in gangs)

    breakers = {
        "head_to_head": head_to_head(points_between, key="gang"),
        "wins": by_field("won"),
        "taken_out": by_field("taken_out"),
        "rating": by_field("rating"),
        "wealth": by_field("wealth"),
        "fewest_lost": by_field("fighters_lost", lower_is_better=True),
    }
    ranking = rank(
        list(rows.values()),
        primary="points",
        name="name",
        breakers=[breakers[b] for b in campaign.tie_breakers if b in breakers],
    )
    warnings = [
        "Tie not broken between " + ", ".join(r["name"] for r in block) + "."
        for block in ranking.unbroken_ties
    ]
    return {"tie_breakers": campaign.tie_breakers, "rows": ranking.rows, "warnings": warnings}


def _tally(campaign, rows: dict, points: dict) -> dict:
    """Adds the confirmed battles' results and casualties to ``rows`` (by gang id); returns
    ``{battle: [(gang, result), ...]}`` for head-to-head."""
    from collections import defaultdict

    from campaigns.models import Battle, BattleSide, Casualty

    word = {"win": "won", "draw": "drawn", "loss": "lost"}
    by_battle = defaultdict(list)
    confirmed = {"battle__campaign": campaign, "battle__status": Battle.Status.CONFIRMED}
    sides = BattleSide.objects.filter(**confirmed)
    for battle_id, gang_id, result in sides.values_list("battle_id", "gang_id", "result"):
        by_battle[battle_id].append((gang_id, result))
        row = rows.get(gang_id)
        if row is not None:
            row["played"] += 1
            row[word[result]] += 1
            row["points"] += points[result]
    casualties = Casualty.objects.filter(**confirmed)
    for victim_gang, by_gang, killed in casualties.values_list(
        "fighter__gang_id", "taken_out_by__gang_id", "killed"
    ):
        if by_gang and by_gang != victim_gang and by_gang in rows:
            rows[by_gang]["taken_out"] += 1
        if killed and victim_gang in rows:
            rows[victim_gang]["fighters_lost"] += 1
    return by_battle

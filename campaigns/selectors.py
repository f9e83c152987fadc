"""Campaign reads other apps rely on."""

from __future__ import annotations

from collections import defaultdict

from django.db.models import Count, F, Q
from django.utils.translation import gettext as _

from campaigns.models import Battle, BattleSide, Campaign, Casualty, Membership
from ranking import by_field, head_to_head, rank


def takedowns_by_fighter(fighter_ids: list[int]) -> dict[int, tuple[int, int]]:
    """``{fighter: (enemies taken out, killing blows)}`` in battles whose post-game ran: what
    the fighters' flips were earned by (rosters asks through its take-downs hook)."""
    rows = (
        Casualty.objects.filter(taken_out_by__in=fighter_ids, battle__post_game_at__isnull=False)
        .exclude(fighter__gang_id=F("taken_out_by__gang_id"))  # one's own dynamite earns nothing
        .values("taken_out_by")
        .annotate(taken_out=Count("id"), killing_blows=Count("id", filter=Q(killed=True)))
    )
    return {r["taken_out_by"]: (r["taken_out"], r["killing_blows"]) for r in rows}


def house_rules_of_gang(gang_id: int) -> set[str]:
    """The house rules on in the campaigns this gang plays in (an active membership of a
    campaign not finished): rosters asks through its house-rules hook."""
    chosen = Campaign.objects.filter(
        memberships__gang_id=gang_id,
        memberships__status=Membership.Status.ACTIVE,
        status__in=[Campaign.Status.DRAFT, Campaign.Status.ACTIVE],
    ).values_list("house_rules", flat=True)
    return {key for rules in chosen for key, on in (rules or {}).items() if on}


def campaign_standings(campaign) -> dict:
    """The table: points from confirmed battles, then the campaign's ordered tie-breakers.

    Four queries whatever the size of the campaign: members, battle sides, casualties (and
    the campaign itself, which the caller has). Campaigns stay computed on read: a campaign is
    tens of gangs and hundreds of battles, read in a few milliseconds (docs/performance.md).
    """
    points = {
        "win": campaign.points_win,
        "draw": campaign.points_draw,
        "loss": campaign.points_loss,
    }
    rows = _member_rows(campaign)
    by_battle = _count_battles(campaign, rows, points)
    confirmed = Casualty.objects.filter(
        battle__campaign=campaign, battle__status=Battle.Status.CONFIRMED
    )
    for victim_gang, by_gang, killed in confirmed.values_list(
        "fighter__gang_id", "taken_out_by__gang_id", "killed"
    ):
        if by_gang and by_gang != victim_gang and by_gang in rows:
            rows[by_gang]["taken_out"] += 1
        if killed and victim_gang in rows:
            rows[victim_gang]["fighters_lost"] += 1

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
    # Said only once a tied gang has played: before that, everyone is level and nothing can
    # break it.
    warnings = [
        _("Tie not broken between %(gangs)s.") % {"gangs": ", ".join(r["name"] for r in block)}
        for block in ranking.unbroken_ties
        if any(r["played"] for r in block)
    ]
    return {"tie_breakers": campaign.tie_breakers, "rows": ranking.rows, "warnings": warnings}


def _member_rows(campaign) -> dict[int, dict]:
    """One row per active or departed member gang, its counts at zero."""
    members = (
        Membership.objects.filter(campaign=campaign, status__in=["active", "left"])
        .select_related("gang__owner")
        .order_by("id")
    )
    zero = dict.fromkeys(("played", "won", "drawn", "lost", "points", "taken_out"), 0)
    return {
        m.gang_id: {
            "gang": m.gang_id,
            "name": m.gang.name,
            "player": m.gang.owner.username,
            "membership": m.status,
            **zero,
            "fighters_lost": 0,
            "rating": m.gang.rating,
            "wealth": m.gang.wealth,
        }
        for m in members
    }


def _count_battles(campaign, rows: dict, points: dict) -> dict[int, list]:
    """Each confirmed battle's result counted into its gangs' rows; returns every battle's
    ``[(gang, result), ...]`` for head-to-head."""
    word = {"win": "won", "draw": "drawn", "loss": "lost"}
    by_battle = defaultdict(list)
    sides = BattleSide.objects.filter(
        battle__campaign=campaign, battle__status=Battle.Status.CONFIRMED
    )
    for battle_id, gang_id, result in sides.values_list("battle_id", "gang_id", "result"):
        by_battle[battle_id].append((gang_id, result))
        row = rows.get(gang_id)
        if row is not None:
            row["played"] += 1
            row[word[result]] += 1
            row["points"] += points[result]
    return by_battle


def rounds_closing(*, now, until) -> list[dict]:
    """Open rounds whose deadline falls in (now, until], with the owners of the campaign's
    active gangs: the "round closing within 24 hours" sweep asks this (registered with
    notifications from ``CampaignsConfig.ready()``)."""
    from campaigns.models import Round

    rounds = list(
        Round.objects.filter(
            status__in=[Round.Status.OPEN, Round.Status.CLOSING],
            deadline__gt=now,
            deadline__lte=until,
        ).select_related("campaign")
    )
    owners = defaultdict(set)
    memberships = Membership.objects.filter(
        campaign__in={r.campaign_id for r in rounds}, status=Membership.Status.ACTIVE
    )
    for campaign_id, owner_id in memberships.values_list("campaign_id", "gang__owner_id"):
        owners[campaign_id].add(owner_id)
    return [
        {
            "round_id": r.pk,
            "owner_id": r.campaign_id,
            "name": r.campaign.name,
            "number": r.number,
            "deadline": r.deadline,
            "people": sorted(owners[r.campaign_id]),
        }
        for r in rounds
    ]


def campaign_by_join_code(code: str) -> Campaign | None:
    """The campaign whose join code this is, typed in any case (codes are read out loud)."""
    code = (code or "").strip()
    if not code:
        return None
    return (
        Campaign.objects.filter(join_code=code).first()
        or Campaign.objects.filter(join_code__iexact=code).order_by("id").first()
    )


def roster_consents(gang_id: int) -> list[dict]:
    """The gang's active campaigns and whether their arbitrators manage its roster (the
    gang sheets show it; rosters asks through its consent hook)."""
    from django.urls import reverse

    rows = (
        Membership.objects.filter(gang_id=gang_id, status=Membership.Status.ACTIVE)
        .select_related("campaign")
        .order_by("id")
    )
    return [
        {
            "where": m.campaign.name,
            "url": reverse("campaign-detail", args=[m.campaign_id]) + "#members",
            "allowed": m.arbitrators_manage_roster,
        }
        for m in rows
    ]


def scheduled_battles_to_play(user):
    """Scheduled battles of ``user``'s gangs not yet played (the home page's "needs your
    attention"): each waits for its pre-battle or for the table."""
    from django.db.models import Q

    from campaigns.models import ScheduledBattle

    return (
        ScheduledBattle.objects.filter(live__isnull=True, battle__isnull=True)
        .filter(Q(first_gang__owner=user) | Q(second_gang__owner=user))
        .select_related("campaign", "round", "first_gang", "second_gang", "mission")
        .order_by("id")
    )

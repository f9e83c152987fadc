"""The campaign dashboard: everything an arbitrator needs on one page, in a fixed number of
queries whatever the size of the campaign. Reads only: the buttons call campaigns.services.

Standings are the API's (``selectors.campaign_standings``); ``explain_standings`` only says,
for each pair of neighbours level on points, which tie-breaker put one above the other, with
the tie-breakers of ``ranking`` (the functions the table itself is ranked with).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from itertools import pairwise

from django.db.models import Count, Prefetch, Q

from campaigns import selectors, sessions
from campaigns.log_lines import with_lines
from campaigns.models import Battle, BattleSide, Campaign, LiveBattle, LogEntry, Membership, Round
from ranking import by_field, head_to_head
from rulesets.core.words import counted

LOG_LINES = 10
TIE_BREAKER_NAMES = {
    "head_to_head": "head-to-head points",
    "wins": "wins",
    "taken_out": "enemies taken out",
    "rating": "gang rating",
    "wealth": "wealth",
    "fewest_lost": "fewest fighters lost",
}
_FIELDS = {
    "wins": "won",
    "taken_out": "taken_out",
    "rating": "rating",
    "wealth": "wealth",
    "fewest_lost": "fighters_lost",
}
# Memberships waiting for someone: the arbitrator (asked to join) or the gang's owner
# (invited). A leave waits for nobody.
WAITING = ("pending", "invited")


@dataclass
class NextStep:
    step: str  # start, open, close, finish; "" when there is nothing to press
    label: str
    note: str = ""
    progress: float | None = None
    also: list[tuple[str, str]] = field(default_factory=list)


@dataclass
class Dashboard:
    campaign: Campaign
    round: Round | None
    rounds_closed: int
    members: list[Membership]
    waiting_members: list[Membership]
    waiting_battles: list[Battle]
    round_counts: dict[str, int]
    live: list[LiveBattle]
    scheduled: list
    standings: dict
    explanations: dict[int, str]
    log: list[LogEntry]
    next: NextStep


def _battles():
    sides = BattleSide.objects.select_related("gang").order_by("id")
    return Battle.objects.select_related("round", "reported_by").prefetch_related(
        Prefetch("sides", queryset=sides)
    )


DONE = ["confirmed", "void"]  # a scheduled battle off the road: the battle list shows it


def _scheduled(campaign: Campaign) -> list:
    """Scheduled battles not yet confirmed, each with the step it stands at."""
    rows = list(
        campaign.scheduled_battles.exclude(battle__status__in=DONE)
        .exclude(live__battle__status__in=DONE)
        .select_related("round", "first_gang", "second_gang", "mission", "live__match", "battle")
        .order_by("id")
    )
    labels = dict(sessions.STEPS)
    for row in rows:
        row.step_label = labels.get(sessions.scheduled_step(row), "")
    return rows


def campaign_dashboard(campaign: Campaign) -> Dashboard:
    rounds = list(campaign.rounds.select_related("close_job").order_by("-number")[:1])
    current = rounds[0] if rounds and rounds[0].status != Round.Status.CLOSED else None
    rounds_closed = campaign.rounds.filter(status=Round.Status.CLOSED).count()
    memberships = list(
        campaign.memberships.filter(status__in=["active", *WAITING])
        .select_related("gang__owner")
        .order_by("requested_at", "id")
    )
    counts = {}
    if current is not None:
        counts = current.battles.aggregate(
            **{s: Count("id", filter=Q(status=s)) for s in Battle.Status.values}
        )
    standings = selectors.campaign_standings(campaign)
    explanations = explain_standings(campaign, standings["rows"])
    # Before anyone has played, everyone is level: a tie is no news yet.
    played = any(row["played"] for row in standings["rows"])
    for row in standings["rows"]:
        row["why"] = explanations.get(row["gang"], "")
        row["tie_matters"] = row["tied"] and played
    if not played:
        standings = {**standings, "warnings": []}
    dashboard = Dashboard(
        campaign=campaign,
        round=current,
        rounds_closed=rounds_closed,
        members=[m for m in memberships if m.status == "active"],
        waiting_members=[m for m in memberships if m.status in WAITING],
        waiting_battles=list(
            _battles()
            .filter(campaign=campaign, status__in=[Battle.Status.REPORTED, Battle.Status.DISPUTED])
            .order_by("id")
        ),
        round_counts=counts,
        live=list(
            campaign.live_battles.filter(battle__isnull=True)
            .select_related("round", "match")
            .order_by("id")
        ),
        scheduled=_scheduled(campaign),
        standings=standings,
        explanations=explanations,
        log=with_lines(campaign.log.select_related("actor").order_by("-id")[:LOG_LINES]),
        next=NextStep("", ""),
    )
    dashboard.next = next_step(dashboard)
    return dashboard


def next_step(d: Dashboard) -> NextStep:
    campaign = d.campaign
    if campaign.status == Campaign.Status.DRAFT:
        note = "" if len(d.members) >= 2 else "A battle needs two gangs: add them first."
        return NextStep("start", "Start the campaign (opens round 1)", note)
    if campaign.status == Campaign.Status.FINISHED:
        return NextStep("", "The campaign is finished.")
    if d.round is None:
        return NextStep(
            "open",
            f"Open round {d.rounds_closed + 1}",
            also=[("finish", "Finish the campaign")],
        )
    if d.round.status == Round.Status.CLOSING:
        job = d.round.close_job
        progress = job.progress if job else None
        done = f"{job.done} of {job.total}" if job and job.total else "starting"
        return NextStep("", f"Round {d.round.number} is closing", f"post-games: {done}", progress)
    confirmed = d.round_counts.get("confirmed", 0)
    waiting = d.round_counts.get("reported", 0) + d.round_counts.get("disputed", 0)
    total = confirmed + waiting
    note = (
        f"{confirmed} of {counted(total, 'battle')} confirmed"
        if total
        else "No battle reported yet."
    )
    if waiting:
        note += f"; {waiting} still waiting (closing leaves them for later)"
    return NextStep(
        "close",
        f"Close round {d.round.number}",
        note,
        progress=confirmed / total if total else None,
    )


def explain_standings(campaign: Campaign, rows: list[dict]) -> dict[int, str]:
    """{gang id: why it is above the row below it}, for neighbours level on points."""
    level = [
        (a, b) for a, b in pairwise(rows) if a["points"] == b["points"] and a["rank"] != b["rank"]
    ]
    if not level:
        return {}
    points = {
        "win": campaign.points_win,
        "draw": campaign.points_draw,
        "loss": campaign.points_loss,
    }
    by_battle = defaultdict(dict)
    confirmed = BattleSide.objects.filter(
        battle__campaign=campaign, battle__status=Battle.Status.CONFIRMED
    )
    for battle_id, gang_id, result in confirmed.values_list("battle_id", "gang_id", "result"):
        by_battle[battle_id][gang_id] = result

    def points_between(a, b) -> int:
        return sum(points[g[a]] for g in by_battle.values() if a in g and b in g)

    breakers = {
        "head_to_head": head_to_head(points_between, key="gang"),
        **{
            name: by_field(column, lower_is_better=name == "fewest_lost")
            for name, column in _FIELDS.items()
        },
    }
    out = {}
    for a, b in level:
        group = [r for r in rows if r["points"] == a["points"]]
        for name in campaign.tie_breakers:
            if name not in breakers:
                continue
            values = dict(zip((r["gang"] for r in group), breakers[name](group), strict=True))
            if values[a["gang"]] != values[b["gang"]]:
                shown_a, shown_b = abs(values[a["gang"]]), abs(values[b["gang"]])
                out[a["gang"]] = (
                    f"level on points with {b['name']}; ahead on "
                    f"{TIE_BREAKER_NAMES[name]} ({shown_a:g} to {shown_b:g})"
                )
                break
            group = [r for r in group if values[r["gang"]] == values[a["gang"]]]
    return out

"""The campaign page, founding a campaign and joining one (its buttons: ``decisions``).
Thin: every decision is ``campaigns.services``'."""

from __future__ import annotations

from collections import defaultdict

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Prefetch
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from campaigns import access, log_lines, selectors, services, sessions
from campaigns.models import Battle, BattleSide, Campaign, Casualty, LogEntry, Membership, Round
from campaigns.services.pairings import pairs_left
from campaigns.views.forms import CampaignCreateForm, JoinForm, PairForm, ReasonForm
from config.pages import call_service, form_status
from rosters.models import Fighter, Gang

BREAKER_WORDS = {
    "head_to_head": _("head-to-head points"),
    "wins": _("wins"),
    "taken_out": _("enemies taken out of action"),
    "rating": _("gang rating"),
    "wealth": _("gang wealth"),
    "fewest_lost": _("fewest fighters lost"),
}
OUTCOME_KINDS = (
    LogEntry.Kind.INJURY,
    LogEntry.Kind.DEATH,
    LogEntry.Kind.FLIPS,
    LogEntry.Kind.REWARD,
)
LOG_SHOWN = 60


def _campaign(pk: int) -> Campaign:
    campaign = Campaign.objects.prefetch_related("arbitrators").filter(pk=pk).first()
    if campaign is None:
        raise Http404
    return campaign


def tie_break_notes(standings: dict) -> list[str]:
    """Words for the table: who is level on points, and what separates them."""
    order = ", ".join(str(BREAKER_WORDS.get(b, b)) for b in standings["tie_breakers"])
    by_points = defaultdict(list)
    for row in standings["rows"]:
        by_points[row["points"]].append(row["name"])
    notes = []
    for points, names in by_points.items():
        if len(names) > 1:
            notes.append(
                _("%(names)s: level on %(points)s points, ranked by %(order)s.")
                % {"names": ", ".join(names), "points": points, "order": order or _("name")}
            )
    return notes


def _battles(campaign: Campaign):
    return (
        Battle.objects.filter(campaign=campaign)
        .select_related("round", "reported_by", "confirmed_by", "mission")
        .prefetch_related(
            Prefetch("sides", queryset=BattleSide.objects.select_related("gang__owner")),
            Prefetch(
                "casualties",
                queryset=Casualty.objects.select_related("fighter", "taken_out_by"),
            ),
        )
        .order_by("-id")
    )


def _live_in_flight(campaign: Campaign) -> list:
    """Live battles not yet reported by the server, each with its session's steps."""
    rows = list(
        campaign.live_battles.filter(battle__isnull=True, match__status__in=["invited", "live"])
        .select_related("round", "match", "mission")
        .prefetch_related("match__participants__gang")
        .order_by("-id")[:10]
    )
    for live in rows:
        live.session = sessions.steps(sessions.live_step(live))
    return rows


DONE = ["confirmed", "void"]  # a scheduled battle off the road: the battle list shows it


def _scheduled(campaign: Campaign, user, arbitrator: bool) -> list:
    """Scheduled battles still on their road (not confirmed nor voided), each with its
    session's steps: what both sides and the arbitrator see."""
    rows = list(
        campaign.scheduled_battles.exclude(battle__status__in=DONE)
        .exclude(live__battle__status__in=DONE)
        .select_related(
            "round", "first_gang", "second_gang", "attacker", "mission", "live__match", "battle"
        )
        .order_by("-id")[:20]
    )
    for row in rows:
        step = sessions.scheduled_step(row)
        row.session = sessions.steps(step)
        plays = user.pk in (row.first_gang.owner_id, row.second_gang.owner_id)
        row.may_act = step in ("scheduled", "pre-battle") and (plays or arbitrator)
    _crew_pickers(rows, user, campaign)
    return rows


def _crew_pickers(rows, user, campaign: Campaign) -> None:
    """``row.crew_pickers``: where a battle at pre-battle has a mission that limits the crew,
    (gang, its able fighters, the picked ids) for each side ``user`` may pick (their own; an
    arbitrator's both). One question per gang and one query for all the fighters, however
    many battles the page lists."""
    may, wanted = {}, []
    for row in rows:
        row.crew_pickers = []
        limit = (row.mission.data.get("max_crew") if row.mission else None) or None
        if not limit or sessions.scheduled_step(row) != "pre-battle":
            continue
        for gang in (row.first_gang, row.second_gang):
            if gang.pk not in may:
                may[gang.pk] = access.can(
                    user=user, action=access.Action.PICK_CREW, campaign=campaign, gang=gang
                )
            if may[gang.pk]:
                wanted.append((row, gang))
    fighters = defaultdict(list)
    if wanted:
        able = Fighter.objects.filter(
            gang_id__in={g.pk for _row, g in wanted}, status=Fighter.Status.ACTIVE
        ).order_by("id")
        for fighter in able:
            fighters[fighter.gang_id].append(fighter)
    for row, gang in wanted:
        row.crew_pickers.append((gang, fighters[gang.pk], row.crews.get(str(gang.pk), [])))


@login_required
def campaign_detail(request, pk: int):
    campaign = _campaign(pk)
    user = request.user
    arbitrator = access.arbitrates(user=user, campaign=campaign)
    memberships = list(
        Membership.objects.filter(campaign=campaign).select_related("gang__owner").order_by("id")
    )
    # The player's gangs in (or on their way into) the campaign: no second "join" form for them.
    mine = [m for m in memberships if m.gang.owner_id == user.pk and m.status in Membership.LIVE]
    active = [m for m in memberships if m.status == Membership.Status.ACTIVE]
    battles = list(_battles(campaign)[:30])
    outcomes = defaultdict(list)
    for entry in campaign.log.filter(kind__in=OUTCOME_KINDS, battle__in=battles).order_by("id"):
        outcomes[entry.battle_id].append(log_lines.line(entry))
    for battle in battles:
        battle.outcome_lines = outcomes.get(battle.pk, [])
        battle.awaiting = access.awaiting(battle=battle)
        battle.session = sessions.steps(sessions.battle_step(battle))
        battle.may_confirm = battle.awaiting is not None and access.can(
            user=user, action=access.Action.CONFIRM_BATTLE, campaign=campaign, battle=battle
        )
        battle.may_withdraw = battle.status in ("reported", "disputed") and access.can(
            user=user, action=access.Action.WITHDRAW_BATTLE, campaign=campaign, battle=battle
        )
        battle.may_void = arbitrator and battle.status in ("reported", "disputed")
    round_ = campaign.rounds.exclude(status=Round.Status.CLOSED).order_by("-number").first()
    standings = selectors.campaign_standings(campaign)
    context = {
        "campaign": campaign,
        "arbitrator": arbitrator,
        "round": round_ or campaign.rounds.order_by("-number").first(),
        "standings": standings,
        "tie_notes": tie_break_notes(standings),
        "breakers": [BREAKER_WORDS.get(b, b) for b in standings["tie_breakers"]],
        "memberships": memberships,
        "waiting": [b for b in battles if b.status in ("reported", "disputed")],
        "done": [b for b in battles if b.status == "confirmed"],
        "voided": [b for b in battles if b.status == "void"],
        "pairs_left": _pairs_left(campaign, round_, mine, active),
        "log": log_lines.with_lines(
            campaign.log.select_related("actor").order_by("-id")[:LOG_SHOWN]
        ),
        "mine": mine,
        "pair_form": PairForm(members=active),
        "opponents": [m for m in active if m.gang.owner_id != user.pk] or active,
        "join_form": JoinForm(gangs=Gang.objects.filter(owner=user)),
        "reason_form": ReasonForm(),
        "in_flight": _live_in_flight(campaign),
        "scheduled": _scheduled(campaign, user, arbitrator),
        "missions": services.offered() if campaign.mission_choice != "random" else [],
    }
    return render(request, "campaigns/campaign_detail.html", context)


def _pairs_left(campaign: Campaign, round_: Round | None, mine, active) -> list[tuple]:
    """For the report form: each of the player's gangs against each other active gang, and
    how many battles the pair may still report this round."""
    if round_ is None or round_.status != Round.Status.OPEN or not mine:
        return []
    gangs = [m.gang for m in active]
    own = {m.gang_id for m in mine}
    rows = []
    for a, b, left in pairs_left(campaign=campaign, round_=round_, gangs=gangs):
        if b.pk in own and a.pk not in own:
            a, b = b, a
        if a.pk in own:
            rows.append((a, b, left))
    return rows


@login_required
def campaign_create(request):
    form = CampaignCreateForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        campaign = call_service(
            form, lambda: services.create_campaign(creator=request.user, **form.cleaned_data)
        )
        if campaign is not None:
            messages.success(
                request,
                _("Campaign founded. Give the players its join code: %(code)s")
                % {"code": campaign.join_code},
            )
            return redirect("campaign-detail", campaign.pk)
    return render(
        request, "campaigns/campaign_create.html", {"form": form}, status=form_status(form)
    )


@login_required
def campaign_join(request):
    gangs = Gang.objects.filter(owner=request.user)
    form = JoinForm(
        request.POST or None, gangs=gangs, initial={"join_code": request.GET.get("code", "")}
    )
    if request.method == "POST" and form.is_valid():
        code = form.cleaned_data["join_code"].strip()
        campaign = selectors.campaign_by_join_code(code)
        if campaign is None:
            form.add_error("join_code", _("No campaign has this join code."))
        else:
            gang = gangs.get(pk=form.cleaned_data["gang"])
            membership = call_service(
                form,
                lambda: services.request_join(
                    campaign=campaign,
                    gang=gang,
                    actor=request.user,
                    join_code=code,
                    arbitrators_manage_roster=form.cleaned_data["arbitrators_manage_roster"],
                ),
            )
            if membership is not None:
                messages.success(
                    request,
                    _("%(gang)s asked to join %(campaign)s; an arbitrator decides.")
                    % {"gang": gang.name, "campaign": campaign.name}
                    if membership.status == "pending"
                    else _("%(gang)s joined %(campaign)s.")
                    % {"gang": gang.name, "campaign": campaign.name},
                )
                return redirect("campaign-detail", campaign.pk)
    return render(
        request,
        "campaigns/campaign_join.html",
        {"form": form, "has_gangs": gangs.exists()},
        status=form_status(form) if request.method == "POST" else 200,
    )

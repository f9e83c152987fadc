"""The campaign page and the actions on it: join, decide memberships, start, rounds, confirm
or dispute battles. Thin: every decision is ``campaigns.services``'."""

from __future__ import annotations

from collections import defaultdict

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Prefetch
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from campaigns import access, log_lines, selectors, services
from campaigns.models import Battle, BattleSide, Campaign, Casualty, LogEntry, Membership, Round
from campaigns.views.forms import CampaignCreateForm, JoinForm, PairForm, ReasonForm
from config.pages import SERVICE_ERRORS, call_service, error_of, form_status
from rosters.models import Gang

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


def _detail(pk: int, anchor: str = "") -> str:
    return reverse("campaign-detail", args=[pk]) + (f"#{anchor}" if anchor else "")


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
        .select_related("round", "reported_by", "confirmed_by")
        .prefetch_related(
            Prefetch("sides", queryset=BattleSide.objects.select_related("gang__owner")),
            Prefetch(
                "casualties",
                queryset=Casualty.objects.select_related("fighter", "taken_out_by"),
            ),
        )
        .order_by("-id")
    )


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
        battle.may_confirm = battle.awaiting is not None and access.can(
            user=user, action=access.Action.CONFIRM_BATTLE, campaign=campaign, battle=battle
        )
    standings = selectors.campaign_standings(campaign)
    context = {
        "campaign": campaign,
        "arbitrator": arbitrator,
        "round": campaign.rounds.exclude(status=Round.Status.CLOSED).order_by("-number").first()
        or campaign.rounds.order_by("-number").first(),
        "standings": standings,
        "tie_notes": tie_break_notes(standings),
        "breakers": [BREAKER_WORDS.get(b, b) for b in standings["tie_breakers"]],
        "memberships": memberships,
        "waiting": [b for b in battles if b.status in ("reported", "disputed")],
        "done": [b for b in battles if b.status == "confirmed"],
        "log": log_lines.with_lines(
            campaign.log.select_related("actor").order_by("-id")[:LOG_SHOWN]
        ),
        "mine": mine,
        "pair_form": PairForm(members=active),
        "opponents": [m for m in active if m.gang.owner_id != user.pk] or active,
        "join_form": JoinForm(gangs=Gang.objects.filter(owner=user)),
        "reason_form": ReasonForm(),
    }
    return render(request, "campaigns/campaign_detail.html", context)


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
        campaign = Campaign.objects.filter(join_code=code).first()
        if campaign is None:
            form.add_error("join_code", _("No campaign has this join code."))
        else:
            gang = gangs.get(pk=form.cleaned_data["gang"])
            membership = call_service(
                form,
                lambda: services.request_join(
                    campaign=campaign, gang=gang, actor=request.user, join_code=code
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


@login_required
@require_POST
def membership_decision(request, pk: int, membership_id: int, decision: str):
    membership = get_object_or_404(
        Membership.objects.select_related("gang", "campaign"), pk=membership_id, campaign_id=pk
    )
    if decision == "leave":
        services.leave_campaign(membership=membership, actor=request.user)
    elif decision in ("accept", "decline"):
        services.answer_invitation(
            membership=membership, accept=decision == "accept", actor=request.user
        )
    elif decision in ("approve", "reject"):
        services.decide_membership(
            membership=membership, approve=decision == "approve", actor=request.user
        )
    else:
        raise Http404
    messages.success(request, _("Done: %(gang)s.") % {"gang": membership.gang.name})
    return redirect(_detail(pk, "members"))


@login_required
@require_POST
def battle_decision(request, pk: int, battle_id: int, decision: str):
    battle = get_object_or_404(
        Battle.objects.select_related("campaign"), pk=battle_id, campaign_id=pk
    )
    reason = ReasonForm(request.POST)
    reason.is_valid()
    if decision == "confirm":
        services.confirm_battle(battle=battle, actor=request.user)
        text = _("Battle %(number)s confirmed: the post-game follows.") % {"number": battle.pk}
    elif decision in ("dispute", "void"):
        handler = services.dispute_battle if decision == "dispute" else services.void_battle
        try:
            handler(battle=battle, actor=request.user, reason=reason.cleaned_data.get("reason", ""))
        except SERVICE_ERRORS as exc:
            messages.error(request, error_of(exc)[1])
            return redirect(_detail(pk, f"battle-{battle.pk}"))
        text = _("Battle %(number)s: %(decision)s.") % {"number": battle.pk, "decision": decision}
    else:
        raise Http404
    messages.success(request, text)
    return redirect(_detail(pk, f"battle-{battle.pk}"))


@login_required
@require_POST
def campaign_manage(request, pk: int):
    """The arbitrator's buttons: start, finish, open the next round, close the round."""
    campaign = _campaign(pk)
    action = request.POST.get("action")
    if action in ("active", "finished"):
        services.set_status(campaign=campaign, status=action, actor=request.user)
    elif action == "open_round":
        services.open_round(campaign=campaign, actor=request.user)
    elif action == "close_round":
        round_ = get_object_or_404(Round, campaign=campaign, status=Round.Status.OPEN)
        services.request_round_close(round_=round_, actor=request.user)
    else:
        raise Http404
    messages.success(request, _("Done."))
    return redirect(_detail(pk))

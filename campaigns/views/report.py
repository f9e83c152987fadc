"""The post-battle report: pick the two gangs (and the mission, ``?mission=key``), then the
result, casualties with who took them out, and the loot the mission's tokens gave (or, with
no mission, goods and credits); ``services.report_with_mission`` checks all of it.

"Report from the table" (``scheduled_report``) is the same form for a battle set up at its
pre-battle: its gangs (attacker first) and mission come from the scheduled row, and
``services.report_scheduled`` (the API's ``{"scheduled": id}``) checks and records it."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Prefetch
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from campaigns import access, services
from campaigns.errors import CampaignError
from campaigns.models import Membership, Mission, Round, ScheduledBattle
from campaigns.services.pairings import check_pairing_limit
from campaigns.views.forms import PairForm, ReportForm
from campaigns.views.pages import _campaign
from config.pages import call_service, form_status
from rosters.models import Fighter, Gang


def _pair_refused(campaign, ids: list[int]) -> str:
    """Why this pair may not report now (no open round, or no battle left this round), asked
    before the form is filled in; the service asks again, under its lock, when it is sent."""
    round_ = campaign.rounds.filter(status=Round.Status.OPEN).first()
    if round_ is None:
        return _("There is no open round to play in; the round is closed.")
    try:
        check_pairing_limit(campaign=campaign, round_=round_, gangs=ids)
    except CampaignError as exc:
        return exc.detail
    return ""


def _with_fighters(ids: list[int]) -> list[Gang]:
    """The gangs in ``ids``' order, each with its fighters (the form's casualty rows)."""
    gangs = list(
        Gang.objects.filter(pk__in=ids).prefetch_related(
            Prefetch(
                "fighters",
                queryset=Fighter.objects.select_related("role").order_by("role__order", "id"),
            )
        )
    )
    gangs.sort(key=lambda g: ids.index(g.pk))
    return gangs


def _reported(request, pk: int, battle):
    messages.success(
        request,
        _("Battle %(number)s reported: the other side confirms it; the post-game follows.")
        % {"number": battle.shown_number},
    )
    return redirect(reverse("campaign-detail", args=[pk]) + f"#battle-{battle.pk}")


@login_required
def battle_report(request, pk: int):
    campaign = _campaign(pk)
    members = list(
        Membership.objects.filter(
            campaign=campaign, status=Membership.Status.ACTIVE
        ).select_related("gang")
    )
    pair = PairForm(request.GET or request.POST, members=members)
    if not pair.is_valid() or len(set(pair.cleaned_data["gangs"])) != 2:
        messages.error(request, _("Choose the two gangs that fought."))
        return redirect(reverse("campaign-detail", args=[pk]) + "#report")
    ids = list(dict.fromkeys(pair.cleaned_data["gangs"]))
    refusal = _pair_refused(campaign, ids)
    if refusal:
        messages.error(request, refusal)
        return redirect(reverse("campaign-detail", args=[pk]) + "#report")
    gangs = _with_fighters(ids)
    missions = services.offered()
    key = request.GET.get("mission", "")
    mission = next((m for m in missions if m.key == key), None)
    drawn = campaign.mission_choice == Mission.Choice.RANDOM
    form = ReportForm(
        request.POST if request.method == "POST" else None,
        gangs=gangs,
        mission=None if drawn else mission,
        free=not drawn,
    )
    if request.method == "POST" and form.is_valid():
        values, paths = form.report()
        battle = call_service(
            form,
            lambda: services.report_with_mission(campaign=campaign, actor=request.user, **values),
            fields=paths,
        )
        if battle is not None:
            return _reported(request, pk, battle)
    return render(
        request,
        "campaigns/battle_report.html",
        {
            "campaign": campaign,
            "form": form,
            "gangs": gangs,
            "missions": [] if drawn else missions,
            "mission": form.mission,
            "drawn": drawn,
        },
        status=form_status(form) if request.method == "POST" else 200,
    )


@login_required
def scheduled_report(request, pk: int, sid: int):
    """Report from the table: the report form of a scheduled battle set up at pre-battle."""
    campaign = _campaign(pk)
    row = get_object_or_404(
        ScheduledBattle.objects.select_related(
            "round", "first_gang", "second_gang", "mission", "live__match"
        ),
        pk=sid,
        campaign=campaign,
    )
    row.campaign = campaign
    gangs = [row.first_gang, row.second_gang]
    access.require(
        user=request.user, action=access.Action.REPORT_BATTLE, campaign=campaign, gangs=gangs
    )
    try:
        seats = services.ready_seats(row)
    except CampaignError as exc:
        messages.error(request, exc.detail)
        return redirect(reverse("campaign-detail", args=[pk]) + f"#scheduled-{sid}")
    gangs = _with_fighters(seats)
    drawn = campaign.mission_choice == Mission.Choice.RANDOM
    form = ReportForm(
        request.POST if request.method == "POST" else None,
        gangs=gangs,
        mission=row.mission,
        free=not drawn,
    )
    if request.method == "POST" and form.is_valid():
        values, paths = form.report()
        for field in ("gangs", "mission"):  # the pre-battle's, not the form's
            values.pop(field, None)
        battle = call_service(
            form,
            lambda: services.report_scheduled(scheduled=row, actor=request.user, **values),
            fields=paths,
        )
        if battle is not None:
            return _reported(request, pk, battle)
    context = {"campaign": campaign, "form": form, "gangs": gangs, "mission": row.mission}
    return render(
        request,
        "campaigns/battle_report.html",
        {**context, "missions": [], "drawn": False, "scheduled": row},
        status=form_status(form) if request.method == "POST" else 200,
    )

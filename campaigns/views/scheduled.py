"""The campaign page's buttons for a scheduled battle: schedule one, set it up (draw or pick
its mission), pick a side's crew, play it on the live table (reporting it from the table is
``report.scheduled_report``). Thin: ``campaigns.services`` decides who may."""

from __future__ import annotations

import datetime

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from campaigns import services
from campaigns.errors import CampaignError
from campaigns.models import ScheduledBattle
from campaigns.views.decisions import _refuse
from campaigns.views.pages import _campaign
from config.pages import SERVICE_ERRORS


def _back(pk: int, anchor: str = "scheduled") -> str:
    return reverse("campaign-detail", args=[pk]) + f"#{anchor}"


def _ids(values) -> list[int]:
    return [int(v) for v in values if str(v).isdigit() and len(str(v)) < 19]


def _day(text: str) -> datetime.date | None:
    """The date typed in (the browser's date field sends YYYY-MM-DD), or none given."""
    try:
        return datetime.date.fromisoformat(text) if text else None
    except ValueError:
        raise CampaignError(_("Give the date as a day of the calendar."), field="play_on") from None


@login_required
@require_POST
def schedule(request, pk: int):
    campaign = _campaign(pk)
    try:
        services.schedule_battle(
            campaign=campaign,
            actor=request.user,
            gangs=_ids(request.POST.getlist("gangs")),
            play_on=_day(request.POST.get("play_on", "")),
        )
    except SERVICE_ERRORS as exc:
        _refuse(request, exc)
        return redirect(_back(pk, "report"))
    messages.success(request, _("The battle is scheduled."))
    return redirect(_back(pk))


@login_required
@require_POST
def scheduled_step(request, pk: int, sid: int, step: str):
    row = get_object_or_404(
        ScheduledBattle.objects.select_related("campaign", "first_gang", "second_gang"),
        pk=sid,
        campaign_id=pk,
    )
    if step not in ("pre-battle", "play", "crew"):
        raise Http404
    try:
        if step == "play":
            live = services.play_scheduled_live(scheduled=row, actor=request.user)
            return redirect(reverse("match-table", args=[live.match_id]))
        if step == "crew":
            gang = _ids([request.POST.get("gang", "")])
            services.pick_crew(
                scheduled=row,
                actor=request.user,
                gang=gang[0] if gang else 0,
                fighters=_ids(request.POST.getlist("fighters")),
            )
            messages.success(request, _("The crew is picked."))
            return redirect(_back(pk, f"scheduled-{sid}"))
        attacker = _ids([request.POST.get("attacker", "")])
        services.prepare_battle(
            scheduled=row,
            actor=request.user,
            mission=request.POST.get("mission"),  # absent: kept; "—" (""): none
            attacker=attacker[0] if attacker else None,
        )
    except SERVICE_ERRORS as exc:
        _refuse(request, exc)
        return redirect(_back(pk, f"scheduled-{sid}"))
    messages.success(request, _("The battle is set up."))
    return redirect(_back(pk, f"scheduled-{sid}"))

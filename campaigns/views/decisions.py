"""The campaign page's buttons: memberships, battles and the arbitrator's running of it. Each
says what happened in a sentence; what cannot be undone (leaving, voiding, withdrawing) asks
first on a page of its own. Thin: every decision is ``campaigns.services``'."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from campaigns import services
from campaigns.models import Battle, Membership, Round
from campaigns.views.forms import ReasonForm
from campaigns.views.pages import _campaign
from config.pages import SERVICE_ERRORS, error_of

MEMBERSHIP_DONE = {
    "approve": _("%(gang)s joined %(campaign)s."),
    "reject": _("%(gang)s's request to join %(campaign)s was turned down."),
    "accept": _("%(gang)s joined %(campaign)s."),
    "decline": _("You declined the invitation of %(gang)s to %(campaign)s."),
    "leave": _("%(gang)s left %(campaign)s."),
    "withdraw_request": _("%(gang)s's request to join %(campaign)s was withdrawn."),
    "roster_on": _("The arbitrators of %(campaign)s may now manage %(gang)s's roster."),
    "roster_off": _("Only you manage %(gang)s's roster in %(campaign)s again."),
}


def _detail(pk: int, anchor: str = "") -> str:
    return reverse("campaign-detail", args=[pk]) + (f"#{anchor}" if anchor else "")


def _ask_first(request, campaign, *, question: str, lines, confirm: str, fields=(), back=""):
    """The confirmation step: the same POST again, with ``confirmed=yes``."""
    context = {
        "campaign": campaign,
        "question": question,
        "lines": lines,
        "confirm": confirm,
        "fields": list(fields),
        "cancel_url": back or _detail(campaign.pk),
    }
    return render(request, "campaigns/confirm.html", context)


def _refuse(request, exc: Exception) -> None:
    """A refusal the player can act on is a message on the campaign page; a 403 stays one."""
    _field, message, status = error_of(exc)
    if status in (401, 403):
        raise exc
    messages.error(request, message)


def _confirmed(request) -> bool:
    return request.POST.get("confirmed") == "yes"


def _membership_call(request, membership: Membership, decision: str):
    """Run ``decision``; the key of the sentence that says what happened."""
    user = request.user
    if decision == "leave":
        was = membership.status
        services.leave_campaign(membership=membership, actor=user)
        return "withdraw_request" if was == Membership.Status.PENDING else "leave"
    if decision in ("accept", "decline"):
        services.answer_invitation(
            membership=membership,
            accept=decision == "accept",
            actor=user,
            arbitrators_manage_roster=bool(request.POST.get("arbitrators_manage_roster")),
        )
        return decision
    if decision in ("approve", "reject"):
        services.decide_membership(membership=membership, approve=decision == "approve", actor=user)
        return decision
    if decision == "roster":
        allowed = request.POST.get("arbitrators_manage_roster") == "on"
        services.set_roster_consent(membership=membership, allowed=allowed, actor=user)
        return "roster_on" if allowed else "roster_off"
    raise Http404


@login_required
@require_POST
def membership_decision(request, pk: int, membership_id: int, decision: str):
    membership = get_object_or_404(
        Membership.objects.select_related("gang", "campaign"), pk=membership_id, campaign_id=pk
    )
    facts = {"gang": membership.gang.name, "campaign": membership.campaign.name}
    leaving = decision == "leave" and membership.status == Membership.Status.ACTIVE
    if leaving and not _confirmed(request):
        return _ask_first(
            request,
            membership.campaign,
            question=_("Take %(gang)s out of %(campaign)s?") % facts,
            lines=[
                _(
                    "Its battles not yet confirmed become void, and it cannot come back "
                    "without an arbitrator's approval."
                )
            ],
            confirm=_("Yes, leave the campaign"),
            back=_detail(pk, "members"),
        )
    try:
        done = _membership_call(request, membership, decision)
    except SERVICE_ERRORS as exc:
        _refuse(request, exc)
        return redirect(_detail(pk, "members"))
    messages.success(request, MEMBERSHIP_DONE[done] % facts)
    return redirect(_detail(pk, "members"))


def _battle_question(request, battle: Battle, decision: str, reason: str):
    number = {"number": battle.shown_number}
    if decision == "void":
        return _ask_first(
            request,
            battle.campaign,
            question=_("Void battle %(number)s?") % number,
            lines=[
                _("Reason: %(reason)s") % {"reason": reason},
                _("It will not count, and the two gangs may report it again."),
            ],
            confirm=_("Yes, void it"),
            fields=[("reason", reason)],
            back=_detail(battle.campaign_id, f"battle-{battle.pk}"),
        )
    return _ask_first(
        request,
        battle.campaign,
        question=_("Withdraw your report of battle %(number)s?") % number,
        lines=[_("It will not count, and the two gangs may report it again.")],
        confirm=_("Yes, withdraw it"),
        back=_detail(battle.campaign_id, f"battle-{battle.pk}"),
    )


BATTLE_DONE = {
    "confirm": _("Battle %(number)s confirmed: the post-game follows."),
    "dispute": _("Battle %(number)s disputed: an arbitrator who did not play in it decides."),
    "void": _("Battle %(number)s is void: the two gangs may report it again."),
    "withdraw": _(
        "You withdrew your report of battle %(number)s: the two gangs may report it again."
    ),
}


@login_required
@require_POST
def battle_decision(request, pk: int, battle_id: int, decision: str):
    battle = get_object_or_404(
        Battle.objects.select_related("campaign"), pk=battle_id, campaign_id=pk
    )
    if decision not in BATTLE_DONE:
        raise Http404
    form = ReasonForm(request.POST)
    reason = form.cleaned_data.get("reason", "").strip() if form.is_valid() else ""
    back = redirect(_detail(pk, f"battle-{battle.pk}"))
    if decision == "void" and not reason:
        messages.error(request, _("Say why the battle is void: the players read it."))
        return back
    if decision in ("void", "withdraw") and not _confirmed(request):
        return _battle_question(request, battle, decision, reason)
    try:
        if decision == "confirm":
            services.confirm_battle(battle=battle, actor=request.user)
        elif decision == "withdraw":
            services.withdraw_battle(battle=battle, actor=request.user)
        else:
            handler = services.dispute_battle if decision == "dispute" else services.void_battle
            handler(battle=battle, actor=request.user, reason=reason)
    except SERVICE_ERRORS as exc:
        _refuse(request, exc)
        return back
    messages.success(request, BATTLE_DONE[decision] % {"number": battle.shown_number})
    return back


@login_required
@require_POST
def campaign_manage(request, pk: int):
    """The arbitrator's buttons: start, finish, open the next round, close the round."""
    campaign = _campaign(pk)
    action = request.POST.get("action")
    if action == "active":
        services.set_status(campaign=campaign, status=action, actor=request.user)
        text = _("%(campaign)s has started: round 1 is open for battles.")
    elif action == "finished":
        services.set_status(campaign=campaign, status=action, actor=request.user)
        text = _("%(campaign)s is finished: its standings are final.")
    elif action == "open_round":
        round_ = services.open_round(campaign=campaign, actor=request.user)
        text = _("Round %(number)s of %(campaign)s is open for battles.")
    elif action == "close_round":
        round_ = get_object_or_404(Round, campaign=campaign, status=Round.Status.OPEN)
        services.request_round_close(round_=round_, actor=request.user)
        text = _(
            "Round %(number)s of %(campaign)s is closing: its post-games run, then the "
            "standings are counted."
        )
    else:
        raise Http404
    number = round_.number if action in ("open_round", "close_round") else 1
    messages.success(request, text % {"campaign": campaign.name, "number": number})
    return redirect(_detail(pk))

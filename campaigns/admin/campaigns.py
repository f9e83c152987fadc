"""The campaign's admin page is its dashboard: round and deadline, who waits for a decision,
battles to confirm, live battles, standings with why each gang is where it is, the log, and
the next step as a button. Every button is one campaigns.services call, checked as over the
API, and ends on one sentence saying what happened."""

from __future__ import annotations

from django.contrib import admin, messages
from django.http import HttpResponseNotAllowed
from django.shortcuts import get_object_or_404, redirect
from django.urls import path, reverse

from campaigns import access, services
from campaigns.admin.forms import CampaignForm
from campaigns.dashboard import TIE_BREAKER_NAMES, campaign_dashboard
from campaigns.models import Campaign
from config.admin_fields import game_column
from config.admin_scope import ScopedAdmin
from config.errors import DomainError
from rosters.models import Gang
from rulesets.registry import game_name

STEPS = {
    "start": lambda c, user: services.set_status(campaign=c, status="active", actor=user),
    "open": lambda c, user: services.open_round(campaign=c, actor=user),
    "finish": lambda c, user: services.set_status(campaign=c, status="finished", actor=user),
}

MEMBERSHIP_NEWS = {
    "active": "is in the campaign",
    "rejected": "was turned away",
    "left": "has left the campaign",
    "pending": "asked to join",
    "invited": "is invited: its owner accepts or declines",
}


def _step_message(step: str, campaign: Campaign, result) -> str:
    if step == "start":
        return f"{campaign.name} started; round 1 is open."
    if step == "open":
        return f"Round {result.number} is open until {result.deadline:%d %B %Y}."
    if step == "close":
        return (
            "The round is closing: the post-game of every confirmed battle runs now; "
            "this page shows its progress."
        )
    return f"{campaign.name} is finished."


@admin.register(Campaign)
class CampaignAdmin(ScopedAdmin):
    form = CampaignForm
    list_display = ["name", "status", game_column, "arbitrated_by", "created_at"]
    list_filter = ["status"]
    search_fields = ["name"]
    change_form_template = "admin/campaigns/campaign/change_form.html"
    # PATCH /campaigns/{id}/ and POST .../arbitrators/ ask the same: an arbitrator, or staff.
    field_actions = dict.fromkeys(CampaignForm.base_fields, access.Action.EDIT)

    def may(self, user, action, obj) -> bool:
        return access.can(user=user, action=action, campaign=obj)

    def get_queryset(self, request):
        return super().get_queryset(request).prefetch_related("arbitrators")

    def get_fields(self, request, obj=None):
        fields = list(super().get_fields(request, obj))
        if obj:  # the game's name in place of its slug
            fields = [f for f in fields if f != "ruleset"]
        return fields

    def get_readonly_fields(self, request, obj=None):
        # The game never changes once founded (the API's rule): gangs, battles and flips
        # belong to it.
        fixed = ["ruleset", "game", "status", "arbitrated_by", "join_code"] if obj else []
        return [*fixed, *super().get_readonly_fields(request, obj)]

    @admin.display(description="Game")
    def game(self, obj):
        return f"{game_name(obj.ruleset)} (fixed when the campaign was founded)"

    def get_form(self, request, obj=None, change=False, **kwargs):
        form = super().get_form(request, obj, change=change, **kwargs)
        if obj is None:  # the founder arbitrates a new campaign; others are added later
            form.base_fields.pop("new_arbitrator", None)
        form.actor = request.user
        return form

    @admin.display(description="Arbitrators")
    def arbitrated_by(self, obj):
        return ", ".join(u.username for u in obj.arbitrators.all())

    def save_model(self, request, obj, form, change):
        campaign = form.write()
        obj.pk = campaign.pk
        obj.refresh_from_db()

    def save_related(self, request, form, formsets, change):
        pass  # arbitrators are added by the service, in save_model

    def log_addition(self, request, obj, message):
        pass  # the campaign log says it (services.create_campaign)

    def log_change(self, request, obj, message):
        pass  # the campaign log says it (services.update_campaign)

    # --- the dashboard ----------------------------------------------------------------------

    def render_change_form(self, request, context, add=False, change=False, form_url="", obj=None):
        if obj is not None and obj.pk:
            dashboard = campaign_dashboard(obj)
            context.update(
                title=obj.name,
                subtitle=None,
                dashboard=dashboard,
                may_run=self.has_run_permission(request, obj),
                tie_breaker_names=", ".join(TIE_BREAKER_NAMES.get(t, t) for t in obj.tie_breakers),
                report_url=reverse("admin:campaigns_battle_add") + f"?campaign={obj.pk}",
            )
        return super().render_change_form(request, context, add, change, form_url, obj)

    def get_urls(self):
        wrap = self.admin_site.admin_view
        return [
            path(
                "<int:campaign_id>/step/<slug:step>/",
                wrap(self.step_view),
                name="campaigns_campaign_step",
            ),
            path(
                "<int:campaign_id>/members/<int:membership_id>/<slug:decision>/",
                wrap(self.membership_view),
                name="campaigns_campaign_membership",
            ),
            path(
                "<int:campaign_id>/add-gang/",
                wrap(self.add_gang_view),
                name="campaigns_campaign_add_gang",
            ),
            *super().get_urls(),
        ]

    def _campaign(self, request, campaign_id) -> Campaign:
        return get_object_or_404(self.get_queryset(request), pk=campaign_id)

    def _back(self, campaign):
        return redirect(reverse("admin:campaigns_campaign_change", args=[campaign.pk]))

    def _run(self, request, campaign, call, success):
        try:
            result = call()
        except DomainError as exc:
            messages.error(request, exc.detail)
        else:
            messages.success(request, success(result))
        return self._back(campaign)

    @staticmethod
    def _current_round(campaign):
        return campaign.rounds.exclude(status="closed").order_by("-number").first()

    def step_view(self, request, campaign_id, step):
        if request.method != "POST":
            return HttpResponseNotAllowed(["POST"])
        campaign = self._campaign(request, campaign_id)
        if step == "close":
            round_ = self._current_round(campaign)
            if round_ is None:
                messages.error(request, "There is no open round to close.")
                return self._back(campaign)
            call = lambda: services.request_round_close(round_=round_, actor=request.user)  # noqa: E731
        elif step in STEPS:
            call = lambda: STEPS[step](campaign, request.user)  # noqa: E731
        else:
            return self._back(campaign)
        return self._run(request, campaign, call, lambda r: _step_message(step, campaign, r))

    def membership_view(self, request, campaign_id, membership_id, decision):
        if request.method != "POST":
            return HttpResponseNotAllowed(["POST"])
        campaign = self._campaign(request, campaign_id)
        membership = get_object_or_404(
            campaign.memberships.select_related("gang"), pk=membership_id
        )
        if decision not in ("approve", "reject"):
            return self._back(campaign)
        return self._run(
            request,
            campaign,
            lambda: services.decide_membership(
                membership=membership, approve=decision == "approve", actor=request.user
            ),
            lambda m: f"{m.gang.name} {MEMBERSHIP_NEWS.get(m.status, m.status)}.",
        )

    def add_gang_view(self, request, campaign_id):
        """Add a gang by its number (as ``POST /campaigns/{id}/members/`` does)."""
        if request.method != "POST":
            return HttpResponseNotAllowed(["POST"])
        campaign = self._campaign(request, campaign_id)
        number = request.POST.get("gang", "").strip()
        gang = Gang.objects.filter(pk=int(number)).first() if number.isdigit() else None
        if gang is None:
            messages.error(request, "Gang number: there is no gang with this number.")
            return self._back(campaign)
        return self._run(
            request,
            campaign,
            lambda: services.request_join(campaign=campaign, gang=gang, actor=request.user),
            lambda m: f"{gang.name} {MEMBERSHIP_NEWS.get(m.status, m.status)}.",
        )

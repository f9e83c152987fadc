"""Battles in the admin: the list shows round, gangs, result and status; a battle's page reads
as a report (no raw JSON) with confirm / dispute / void buttons; "Add" is the report form."""

from __future__ import annotations

from django import forms
from django.contrib import admin, messages
from django.db.models import Prefetch, prefetch_related_objects
from django.http import HttpResponseNotAllowed
from django.shortcuts import get_object_or_404, redirect
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.html import format_html_join
from django.utils.safestring import mark_safe

from campaigns import access, services
from campaigns.admin import report
from campaigns.models import Battle, BattleSide, Campaign, Casualty
from config.admin_actions import run_each
from config.admin_display import username
from config.admin_scope import ScopedAdmin
from config.errors import DomainError
from rosters.models import CatalogueItem, Fighter
from rulesets.core.words import counted

RESULT_WORDS = {"win": "won", "draw": "drew", "loss": "lost"}


def goods_names(slugs: list[str], names: dict[str, str]) -> str:
    return ", ".join(names.get(s, s) for s in slugs) or "none"


class ReasonForm(forms.Form):
    reason = forms.CharField(max_length=1000, widget=forms.TextInput(attrs={"size": 50}))


@admin.register(Battle)
class BattleAdmin(ScopedAdmin):
    list_display = ["__str__", "campaign", "round_number", "gangs", "result", "status", "source"]
    list_filter = ["status", ("campaign", admin.RelatedOnlyFieldListFilter)]
    list_select_related = ["campaign", "round"]
    fields = [
        "campaign",
        "round_number",
        "status",
        "source",
        "sides_report",
        "casualties_report",
        "spent_report",
        "reported_by_name",
        "reported_at",
        "confirmed_by_name",
        "confirmed_at",
        "dispute_reason",
        "void_reason",
        "post_game_at",
    ]
    readonly_fields = fields
    change_form_template = "admin/campaigns/battle/change_form.html"
    actions = ["confirm", "void"]

    def get_queryset(self, request):
        sides = BattleSide.objects.select_related("gang__owner").order_by("id")
        casualties = Casualty.objects.select_related("fighter__gang", "taken_out_by")
        return (
            super()
            .get_queryset(request)
            .select_related("campaign", "round", "reported_by", "confirmed_by")
            .prefetch_related(
                Prefetch("sides", queryset=sides), Prefetch("casualties", queryset=casualties)
            )
        )

    reported_by_name = username("reported_by", "Reported by")
    confirmed_by_name = username("confirmed_by", "Confirmed by")

    def has_change_permission(self, request, obj=None):
        return False  # a report is changed by confirming, disputing or voiding it

    def has_delete_permission(self, request, obj=None):
        return False

    # --- the list ----------------------------------------------------------------------------

    @admin.display(description="Round", ordering="round__number")
    def round_number(self, obj):
        return obj.round.number

    @admin.display(description="Gangs")
    def gangs(self, obj):
        return " against ".join(s.gang.name for s in obj.sides.all())

    @admin.display(description="Result")
    def result(self, obj):
        sides = list(obj.sides.all())
        winner = next((s for s in sides if s.result == "win"), None)
        if winner:
            return f"{winner.gang.name} won"
        return "a draw" if sides else "-"

    # --- the page ----------------------------------------------------------------------------

    def _goods(self):
        return dict(
            CatalogueItem.objects.filter(kind__in=["goods", "item"]).values_list("slug", "name")
        )

    @admin.display(description="Sides")
    def sides_report(self, obj):
        names = self._goods()
        rows = [
            (
                s.gang.name,
                RESULT_WORDS[s.result],
                s.credits_earned,
                goods_names(s.goods, names),
            )
            for s in obj.sides.all()
        ]
        return format_html_join(
            mark_safe("<br>"), "<strong>{}</strong> {} · credits found: {} · found: {}", rows
        )

    @admin.display(description="Out of action")
    def casualties_report(self, obj):
        rows = []
        for c in obj.casualties.all():
            by = c.taken_out_by.name if c.taken_out_by_id else "nobody (a fall)"
            fate = {True: " · killed", False: " · injured"}.get(c.killed, "")
            rows.append((c.fighter.name, c.fighter.gang.name, by, fate))
        if not rows:
            return "nobody"
        return format_html_join(mark_safe("<br>"), "{} ({}), taken out by {}{}", rows)

    @admin.display(description="Used up")
    def spent_report(self, obj):
        if not obj.spent:
            return "nothing"
        fighters = dict(
            Fighter.objects.filter(pk__in=[s["fighter"] for s in obj.spent]).values_list(
                "pk", "name"
            )
        )
        names = dict(CatalogueItem.objects.values_list("slug", "name"))
        return ", ".join(
            f"{fighters.get(s['fighter'], '?')}: {names.get(s['item'], s['item'])}"
            for s in obj.spent
        )

    def render_change_form(self, request, context, add=False, change=False, form_url="", obj=None):
        if obj is not None and obj.pk and self.has_run_permission(request, obj):
            prefetch_related_objects([obj.campaign], "arbitrators")  # asked by each decision
            context.update(
                decisions=_decisions(obj, request.user),
                awaiting=access.awaiting(battle=obj),
                reason_form=ReasonForm(),
                campaign_url=reverse("admin:campaigns_campaign_change", args=[obj.campaign_id]),
            )
        return super().render_change_form(request, context, add, change, form_url, obj)

    def get_urls(self):
        return [
            path(
                "<int:battle_id>/decide/<slug:decision>/",
                self.admin_site.admin_view(self.decide_view),
                name="campaigns_battle_decide",
            ),
            *super().get_urls(),
        ]

    def decide_view(self, request, battle_id, decision):
        """confirm / dispute / void, as ``POST /campaigns/{id}/battles/{id}/{decision}/``."""
        if request.method != "POST":
            return HttpResponseNotAllowed(["POST"])
        battle = get_object_or_404(self.get_queryset(request), pk=battle_id)
        back = redirect(reverse("admin:campaigns_battle_change", args=[battle.pk]))
        try:
            if decision == "confirm":
                services.confirm_battle(battle=battle, actor=request.user)
                text = f"Battle {battle.shown_number} confirmed: its post-game runs now "
                text += "(injuries, flips, rewards)."
            elif decision in ("dispute", "void"):
                form = ReasonForm(request.POST)
                if not form.is_valid():
                    # The API asks for a reason for both (ReasonSerializer).
                    messages.error(request, "Reason: say why.")
                    return back
                handler = services.dispute_battle if decision == "dispute" else services.void_battle
                handler(battle=battle, actor=request.user, reason=form.cleaned_data["reason"])
                text = (
                    f"Battle {battle.shown_number} disputed: an arbitrator who did not play "
                    "in it decides."
                    if decision == "dispute"
                    else f"Battle {battle.shown_number} is void: the two gangs may report it again."
                )
            else:
                return back
        except DomainError as exc:
            messages.error(request, exc.detail)
        else:
            messages.success(request, text)
        return back

    # --- list actions ------------------------------------------------------------------------

    @admin.action(description="Confirm (runs the post-game)", permissions=["run"])
    def confirm(self, request, queryset):
        run_each(
            self,
            request,
            queryset,
            lambda b: services.confirm_battle(battle=b, actor=request.user),
            "Confirmed",
        )

    @admin.action(description="Void", permissions=["run"])
    def void(self, request, queryset):
        run_each(
            self,
            request,
            queryset,
            lambda b: services.void_battle(
                battle=b, actor=request.user, reason="voided in the admin"
            ),
            "Voided",
        )

    # --- the report form ---------------------------------------------------------------------

    def add_view(self, request, form_url="", extra_context=None):
        if not self.has_add_permission(request):
            from django.core.exceptions import PermissionDenied

            raise PermissionDenied
        campaigns = self.admin_site._registry[Campaign].get_queryset(request)
        choose = report.ChooseGangsForm(request.GET or None, campaigns=campaigns)
        context = {
            **self.admin_site.each_context(request),
            "opts": self.model._meta,
            "title": "Report a battle",
            "choose": choose,
        }
        gangs = None
        if request.GET.get("gang_a") and choose.is_valid():
            a, b = choose.cleaned_data["gang_a"], choose.cleaned_data["gang_b"]
            if a and b and a != b:
                gangs = [a, b]
            else:
                choose.add_error("gang_b", "Choose two different gangs of the campaign.")
        if gangs:
            campaign = choose.cleaned_data["campaign"]
            fighters = report.fighter_choices(gangs)
            data = request.POST if request.method == "POST" else None
            result_form = report.ResultForm(data, gangs=gangs)
            formset = report.Casualties(data, fighters=fighters, prefix="casualties")
            if data is not None and result_form.is_valid() and formset.is_valid():
                rows, indexes = report.casualty_rows(formset)
                try:
                    battle = services.report_battle(
                        campaign=campaign,
                        actor=request.user,
                        casualties=rows,
                        **result_form.report(),
                    )
                except DomainError as exc:
                    report.place_error(
                        exc, result_form=result_form, formset=formset, indexes=indexes
                    )
                else:
                    messages.success(request, _reported(battle, gangs, result_form, len(rows)))
                    return redirect(reverse("admin:campaigns_battle_change", args=[battle.pk]))
            context.update(
                campaign=campaign,
                gangs=gangs,
                result_form=result_form,
                sides=[(g, result_form.side_fields(s)) for s, g in zip("ab", gangs, strict=True)],
                formset=formset,
            )
        return TemplateResponse(request, "admin/campaigns/battle/report.html", context)


def _reported(battle, gangs, form, casualties: int) -> str:
    a, b = gangs
    result = form.cleaned_data["result"]
    outcome = "a draw" if result == "draw" else f"{a.name if result == str(a.pk) else b.name} won"
    return (
        f"Battle {battle.shown_number} reported: {a.name} against {b.name}, {outcome}; "
        f"{counted(casualties, 'fighter')} out of action. Once the other side, or an arbitrator "
        "who did not play in it, confirms it, the post-game runs."
    )


def _decisions(battle, user) -> list[tuple[str, str, bool]]:
    """(decision, button label, needs a reason) for what ``user`` may do to this battle now
    (campaigns.access: never the confirmation of the side whose word is in already)."""
    if battle.status not in (Battle.Status.REPORTED, Battle.Status.DISPUTED):
        return []
    campaign = battle.campaign
    decisions = []
    if access.can(user=user, action=access.Action.CONFIRM_BATTLE, campaign=campaign, battle=battle):
        decisions.append(("confirm", "Confirm (runs the post-game)", False))
        if battle.status == Battle.Status.REPORTED:
            decisions.append(("dispute", "Dispute", True))
    if access.can(user=user, action=access.Action.VOID_BATTLE, campaign=campaign):
        decisions.append(("void", "Void", True))
    return decisions

"""A fighter's page: the current stat line (the API's), injuries, advancements, kit, and the
card flips, spent from here or from the gang's sheet. The server draws every card."""

from __future__ import annotations

from django.contrib import admin, messages
from django.shortcuts import get_object_or_404, redirect
from django.urls import path, reverse
from django.utils.html import format_html, format_html_join
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.safestring import mark_safe

from config.admin_scope import ScopedAdmin
from config.errors import DomainError
from rosters import access, services
from rosters.admin.forms import FlipForm
from rosters.admin.operations import flip_message
from rosters.models import STATS, Fighter
from rosters.sheet import STAT_LABELS, StatCell, card_name


def stat_line(fighter) -> str:
    """Current stats as the API gives them, each with its change from the base line."""
    current, base = fighter.current_stats(), fighter.base_stats()
    cells = [StatCell(s, STAT_LABELS[s], current[s], base[s]) for s in STATS]
    return format_html_join(
        " · ",
        "{} <strong>{}</strong>{}",
        ((c.label, c.value, f" ({c.change_text})" if c.change else "") for c in cells),
    )


@admin.register(Fighter)
class FighterAdmin(ScopedAdmin):
    list_display = [
        "name",
        "gang",
        "role",
        "status",
        "current_stats",
        "times_out_of_action",
        "flips",
    ]
    list_filter = ["status", "role"]
    list_select_related = ["gang", "role"]
    search_fields = ["name", "gang__name"]
    change_form_template = "admin/rosters/fighter/change_form.html"
    fields = [
        "name",
        "gang",
        "role",
        "status",
        "current_stats",
        "times_out_of_action",
        "injuries",
        "advancements",
        "kit",
        "card_flips",
        "hire_cost",
        "hired_at",
        "left_at",
    ]
    readonly_fields = [f for f in fields if f != "name"]
    # What the API asks for the same change (PATCH /fighters/{id}/): the owner's, or staff's.
    field_actions = {"name": access.Action.EDIT_FIGHTER}

    def may(self, user, action, obj) -> bool:
        return access.can(user=user, action=action, gang=obj.gang)

    def save_model(self, request, obj, form, change):
        # Through the API's service and check, even if a form let more through.
        access.require(user=request.user, action=access.Action.EDIT_FIGHTER, gang=obj.gang)
        if "name" in form.changed_data:
            services.rename_fighter(
                gang=obj.gang, fighter_id=obj.pk, name=form.cleaned_data["name"], actor=request.user
            )
        obj.refresh_from_db()

    def get_queryset(self, request):
        return super().get_queryset(request).prefetch_related("advancements", "injuries")

    def has_add_permission(self, request):
        return False  # hire through the gang's sheet so that the cost is paid

    def has_delete_permission(self, request, obj=None):
        return False  # fighters retire or die; their history stays

    @admin.display(description="Stats (base ± changes)")
    def current_stats(self, obj):
        return stat_line(obj)

    @admin.display(description="Injuries")
    def injuries(self, obj):
        rows = [(str(i), i.note) for i in obj.injuries.all()]
        return format_html_join(mark_safe("<br>"), "{} <small>{}</small>", rows) or "none"

    @admin.display(description="Advancements")
    def advancements(self, obj):
        rows = [
            (f"+{a.amount} {a.stat}", f"the {card_name(a.card)}" if a.card else a.note)
            for a in obj.advancements.all()
        ]
        return format_html_join(mark_safe("<br>"), "{} <small>({})</small>", rows) or "none"

    @admin.display(description="Equipment (price paid)")
    def kit(self, obj):
        rows = [
            (e.item.name, e.price_paid)
            for e in obj.equipment.filter(disposal="").select_related("item")
        ]
        return format_html_join(", ", "{} ({} cr)", rows) or "nothing"

    @admin.display(description="Card flips")
    def card_flips(self, obj):
        showing = services.showing_flip(obj)
        if showing:
            state = format_html(
                "the <strong>{}</strong> is showing: +1 {} or +1 {}",
                card_name(showing.card),
                *showing.options,
            )
        else:
            state = "no card showing"
        return format_html("{} waiting · {}", obj.flips, state)

    def render_change_form(self, request, context, add=False, change=False, form_url="", obj=None):
        if (
            obj is not None
            and obj.pk
            and obj.is_active
            and self.has_run_permission(request, obj)
            # The flips are the owner's choice (and staff's), not an arbitrator's.
            and access.can(user=request.user, action=access.Action.FLIP, gang=obj.gang)
        ):
            context["flip_url"] = reverse("admin:rosters_fighter_flips", args=[obj.pk])
            context["showing"] = services.showing_flip(obj)
        return super().render_change_form(request, context, add, change, form_url, obj)

    def get_urls(self):
        view = self.admin_site.admin_view(self.flips_view)
        return [
            path("<int:fighter_id>/flips/", view, name="rosters_fighter_flips"),
            *super().get_urls(),
        ]

    def flips_view(self, request, fighter_id):
        """Flip, reflip, choose or pass, as ``POST /fighters/{id}/flips/`` does."""
        fighter = get_object_or_404(
            self.get_queryset(request).select_related("gang"), pk=fighter_id
        )
        back = request.POST.get("next") or request.GET.get("next") or ""
        if not url_has_allowed_host_and_scheme(back, allowed_hosts={request.get_host()}):
            back = ""
        back = back or reverse("admin:rosters_fighter_change", args=[fighter.pk])
        data = request.POST.copy() if request.method == "POST" else None
        if data is not None and "flip" in data:  # one button: "flip", "choose:combat"...
            data["action"], _, data["stat"] = data["flip"].partition(":")
        form = FlipForm(data)
        if request.method == "POST" and form.is_valid():
            action, stat = form.cleaned_data["action"], form.cleaned_data["stat"] or None
            try:
                access.require(user=request.user, action=access.Action.FLIP, gang=fighter.gang)
                draw = services.flip_card(
                    fighter=fighter, actor=request.user, action=action, stat=stat
                )
            except DomainError as exc:
                form.add_error(form.error_field(exc.field), exc.detail)
            else:
                fighter.refresh_from_db()
                messages.success(request, flip_message(fighter, action, draw, stat))
                return redirect(back)
        gang_admin = self.admin_site._registry[type(fighter.gang)]
        return gang_admin.render_operation(
            request, gang=fighter.gang, title="Card flips", form=form, fighter=fighter
        )

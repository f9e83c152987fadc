"""The gang's admin page is its roster sheet: current stat lines, injuries, advancements, flips,
kit with the price paid, stash, goods, credits and ledger, and the forms that run the gang."""

from __future__ import annotations

from django.contrib import admin
from django.urls import reverse

from config.admin_scope import ScopedAdmin
from rosters import access, services
from rosters.admin.operations import OPERATIONS, GangOperations
from rosters.models import Gang
from rosters.sheet import roster_sheet


@admin.register(Gang)
class GangAdmin(GangOperations, ScopedAdmin):
    list_display = ["name", "owner", "faction", "credits", "rating", "wealth", "battles"]
    list_select_related = ["owner"]
    list_filter = ["faction"]
    search_fields = ["name", "owner__username"]
    autocomplete_fields = ["owner"]
    change_form_template = "admin/rosters/gang/change_form.html"
    # What the API asks for the same change (PATCH /gangs/{id}/): the owner's, or staff's.
    field_actions = {"name": access.Action.EDIT_GANG, "notes": access.Action.EDIT_GANG}

    def may(self, user, action, obj) -> bool:
        return access.can(user=user, action=action, gang=obj)

    def get_fields(self, request, obj=None):
        # Owner and faction are chosen once, at founding; the rest is on the sheet.
        return ["name", "notes"] if obj else ["owner", "name", "faction", "notes"]

    def get_urls(self):
        return self.operation_urls() + super().get_urls()

    def save_model(self, request, obj, form, change):
        if change:  # through the API's service and check, even if a form let more through
            access.require(user=request.user, action=access.Action.EDIT_GANG, gang=obj)
            changed = {f: form.cleaned_data[f] for f in form.changed_data if f in ("name", "notes")}
            services.update_gang(gang=obj, actor=request.user, **changed)
            obj.refresh_from_db()
            return
        # A new gang is founded through the service so that the starting treasury is paid.
        gang = services.create_gang(
            owner=obj.owner, name=obj.name, faction=obj.faction, notes=obj.notes
        )
        obj.pk = gang.pk
        obj.refresh_from_db()

    def render_change_form(self, request, context, add=False, change=False, form_url="", obj=None):
        if obj is not None and obj.pk:
            context.update(self.sheet_context(request, obj))
        return super().render_change_form(request, context, add, change, form_url, obj)

    def sheet_context(self, request, obj) -> dict:
        sheet = roster_sheet(obj.pk)
        gang = sheet.gang
        may_run = self.has_run_permission(request, obj)
        context = {
            "sheet": sheet,
            "may_run": may_run,
            "title": "Roster sheet",
            "roster_consents": access.roster_consents(obj.pk),
        }
        if not may_run:
            return context
        # Only the forms of the actions rosters.access gives this user on this gang: an
        # arbitrator gets the credits form, and the roster's (hire, buy, sell, move, flips)
        # only where the owner lets the campaign's arbitrators manage it.
        allowed = access.actions_for(user=request.user, gang=gang)
        context["may_flip"] = access.Action.FLIP in allowed
        # Their own ids: the sheet shares a page with the gang's change form (id_name twice).
        forms = {
            slug: op.form(gang=gang, sheet=sheet, auto_id=f"id_{slug}_%s")
            for slug, op in OPERATIONS.items()
            if op.action in allowed
        }
        context["operations"] = [
            {
                "slug": slug,
                "form": form,
                "url": reverse(f"admin:rosters_gang_{slug}", args=[gang.pk]),
                "empty": any(
                    getattr(field.field, "choices", None) == [] for field in form.visible_fields()
                ),
            }
            for slug, form in forms.items()
        ]
        context["ledger_url"] = (
            reverse("admin:rosters_ledgerentry_changelist") + f"?gang__id__exact={gang.pk}"
        )
        return context

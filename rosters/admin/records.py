"""The ledger and the gang's history: append-only, read here, written only by the services."""

from __future__ import annotations

from django.contrib import admin

from config.admin_display import username
from config.admin_scope import ScopedAdmin
from rosters.models import GangEvent, LedgerEntry


class AppendOnlyAdmin(ScopedAdmin):
    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(LedgerEntry)
class LedgerEntryAdmin(AppendOnlyAdmin):
    list_display = ["at", "gang", "amount", "reason", "balance_after", "actor_name", "note"]
    list_filter = ["reason"]
    list_select_related = ["gang", "actor"]
    search_fields = ["gang__name", "note"]
    ordering = ["-id"]
    fields = ["at", "gang", "amount", "reason", "balance_after", "note", "actor_name"]
    readonly_fields = fields
    actor_name = username("actor", "By")


@admin.register(GangEvent)
class GangEventAdmin(AppendOnlyAdmin):
    list_display = ["at", "gang", "kind", "text", "actor_name"]
    list_filter = ["kind"]
    list_select_related = ["gang", "actor"]
    search_fields = ["gang__name", "text"]
    ordering = ["-id"]
    fields = ["at", "gang", "kind", "text", "fighter", "actor_name"]
    readonly_fields = fields
    actor_name = username("actor", "By")

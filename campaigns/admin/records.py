"""Memberships, rounds and the campaign log: read here, changed only through the services
(approve / reject, close), the same calls as the API's."""

from __future__ import annotations

from django.contrib import admin

from campaigns import services
from campaigns.models import LogEntry, Membership, Round
from config.admin_actions import ReadOnly, run_each
from config.admin_display import username
from config.admin_scope import ScopedAdmin

BY_CAMPAIGN = ("campaign", admin.RelatedOnlyFieldListFilter)


class ReadOnlyAdmin(ReadOnly, ScopedAdmin):
    pass


@admin.register(Membership)
class MembershipAdmin(ReadOnlyAdmin):
    list_display = [
        "gang",
        "owner",
        "campaign",
        "status",
        "roster_managed",
        "requested_at",
        "decided_at",
    ]
    list_filter = ["status", BY_CAMPAIGN]
    list_select_related = ["gang__owner", "campaign"]
    # The owner's choice, read-only here: only they change it (the campaign page, or the API).
    fields = [
        "campaign",
        "gang",
        "status",
        "roster_managed",
        "requested_at",
        "decided_at",
        "decided_by_name",
    ]
    readonly_fields = fields
    actions = ["approve", "reject"]
    decided_by_name = username("decided_by", "Decided by")

    @admin.display(description="Arbitrators manage the roster", boolean=True)
    def roster_managed(self, obj):
        return obj.arbitrators_manage_roster

    @admin.display(description="Player", ordering="gang__owner__username")
    def owner(self, obj):
        return obj.gang.owner.username

    @admin.action(description="Approve a request to join", permissions=["run"])
    def approve(self, request, queryset):
        run_each(
            self,
            request,
            queryset,
            lambda m: services.decide_membership(membership=m, approve=True, actor=request.user),
            "Approved",
        )

    @admin.action(description="Reject a request to join", permissions=["run"])
    def reject(self, request, queryset):
        run_each(
            self,
            request,
            queryset,
            lambda m: services.decide_membership(membership=m, approve=False, actor=request.user),
            "Rejected",
        )


@admin.register(Round)
class RoundAdmin(ReadOnlyAdmin):
    list_display = ["campaign", "number", "status", "deadline", "closed_at"]
    list_filter = ["status", BY_CAMPAIGN]
    list_select_related = ["campaign"]
    fields = ["campaign", "number", "status", "deadline", "opened_at", "closed_at"]
    readonly_fields = fields
    actions = ["close"]

    @admin.action(
        description="Close the round (runs the post-game of confirmed battles)", permissions=["run"]
    )
    def close(self, request, queryset):
        run_each(
            self,
            request,
            queryset,
            lambda r: services.request_round_close(round_=r, actor=request.user),
            "Closing",
        )


@admin.register(LogEntry)
class LogEntryAdmin(ReadOnlyAdmin):
    list_display = ["at", "campaign", "kind", "text", "actor_name"]
    list_filter = ["kind", BY_CAMPAIGN]
    list_select_related = ["campaign", "actor"]
    search_fields = ["text"]
    ordering = ["-id"]
    fields = ["at", "campaign", "kind", "text", "battle", "gang", "actor_name"]
    readonly_fields = fields
    actor_name = username("actor", "By")

"""Arbitrators run campaigns from the admin. Every override goes through campaigns.services,
so it is checked the same way as over the API and written to the campaign log."""

from __future__ import annotations

from django.contrib import admin

from campaigns import services
from campaigns.models import Battle, BattleSide, Campaign, Casualty, LogEntry, Membership, Round
from config.admin_actions import run_each


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 0
    fields = ["gang", "status", "requested_at", "decided_at", "decided_by"]
    readonly_fields = fields
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False


class RoundInline(admin.TabularInline):
    model = Round
    extra = 0
    fields = ["number", "status", "deadline", "closed_at"]
    readonly_fields = ["number", "status", "closed_at"]
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(Campaign)
class CampaignAdmin(admin.ModelAdmin):
    list_display = ["name", "status", "ruleset", "created_at"]
    list_filter = ["status"]
    search_fields = ["name"]
    filter_horizontal = ["arbitrators"]
    readonly_fields = ["status", "join_code", "created_by", "created_at"]
    inlines = [MembershipInline, RoundInline]
    actions = ["start", "open_next_round"]

    def get_queryset(self, request):
        qs = super().get_queryset(request)
        return qs if request.user.is_superuser else qs.filter(arbitrators=request.user)

    def save_model(self, request, obj, form, change):
        if change:
            super().save_model(request, obj, form, change)
            services.log(
                obj,
                LogEntry.Kind.OVERRIDE,
                f"{request.user.username} edited the campaign in the admin.",
                actor=request.user,
            )
            return
        campaign = services.create_campaign(creator=request.user, name=obj.name)
        obj.pk = campaign.pk
        obj.refresh_from_db()

    @admin.action(description="Start the campaign (opens round 1)")
    def start(self, request, queryset):
        run_each(
            self,
            request,
            queryset,
            lambda c: services.set_status(campaign=c, status="active", actor=request.user),
            "Started",
        )

    @admin.action(description="Open the next round")
    def open_next_round(self, request, queryset):
        run_each(
            self,
            request,
            queryset,
            lambda c: services.open_round(campaign=c, actor=request.user),
            "Opened",
        )


@admin.register(Membership)
class MembershipAdmin(admin.ModelAdmin):
    list_display = ["gang", "campaign", "status", "requested_at"]
    list_filter = ["status", "campaign"]
    readonly_fields = ["campaign", "gang", "status", "requested_at", "decided_at", "decided_by"]
    actions = ["approve", "reject"]

    def has_add_permission(self, request):
        return False

    @admin.action(description="Approve (join or leave)")
    def approve(self, request, queryset):
        run_each(
            self,
            request,
            queryset,
            lambda m: services.decide_membership(membership=m, approve=True, actor=request.user),
            "Approved",
        )

    @admin.action(description="Reject")
    def reject(self, request, queryset):
        run_each(
            self,
            request,
            queryset,
            lambda m: services.decide_membership(membership=m, approve=False, actor=request.user),
            "Rejected",
        )


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ["campaign", "number", "status", "deadline", "closed_at"]
    list_filter = ["status", "campaign"]
    readonly_fields = ["campaign", "number", "status", "opened_at", "closed_at", "close_job"]
    actions = ["close"]

    def has_add_permission(self, request):
        return False

    @admin.action(description="Close the round (runs the post-game of confirmed battles)")
    def close(self, request, queryset):
        run_each(
            self,
            request,
            queryset,
            lambda r: services.request_round_close(round_=r, actor=request.user),
            "Closing",
        )


class SideInline(admin.TabularInline):
    model = BattleSide
    extra = 0
    readonly_fields = ["gang", "result", "credits_earned", "goods"]
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False


class CasualtyInline(admin.TabularInline):
    model = Casualty
    fk_name = "battle"
    extra = 0
    readonly_fields = ["fighter", "taken_out_by", "killed"]
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(Battle)
class BattleAdmin(admin.ModelAdmin):
    list_display = ["id", "campaign", "round", "status", "source", "reported_by", "post_game_at"]
    list_filter = ["status", "campaign"]
    readonly_fields = [
        "campaign",
        "round",
        "status",
        "source",
        "reported_by",
        "reported_at",
        "confirmed_by",
        "confirmed_at",
        "dispute_reason",
        "post_game_at",
        "match",
    ]
    inlines = [SideInline, CasualtyInline]
    actions = ["confirm", "void"]

    def has_add_permission(self, request):
        return False

    @admin.action(description="Confirm (runs the post-game)")
    def confirm(self, request, queryset):
        run_each(
            self,
            request,
            queryset,
            lambda b: services.confirm_battle(battle=b, actor=request.user),
            "Confirmed",
        )

    @admin.action(description="Void")
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


@admin.register(LogEntry)
class LogEntryAdmin(admin.ModelAdmin):
    list_display = ["at", "campaign", "kind", "text", "actor"]
    list_filter = ["kind", "campaign"]
    search_fields = ["text"]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

"""Admin for organisers and arbitrators: matches with their seats, the action queue and the
event log read-only. The hidden state and seed are not shown or editable here: a change to
them would break the replay, and the admin calls the same services as the API."""

from __future__ import annotations

from django.contrib import admin, messages

from config.admin_fields import GameFilter, game_column
from config.errors import DomainError
from matches import services
from matches.models import Match, MatchAction, MatchEvent, Participant


class ReadOnlyInline(admin.TabularInline):
    extra = 0
    can_delete = False
    show_change_link = False

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False


class ParticipantInline(admin.TabularInline):
    model = Participant
    extra = 0
    can_delete = False
    fields = ["seat", "player", "consent", "team", "placement", "scores", "resigned"]
    readonly_fields = ["seat", "player", "consent", "placement", "scores", "resigned"]

    def has_add_permission(self, request, obj=None):
        return False


class ActionInline(ReadOnlyInline):
    model = MatchAction
    fields = ["id", "seat", "kind", "payload", "status", "reason", "version_after", "created_at"]
    readonly_fields = fields


class EventInline(ReadOnlyInline):
    model = MatchEvent
    fields = ["seq", "type", "text", "private_to", "version", "created_at"]
    readonly_fields = fields


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = ["id", game_column, "live", "status", "played_at", "version", "created_by"]
    list_filter = [GameFilter, "live", "status"]
    search_fields = ["participants__player__username"]
    date_hierarchy = "played_at"
    fields = [
        "ruleset",
        "live",
        "status",
        "played_at",
        "finished_at",
        "created_by",
        "options",
        "version",
        "outcome",
    ]
    readonly_fields = [
        "ruleset",
        "live",
        "status",
        "finished_at",
        "created_by",
        "options",
        "version",
        "outcome",
    ]
    inlines = [ParticipantInline, ActionInline, EventInline]
    actions = ["abandon"]

    def has_add_permission(self, request):
        return False  # matches are started or logged through the API, which validates them

    @admin.action(description="Abandon the selected live matches")
    def abandon(self, request, queryset):
        for match in queryset:
            try:
                services.abandon_match(match=match, actor=request.user)
            except DomainError as exc:
                self.message_user(request, f"Match {match.pk}: {exc.detail}", messages.WARNING)
            else:
                self.message_user(request, f"Match {match.pk} abandoned.")

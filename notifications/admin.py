"""Webhooks and their delivery log in the admin: staff see every one, an organiser those of
the campaigns and leagues whose webhooks their access module lets them manage
(``NotificationsConfig.ready()`` registers the rows with config/admin_scope.py). Pausing,
resuming and deleting call the same services as the API and the pages; a webhook is added on
the campaign's or league's page (or the API), where its secret is shown once."""

from __future__ import annotations

from django.contrib import admin

from config.admin_actions import run_each
from config.admin_scope import ScopedAdmin, ScopedInline
from notifications import webhooks
from notifications.models import Webhook, WebhookDelivery


class DeliveryInline(ScopedInline, admin.TabularInline):
    model = WebhookDelivery
    fields = ["event", "status", "attempts", "last_status", "last_error", "next_try_at"]
    readonly_fields = fields
    extra = 0
    max_num = 0
    can_delete = False
    ordering = ["-id"]
    show_change_link = True

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(Webhook)
class WebhookAdmin(ScopedAdmin):
    list_display = ["url", "format", "campaign", "league", "failures", "paused_at"]
    list_select_related = ["campaign", "league"]
    list_filter = ["format"]
    fields = ["url", "format", "campaign", "league", "created_by", "created_at", "failures"]
    fields += ["paused_at"]
    readonly_fields = fields
    inlines = [DeliveryInline]
    actions = ["pause", "resume"]

    def has_add_permission(self, request):
        return False  # the secret is shown once: on the campaign's or league's page

    def has_change_permission(self, request, obj=None):
        return False

    @admin.action(description="Pause the selected webhooks", permissions=["run"])
    def pause(self, request, queryset):
        run_each(
            self,
            request,
            queryset,
            lambda hook: webhooks.pause_webhook(actor=request.user, webhook=hook),
            "Paused",
        )

    @admin.action(description="Resume the selected webhooks", permissions=["run"])
    def resume(self, request, queryset):
        run_each(
            self,
            request,
            queryset,
            lambda hook: webhooks.resume_webhook(actor=request.user, webhook=hook),
            "Resumed",
        )

    def delete_model(self, request, obj):
        webhooks.remove_webhook(actor=request.user, webhook=obj)

    def delete_queryset(self, request, queryset):
        for hook in queryset:
            webhooks.remove_webhook(actor=request.user, webhook=hook)


@admin.register(WebhookDelivery)
class DeliveryAdmin(ScopedAdmin):
    """The log, read-only: only the delivery task writes it."""

    list_display = ["webhook", "event", "status", "attempts", "last_status", "next_try_at"]
    list_select_related = ["webhook"]
    list_filter = ["status", "event"]
    fields = [
        "webhook",
        "event",
        "key",
        "status",
        "attempts",
        "last_status",
        "last_error",
        "next_try_at",
        "created_at",
        "delivered_at",
    ]
    readonly_fields = fields
    actions = None

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

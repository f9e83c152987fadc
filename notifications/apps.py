from django.apps import AppConfig


class NotificationsConfig(AppConfig):
    name = "notifications"
    verbose_name = "Notifications"

    def ready(self):
        register_admin()


def register_admin() -> None:
    """Organisers see, in the admin, the webhooks of what they organise: which ones is the
    owning app's rule (``notifications.owners``, registered by campaigns and leagues)."""
    from django.db.models import Q

    from config import admin_scope as scope
    from notifications import access

    def deliveries(user) -> Q:
        from notifications.models import Webhook

        return Q(webhook__in=Webhook.objects.filter(access.webhook_rows(user)).values("pk"))

    scope.register_scope(
        "notifications.webhook",
        rows=access.webhook_rows,
        powers={scope.VIEW, scope.RUN, scope.DELETE},
    )
    scope.register_scope("notifications.webhookdelivery", rows=deliveries, powers={scope.VIEW})

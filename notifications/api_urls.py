"""``/api/v1/me/...`` routes of notifications (included by config/urls.py)."""

from django.urls import path

from notifications import api

urlpatterns = [
    path("notifications/", api.NotificationListView.as_view(), name="me-notifications"),
    path("notifications/unread/", api.UnreadCountView.as_view(), name="me-notifications-unread"),
    path("notifications/read-all/", api.ReadAllView.as_view(), name="me-notifications-read-all"),
    path(
        "notifications/<id:notification_id>/read/",
        api.MarkReadView.as_view(),
        name="me-notification-read",
    ),
    path("notification-settings/", api.SettingsView.as_view(), name="me-notification-settings"),
]

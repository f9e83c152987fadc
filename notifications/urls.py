"""The notifications pages (included by config/urls.py before the player site)."""

from django.urls import path

from notifications import views

urlpatterns = [
    path("notifications/", views.inbox, name="notifications-inbox"),
    path("notifications/read-all/", views.read_all, name="notifications-read-all"),
    path("notifications/settings/", views.settings_page, name="notifications-settings"),
    path(
        "notifications/unsubscribe/<str:token>/",
        views.unsubscribe,
        name="notifications-unsubscribe",
    ),
    path("notifications/<id:pk>/open/", views.open_notification, name="notifications-open"),
]

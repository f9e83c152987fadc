"""The notifications pages (included by config/urls.py before the player site)."""

from django.urls import path

from notifications import views, webhook_pages

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

# Campaigns' and leagues' webhooks on their organisers' pages (notifications/webhook_pages.py).
urlpatterns += [
    path("webhooks/<str:kind>/<id:pk>/add/", webhook_pages.add, name="webhook-page-add"),
    path("webhooks/<id:pk>/delete/", webhook_pages.delete, name="webhook-page-delete"),
    path("webhooks/<id:pk>/pause/", webhook_pages.pause, name="webhook-page-pause"),
    path("webhooks/<id:pk>/resume/", webhook_pages.resume, name="webhook-page-resume"),
]

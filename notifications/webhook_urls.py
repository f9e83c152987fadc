"""``/api/v1/{campaigns,leagues}/{id}/webhooks/`` and ``/api/v1/webhooks/{id}/...``."""

from django.urls import path

from notifications import webhook_api as api

urlpatterns = [
    path(
        "campaigns/<id:pk>/webhooks/",
        api.OwnerWebhooksView.as_view(),
        name="campaign-webhooks",
    ),
    path("leagues/<id:pk>/webhooks/", api.LeagueWebhooksView.as_view(), name="league-webhooks"),
    path("webhooks/<id:pk>/", api.WebhookView.as_view(), name="webhook-detail"),
    path("webhooks/<id:pk>/pause/", api.PauseWebhookView.as_view(), name="webhook-pause"),
    path("webhooks/<id:pk>/resume/", api.ResumeWebhookView.as_view(), name="webhook-resume"),
    path("webhooks/<id:pk>/deliveries/", api.DeliveriesView.as_view(), name="webhook-deliveries"),
]

from django.urls import path

from matches import api

urlpatterns = [
    path("matches/", api.MatchListCreate.as_view(), name="match-list"),
    path("matches/<int:match_id>/", api.MatchDetail.as_view(), name="match-detail"),
    path("matches/<int:match_id>/state/", api.MatchStateView.as_view(), name="match-state"),
    path(
        "matches/<int:match_id>/legal-actions/",
        api.LegalActionsView.as_view(),
        name="match-legal-actions",
    ),
    path("matches/<int:match_id>/actions/", api.SubmitActionView.as_view(), name="match-actions"),
    path(
        "matches/<int:match_id>/actions/<int:action_id>/",
        api.ActionDetailView.as_view(),
        name="match-action-detail",
    ),
    path("matches/<int:match_id>/events/", api.EventListView.as_view(), name="match-events"),
    path("matches/<int:match_id>/resign/", api.ResignView.as_view(), name="match-resign"),
]

from django.urls import path

from matches import api

urlpatterns = [
    path("matches/", api.MatchListCreate.as_view(), name="match-list"),
    path("matches/<id:match_id>/", api.MatchDetail.as_view(), name="match-detail"),
    path("matches/<id:match_id>/accept/", api.AcceptView.as_view(), name="match-accept"),
    path("matches/<id:match_id>/confirm/", api.ConfirmView.as_view(), name="match-confirm"),
    path("matches/<id:match_id>/decline/", api.DeclineView.as_view(), name="match-decline"),
    path("matches/<id:match_id>/state/", api.MatchStateView.as_view(), name="match-state"),
    path(
        "matches/<id:match_id>/legal-actions/",
        api.LegalActionsView.as_view(),
        name="match-legal-actions",
    ),
    path("matches/<id:match_id>/actions/", api.SubmitActionView.as_view(), name="match-actions"),
    path(
        "matches/<id:match_id>/actions/<id:action_id>/",
        api.ActionDetailView.as_view(),
        name="match-action-detail",
    ),
    path("matches/<id:match_id>/events/", api.EventListView.as_view(), name="match-events"),
    path("matches/<id:match_id>/resign/", api.ResignView.as_view(), name="match-resign"),
]

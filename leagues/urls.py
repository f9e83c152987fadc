from django.urls import include, path
from rest_framework.routers import SimpleRouter

from leagues import api

router = SimpleRouter()
router.register("leagues", api.LeagueViewSet, basename="league")

RESULT = "leagues/<id:pk>/matches/<id:result_id>/"
ROUND = "leagues/<id:pk>/rounds/<id:number>/"
MEMBER = "leagues/<id:pk>/members/<id:member_id>/"

urlpatterns = [
    path(
        "leagues/<id:pk>/standings.csv",
        api.StandingsCSVView.as_view(),
        name="league-standings-csv",
    ),
    path("leagues/<id:pk>/invitations/", api.InvitationsView.as_view(), name="league-invitations"),
    path(f"{MEMBER}accept/", api.AcceptMembershipView.as_view(), name="league-member-accept"),
    path(f"{MEMBER}decline/", api.DeclineMembershipView.as_view(), name="league-member-decline"),
    path(RESULT, api.ResultDetailView.as_view(), name="league-result"),
    path(f"{RESULT}confirm/", api.ConfirmView.as_view(), name="league-result-confirm"),
    path(f"{RESULT}dispute/", api.DisputeView.as_view(), name="league-result-dispute"),
    path(f"{RESULT}void/", api.VoidView.as_view(), name="league-result-void"),
    path("leagues/<id:pk>/rounds/", api.RoundsView.as_view(), name="league-rounds"),
    path(
        "leagues/<id:pk>/rounds/standings/",
        api.EventStandingsView.as_view(),
        name="league-rounds-standings",
    ),
    path(f"{ROUND}", api.RoundDetailView.as_view(), name="league-round"),
    path(f"{ROUND}close/", api.RoundCloseView.as_view(), name="league-round-close"),
    path("leagues/<id:pk>/check-in/", api.CheckInView.as_view(), name="league-check-in"),
    path(
        "rulesets/<slug:slug>/leaderboard/",
        api.LeaderboardView.as_view(),
        name="ruleset-leaderboard",
    ),
    path("players/<str:username>/stats/", api.PlayerStatsView.as_view(), name="player-stats"),
    path("", include(router.urls)),
]

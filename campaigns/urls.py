from django.urls import include, path, re_path
from rest_framework.routers import SimpleRouter

from campaigns import api
from campaigns.api.missions import MissionList
from campaigns.api.sessions import PreBattleView, ScheduledBattleDetailView, ScheduledBattleListView

router = SimpleRouter()
router.register("campaigns", api.CampaignViewSet, basename="campaign")

urlpatterns = [
    re_path(
        r"^campaigns/(?P<pk>\d{1,18})/members/(?P<membership_id>\d{1,18})/(?P<decision>(?:accept|decline|approve|reject|leave))/$",
        api.MembershipDecisionView.as_view(),
        name="campaign-membership-decision",
    ),
    path(
        "campaigns/<id:pk>/members/<id:membership_id>/",
        api.MembershipDetailView.as_view(),
        name="campaign-membership",
    ),
    path(
        "campaigns/<id:pk>/rounds/<id:number>/close/",
        api.CloseRoundView.as_view(),
        name="campaign-round-close",
    ),
    path(
        "campaigns/<id:pk>/battles/<id:battle_id>/",
        api.BattleDetailView.as_view(),
        name="campaign-battle",
    ),
    re_path(
        r"^campaigns/(?P<pk>\d{1,18})/battles/(?P<battle_id>\d{1,18})/(?P<decision>(?:confirm|dispute|void|withdraw))/$",
        api.BattleDecisionView.as_view(),
        name="campaign-battle-decision",
    ),
    path(
        "campaigns/<id:pk>/scheduled-battles/",
        ScheduledBattleListView.as_view(),
        name="campaign-scheduled-battles",
    ),
    path(
        "campaigns/<id:pk>/scheduled-battles/<id:sid>/",
        ScheduledBattleDetailView.as_view(),
        name="campaign-scheduled-battle",
    ),
    path(
        "campaigns/<id:pk>/scheduled-battles/<id:sid>/pre-battle/",
        PreBattleView.as_view(),
        name="campaign-pre-battle",
    ),
    path("rulesets/last-hope-frontier/missions/", MissionList.as_view(), name="lhf-missions"),
    path("", include(router.urls)),
]

from django.urls import include, path, re_path
from rest_framework.routers import SimpleRouter

from campaigns import api

router = SimpleRouter()
router.register("campaigns", api.CampaignViewSet, basename="campaign")

urlpatterns = [
    re_path(
        r"^campaigns/(?P<pk>\d+)/members/(?P<membership_id>\d+)/(?P<decision>approve|reject|leave)/$",
        api.MembershipDecisionView.as_view(),
        name="campaign-membership-decision",
    ),
    path(
        "campaigns/<int:pk>/rounds/<int:number>/close/",
        api.CloseRoundView.as_view(),
        name="campaign-round-close",
    ),
    path(
        "campaigns/<int:pk>/battles/<int:battle_id>/",
        api.BattleDetailView.as_view(),
        name="campaign-battle",
    ),
    re_path(
        r"^campaigns/(?P<pk>\d+)/battles/(?P<battle_id>\d+)/(?P<decision>confirm|dispute|void)/$",
        api.BattleDecisionView.as_view(),
        name="campaign-battle-decision",
    ),
    path("", include(router.urls)),
]

"""The player site's pages. URLs mirror the API's ids; each app keeps its views."""

from django.urls import path

from accounts import views as accounts
from campaigns import views as campaigns
from leagues import views as leagues
from rosters.views import building, gangs
from web import views

urlpatterns = [
    path("", views.home, name="home"),
    # accounts
    path("accounts/signup/", accounts.signup, name="signup"),
    path("accounts/login/", accounts.LoginView.as_view(), name="login"),
    path("accounts/logout/", accounts.LogoutView.as_view(), name="logout"),
    # gangs
    path("gangs/", gangs.gang_list, name="gang-list"),
    path("gangs/new/", gangs.gang_create, name="gang-create"),
    path("gangs/<id:pk>/", gangs.gang_detail, name="gang-detail"),
    path("gangs/<id:pk>/print/", gangs.gang_print, name="gang-print"),
    path("gangs/<id:pk>/history/", gangs.gang_history, name="gang-history"),
    path("gangs/<id:pk>/share/", gangs.gang_share, name="gang-share-page"),
    path("gangs/<id:pk>/share/revoke/", gangs.gang_unshare, name="gang-unshare-page"),
    path("gangs/<id:pk>/hire/", building.hire, name="gang-hire"),
    path("gangs/<id:pk>/hire/preview/", building.hire_preview, name="gang-hire-preview"),
    path("gangs/<id:pk>/buy/", building.buy, name="gang-buy"),
    path("gangs/<id:pk>/buy/preview/", building.buy_preview, name="gang-buy-preview"),
    path("gangs/<id:pk>/sell/", building.sell, name="gang-sell"),
    path("gangs/<id:pk>/equipment/<id:equipment_id>/move/", building.move, name="gang-move"),
    path("gangs/<id:pk>/fighters/<id:fighter_id>/retire/", building.retire, name="gang-retire"),
    path("gangs/<id:pk>/fighters/<id:fighter_id>/flip/", building.flip, name="gang-flip"),
    path("shared/<str:token>/", gangs.gang_shared, name="gang-shared"),
    # campaigns
    path("campaigns/new/", campaigns.campaign_create, name="campaign-create"),
    path("campaigns/join/", campaigns.campaign_join, name="campaign-join"),
    path("campaigns/<id:pk>/", campaigns.campaign_detail, name="campaign-detail"),
    path("campaigns/<id:pk>/report/", campaigns.battle_report, name="campaign-report"),
    path(
        "campaigns/<id:pk>/battles/<id:battle_id>/<str:decision>/",
        campaigns.battle_decision,
        name="campaign-battle-decision-page",
    ),
    path(
        "campaigns/<id:pk>/members/<id:membership_id>/<str:decision>/",
        campaigns.membership_decision,
        name="campaign-membership-page",
    ),
    path("campaigns/<id:pk>/manage/", campaigns.campaign_manage, name="campaign-manage"),
    path("campaigns/<id:pk>/schedule/", campaigns.schedule, name="campaign-schedule"),
    path(
        "campaigns/<id:pk>/scheduled/<id:sid>/report/",
        campaigns.scheduled_report,
        name="campaign-scheduled-report",
    ),
    path(
        "campaigns/<id:pk>/scheduled/<id:sid>/<str:step>/",
        campaigns.scheduled_step,
        name="campaign-scheduled-step",
    ),
    # leagues and players
    path("leagues/new/", leagues.league_create, name="league-create"),
    path("leagues/join/", leagues.league_join, name="league-join"),
    path("leagues/<id:pk>/", leagues.league_detail, name="league-detail"),
    path("leagues/<id:pk>/report/", leagues.result_report, name="league-report"),
    path(
        "leagues/<id:pk>/results/<id:result_id>/<str:decision>/",
        leagues.result_decision,
        name="league-result-page",
    ),
    path(
        "leagues/<id:pk>/members/<id:membership_id>/<str:decision>/",
        leagues.membership_decision,
        name="league-membership-page",
    ),
    path("leagues/<id:pk>/night/<str:action>/", leagues.night_action, name="league-night"),
    path("leagues/<id:pk>/pairings/", leagues.pairings_page, name="league-pairings"),
    path(
        "leagues/<id:pk>/pairings/<id:number>/", leagues.pairings_page, name="league-pairings-round"
    ),
    path(
        "leagues/<id:pk>/pairings/<id:number>/<id:table>/report/",
        leagues.table_report,
        name="league-table-report",
    ),
    path("leagues/<id:pk>/screen/", leagues.night_standings_page, name="league-night-standings"),
    path("players/<str:username>/", leagues.player_page, name="player"),
]

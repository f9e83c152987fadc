from django.urls import include, path
from rest_framework.routers import SimpleRouter

from rosters import api, api_catalogue, api_fighters, api_share

router = SimpleRouter()
router.register("gangs", api.GangViewSet, basename="gang")
router.register("fighters", api_fighters.FighterViewSet, basename="fighter")

urlpatterns = [
    path(
        "rulesets/last-hope-frontier/catalogue/",
        api_catalogue.CatalogueView.as_view(),
        name="lhf-catalogue",
    ),
    path(
        "gangs/<id:pk>/equipment/<id:equipment_id>/move/",
        api.MoveEquipmentView.as_view(),
        name="gang-equipment-move",
    ),
    path("fighters/<id:pk>/flips/", api.FlipsView.as_view(), name="fighter-flips"),
    path("gangs/<id:pk>/share/", api_share.ShareLinkView.as_view(), name="gang-share"),
    path("", include(router.urls)),
]

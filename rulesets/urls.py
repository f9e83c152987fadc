from django.urls import path

from rulesets import api

urlpatterns = [
    path("rulesets/", api.RulesetList.as_view(), name="ruleset-list"),
    path("rulesets/<slug:slug>/", api.RulesetDetail.as_view(), name="ruleset-detail"),
    path("rulesets/last-hope-frontier/shot/", api.ShotCalculator.as_view(), name="lhf-shot"),
    path("rulesets/last-hope-frontier/combat/", api.CombatCalculator.as_view(), name="lhf-combat"),
    path("rulesets/last-hope-frontier/flip/", api.FlipCalculator.as_view(), name="lhf-flip"),
]

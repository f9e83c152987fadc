from django.urls import path

from rulesets import api

urlpatterns = [
    path("rulesets/", api.RulesetList.as_view(), name="ruleset-list"),
    path("rulesets/<slug:slug>/", api.RulesetDetail.as_view(), name="ruleset-detail"),
]

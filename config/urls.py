from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularRedocView, SpectacularSwaggerView

from config.health import healthz

api_v1 = [
    path("auth/", include("accounts.urls")),
    path("tasks/", include("jobs.urls")),
    path("", include("rulesets.urls")),
    path("", include("rosters.urls")),
    path("", include("matches.urls")),
    path("", include("campaigns.urls")),
]

urlpatterns = [
    path("admin/", admin.site.urls),
    path("healthz", healthz, name="healthz"),
    path("api/v1/", include(api_v1)),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="swagger-ui"),
    path("api/redoc/", SpectacularRedocView.as_view(url_name="schema"), name="redoc"),
]

handler404 = "config.api.json_404"
handler500 = "config.api.json_500"

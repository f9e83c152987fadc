from csp.constants import SELF, UNSAFE_INLINE
from csp.decorators import csp_replace
from django.contrib import admin
from django.urls import include, path, register_converter
from drf_spectacular.views import SpectacularAPIView, SpectacularRedocView, SpectacularSwaggerView

from config.converters import ObjectId
from config.health import healthz
from config.ping import PingView
from config.root import ApiRoot

# Before the apps' URL modules are included: they use <id:...> for object ids.
register_converter(ObjectId, "id")

api_v1 = [
    path("", ApiRoot.as_view(), name="api-root"),
    path("auth/", include("accounts.urls")),
    path("me/", include("web.api_urls")),  # what waits for me (web/api.py)
    path("me/", include("notifications.api_urls")),  # my inbox and email choices
    path("tasks/", include("jobs.urls")),
    path("ping/", PingView.as_view(), name="ping"),
    # Before the apps': leagues/<id>/<...>/ there would take leagues/<id>/webhooks/.
    path("", include("notifications.webhook_urls")),  # campaigns' and leagues' webhooks
    path("", include("rulesets.urls")),
    path("", include("rosters.urls")),
    path("", include("matches.urls")),
    path("", include("campaigns.urls")),
    path("", include("leagues.urls")),
]

urlpatterns = [
    path("admin/", admin.site.urls),
    path("healthz", healthz, name="healthz"),
    path("api/v1/", include(api_v1)),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path(
        "api/docs/",
        SpectacularSwaggerView.as_view(url_name="schema", template_name="config/swagger_ui.html"),
        name="swagger-ui",
    ),
    path(
        "api/redoc/",
        # Redoc's bundle adds <style> elements as it loads, before any nonce can reach it:
        # this page alone allows inline styles (never inline scripts). docs/api.md says why.
        csp_replace({"style-src": [SELF, UNSAFE_INLINE]})(
            SpectacularRedocView.as_view(url_name="schema", template_name="config/redoc.html")
        ),
        name="redoc",
    ),
    path("i18n/", include("django.conf.urls.i18n")),
    path("", include("matches.live_urls")),  # the live table pages: /matches/<id>/
    path("", include("notifications.urls")),  # inbox, email choices, unsubscribe
    path("", include("web.urls")),  # the player site (web/urls.py lists its pages)
]

handler400 = "config.api.json_400"  # JSON under /api/, Django's page elsewhere
handler403 = "web.views.forbidden"  # a page (the API answers its own 403s)
handler404 = "web.views.not_found"  # JSON under /api/, a page elsewhere
handler500 = "web.views.server_error"  # JSON under /api/, a page elsewhere

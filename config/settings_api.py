"""The API's settings (Django REST framework, drf-spectacular), read by config/settings.py."""

from __future__ import annotations

from config.env import env_bool, env_str

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "accounts.authentication.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    # JSON only, with size, depth and text limits (config/parsers.py): a form or multipart body
    # is a 415, and nothing a client sends reaches a view unchecked.
    "DEFAULT_PARSER_CLASSES": ["config.parsers.GuardedJSONParser"],
    # DRF's JSON, written by orjson (config/renderers.py); parsing is unchanged.
    "DEFAULT_RENDERER_CLASSES": [
        "config.renderers.ORJSONRenderer",
        "rest_framework.renderers.BrowsableAPIRenderer",
    ],
    "DEFAULT_PAGINATION_CLASS": "config.api.Pagination",
    "PAGE_SIZE": 25,
    "DEFAULT_FILTER_BACKENDS": [
        "django_filters.rest_framework.DjangoFilterBackend",
        "rest_framework.filters.OrderingFilter",
        "rest_framework.filters.SearchFilter",
    ],
    "DEFAULT_THROTTLE_CLASSES": ["rest_framework.throttling.AnonRateThrottle"],
    "DEFAULT_THROTTLE_RATES": {
        "anon": env_str("THROTTLE_ANON", "120/minute"),
        "auth": env_str("THROTTLE_AUTH", "20/minute"),
    },
    # Throttles count clients by address. X-Forwarded-For is only believed when a proxy of ours
    # sets it (BEHIND_PROXY, then the last hop it added); otherwise a client could send a new
    # one with every request and never be throttled, sign-in included.
    "NUM_PROXIES": 1 if env_bool("BEHIND_PROXY", False) else 0,
    "EXCEPTION_HANDLER": "config.api.exception_handler",
    "DEFAULT_SCHEMA_CLASS": "config.schema.AutoSchema",
    "TEST_REQUEST_DEFAULT_FORMAT": "json",
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Posse API",
    "DESCRIPTION": "Campaigns, gang rosters, match records and live server-refereed play.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
    # Operation ids without the version ("matches_actions_create"): generated clients name their
    # functions after them (tests/client/).
    "SCHEMA_PATH_PREFIX": r"/api/v[0-9]+",
    # The live stream's event, which no operation declares (matches/api/live.py)
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "matches.api.live.stream_state_component",
    ],
    # <id:...> in URLs (config/converters.py): at most 18 digits.
    "PATH_CONVERTER_OVERRIDES": {"id": {"type": "integer", "minimum": 0, "maximum": 10**18 - 1}},
    # Many models have a "status"; name each choice set after its model.
    "ENUM_NAME_OVERRIDES": {
        "CampaignStatusEnum": "campaigns.models.Campaign.Status",
        "MembershipStatusEnum": "campaigns.models.Membership.Status",
        "MembershipViaEnum": "campaigns.models.Membership.Via",
        "RoundStatusEnum": "campaigns.models.Round.Status",
        "BattleStatusEnum": "campaigns.models.Battle.Status",
        "FighterStatusEnum": "rosters.models.Fighter.Status",
        "MatchStatusEnum": "matches.models.Match.Status",
        "ActionStatusEnum": "matches.models.MatchAction.Status",
        "CampaignTransitionEnum": "campaigns.api.TRANSITIONS",
        "LeagueResultStatusEnum": "leagues.models.LeagueMatch.Status",
        "LeagueTieBreakerEnum": "leagues.scoring.TIE_BREAKERS",
        "TieBreakersEnum": "campaigns.services.TIE_BREAKERS",  # kept when leagues came
        "FillTypeEnum": "matches.api.live.FILL_TYPES",
    },
}

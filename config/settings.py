"""Posse settings: one module, driven by environment variables (see README "Configuration").

Embedded default (nothing set): SQLite under var/, Celery tasks run in-process, DEBUG on.
Production: DEBUG=false, SECRET_KEY, DATABASE_URL=postgres://..., REDIS_URL=redis://...
"""

from __future__ import annotations

from pathlib import Path

from django.core.exceptions import ImproperlyConfigured

from config.env import (
    database_config,
    env_bool,
    env_int,
    env_list,
    env_origins,
    env_str,
    redis_url,
)

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = BASE_DIR / "var"

DEBUG = env_bool("DEBUG", True)

# Only for the embedded default: a fixed key for a laptop is fine, never for a deployment.
DEVELOPMENT_SECRET_KEY = "insecure-posse-development-key-do-not-use-in-production-0123456789"
SECRET_KEY = env_str("SECRET_KEY")
if not DEBUG and SECRET_KEY in (None, "", DEVELOPMENT_SECRET_KEY):
    # The development key is public (it is in this file): copied into a deployment, it is none.
    raise ImproperlyConfigured(
        "SECRET_KEY must be set when DEBUG is off, to a secret value (not the development key)."
    )
SECRET_KEY = SECRET_KEY or DEVELOPMENT_SECRET_KEY

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost", "testserver"])
CSRF_TRUSTED_ORIGINS = env_origins("CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    # First: its runserver serves ASGI, so `make run` streams live tables like production.
    "daphne",
    "config.admin_apps.PosseAdminConfig",  # django.contrib.admin with the organisers' site
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "config.apps.PosseConfig",  # API-wide serializer behaviour (choice errors), config/apps.py
    "accounts",
    "jobs",
    "rulesets",
    "rosters",
    "matches",
    "campaigns",
    "leagues",
    "web",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # Static files before anything else touches the request (sessions, CSRF): WhiteNoise
    # answers /static/... itself, with SecurityMiddleware's headers already on the response.
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # The player site speaks the browser's language (Accept-Language) or the one chosen.
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "config.pages.ServiceErrorPages",  # a page's uncaught domain error: its 4xx, in words
    # Size, depth and text limits on the body of every API write (config/middleware.py).
    "config.middleware.GuardedBodyMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"  # daphne (runserver and production)
AUTH_USER_MODEL = "accounts.User"
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        # Project-wide overrides (config/templates/config/: the Redoc page without a CDN).
        "DIRS": [BASE_DIR / "config" / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
            ]
        },
    }
]

DATABASES = {
    "default": database_config(
        env_str("DATABASE_URL", f"sqlite:///{VAR_DIR / 'posse.sqlite3'}"),
        # Opening a PostgreSQL connection costs more than a cached request (docs/performance.md):
        # keep each one for a minute. CONN_MAX_AGE=0 goes back to one connection per request.
        conn_max_age=env_int("CONN_MAX_AGE", 60, minimum=0),
    )
}
# DB_POOL_SIZE > 0: a psycopg connection pool of that many connections per process, in place
# of one persistent connection per thread. `posse stream` sets it: under ASGI every request's
# sync code runs in a thread of its own, so CONN_MAX_AGE would leave a connection behind per
# thread, and CONN_MAX_AGE=0 opens one for every pushed render (docs/performance.md).
DB_POOL_SIZE = env_int("DB_POOL_SIZE", 0, minimum=0)
if DB_POOL_SIZE and DATABASES["default"]["ENGINE"].endswith("postgresql"):
    DATABASES["default"]["CONN_MAX_AGE"] = 0  # Django's pool requires it
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
        "min_size": 1,
        "max_size": DB_POOL_SIZE,
        "timeout": 10,
    }
if DATABASES["default"]["ENGINE"].endswith("sqlite3"):
    # SQLite serialises writers; wait for the lock rather than failing at once.
    DATABASES["default"].setdefault("OPTIONS", {})["timeout"] = 20

REDIS_URL = redis_url("REDIS_URL")

# The cache holds throttle counters and bodies keyed by revision, nothing that must not be
# lost: with Redis unreachable a read answers "nothing cached" and a write is skipped, logged
# (django-redis's IGNORE_EXCEPTIONS), so a Redis restart pauses the rate limits (sign-in
# included) instead of turning every API request into a 500. tests/faults restarts Redis.
REDIS_CACHE_OPTIONS = {
    "SOCKET_CONNECT_TIMEOUT": 1,
    "SOCKET_TIMEOUT": 1,
    "IGNORE_EXCEPTIONS": True,
}
DJANGO_REDIS_LOG_IGNORED_EXCEPTIONS = True

if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "django_redis.cache.RedisCache",
            "LOCATION": REDIS_URL,
            "OPTIONS": REDIS_CACHE_OPTIONS,
        }
    }
else:
    # One process in the embedded default, so a local-memory cache is enough there.
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
# The player site's languages: the seeds' (English, French, Dutch). locale/ holds them.
LANGUAGES = [("en", "English"), ("fr", "Français"), ("nl", "Nederlands")]
LOCALE_PATHS = [BASE_DIR / "locale"]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"
USE_TZ = True

# --- Static files: served by the application itself (WhiteNoise), no CDN, no web server ------
STATIC_URL = "static/"
# Where `collectstatic` writes and WhiteNoise serves from. An installed package has no var/
# of its own beside the code: production sets it (the image: /app/static).
STATIC_ROOT = env_str("STATIC_ROOT", str(VAR_DIR / "static"))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    # DEBUG off: hashed names (cached for a year, immutable) and gzipped copies, made once
    # by `collectstatic`; a page naming a file that was not collected is then an error, not a
    # silent 404. DEBUG on (make run, tests): plain names straight from the apps, no
    # collectstatic needed.
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}
# With DEBUG on, WhiteNoise finds files in the apps as they change (gunicorn works without
# collectstatic); off, it indexes STATIC_ROOT once at start-up.
WHITENOISE_USE_FINDERS = DEBUG
WHITENOISE_AUTOREFRESH = DEBUG

# --- Security: production-like values make `check --deploy` silent ---------------------------
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", not DEBUG)
# Health probes (compose's, a load balancer's) speak plain HTTP inside the network; /healthz
# says only "ok" or what is down.
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
SESSION_COOKIE_SECURE = not DEBUG
CSRF_COOKIE_SECURE = not DEBUG
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 0 if DEBUG else 31536000, minimum=0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = not DEBUG
SECURE_HSTS_PRELOAD = not DEBUG
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
if env_bool("BEHIND_PROXY", False):
    # Only trust X-Forwarded-Proto when a proxy we run sets it.
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

# --- API ----------------------------------------------------------------------------------------
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.TokenAuthentication",
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

# --- Celery -----------------------------------------------------------------------------------
# Tasks must finish well inside the broker's visibility timeout, or Redis hands a still-running
# task to a second worker (acks_late): hard limit 5 min, visibility 1 hour.
CELERY_BROKER_URL = REDIS_URL or "memory://"
CELERY_RESULT_BACKEND = None
CELERY_TASK_ALWAYS_EAGER = REDIS_URL is None
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_SOFT_TIME_LIMIT = 240
CELERY_TASK_TIME_LIMIT = 300
CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": 3600}
CELERY_TASK_DEFAULT_QUEUE = env_str("CELERY_QUEUE", "posse")
# Called (by a Celery task, with match_id=...) when a live match finishes; each is idempotent.
MATCH_FINISHED_HANDLERS = [
    "campaigns.services.collect_live_battle",
    "matches.services.collect_friendly_battle",
]
# Games played with a gang: the module that reads a player's own gang for a friendly battle
# and writes its result into the gang's history (matches/services/live_friendly.py).
MATCH_GANG_PROVIDERS = {"last-hope-frontier": "rosters.live"}
# Who else may watch a live match besides its seats, staff and (public matches) everyone.
MATCH_WATCH_RULES = ["campaigns.watching.members_watch_live_battles"]

CELERY_BEAT_SCHEDULE = {
    "sweep-stale-actions": {"task": "matches.tasks.sweep_pending_actions", "schedule": 30.0},
    # Turn clocks (each deadline also sends its own timed check) and idle bots.
    "enforce-turn-clocks": {"task": "matches.tasks.enforce_turn_clocks", "schedule": 5.0},
    "close-rounds-past-deadline": {"task": "campaigns.tasks.close_due_rounds", "schedule": 300.0},
    # A finished live battle whose hand-off task was lost (worker killed after commit).
    "collect-live-battles": {"task": "campaigns.tasks.collect_live_battles", "schedule": 60.0},
    "sweep-post-games": {"task": "campaigns.tasks.sweep_post_games", "schedule": 60.0},
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "INFO")},
}

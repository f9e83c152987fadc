"""Posse settings: one module, driven by environment variables (see README "Configuration").

Embedded default (nothing set): PostgreSQL from a wheel, started by manage.py (``make run``, data
in var/postgres/) or by the test run (config/embedded_postgres.py); Celery tasks run in-process,
DEBUG on.
Production: DEBUG=false, SECRET_KEY, DATABASE_URL=postgres://..., REDIS_URL=redis://...
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from urllib.parse import urlparse

from celery.schedules import crontab
from csp.constants import NONCE, NONE, SELF
from django.core.exceptions import ImproperlyConfigured

from config import embedded_postgres
from config.env import (
    database_config,
    email_config,
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
    "axes",  # sign-in lockouts (accounts/signin.py)
    "csp",  # the Content-Security-Policy header and its nonces (CONTENT_SECURITY_POLICY below)
    "config.apps.PosseConfig",  # API-wide serializer behaviour (choice errors), config/apps.py
    "accounts",
    "jobs",
    "rulesets",
    "rosters",
    "matches",
    "campaigns",
    "leagues",
    "notifications",  # inbox, email and webhooks (docs/notifications.md)
    "web",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # Static files before anything else touches the request (sessions, CSRF): WhiteNoise
    # answers /static/... itself, with SecurityMiddleware's headers already on the response.
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Every other response carries CONTENT_SECURITY_POLICY (below).
    "csp.middleware.CSPMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # The player site speaks the browser's language (Accept-Language) or the one chosen.
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "config.pages.ServiceErrorPages",  # a page's uncaught domain error: its 4xx, in words
    # A locked sign-in's answer becomes a 429 with Retry-After (accounts/signin.py). Before
    # the sync-only middleware below, so that it runs sync under ASGI too.
    "axes.middleware.AxesMiddleware",
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
                "csp.context_processors.nonce",  # {{ CSP_NONCE }} for the few inline blocks
            ]
        },
    },
    # The live tables' fragment and boards (matches/jinja2/, matches/tables/jinja.py): drawn
    # on every move, by the stream process, for every seated page.
    {
        "BACKEND": "django.template.backends.jinja2.Jinja2",
        "APP_DIRS": True,
        "OPTIONS": {"environment": "matches.tables.jinja.environment"},
    },
]

DATABASES = {
    "default": database_config(
        # Unset: the embedded server of `make run` (manage.py starts it; `make worker` beside
        # it finds it there). Always PostgreSQL: there is no other database.
        env_str("DATABASE_URL") or embedded_postgres.default_url(),
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
if DB_POOL_SIZE:
    DATABASES["default"]["CONN_MAX_AGE"] = 0  # Django's pool requires it
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
        "min_size": 1,
        "max_size": DB_POOL_SIZE,
        "timeout": 10,
    }

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

# --- Sign-in: one policy against password guessing for the site, the admin and the API ------
# django-axes, configured and explained in accounts/signin.py. AxesBackend first: it refuses a
# locked client before a password is checked (and, a ModelBackend itself, it loads the users
# of sessions it is named in).
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_HANDLER = "accounts.signin.SignInLocks"
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"], "ip_address"]
AXES_FAILURE_LIMIT = env_int("SIGNIN_FAILURE_LIMIT", 5, minimum=1)  # per (username, address)
SIGNIN_ADDRESS_FAILURE_LIMIT = env_int("SIGNIN_ADDRESS_FAILURE_LIMIT", 30, minimum=1)
AXES_COOLOFF_TIME = timedelta(minutes=env_int("SIGNIN_COOLOFF_MINUTES", 15, minimum=1))
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False  # a lock ends by itself
AXES_RESET_ON_SUCCESS = False  # a guesser's own account would reset his address's count
AXES_CLIENT_IP_CALLABLE = "accounts.signin.client_address"  # the API throttles' address
AXES_USERNAME_CALLABLE = "accounts.signin.username_key"
AXES_LOCKOUT_CALLABLE = "accounts.signin.lockout_response"
AXES_DISABLE_ACCESS_LOG = True  # failures are counted; successful sign-ins are not logged
AXES_ENABLE_ADMIN = False  # `posse manage axes_reset` lifts locks; they end by themselves

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
# Scripts and styles only from our own static files, or inline with this response's nonce
# (the API docs' few lines); no inline event handler or style attribute runs. The browser
# tests fail on any violation (tests/browser/conftest.py).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF, NONCE],
        "style-src": [SELF, NONCE],
        "img-src": [SELF, "data:"],
        "font-src": [SELF, "data:"],
        "connect-src": [SELF],
        "worker-src": [SELF, "blob:"],  # Redoc searches in a worker it makes from a blob
        "object-src": [NONE],
        "base-uri": [NONE],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}
if env_bool("BEHIND_PROXY", False):
    # Only trust X-Forwarded-Proto when a proxy we run sets it.
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

# --- API: DRF's and drf-spectacular's settings (config/settings_api.py) -----------------------
from config import settings_api  # noqa: E402

REST_FRAMEWORK = settings_api.REST_FRAMEWORK
SPECTACULAR_SETTINGS = settings_api.SPECTACULAR_SETTINGS

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
# Each game's table drawing for the live pages, by ruleset slug (matches/tables/__init__.py
# knows no game: it looks the presenter up here).
MATCH_TABLES = {
    "le-dernier-peuple": "matches.tables.le_dernier_peuple.present",
    "battle-royale": "matches.tables.battle_royale.present",
    "last-one-standing": "matches.tables.last_one_standing.present",
    "last-hope-frontier": "matches.tables.last_hope_frontier.present",
}

CELERY_BEAT_SCHEDULE = {
    "sweep-stale-actions": {"task": "matches.tasks.sweep_pending_actions", "schedule": 30.0},
    # Turn clocks (each deadline also sends its own timed check) and idle bots.
    "enforce-turn-clocks": {"task": "matches.tasks.enforce_turn_clocks", "schedule": 5.0},
    "close-rounds-past-deadline": {"task": "campaigns.tasks.close_due_rounds", "schedule": 300.0},
    # A finished live battle whose hand-off task was lost (worker killed after commit).
    "collect-live-battles": {"task": "campaigns.tasks.collect_live_battles", "schedule": 60.0},
    "sweep-post-games": {"task": "campaigns.tasks.sweep_post_games", "schedule": 60.0},
    # A roster write's Idempotency-Key is kept IDEMPOTENCY_KEY_HOURS (rosters/keyed_writes.py).
    "forget-old-keys": {"task": "rosters.tasks.forget_old_keys", "schedule": 3600.0},
}
IDEMPOTENCY_KEY_HOURS = env_int("IDEMPOTENCY_KEY_HOURS", 24, minimum=1)

# --- Notifications: email and webhooks (notifications/, docs/notifications.md) ----------------
# EMAIL_URL: smtp://user:password@host:port, smtp+tls://..., smtp+ssl://...; unset: console.
_EMAIL = email_config("EMAIL_URL")
EMAIL_BACKEND = _EMAIL["EMAIL_BACKEND"]
EMAIL_HOST = _EMAIL.get("EMAIL_HOST", "localhost")
EMAIL_PORT = _EMAIL.get("EMAIL_PORT", 25)
EMAIL_HOST_USER = _EMAIL.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = _EMAIL.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = _EMAIL.get("EMAIL_USE_TLS", False)
EMAIL_USE_SSL = _EMAIL.get("EMAIL_USE_SSL", False)
EMAIL_TIMEOUT = _EMAIL.get("EMAIL_TIMEOUT", 10)
DEFAULT_FROM_EMAIL = env_str("EMAIL_FROM", "Posse <posse@localhost>")
# Where emails' links point (no request to read it from in a worker).
SITE_URL = env_str("SITE_URL", "http://127.0.0.1:8000")
if urlparse(SITE_URL).scheme not in {"http", "https"} or not urlparse(SITE_URL).netloc:
    raise ImproperlyConfigured(f"SITE_URL={SITE_URL!r} must look like https://posse.example.")
NOTIFY_TURN_DELAY = env_int("NOTIFY_TURN_DELAY", 120, minimum=0)  # seconds; 0: never tell
NOTIFY_DIGEST_HOUR = env_int("NOTIFY_DIGEST_HOUR", 7, minimum=0)  # UTC hour of the digest
NOTIFY_POLL_SECONDS = 30  # how often an open page asks for the unread count
NOTIFY_CLOCK_LOW = 0.25  # a turn clock is "running low" with this share of its time left
NOTIFY_CLOCK_MIN_SECONDS = 300  # shorter clocks are played at the table: no warning
WEBHOOK_ALLOW_PRIVATE = env_bool("WEBHOOK_ALLOW_PRIVATE", False)  # never link-local/metadata
WEBHOOK_TIMEOUT = 5.0
WEBHOOK_TRIES = 6
WEBHOOK_BACKOFF = 30.0  # seconds before the 2nd try; doubled for each one after
WEBHOOK_PAUSE_AFTER = 5  # deliveries given up on in a row
SPECTACULAR_SETTINGS["ENUM_NAME_OVERRIDES"].update(
    {
        "EmailChoiceEnum": "notifications.models.Preference.Email",
        "WebhookFormatEnum": "notifications.models.Webhook.Format",
    }
)
CELERY_BEAT_SCHEDULE.update(
    {
        "notifications-sweep-emails": {
            "task": "notifications.tasks.sweep_emails",
            "schedule": 300.0,
        },
        "notifications-sweep-webhooks": {
            "task": "notifications.tasks.sweep_webhooks",
            "schedule": 60.0,
        },
        "notifications-closing-rounds": {
            "task": "notifications.tasks.sweep_closing_rounds",
            "schedule": 600.0,
        },
        "notifications-low-clocks": {
            "task": "notifications.tasks.sweep_low_clocks",
            "schedule": 60.0,
        },
        "notifications-daily-digest": {
            "task": "notifications.tasks.send_digests",
            "schedule": crontab(minute=0, hour=NOTIFY_DIGEST_HOUR),
        },
    }
)

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    # A 403 or a suspicious request is one line, without a traceback (config/log_filters.py).
    "filters": {"one_line_refusals": {"()": "config.log_filters.OneLineRefusals"}},
    # On django.request's logger (every handler, DEBUG's too) and on the console handler, which
    # also hears django.security.<Name> (a logger per kind of suspicious request).
    "handlers": {"console": {"class": "logging.StreamHandler", "filters": ["one_line_refusals"]}},
    "loggers": {
        "django.request": {"filters": ["one_line_refusals"]},
        # A failed sign-in and a lock are one warning each; not axes's bookkeeping.
        "axes": {"level": "WARNING"},
    },
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "INFO")},
}

"""Reading settings from the environment, failing loudly on values we cannot understand.

A typo in production configuration (``DEBUG=flase``) must stop the process at start-up with
the variable's name, not silently fall back to a default.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from urllib.parse import urlparse

from django.core.exceptions import ImproperlyConfigured

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


def env_str(name: str, default: str | None = None, *, environ: Mapping[str, str] = os.environ):
    value = environ.get(name)
    return default if value is None else value


def env_bool(name: str, default: bool, *, environ: Mapping[str, str] = os.environ) -> bool:
    raw = environ.get(name)
    if raw is None:
        return default
    value = raw.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ImproperlyConfigured(f"{name}={raw!r} is not a boolean: use true/false, 1/0, yes/no.")


def env_int(name: str, default: int, *, environ: Mapping[str, str] = os.environ, minimum=None):
    raw = environ.get(name)
    if raw is None:
        return default
    try:
        value = int(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name}={raw!r} is not a whole number.") from None
    if minimum is not None and value < minimum:
        raise ImproperlyConfigured(f"{name}={raw!r} must be at least {minimum}.")
    return value


def env_list(name: str, default: list[str], *, environ: Mapping[str, str] = os.environ):
    raw = environ.get(name)
    if raw is None:
        return list(default)
    return [item.strip() for item in raw.split(",") if item.strip()]


def env_origins(name: str, *, environ: Mapping[str, str] = os.environ) -> list[str]:
    """CSRF trusted origins must carry a scheme (Django 4+), so check it here, by name."""
    origins = env_list(name, [], environ=environ)
    for origin in origins:
        if urlparse(origin).scheme not in {"http", "https"}:
            raise ImproperlyConfigured(
                f"{name}: {origin!r} must start with http:// or https:// (e.g. https://posse.example)."
            )
    return origins


def database_config(url: str, *, name: str = "DATABASE_URL", conn_max_age: int = 0) -> dict:
    import dj_database_url

    scheme = urlparse(url).scheme
    if scheme not in {"sqlite", "postgres", "postgresql", "pgsql"}:
        raise ImproperlyConfigured(
            f"{name}={url!r}: only sqlite:///path and postgres://user@host:port/db are supported."
        )
    try:
        # Health checks make a kept connection safe after PostgreSQL restarts or drops it.
        config = dj_database_url.parse(url, conn_max_age=conn_max_age, conn_health_checks=True)
    except ValueError as exc:
        raise ImproperlyConfigured(f"{name}={url!r} cannot be read: {exc}") from None
    if not config.get("NAME"):
        raise ImproperlyConfigured(f"{name}={url!r} names no database.")
    return config


def redis_url(name: str = "REDIS_URL", *, environ: Mapping[str, str] = os.environ) -> str | None:
    raw = environ.get(name, "").strip()
    if not raw:
        return None
    if urlparse(raw).scheme not in {"redis", "rediss"}:
        raise ImproperlyConfigured(f"{name}={raw!r} must look like redis://host:6379/0.")
    return raw

"""Reading settings from the environment, failing loudly on values we cannot understand.

A typo in production configuration (``DEBUG=flase``) must stop the process at start-up with
the variable's name, not silently fall back to a default.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from urllib.parse import quote, urlparse

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
    if scheme not in {"postgres", "postgresql", "pgsql"}:
        raise ImproperlyConfigured(
            f"{name}={url!r}: PostgreSQL only, as postgres://user@host:port/db "
            "(or postgres://user@%2Fsocket%2Fdir/db)."
        )
    try:
        # Health checks make a kept connection safe after PostgreSQL restarts or drops it.
        config = dj_database_url.parse(url, conn_max_age=conn_max_age, conn_health_checks=True)
    except ValueError as exc:
        raise ImproperlyConfigured(f"{name}={url!r} cannot be read: {exc}") from None
    if not config.get("NAME"):
        raise ImproperlyConfigured(f"{name}={url!r} names no database.")
    return config


def database_url(settings_dict: Mapping) -> str:
    """A settings' database as a URL again, for a child process (a socket path encoded)."""
    host = quote(settings_dict["HOST"] or "127.0.0.1", safe="")
    port = f":{settings_dict['PORT']}" if settings_dict["PORT"] else ""
    user = quote(settings_dict["USER"] or "postgres", safe="")
    password = f":{quote(settings_dict['PASSWORD'], safe='')}" if settings_dict["PASSWORD"] else ""
    return f"postgres://{user}{password}@{host}{port}/{settings_dict['NAME']}"


def redis_url(name: str = "REDIS_URL", *, environ: Mapping[str, str] = os.environ) -> str | None:
    raw = environ.get(name, "").strip()
    if not raw:
        return None
    if urlparse(raw).scheme not in {"redis", "rediss"}:
        raise ImproperlyConfigured(f"{name}={raw!r} must look like redis://host:6379/0.")
    return raw


_EMAIL_SCHEMES = {
    "smtp": (25, False, False),
    "smtp+tls": (587, True, False),
    "smtp+ssl": (465, False, True),
}


def email_config(name: str = "EMAIL_URL", *, environ: Mapping[str, str] = os.environ) -> dict:
    """Django's EMAIL_* settings from one URL: ``smtp://user:password@host:port`` (plain),
    ``smtp+tls://`` (STARTTLS, port 587 by default), ``smtp+ssl://`` (TLS from the first byte,
    465). Unset or empty: the console backend (each email printed, nothing sent)."""
    from urllib.parse import unquote

    raw = environ.get(name, "").strip()
    if not raw:
        return {"EMAIL_BACKEND": "django.core.mail.backends.console.EmailBackend"}
    parts = urlparse(raw)
    # The password is never repeated in a message: the value is shown without it.
    shown = raw.replace(f":{parts.password}@", ":***@") if parts.password else raw
    if parts.scheme not in _EMAIL_SCHEMES:
        raise ImproperlyConfigured(
            f"{name}={shown!r}: use smtp://, smtp+tls:// or smtp+ssl://user:password@host:port."
        )
    try:
        port = parts.port
    except ValueError:
        raise ImproperlyConfigured(f"{name}={shown!r}: the port is not a number.") from None
    if not parts.hostname:
        raise ImproperlyConfigured(f"{name}={shown!r} names no host.")
    default_port, tls, ssl = _EMAIL_SCHEMES[parts.scheme]
    return {
        "EMAIL_BACKEND": "django.core.mail.backends.smtp.EmailBackend",
        "EMAIL_HOST": parts.hostname,
        "EMAIL_PORT": port or default_port,
        "EMAIL_HOST_USER": unquote(parts.username or ""),
        "EMAIL_HOST_PASSWORD": unquote(parts.password or ""),
        "EMAIL_USE_TLS": tls,
        "EMAIL_USE_SSL": ssl,
        "EMAIL_TIMEOUT": 10,
    }

"""``/healthz``: can this process reach what it needs? 200 when yes, 503 naming what is down."""

from __future__ import annotations

from django.conf import settings
from django.db import connection
from django.http import JsonResponse


def _database() -> str:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception as exc:  # any driver error means "down"; the message says which
        return f"error: {exc.__class__.__name__}"
    return "ok"


def _broker() -> str:
    if not settings.REDIS_URL:
        return "in-process"
    import redis

    try:
        client = redis.Redis.from_url(
            settings.REDIS_URL, socket_connect_timeout=2, socket_timeout=2
        )
        client.ping()
    except Exception as exc:
        return f"error: {exc.__class__.__name__}"
    return "ok"


def healthz(request):
    parts = {"database": _database(), "broker": _broker()}
    failing = [name for name, state in parts.items() if state.startswith("error")]
    body = dict(parts)
    if failing:
        body["failing"] = failing
    return JsonResponse(body, status=503 if failing else 200)

"""The cache fails open by configuration (django-redis's IGNORE_EXCEPTIONS, config/settings.py):
with Redis unreachable a read is a miss and a write is skipped, never an error."""

from __future__ import annotations

import pytest
from django.core.cache import caches
from django.test import override_settings

from config.settings import REDIS_CACHE_OPTIONS

UNREACHABLE = {
    "default": {
        "BACKEND": "django_redis.cache.RedisCache",
        "LOCATION": "redis://127.0.0.1:1/0",  # nothing listens on port 1
        "OPTIONS": REDIS_CACHE_OPTIONS,
    }
}


@override_settings(CACHES=UNREACHABLE)
def test_with_redis_unreachable_reads_miss_and_writes_are_skipped(caplog):
    cache = caches.create_connection("default")
    assert cache.get("k", "default") == "default"
    assert cache.get_many(["a", "b"]) == {}
    cache.set("k", 1)
    assert not cache.add("k", 1)
    cache.delete("k")
    assert "Exception ignored" in caplog.text


def test_the_shipped_cache_is_django_redis_failing_open(settings):
    if "RedisCache" not in settings.CACHES["default"]["BACKEND"]:
        pytest.skip("REDIS_URL unset: the local-memory cache")
    assert settings.CACHES["default"]["BACKEND"] == "django_redis.cache.RedisCache"
    assert settings.CACHES["default"]["OPTIONS"]["IGNORE_EXCEPTIONS"] is True

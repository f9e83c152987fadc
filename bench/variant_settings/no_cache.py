"""No cache: every gang detail is built (rosters/detail.py), as on the first read after a
write. Throttles are off with it (they count in the cache); the benchmarks send no anonymous
requests."""

from config.settings import *  # noqa: F403

CACHES = {"default": {"BACKEND": "django.core.cache.backends.dummy.DummyCache"}}

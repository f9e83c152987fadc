"""Redis as the cache, failing open when Redis cannot be reached.

The cache holds throttle counters and nothing that must not be lost. Django's RedisCache raises
on a refused or dropped connection, so a Redis restart turned every API request into a 500
(DRF's throttles read the cache before any view runs). Here a read answers "nothing cached"
and a write is skipped, with a warning in the log. The trade-off, accepted: while Redis is down
the rate limits are not enforced (sign-in included); the site stays up. ``incr`` and ``clear``
still raise: nothing in the request path uses them. tests/faults/ restarts Redis under load.
"""

from __future__ import annotations

import functools
import logging

from django.core.cache.backends.redis import RedisCache, RedisCacheClient
from redis.exceptions import ConnectionError, TimeoutError

log = logging.getLogger(__name__)


UNREACHABLE = (ConnectionError, TimeoutError)


def _skipped(operation: str, exc: Exception) -> None:
    log.warning("cache %s skipped: Redis unreachable (%s)", operation, exc)


def _fail_open(fallback):
    def decorate(method):
        @functools.wraps(method)
        def guarded(self, *args, **kwargs):
            try:
                return method(self, *args, **kwargs)
            except UNREACHABLE as exc:
                _skipped(method.__name__, exc)
                return fallback

        return guarded

    return decorate


class ResilientRedisCacheClient(RedisCacheClient):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._clients: dict = {}  # by connection pool

    def get_client(self, key=None, *, write=False):
        # Django builds a new redis.Redis for every operation, and redis-py 8 fills in its
        # table of response callbacks (about 170 entries) each time: a quarter of a cache
        # read's CPU (docs/performance.md, "Turns over HTTP, fourth pass"). One client
        # per pool, kept: a client is thread-safe, taking a connection from its pool for each
        # command; the pool stays Django's, made and replaced (after a fork) as before.
        pool = self._get_connection_pool(write)
        client = self._clients.get(pool)
        if client is None:
            client = self._clients[pool] = self._client(connection_pool=pool)
        return client

    def get(self, key, default):
        try:
            return super().get(key, default)
        except UNREACHABLE as exc:
            _skipped("get", exc)
            return default

    get_many = _fail_open({})(RedisCacheClient.get_many)
    has_key = _fail_open(False)(RedisCacheClient.has_key)
    add = _fail_open(False)(RedisCacheClient.add)
    set = _fail_open(None)(RedisCacheClient.set)
    set_many = _fail_open(None)(RedisCacheClient.set_many)
    touch = _fail_open(False)(RedisCacheClient.touch)
    delete = _fail_open(False)(RedisCacheClient.delete)
    delete_many = _fail_open(None)(RedisCacheClient.delete_many)


class ResilientRedisCache(RedisCache):
    def __init__(self, server, params):
        super().__init__(server, params)
        self._class = ResilientRedisCacheClient

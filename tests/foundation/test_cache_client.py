"""The Redis cache keeps one redis-py client per connection pool (config/cache.py)."""

from __future__ import annotations

import pytest
from redis.exceptions import ConnectionError

from config.cache import ResilientRedisCache


def a_cache(location: str = "redis://127.0.0.1:1/0") -> ResilientRedisCache:
    return ResilientRedisCache(
        location, {"OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1}}
    )


def test_each_operation_gets_the_same_client_of_the_same_pool():
    client = a_cache()._cache
    first = client.get_client(write=False)
    assert client.get_client(write=False) is first
    assert client.get_client(write=True) is first  # one server: one pool, reads and writes
    assert first.connection_pool is client._get_connection_pool(True)


def test_a_kept_client_still_fails_open():
    cache = a_cache()
    assert cache.get("k", "default") == "default"
    cache.set("k", 1)  # skipped, with a warning
    with pytest.raises(ConnectionError):
        cache._cache.get_client().ping()

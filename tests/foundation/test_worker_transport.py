"""The broker's Redis channel (config/celery.py) keeps one redis-py client per connection pool
instead of building one for every command kombu sends outside its event loop."""

from __future__ import annotations

import pytest
from django.conf import settings

from config.celery import RedisChannel, app


@pytest.fixture
def channel():
    if not settings.REDIS_URL:
        pytest.skip("REDIS_URL is not set (the in-memory broker)")
    with app.connection_for_write() as conn:
        yield conn.default_channel


def test_the_broker_channel_is_ours(channel):
    assert isinstance(channel, RedisChannel)


def test_commands_share_one_client_per_pool(channel):
    with channel.conn_or_acquire() as first:
        assert first.ping()
    with channel.conn_or_acquire() as second:
        assert second is first
    given = object()
    with channel.conn_or_acquire(given) as third:
        assert third is given  # a client handed in (a pipeline's) is used as it is


def test_a_new_pool_after_a_fork_gets_a_new_client(channel):
    with channel.conn_or_acquire() as before:
        pass
    channel._after_fork()  # what kombu runs in a forked child: its pools are dropped
    with channel.conn_or_acquire() as after:
        assert after is not before
        assert after.connection_pool is channel.pool
        assert after.ping()

"""An acknowledgement on a channel closed with the broker is dropped, not fatal to the worker
(config/broker_acks.py)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from kombu.transport import redis as kombu_redis

from config import broker_acks


class FakeChannel:
    """What kombu's Redis QoS reads of its channel; ``connection.client`` is what closing
    the channel clears."""

    do_restore = False

    def __init__(self, client):
        self.connection = SimpleNamespace(client=client, default_port=6379)
        self.removed: list[str] = []

    def conn_or_acquire(self, client=None):
        if self.connection.client is None:  # as kombu's Channel._connparams fails
            raise AttributeError("'NoneType' object has no attribute 'hostname'")
        raise AssertionError("an open channel is not what this test is about")


def a_qos(channel) -> broker_acks.QoS:
    qos = broker_acks.QoS(channel)
    qos._delivered["tag-1"] = object()
    return qos


def test_kombus_redis_channels_use_it():
    assert kombu_redis.Channel.QoS is broker_acks.QoS  # installed by config/celery.py


@pytest.mark.parametrize("verb", ["ack", "reject"])
def test_on_a_closed_channel_it_is_dropped_and_kept_in_memory_as_done(verb):
    qos = a_qos(FakeChannel(client=None))
    getattr(qos, verb)("tag-1")  # kombu's own QoS raised AttributeError here
    assert "tag-1" in qos._dirty  # done in memory, as kombu marks an acked message


def test_kombus_own_qos_crashed_there():
    qos = kombu_redis.QoS(FakeChannel(client=None))
    with pytest.raises(AttributeError, match="hostname"):
        qos.ack("tag-1")


def test_on_an_open_channel_it_acks_as_kombu_does(monkeypatch):
    seen = []
    monkeypatch.setattr(kombu_redis.QoS, "ack", lambda self, tag: seen.append(tag))
    qos = a_qos(FakeChannel(client=object()))
    qos.ack("tag-1")
    assert seen == ["tag-1"]


def test_a_closed_channel_refuses_to_build_a_client_with_a_connection_error():
    """What kombu's closing of a lost connection ignores; it crashed the worker before."""
    from redis.exceptions import ConnectionError as RedisConnectionError

    channel = SimpleNamespace(connection=SimpleNamespace(client=None))
    with pytest.raises(RedisConnectionError):
        kombu_redis.Channel._connparams(channel)
    assert RedisConnectionError in kombu_redis.Transport.connection_errors

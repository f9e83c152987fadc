"""config/broker.py sends the message Celery would send for the same call, field by field."""

from __future__ import annotations

import base64
import json
from contextlib import contextmanager

import pytest
from kombu import Connection

from config import broker
from config.celery import app
from matches.tasks import resolve_action

# What differs from one message to the next (new ids), or from one process to another.
PER_MESSAGE = {("headers", "id"), ("headers", "root_id"), ("properties", "correlation_id")}
PER_MESSAGE |= {("properties", "delivery_tag")}


def celery_message(task, *args) -> dict:
    """What ``task.delay(*args)`` puts on a queue: kombu's in-memory transport keeps the same
    message (headers, properties, the encoded body) a Redis list would hold."""
    queue = getattr(task, "queue", None) or app.conf.task_default_queue
    with Connection("memory://") as connection:
        task.apply_async(args, connection=connection)
        channel = connection.default_channel
        message = channel._get(queue)
    return message


class FakeRedis:
    def __init__(self):
        self.pushed: list[tuple[str, bytes]] = []

    def lpush(self, key, value):
        self.pushed.append((key, value))


@contextmanager
def celery_conf(**values):
    """Celery's configuration changed for a test (app.conf takes no monkeypatch)."""
    previous = {name: getattr(app.conf, name) for name in values}
    app.conf.update(values)
    try:
        yield
    finally:
        app.conf.update(previous)


@pytest.fixture
def sent_by_broker(monkeypatch):
    fake = FakeRedis()
    monkeypatch.setattr(broker, "_client", lambda url: fake)
    with celery_conf(task_always_eager=False, broker_url="redis://127.0.0.1:1/0"):
        yield fake


def without_ids(message: dict) -> dict:
    message = json.loads(json.dumps(message))
    for part, field in PER_MESSAGE:
        assert message[part].pop(field)
    message["body"] = json.loads(base64.b64decode(message["body"]))
    return message


def test_the_message_is_celerys(sent_by_broker):
    expected = celery_message(resolve_action, 123)
    broker.send(resolve_action, 123)
    ((queue, raw),) = sent_by_broker.pushed
    assert queue == app.conf.task_default_queue
    ours = json.loads(raw)
    assert without_ids(ours) == without_ids(expected)
    assert (
        ours["headers"]["id"] == ours["headers"]["root_id"] == ours["properties"]["correlation_id"]
    )
    assert ours["headers"]["id"] != ours["properties"]["delivery_tag"]


def test_each_message_has_ids_of_its_own(sent_by_broker):
    broker.send(resolve_action, 1)
    broker.send(resolve_action, 1)
    first, second = (json.loads(raw) for _queue, raw in sent_by_broker.pushed)
    assert first["headers"]["id"] != second["headers"]["id"]
    assert first["properties"]["delivery_tag"] != second["properties"]["delivery_tag"]


def test_in_eager_mode_the_task_runs_as_delay_runs_it(monkeypatch):
    ran = []
    monkeypatch.setattr(resolve_action, "delay", lambda *args: ran.append(args))
    with celery_conf(task_always_eager=True):
        broker.send(resolve_action, 7)
    assert ran == [(7,)]


def test_an_unreachable_broker_raises_for_the_caller_to_log():
    """Refused at once (nothing listens on port 1): the callers send on commit with
    ``robust=True``, so the action stays stored and the sweep sends it again."""
    import redis

    with pytest.raises(redis.exceptions.ConnectionError):
        broker._client("redis://127.0.0.1:1/0").lpush("posse-test", b"x")


def test_a_connection_redis_dropped_is_replaced_and_the_push_sent():
    """After a Redis restart the kept client's connection is dead: the push goes out on a new
    one (redis-py's pool reads a connection before handing it out), instead of failing and
    leaving the action to the sweep."""
    import os

    import redis

    url = os.environ.get("REDIS_URL")
    if not url:
        pytest.skip("needs Redis (REDIS_URL)")
    client = broker._client(url)
    key = "posse-test-broker-dropped"
    client.delete(key)
    client.lpush(key, b"1")
    ours = client.client_id()  # the pool's one connection, the push's
    killer = redis.Redis.from_url(url)
    try:
        assert killer.client_kill_filter(_id=ours) == 1
        client.lpush(key, b"2")
        assert client.llen(key) == 2
    finally:
        killer.delete(key)
        killer.close()

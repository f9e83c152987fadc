"""A submitted action's task is published through Celery's own API: the configured queue,
task routes and transport options apply (no message built by hand)."""

from __future__ import annotations

import json
from contextlib import contextmanager
from queue import Empty

import pytest
from kombu import pools

from config.celery import app
from matches.services.queue import _enqueue_resolution
from matches.tasks import resolve_action


@contextmanager
def celery_conf(**values):
    """Celery's configuration changed for a test (app.conf takes no monkeypatch), its broker
    connections and producers made anew from it, and again afterwards."""
    previous = {name: getattr(app.conf, name) for name in values}

    def renew():
        pools.reset()
        app._pool = None
        app.amqp._producer_pool = None

    app.conf.update(values)
    renew()
    try:
        yield
    finally:
        app.conf.update(previous)
        renew()


def waiting(queue: str) -> list[dict]:
    """The messages on ``queue`` of the in-memory broker, taken off it."""
    found = []
    with app.connection_for_write() as connection:
        channel = connection.default_channel
        while True:
            try:
                found.append(channel._get(queue))
            except Empty:
                return found


def in_memory(**more):
    return celery_conf(task_always_eager=False, broker_url="memory://", **more)


def test_the_task_goes_to_the_configured_queue():
    with in_memory(task_default_queue="posse-test-queue"):
        _enqueue_resolution(123)
        (message,) = waiting("posse-test-queue")
    assert message["headers"]["task"] == resolve_action.name
    assert json.loads(_body(message))[0] == [123]


def test_a_task_route_applies():
    routes = {resolve_action.name: {"queue": "posse-test-routed"}}
    with in_memory(task_default_queue="posse-test-queue", task_routes=routes):
        _enqueue_resolution(7)
        assert waiting("posse-test-queue") == []
        (message,) = waiting("posse-test-routed")
    assert json.loads(_body(message))[0] == [7]


def test_in_eager_mode_the_task_runs_in_process(monkeypatch):
    ran = []
    monkeypatch.setattr(resolve_action, "run", lambda action_id: ran.append(action_id))
    with celery_conf(task_always_eager=True):
        _enqueue_resolution(5)
    assert ran == [5]


def test_an_unreachable_broker_raises_for_the_caller_to_log():
    """Refused (nothing listens on port 1): the callers send on commit with ``robust=True``,
    so the action stays stored and the sweep sends it again."""
    from kombu.exceptions import OperationalError

    with (
        celery_conf(
            task_always_eager=False,
            broker_url="redis://127.0.0.1:1/0",
            broker_connection_retry=False,
            broker_transport_options={"max_retries": 0},
            task_publish_retry=False,
        ),
        pytest.raises(OperationalError),
    ):
        _enqueue_resolution(1)


def _body(message: dict) -> bytes:
    import base64

    body = message["body"]
    return base64.b64decode(body) if message["properties"].get("body_encoding") else body

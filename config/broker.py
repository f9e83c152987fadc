"""A hot task sent to the Redis broker as one LPUSH, without Celery's per-message machinery.

Why: ``resolve_action.delay`` cost a submitted action 0.43 ms of CPU (a third of the POST's),
of which Redis took a tenth: Celery's ``send_task`` reads its configuration through Django's
settings for every message, routes it, copies its options, and kombu builds a new redis-py
client (its table of response callbacks) for each command (docs/performance.md, "Turns over
HTTP, fourth pass"). Here the message is the one Celery's protocol 2 makes for the same call
(headers, properties, the base64 JSON body: a test holds the two equal field by field, so an
upgrade that changes the protocol fails there), its fixed parts built once per task, sent by
a redis-py client kept per process.

For tasks sent with positional arguments to the default queue only, with the task's own time
limits: no ETA, expiry, priority, links or chains, no publish signals (nothing here listens to
them), and the parent and root ids of a calling task are not set (tracing only). In eager mode
(no REDIS_URL: tasks run in-process) or with another broker, the task's own ``delay``.
A failure to reach Redis raises ``redis.exceptions.RedisError`` as kombu's raised its own
errors: the callers' ``on_commit(robust=True)`` logs it and the sweeps send the task again.
"""

from __future__ import annotations

import base64
import os
import socket
import threading
import uuid
from functools import cache

import orjson
import redis
from redis.backoff import ExponentialBackoff
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError
from redis.retry import Retry

_EMBED = {"callbacks": None, "errbacks": None, "chain": None, "chord": None}
_clients: dict[tuple[int, str], redis.Redis] = {}  # by process (a forked child makes its own)
_lock = threading.Lock()
_HOST = socket.gethostname()


def send(task, *args) -> None:
    """``task.delay(*args)``, sent as Celery would send it."""
    app = task.app
    url = str(app.conf.broker_url)
    if app.conf.task_always_eager or not url.startswith(("redis://", "rediss://")):
        task.delay(*args)
        return
    queue, headers, properties = _fixed(task)
    task_id = str(uuid.uuid4())
    body = orjson.dumps([list(args), {}, _EMBED])
    message = {
        "body": base64.b64encode(body).decode(),
        "content-encoding": "utf-8",
        "content-type": "application/json",
        "headers": {
            **headers,
            "id": task_id,
            "root_id": task_id,
            "argsrepr": repr(tuple(args)),
            "origin": f"gen{os.getpid()}@{_HOST}",
        },
        "properties": {
            **properties,
            "correlation_id": task_id,
            "reply_to": app.thread_oid,
            "delivery_tag": str(uuid.uuid4()),
        },
    }
    _client(url).lpush(queue, orjson.dumps(message))


@cache
def _fixed(task) -> tuple[str, dict, dict]:
    """The queue and the parts of the message that are the same for every call of ``task``."""
    app = task.app
    conf = app.conf
    queue = getattr(task, "queue", None) or conf.task_default_queue
    hard = task.time_limit if task.time_limit is not None else conf.task_time_limit
    soft = task.soft_time_limit if task.soft_time_limit is not None else conf.task_soft_time_limit
    headers = {
        "lang": "py",
        "task": task.name,
        "shadow": None,
        "eta": None,
        "expires": None,
        "group": None,
        "group_index": None,
        "retries": 0,
        "timelimit": [hard, soft],
        "parent_id": None,
        "kwargsrepr": "{}",
        "ignore_result": bool(task.ignore_result),
        "replaced_task_nesting": 0,
        "stamped_headers": None,
        "stamps": {},
    }
    properties = {
        "delivery_mode": 2,
        "delivery_info": {"exchange": "", "routing_key": queue},
        "priority": 0,
        "body_encoding": "base64",
    }
    return queue, headers, properties


def _client(url: str) -> redis.Redis:
    key = (os.getpid(), url)
    client = _clients.get(key)
    if client is None:
        with _lock:
            client = _clients.get(key)
            if client is None:
                # A connection Redis dropped (a restart) is replaced when the pool hands it
                # out (redis-py reads it first); one dropped during the push is replaced and
                # the push sent again, as Celery's publish retries (3 times, up to 0.2 s
                # apart): a push repeated after a lost reply is a task run twice, which a
                # resolution allows. A broker that is down refuses at once, one that hangs
                # fails the send in seconds; the sweeps send the task again either way.
                client = _clients[key] = redis.Redis.from_url(
                    url,
                    socket_connect_timeout=2,
                    socket_timeout=5,
                    retry=Retry(ExponentialBackoff(cap=0.2, base=0.05), 3),
                    retry_on_error=[RedisConnectionError, RedisTimeoutError],
                )
    return client

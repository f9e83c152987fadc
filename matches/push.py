"""Push: "match M is now at version V", from whoever changed it to every open table of it.

The match's channel carries the match id and its version, nothing else: no view, no hand.
Each stream (matches/views/stream.py) then builds its own viewer's table from the database.
A resolved move also sends each seat of a person *its own* state for the new version (the
view the game's ``view`` gives that seat, its legal actions, the events it may read: the
same builder as a stream's, matches/seat_state.py) on a channel of that seat alone, which
only that seat's API streams subscribe to, after their access check: they pass it on
without reading the database. So no channel ever carries what its subscribers may not see,
and a client can only ever get its own seat's view.

Two hubs behind one small interface:
- **Redis pub/sub** when ``REDIS_URL`` is set (production, CI): the worker that resolved an
  action publishes, every stream process subscribed to the match's channel hears it. A
  process subscribes once for all its open streams (one connection per event loop, shared:
  matches/push_fanout.py) and hands each message to the streams of its channel.
- **In-process** otherwise (``make run`` with no ``REDIS_URL``: tasks run inside the web process): a
  registry of subscriber queues in this process. It is module-level state, which the design
  forbids in production; here there is only one process, and it is what makes push work
  with nothing installed.

``match_changed`` is called from the resolving transaction and publishes only once it commits
(``transaction.on_commit``): a client told about version V always finds V in the database.
"""

from __future__ import annotations

import asyncio
import json
import logging
import queue
import threading
import time
from collections import defaultdict
from collections.abc import Callable

import orjson
from django.conf import settings
from django.db import transaction

from matches import push_fanout

log = logging.getLogger(__name__)


def channel(match_id: int) -> str:
    # Pub/sub channels are global to a Redis server (not per database index): the queue name
    # keeps two deployments (or two test runs) sharing one Redis apart.
    return f"{settings.CELERY_TASK_DEFAULT_QUEUE}:match:{match_id}"


def seat_channel(match_id: int, seat: str) -> str:
    """One seat's own channel: only that seat's API streams subscribe to it."""
    return f"{channel(match_id)}:seat:{seat}"


def match_changed(
    *, match_id: int, version: int, frames: Callable[[], dict[str, dict]] | None = None
) -> None:
    """Tell every open table that the match is at ``version``, once the transaction commits.

    ``frames`` (the resolution's: matches/seat_state.py ``seat_frames``), called after the
    commit, gives each seat's own state for this version; each goes to that seat's channel
    only, before the match's message, so a seat's API stream can send it without reading the
    database. A frame that cannot be built is left out: the streams read the database."""

    def publish() -> None:
        messages = []
        if frames is not None:
            try:
                built = frames()
            except Exception:
                log.exception("push: match %s: seat frames not built", match_id)
                built = {}
            for seat, frame in built.items():
                body = {"frame": "seat", "match": match_id, "version": version, **frame}
                messages.append((seat_channel(match_id, seat), json_text(body)))
        messages.append((channel(match_id), json_text({"match": match_id, "version": version})))
        hub().publish_many(messages)

    transaction.on_commit(publish, robust=True)


def json_text(body: dict) -> str:
    """``body`` as JSON text: a seat's frame here, each event of a stream (matches/views/sse.py).
    orjson writes and reads them in a fraction of json's time, and both sit on a push's way to
    the other seat. What orjson refuses (an int beyond 64 bits) goes through json."""
    try:
        return orjson.dumps(body, option=orjson.OPT_NON_STR_KEYS).decode()
    except (orjson.JSONEncodeError, TypeError):
        return json.dumps(body)


def seat_frame(message: str | None) -> dict | None:
    """The seat frame a message carries (None for the match's version message, a ping)."""
    if not message or '"frame"' not in message:
        return None
    try:
        body = orjson.loads(message)
    except ValueError:  # orjson's JSONDecodeError is one
        return None
    return body if isinstance(body, dict) and body.get("frame") == "seat" else None


# --- the in-process hub ---------------------------------------------------------------------


class _Subscriber:
    """A queue that a publishing thread fills and one stream drains (sync or async)."""

    def __init__(self, loop: asyncio.AbstractEventLoop | None = None):
        self.loop = loop
        self.sync_queue: queue.SimpleQueue[str] = queue.SimpleQueue()
        self.async_queue: asyncio.Queue[str] | None = asyncio.Queue() if loop else None

    def put(self, message: str) -> None:
        if self.loop is None:
            self.sync_queue.put(message)
        elif not self.loop.is_closed():
            self.loop.call_soon_threadsafe(self.async_queue.put_nowait, message)


class LocalHub:
    def __init__(self):
        self._lock = threading.Lock()
        self._subscribers: dict[str, set[_Subscriber]] = defaultdict(set)

    def publish(self, name: str, message: str) -> None:
        with self._lock:
            subscribers = list(self._subscribers.get(name, ()))
        for subscriber in subscribers:
            subscriber.put(message)

    def publish_many(self, messages: list[tuple[str, str]]) -> None:
        for name, message in messages:
            self.publish(name, message)

    def subscribe(self, *names: str) -> LocalSubscription:
        return LocalSubscription(self, names, _Subscriber())

    async def asubscribe(self, *names: str) -> LocalSubscription:
        return LocalSubscription(self, names, _Subscriber(asyncio.get_running_loop()))

    def _add(self, name: str, subscriber: _Subscriber) -> None:
        with self._lock:
            self._subscribers[name].add(subscriber)

    def _remove(self, name: str, subscriber: _Subscriber) -> None:
        with self._lock:
            self._subscribers[name].discard(subscriber)
            if not self._subscribers[name]:
                del self._subscribers[name]


class LocalSubscription:
    def __init__(self, hub: LocalHub, names: tuple[str, ...], subscriber: _Subscriber):
        self.hub, self.names, self.subscriber = hub, names, subscriber
        for name in names:
            hub._add(name, subscriber)

    def get(self, timeout: float) -> str | None:
        try:
            return self.subscriber.sync_queue.get(timeout=timeout)
        except queue.Empty:
            return None

    async def aget(self, timeout: float) -> str | None:
        return await push_fanout.get_within(self.subscriber.async_queue, timeout)

    def close(self) -> None:
        for name in self.names:
            self.hub._remove(name, self.subscriber)

    async def aclose(self) -> None:
        self.close()


# --- the Redis hub --------------------------------------------------------------------------


class RedisHub:
    def __init__(self, url: str):
        import redis

        self.url = url
        self._client = redis.Redis.from_url(url, socket_connect_timeout=2, socket_timeout=5)

    def publish(self, name: str, message: str) -> None:
        self.publish_many([(name, message)])

    def publish_many(self, messages: list[tuple[str, str]]) -> None:
        """In order, in one round trip (a pipeline without MULTI)."""
        try:
            pipe = self._client.pipeline(transaction=False)
            for name, message in messages:
                pipe.publish(name, message)
            pipe.execute()
        except Exception:
            # A lost push is not a lost move: the tables' polling fallback catches up.
            log.exception("push: could not publish on %s", ", ".join(n for n, _ in messages))

    async def asubscribe(self, *names: str) -> push_fanout.Subscription:
        """A share of this event loop's one subscriber (matches/push_fanout.py), subscribed
        when this returns: a stream reads the database only after it."""
        return await push_fanout.subscribe(self.url, names)

    def subscribe(self, *names: str) -> RedisSubscription:
        """A connection of its own (WSGI streams only: the test server, ``runserver``;
        ``posse web`` sends short streams that subscribe to nothing)."""
        import redis

        pubsub = redis.Redis.from_url(self.url, socket_connect_timeout=2).pubsub(
            ignore_subscribe_messages=True
        )
        pubsub.subscribe(*names)
        return RedisSubscription(pubsub)


class RedisSubscription:
    def __init__(self, pubsub):
        self.pubsub = pubsub

    def get(self, timeout: float) -> str | None:
        # redis-py answers None for a message it ignores too (the confirmations of the
        # SUBSCRIBE): only a wait that ran its course is the stream's heartbeat.
        deadline = time.monotonic() + timeout
        while True:
            message = self.pubsub.get_message(timeout=max(0.0, deadline - time.monotonic()))
            if message is not None:
                return _text(message["data"])
            if time.monotonic() >= deadline:
                return None

    def close(self) -> None:
        self.pubsub.close()


def _text(data) -> str:
    return data.decode() if isinstance(data, bytes) else str(data)


_hubs: dict[str, LocalHub | RedisHub] = {}
_hubs_lock = threading.Lock()


def hub() -> LocalHub | RedisHub:
    """The hub for this process's settings (Redis when REDIS_URL is set)."""
    key = settings.REDIS_URL or "local"
    with _hubs_lock:
        if key not in _hubs:
            _hubs[key] = RedisHub(key) if settings.REDIS_URL else LocalHub()
        return _hubs[key]

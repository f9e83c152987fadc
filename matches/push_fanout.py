"""One Redis pub/sub connection per event loop, shared by every open stream of that loop.

A ``posse stream`` process holds its streams on one event loop. Each stream used to subscribe
on a Redis connection of its own: a thousand watchers of a match were a thousand connections,
and Redis wrote each push once per connection. Here the loop's streams share one
``redis.asyncio`` PubSub: a channel is subscribed when its first listener comes and
unsubscribed when its last goes, and each message is handed to the listeners of its channel
(an ``asyncio.Queue`` each). Redis sees one subscriber per process, whatever the watchers.

The reading is redis-py's own loop (``PubSub.run``, a handler per channel). When the
connection drops, redis-py reconnects and subscribes its channels again (its connect
callback); a message published while it was down is lost, so every listener is then told
``RESYNC``: its stream reads the match's current version from the database, as it does when
it starts. A stream that falls behind (its queue full) is told the same instead of growing
without bound: what it missed is in the database.

State is per event loop (``asyncio`` objects belong to one), kept while the loop lives.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import weakref

from django.conf import settings

log = logging.getLogger(__name__)

# What a listener hears when it may have missed messages (a reconnection, a full queue): not a
# version, not a seat's frame, so a stream reads the database (matches/views/stream.py).
RESYNC = '{"resync": true}'
QUEUE_SIZE = 64  # messages a stream may fall behind by before it is told to re-read
RETRY_SECONDS = (0.1, 0.5, 1.0, 2.0, 5.0)  # waits between reconnection tries, then the last


def client_name() -> str:
    """How Redis lists the connection (``CLIENT LIST``): the deployment's queue and the pid."""
    return f"posse-push:{settings.CELERY_TASK_DEFAULT_QUEUE}:{os.getpid()}"


class Fanout:
    """The loop's subscriber: listeners per channel, one PubSub, one reading task."""

    def __init__(self, url: str):
        import redis.asyncio

        self.client = redis.asyncio.Redis.from_url(
            url,
            socket_connect_timeout=2,
            socket_keepalive=True,
            health_check_interval=30,
            client_name=client_name(),
            decode_responses=True,
        )
        self.pubsub = self.client.pubsub(ignore_subscribe_messages=True)
        self.listeners: dict[str, set[asyncio.Queue]] = {}
        self._lock = asyncio.Lock()  # one SUBSCRIBE or UNSUBSCRIBE at a time
        self._reader: asyncio.Task | None = None
        self._failures = 0
        self._closed = False

    async def listen(self, names: tuple[str, ...]) -> asyncio.Queue:
        """A queue that hears ``names``'s messages from now on (subscribed, as far as this
        connection goes, when this returns: the SUBSCRIBE is sent before a stream reads the
        database)."""
        queue: asyncio.Queue[str] = asyncio.Queue(QUEUE_SIZE)
        async with self._lock:
            new = [name for name in names if name not in self.listeners]
            for name in names:
                self.listeners.setdefault(name, set()).add(queue)
            if new:
                try:
                    await self.pubsub.subscribe(**dict.fromkeys(new, self._deliver))
                except BaseException:  # Redis is down: the stream fails to open, as ever
                    self._forget(names, queue)
                    raise
                self._start()
        return queue

    async def leave(self, names: tuple[str, ...], queue: asyncio.Queue) -> None:
        async with self._lock:
            gone = self._forget(names, queue)
            if gone and not self._closed:  # not after the loop's shutdown closed it
                try:
                    await self.pubsub.unsubscribe(*gone)
                except Exception as exc:  # the connection is down: see _deliver
                    log.info("push: unsubscribe %s not sent: %r", gone, exc)

    def _forget(self, names: tuple[str, ...], queue: asyncio.Queue) -> list[str]:
        """Take ``queue`` off ``names``; the channels left with no listener."""
        gone = []
        for name in names:
            listening = self.listeners.get(name)
            if listening is not None:
                listening.discard(queue)
                if not listening:
                    del self.listeners[name]
                    gone.append(name)
        return gone

    def _start(self) -> None:
        if self._reader is None or self._reader.done():
            self._reader = asyncio.get_running_loop().create_task(self._read())

    async def _read(self) -> None:
        await self.pubsub.connect()
        # redis-py calls this after every reconnection (its own callback, which subscribes
        # the channels again, comes first: it registered first).
        self.pubsub.connection.register_connect_callback(self._reconnected)
        try:
            await self.pubsub.run(exception_handler=self._lost, poll_timeout=5.0)
        finally:
            self._closed = True
            await self.pubsub.aclose()
            await self.client.aclose()

    def _deliver(self, message: dict) -> None:
        name = message["channel"]
        listening = self.listeners.get(name)
        if not listening:
            # A channel subscribed again on reconnection after its last listener left while
            # the connection was down: let it go now.
            asyncio.get_running_loop().create_task(self._drop(name))
            return
        for queue in listening:
            _put(queue, message["data"])

    async def _drop(self, name: str) -> None:
        async with self._lock:
            if name not in self.listeners and not self._closed:
                # still down: the channel's next message tries again
                with contextlib.suppress(Exception):
                    await self.pubsub.unsubscribe(name)

    async def _lost(self, error: BaseException, _pubsub) -> None:
        """redis-py's loop failed to read (the connection lost, Redis restarting): wait and
        let it try again; its next read reconnects."""
        wait = RETRY_SECONDS[min(self._failures, len(RETRY_SECONDS) - 1)]
        self._failures += 1
        log.warning("push: Redis subscriber lost (%r); trying again in %ss", error, wait)
        await asyncio.sleep(wait)

    def _reconnected(self, _connection) -> None:
        self._failures = 0
        for queue in {q for listening in self.listeners.values() for q in listening}:
            _put(queue, RESYNC)


def _put(queue: asyncio.Queue, message: str) -> None:
    try:
        queue.put_nowait(message)
    except asyncio.QueueFull:  # a stream this far behind reads the database instead
        while not queue.empty():
            queue.get_nowait()
        queue.put_nowait(RESYNC)


async def get_within(queue: asyncio.Queue, timeout: float) -> str | None:
    """The queue's next message, or None after ``timeout`` seconds. (``asyncio.timeout`` waits
    in the caller's task; ``wait_for`` would wrap the get in a task of its own: one more hop
    through the loop for every message of every stream.)"""
    try:
        async with asyncio.timeout(timeout):
            return await queue.get()
    except TimeoutError:
        return None


_fanouts: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, dict[str, Fanout]] = (
    weakref.WeakKeyDictionary()
)


def fanout(url: str) -> Fanout:
    """The running loop's subscriber for the Redis at ``url``."""
    per_url = _fanouts.setdefault(asyncio.get_running_loop(), {})
    if url not in per_url:
        per_url[url] = Fanout(url)
    return per_url[url]


class Subscription:
    """One stream's share of its loop's subscriber."""

    def __init__(self, fan: Fanout, names: tuple[str, ...], queue: asyncio.Queue):
        self.fan, self.names, self.queue = fan, names, queue

    async def aget(self, timeout: float) -> str | None:
        return await get_within(self.queue, timeout)

    async def aclose(self) -> None:
        await self.fan.leave(self.names, self.queue)


async def subscribe(url: str, names: tuple[str, ...]) -> Subscription:
    fan = fanout(url)
    return Subscription(fan, names, await fan.listen(names))

"""The worker survives an acknowledgement, or a channel's closing, after Redis was lost.

With ``acks_late`` a task is acknowledged when it ends. If Redis went away while it ran
(a restart), Celery's consumer closes the channel to reconnect, and the task's end then acks
on that closed channel: kombu's Redis QoS builds a client from the channel's connection
settings, which closing has cleared, and the ``AttributeError`` ('NoneType' object has no
attribute 'hostname', in ``Channel._connparams``) is an "unrecoverable error" that stops the
whole worker, which then does no more work until something restarts it (seen in
``tests/faults``: one run in several, depending on whether a task ends in that window).

The acknowledgement only removes the message from Redis's unacked index, which a restart
emptied anyway; where Redis kept it, the message is delivered again after its visibility
timeout and a repeated task does nothing twice (a resolution is exactly-once under the match
lock). So on a closed channel the ack (or reject) is dropped, with a warning, and kombu's own
bookkeeping in memory is done as usual: the consumer goes on reconnecting.

The same cleared settings also stopped the worker from the consumer's own reconnection: closing
the old channel restores its unacked messages first, through the same client-building path.
There the channel now raises a connection error, which kombu's closing ignores as it ignores
every other error of a lost connection (the unacked index it would have read went with Redis).
"""

from __future__ import annotations

import logging

from kombu.transport import redis as kombu_redis
from kombu.transport import virtual
from redis.exceptions import ConnectionError as RedisConnectionError

log = logging.getLogger(__name__)


class QoS(kombu_redis.QoS):
    def _channel_closed(self) -> bool:
        connection = getattr(self.channel, "connection", None)
        return connection is None or getattr(connection, "client", None) is None

    def ack(self, delivery_tag):
        if self._channel_closed():
            log.warning("ack of %s dropped: its channel closed with the broker", delivery_tag)
            virtual.QoS.ack(self, delivery_tag)
            return
        super().ack(delivery_tag)

    def reject(self, delivery_tag, requeue=False):
        if self._channel_closed():
            log.warning("reject of %s dropped: its channel closed with the broker", delivery_tag)
            virtual.QoS.ack(self, delivery_tag)
            return
        super().reject(delivery_tag, requeue=requeue)


_connparams = kombu_redis.Channel._connparams


def _connparams_of_an_open_channel(self, asynchronous=False):
    if getattr(self.connection, "client", None) is None:
        raise RedisConnectionError("the channel closed with its connection to the broker")
    return _connparams(self, asynchronous=asynchronous)


def install() -> None:
    """Kombu's Redis channels use this QoS (its class attribute, read for each channel) and
    refuse to build a client once closed."""
    kombu_redis.Channel.QoS = QoS
    kombu_redis.Channel._connparams = _connparams_of_an_open_channel

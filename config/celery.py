"""The Celery app. With REDIS_URL unset, tasks run in-process (CELERY_TASK_ALWAYS_EAGER)."""

import os
from contextlib import contextmanager

from celery import Celery
from celery.signals import task_postrun, task_prerun
from kombu.transport import redis as kombu_redis

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("posse")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()

# Celery's Django fixup (celery/fixups/django.py, 5.x) closes every database connection before
# and after each task unless CELERY_DB_REUSE_MAX is set: a new PostgreSQL connection for every
# resolution batch, a backend forked and its catalogue caches cold, so that each statement's
# planning cost ~1.3 ms there (pg_stat_statements under `make load`; docs/performance.md).
# The worker keeps its connection as the web does instead: Django's own rule at each task's
# boundaries (below), the fixup's unconditional close only once in DB_REUSE_MAX tasks.
# A setting named in Celery's old style, as the fixup reads it; set after the Django settings
# are read, since mixing the two styles in one source is refused.
DB_REUSE_MAX = 1000
app.conf.update({"CELERY_DB_REUSE_MAX": DB_REUSE_MAX})


def _close_old_connections(sender=None, **kwargs):
    """At a worker task's start and end, as Django does at a request's (never in an eager task,
    which runs inside its caller's request or test transaction): a connection older than
    CONN_MAX_AGE, left in a changed autocommit or after an error that broke it is closed, and
    the health check (CONN_HEALTH_CHECKS) runs again before the next query."""
    if getattr(getattr(sender, "request", None), "is_eager", False):
        return
    from django.db import close_old_connections

    close_old_connections()


task_prerun.connect(_close_old_connections, weak=False)
task_postrun.connect(_close_old_connections, weak=False)


class RedisChannel(kombu_redis.Channel):
    """kombu's Redis channel, with one client object kept per connection pool.

    kombu builds a new redis-py client for each command it sends outside its event loop:
    twice a task in a worker (the delivery's unacked entry, then its ack) and once for each
    task a web process sends. redis-py's client builds its ~170 response callbacks afresh
    each time (~50 us of CPU here, docs/performance.md, "The Celery worker's CPU"). Those
    clients hold nothing of their own: every command takes a connection from the channel's
    pool, which is thread-safe, so one client per pool sends the same commands on the same
    connections. A new pool (kombu makes one after a fork) gets a new client."""

    _kept_client = None

    @contextmanager
    def conn_or_acquire(self, client=None):
        if client:
            yield client
            return
        kept = self._kept_client
        if kept is None or kept.connection_pool is not self.pool:
            kept = self._kept_client = self._create_client()
        yield kept


class RedisTransport(kombu_redis.Transport):
    """The Redis transport with RedisChannel (CELERY_BROKER_TRANSPORT when REDIS_URL is set)."""

    Channel = RedisChannel

"""The Celery app. With REDIS_URL unset, tasks run in-process (CELERY_TASK_ALWAYS_EAGER)."""

import os

from celery import Celery
from celery.signals import task_postrun, task_prerun

from config import broker_acks

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
broker_acks.install()  # an ack after Redis was lost must not stop the worker (its docstring)

app = Celery("posse")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()

# Celery's Django fixup (celery/fixups/django.py, 5.x) closes every database connection before
# and after each task unless CELERY_DB_REUSE_MAX is set: a new PostgreSQL connection for every
# resolution batch, a backend forked and its catalogue caches cold, so that each statement's
# planning cost several times as much there (docs/performance.md, "Worker").
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


def load_tasks() -> None:
    """Import every app's tasks module now (Celery's autodiscovery), registering its tasks.

    A web process does it at start (config/wsgi.py, config/asgi.py), before any request:
    services send tasks by name (config/dispatch.py), and Celery's autodiscovery is not
    thread-safe: a thread that asks while another is importing returns at once, having
    imported nothing (``_RACE_PROTECTION`` in celery/loaders/base.py), and its task is
    "not registered"."""
    app.loader.import_default_modules()

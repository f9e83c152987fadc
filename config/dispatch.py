"""Tasks sent by their registered name, so that a service never imports its app's tasks module.

An app's ``tasks.py`` is its Celery adapter: it imports the services and calls them. A service
that asks for a task later (after its transaction commits, or from a sweep) names the task
(``"campaigns.tasks.run_post_game"``) and this module finds it in Celery's registry, so that
the arrows run one way: tasks -> services, never back. ``tests/test_architecture.py`` checks
that every name sent here is a registered task.
"""

from __future__ import annotations

import threading

from celery.exceptions import NotRegistered
from django.db import transaction

from config.celery import app, load_tasks

# One thread at a time runs Celery's autodiscovery here, the others wait for it: a thread
# that ran it while another was importing found nothing (``load_tasks``). Only a process that
# did not load its tasks at start (a management command, a test run) comes this way.
_discovery = threading.Lock()


def task(name: str):
    """The task registered as ``name``. Web processes and workers import every app's tasks at
    start; elsewhere the first look-up asks Celery's autodiscovery."""
    try:
        return app.tasks[name]
    except NotRegistered:
        pass
    with _discovery:
        if name not in app.tasks:
            load_tasks()
    return app.tasks[name]


def send(name: str, *args, **kwargs) -> None:
    """``task.delay(*args, **kwargs)`` for the task registered as ``name``."""
    task(name).delay(*args, **kwargs)


def send_on_commit(name: str, *args, **kwargs) -> None:
    """Send the task once the current transaction commits (at once outside one). Robust: with
    the broker down the committed write stands (no 500) and the owner's sweep sends it later."""
    transaction.on_commit(lambda: send(name, *args, **kwargs), robust=True)

"""Tasks sent by name (config/dispatch.py) are found from any thread, first time or not.

Celery's autodiscovery is not thread-safe: a thread that runs it while another is importing
returns at once, having imported nothing, and its task was "not registered" (a lost
post-game or e-mail). Each test runs in a fresh interpreter, where no tasks module has been
imported yet: the state the race needs.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NAMES = [
    "campaigns.tasks.run_post_game",
    "matches.tasks.match_finished",
    "notifications.tasks.send_emails",
    "matches.tasks.resolve_action",
]

RACE = """
import sys, threading
import django
django.setup()
from config import dispatch
names = sys.argv[1:]
barrier = threading.Barrier(len(names))
errors = []
def look(name):
    barrier.wait()
    try:
        dispatch.task(name)
    except Exception as exc:
        errors.append(repr(exc))
threads = [threading.Thread(target=look, args=(n,)) for n in names]
for t in threads:
    t.start()
for t in threads:
    t.join()
print(errors)
"""

LOADED = """
import {module}
from config.celery import app
print(sorted(n for n in {names!r} if n not in app.tasks))
"""


def _run(code: str, *args: str) -> str:
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        # Settings only: nothing here connects (a closed port, should anything try).
        "DATABASE_URL": "postgres://nobody@127.0.0.1:1/nothing",
        "PYTHONPATH": str(ROOT),
    }
    done = subprocess.run(
        [sys.executable, "-c", code, *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout.strip().splitlines()[-1]


def test_threads_sending_by_name_at_once_each_find_their_task():
    assert _run(RACE, *NAMES, *NAMES) == "[]"


def test_the_web_processes_register_every_task_before_the_first_request():
    for module in ("config.wsgi", "config.asgi"):
        assert _run(LOADED.format(module=module, names=NAMES)) == "[]", module

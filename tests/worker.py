"""A real Celery worker on the real broker, for tests marked ``worker``.

It runs as a separate process against the test database, so those tests use
``transactional_db``: data must be committed for the worker to see it.
"""

from __future__ import annotations

import itertools
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection

from config.env import database_url

ROOT = Path(__file__).resolve().parents[1]


def worker_tests_possible() -> str | None:
    """None when a real worker can run here, else why not."""
    if not settings.REDIS_URL:
        return "REDIS_URL is not set (tasks run in-process)"
    return None


def require_worker_environment():
    why = worker_tests_possible()
    if why:
        if os.environ.get("POSSE_REQUIRE_WORKER_TESTS"):
            pytest.fail(f"worker tests are required here but cannot run: {why}")
        pytest.skip(why)


_STARTED = itertools.count(1)


class WorkerProcess:
    def __init__(self, *, concurrency: int = 1):
        self.concurrency = concurrency
        self.proc: subprocess.Popen | None = None
        # One log per worker of this run: the next worker must not overwrite the evidence of
        # one that failed (a fault test's flake was lost that way once).
        self.log = ROOT / "var" / f"test-worker-{os.getpid()}-{next(_STARTED)}.log"

    def env(self) -> dict[str, str]:
        db = connection.settings_dict
        env = dict(os.environ)
        env["DATABASE_URL"] = database_url(db)
        return env

    def start(self) -> WorkerProcess:
        self.log.parent.mkdir(exist_ok=True)
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "celery",
                "-A",
                "config",
                "worker",
                "--loglevel=info",
                f"--concurrency={self.concurrency}",
                "--pool=prefork",
                "--without-gossip",
                "--without-mingle",
                "-Q",
                settings.CELERY_TASK_DEFAULT_QUEUE,
            ],
            cwd=ROOT,
            env=self.env(),
            stdout=self.log.open("w"),
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if "ready." in self.log.read_text():
                return self
            if self.proc.poll() is not None:
                raise RuntimeError(f"worker exited: {self.log.read_text()[-2000:]}")
            time.sleep(0.2)
        raise RuntimeError(f"worker not ready in 30 s: {self.log.read_text()[-2000:]}")

    def kill(self) -> None:
        """kill -9 the whole worker (main process and its pool children), as a crash would."""
        if self.proc and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(timeout=10)

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.kill()


def wait_for(predicate, *, timeout: float = 30.0, interval: float = 0.1, what: str = "condition"):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(interval)
    raise AssertionError(f"timed out after {timeout}s waiting for {what}")

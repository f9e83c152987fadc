"""``posse worker``'s command line (config/processes.py) is the one the benchmarks and the
load test run (bench/stack.py): a figure measured there is production's."""

from __future__ import annotations

import importlib
import os
from pathlib import Path

from bench.stack import Proc, Stack
from config import processes


def test_the_bench_starts_the_worker_production_starts(monkeypatch, tmp_path):
    stack = Stack(name="cmdtest")
    settings_module = importlib.import_module(os.environ["DJANGO_SETTINGS_MODULE"])
    monkeypatch.setattr(settings_module, "CELERY_TASK_DEFAULT_QUEUE", stack.queue)
    started = []

    def spawn(name, argv, env=None):
        log = Path(tmp_path / "worker.log")
        log.write_text("celery@host ready.\n")
        started.append(argv)
        return Proc(name=name, popen=_Running(), log=log)

    monkeypatch.setattr(stack, "_spawn", spawn)
    stack.start_worker(concurrency=2, name="w1")

    (argv,) = started
    assert argv[: len(processes.worker())] == processes.worker()
    assert argv[len(processes.worker()) :] == ["--concurrency=2", "-n", f"w1.{os.getpid()}@%h"]


def test_the_worker_is_prefork_without_gossip_or_mingle():
    argv = processes.worker()
    # Prefork is Celery's default: the time limits and reject_on_worker_lost need it.
    assert not any(a.startswith("--pool") or a == "-P" for a in argv)
    assert "--without-gossip" in argv and "--without-mingle" in argv
    assert "--without-heartbeat" not in argv  # Flower shows a worker online by them


class _Running:
    pid = 0

    def poll(self):
        return None

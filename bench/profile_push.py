"""``python -m bench.profile_push``: where the push row's CPU goes, per process, with pyinstrument.

The push row (bench/bench_push.py) crosses three processes: ``posse web`` answers the POST,
the Celery worker resolves the action, ``posse stream`` renders the new version for each open
stream. This runs each of the three pieces of code in this process, one after the other for
every move of seeded Le Dernier Peuple games, on a PostgreSQL database of its own (tasks
in-process, so nothing is sent: the resolution is called directly after the POST):

- web: ``POST /api/v1/matches/{id}/actions/`` through Django's whole handler (test Client),
  with the resolution's enqueueing held back;
- worker: ``matches.tasks.resolve_action`` for that action (what the worker's task runs);
- stream: ``api_render`` for each seat (what each seat's open stream runs per pushed version).

Prints each piece's CPU per move, its queries, and pyinstrument's call tree (``--tree``).

    .venv/bin/python -m bench.profile_push [--moves 200] [--tree | --flat]

``--worker-cpu N`` measures real Celery workers instead: the CPU of each worker's process group
(/proc schedstat, the prefork parent apart) per no-op and per resolved action. One worker per
``--variant`` ('' is ``posse worker`` as config/processes.py writes it), each on a queue of its
own, fed one task at a time in turn (A, B, A, B, ...): the machine's other work hits all alike,
which one worker after another on a shared machine does not allow. Each worker's caches cool
between its tasks, so read the differences, not the absolute values.

    .venv/bin/python -m bench.profile_push --worker-cpu 300 --variant= --variant=--pool=solo
    .venv/bin/python -m bench.profile_push --worker-cpu 300 --variant=/tmp/main: --variant=
"""

from __future__ import annotations

import argparse
import os
import random
import time
import uuid
from unittest import mock

from bench.stack import Stack

SLUG = "le-dernier-peuple"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.profile_push")
    parser.add_argument("--moves", type=int, default=200)
    parser.add_argument("--tree", action="store_true", help="print pyinstrument's call trees")
    parser.add_argument("--flat", action="store_true", help="self time per function instead")
    parser.add_argument("--worker-cpu", type=int, metavar="N", help="real workers, N tasks each")
    parser.add_argument(
        "--variant",
        action="append",
        default=[],
        help="with --worker-cpu, one worker each: '' (posse worker as is), Celery options to "
        "append ('--pool=solo'), or 'TREE:' and options (another checkout's code)",
    )
    args = parser.parse_args(argv)
    if args.worker_cpu:
        with Stack(name="workercpu") as stack:
            stack.configure_django()
            print(worker_cpu(stack, args.worker_cpu, args.variant or [""]))
        return 0
    with Stack(name="profpush", broker=False) as stack:
        stack.configure_django()
        print(run(args.moves, tree=args.tree or args.flat, flat=args.flat))
    return 0


def run(moves: int, *, tree: bool, flat: bool = False) -> str:
    from django.db import connection
    from django.test import Client

    from bench.seed import make_user
    from matches import services
    from matches.models import Match
    from matches.tasks import resolve_action
    from matches.views.stream import api_render, page_render
    from rulesets.registry import get_ruleset

    game = get_ruleset(SLUG)
    users, tokens = {}, {}
    for n in (1, 2):
        users[f"s{n}"], tokens[f"s{n}"] = make_user(f"profile-push-{n}")
    client = Client(HTTP_HOST="127.0.0.1")
    rnd = random.Random(3)
    timer = _Timer(connection)
    profilers, cpu, queries = timer.profilers, timer.cpu, timer.queries
    match, held, done = None, [], 0
    while done < moves:
        if match is None or match.status != Match.Status.LIVE:
            match = services.create_live_match(
                ruleset=SLUG,
                players=[users["s1"].username, users["s2"].username],
                options={},
                created_by=users["s1"],
            )
            match, _ = services.accept_match(match=match, player=users["s2"])
            seqs = dict.fromkeys(users, 0)  # each stream's last event, as the stream keeps it
        state = services.canonical(match.state)
        seat = game.to_move(state)[0]
        action = rnd.choice(game.legal_actions(state, seat))
        version = match.version
        held.clear()
        with mock.patch("matches.services.queue._enqueue_resolution", held.append):
            reply = timer.run(
                "web",
                client.post,
                f"/api/v1/matches/{match.pk}/actions/",
                data=action,
                content_type="application/json",
                headers={
                    "Authorization": f"Token {tokens[seat]}",
                    "Idempotency-Key": str(uuid.uuid4()),
                    "Expected-Version": str(version),
                },
            )
        if reply.status_code != 202 or not held:
            raise RuntimeError(f"POST action: {reply.status_code} {reply.content[:200]!r}")
        timer.run("worker", resolve_action, held[0])
        for name, viewer in users.items():  # both seats' streams render the new version
            _, _, seqs[name] = timer.run(
                "stream", api_render, match.pk, viewer, version, seqs[name], version + 1
            )
            # and each seat's table page (its stream reads the match on the match's message)
            timer.run("page", page_render, match.pk, viewer, version, 0, version + 1)
        match = Match.objects.get(pk=match.pk)
        done += 1
    lines = [f"{moves} moves; CPU per move (this process's thread time) and queries per move:"]
    for part in profilers:
        lines.append(
            f"  {part:6} {cpu[part] / moves * 1000:6.2f} ms  {queries[part] / moves:5.1f} queries"
            + ("  (both seats' streams)" if part in ("stream", "page") else "")
        )
    if tree:
        for part, profiler in profilers.items():
            lines += [
                "",
                f"=== {part} ===",
                profiler.output_text(unicode=True, color=False, flat=flat),
            ]
    return "\n".join(lines)


class _Timer:
    """Thread CPU time, queries and a pyinstrument profile, accumulated per part."""

    def __init__(self, connection):
        from pyinstrument import Profiler

        self.connection = connection
        self.profilers = {part: Profiler() for part in ("web", "worker", "stream", "page")}
        self.cpu = dict.fromkeys(self.profilers, 0.0)
        self.queries = dict.fromkeys(self.profilers, 0)

    def run(self, part: str, call, *args, **kwargs):
        from django.test.utils import CaptureQueriesContext

        with CaptureQueriesContext(self.connection) as capture:
            start = time.thread_time()
            self.profilers[part].start()
            try:
                result = call(*args, **kwargs)
            finally:
                self.profilers[part].stop()
                self.cpu[part] += time.thread_time() - start
        self.queries[part] += len(capture.captured_queries)
        return result


def worker_cpu(stack: Stack, tasks: int, variants: list[str]) -> str:
    import shlex

    workers = []
    try:
        for n, variant in enumerate(variants):
            tree, _, options = variant.rpartition(":") if ":" in variant else ("", "", variant)
            workers.append(_Worker(stack, n, tree, shlex.split(options)))
        for worker in workers:
            worker.ready()
        for _ in range(10):  # warm up: connections, caches, a game dealt
            for worker in workers:
                worker.noop()
                worker.action()
        lines = [f"{tasks} of each per worker, fed in turn; CPU of its process group per task:"]
        for kind in ("noop", "action"):
            before = [w.cpu() for w in workers]
            for _ in range(tasks):
                for worker in workers:
                    getattr(worker, kind)()
            for worker, (total, parent) in zip(workers, before, strict=True):
                now_total, now_parent = worker.cpu()
                lines.append(
                    f"  {kind:6} {(now_total - total) / tasks * 1000:5.2f} ms (parent "
                    f"{(now_parent - parent) / tasks * 1000:4.2f})  {worker.label}"
                )
        rejected = sum(w.rejected for w in workers)
        lines.append(f"load average {os.getloadavg()[0]:.1f}; {rejected} actions rejected")
        return "\n".join(lines)
    finally:
        for worker in workers:
            worker.stop()


class _Worker:
    """``posse worker`` (its command line from config/processes.py) on a queue of its own, with
    ``options`` appended, the code of ``tree`` (this checkout's when empty)."""

    def __init__(self, stack: Stack, n: int, tree: str, options: list[str]):
        import subprocess
        import sys

        from bench.seed import make_user
        from bench.stack import LOG_DIR, ROOT, Proc

        self.queue = f"{stack.queue}-{n}"
        self.label = f"{tree or 'this tree'}: posse worker {' '.join(options)}".rstrip()
        child = {**stack.child_env(), "CELERY_QUEUE": self.queue}
        if tree:
            child["PYTHONPATH"] = tree
        argv = self._command(child)
        argv += ["--concurrency=1", "-n", f"w{n}.{os.getpid()}@%h", *options]
        if argv[1:3] != ["-m", "celery"]:
            raise RuntimeError(f"not a Celery worker: {argv}")
        argv[0] = sys.executable
        log = LOG_DIR / f"{stack.name}-worker-{n}.log"
        popen = subprocess.Popen(
            argv,
            cwd=tree or ROOT,  # python -m puts the working directory first on the path
            env=child,
            stdin=subprocess.DEVNULL,
            stdout=log.open("w"),
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        self.proc = Proc(name=f"worker-cpu-{n}", popen=popen, log=log)
        stack.procs.append(self.proc)  # stopped with the stack whatever happens
        self.users = {f"s{s}": make_user(f"worker-cpu-{n}-{s}")[0] for s in (1, 2)}
        self.rnd = random.Random(n)
        self.match = None
        self.rejected = 0

    @staticmethod
    def _command(child: dict) -> list[str]:
        from bench.stack import worker_command

        argv = worker_command(child)
        argv[argv.index("-Q") + 1] = child["CELERY_QUEUE"]
        return argv

    def ready(self) -> None:
        deadline = time.monotonic() + 60
        while "ready." not in self.proc.tail(20000):
            if not self.proc.alive() or time.monotonic() > deadline:
                raise RuntimeError(f"worker not ready:\n{self.proc.tail()}")
            time.sleep(0.2)

    def cpu(self) -> tuple[float, float]:
        """Seconds on CPU of the worker's process group, and of its main process alone."""
        from pathlib import Path

        group = self.proc.popen.pid
        total = parent = 0
        for entry in Path("/proc").iterdir():
            try:
                stat = (entry / "stat").read_text()
                if int(stat[stat.rindex(")") + 2 :].split()[2]) != group:
                    continue
                ns = sum(
                    int((t / "schedstat").read_text().split()[0])
                    for t in (entry / "task").iterdir()
                )
            except (OSError, ValueError):
                continue
            total += ns
            parent += ns if int(entry.name) == group else 0
        return total / 1e9, parent / 1e9

    def noop(self) -> None:
        from bench.bench_live import _wait
        from jobs.models import Job
        from jobs.tasks import noop

        job = Job.objects.create(name="worker-cpu")
        noop.apply_async(kwargs={"job_id": str(job.pk)}, queue=self.queue)
        _wait(Job.objects.filter(pk=job.pk, state=Job.State.SUCCEEDED).exists, "the no-op")

    def action(self) -> None:
        from bench.bench_live import _settled
        from matches import services
        from matches.models import Match
        from matches.tasks import resolve_action
        from rulesets.registry import get_ruleset

        game = get_ruleset(SLUG)
        if self.match is not None:
            self.match = Match.objects.get(pk=self.match.pk)
        if self.match is None or self.match.status != Match.Status.LIVE:
            names = [self.users["s1"].username, self.users["s2"].username]
            self.match = services.create_live_match(
                ruleset=SLUG, players=names, options={}, created_by=self.users["s1"]
            )
            self.match, _ = services.accept_match(match=self.match, player=self.users["s2"])
        state = services.canonical(self.match.state)
        seat = game.to_move(state)[0]

        def enqueue(action_id: int) -> None:
            resolve_action.apply_async((action_id,), queue=self.queue)

        with mock.patch("matches.services.queue._enqueue_resolution", enqueue):
            action, _ = services.submit_action(
                match=self.match,
                player=self.users[seat],
                payload=self.rnd.choice(game.legal_actions(state, seat)),
                idempotency_key=str(uuid.uuid4()),
            )
        self.rejected += _settled(action.pk) != "resolved"

    def stop(self) -> None:
        import redis

        self.proc.stop()
        client = redis.Redis.from_url(os.environ["REDIS_URL"])
        client.delete(self.queue, *client.keys(f"_kombu.binding*.{self.queue}"))


if __name__ == "__main__":
    raise SystemExit(main())

"""The processes a benchmark or the load test runs against, all on this machine, all its own.

A ``Stack`` creates its own PostgreSQL database (``posse_<name>_<pid>``), uses its own Celery
queue on a Redis database index of its own, starts gunicorn and Celery workers against them
as child processes (``start_web`` and ``start_stream``: the production layout, command lines
from config/processes.py; ``start_server``: a plain gunicorn for side-by-side variants), and on
exit (normal end, failure, Ctrl-C or SIGTERM) stops every process
it started, by process group, and drops the database. Children also get SIGTERM if this
process dies without cleaning up (Linux ``PR_SET_PDEATHSIG``).

Everything listens on and talks to 127.0.0.1 only.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlparse

from bench.common import ROOT

PG_ADMIN_URL = os.environ.get("POSSE_BENCH_PG", "postgres://postgres@127.0.0.1:5432/postgres")
# Index 14: away from CI's 11 and from the default 0. The test suite's cache.clear() flushes
# its own index, which would otherwise empty our queue in the middle of a run.
REDIS_URL = os.environ.get("POSSE_BENCH_REDIS", "redis://127.0.0.1:6379/14")
LOG_DIR = ROOT / "var" / "bench"


def _loopback(url: str) -> None:
    host = urlparse(url).hostname or ""
    if host not in {"127.0.0.1", "localhost", "::1"}:
        raise SystemExit(f"refusing {url}: benchmarks and load tests talk to loopback only")


def services_problem() -> str | None:
    """None when PostgreSQL and Redis answer on loopback, else why not (one sentence)."""
    _loopback(PG_ADMIN_URL)
    _loopback(REDIS_URL)
    try:
        import psycopg

        with psycopg.connect(PG_ADMIN_URL, connect_timeout=3) as conn:
            conn.execute("SELECT 1")
    except Exception as exc:
        return f"PostgreSQL unreachable at {_safe(PG_ADMIN_URL)} ({exc.__class__.__name__})"
    try:
        import redis

        redis.Redis.from_url(REDIS_URL, socket_connect_timeout=3, socket_timeout=3).ping()
    except Exception as exc:
        return f"Redis unreachable at {REDIS_URL} ({exc.__class__.__name__})"
    return None


def _safe(url: str) -> str:
    parts = urlparse(url)
    return f"{parts.scheme}://{parts.hostname}:{parts.port or 5432}"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _die_with_parent() -> None:  # pragma: no cover - runs in the child, Linux only
    with contextlib.suppress(Exception):
        import ctypes

        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


@dataclass
class Proc:
    name: str
    popen: subprocess.Popen
    log: Path
    url: str = ""

    def alive(self) -> bool:
        return self.popen.poll() is None

    def tail(self, chars: int = 2000) -> str:
        try:
            return self.log.read_text(errors="replace")[-chars:]
        except OSError:
            return ""

    def stop(self, timeout: float = 20.0) -> None:
        """SIGTERM to the whole process group (master and pool children), SIGKILL if stuck."""
        if not self.alive():
            return
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.popen.pid, signal.SIGTERM)
        try:
            self.popen.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.popen.pid, signal.SIGKILL)
            self.popen.wait(timeout=10)


def worker_command(child: dict[str, str]) -> list[str]:
    """``posse worker``'s command line (config/processes.py) as a process with environment
    ``child`` would build it: processes.worker() reads os.environ, so it gets the child's for
    the call."""
    from config import processes

    saved = dict(os.environ)
    try:
        os.environ.clear()
        os.environ.update(child)
        return processes.worker()
    finally:
        os.environ.clear()
        os.environ.update(saved)


@dataclass
class Stack:
    name: str
    broker: bool = True  # False: tasks run in-process (REDIS_URL unset)
    migrate: bool = True  # False: an empty database (for code that builds its own)
    procs: list[Proc] = field(default_factory=list)
    env: dict[str, str] = field(default_factory=dict)

    def __post_init__(self):
        tag = f"{self.name}_{os.getpid()}"
        self.database = f"posse_{tag}"
        self.queue = f"posse-{self.name}-{os.getpid()}"
        LOG_DIR.mkdir(parents=True, exist_ok=True)
        self.env = {
            "DJANGO_SETTINGS_MODULE": "config.settings",
            "DEBUG": "false",  # production settings: no query log, no debug pages
            "SECRET_KEY": secrets.token_urlsafe(50),
            "SECURE_SSL_REDIRECT": "false",  # plain HTTP on loopback
            "SECURE_HSTS_SECONDS": "0",
            "ALLOWED_HOSTS": "127.0.0.1,localhost",
            "LOG_LEVEL": "WARNING",
            "PYTHONUNBUFFERED": "1",
        }
        admin = urlparse(PG_ADMIN_URL)
        self.env["DATABASE_URL"] = admin._replace(path=f"/{self.database}").geturl()
        if self.broker:
            self.env["REDIS_URL"] = REDIS_URL
            self.env["CELERY_QUEUE"] = self.queue

    # --- lifecycle -------------------------------------------------------------------------

    def __enter__(self) -> Stack:
        self._previous_sigterm = signal.signal(signal.SIGTERM, _sigterm_as_interrupt)
        try:
            self._create_database()
            if not self.migrate:
                return self
            subprocess.run(
                [sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"],
                cwd=ROOT,
                env=self.child_env(),
                check=True,
                timeout=300,
            )
        except BaseException:
            self.close()
            raise
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        for proc in reversed(self.procs):
            with contextlib.suppress(Exception):
                proc.stop()
        self.procs.clear()
        with contextlib.suppress(Exception):
            self.purge_queue()
        with contextlib.suppress(Exception):
            from django.db import connections

            connections.close_all()
        with contextlib.suppress(Exception):
            self._drop_database()
        with contextlib.suppress(Exception):
            signal.signal(signal.SIGTERM, self._previous_sigterm)

    def _admin(self):
        import psycopg

        return psycopg.connect(PG_ADMIN_URL, autocommit=True, connect_timeout=5)

    def _create_database(self) -> None:
        with self._admin() as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{self.database}" WITH (FORCE)')
            conn.execute(f'CREATE DATABASE "{self.database}"')

    def _drop_database(self) -> None:
        with self._admin() as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{self.database}" WITH (FORCE)')

    def child_env(self, base: dict[str, str] | None = None) -> dict[str, str]:
        """``base`` (default: this process's environment) pointed at this stack."""
        env = {**(os.environ if base is None else base), **self.env}
        if not self.broker:
            env.pop("REDIS_URL", None)
            env.pop("CELERY_QUEUE", None)
        return env

    def configure_django(self) -> None:
        """This process talks to the same database and broker as the children it starts.
        Django is set up once per process: only one stack per process may call this."""
        env = self.child_env()
        os.environ.clear()
        os.environ.update(env)
        import django

        django.setup()

    # --- children --------------------------------------------------------------------------

    def _spawn(self, name: str, argv: list[str], env: dict | None = None) -> Proc:
        log = LOG_DIR / f"{self.name}-{name}.log"  # the last run's, for a post-mortem
        popen = subprocess.Popen(
            argv,
            cwd=ROOT,
            env={**self.child_env(), **(env or {})},
            stdin=subprocess.DEVNULL,
            stdout=log.open("w"),
            stderr=subprocess.STDOUT,
            start_new_session=True,  # our own group: Ctrl-C reaches us, we stop them
            preexec_fn=_die_with_parent,  # we start no threads, so preexec_fn is safe here
        )
        proc = Proc(name=name, popen=popen, log=log)
        self.procs.append(proc)
        return proc

    def start_server(
        self,
        *,
        workers: int,
        name: str = "gunicorn",
        settings: str = "",
        worker_class: str = "sync",
        threads: int = 1,
    ) -> Proc:
        """gunicorn on a free loopback port (sync workers unless ``worker_class`` says
        otherwise; ``threads`` for gthread); ``settings`` names another settings module for
        this server only."""
        port = free_port()
        proc = self._spawn(
            name,
            [
                sys.executable,
                "-m",
                "gunicorn",
                "config.wsgi:application",
                "--bind",
                f"127.0.0.1:{port}",
                "--workers",
                str(workers),
                "--worker-class",
                worker_class,
                "--threads",
                str(threads),
                "--timeout",
                "60",
                "--log-level",
                "warning",
            ],
            env={"DJANGO_SETTINGS_MODULE": settings} if settings else None,
        )
        proc.url = f"http://127.0.0.1:{port}"
        return self._ready(proc)

    def start_process(
        self, process: str, *, name: str = "", settings: str = "", env: dict | None = None
    ) -> Proc:
        """``posse web`` or ``posse stream`` on a free loopback port, its command line built by
        config/processes.py from this stack's environment plus ``env`` (``WEB_CONCURRENCY``,
        ``WEB_THREADS``, ``STREAM_CONCURRENCY``, ...), exactly as production starts it; then
        ``--timeout 60`` (a slow shared machine) and ``--log-level warning``."""
        from config import processes

        port = free_port()
        bind = {"web": "BIND", "stream": "STREAM_BIND"}[process]
        child = {**self.child_env(), **(env or {}), bind: f"127.0.0.1:{port}"}
        if settings:
            child["DJANGO_SETTINGS_MODULE"] = settings
        saved = dict(os.environ)
        try:  # the functions read os.environ: give them the child's for the call
            os.environ.clear()
            os.environ.update(child)
            argv = processes.PROCESSES[process]()
        finally:
            os.environ.clear()
            os.environ.update(saved)
        proc = self._spawn(
            name or f"gunicorn-{process}",
            [*argv, "--timeout", "60", "--log-level", "warning"],
            env=child,
        )
        proc.url = f"http://127.0.0.1:{port}"
        return self._ready(proc)

    def start_web(self, **kwargs) -> Proc:
        """``posse web``: gunicorn, WSGI, gthread: the API and the pages (nginx's default)."""
        return self.start_process("web", **kwargs)

    def start_stream(self, **kwargs) -> Proc:
        """``posse stream``: gunicorn, ASGI (uvicorn workers): the event streams, which nginx
        sends it by path (docker/nginx.conf)."""
        return self.start_process("stream", **kwargs)

    def _ready(self, proc: Proc) -> Proc:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if not proc.alive():
                raise RuntimeError(f"{proc.name} exited:\n{proc.tail()}")
            try:
                with urllib.request.urlopen(f"{proc.url}/healthz", timeout=2) as reply:
                    if reply.status == 200:
                        return proc
            except OSError:
                pass
            time.sleep(0.2)
        raise RuntimeError(f"{proc.name} not ready in 60 s:\n{proc.tail()}")

    def start_worker(
        self, *, concurrency: int = 1, name: str = "worker1", settings: str = ""
    ) -> Proc:
        """``posse worker``: its command line from config/processes.py, built from this
        stack's environment, exactly as production starts it; then the pool's size and a
        node name of its own (two workers of one stack must not share one)."""
        if not self.broker:
            raise RuntimeError("a Celery worker needs Redis")
        child = self.child_env()
        if settings:
            child["DJANGO_SETTINGS_MODULE"] = settings
        argv = worker_command(child)
        if argv[argv.index("-Q") + 1] != self.queue:  # settings read before this stack's
            raise RuntimeError(f"the worker would listen on {argv}, not on {self.queue}")
        proc = self._spawn(
            name,
            [*argv, f"--concurrency={concurrency}", "-n", f"{name}.{os.getpid()}@%h"],
            env=child,
        )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if "ready." in proc.tail(20000):
                return proc
            if not proc.alive():
                raise RuntimeError(f"worker exited:\n{proc.tail()}")
            time.sleep(0.2)
        raise RuntimeError(f"worker not ready in 60 s:\n{proc.tail()}")

    def purge_queue(self) -> None:
        """Drop what is left in our queue (nothing should be; a failed run may leave some)."""
        if self.broker:
            import redis

            client = redis.Redis.from_url(REDIS_URL)
            bindings = client.keys(f"_kombu.binding*.{self.queue}")
            client.delete(self.queue, *bindings)


def _sigterm_as_interrupt(signum, frame):
    raise KeyboardInterrupt(f"signal {signum}")

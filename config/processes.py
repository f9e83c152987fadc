"""``posse <process>``: the one place each production process's command line is written.

The image's entrypoint (docker/Dockerfile), compose's services (docker/compose.yaml), README
"Running in production" and tests/production/ all start processes through it, so changing the
web server is an edit to ``web`` or ``stream`` below and nowhere else.

    posse web          gunicorn (WSGI, gthread) on $BIND: $WEB_CONCURRENCY workers (3) of
                       $WEB_THREADS threads (4); the API, pages, admin and static files
    posse stream       gunicorn (ASGI, uvicorn workers) on $STREAM_BIND (0.0.0.0:8001),
                       $STREAM_CONCURRENCY workers (1): the live tables' event streams
    posse worker       a Celery worker on the queue tasks are sent to ($CELERY_QUEUE)
    posse beat         Celery beat, the periodic sweeps: run exactly one per deployment
    posse flower       Celery's monitoring UI on :5555 (the `flower` extra installs it)
    posse migrate      apply migrations and exit: once per release, before the others start
    posse manage ARGS  any django-admin command (collectstatic, seed_demo, createsuperuser, ...)

Words after the process name go to its program (``posse worker --concurrency=4``).
"""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Callable

from config.env import env_int, env_str


def _python(module: str, *args: str) -> list[str]:
    # This interpreter's own programs: no PATH needed, so `/srv/posse/bin/posse web` works
    # from a virtualenv that was never activated.
    return [sys.executable, "-m", module, *args]


def _settings():
    # Reading the settings first stops a bad variable here, by name, before anything starts.
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    return importlib.import_module(os.environ["DJANGO_SETTINGS_MODULE"])


def _gunicorn(application: str, bind: str, workers: int, *options: str) -> list[str]:
    return _python(
        "gunicorn",
        application,
        "--bind",
        bind,
        "--workers",
        str(workers),
        *options,
        "--access-logfile",
        "-",
        # Gunicorn's control socket (for `gunicornc`, unused here) has one default path per
        # user: a second web process on the same host would take the first one's.
        "--no-control-socket",
    )


def web() -> list[str]:
    # WSGI (config.wsgi) with gthread workers: every request but the live tables' event
    # streams. Django under ASGI runs each request's sync code through a thread handoff, at
    # 0.4-0.5x the requests/s of this on the same workers (docs/performance.md). A stream that
    # reaches this process anyway is answered short (config/wsgi.py): what is new, then the
    # end, and the client comes back later; no open page holds a thread here. Stateless: run
    # as many as the load needs, anywhere that reaches the same PostgreSQL and Redis.
    return _gunicorn(
        "config.wsgi:application",
        env_str("BIND", "0.0.0.0:8000"),
        env_int("WEB_CONCURRENCY", 3, minimum=1),
        "--worker-class",
        "gthread",
        "--threads",
        str(env_int("WEB_THREADS", 4, minimum=1)),
        # Its pre_request hook: an answer sent before the body was read closes the connection.
        "--config",
        "python:config.connections",
    )


def stream() -> list[str]:
    # ASGI (config.asgi) under gunicorn with uvicorn workers: the proxy sends it the event
    # streams (/matches/<id>/stream/, /api/v1/matches/<id>/stream/), each an async generator
    # waiting on Redis that holds no thread and no connection (docs/matches.md). It can serve
    # every URL. Under ASGI each request's sync code runs in a thread of its own, so a
    # persistent connection (CONN_MAX_AGE) would be left behind per thread, never reused;
    # a pool of STREAM_DB_POOL connections per worker is shared by those threads instead of
    # opening one for every pushed render (config/settings.py, DB_POOL_SIZE).
    return _gunicorn(
        "config.asgi:application",
        env_str("STREAM_BIND", "0.0.0.0:8001"),
        env_int("STREAM_CONCURRENCY", 1, minimum=1),
        "--worker-class",
        "uvicorn_worker.UvicornWorker",
        "--env",
        "CONN_MAX_AGE=0",
        "--env",
        f"DB_POOL_SIZE={env_int('STREAM_DB_POOL', 4, minimum=1)}",
    )


def worker() -> list[str]:
    # Prefork (Celery's default pool): the time limits (CELERY_TASK_TIME_LIMIT) and a task's
    # redelivery when its child dies (reject_on_worker_lost) need it; the solo pool costs
    # less CPU a task without them (docs/performance.md, "Worker").
    # Gossip and mingle share revoked ids and clocks between workers, which nothing here
    # uses: each costs CPU for every other worker's events. Heartbeats are kept: they are
    # what Flower shows a worker online by.
    queue = _settings().CELERY_TASK_DEFAULT_QUEUE
    return _python(
        "celery",
        "-A",
        "config",
        "worker",
        "--loglevel=info",
        "--without-gossip",
        "--without-mingle",
        "-Q",
        queue,
    )


def beat() -> list[str]:
    return _python("celery", "-A", "config", "beat", "--loglevel=info")


def flower() -> list[str]:
    return _python("celery", "-A", "config", "flower", "--port=5555")


def migrate() -> list[str]:
    return _python("django", "migrate", "--noinput")


def manage() -> list[str]:
    return _python("django")


PROCESSES: dict[str, Callable[[], list[str]]] = {
    "web": web,
    "stream": stream,
    "worker": worker,
    "beat": beat,
    "flower": flower,
    "migrate": migrate,
    "manage": manage,
}


def command_line(process: str, extra: list[str]) -> list[str]:
    """The program ``posse <process> <extra...>`` becomes, from this environment."""
    _settings()
    return PROCESSES[process]() + list(extra)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if not args or args[0] not in PROCESSES:
        print(f"usage: posse {{{'|'.join(PROCESSES)}}} [ARGS...]\n", file=sys.stderr)
        print(__doc__.split("\n\n")[2], file=sys.stderr)  # the list of processes above
        return 2
    command = command_line(args[0], args[1:])
    sys.stdout.flush()
    os.execv(command[0], command)  # the process becomes its program: signals reach it directly
    return 0  # not reached


if __name__ == "__main__":
    raise SystemExit(main())

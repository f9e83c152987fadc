"""``posse <process>``: the one place each production process's command line is written.

The image's entrypoint (docker/Dockerfile), compose's services (docker/compose.yaml), README
"Running in production" and tests/production/ all start processes through it, so changing the
web server (an ASGI server for live push, say) is an edit to ``web`` below and nowhere else.

    posse web          gunicorn (uvicorn workers: ASGI) on $BIND, $WEB_CONCURRENCY workers (3)
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


def web() -> list[str]:
    # ASGI (config.asgi) under gunicorn with uvicorn workers: the live tables keep a
    # Server-Sent Events stream open per page (docs/matches.md), which would hold a sync
    # worker for as long as the page is open; an async stream waits on Redis and holds
    # nothing. Django runs the sync views (the API, the pages) on one thread per worker, as
    # gunicorn's sync workers did. Stateless: run as many as the load needs, anywhere that
    # reaches the same PostgreSQL and Redis.
    return _python(
        "gunicorn",
        "config.asgi:application",
        "--worker-class",
        "uvicorn_worker.UvicornWorker",
        "--bind",
        env_str("BIND", "0.0.0.0:8000"),
        "--workers",
        str(env_int("WEB_CONCURRENCY", 3, minimum=1)),
        "--access-logfile",
        "-",
        # Gunicorn's control socket (for `gunicornc`, unused here) has one default path per
        # user: a second web process on the same host would take the first one's.
        "--no-control-socket",
    )


def worker() -> list[str]:
    queue = _settings().CELERY_TASK_DEFAULT_QUEUE
    return _python("celery", "-A", "config", "worker", "--loglevel=info", "-Q", queue)


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

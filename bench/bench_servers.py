"""The web process's server, ASGI vs WSGI, side by side in one run (docs/performance.md).

    DATABASE_URL=postgres://... REDIS_URL=redis://.../N python -m bench.bench_servers

Migrates the database named by ``DATABASE_URL`` (it must exist; nothing is dropped), seeds one
gang of 15 fighters and 60 items (bench/seed.py), then starts each server in turn on a free
loopback port with the same number of workers and sends ``GET /api/v1/ping/`` and the gang's
``GET /api/v1/gangs/{id}/`` from ``CLIENTS`` concurrent connections (bench/client.py), in
rounds that alternate the servers so that drift on a shared machine hits each of them:

- ``asgi``: ``gunicorn config.asgi`` with ``uvicorn_worker.UvicornWorker`` (``posse stream``);
- ``gthread``: ``gunicorn config.wsgi`` with gthread workers (``posse web``);
- ``sync``: ``gunicorn config.wsgi`` with sync workers.

Prints requests/s and p50 per server and endpoint (median round) as a Markdown table.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
import urllib.request

from bench.client import burst
from bench.common import ROOT, median, ms
from bench.stack import free_port

WORKERS = int(os.environ.get("BENCH_WORKERS", "2"))
THREADS = int(os.environ.get("BENCH_THREADS", "4"))
CLIENTS = int(os.environ.get("BENCH_CLIENTS", "8"))
ROUNDS = int(os.environ.get("BENCH_ROUNDS", "3"))
SECONDS = float(os.environ.get("BENCH_SECONDS", "3"))
# Under ASGI Django runs each request's sync code in a thread of its own, so persistent
# connections pile up (one per thread, never reused): the ASGI server runs with CONN_MAX_AGE=0
# (``posse stream`` sets it), as Django's documentation says.
SERVERS = {
    "asgi": [
        "config.asgi:application",
        "--worker-class",
        "uvicorn_worker.UvicornWorker",
        "--env",
        "CONN_MAX_AGE=0",
    ],
    "gthread": ["config.wsgi:application", "--worker-class", "gthread", "--threads", str(THREADS)],
    "sync": ["config.wsgi:application", "--worker-class", "sync"],
}


def environment() -> dict[str, str]:
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DEBUG": "false",
        "SECRET_KEY": os.environ.get("SECRET_KEY", "bench-servers-" + "x" * 50),
        "SECURE_SSL_REDIRECT": "false",
        "SECURE_HSTS_SECONDS": "0",
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "LOG_LEVEL": "WARNING",
    }
    os.environ.update(env)
    return env


def seed(env: dict[str, str]) -> tuple[int, str]:
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"],
        cwd=ROOT,
        env=env,
        check=True,
    )
    import django

    django.setup()
    from bench.seed import heavy_gang, make_user

    suffix = str(os.getpid())
    staff, _ = make_user(f"bench-servers-staff-{suffix}", staff=True)
    owner, token = make_user(f"bench-servers-owner-{suffix}")
    gang = heavy_gang(owner=owner, staff=staff, fighters=15, items=60, name=f"Gang {suffix}")
    return gang.pk, token


def start(name: str, env: dict[str, str]) -> tuple[subprocess.Popen, str]:
    port = free_port()
    argv = [sys.executable, "-m", "gunicorn", *SERVERS[name], "--bind", f"127.0.0.1:{port}"]
    argv += ["--workers", str(WORKERS), "--log-level", "warning", "--no-control-socket"]
    process = subprocess.Popen(
        argv, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, start_new_session=True
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"{url}/healthz", timeout=2):
                return process, url
        except OSError:
            time.sleep(0.2)
    process.terminate()
    raise RuntimeError(f"{name}: not ready in 60 s")


def main() -> None:
    env = environment()
    gang, token = seed(env)
    headers = {"Authorization": f"Token {token}"}
    paths = {"ping": "/api/v1/ping/", "gang": f"/api/v1/gangs/{gang}/"}
    servers = {name: start(name, env) for name in SERVERS}
    runs = {(s, p): [] for s in SERVERS for p in paths}
    try:
        for (_, url), path in ((servers[s], p) for s in SERVERS for p in paths.values()):
            burst(url, path, headers=headers, concurrency=CLIENTS, seconds=1.0)  # warm up
        for _ in range(ROUNDS):
            for name, (_, url) in servers.items():
                for key, path in paths.items():
                    runs[name, key].append(
                        burst(url, path, headers=headers, concurrency=CLIENTS, seconds=SECONDS)
                    )
    finally:
        for process, _ in servers.values():
            process.terminate()
            process.wait(timeout=30)
    print(
        f"{WORKERS} workers each (gthread: {THREADS} threads), {CLIENTS} clients, "
        f"{ROUNDS} rounds of {SECONDS:.0f} s per server and endpoint, median round\n"
    )
    print("| server | ping req/s | ping p50 | gang req/s | gang p50 | errors |")
    print("|---|---|---|---|---|---|")
    for name in SERVERS:
        cells = []
        for key in paths:
            bursts = runs[name, key]
            cells.append(f"{median([b.rps for b in bursts]):.0f}")
            cells.append(ms(median([x for b in bursts for x in b.latencies])))
        errors = sum(b.errors for key in paths for b in runs[name, key])
        print(f"| {name} | {' | '.join(cells)} | {errors} |")


if __name__ == "__main__":
    main()

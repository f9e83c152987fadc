"""Roster read vs a bare DRF endpoint, through a real server.

``GET /api/v1/gangs/{id}/`` for a gang of 15 fighters (8 active, 7 retired) holding 60
pieces of equipment, against ``GET /api/v1/ping/`` (config/ping.py: authentication, DRF's
whole request cycle, nothing else), both with the same token, on one gunicorn sync worker
against PostgreSQL. The client keeps two requests in flight so the worker never waits for
it, and alternates the two endpoints in rounds so that drift on a shared machine hits both.
The figure is the ratio of requests per second: what the roster costs over the framework.

The same is then measured with persistent database connections
(bench/persistent_db_settings.py), since the shipped settings connect anew for each request.
"""

from __future__ import annotations

from bench.client import burst
from bench.common import Row, median, ms
from bench.stack import Stack

ROUNDS = 3
SECONDS = 4.0  # per endpoint per round
CONCURRENCY = 2
FIGHTERS, ITEMS = 15, 60
PERSISTENT = "bench.persistent_db_settings"


def seed() -> tuple[int, str]:
    from bench.seed import heavy_gang, make_user

    staff, _ = make_user("bench-roster-staff", staff=True)
    owner, token = make_user("bench-roster-owner")
    gang = heavy_gang(owner=owner, staff=staff, fighters=FIGHTERS, items=ITEMS)
    return gang.pk, token


def measure(
    stack: Stack,
    *,
    gang_id: int,
    token: str,
    settings: str = "",
    rounds: int = ROUNDS,
    seconds: float = SECONDS,
) -> dict:
    server = stack.start_server(workers=1, name="gunicorn-roster", settings=settings)
    try:
        headers = {"Authorization": f"Token {token}"}
        paths = {"ping": "/api/v1/ping/", "gang": f"/api/v1/gangs/{gang_id}/"}
        for path in paths.values():  # warm up: imports, first connections, caches
            burst(server.url, path, headers=headers, concurrency=CONCURRENCY, seconds=1.0)
        runs: dict[str, list] = {name: [] for name in paths}
        for _ in range(rounds):
            for name, path in paths.items():
                runs[name].append(
                    burst(
                        server.url, path, headers=headers, concurrency=CONCURRENCY, seconds=seconds
                    )
                )
    finally:
        server.stop()
    ping_rps = median([b.rps for b in runs["ping"]])
    gang_rps = median([b.rps for b in runs["gang"]])
    return {
        "database": stack.env["DATABASE_URL"].split(":", 1)[0],
        "settings": settings or "config.settings",
        "rounds": rounds,
        "seconds": seconds,
        "ping_rps": ping_rps,
        "gang_rps": gang_rps,
        "ratio": gang_rps / ping_rps if ping_rps else float("nan"),
        "ping_p50": median([x for b in runs["ping"] for x in b.latencies]),
        "gang_p50": median([x for b in runs["gang"] for x in b.latencies]),
        "requests": sum(b.requests for bs in runs.values() for b in bs),
        "errors": sum(b.errors for bs in runs.values() for b in bs),
    }


def _absolute(result: dict) -> str:
    return (
        f"gang {result['gang_rps']:.0f} req/s (p50 {ms(result['gang_p50'])}), ping "
        f"{result['ping_rps']:.0f} req/s (p50 {ms(result['ping_p50'])}); "
        f"{result['requests']} requests, {result['errors']} errors"
    )


def row(result: dict) -> Row:
    db = "PostgreSQL" if result["database"].startswith("postgres") else "SQLite"
    ratio = result["ratio"]
    return Row(
        figure="roster read: gang detail (15 fighters, 60 items) vs bare DRF ping",
        ratio=f"{ratio:.2f} × the requests/s of ping (ping {1 / ratio:.1f}× faster)",
        method=(
            f"real server: gunicorn, 1 sync worker, {db}, shipped settings (DEBUG off); "
            f"httpx, {CONCURRENCY} requests in flight, same token; {result['rounds']} "
            f"alternating rounds of {result['seconds']:.0f} s per endpoint, median round"
        ),
        absolute=_absolute(result),
        data=result,
    )


def persistent_row(result: dict, shipped: dict) -> Row:
    ratio = result["ratio"]
    return Row(
        figure="roster read with persistent DB connections (CONN_MAX_AGE=60) vs shipped",
        ratio=(
            f"gang detail {result['gang_rps'] / shipped['gang_rps']:.2f}×, ping "
            f"{result['ping_rps'] / shipped['ping_rps']:.2f}× the shipped requests/s "
            f"(gang = {ratio:.2f} × ping)"
        ),
        method=(
            "as the row above, with bench/persistent_db_settings.py: the shipped settings open "
            "a PostgreSQL connection per request"
        ),
        absolute=_absolute(result),
        data=result,
    )

"""Roster reads vs a bare DRF endpoint, through a real server, at three gang sizes.

``GET /api/v1/gangs/{id}/`` for gangs of 5, 15 and 40 fighters (at most 8 active, the rest
retired over a campaign) holding 4 pieces of equipment per fighter, against
``GET /api/v1/ping/`` (config/ping.py: authentication, DRF's whole request cycle, nothing
else), all with the same token, on one gunicorn sync worker against PostgreSQL. The client
keeps two requests in flight so the worker never waits for it, and goes round the four
endpoints in turn, several times, so that drift on a shared machine hits all of them. The
figure is the ratio of requests per second: what a roster costs over the framework.

Each variant is a settings module for the server (bench/variant_settings/) or a gunicorn
worker class, measured in the same run: ``shipped`` (the cached detail, orjson), ``built``
(no cache: every read builds the flat body, the cost of the first read after a write),
``drf-json`` (DRF's own JSON renderer: what orjson changes), ``gthread`` (gunicorn's
threaded worker, 2 threads, which keeps the client's connection open where the sync worker
closes it after each response).
"""

from __future__ import annotations

from bench.client import burst
from bench.common import Row, median, ms
from bench.stack import Stack

ROUNDS = 3
SECONDS = 3.0  # per endpoint per round
CONCURRENCY = 2
SIZES = ((5, 20), (15, 60), (40, 160))  # fighters, pieces of equipment
# name -> (settings module, gunicorn worker class, threads)
VARIANTS = {
    "shipped": ("", "sync", 1),
    "built": ("bench.variant_settings.no_cache", "sync", 1),
    "drf-json": ("bench.variant_settings.drf_json", "sync", 1),
    "gthread": ("", "gthread", 2),
}


def seed() -> tuple[dict[int, int], str]:
    """Gangs by number of fighters, and the token every request carries."""
    from bench.seed import heavy_gang, make_user

    staff, _ = make_user("bench-roster-staff", staff=True)
    owner, token = make_user("bench-roster-owner")
    gangs = {
        fighters: heavy_gang(
            owner=owner, staff=staff, fighters=fighters, items=items, name=f"Gang {fighters}"
        ).pk
        for fighters, items in SIZES
    }
    return gangs, token


def measure(
    stack: Stack,
    *,
    gangs: dict[int, int],
    token: str,
    variant: tuple[str, str, int] = VARIANTS["shipped"],
    rounds: int = ROUNDS,
    seconds: float = SECONDS,
) -> dict:
    """Requests/s and p50 per endpoint ("ping", then the gangs by size), median round."""
    settings, worker_class, threads = variant
    server = stack.start_server(
        workers=1,
        name="gunicorn-roster",
        settings=settings,
        worker_class=worker_class,
        threads=threads,
    )
    try:
        headers = {"Authorization": f"Token {token}"}
        paths = {"ping": "/api/v1/ping/"}
        paths |= {size: f"/api/v1/gangs/{gang_id}/" for size, gang_id in gangs.items()}
        for path in paths.values():  # warm up: imports, first connections, caches
            burst(server.url, path, headers=headers, concurrency=CONCURRENCY, seconds=1.0)
        runs: dict = {name: [] for name in paths}
        for _ in range(rounds):
            for name, path in paths.items():
                runs[name].append(
                    burst(
                        server.url, path, headers=headers, concurrency=CONCURRENCY, seconds=seconds
                    )
                )
    finally:
        server.stop()
    result = {
        "settings": settings or "config.settings",
        "worker_class": worker_class,
        "threads": threads,
        "rounds": rounds,
        "seconds": seconds,
        "requests": sum(b.requests for bs in runs.values() for b in bs),
        "errors": sum(b.errors for bs in runs.values() for b in bs),
        "rps": {str(name): median([b.rps for b in bs]) for name, bs in runs.items()},
        "p50": {
            str(name): median([x for b in bs for x in b.latencies]) for name, bs in runs.items()
        },
    }
    ping = result["rps"]["ping"]
    result["ratio"] = {
        str(size): (result["rps"][str(size)] / ping if ping else float("nan")) for size in gangs
    }
    return result


def _method(result: dict) -> str:
    return (
        f"real server: gunicorn, 1 sync worker, PostgreSQL, DEBUG off; httpx, {CONCURRENCY} "
        f"requests in flight, same token; {result['rounds']} rounds of {result['seconds']:.0f} s "
        "per endpoint (ping and the three gangs in turn), median round"
    )


def size_rows(result: dict, built: dict | None = None) -> list[Row]:
    """One row per gang size: the shipped detail (cached per revision) vs ping."""
    rows = []
    items = dict(SIZES)
    for size in sorted(int(s) for s in result["ratio"]):
        key = str(size)
        ratio = result["ratio"][key]
        text = f"{ratio:.2f} × the requests/s of ping"
        if built:
            text += f" (built on every read, no cache: {built['ratio'][key]:.2f})"
        rows.append(
            Row(
                figure=(
                    f"roster read: gang detail ({size} fighters, {items[size]} items) vs bare "
                    "DRF ping"
                ),
                ratio=text,
                method=_method(result),
                absolute=(
                    f"gang {result['rps'][key]:.0f} req/s (p50 {ms(result['p50'][key])}), ping "
                    f"{result['rps']['ping']:.0f} req/s (p50 {ms(result['p50']['ping'])})"
                    + (
                        f"; built: gang {built['rps'][key]:.0f} req/s, ping "
                        f"{built['rps']['ping']:.0f} req/s"
                        if built
                        else ""
                    )
                    + f"; {result['requests']} requests, {result['errors']} errors"
                ),
                data={"shipped": result, "built": built},
            )
        )
    return rows


def renderer_row(drf: dict, shipped: dict) -> Row:
    """What orjson changes: the shipped server's requests/s over the same with DRF's JSON."""
    return Row(
        figure="JSON renderer: orjson (shipped) vs DRF's json.dumps, requests/s",
        ratio=(
            f"ping {shipped['rps']['ping'] / drf['rps']['ping']:.2f}×, gang detail (15) "
            f"{shipped['rps']['15'] / drf['rps']['15']:.2f}×, (40) "
            f"{shipped['rps']['40'] / drf['rps']['40']:.2f}×"
        ),
        method=(
            "as the rows above; the same server with bench.variant_settings.drf_json "
            "(DRF's JSONRenderer), measured in the same run"
        ),
        absolute=(
            f"DRF JSON: ping {drf['rps']['ping']:.0f} req/s, gang (15) {drf['rps']['15']:.0f} "
            f"req/s, gang (40) {drf['rps']['40']:.0f} req/s; {drf['errors']} errors"
        ),
        data={"drf": drf},
    )


def worker_row(threaded: dict, shipped: dict) -> Row:
    """gunicorn's gthread worker (2 threads, keep-alive) vs the sync worker, one process each."""
    return Row(
        figure="gunicorn worker: gthread (2 threads) vs sync, one worker, requests/s",
        ratio=(
            f"ping {threaded['rps']['ping'] / shipped['rps']['ping']:.2f}×, gang detail (15) "
            f"{threaded['rps']['15'] / shipped['rps']['15']:.2f}×, (40) "
            f"{threaded['rps']['40'] / shipped['rps']['40']:.2f}×"
        ),
        method=(
            "as the rows above, the shipped settings; --worker-class gthread --threads 2 (the "
            "client's two connections kept alive) against the sync worker, same run"
        ),
        absolute=(
            f"gthread: ping {threaded['rps']['ping']:.0f} req/s, gang (15) "
            f"{threaded['rps']['15']:.0f} req/s, gang (40) {threaded['rps']['40']:.0f} req/s; "
            f"{threaded['errors']} errors"
        ),
        data={"gthread": threaded},
    )

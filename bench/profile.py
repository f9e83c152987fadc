"""``python -m bench.profile``: where a request's CPU goes, in this process, with pyinstrument.

Builds a database of its own (bench/stack.py, PostgreSQL when it answers, else SQLite), seeds
gangs of 5, 15 and 40 fighters and a live match, then sends each request N times through
Django's whole handler (middleware, DRF, token authentication, the renderer: everything
gunicorn would call, without the socket) and prints, per request, the CPU time per call and
the queries it made; with ``--profile NAME`` it also prints pyinstrument's call tree for that
request. Used to choose what to cut (docs/performance.md, "Web tier"); not run by the tests.

    .venv/bin/python -m bench.profile                # the CPU table
    .venv/bin/python -m bench.profile --profile gang-15 --calls 300
"""

from __future__ import annotations

import argparse
import time

from bench.stack import Stack, services_problem


def _requests(seeded: dict) -> dict[str, tuple[str, str, dict]]:
    """name -> (method, path, extra) for the requests worth profiling."""
    paths = {
        "ping": ("GET", "/api/v1/ping/", {}),
        "gang list": ("GET", "/api/v1/gangs/", {}),
        "match state": ("GET", f"/api/v1/matches/{seeded['match']}/state/", {}),
        "legal actions": ("GET", f"/api/v1/matches/{seeded['match']}/legal-actions/", {}),
    }
    for size, gang_id in seeded["gangs"].items():
        paths[f"gang-{size}"] = ("GET", f"/api/v1/gangs/{gang_id}/", {})
        # The cache emptied before each call: what a read costs right after a write.
        paths[f"gang-{size} built"] = ("GET", f"/api/v1/gangs/{gang_id}/", {"cold": True})
    return paths


def seed() -> dict:
    from bench.seed import heavy_gang, make_user
    from matches import services as matches

    staff, _ = make_user("profile-staff", staff=True)
    owner, token = make_user("profile-owner")
    other, _ = make_user("profile-other")
    gangs = {}
    for size, items in ((5, 20), (15, 60), (40, 60)):
        gangs[size] = heavy_gang(
            owner=owner, staff=staff, fighters=size, items=items, name=f"Gang {size}"
        ).pk
    match = matches.create_live_match(
        ruleset="le-dernier-peuple",
        players=[owner.username, other.username],
        options={},
        created_by=owner,
    )
    matches.accept_match(match=match, player=other)  # invited: dealt once the other accepts
    return {"token": token, "gangs": gangs, "match": match.pk}


def measure(client, method: str, path: str, *, headers: dict, calls: int, cold=False) -> dict:
    from django.core.cache import cache
    from django.db import connection

    plain = getattr(client, method.lower())

    def send(path, headers):
        if cold:
            cache.clear()
        return plain(path, headers=headers)

    reply = send(path, headers=headers)  # warm: imports, first connection, caches
    if reply.status_code >= 400:
        raise RuntimeError(f"{method} {path}: {reply.status_code} {reply.content[:200]!r}")
    queries = []  # an execute wrapper, since every request start empties connection.queries

    def count(execute, sql, params, many, context):
        queries.append(sql)
        return execute(sql, params, many, context)

    with connection.execute_wrapper(count):
        send(path, headers=headers)
    cpu, wall = time.process_time(), time.perf_counter()
    for _ in range(calls):
        send(path, headers=headers)
    return {
        "cpu_ms": (time.process_time() - cpu) * 1000 / calls,
        "wall_ms": (time.perf_counter() - wall) * 1000 / calls,
        "queries": len(queries),
        "bytes": len(reply.content),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--calls", type=int, default=200)
    parser.add_argument("--profile", help="print pyinstrument's tree for this request name")
    parser.add_argument("--flat", action="store_true", help="self time per function")
    args = parser.parse_args()
    problem = services_problem()
    with Stack(name="profile", postgres=problem is None, broker=False) as stack:
        stack.configure_django()
        from django.test import Client

        seeded = seed()
        client = Client(HTTP_HOST="127.0.0.1")
        headers = {"Authorization": f"Token {seeded['token']}"}
        print(f"database: {stack.env['DATABASE_URL'].split(':', 1)[0]}, {args.calls} calls each")
        print("| request | CPU ms/call | wall ms/call | queries | bytes |")
        print("|---|---|---|---|---|")
        requests = _requests(seeded)
        for name, (method, path, extra) in requests.items():
            if args.profile and name != args.profile:
                continue
            r = measure(client, method, path, headers=headers, calls=args.calls, **extra)
            print(
                f"| {name} | {r['cpu_ms']:.2f} | {r['wall_ms']:.2f} | {r['queries']} | "
                f"{r['bytes']} |",
                flush=True,
            )
        if args.profile:
            from pyinstrument import Profiler

            method, path, extra = requests[args.profile]
            send = getattr(client, method.lower())
            if extra.get("cold"):
                from django.core.cache import cache

                plain = send

                def send(path, headers):
                    cache.clear()
                    return plain(path, headers=headers)

            profiler = Profiler(interval=0.0002)
            with profiler:
                for _ in range(args.calls):
                    send(path, headers=headers)
            from pyinstrument.renderers import ConsoleRenderer

            # --flat: time spent in each function itself, library frames included.
            renderer = ConsoleRenderer(
                unicode=True, color=False, flat=args.flat, show_all=args.flat, short_mode=False
            )
            print(profiler.output(renderer))


if __name__ == "__main__":
    main()

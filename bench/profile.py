"""``python -m bench.profile``: where a request's CPU goes, in this process, with pyinstrument.

Builds a database of its own (bench/stack.py, on the server at POSSE_BENCH_PG), seeds
gangs of 5, 15 and 40 fighters and a live match, then sends each request N times through
Django's whole handler (middleware, DRF, token authentication, the renderer: everything
gunicorn would call, without the socket) and prints, per request, the CPU time per call and
the queries it made; with ``--profile NAME`` it also prints pyinstrument's call tree for that
request. Used to choose what to cut (docs/performance.md, "Web tier"); not run by the tests.

    .venv/bin/python -m bench.profile                # the CPU table
    .venv/bin/python -m bench.profile --profile gang-15 --calls 300
    .venv/bin/python -m bench.profile --only buy,sell --sql   # the statements of each

The writes (buy, sell, log and confirm a result, create and accept a live match) are sent on a
fresh target each call (an item bought to sell, a match logged to confirm), made through the
services before the call and outside its timing and its profile.
"""

from __future__ import annotations

import argparse
import time

import orjson

from bench.stack import Stack


class Prepared:
    """One request to send: what ``prepare`` made for this call (outside the timing)."""

    def __init__(
        self,
        method: str,
        path: str,
        body: dict | None = None,
        token: str | None = None,
        headers: dict | None = None,
    ):
        self.method, self.path, self.body, self.token = method, path, body, token
        self.headers = headers or {}


def _fixed(method: str, path: str, body: dict | None = None):
    return lambda: Prepared(method, path, body)


def _requests(seeded: dict) -> dict[str, tuple]:
    """name -> (prepare, extra): ``prepare()`` makes what one call sends (a write's target:
    an item to sell, a match to accept), untimed; ``extra`` says how to send it."""
    paths = {
        "ping": (_fixed("GET", "/api/v1/ping/"), {}),
        "gang list": (_fixed("GET", "/api/v1/gangs/"), {}),
        "match state": (_fixed("GET", f"/api/v1/matches/{seeded['match']}/state/"), {}),
        "legal actions": (_fixed("GET", f"/api/v1/matches/{seeded['match']}/legal-actions/"), {}),
        # The poll: a client asks after its own action (bench/load.py's live players).
        "poll action": (
            _fixed("GET", f"/api/v1/matches/{seeded['match']}/actions/{seeded['action']}/"),
            {},
        ),
    }
    for size, gang_id in seeded["gangs"].items():
        paths[f"gang-{size}"] = (_fixed("GET", f"/api/v1/gangs/{gang_id}/"), {})
        # The cache emptied before each call: what a read costs right after a write.
        paths[f"gang-{size} built"] = (_fixed("GET", f"/api/v1/gangs/{gang_id}/"), {"cold": True})
    # A league's table (the load's reads of it), and the first read after a write (cache emptied).
    standings = f"/api/v1/leagues/{seeded['league']}/standings/"
    paths["league standings"] = (_fixed("GET", standings), {})
    paths["league standings built"] = (_fixed("GET", standings), {"cold": True})
    paths.update(_writes(seeded))
    return paths


def _writes(seeded: dict) -> dict[str, tuple]:
    """The load's writes (bench/load.py's buyers and logger, the live tables' invitations), each
    on a fresh target made through the services before the call."""
    from django.contrib.auth import get_user_model

    from matches import services as matches
    from rosters import services as rosters
    from rosters.models import Gang

    users = get_user_model().objects.in_bulk([seeded["owner"], seeded["other"]])
    owner, other = users[seeded["owner"]], users[seeded["other"]]
    shop = Gang.objects.get(pk=seeded["shop"])
    gang = f"/api/v1/gangs/{shop.pk}"
    buy = {"item": "whiskey", "fighter": None, "quantity": 1}

    def sell():
        (bought,) = rosters.purchase_item(
            gang=shop, item="whiskey", fighter_id=None, quantity=1, actor=owner
        )
        return Prepared("POST", f"{gang}/sales/", {"equipment": bought.pk})

    result = {
        "ruleset": "le-dernier-peuple",
        "live": False,
        "placements": {owner.username: 1, other.username: 2},
        "scores": {owner.username: {"vp": 12}, other.username: {"vp": 7}},
    }

    def confirm():
        match = matches.log_result(
            ruleset="le-dernier-peuple",
            placements=result["placements"],
            scores=result["scores"],
            created_by=owner,
        )
        return Prepared("POST", f"/api/v1/matches/{match.pk}/confirm/", token=seeded["other_token"])

    live = {
        "ruleset": "le-dernier-peuple",
        "live": True,
        "players": [owner.username, other.username],
    }

    def accept():
        match = matches.create_live_match(
            ruleset="le-dernier-peuple", players=live["players"], options={}, created_by=owner
        )
        return Prepared("POST", f"/api/v1/matches/{match.pk}/accept/", token=seeded["other_token"])

    keys = iter(range(10**9))

    def submit():
        # The web server's part only: the resolution is the worker's, so tasks go to the
        # in-memory broker here instead of running in this process (this row comes last).
        from config.celery import app

        app.conf.task_always_eager = False
        return Prepared(
            "POST",
            f"/api/v1/matches/{seeded['match']}/actions/",
            {"type": "pass"},
            headers={"Idempotency-Key": f"profile-{next(keys)}"},
        )

    return {
        **_league_writes(seeded, owner, other),
        "buy": (_fixed("POST", f"{gang}/purchases/", buy), {}),
        "sell": (sell, {}),
        **_adjust_row(gang),
        "log result": (_fixed("POST", "/api/v1/matches/", result), {}),
        "confirm result": (confirm, {}),
        "create live match": (_fixed("POST", "/api/v1/matches/", live), {}),
        "accept match": (accept, {}),
        "submit action": (submit, {}),
    }


def _adjust_row(gang: str) -> dict[str, tuple]:
    """The load's staff adjustment (bench/load.py's buyers, when short of credits)."""
    from rest_framework.authtoken.models import Token

    token = Token.objects.get(user__username="profile-staff").key
    body = {"amount": 500, "note": "load test: the bank lends again"}
    return {"adjust": (lambda: Prepared("POST", f"{gang}/adjustments/", body, token=token), {})}


def _league_writes(seeded: dict, owner, other) -> dict[str, tuple]:
    """The load's league writes (bench/load.py's logger): the winner logs a league result,
    the loser confirms it, which makes it count (their totals and pairs recomputed)."""
    from leagues import services as leagues
    from leagues.models import League

    league = League.objects.get(pk=seeded["league"])
    base = f"/api/v1/leagues/{league.pk}/matches/"
    result = {
        "placements": {owner.username: 1, other.username: 2},
        "scores": {owner.username: {"vp": 12}, other.username: {"vp": 7}},
    }

    def confirm():
        logged = leagues.report_result(league=league, actor=owner, **result)
        return Prepared("POST", f"{base}{logged.pk}/confirm/", token=seeded["other_token"])

    three = {  # the organiser plays too: the other's confirmation still waits for theirs
        "placements": {owner.username: 1, other.username: 2, league.created_by.username: 3},
        "scores": {owner.username: {"vp": 12}},
    }

    def confirm_waiting():
        logged = leagues.report_result(league=league, actor=owner, **three)
        return Prepared("POST", f"{base}{logged.pk}/confirm/", token=seeded["other_token"])

    return {
        "log league result": (_fixed("POST", base, result), {}),
        "confirm league result": (confirm, {}),
        "confirm league result (waits)": (confirm_waiting, {}),
    }


def seed() -> dict:
    from bench.seed import heavy_gang, make_user, player_gang, refill
    from matches import services as matches

    staff, _ = make_user("profile-staff", staff=True)
    owner, token = make_user("profile-owner")
    other, other_token = make_user("profile-other")
    gangs = {}
    for size, items in ((5, 20), (15, 60), (40, 60)):
        gangs[size] = heavy_gang(
            owner=owner, staff=staff, fighters=size, items=items, name=f"Gang {size}"
        ).pk
    shop = player_gang(owner=owner, staff=staff, name="Shop Gang")  # as the load's buyers'
    refill(shop, staff=staff, amount=10**7)
    match = matches.create_live_match(
        ruleset="le-dernier-peuple",
        players=[owner.username, other.username],
        options={},
        created_by=owner,
    )
    matches.accept_match(match=match, player=other)  # dealt: live
    action, _ = matches.submit_action(  # the poll's: one of the owner's own actions
        match=match, player=owner, payload={"type": "pass"}, idempotency_key="profile-poll"
    )
    league = _league(owner=owner, other=other, staff=staff)
    return {
        "league": league.pk,
        "token": token,
        "other_token": other_token,
        "owner": owner.pk,
        "other": other.pk,
        "gangs": gangs,
        "shop": shop.pk,
        "match": match.pk,
        "action": action.pk,
    }


def _league(*, owner, other, staff, results: int = 100):
    """The load's league (members by its code) with ``results`` counted results of the two."""
    from leagues import services as leagues

    league = leagues.create_league(
        creator=staff, name="Profile league", ruleset="le-dernier-peuple"
    )
    for player in (owner, other, staff):
        leagues.add_member(league=league, player=player, actor=player, join_code=league.join_code)
    for n in range(results):
        winner, loser = (owner, other) if n % 2 else (other, owner)
        logged = leagues.report_result(
            league=league,
            actor=winner,
            placements={winner.username: 1, loser.username: 2},
            scores={winner.username: {"vp": 12}, loser.username: {"vp": n % 12}},
        )
        leagues.confirm_result(result=logged, actor=loser)
    return league


def _sender(client, *, headers: dict, cold: bool = False):
    """``send(prepared)``: the request through Django's handler, as its token's user."""
    from django.core.cache import cache

    def send(p: Prepared):
        if cold:
            cache.clear()
        auth = {"Authorization": f"Token {p.token}"} if p.token else headers
        auth = {**auth, **p.headers}
        if p.body is None:  # no body, no content type: as the load's clients send it
            return client.generic(p.method, p.path, headers=auth)
        return client.generic(
            p.method, p.path, orjson.dumps(p.body), "application/json", headers=auth
        )

    return send


def measure(client, prepare, *, headers: dict, calls: int, cold=False, pg=None) -> dict:
    """``pg``: a callable giving PostgreSQL's total time so far for this database (--pg)."""
    from django.db import connection

    send = _sender(client, headers=headers, cold=cold)
    reply = send(prepare())  # warm: imports, first connection, caches
    if reply.status_code >= 400:
        raise RuntimeError(f"{reply.status_code} {reply.content[:300]!r}")
    queries = []  # an execute wrapper, since every request start empties connection.queries

    def count(execute, sql, params, many, context):
        queries.append(sql)
        return execute(sql, params, many, context)

    prepared = prepare()
    with connection.execute_wrapper(count):
        send(prepared)
    cpu = wall = pg_ms = 0.0
    for _ in range(calls):
        prepared = prepare()  # untimed: a write's fresh target
        pg_before = pg() if pg else 0.0  # the target's own statements not counted
        c, w = time.process_time(), time.perf_counter()
        send(prepared)
        cpu += time.process_time() - c
        wall += time.perf_counter() - w
        if pg:
            pg_ms += pg() - pg_before
    pg_ms = pg_ms / calls if pg else None
    return {
        "pg_ms": pg_ms,
        "cpu_ms": cpu * 1000 / calls,
        "wall_ms": wall * 1000 / calls,
        "queries": len(queries),
        "sql": queries,
        "bytes": len(reply.content),
    }


def _pg_time(stack):
    """``pg()``: PostgreSQL's execution + planning ms so far for the stack's database, from
    pg_stat_statements (global to the server: read for this database only, never reset)."""
    import psycopg

    from bench.stack import PG_ADMIN_URL

    admin = psycopg.connect(PG_ADMIN_URL, autocommit=True)
    sql = (
        "SELECT coalesce(sum(total_exec_time + total_plan_time), 0) FROM pg_stat_statements "
        "WHERE dbid = (SELECT oid FROM pg_database WHERE datname = %s)"
    )
    return lambda: float(admin.execute(sql, [stack.database]).fetchone()[0])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--calls", type=int, default=200)
    parser.add_argument("--profile", help="print pyinstrument's tree for this request name")
    parser.add_argument("--flat", action="store_true", help="self time per function")
    parser.add_argument("--only", help="comma-separated request names (default: all)")
    parser.add_argument("--sql", action="store_true", help="print each request's statements")
    parser.add_argument(
        "--pg",
        action="store_true",
        help="PostgreSQL ms per call too: pg_stat_statements' execution + planning time for "
        "the profile's database (needs the extension in the admin database)",
    )
    args = parser.parse_args()
    with Stack(name="profile", broker=False) as stack:
        stack.configure_django()
        from django.test import Client

        seeded = seed()
        client = Client(HTTP_HOST="127.0.0.1")
        headers = {"Authorization": f"Token {seeded['token']}"}
        print(f"database: {stack.env['DATABASE_URL'].split(':', 1)[0]}, {args.calls} calls each")
        pg = _pg_time(stack) if args.pg else None
        extra_column = " PostgreSQL ms/call |" if pg else ""
        print(f"| request | CPU ms/call | wall ms/call | queries | bytes |{extra_column}")
        print(f"|---|---|---|---|---|{'---|' if pg else ''}")
        requests = _requests(seeded)
        only = set(args.only.split(",")) if args.only else None
        for name, (prepare, extra) in requests.items():
            if (args.profile and name != args.profile) or (only and name not in only):
                continue
            r = measure(client, prepare, headers=headers, calls=args.calls, pg=pg, **extra)
            pg_cell = f" {r['pg_ms']:.3f} |" if pg else ""
            print(
                f"| {name} | {r['cpu_ms']:.2f} | {r['wall_ms']:.2f} | {r['queries']} | "
                f"{r['bytes']} |{pg_cell}",
                flush=True,
            )
            if args.sql:
                for sql in r["sql"]:
                    print(f"    {sql[:300]}")
        if args.profile:
            from pyinstrument import Profiler

            prepare, extra = requests[args.profile]
            send = _sender(client, headers=headers, **extra)
            profiler = Profiler(interval=0.0002)
            for _ in range(args.calls):
                prepared = prepare()  # untimed, outside the profile
                profiler.start()
                send(prepared)
                profiler.stop()
            from pyinstrument.renderers import ConsoleRenderer

            # --flat: time spent in each function itself, library frames included.
            renderer = ConsoleRenderer(
                unicode=True, color=False, flat=args.flat, show_all=args.flat, short_mode=False
            )
            print(profiler.output(renderer))


if __name__ == "__main__":
    main()

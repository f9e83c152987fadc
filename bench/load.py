"""``make load``: the whole service under simulated players, then its invariants checked.

On this machine, on loopback only: ``posse web`` (gunicorn, WSGI, gthread: 3 workers × 4
threads, its command line from config/processes.py, as production and docker/compose.yaml run
it) and Celery workers on a PostgreSQL database and a Redis queue of their own (bench/stack.py).
Simulated clients (asyncio + httpx, closed loop: each sends its next request when the last
one is answered) run at once for a bounded time, twice: with one Celery worker, then with
two. Then every accepted action must be resolved exactly once, every gang's credits must
equal its ledger, and every dealt live match must replay from its seed to its stored state.
Matches are made as players make them: the creator invites, the other player accepts (or
confirms a logged result) before anything counts.

The report goes to bench/LOAD.md and to the console. Exit status 1 on any error or broken
invariant. Environment: POSSE_LOAD_SECONDS (per phase, default 20); POSSE_LOAD_SETTINGS
(another settings module for the server and workers; the default logs each request's CPU
by endpoint); POSSE_LOAD_WEB_WORKERS, POSSE_LOAD_THREADS (``posse web``'s WEB_CONCURRENCY and
WEB_THREADS: 3 and 4 by default); POSSE_LOAD_WORKER_CLASS=sync for a plain gunicorn of sync
workers instead (the layout before the process split). The clients poll; none holds an event
stream, so ``posse stream`` is not started.

Before the mixed phases, the same number of clients call only ``GET /api/v1/ping/`` for as
long: the report gives the mixed load's requests/s as a ratio to that, and the CPU each
endpoint costs the web server (thread CPU time per request, from the server's own log).

Why a small asyncio/httpx client rather than locust: the clients must play live games (read
legal actions, submit one, poll until resolved) and keep their own books (credits, the
equipment they hold) so that every request they send is valid and any non-2xx is an error;
that is a few coroutines here. The client, the server, the workers and PostgreSQL share two
cores, and one Python process bounded in time is easy to reason about and to stop.
"""

from __future__ import annotations

import asyncio
import os
import random
import sys
import time
import uuid
from collections import defaultdict
from dataclasses import dataclass, field

import httpx

from bench import cpu
from bench.common import BENCH_DIR, ROOT, machine_info, median, percentile
from bench.stack import Stack, services_problem

REPORT = BENCH_DIR / "LOAD.md"
SECONDS = float(os.environ.get("POSSE_LOAD_SECONDS", "20"))
# Another settings module for gunicorn and the workers. The default is the shipped settings
# with each request's CPU logged by endpoint (bench/cpu_middleware.py).
SETTINGS = os.environ.get("POSSE_LOAD_SETTINGS", "bench.variant_settings.cpu_log")
CPU_LOG = ROOT / "var" / "bench" / "load-cpu.log"
GUNICORN_WORKERS = int(os.environ.get("POSSE_LOAD_WEB_WORKERS", "3"))
WORKER_CLASS = os.environ.get("POSSE_LOAD_WORKER_CLASS", "gthread")  # gthread: posse web
THREADS = int(os.environ.get("POSSE_LOAD_THREADS", "4" if WORKER_CLASS == "gthread" else "1"))
LIVE_TABLES = 6  # live games at once, each played by one client holding both seats
READERS = 3
BUYERS = 2
LOGGERS = 1
PLAYERS = 2 * LIVE_TABLES
POLL = 0.02  # between polls of a pending action
RESIGN_AFTER = (6, 20)  # actions before a table concedes, drawn per game
RESOLVE_TIMEOUT = 30.0
REQUEST_TIMEOUT = 30.0
CLIENTS = LIVE_TABLES + READERS + BUYERS + LOGGERS
SLUG = "le-dernier-peuple"
SHOP = ["whiskey", "pistol", "light-leather", "dynamite", "hunting-knife"]


# --- what the clients record ---------------------------------------------------------------------


@dataclass
class Phase:
    name: str
    workers: int
    kind: str = "mixed"  # or "ping": the same clients on the bare endpoint only
    seconds: float = 0.0
    latencies: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    errors: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    error_samples: list[str] = field(default_factory=list)
    resolve_times: list[float] = field(default_factory=list)
    resolved: int = 0
    rejected: int = 0
    games_finished: int = 0
    cpu: dict[str, float] = field(default_factory=dict)  # percent of the machine, by part
    # the web server's thread CPU seconds per request, by "METHOD route" (its own log)
    server_cpu: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))

    def error(self, kind: str, what: str) -> None:
        self.errors[kind] += 1
        if len(self.error_samples) < 10:
            self.error_samples.append(f"{kind}: {what}")

    @property
    def requests(self) -> int:
        return sum(len(v) for v in self.latencies.values())

    @property
    def error_count(self) -> int:
        return sum(self.errors.values())


class Api:
    """One HTTP client for every simulated player; each request is timed and judged."""

    def __init__(self, client: httpx.AsyncClient):
        self.client = client
        self.phase: Phase | None = None
        self.accepted: set[int] = set()

    async def call(
        self, kind: str, method: str, path: str, *, token: str, expect: int, **kwargs
    ) -> dict | None:
        """The JSON body, or None after recording an error: a transport failure, a status
        other than ``expect``, or a body that is not JSON."""
        phase = self.phase
        headers = {"Authorization": f"Token {token}", **kwargs.pop("headers", {})}
        start = time.perf_counter()
        try:
            reply = await self.client.request(
                method, path, headers=headers, timeout=REQUEST_TIMEOUT, **kwargs
            )
        except httpx.HTTPError as exc:
            phase.latencies[kind].append(time.perf_counter() - start)
            phase.error(kind, f"{method} {path}: {exc.__class__.__name__}")
            return None
        phase.latencies[kind].append(time.perf_counter() - start)
        if reply.status_code != expect:
            phase.error(kind, f"{method} {path}: {reply.status_code} {reply.text[:200]}")
            return None
        try:
            return reply.json()
        except ValueError:
            phase.error(kind, f"{method} {path}: not JSON")
            return None


# --- the simulated players -----------------------------------------------------------------------


@dataclass
class Player:
    username: str
    token: str
    gang_id: int


async def reader(api: Api, me: Player, gangs: list[int], rnd: random.Random, deadline: float):
    """Reads rosters: three gang details, then a page of the gang list."""
    n = 0
    while time.perf_counter() < deadline:
        n += 1
        if n % 4:
            gang = rnd.choice(gangs)
            await api.call(
                "read roster", "GET", f"/api/v1/gangs/{gang}/", token=me.token, expect=200
            )
        else:
            await api.call("list gangs", "GET", "/api/v1/gangs/", token=me.token, expect=200)


@dataclass
class Shop:
    """A buyer's own books: credits and the stash items it bought (to sell some back)."""

    credits: int
    held: list[int] = field(default_factory=list)


async def buyer(api: Api, me: Player, staff: str, shop: Shop, rnd: random.Random, deadline: float):
    """Buys for the stash, sells one item in three back, asks staff for credits when short."""
    gang = f"/api/v1/gangs/{me.gang_id}"
    while time.perf_counter() < deadline:
        if shop.credits < 100:
            body = await api.call(
                "staff credit adjustment",
                "POST",
                f"{gang}/adjustments/",
                token=staff,
                expect=201,
                json={"amount": 500, "note": "load test: the bank lends again"},
            )
            if body:
                shop.credits = body["balance_after"]
        elif shop.held and rnd.random() < 0.33:
            item = shop.held.pop(rnd.randrange(len(shop.held)))
            body = await api.call(
                "sell",
                "POST",
                f"{gang}/sales/",
                token=me.token,
                expect=201,
                json={"equipment": item},
            )
            if body:
                shop.credits = body["balance_after"]
        else:
            body = await api.call(
                "buy",
                "POST",
                f"{gang}/purchases/",
                token=me.token,
                expect=201,
                json={"item": rnd.choice(SHOP), "fighter": None, "quantity": 1},
            )
            if body:
                shop.credits = body["credits"]
                shop.held += [e["id"] for e in body["equipment"]]


async def logger(api: Api, players: list[Player], league: int, rnd: random.Random, deadline: float):
    """Logs Le Dernier Peuple results played at the table (a winner on 12 VP); the loser,
    named by the winner, confirms it (it counts for nothing until then). Every other result
    is logged for the load's league instead (its confirmation recomputes the two players'
    standing totals), and then the league's standings are read."""
    n = 0
    while time.perf_counter() < deadline:
        n += 1
        winner, loser = rnd.sample(players, 2)
        result = {
            "placements": {winner.username: 1, loser.username: 2},
            "scores": {winner.username: {"vp": 12}, loser.username: {"vp": rnd.randint(0, 11)}},
        }
        if n % 2:
            body = await api.call(
                "log result",
                "POST",
                "/api/v1/matches/",
                token=winner.token,
                expect=201,
                json={"ruleset": SLUG, "live": False, **result},
            )
            if body:
                await api.call(
                    "confirm result",
                    "POST",
                    f"/api/v1/matches/{body['id']}/confirm/",
                    token=loser.token,
                    expect=200,
                )
            continue
        base = f"/api/v1/leagues/{league}/"
        body = await api.call(
            "log league result",
            "POST",
            base + "matches/",
            token=winner.token,
            expect=201,
            json=result,
        )
        if body:
            await api.call(
                "confirm league result",
                "POST",
                f"{base}matches/{body['id']}/confirm/",
                token=loser.token,
                expect=200,
            )
            await api.call(
                "league standings", "GET", base + "standings/", token=loser.token, expect=200
            )


@dataclass
class Table:
    """A live game between two players, both played by one client (a hot seat)."""

    seats: dict[str, Player]
    match_id: int | None = None
    moves_left: int = 0  # before one side concedes (a 2-player game runs ~50 actions)


async def live_player(api: Api, table: Table, rnd: random.Random, deadline: float):
    """Create a match (s1 invites s2, who accepts: then it is dealt); then state → legal
    actions → submit one → poll until it is settled; concede after a while so that games
    finish within a short run."""
    s1 = table.seats["s1"]
    while time.perf_counter() < deadline:
        if table.match_id is None:
            body = await api.call(
                "create live match",
                "POST",
                "/api/v1/matches/",
                token=s1.token,
                expect=201,
                json={
                    "ruleset": SLUG,
                    "live": True,
                    "players": [table.seats["s1"].username, table.seats["s2"].username],
                },
            )
            if not body:
                await asyncio.sleep(0.5)
                continue
            s2 = table.seats["s2"]
            path = f"/api/v1/matches/{body['id']}/accept/"
            accepted = await api.call("accept match", "POST", path, token=s2.token, expect=200)
            if not accepted:
                await asyncio.sleep(0.5)
                continue
            table.match_id = body["id"]
            table.moves_left = rnd.randint(*RESIGN_AFTER)
        url = f"/api/v1/matches/{table.match_id}"
        state = await api.call("match state", "GET", f"{url}/state/", token=s1.token, expect=200)
        if not state:
            await asyncio.sleep(0.5)
            continue
        decision = state["view"].get("decision")
        if state["status"] != "live" or not decision:
            api.phase.games_finished += state["status"] == "finished"
            table.match_id = None
            continue
        mover = table.seats[decision["seat"]]
        if table.moves_left <= 0:
            await _settle(api, "resign", f"{url}/resign/", mover, url, json=None, version=None)
            continue
        legal = await api.call(
            "legal actions", "GET", f"{url}/legal-actions/", token=mover.token, expect=200
        )
        if not legal or not legal["actions"]:
            api.phase.error("legal actions", f"{url}: no action offered to the seat to move")
            await asyncio.sleep(0.5)
            continue
        table.moves_left -= 1
        action, version = rnd.choice(legal["actions"]), state["version"]
        await _settle(
            api, "submit action", f"{url}/actions/", mover, url, json=action, version=version
        )


async def _settle(
    api: Api, kind: str, post: str, mover: Player, url: str, *, json, version: int | None
) -> None:
    """POST an action (or a resignation), then poll it until it is no longer pending."""
    phase = api.phase  # an action started in one phase is counted in it
    headers = {"Idempotency-Key": str(uuid.uuid4())}
    if version is not None:
        headers["Expected-Version"] = str(version)
    start = time.perf_counter()
    body = await api.call(
        kind, "POST", post, token=mover.token, expect=202, json=json, headers=headers
    )
    if not body:
        return
    api.accepted.add(body["id"])
    status = body["status"]
    while status == "pending":
        if time.perf_counter() - start > RESOLVE_TIMEOUT:
            phase.error(kind, f"action {body['id']} still pending after 30 s")
            return
        await asyncio.sleep(POLL)
        polled = await api.call(
            "poll action", "GET", f"{url}/actions/{body['id']}/", token=mover.token, expect=200
        )
        status = polled["status"] if polled else status
    phase.resolve_times.append(time.perf_counter() - start)
    if status == "resolved":
        phase.resolved += 1
    else:
        phase.rejected += 1


async def pinger(api: Api, me: Player, deadline: float):
    """The yardstick: a client that only ever calls the bare endpoint."""
    while time.perf_counter() < deadline:
        await api.call("ping", "GET", "/api/v1/ping/", token=me.token, expect=200)


async def run_ping_phase(api: Api, phase: Phase, cast: dict, seconds: float) -> None:
    api.phase = phase
    deadline = time.perf_counter() + seconds
    players = cast["players"]
    started = time.perf_counter()
    await asyncio.gather(
        *(pinger(api, players[i % len(players)], deadline) for i in range(CLIENTS))
    )
    phase.seconds = time.perf_counter() - started


async def run_phase(api: Api, phase: Phase, cast: dict, seconds: float) -> None:
    api.phase = phase
    rnd = random.Random(phase.workers)
    deadline = time.perf_counter() + seconds
    players, staff = cast["players"], cast["staff"]
    gangs = [p.gang_id for p in players]
    jobs = [live_player(api, t, random.Random(rnd.random()), deadline) for t in cast["tables"]]
    jobs += [
        reader(api, players[i % len(players)], gangs, random.Random(rnd.random()), deadline)
        for i in range(READERS)
    ]
    jobs += [
        buyer(api, players[i], staff, cast["shops"][i], random.Random(rnd.random()), deadline)
        for i in range(BUYERS)
    ]
    jobs += [
        logger(api, players, cast["league"], random.Random(rnd.random()), deadline)
        for _ in range(LOGGERS)
    ]
    started = time.perf_counter()
    await asyncio.gather(*jobs)
    phase.seconds = time.perf_counter() - started


async def warm_up(api: Api, cast: dict) -> None:
    """Every gang's detail read once, before any phase and counted in none: a server that has
    been up has them cached, and a 15 s phase would otherwise spend 12 of its ~100 roster
    reads building them (the first phase only; the gangs the buyers write are built again
    and again in every phase, as they would be)."""
    api.phase = phase = Phase(name="warm-up", workers=0)
    me = cast["players"][0]
    for player in cast["players"]:
        await api.call(
            "read roster", "GET", f"/api/v1/gangs/{player.gang_id}/", token=me.token, expect=200
        )
    if phase.error_count:
        raise RuntimeError(f"the warm-up failed: {phase.error_samples}")


async def run_phases(url: str, cast: dict, stack: Stack, seconds: float) -> tuple[list, set]:
    limits = httpx.Limits(max_connections=64, max_keepalive_connections=0)
    phases = []
    async with httpx.AsyncClient(base_url=url, limits=limits) as client:
        api = Api(client)
        await warm_up(api, cast)
        plan = [
            Phase(name="ping only", workers=1, kind="ping"),
            Phase(name="1 Celery worker", workers=1),
            Phase(name="2 Celery workers", workers=2),
        ]
        for phase in plan:
            if phase.workers == 2:
                # In this thread, between phases (nothing else runs): the child's
                # die-with-parent signal follows the thread that started it.
                stack.start_worker(concurrency=1, name="worker2", settings=SETTINGS)
            print(f"phase: {phase.name}, {seconds:.0f} s ...", flush=True)
            groups = {
                "gunicorn": {p.popen.pid for p in stack.procs if p.name.startswith("gunicorn")},
                "Celery": {p.popen.pid for p in stack.procs if p.name.startswith("worker")},
            }
            before = cpu.snapshot(groups)
            logged = _log_size()
            run = run_ping_phase if phase.kind == "ping" else run_phase
            await run(api, phase, cast, seconds)
            phase.cpu = cpu.shares(before, cpu.snapshot(groups), phase.seconds)
            phase.server_cpu = _read_cpu_log(logged)
            phases.append(phase)
    return phases, api.accepted


def _log_size() -> int:
    try:
        return CPU_LOG.stat().st_size
    except OSError:
        return 0


def _read_cpu_log(offset: int) -> dict[str, list[float]]:
    """What the server logged since ``offset``: CPU seconds per request, by endpoint."""
    found: dict[str, list[float]] = defaultdict(list)
    try:
        with CPU_LOG.open() as log:
            log.seek(offset)
            for line in log:
                route, _, seconds = line.rstrip("\n").rpartition("\t")
                if route:
                    found[route].append(float(seconds))
    except (OSError, ValueError):
        pass
    return found


# --- setting up and checking ---------------------------------------------------------------------


def seed() -> dict:
    from bench.seed import make_user, player_gang

    staff, staff_token = make_user("load-staff", staff=True)
    players = []
    for n in range(1, PLAYERS + 1):
        user, token = make_user(f"load-p{n}")
        gang = player_gang(owner=user, staff=staff, name=f"Load Gang {n}")
        players.append(Player(username=user.username, token=token, gang_id=gang.pk))
    from rosters.models import Gang

    credits = dict(Gang.objects.values_list("id", "credits"))
    from django.contrib.auth import get_user_model

    from leagues import services as leagues

    users = {u.username: u for u in get_user_model().objects.filter(username__startswith="load-")}
    league = leagues.create_league(creator=users["load-staff"], name="Load league", ruleset=SLUG)
    for player in players:  # joining with the code: active members at once
        leagues.add_member(
            league=league,
            player=users[player.username],
            actor=users[player.username],
            join_code=league.join_code,
        )
    return {
        "league": league.pk,
        "staff": staff_token,
        "players": players,
        "tables": [
            Table(seats={"s1": players[2 * i], "s2": players[2 * i + 1]})
            for i in range(LIVE_TABLES)
        ],
        "shops": [Shop(credits=credits[players[i].gang_id]) for i in range(BUYERS)],
    }


def drain(timeout: float = 60.0) -> int:
    """Wait for the workers to settle what is still pending; returns how many still are."""
    from matches.models import MatchAction

    deadline = time.monotonic() + timeout
    pending = MatchAction.objects.filter(status=MatchAction.Status.PENDING)
    while pending.exists() and time.monotonic() < deadline:
        time.sleep(0.2)
    return pending.count()


def check_invariants(accepted: set[int]) -> list[tuple[str, bool, str]]:
    from matches.models import Match, MatchAction
    from matches.services import replay_match
    from rosters.services import reconcile_credits

    checks = []
    actions = MatchAction.objects.filter(match__live=True)
    stored = set(actions.values_list("id", flat=True))
    pending = actions.filter(status=MatchAction.Status.PENDING).count()
    resolved = actions.filter(status=MatchAction.Status.RESOLVED).count()
    rejected = actions.filter(status=MatchAction.Status.REJECTED).count()
    checks.append(
        (
            "every accepted action is stored and settled",
            stored == accepted and pending == 0,
            f"{len(accepted)} accepted (202), {len(stored)} stored: {resolved} resolved, "
            f"{rejected} rejected by the engine, {pending} pending",
        )
    )
    twice = []
    for match in Match.objects.filter(live=True):
        versions = sorted(
            match.actions.filter(status=MatchAction.Status.RESOLVED).values_list(
                "version_after", flat=True
            )
        )
        if versions != list(range(1, match.version + 1)):
            twice.append(match.pk)
    live = Match.objects.filter(live=True)
    checks.append(
        (
            "each resolved action applied exactly once",
            not twice,
            f"{live.count()} live matches: resolved actions' version_after is 1..version, each "
            f"once{'' if not twice else f'; broken in matches {twice[:10]}'}",
        )
    )
    differing = reconcile_credits()
    from rosters.models import Gang

    checks.append(
        (
            "every gang's credits equal its ledger",
            not differing,
            f"{Gang.objects.count()} gangs, reconcile_credits() → {differing[:5] or '[]'}",
        )
    )
    from leagues.models import League, StandingTotals
    from leagues.summaries import rebuild_totals

    drifted = []
    for league in League.objects.all():
        columns = ("player_id", "played", "won", "drawn", "lost", "places", "points")
        kept = sorted(StandingTotals.objects.filter(league=league).values_list(*columns))
        rebuild_totals(league=league)
        if sorted(StandingTotals.objects.filter(league=league).values_list(*columns)) != kept:
            drifted.append(league.pk)
    checks.append(
        (
            "league standing totals equal a rebuild from the results",
            not drifted,
            f"{StandingTotals.objects.count()} totals rows; rebuilt: "
            f"{'identical' if not drifted else f'different in leagues {drifted}'}",
        )
    )
    # Every dealt live match, finished or not: the stored state must be its seed plus its
    # actions (a match still waiting for an acceptance has no state yet).
    matches = list(live.filter(status__in=Match.DEALT_STATUSES))
    unequal = [m.pk for m in matches if not replay_match(m)[0]]
    finished = sum(1 for m in matches if m.status == Match.Status.FINISHED)
    checks.append(
        (
            "every dealt live match replays to its stored state",
            not unequal,
            f"{len(matches)} matches ({finished} finished) replayed from seed and resolved "
            f"actions{'' if not unequal else f'; different: {unequal[:10]}'}",
        )
    )
    return checks


# --- the report ----------------------------------------------------------------------------------


def _ms(value: float) -> str:
    return "—" if value != value else f"{value * 1000:.0f}"


def _ms2(value: float) -> str:
    return "—" if value != value else f"{value * 1000:.2f}"


def _change(a: float, b: float) -> str:
    return f"{b / a:.2f}×" if a else "—"


def _cpu_ms_per(p: Phase, part: str, count: int) -> float:
    """Milliseconds of CPU of one part (from /proc) per unit of work in a phase."""
    share = p.cpu.get(part)
    if not share or not count:
        return float("nan")
    return share / 100 * (os.cpu_count() or 1) * p.seconds / count * 1000


def report(phases: list[Phase], checks: list, seconds: float, info: dict) -> str:
    one, two = [p for p in phases if p.kind == "mixed"]
    ping = next((p for p in phases if p.kind == "ping"), None)

    def rate(p: Phase, n: float) -> float:
        return n / p.seconds if p.seconds else 0.0

    def compare(label: str, a: float, b: float, fmt: str = "{:.1f}") -> str:
        return f"| {label} | {fmt.format(a)} | {fmt.format(b)} | {_change(a, b)} |"

    lines = [
        "# Load test",
        "",
        "Produced by `make load` (`python -m bench.load`); method in `docs/performance.md`.",
        f"{info['date']}, {info['cores']} cores ({info['cpu']}), Python {info['python']}, "
        f"{seconds:.0f} s per phase, settings `{info['settings']}`; load average before: "
        f"{info['load_before']}"
        + (f", after: {info['load_after']}" if info.get("load_after") else "")
        + " (the 1-minute figure counts every other process on the machine).",
        "",
        f"Setup: {info.get('web', f'gunicorn ({GUNICORN_WORKERS} sync workers)')} and Celery "
        "workers (concurrency 1 "
        "each) on a PostgreSQL database and Redis queue of their own; everything on 127.0.0.1. "
        f"Clients (asyncio + httpx, closed loop, no think time): {LIVE_TABLES} playing live Le "
        f"Dernier Peuple games (state → legal actions → submit with Idempotency-Key and "
        f"Expected-Version → poll every {POLL * 1000:.0f} ms until resolved; one side concedes "
        f"after {RESIGN_AFTER[0]}-{RESIGN_AFTER[1]} actions unless the game ended), {READERS} "
        f"reading rosters, {BUYERS} buying and selling (staff adjustments refill credits), "
        f"{LOGGERS} logging results (every other one for a league: confirmed, then its standings "
        "read). The client shares the 2 cores with everything it measures. Before any "
        "phase each gang's detail is read once (cached, as on a server that has been up). "
        f"First, the same {CLIENTS} clients call only `GET /api/v1/ping/` for as long (the "
        "yardstick of the mixed load's ratio).",
        "",
        "## Summary",
        "",
        f"| | {one.name} | {two.name} | change |",
        "|---|---|---|---|",
        compare("requests/s (all types)", rate(one, one.requests), rate(two, two.requests)),
        compare("live actions resolved/s", rate(one, one.resolved), rate(two, two.resolved)),
    ]
    for q in (50, 95, 99):
        a, b = percentile(one.resolve_times, q), percentile(two.resolve_times, q)
        lines.append(compare(f"submit → resolved p{q} (ms)", a * 1000, b * 1000, "{:.0f}"))
    if ping is not None and ping.requests:
        base = rate(ping, ping.requests)
        lines += [
            f"| requests/s, the same {CLIENTS} clients on ping only | {base:.1f} | | |",
            f"| **mixed ÷ ping-only requests/s** | **{rate(one, one.requests) / base:.2f}** | "
            f"**{rate(two, two.requests) / base:.2f}** | |",
        ]
    lines += [
        compare(
            "gunicorn CPU per request (ms, /proc)",
            _cpu_ms_per(one, "gunicorn", one.requests),
            _cpu_ms_per(two, "gunicorn", two.requests),
        ),
        compare(
            "Celery CPU per resolved action (ms, /proc)",
            _cpu_ms_per(one, "Celery", one.resolved + one.rejected),
            _cpu_ms_per(two, "Celery", two.resolved + two.rejected),
        ),
        compare(
            "PostgreSQL CPU per request (ms, /proc, whole server)",
            _cpu_ms_per(one, "PostgreSQL (whole server)", one.requests),
            _cpu_ms_per(two, "PostgreSQL (whole server)", two.requests),
        ),
    ]
    lines += [
        f"| live games seen to finish | {one.games_finished} | {two.games_finished} | |",
        f"| actions rejected by the engine | {one.rejected} | {two.rejected} | |",
        f"| **errors** | **{one.error_count}** | **{two.error_count}** | |",
        *(
            [f"| errors, ping only | {ping.error_count} | | |"]
            if ping is not None and ping.requests
            else []
        ),
        "",
        "## Per request type",
        "",
        "| request | phase | count | req/s | p50 ms | p95 ms | p99 ms | errors |",
        "|---|---|---|---|---|---|---|---|",
    ]
    kinds = sorted({k for p in phases for k in p.latencies})
    for kind in kinds:
        for p in phases:
            values = p.latencies.get(kind, [])
            if not values and p.kind == "ping":
                continue
            lines.append(
                f"| {kind} | {p.name} | {len(values)} | "
                f"{rate(p, len(values)):.1f} | {_ms(median(values))} | "
                f"{_ms(percentile(values, 95))} | {_ms(percentile(values, 99))} | "
                f"{p.errors.get(kind, 0)} |"
            )
    if one.cpu and two.cpu:
        shown = [p for p in phases if p.cpu]
        lines += [
            "",
            "## Where the CPU went (percent of the machine's cores, per phase)",
            "",
            "| part | " + " | ".join(p.name for p in shown) + " |",
            "|---|" + "---|" * len(shown),
            *[
                f"| {part} | " + " | ".join(f"{p.cpu.get(part, 0):.0f}%" for p in shown) + " |"
                for part in one.cpu
            ],
        ]
    routes = sorted({r for p in phases for r in p.server_cpu})
    if routes:
        lines += [
            "",
            "## CPU per request by endpoint (the web server's own log, thread CPU time)",
            "",
            "Each request's CPU in the gunicorn worker, from the first middleware to the "
            "response (bench/cpu_middleware.py): what one more request of that kind costs a web "
            "core, whatever else the machine runs.",
            "",
            "| endpoint | "
            + " | ".join(f"{p.name}: count | mean ms | p95 ms" for p in phases)
            + " |",
            "|---|" + "---|---|---|" * len(phases),
        ]
        for route in routes:
            cells = []
            for p in phases:
                values = p.server_cpu.get(route, [])
                mean = sum(values) / len(values) if values else float("nan")
                cells.append(
                    f"{len(values)} | {_ms2(mean)} | {_ms2(percentile(values, 95))}"
                    if values
                    else "— | — | —"
                )
            lines.append(f"| `{route}` | " + " | ".join(cells) + " |")
    lines += ["", "## Invariants after the run", ""]
    for name, ok, detail in checks:
        lines.append(f"- {'ok' if ok else '**BROKEN**'}: {name} — {detail}")
    samples = [s for p in phases for s in p.error_samples]
    if samples:
        lines += ["", "## First errors", "", *[f"- `{s}`" for s in samples[:10]]]
    lines += [
        "",
        "## What counts as an error",
        "",
        "Every request the clients send is valid by construction (listed legal actions on the "
        "current version, purchases they can afford, items they hold), so an error is: a "
        "transport failure or a request not answered in 30 s; any status other than the one "
        "the endpoint documents for success (200, 201, or 202 for an action) — every 4xx and "
        "5xx; a body that is not JSON; or an accepted action still pending 30 s after its POST. "
        "An engine's refusal is not an HTTP error in this API (the POST is 202 and the action "
        "resolves as `rejected`): those are counted apart, and none is expected.",
        "",
    ]
    return "\n".join(lines)


def start_web(stack: Stack):
    """``posse web`` as production starts it; a plain gunicorn only for another worker class."""
    if WORKER_CLASS == "gthread":
        return stack.start_web(
            settings=SETTINGS,
            env={"WEB_CONCURRENCY": str(GUNICORN_WORKERS), "WEB_THREADS": str(THREADS)},
        )
    return stack.start_server(
        workers=GUNICORN_WORKERS, settings=SETTINGS, worker_class=WORKER_CLASS, threads=THREADS
    )


def main() -> int:
    problem = services_problem()
    if problem:
        print(f"make load needs PostgreSQL and Redis on this machine: {problem}")
        return 1
    info = machine_info()
    info["load_before"] = " ".join(f"{x:.2f}" for x in os.getloadavg())
    info["settings"] = SETTINGS or "config.settings"
    info["web"] = f"{GUNICORN_WORKERS} {WORKER_CLASS} workers" + (
        f" × {THREADS} threads" if THREADS > 1 else ""
    )
    info["web"] = (
        f"`posse web` (gunicorn, WSGI, {info['web']}, config/processes.py)"
        if WORKER_CLASS == "gthread"
        else f"gunicorn ({info['web']})"
    )
    with Stack(name="load") as stack:
        stack.configure_django()
        print("seeding players and gangs ...", flush=True)
        cast = seed()
        CPU_LOG.unlink(missing_ok=True)
        stack.env["POSSE_BENCH_CPU_LOG"] = str(CPU_LOG)
        server = start_web(stack)
        stack.start_worker(concurrency=1, name="worker1", settings=SETTINGS)
        phases, accepted = asyncio.run(run_phases(server.url, cast, stack, SECONDS))
        left = drain()
        checks = check_invariants(accepted)
        if left:
            checks.append(("the queue drains", False, f"{left} actions still pending after 60 s"))
    info["load_after"] = " ".join(f"{x:.2f}" for x in os.getloadavg())
    text = report(phases, checks, SECONDS, info)
    REPORT.write_text(text)
    print(text)
    print(f"wrote {REPORT.relative_to(ROOT)}")
    failed = any(p.error_count for p in phases) or not all(ok for _, ok, _ in checks)
    return 1 if failed else 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:  # Ctrl-C or SIGTERM: the stack has stopped what it started
        print("\ninterrupted: every process started was stopped, its database dropped")
        sys.exit(130)

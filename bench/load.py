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

Within each mixed phase, the same number of clients also call only ``GET /api/v1/ping/`` for
as long, in slices taken in turn with the phase's own (``run_phases``): the report gives the
mixed load's requests/s as a ratio to that, and the CPU each endpoint costs the web server
(thread CPU time per request, from the server's own log).

Why a small asyncio/httpx client rather than locust: the clients must play live games (read
legal actions, submit one, poll until resolved) and keep their own books (credits, the
equipment they hold) so that every request they send is valid and any non-2xx is an error;
that is a few coroutines here. The client, the server, the workers and PostgreSQL share two
cores, and one Python process bounded in time is easy to reason about and to stop.

The simulated players are in bench/load_clients.py, what a phase records and the report in
bench/load_report.py; this module sets up, runs the phases and checks the invariants.
"""

from __future__ import annotations

import asyncio
import os
import random
import sys
import time
from collections import defaultdict

import httpx

from bench import cpu
from bench.common import BENCH_DIR, ROOT, machine_info
from bench.load_clients import (
    BUYERS,
    CLIENTS,
    LIVE_TABLES,
    LOGGERS,
    PLAYERS,
    READERS,
    SLUG,
    Api,
    Player,
    Shop,
    Table,
    buyer,
    live_player,
    logger,
    pinger,
    reader,
)
from bench.load_phase import Phase
from bench.load_report import SLICES, report
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


async def run_ping_phase(api: Api, phase: Phase, cast: dict, seconds: float) -> None:
    api.phase = phase
    deadline = time.perf_counter() + seconds
    players = cast["players"]
    started = time.perf_counter()
    await asyncio.gather(
        *(pinger(api, players[i % len(players)], deadline) for i in range(CLIENTS))
    )
    phase.seconds = time.perf_counter() - started


async def run_phase(api: Api, phase: Phase, cast: dict, seconds: float, seed: int = 0) -> None:
    api.phase = phase
    rnd = random.Random(phase.workers * 1000 + seed)
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
    """The ping-only load and each mixed phase in turn, in slices (``SLICES`` of each), in the
    order ping, mixed, mixed, ping, ...: the machine's drift over a phase (other work, its
    clock) slows the yardstick and the load alike. Each mixed phase is compared with the ping
    slices taken between its own; the report's ping-only column counts them all."""
    limits = httpx.Limits(max_connections=64, max_keepalive_connections=0)
    ping = Phase(name="ping only", workers=1, kind="ping")
    mixed = [Phase(name="1 Celery worker", workers=1), Phase(name="2 Celery workers", workers=2)]
    width = seconds / SLICES
    async with httpx.AsyncClient(base_url=url, limits=limits) as client:
        api = Api(client)
        await warm_up(api, cast)
        for phase in mixed:
            if phase.workers == 2:
                # In this thread, between phases (nothing else runs): the child's
                # die-with-parent signal follows the thread that started it.
                stack.start_worker(concurrency=1, name="worker2", settings=SETTINGS)
            print(f"phase: {phase.name}, {seconds:.0f} s, and as long on ping ...", flush=True)
            beside = Phase(name="ping only", workers=phase.workers, kind="ping")
            for n in range(SLICES):
                order = (beside, phase) if n % 2 == 0 else (phase, beside)
                for target in order:
                    await _run_slice(api, stack, target, cast, width, seed=n)
            phase.yardstick = beside.requests / beside.seconds if beside.seconds else 0.0
            ping.add(beside)
    return [ping, *mixed], api.accepted


async def _run_slice(
    api: Api, stack: Stack, phase: Phase, cast: dict, seconds: float, *, seed: int
) -> None:
    """``seconds`` of ``phase``'s kind of load, counted into it (its requests, CPU, errors)."""
    groups = {
        "gunicorn": {p.popen.pid for p in stack.procs if p.name.startswith("gunicorn")},
        "Celery": {p.popen.pid for p in stack.procs if p.name.startswith("worker")},
    }
    part = Phase(name=phase.name, workers=phase.workers, kind=phase.kind)
    before = cpu.snapshot(groups)
    logged = _log_size()
    if part.kind == "ping":
        await run_ping_phase(api, part, cast, seconds)
    else:
        await run_phase(api, part, cast, seconds, seed=seed)
    part.cpu = cpu.shares(before, cpu.snapshot(groups), part.seconds)
    part.server_cpu = _read_cpu_log(logged)
    phase.add(part)


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

"""Submit → resolved for a live Le Dernier Peuple action, against a no-op Celery round trip.

Both go through the same Redis broker to the same real worker (one process, concurrency 1)
on PostgreSQL, one at a time, interleaved so that drift hits both:

- no-op: ``jobs.services.start_job(task=jobs.tasks.noop)`` (a Job row, the task sent on
  commit), then poll the Job row until it is ``succeeded``;
- live action over HTTP: ``POST /api/v1/matches/{id}/actions/`` with an Idempotency-Key
  (``posse web``: gunicorn, WSGI, gthread, as config/processes.py starts it), then poll the
  action row until it is no longer ``pending``;
- live action through the service: ``matches.services.submit_action`` in this process, then
  the same poll (the pipeline without HTTP).

Polls read the database directly every millisecond, the same way for all three, so the
ratio compares the work, not the polling. Actions are chosen from ``legal_actions`` of the
stored state: none should be rejected, and the row says if any was.
"""

from __future__ import annotations

import random
import time
import uuid

import httpx

from bench.common import Row, median, ms, percentile
from bench.stack import Stack

SAMPLES = 150  # of each kind
WARMUP = 10
POLL = 0.001
TIMEOUT = 30.0
SLUG = "le-dernier-peuple"


def _wait(predicate, what: str) -> None:
    deadline = time.perf_counter() + TIMEOUT
    while not predicate():
        if time.perf_counter() > deadline:
            raise RuntimeError(f"{what} not done in {TIMEOUT:.0f} s: is the worker running?")
        time.sleep(POLL)


class _Table:
    """Two players and their current match (a new one when a game ends)."""

    def __init__(self, rnd: random.Random):
        from bench.seed import make_user

        self.rnd = rnd
        self.users = {}
        self.tokens = {}
        for n in (1, 2):
            user, token = make_user(f"bench-live-{n}")
            self.users[f"s{n}"] = user
            self.tokens[f"s{n}"] = token
        self.match = None
        self.games = 0

    def next_move(self):
        """The match, the seat to move and a legal action, from the stored state."""
        from matches import services
        from matches.models import Match
        from rulesets.registry import get_ruleset

        game = get_ruleset(SLUG)
        if self.match is not None:
            self.match = Match.objects.get(pk=self.match.pk)
        if self.match is None or self.match.status != Match.Status.LIVE:
            self.match = services.create_live_match(
                ruleset=SLUG,
                players=[self.users["s1"].username, self.users["s2"].username],
                options={},
                created_by=self.users["s1"],
            )
            # s2 was invited: the match is dealt when they accept.
            self.match, _ = services.accept_match(match=self.match, player=self.users["s2"])
            self.games += 1
        state = services.canonical(self.match.state)
        seat = game.to_move(state)[0]
        return self.match, seat, self.rnd.choice(game.legal_actions(state, seat))


def _noop() -> float:
    from jobs.models import Job
    from jobs.services import start_job
    from jobs.tasks import noop

    start = time.perf_counter()
    job = start_job(name="bench-noop", task=noop)
    done = Job.objects.filter(pk=job.pk, state=Job.State.SUCCEEDED)
    _wait(done.exists, "the no-op job")
    return time.perf_counter() - start


def _settled(action_id: int) -> str:
    from matches.models import MatchAction

    status = ""

    def settled() -> bool:
        nonlocal status
        status = MatchAction.objects.filter(pk=action_id).values_list("status", flat=True)[0]
        return status != MatchAction.Status.PENDING

    _wait(settled, f"action {action_id}")
    return status


def _action_http(table: _Table, client: httpx.Client) -> tuple[float, str]:
    match, seat, action = table.next_move()
    start = time.perf_counter()
    reply = client.post(
        f"/api/v1/matches/{match.pk}/actions/",
        json=action,
        headers={
            "Authorization": f"Token {table.tokens[seat]}",
            "Idempotency-Key": str(uuid.uuid4()),
        },
    )
    if reply.status_code != 202:
        raise RuntimeError(f"POST action: {reply.status_code} {reply.text[:300]}")
    status = _settled(reply.json()["id"])
    return time.perf_counter() - start, status


def _action_service(table: _Table) -> tuple[float, str]:
    from matches import services

    match, seat, action = table.next_move()
    start = time.perf_counter()
    submitted, _ = services.submit_action(
        match=match,
        player=table.users[seat],
        payload=action,
        idempotency_key=str(uuid.uuid4()),
    )
    status = _settled(submitted.pk)
    return time.perf_counter() - start, status


def measure(stack: Stack, *, samples: int = SAMPLES, warmup: int = WARMUP) -> dict:
    stack.start_worker(concurrency=1, name="worker-live")
    server = stack.start_web(name="gunicorn-web-live")  # posse web, as production runs it
    table = _Table(random.Random(11))
    times: dict[str, list[float]] = {"noop": [], "http": [], "service": []}
    statuses: list[str] = []
    try:
        with httpx.Client(base_url=server.url, timeout=30) as client:
            for n in range(warmup + samples):
                noop = _noop()
                http, s1 = _action_http(table, client)
                service, s2 = _action_service(table)
                if n >= warmup:
                    times["noop"].append(noop)
                    times["http"].append(http)
                    times["service"].append(service)
                    statuses += [s1, s2]
    finally:
        server.stop()
    result = {"samples": samples, "games": table.games}
    for kind, values in times.items():
        result[f"{kind}_p50"] = median(values)
        result[f"{kind}_p95"] = percentile(values, 95)
    result["rejected"] = sum(1 for s in statuses if s != "resolved")
    return result


def row(result: dict) -> Row:
    r = result
    return Row(
        figure="live action submit → resolved vs no-op Celery task round trip",
        ratio=(
            f"HTTP: median {r['http_p50'] / r['noop_p50']:.1f}×, p95 "
            f"{r['http_p95'] / r['noop_p95']:.1f}×; service call: median "
            f"{r['service_p50'] / r['noop_p50']:.1f}×, p95 {r['service_p95'] / r['noop_p95']:.1f}×"
        ),
        method=(
            f"Le Dernier Peuple, 2 players, {r['samples']} of each interleaved, one at a time; "
            "POST action (posse web: WSGI, 3 gthread workers × 4 threads) or submit_action, "
            "vs start_job(noop); same Redis broker, 1 Celery worker (concurrency 1), "
            "PostgreSQL; DB polled every 1 ms"
        ),
        absolute=(
            f"HTTP p50 {ms(r['http_p50'])} / p95 {ms(r['http_p95'])}; service p50 "
            f"{ms(r['service_p50'])} / p95 {ms(r['service_p95'])}; no-op p50 "
            f"{ms(r['noop_p50'])} / p95 {ms(r['noop_p95'])}; {r['games']} games, "
            f"{r['rejected']} rejected"
        ),
        data=r,
    )

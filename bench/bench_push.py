"""Action submitted → the other player's table notified (push), against a no-op Celery round trip.

The production layout (config/processes.py, docker/nginx.conf): ``posse web`` (gunicorn, WSGI,
gthread) takes the POSTs, ``posse stream`` (gunicorn, ASGI, uvicorn workers) holds the streams,
one Celery worker; PostgreSQL and Redis. Both players of a Le Dernier Peuple match hold the
API stream open (``GET /api/v1/matches/{id}/stream/``, Server-Sent Events, token auth) on the
stream server, as a table page holds its own. For each sample, interleaved with a no-op job:

- push: the seat to move POSTs a legal action (Idempotency-Key, Expected-Version); the clock
  stops when the *other* seat's stream delivers the ``state`` event of the new version (the
  worker resolved it, committed, published on Redis; the stream server heard it, built that
  seat's view);
- no-op: ``start_job(noop)``, then the Job row polled every millisecond until ``succeeded``.
"""

from __future__ import annotations

import json
import random
import sys
import threading
import time
import uuid

import httpx

from bench.common import Row, median, ms, percentile
from bench.stack import Stack

SAMPLES = 100
WARMUP = 5
TIMEOUT = 30.0
SLUG = "le-dernier-peuple"
FIGURE = "live action submitted → other player's table notified (push) vs no-op round trip"


class Listener(threading.Thread):
    """Reads one seat's stream and notes when each version arrived: the API's (token auth)
    or the table page's (the browser's session cookie; its events carry the HTML)."""

    def __init__(self, url: str, match_id: int, version: int, *, token="", session=""):
        super().__init__(daemon=True)
        path = "/api/v1/matches" if token else "/matches"
        self.url = f"{url}{path}/{match_id}/stream/?version={version}"
        self.headers = {"Accept": "text/event-stream"}
        self.cookies = {}
        if token:
            self.headers["Authorization"] = f"Token {token}"
        else:
            from django.conf import settings

            self.cookies[settings.SESSION_COOKIE_NAME] = session
        self.arrived: dict[int, float] = {}
        self.ready = threading.Event()
        self.stop = False

    def run(self) -> None:
        try:
            with httpx.stream(
                "GET", self.url, headers=self.headers, cookies=self.cookies, timeout=None
            ) as reply:
                for line in reply.iter_lines():
                    self.ready.set()
                    if self.stop:
                        return
                    if line.startswith("data: "):
                        version = json.loads(line[6:])["version"]
                        self.arrived.setdefault(version, time.perf_counter())
        except httpx.HTTPError:
            return  # the server stopped at the end of the run

    def wait(self, version: int) -> float:
        deadline = time.perf_counter() + TIMEOUT
        while version not in self.arrived:
            if time.perf_counter() > deadline:
                raise RuntimeError(
                    f"version {version} never reached the other player's stream ({self.url})"
                )
            time.sleep(0.0005)
        return self.arrived[version]


class _Game:
    def __init__(self, stream_url: str):
        from bench.seed import make_user

        self.url = stream_url
        self.users, self.tokens, self.sessions = {}, {}, {}
        for n in (1, 2):
            self.users[f"s{n}"], self.tokens[f"s{n}"] = make_user(f"bench-push-{n}")
            self.sessions[f"s{n}"] = _signed_in(self.users[f"s{n}"])
        self.match = None
        self.listeners: dict[str, Listener] = {}  # each seat's API stream
        self.pages: dict[str, Listener] = {}  # each seat's table page's stream
        self.games = 0

    def _new_match(self) -> None:
        from matches import services

        for listener in [*self.listeners.values(), *self.pages.values()]:
            listener.stop = True
        self.match = _accept_all(
            services.create_live_match(
                ruleset=SLUG,
                players=[u.username for u in self.users.values()],
                options={},
                created_by=self.users["s1"],
            )
        )
        self.games += 1
        version = self.match.version
        self.listeners = {
            s: Listener(self.url, self.match.pk, version, token=self.tokens[s]) for s in self.users
        }
        self.pages = {
            s: Listener(self.url, self.match.pk, version, session=self.sessions[s])
            for s in self.users
        }
        for listener in [*self.listeners.values(), *self.pages.values()]:
            listener.start()
            listener.ready.wait(10)

    def next_move(self, rnd: random.Random):
        from matches import services
        from matches.models import Match
        from rulesets.registry import get_ruleset

        if self.match is not None:
            self.match = Match.objects.get(pk=self.match.pk)
        if self.match is None or self.match.status != Match.Status.LIVE:
            self._new_match()
        game = get_ruleset(SLUG)
        state = services.canonical(self.match.state)
        seat = game.to_move(state)[0]
        return seat, rnd.choice(game.legal_actions(state, seat))


def _signed_in(user) -> str:
    """A session key signed in as ``user``, as the site's login would leave it."""
    from importlib import import_module

    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY

    store = import_module(settings.SESSION_ENGINE).SessionStore()
    store[SESSION_KEY] = str(user.pk)
    store[BACKEND_SESSION_KEY] = settings.AUTHENTICATION_BACKENDS[0]
    store[HASH_SESSION_KEY] = user.get_session_auth_hash()
    store.create()
    return store.session_key


def _accept_all(match):
    """Both bench players accept the invitation, so the match is dealt (docs/matches.md)."""
    from matches.models import Participant
    from matches.services import accept_match

    for seat in match.participants.filter(consent=Participant.Consent.AWAITING).select_related(
        "player"
    ):
        accept_match(match=match, player=seat.player)
    match.refresh_from_db()
    return match


def _push(game: _Game, client: httpx.Client, rnd: random.Random) -> tuple[float, ...]:
    """(submitted → the other seat's API stream notified, resolved → the same, submitted →
    the POST answered, submitted → resolved, submitted → the other seat's table page
    notified)."""
    seat, action = game.next_move(rnd)
    other = "s2" if seat == "s1" else "s1"
    version = game.match.version
    start = time.perf_counter()
    reply = client.post(
        f"/api/v1/matches/{game.match.pk}/actions/",
        json=action,
        headers={
            "Authorization": f"Token {game.tokens[seat]}",
            "Idempotency-Key": str(uuid.uuid4()),
            "Expected-Version": str(version),
        },
    )
    answered = time.perf_counter()
    if reply.status_code != 202:
        raise RuntimeError(f"POST action: {reply.status_code} {reply.text[:300]}")
    resolved = _resolved_at(reply.json()["id"])
    notified = game.listeners[other].wait(version + 1)
    page = game.pages[other].wait(version + 1)
    return (
        notified - start,
        max(0.0, notified - resolved),
        answered - start,
        resolved - start,
        page - start,
    )


def _resolved_at(action_id: int) -> float:
    """When the action row stopped being pending (polled every millisecond, like the no-op)."""
    from matches.models import MatchAction

    pending = MatchAction.objects.filter(pk=action_id, status=MatchAction.Status.PENDING)
    deadline = time.perf_counter() + TIMEOUT
    while pending.exists():
        if time.perf_counter() > deadline:
            raise RuntimeError(f"action {action_id} not resolved in {TIMEOUT:.0f} s")
        time.sleep(0.001)
    return time.perf_counter()


def measure(stack: Stack, *, samples: int = SAMPLES, warmup: int = WARMUP) -> dict:
    from bench.bench_live import _noop

    worker = stack.start_worker(concurrency=1, name="worker-push")
    web = stack.start_web(name="gunicorn-web-push")
    stream = stack.start_stream(name="gunicorn-stream-push")
    rnd = random.Random(5)
    times: dict[str, list[float]] = {
        "noop": [],
        "push": [],
        "delivery": [],
        "post": [],
        "resolved": [],
        "page": [],
    }
    try:
        game = _Game(stream.url)  # the streams on posse stream, the POSTs on posse web
        with httpx.Client(base_url=web.url, timeout=30) as client:
            for n in range(warmup + samples):
                noop = _noop()
                pushed, delivered, posted, resolved, page = _push(game, client, rnd)
                if n >= warmup:
                    times["page"].append(page)
                    times["noop"].append(noop)
                    times["push"].append(pushed)
                    times["delivery"].append(delivered)
                    times["post"].append(posted)
                    times["resolved"].append(resolved)
        for listener in [*game.listeners.values(), *game.pages.values()]:
            listener.stop = True
    finally:
        stream.stop()
        web.stop()
        worker.stop()
    result = {"samples": samples, "games": game.games}
    for kind, values in times.items():
        result[f"{kind}_p50"] = median(values)
        result[f"{kind}_p95"] = percentile(values, 95)
    return result


def row(result: dict) -> Row:
    r = result
    return Row(
        figure=FIGURE,
        ratio=(
            f"submitted → the other seat's table page notified: median "
            f"{r['page_p50'] / r['noop_p50']:.1f}×, p95 {r['page_p95'] / r['noop_p95']:.1f}× "
            f"(goal ≤ 2×); its API stream: median {r['push_p50'] / r['noop_p50']:.1f}×, "
            f"p95 {r['push_p95'] / r['noop_p95']:.1f}×; of which resolved → API stream "
            f"notified (the push itself): median {r['delivery_p50'] / r['noop_p50']:.1f}×; "
            f"submitted → resolved: median {r['resolved_p50'] / r['noop_p50']:.1f}×"
        ),
        method=(
            f"Le Dernier Peuple, 2 players each holding the table page's stream (session "
            f"cookie: the HTML table) and the API stream (token) open, {r['samples']} of "
            "each interleaved; POST action (posse web: WSGI, gthread) until the other seat's "
            "streams (posse stream: ASGI) have the new version, vs start_job(noop) polled "
            "every 1 ms; same Redis, 1 worker, PostgreSQL"
        ),
        absolute=(
            f"page p50 {ms(r['page_p50'])} / p95 {ms(r['page_p95'])}; "
            f"API stream p50 {ms(r['push_p50'])} / p95 {ms(r['push_p95'])}; POST answered p50 "
            f"{ms(r['post_p50'])}; submitted → resolved p50 {ms(r['resolved_p50'])}; "
            f"resolved → notified "
            f"p50 {ms(r['delivery_p50'])} / p95 {ms(r['delivery_p95'])}; no-op p50 "
            f"{ms(r['noop_p50'])} / p95 {ms(r['noop_p95'])}; {r['games']} games"
        ),
        data=r,
    )


def main(argv: list[str] | None = None) -> int:
    """``python -m bench.bench_push [SAMPLES] [--push-only]``: the live rows on their own (the
    submit → resolved row, then this one) on one stack, printed as RESULTS.md rows."""
    from bench import bench_live

    args = sys.argv[1:] if argv is None else argv
    numbers = [int(a) for a in args if a.isdigit()]
    samples = numbers[0] if numbers else SAMPLES
    with Stack(name="push") as stack:
        stack.configure_django()
        if "--push-only" not in args:
            print(bench_live.row(bench_live.measure(stack, samples=samples)).markdown())
        print(row(measure(stack, samples=samples)).markdown(), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""One public live match, N spectators: when do the first and the last see a move?

The production layout on this machine: ``posse web`` takes the POSTs, two ``posse stream``
processes hold the streams (config/processes.py), one Celery worker; PostgreSQL and Redis.
One signed-in spectator's token opens N API streams (``/api/v1/matches/{id}/stream/``), half
on each stream process, all held by one asyncio loop in this process over raw sockets (an
HTTP client object per stream would cost this side more than the server's). For each sample
the seat to move POSTs a legal action; the clock runs from the POST until each of the N
streams has delivered the new version: the first and the last watcher's times, and their
ratio (goal ≤ 3: spectators of one push share one draw per process,
matches/views/spectator_frames.py). Memory: the stream processes' RSS (master and workers)
before and after the N streams opened, divided by N.
"""

from __future__ import annotations

import asyncio
import random
import resource
import sys
import threading
import time
import uuid
from urllib.parse import urlparse

import httpx

from bench.common import Row, ms
from bench.scale_common import SseReader, positional, spread
from bench.stack import Stack

SLUG = "le-dernier-peuple"
SAMPLES = 10
OPEN_AT_ONCE = 50  # streams opening together: each first render reads the database
TIMEOUT = 60.0


def raise_fd_limit(wanted: int) -> int:
    """The soft limit on open files raised towards ``wanted`` (never above the hard one)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = min(max(soft, wanted), hard) if hard != resource.RLIM_INFINITY else max(soft, wanted)
    resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
    return target


def rss(proc) -> int:
    """Resident bytes of a process and all its children (a gunicorn master and workers)."""
    import psutil

    root = psutil.Process(proc.popen.pid)
    return sum(p.memory_info().rss for p in [root, *root.children(recursive=True)])


def redis_clients() -> int:
    """Connections Redis holds now (every client of that server: other users add noise)."""
    import redis
    from django.conf import settings

    return int(redis.Redis.from_url(settings.REDIS_URL).info("clients")["connected_clients"])


def redis_subscribers(match_id: int) -> int:
    """Connections subscribed to the match's channel: one per stream process's event loop
    when the streams share its subscriber (matches/push_fanout.py), one per stream if not."""
    import redis
    from django.conf import settings

    from matches import push

    name = push.channel(match_id)
    return int(dict(redis.Redis.from_url(settings.REDIS_URL).pubsub_numsub(name))[name.encode()])


class Watchers:
    """N streams held open by one event loop in a thread of its own."""

    def __init__(self):
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.arrived: list[dict[int, float]] = []
        self.failed = 0
        self._writers: list[asyncio.StreamWriter] = []
        self._tasks: list[asyncio.Task] = []  # held: the loop keeps only weak references

    def open(self, urls: list[str], *, path: str, token: str) -> None:
        future = asyncio.run_coroutine_threadsafe(self._open_all(urls, path, token), self.loop)
        future.result(timeout=600)

    async def _open_all(self, urls: list[str], path: str, token: str) -> None:
        gate = asyncio.Semaphore(OPEN_AT_ONCE)
        opened = [asyncio.get_running_loop().create_future() for _ in urls]
        for url, ready in zip(urls, opened, strict=True):
            seen: dict[int, float] = {}
            self.arrived.append(seen)
            self._tasks.append(
                asyncio.ensure_future(self._hold(url, path, token, seen, ready, gate))
            )
        await asyncio.gather(*opened)

    async def _hold(self, url, path, token, seen, ready, gate) -> None:
        where = urlparse(url)
        reader = SseReader()
        try:
            async with gate:
                r, w = await asyncio.open_connection(where.hostname, where.port)
                self._writers.append(w)
                w.write(
                    f"GET {path} HTTP/1.1\r\nHost: {where.hostname}\r\n"
                    f"Authorization: Token {token}\r\nAccept: text/event-stream\r\n\r\n".encode()
                )
                while not reader.status:  # the answer's head: the stream is open
                    await self._read(r, reader, seen)
            if reader.status != 200:
                raise ValueError(f"stream answered {reader.status}")
            ready.set_result(True)
            while True:
                await self._read(r, reader, seen)
        except (OSError, EOFError, ValueError):
            self.failed += 1
            if not ready.done():
                ready.set_result(False)

    @staticmethod
    async def _read(r: asyncio.StreamReader, reader: SseReader, seen: dict) -> None:
        data = await r.read(65536)
        if not data:
            raise EOFError
        now = time.perf_counter()
        for version in reader.feed(data):
            seen.setdefault(version, now)

    def wait(self, version: int) -> tuple[float, float]:
        """(first, last) moment a watcher had ``version``."""
        deadline = time.perf_counter() + TIMEOUT
        while True:
            times = [seen.get(version) for seen in self.arrived]
            if all(t is not None for t in times):
                return min(times), max(times)
            if time.perf_counter() > deadline:
                missing = sum(t is None for t in times)
                raise RuntimeError(f"{missing} of {len(times)} watchers never had v{version}")
            time.sleep(0.002)

    def close(self) -> None:
        for task in self._tasks:
            self.loop.call_soon_threadsafe(task.cancel)
        self._tasks.clear()
        for w in self._writers:
            self.loop.call_soon_threadsafe(w.close)
        self._writers.clear()
        self.arrived.clear()


def _new_match(users):
    from bench.bench_push import _accept_all
    from matches import services

    return _accept_all(
        services.create_live_match(
            ruleset=SLUG,
            players=[u.username for u in users],
            options={},
            created_by=users[0],
            public=True,
        )
    )


def _move(match, rnd: random.Random):
    from matches import services
    from rulesets.registry import get_ruleset

    game = get_ruleset(SLUG)
    state = services.canonical(match.state)
    seat = game.to_move(state)[0]
    return seat, rnd.choice(game.legal_actions(state, seat))


def measure(stack: Stack, *, watchers: int, samples: int = SAMPLES) -> dict:
    """Start the processes, open ``watchers`` streams, take ``samples`` pushes."""
    from bench.seed import make_user
    from matches.models import Match

    raise_fd_limit(watchers + 1024)  # the children inherit it: each holds half the streams
    stack.start_worker(concurrency=1, name="worker-spectators")
    web = stack.start_web(name="web-spectators")
    streams = [stack.start_stream(name=f"stream-spectators-{n}") for n in (1, 2)]
    tag = uuid.uuid4().hex[:6]
    players = [make_user(f"scale-seat-{tag}-{n}") for n in (1, 2)]
    _, spectator = make_user(f"scale-spectator-{tag}")
    tokens = {f"s{n}": token for n, (_, token) in enumerate(players, start=1)}
    match = _new_match([u for u, _ in players])
    time.sleep(1)  # the stream processes settle before the baseline
    before, clients = sum(rss(s) for s in streams), redis_clients()
    crowd = Watchers()
    urls = [streams[n % 2].url for n in range(watchers)]
    path = f"/api/v1/matches/{match.pk}/stream/?version={match.version}"
    started = time.perf_counter()
    crowd.open(urls, path=path, token=spectator)
    opened = time.perf_counter() - started
    after, clients = sum(rss(s) for s in streams), redis_clients() - clients
    subscribers = redis_subscribers(match.pk)
    rnd, firsts, lasts = random.Random(7), [], []
    with httpx.Client(base_url=web.url, timeout=30) as client:
        for _ in range(samples):
            match = Match.objects.get(pk=match.pk)
            if match.status != Match.Status.LIVE:
                break  # the game ended: the samples so far stand
            seat, action = _move(match, rnd)
            start = time.perf_counter()
            reply = client.post(
                f"/api/v1/matches/{match.pk}/actions/",
                json=action,
                headers={
                    "Authorization": f"Token {tokens[seat]}",
                    "Idempotency-Key": str(uuid.uuid4()),
                    "Expected-Version": str(match.version),
                },
            )
            if reply.status_code != 202:
                raise RuntimeError(f"POST action: {reply.status_code} {reply.text[:300]}")
            first, last = crowd.wait(match.version + 1)
            firsts.append(first - start)
            lasts.append(last - start)
    crowd.close()
    result = {"watchers": watchers, "samples": len(firsts), "failed": crowd.failed}
    result.update(spread(firsts, lasts))
    result["open_seconds"] = opened
    result["bytes_per_stream"] = (after - before) / watchers
    result["redis_opened"] = clients
    result["redis_subscribers"] = subscribers
    return result


def row(results: list[dict]) -> Row:
    parts, absolute = [], []
    for r in results:
        parts.append(
            f"{r['watchers']} streams: last ÷ first median {r['ratio_p50']:.1f}× "
            f"(worst {r['ratio_max']:.1f}×), {r['bytes_per_stream'] / 1024:.0f} KiB a stream, "
            f"{r['redis_subscribers']} Redis subscribers of the match in all "
            f"(connected_clients +{r['redis_opened']})"
        )
        absolute.append(
            f"{r['watchers']}: first p50 {ms(r['first_p50'])}, last p50 {ms(r['last_p50'])} "
            f"/ p95 {ms(r['last_p95'])}, {r['samples']} samples, opened in "
            f"{r['open_seconds']:.1f} s, {r['failed']} streams failed"
        )
    return Row(
        figure="one public match, N spectators: the last watcher vs the first (goal ≤ 3×)",
        ratio="; ".join(parts),
        method=(
            "Le Dernier Peuple between 2 players, public; N API streams of one spectator, "
            "half on each of 2 posse stream processes; POST action on posse web; time from "
            "the POST to each stream's new version; RSS of the stream processes before/after "
            "opening ÷ N; the Redis connections subscribed to the match's channel (PUBSUB "
            "NUMSUB) with all N open, and connected_clients after − before (noisy: every "
            "client of that Redis)"
        ),
        absolute="; ".join(absolute),
        data={"results": results},
    )


def main(argv: list[str] | None = None) -> int:
    """``python -m bench.scale_spectators [N ...] [--samples S]``: the row, printed."""
    args = sys.argv[1:] if argv is None else argv
    samples = int(args[args.index("--samples") + 1]) if "--samples" in args else SAMPLES
    sizes = [int(a) for a in positional(args, "--samples")] or [100]
    results = []
    with Stack(name="spectators") as stack:
        stack.configure_django()
        for size in sizes:
            results.append(measure(stack, watchers=size, samples=samples))
            for proc in list(stack.procs):
                proc.stop()
            stack.procs.clear()
    print(row(results).markdown(), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Live turn latency as the number of tables grows: 10, 100, 1,000 bot matches at once.

Two ``posse worker`` processes (config/processes.py) on one Redis queue and PostgreSQL play
K live Le Dernier Peuple matches between two bots each (a staff organiser starts them;
matches/bots.py: each bot move is a task that submits through the action queue, and each
action is resolved by another task). A match that ends is replaced, so K stay live for the
whole window. A turn's latency is its action row's ``created_at`` → ``resolved_at`` (both
the database's clock): submitted → resolved, as bench/bench_live.py measures it for a
person's action. The reference is the no-op Celery round trip (jobs.tasks.noop) on the same
idle workers before the matches start, as bench_live; the no-op measured under load is
reported beside it.
"""

from __future__ import annotations

import sys
import time
import uuid
from datetime import timedelta

from bench.common import Row, ms
from bench.scale_common import positional, ratio, summary
from bench.stack import Stack

SLUG = "le-dernier-peuple"
WINDOW = 30.0  # seconds measured, after WARMUP
WARMUP = 5.0
NOOPS = 20


def _noops(count: int) -> list[float]:
    from bench.bench_live import _noop

    return [_noop() for _ in range(count)]


def _start(organiser, count: int) -> None:
    from matches import services

    for _ in range(count):
        services.create_live_match(
            ruleset=SLUG, players=[], options={}, created_by=organiser, bots=2
        )


def _live(tag_since) -> int:
    from matches.models import Match

    return Match.objects.filter(status=Match.Status.LIVE, created_at__gte=tag_since).count()


def _turns(since, until) -> tuple[list[float], int]:
    """Latencies (seconds) of the actions submitted in [since, until) and resolved, and how
    many of them are still pending."""
    from matches.models import MatchAction

    rows = MatchAction.objects.filter(created_at__gte=since, created_at__lt=until)
    done = rows.exclude(resolved_at=None).values_list("created_at", "resolved_at")
    pending = rows.filter(status=MatchAction.Status.PENDING).count()
    return [(b - a).total_seconds() for a, b in done], pending


def measure(stack: Stack, *, matches: int, window: float = WINDOW) -> dict:
    from django.db import connection
    from django.utils import timezone

    from bench.seed import make_user

    workers = [stack.start_worker(concurrency=1, name=f"worker-growth-{n}") for n in (1, 2)]
    idle = _noops(NOOPS)
    organiser, _ = make_user(f"scale-organiser-{uuid.uuid4().hex[:6]}", staff=True)
    began = timezone.now()
    _start(organiser, matches)
    since = timezone.now() + timedelta(seconds=WARMUP)
    loaded, refilled = [], 0
    deadline = time.monotonic() + WARMUP + window
    while time.monotonic() < deadline:
        missing = matches - _live(began)
        if missing > 0:
            _start(organiser, missing)
            refilled += missing
        loaded += _noops(1)
        time.sleep(0.5)
    until = timezone.now()
    for worker in workers:
        worker.stop()
    turns, pending = _turns(since, until)
    connection.close()
    seconds = (until - since).total_seconds()
    return {
        "matches": matches,
        "turns": summary(turns),
        "pending": pending,
        "per_second": len(turns) / seconds if seconds > 0 else 0.0,
        "noop_idle": summary(idle),
        "noop_loaded": summary(loaded),
        "replaced": refilled,
        "window": seconds,
    }


def row(results: list[dict]) -> Row:
    parts, absolute = [], []
    for r in results:
        turns, idle = r["turns"], r["noop_idle"]
        parts.append(
            f"{r['matches']} matches: median {ratio(turns['p50'], idle['p50']):.1f}×, "
            f"p95 {ratio(turns['p95'], idle['p95']):.1f}×"
        )
        absolute.append(
            f"{r['matches']}: turn p50 {ms(turns['p50'])} / p95 {ms(turns['p95'])}, "
            f"{turns['n']} turns ({r['per_second']:.0f}/s), {r['pending']} left pending; "
            f"no-op idle p50 {ms(idle['p50'])}, under load p50 {ms(r['noop_loaded']['p50'])}; "
            f"{r['replaced']} ended matches replaced"
        )
    return Row(
        figure="live turn submitted → resolved with K live matches vs the idle no-op round trip",
        ratio="; ".join(parts),
        method=(
            "K Le Dernier Peuple matches of 2 bots each kept live (an ended one replaced); "
            "2 posse worker processes (concurrency 1 each) on one queue; turn = action row "
            "created_at → resolved_at over the window after a warm-up; reference: "
            "start_job(noop) round trips on the idle workers first"
        ),
        absolute="; ".join(absolute),
        data={"results": results},
    )


def main(argv: list[str] | None = None) -> int:
    """``python -m bench.scale_growth [K ...] [--window SECONDS]``: the row, printed."""
    args = sys.argv[1:] if argv is None else argv
    window = float(args[args.index("--window") + 1]) if "--window" in args else WINDOW
    sizes = [int(a) for a in positional(args, "--window")] or [10]
    results = []
    with Stack(name="growth") as stack:
        stack.configure_django()
        for size in sizes:  # the last size's matches stay, idle: its workers are gone
            results.append(measure(stack, matches=size, window=window))
            stack.purge_queue()  # their bots' next moves, never to be played
    print(row(results).markdown(), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""The report of ``make load`` (bench/LOAD.md), from the phases it recorded."""

from __future__ import annotations

import os

from bench.common import median, percentile
from bench.load_clients import BUYERS, CLIENTS, LIVE_TABLES, LOGGERS, POLL, READERS, RESIGN_AFTER
from bench.load_phase import Phase

SLICES = 4  # each phase's seconds, cut into this many slices interleaved with ping-only ones


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
    lines = [
        *_header(info, seconds),
        *_summary(one, two, ping),
        *_per_type(phases),
        *_cpu(phases, one, two),
        *_invariants_and_errors(phases, checks),
    ]
    return "\n".join(lines)


def _rate(p: Phase, n: float) -> float:
    return n / p.seconds if p.seconds else 0.0


def _compare(label: str, a: float, b: float, fmt: str = "{:.1f}") -> str:
    return f"| {label} | {fmt.format(a)} | {fmt.format(b)} | {_change(a, b)} |"


def _header(info: dict, seconds: float) -> list[str]:
    return [
        "# Load test",
        "",
        "Produced by `make load` (`python -m bench.load`); method in `docs/performance.md`.",
        f"{info['date']}, {info['cores']} cores ({info['cpu']}), Python {info['python']}, "
        f"{seconds:.0f} s per phase, settings `{info['settings']}`; load average before: "
        f"{info['load_before']}"
        + (f", after: {info['load_after']}" if info.get("load_after") else "")
        + " (the 1-minute figure counts every other process on the machine).",
        "",
        f"Setup: {info.get('web', 'gunicorn')} and Celery "
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
        f"The same {CLIENTS} clients also call only `GET /api/v1/ping/` for as long (the "
        f"yardstick of the mixed load's ratio), in slices of {seconds / SLICES:.0f} s taken in "
        "turn with the phase's own (ping, mixed, mixed, ping, ...), so that a machine whose "
        "speed drifts slows both alike.",
        "",
    ]


def _summary(one: Phase, two: Phase, ping: Phase | None) -> list[str]:
    lines = [
        "## Summary",
        "",
        f"| | {one.name} | {two.name} | change |",
        "|---|---|---|---|",
        _compare("requests/s (all types)", _rate(one, one.requests), _rate(two, two.requests)),
        _compare("live actions resolved/s", _rate(one, one.resolved), _rate(two, two.resolved)),
    ]
    for q in (50, 95, 99):
        a, b = percentile(one.resolve_times, q), percentile(two.resolve_times, q)
        lines.append(_compare(f"submit → resolved p{q} (ms)", a * 1000, b * 1000, "{:.0f}"))
    if ping is not None and ping.requests:
        # Each mixed phase against the ping-only slices interleaved with it (bench/load.py).
        base = {p.name: p.yardstick or _rate(ping, ping.requests) for p in (one, two)}
        lines += [
            f"| requests/s, the same {CLIENTS} clients on ping only, in slices between the "
            f"phase's own | {base[one.name]:.1f} | {base[two.name]:.1f} | "
            f"{_change(base[one.name], base[two.name])} |",
            f"| **mixed ÷ ping-only requests/s** "
            f"| **{_rate(one, one.requests) / base[one.name]:.2f}** "
            f"| **{_rate(two, two.requests) / base[two.name]:.2f}** | |",
        ]
    lines += [
        _compare(
            "gunicorn CPU per request (ms, /proc)",
            _cpu_ms_per(one, "gunicorn", one.requests),
            _cpu_ms_per(two, "gunicorn", two.requests),
        ),
        _compare(
            "Celery CPU per resolved action (ms, /proc)",
            _cpu_ms_per(one, "Celery", one.resolved + one.rejected),
            _cpu_ms_per(two, "Celery", two.resolved + two.rejected),
        ),
        _compare(
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
    ]
    return lines


def _per_type(phases: list[Phase]) -> list[str]:
    lines = [
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
                f"{_rate(p, len(values)):.1f} | {_ms(median(values))} | "
                f"{_ms(percentile(values, 95))} | {_ms(percentile(values, 99))} | "
                f"{p.errors.get(kind, 0)} |"
            )
    return lines


def _cpu(phases: list[Phase], one: Phase, two: Phase) -> list[str]:
    lines = []
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
    return lines


def _invariants_and_errors(phases: list[Phase], checks: list) -> list[str]:
    lines = []
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
    return lines

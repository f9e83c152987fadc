"""``make bench``: run every benchmark and write bench/RESULTS.md (one table, ratios first).

Engines and league-night pairing (bench/bench_pairing.py) need nothing. The roster and live
benchmarks start their own gunicorn and Celery
worker on their own PostgreSQL database and Redis queue (bench/stack.py) and stop them at the
end; without PostgreSQL or Redis those rows and the standings' say "skipped: <why>".
The standings benchmark (bench/bench_standings.py, when present) runs in a child process
with a fresh database of its own.

Environment: BENCH_QUICK=1 shortens every measurement (a smoke run, not figures to keep).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
import traceback
from pathlib import Path

from bench import bench_engines
from bench.common import BENCH_DIR, ROOT, Row, machine_info, skipped
from bench.stack import Stack, services_problem

RESULTS = BENCH_DIR / "RESULTS.md"
STANDINGS = BENCH_DIR / "bench_standings.py"
STANDINGS_TIMEOUT = 600
QUICK = os.environ.get("BENCH_QUICK", "") not in ("", "0", "false")


def _failed(figure: str, exc: BaseException) -> Row:
    traceback.print_exc()
    return Row(
        figure=figure,
        ratio=f"failed: {exc.__class__.__name__}: {str(exc)[:200]}",
        method="see the console output of make bench",
        data={"failed": str(exc)},
    )


def engine_rows() -> list[Row]:
    try:
        counts = {"actions": 200, "time_budget": 2.0} if QUICK else {}
        return bench_engines.main(**counts)["rows"]
    except Exception as exc:
        return [_failed("engine actions per second", exc)]


def pairing_rows() -> list[Row]:
    from bench import bench_pairing

    try:
        return bench_pairing.main(quick=QUICK)["rows"]
    except Exception as exc:
        return [_failed("league-night pairing", exc)]


LIVE_FIGURE = "live action submit → resolved vs no-op Celery task round trip"
STANDINGS_FIGURE = "standings vs plain SQL aggregate"


def service_rows() -> list[Row]:
    """Roster, live, push and notification rows, on one stack: PostgreSQL + Redis."""
    from bench import bench_live, bench_roster

    rows: list[Row] = []
    rounds, seconds, samples = (
        (1, 1.0, 15) if QUICK else (bench_roster.ROUNDS, bench_roster.SECONDS, bench_live.SAMPLES)
    )
    with Stack(name="bench") as stack:
        stack.configure_django()
        try:
            gangs, token = bench_roster.seed()
            measured = {
                name: bench_roster.measure(
                    stack,
                    gangs=gangs,
                    token=token,
                    variant=variant,
                    rounds=rounds,
                    seconds=seconds,
                )
                for name, variant in bench_roster.VARIANTS.items()
            }
            rows += bench_roster.size_rows(measured["shipped"], measured["built"])
            rows.append(bench_roster.renderer_row(measured["drf-json"], measured["shipped"]))
            rows.append(bench_roster.worker_row(measured["gthread"], measured["shipped"]))
            for row in rows:
                print(row.markdown(), flush=True)
        except Exception as exc:
            rows.append(_failed("roster read vs bare DRF ping", exc))
        try:
            rows.append(bench_live.row(bench_live.measure(stack, samples=samples)))
            print(rows[-1].markdown(), flush=True)
        except Exception as exc:
            rows.append(_failed(LIVE_FIGURE, exc))
        rows.append(push_row(stack, samples))
        rows += notify_rows(stack, samples)
    return rows


def notify_rows(stack: Stack, samples: int) -> list[Row]:
    """Event → email and event → webhook (bench/bench_notify.py); it stops the earlier
    workers of the stack, so it runs last on it."""
    from bench import bench_notify

    figures = [bench_notify.EMAIL_FIGURE, bench_notify.WEBHOOK_FIGURE]
    try:
        made = bench_notify.rows(
            bench_notify.measure(stack, samples=min(samples, bench_notify.SAMPLES))
        )
    except Exception as exc:
        return [_failed(f, exc) for f in figures]
    for row in made:
        print(row.markdown(), flush=True)
    return made


def push_row(stack: Stack, samples: int) -> Row:
    from bench import bench_push

    figure = bench_push.FIGURE
    try:
        row = bench_push.row(bench_push.measure(stack, samples=min(samples, bench_push.SAMPLES)))
        print(row.markdown(), flush=True)
        return row
    except Exception as exc:
        return _failed(figure, exc)


def standings_rows(environ: dict[str, str]) -> list[Row]:
    """One row per season size (bench_standings returns ``rows``), or the one row of
    ``standings_row``'s older forms."""
    row = standings_row(environ)
    listed = row.data.get("rows") if isinstance(row.data, dict) else None
    if not listed:
        return [row]
    return [
        Row(
            figure=str(r["figure"]),
            ratio=str(r["ratio"]),
            method=str(r.get("method", "")),
            absolute=str(r.get("absolute", "")),
            data=r.get("data", {}),
        )
        for r in listed
    ]


def standings_row(environ: dict[str, str]) -> Row:
    figure = STANDINGS_FIGURE
    if not STANDINGS.exists():
        return skipped(figure, "bench/bench_standings.py is not there yet")
    try:
        # Tasks in-process: that benchmark is about queries and has no worker. Not migrated:
        # its main() builds a test database of its own next to the one named here.
        with Stack(name="standings", broker=False, migrate=False) as stack:
            return _run_standings(figure, stack.child_env(environ))
    except Exception as exc:
        return _failed(figure, exc)


# The child sets Django up on the database made for it, then calls main() and hands back the
# dict it returns. main() may also set things up itself: django.setup() twice is harmless.
_CHILD = """
import json, sys
import django
django.setup()
from bench import bench_standings
result = bench_standings.main()
sys.stdout.flush()
with open(sys.argv[1], "w") as out:
    json.dump(result, out, default=str)
"""


def _run_standings(figure: str, env: dict[str, str]) -> Row:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "standings.json"
        done = subprocess.run(
            [sys.executable, "-c", _CHILD, str(out)],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=STANDINGS_TIMEOUT,
        )
        sys.stdout.write(done.stdout)
        sys.stderr.write(done.stderr[-4000:])
        if done.returncode != 0:
            last = (done.stderr.strip().splitlines() or ["no output"])[-1]
            return Row(figure=figure, ratio=f"failed: {last[:200]}", method="bench_standings")
        result = json.loads(out.read_text()) if out.exists() else {}
    return _standings_from(figure, result, done.stdout)


def _standings_from(figure: str, result: dict, printed: str) -> Row:
    """Its own row: the dict's figure/ratio/method/absolute keys if it has them, else the
    markdown row it printed, else the dict's values."""
    result = result if isinstance(result, dict) else {"result": result}
    if result.get("rows"):
        return Row(figure=figure, ratio="see rows", method="bench_standings", data=result)
    if {"figure", "ratio"} <= set(result):
        return Row(
            figure=str(result["figure"]),
            ratio=str(result["ratio"]),
            method=str(result.get("method", "")),
            absolute=str(result.get("absolute", "")),
            data=result,
        )
    lines = [ln.strip() for ln in printed.splitlines() if ln.strip().startswith("|")]
    cells = [c.strip() for c in lines[-1].strip("|").split("|")] if lines else []
    if len(cells) == 4:
        return Row(*cells, data=result)
    ratio = result.get("ratio")
    ratio_text = f"{ratio:.2f}×" if isinstance(ratio, int | float) else str(ratio or "—")
    rest = ", ".join(f"{k} {_short(v)}" for k, v in result.items() if k not in ("ratio",))
    method = " / ".join(cells) if cells else "bench/bench_standings.py"
    return Row(figure=figure, ratio=ratio_text, method=method, absolute=rest, data=result)


def _short(value) -> str:
    return f"{value:.4g}" if isinstance(value, float) else str(value)[:80]


def write(rows: list[Row], info: dict[str, str], seconds: float) -> str:
    lines = [
        "# Benchmark results",
        "",
        "Produced by `make bench` (`python -m bench`); methods in `docs/performance.md`. Ratios",
        "compare two things measured the same way on the same machine at the same time; the",
        "absolute numbers are for reference only (2 shared cores: they move from run to run).",
        "",
        "| figure | ratio | how it was measured | absolute (reference) |",
        "|---|---|---|---|",
        *[r.markdown() for r in rows],
        "",
        "## Machine",
        "",
        f"- date: {info['date']}",
        f"- cores: {info['cores']} ({info['cpu']})",
        f"- python: {info['python']} on {info['platform']}",
        f"- load average before / after: {info['load_before']} / {info['load_after']}",
        f"- run time: {seconds:.0f} s{' (BENCH_QUICK: smoke run)' if QUICK else ''}",
        "",
    ]
    text = "\n".join(lines)
    RESULTS.write_text(text)
    return text


def _load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> int:
    started = time.monotonic()
    environ = dict(os.environ)  # before a stack points this process at its database
    info = machine_info()
    info["load_before"] = _load()
    rows = engine_rows()
    rows += pairing_rows()
    problem = services_problem()
    if problem:  # PostgreSQL is the only database: no service row without it
        print(f"PostgreSQL/Redis: {problem}; the service and standings rows are skipped")
        rows += [skipped(f, problem) for f in ("roster, live, push and notify", STANDINGS_FIGURE)]
    else:
        try:
            rows += service_rows()
        except Exception as exc:  # the stack itself could not start
            rows.append(_failed("roster and live benchmarks", exc))
        rows += standings_rows(environ)
    info["load_after"] = _load()
    print(write(rows, info, time.monotonic() - started))
    print(f"wrote {RESULTS.relative_to(ROOT)}")
    return 1 if any(r.ratio.startswith("failed") for r in rows) else 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:  # Ctrl-C or SIGTERM: the stack has stopped what it started
        print("\ninterrupted: every process started was stopped, its database dropped")
        sys.exit(130)

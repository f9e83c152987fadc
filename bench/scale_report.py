"""``make bench-scale``: the scale benchmarks in one run, their table in bench/SCALE.md.

Each benchmark runs as a process of its own (each sets Django up for its own stack) and
prints its row; this collects the rows, with the machine's description, into SCALE.md.
Sizes come from the environment (defaults: the issue's): POSSE_SCALE_STREAMS="100,1000,3000",
POSSE_SCALE_MATCHES="10,100,1000", POSSE_SCALE_FAILOVER_SECONDS=60. ``--smoke`` runs small
sizes only, to check the harness works, and says so at the top of the file.
"""

from __future__ import annotations

import os
import subprocess
import sys

from bench.common import BENCH_DIR, ROOT, machine_info

SMOKE = {"streams": "50", "matches": "5", "seconds": "20", "samples": "4", "window": "10"}
FULL = {"streams": "100,1000,3000", "matches": "10,100,1000", "seconds": "60"}
FULL.update(samples="10", window="30")
HEADER = "| figure | ratio | method | absolute (this machine) |\n|---|---|---|---|"


def sizes(smoke: bool) -> dict[str, str]:
    if smoke:
        return dict(SMOKE)
    chosen = dict(FULL)
    for key, var in [
        ("streams", "POSSE_SCALE_STREAMS"),
        ("matches", "POSSE_SCALE_MATCHES"),
        ("seconds", "POSSE_SCALE_FAILOVER_SECONDS"),
    ]:
        chosen[key] = os.environ.get(var, chosen[key])
    return chosen


def commands(chosen: dict[str, str]) -> list[tuple[str, list[str]]]:
    py = [sys.executable, "-m"]
    return [
        (
            "spectators",
            [
                *py,
                "bench.scale_spectators",
                *chosen["streams"].split(","),
                "--samples",
                chosen["samples"],
            ],
        ),
        (
            "growth",
            [
                *py,
                "bench.scale_growth",
                *chosen["matches"].split(","),
                "--window",
                chosen["window"],
            ],
        ),
        ("failover", [*py, "bench.scale_failover", chosen["seconds"]]),
    ]


def last_row(output: str) -> str | None:
    """The row a benchmark printed: its last line that is a table row."""
    rows = [line for line in output.splitlines() if line.startswith("| ")]
    return rows[-1] if rows else None


def render(rows: list[str], machine: dict[str, str], *, smoke: bool, chosen: dict) -> str:
    lines = ["# Posse at scale (`make bench-scale`)", ""]
    if smoke:
        lines += [
            "**Smoke figures**: the harness run at small sizes on a shared, busy machine to "
            "check that it works (streams "
            f"{chosen['streams']}, matches {chosen['matches']}, failover {chosen['seconds']} s). "
            "They say nothing about scale: regenerate this table with `make bench-scale` on "
            "a quiet machine.",
            "",
        ]
    lines += [
        "Figures are ratios measured in one run; the absolute numbers are this machine's.",
        "Machine: "
        + ", ".join(f"{key} {value}" for key, value in machine.items())
        + f". Sizes: streams {chosen['streams']}, matches {chosen['matches']}, "
        f"failover {chosen['seconds']} s.",
        "",
        HEADER,
        *rows,
        "",
        "How to read it, and what to run where: docs/deploy.md.",
        "",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    smoke = "--smoke" in args
    chosen = sizes(smoke)
    rows, failed = [], []
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    for name, argv_ in commands(chosen):
        if name == "failover" and os.geteuid() != 0:
            rows.append(f"| failover | skipped: needs root (network namespaces) | {name} | |")
            continue
        done = subprocess.run(argv_, cwd=ROOT, env=env, capture_output=True, text=True)
        sys.stderr.write(done.stderr[-3000:])
        row = last_row(done.stdout)
        rows.append(row or f"| {name} | failed (exit {done.returncode}) | | |")
        if done.returncode:
            failed.append(name)
    text = render(rows, machine_info(), smoke=smoke, chosen=chosen)
    (BENCH_DIR / "SCALE.md").write_text(text)
    print(text)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())

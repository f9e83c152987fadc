"""Where the machine's CPU went during a phase (Linux /proc): this process (the load client),
our gunicorn and Celery process groups, PostgreSQL (all its backends: other databases too),
and everything else. On a shared two-core machine a throughput figure means little without it."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

TICK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


@dataclass
class Snapshot:
    busy: float  # seconds of CPU used on the whole machine
    parts: dict[str, float]  # seconds of CPU per part


def _machine_busy() -> float:
    fields = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = fields[3] + (fields[4] if len(fields) > 4 else 0)  # idle + iowait
    return (sum(fields[:8]) - idle) / TICK


def _processes():
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            raw = (entry / "stat").read_text()
        except OSError:
            continue
        comm = raw[raw.index("(") + 1 : raw.rindex(")")]
        rest = raw[raw.rindex(")") + 2 :].split()
        # After the command: state ppid pgrp ... utime stime cutime cstime (12th to 15th).
        # cutime/cstime count exited children: PostgreSQL backends that served one request.
        yield comm, int(rest[2]), sum(int(x) for x in rest[11:15]) / TICK


def snapshot(groups: dict[str, set[int]]) -> Snapshot | None:
    """``groups`` maps a label to process-group ids; None where /proc is not there."""
    try:
        busy = _machine_busy()
    except (OSError, ValueError, IndexError):
        return None
    parts = dict.fromkeys(groups, 0.0)
    parts["PostgreSQL (whole server)"] = 0.0
    for comm, pgrp, seconds in _processes():
        if comm.startswith("postgres"):
            parts["PostgreSQL (whole server)"] += seconds
            continue
        for label, ids in groups.items():
            if pgrp in ids:
                parts[label] += seconds
    times = os.times()
    parts["load client"] = times.user + times.system
    return Snapshot(busy=busy, parts=parts)


def shares(before: Snapshot | None, after: Snapshot | None, seconds: float) -> dict[str, float]:
    """Percent of the machine's cores used by each part between two snapshots, plus "machine"
    (all of it) and "everything else" (other work, Redis, the kernel...)."""
    if not before or not after or seconds <= 0:
        return {}
    capacity = seconds * (os.cpu_count() or 1) / 100
    result = {
        label: max(0.0, after.parts[label] - before.parts.get(label, 0.0)) / capacity
        for label in after.parts
    }
    ours = sum(result.values())
    result["machine"] = (after.busy - before.busy) / capacity
    result["everything else"] = max(0.0, result["machine"] - ours)
    return result

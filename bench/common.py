"""Small helpers shared by the benchmarks and the load test: statistics, machine facts, rows."""

from __future__ import annotations

import os
import platform
import statistics
import sys
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BENCH_DIR = ROOT / "bench"


@dataclass
class Row:
    """One line of bench/RESULTS.md: a figure, the ratio that carries it, how it was measured,
    and the absolute numbers behind it (for reference: they depend on the machine)."""

    figure: str
    ratio: str
    method: str
    absolute: str = ""
    data: dict = field(default_factory=dict)

    def markdown(self) -> str:
        cells = [self.figure, self.ratio, self.method, self.absolute]
        return "| " + " | ".join(c.replace("|", "/").replace("\n", " ") for c in cells) + " |"


def skipped(figure: str, why: str, method: str = "") -> Row:
    return Row(figure=figure, ratio=f"skipped: {why}", method=method, data={"skipped": why})


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile (0-100) by linear interpolation between closest ranks."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    if len(ordered) == 1:
        return ordered[0]
    rank = (len(ordered) - 1) * q / 100
    low = int(rank)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (rank - low)


def median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


def machine_info() -> dict[str, str]:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return {
        "date": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "cores": str(os.cpu_count()),
        "cpu": cpu,
        "python": sys.version.split()[0],
        "platform": platform.platform(terse=True),
    }

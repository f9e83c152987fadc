"""What one phase of ``make load`` records: the clients (bench/load_clients.py) write into it,
the report (bench/load_report.py) reads it."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field


@dataclass
class Phase:
    name: str
    workers: int
    kind: str = "mixed"  # or "ping": the same clients on the bare endpoint only
    seconds: float = 0.0
    latencies: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    errors: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    error_samples: list[str] = field(default_factory=list)
    resolve_times: list[float] = field(default_factory=list)
    resolved: int = 0
    rejected: int = 0
    games_finished: int = 0
    cpu: dict[str, float] = field(default_factory=dict)  # percent of the machine, by part
    # the web server's thread CPU seconds per request, by "METHOD route" (its own log)
    server_cpu: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    # a mixed phase: the ping-only requests/s of the slices interleaved with its own
    yardstick: float = 0.0

    def add(self, other: Phase) -> None:
        """``other``'s records counted in this phase too (a slice of it, or of its kind)."""
        seconds = self.seconds + other.seconds
        if seconds:
            self.cpu = {
                part: (self.cpu.get(part, 0.0) * self.seconds + share * other.seconds) / seconds
                for part, share in other.cpu.items()
            }
        self.seconds = seconds
        for kind, values in other.latencies.items():
            self.latencies[kind] += values
        for kind, count in other.errors.items():
            self.errors[kind] += count
        self.error_samples += other.error_samples[: max(0, 10 - len(self.error_samples))]
        self.resolve_times += other.resolve_times
        self.resolved += other.resolved
        self.rejected += other.rejected
        self.games_finished += other.games_finished
        for route, values in other.server_cpu.items():
            self.server_cpu[route] += values

    def error(self, kind: str, what: str) -> None:
        self.errors[kind] += 1
        if len(self.error_samples) < 10:
            self.error_samples.append(f"{kind}: {what}")

    @property
    def requests(self) -> int:
        return sum(len(v) for v in self.latencies.values())

    @property
    def error_count(self) -> int:
        return sum(self.errors.values())

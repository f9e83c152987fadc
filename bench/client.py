"""A small closed-loop HTTP client: N connections send GETs back to back for a fixed time."""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field

import httpx


@dataclass
class Burst:
    path: str
    requests: int = 0
    errors: int = 0
    seconds: float = 0.0
    latencies: list[float] = field(default_factory=list)

    @property
    def rps(self) -> float:
        return self.requests / self.seconds if self.seconds else 0.0


async def _burst(base: str, path: str, headers: dict, concurrency: int, seconds: float) -> Burst:
    result = Burst(path=path)
    limits = httpx.Limits(max_connections=concurrency, max_keepalive_connections=concurrency)
    async with httpx.AsyncClient(base_url=base, headers=headers, limits=limits) as client:
        deadline = time.perf_counter() + seconds

        async def loop():
            while time.perf_counter() < deadline:
                start = time.perf_counter()
                try:
                    reply = await client.get(path, timeout=30)
                    ok = reply.status_code == 200
                except httpx.HTTPError:
                    ok = False
                result.latencies.append(time.perf_counter() - start)
                result.requests += 1
                result.errors += not ok

        started = time.perf_counter()
        await asyncio.gather(*(loop() for _ in range(concurrency)))
        result.seconds = time.perf_counter() - started
    return result


def burst(base: str, path: str, *, headers: dict, concurrency: int, seconds: float) -> Burst:
    return asyncio.run(_burst(base, path, headers, concurrency, seconds))

"""League-night pairing (leagues/pairing.py): how the cost of pairing a round grows with the
field. Pure Python, no database: a seeded event is played for three rounds (random results),
then its fourth round is paired again and again; the median time is the figure.

Rows: a Swiss round of 1,024 players against one of 64 (16× the players; a linear cost is
16×, the blossom algorithm over the whole field would be ~4,000×), 256 for the curve between,
and pods of 1,024 (Last One Standing, 2 to 8 a table) against the Swiss round of 1,024.
"""

from __future__ import annotations

import random
import statistics
import time

from bench.common import Row
from leagues.pairing import Player, pair_round

SIZES = (64, 256, 1024)
PLAYED_ROUNDS = 3


def field(players: int, *, max_size: int, seed: int = 35) -> list[Player]:
    """The standings before round 4 of a seeded event of ``players``."""
    rng = random.Random(seed)
    points = dict.fromkeys(range(1, players + 1), 0)
    met: dict[int, set[int]] = {p: set() for p in points}
    byes = dict.fromkeys(points, 0)
    for _ in range(PLAYED_ROUNDS):
        paired = pair_round(_standing(points, met, byes, rng), min_size=2, max_size=max_size)
        for p in paired.byes:
            byes[p] += 1
            points[p] += 3
        for table in paired.tables:
            for p in table:
                met[p].update(q for q in table if q != p)
            for place, p in enumerate(rng.sample(table, len(table))):
                points[p] += max(0, 3 - place)
    return _standing(points, met, byes, rng)


def _standing(points, met, byes, rng) -> list[Player]:
    order = sorted(points, key=lambda p: (-points[p], rng.random()))
    return [Player(p, points[p], byes[p], frozenset(met[p])) for p in order]


def measure(players: int, *, max_size: int, repeats: int) -> float:
    """The median seconds to pair round 4 of ``players``."""
    standing = field(players, max_size=max_size)
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        pair_round(standing, min_size=2, max_size=max_size)
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def rows(*, quick: bool = False) -> list[Row]:
    repeats = 1 if quick else 5
    swiss = {n: measure(n, max_size=2, repeats=repeats) for n in SIZES}
    pods = measure(1024, max_size=8, repeats=repeats)
    ms = {n: f"{n}: {t * 1000:.0f} ms" for n, t in swiss.items()}
    method = f"leagues/pairing.py, round 4 of a seeded event (3 rounds played), median of {repeats}"
    return [
        Row(
            figure="Swiss pairing of 1,024 players vs 64 (16× the players)",
            ratio=f"{swiss[1024] / swiss[64]:.1f}×",
            method=method + "; 256 players: " + f"{swiss[256] / swiss[64]:.1f}× the 64",
            absolute=", ".join(ms.values()),
            data={"swiss_seconds": swiss},
        ),
        Row(
            figure="pods of 1,024 players (2-8 a table) vs a Swiss round of 1,024",
            ratio=f"{pods / swiss[1024]:.2f}×",
            method=method,
            absolute=f"pods {pods * 1000:.0f} ms, Swiss {swiss[1024] * 1000:.0f} ms",
            data={"pods_seconds": pods},
        ),
    ]


def main(*, quick: bool = False) -> dict:
    out = rows(quick=quick)
    for row in out:
        print(row.markdown(), flush=True)
    return {"rows": out}


if __name__ == "__main__":
    main()

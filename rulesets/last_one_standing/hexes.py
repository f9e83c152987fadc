"""Axial hex coordinates (pointy-top) for the island's hexes.

A hex is kept in the state as the string ``"q,r"`` because JSON object keys must be strings.
Everything here is pure geometry and cached: line of sight asks the same questions again and
again during a game.
"""

from __future__ import annotations

import math
from functools import lru_cache

# E, NE, NW, W, SW, SE: a tile design lists its ring of hexes in this order.
DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
_NUDGE = (1e-6, 2e-6, -3e-6)


def key(q: int, r: int) -> str:
    return f"{q},{r}"


def from_action(value: object) -> str | None:
    """The hex an action names as ``[q, r]``, or None when it is not two whole numbers."""
    if (
        isinstance(value, list)
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        return key(value[0], value[1])
    return None


@lru_cache(maxsize=4096)
def coords(hex_key: str) -> tuple[int, int]:
    q, r = hex_key.split(",")
    return int(q), int(r)


@lru_cache(maxsize=4096)
def neighbours(hex_key: str) -> tuple[str, ...]:
    q, r = coords(hex_key)
    return tuple(key(q + dq, r + dr) for dq, dr in DIRECTIONS)


@lru_cache(maxsize=65536)
def distance(a: str, b: str) -> int:
    q1, r1 = coords(a)
    q2, r2 = coords(b)
    dq, dr = q1 - q2, r1 - r2
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def rotate(q: int, r: int) -> tuple[int, int]:
    """Turn a hex vector 60 degrees about the origin."""
    return -r, q + r


def pixel(q: float, r: float) -> tuple[float, float]:
    """Centre of a hex in the plane (hex size 1): used for island sides, never for rules."""
    return math.sqrt(3) * (q + r / 2), 1.5 * r


def _cube_round(x: float, y: float, z: float) -> tuple[int, int]:
    rx, ry, rz = round(x), round(y), round(z)
    dx, dy, dz = abs(rx - x), abs(ry - y), abs(rz - z)
    if dx > dy and dx > dz:
        rx = -ry - rz
    elif dy > dz:
        ry = -rx - rz
    return rx, rz  # axial q = cube x, axial r = cube z


@lru_cache(maxsize=65536)
def lines(a: str, b: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The hexes a straight line from centre to centre crosses, nudged to either side.

    When the line runs exactly along the edge between two hexes it touches both; the two
    nudged lines take one side each, so "half or more visible" means one of them is clear.
    """
    q1, r1 = coords(a)
    q2, r2 = coords(b)
    n = distance(a, b)
    out = []
    for sign in (1, -1):
        ex, ey, ez = (sign * e for e in _NUDGE)
        ax, ay, az = q1 + ex, -q1 - r1 + ey, r1 + ez
        bx, by, bz = q2 + ex, -q2 - r2 + ey, r2 + ez
        path = []
        for i in range(n + 1):
            t = i / n if n else 0.0
            q, r = _cube_round(ax + (bx - ax) * t, ay + (by - ay) * t, az + (bz - az) * t)
            path.append(key(q, r))
        out.append(tuple(path))
    return out[0], out[1]

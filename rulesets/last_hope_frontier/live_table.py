"""The table in live play: bases, positions, deployment zones, base contact and ranges.

The seed plays on "a 2 x 2 board" with distances in playing cards (movement.py). The server
cannot see the table, so every model has a position in inches (``{"x": .., "y": ..}`` from the
corner of the board where the first seat sits) and the server measures from those.
Decisions (docs/rules/last-hope-frontier.md, "Live play"):

- every model stands on a round base one inch across (``BASE_RADIUS`` 0.5", a 25 mm base);
- two bases may not overlap (centres at least one base diameter apart);
- bases are **in base contact** when their edges are at most ``CONTACT_TOLERANCE`` (a quarter
  of an inch) apart: coordinates typed by a player are never exact, and a quarter inch is
  what a hand-placed model wobbles by. In contact the distance between them counts as 0
  (range 0), so a derringer fires and a shotgun does not;
- the deployment zone of each side is the strip within one card length of its own board
  edge: the first seat along ``y = 0``, the second along ``y = 24``.
"""

from __future__ import annotations

from rulesets.last_hope_frontier.movement import (
    BOARD_SIZE,
    CARD_LENGTH,
    EPSILON,
    distance,
    gap,
    short_measure,
)

BASE_RADIUS = 0.5
CONTACT_TOLERANCE = 0.25
ZONE_DEPTH = CARD_LENGTH  # deployment: within one card length of your own board edge
MAX_JUMP = BOARD_SIZE  # the tallest drop a player may declare, in inches


def xy(position: dict) -> tuple[float, float]:
    """A state position ``{"x": .., "y": ..}`` as the ``(x, y)`` pair movement.py measures."""
    return (position["x"], position["y"])


def board_bounds() -> dict:
    """Where a base's centre may stand so that the whole base is on the board."""
    span = {"min": BASE_RADIUS, "max": BOARD_SIZE - BASE_RADIUS}
    return {"x": dict(span), "y": dict(span)}


def zone_bounds(seat_index: int) -> dict:
    """Where a base's centre may be set up: wholly inside that side's deployment strip."""
    if seat_index == 0:
        y = {"min": BASE_RADIUS, "max": ZONE_DEPTH - BASE_RADIUS}
    else:
        y = {"min": BOARD_SIZE - ZONE_DEPTH + BASE_RADIUS, "max": BOARD_SIZE - BASE_RADIUS}
    return {"x": {"min": BASE_RADIUS, "max": BOARD_SIZE - BASE_RADIUS}, "y": y}


def reach_bounds(start: dict, reach: float) -> dict:
    """The board box a move of at most ``reach`` inches from ``start`` can end in (a hint;
    the server still checks the distance itself)."""
    board = board_bounds()
    return {
        axis: {
            "min": round(max(board[axis]["min"], start[axis] - reach), 3),
            "max": round(min(board[axis]["max"], start[axis] + reach), 3),
        }
        for axis in ("x", "y")
    }


def range_between(a: dict, b: dict) -> float:
    """Edge-to-edge distance between two models' bases; 0 when they are in base contact."""
    if in_contact(a, b):
        return 0.0
    return gap(xy(a), BASE_RADIUS, xy(b), BASE_RADIUS)


def in_contact(a: dict, b: dict) -> bool:
    """Base contact: the edges are at most ``CONTACT_TOLERANCE`` apart."""
    return gap(xy(a), BASE_RADIUS, xy(b), BASE_RADIUS) <= CONTACT_TOLERANCE + EPSILON


def overlaps(position: dict, others: list[dict]) -> bool:
    """The base at ``position`` would stand on another model's base."""
    return any(distance(xy(position), xy(o)) < 2 * BASE_RADIUS - EPSILON for o in others)


def contact_point(mover: dict, target: dict) -> dict:
    """The spot on the line between two centres where the mover's base touches the target's
    (a hundredth of an inch apart, rounded to a thousandth, so rounding never overlaps)."""
    length = distance(xy(mover), xy(target))
    if length < EPSILON:
        ux, uy = 0.0, -1.0
    else:
        ux, uy = (mover["x"] - target["x"]) / length, (mover["y"] - target["y"]) / length
    reach = 2 * BASE_RADIUS + 0.01
    return {"x": round(target["x"] + ux * reach, 3), "y": round(target["y"] + uy * reach, 3)}


def spot(position: dict) -> str:
    """A position as a player reads it: "(10.5, 3)"."""
    return f"({short_measure(position['x'])}, {short_measure(position['y'])})"

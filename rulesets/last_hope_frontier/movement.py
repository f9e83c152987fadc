"""Movement and distance: card lengths, the 2 x 2 foot board, obstacles, climbing and falls.

All distances are inches (a playing card is 3.5 x 2.5 inches; the board is 2 x 2 feet =
24 x 24 inches). Positions are ``[x, y]`` pairs in inches measured from one corner of the
board, which keeps them plain JSON. A move is measured "from same point on model of base",
i.e. centre to centre; the distance between two models (ranges, base contact, blasts) is
measured between the nearest edges of their round bases.

Floats: measurements are compared with a tolerance of a millionth of an inch (``EPSILON``)
so that the noise of ``math.hypot`` never turns a move of exactly one card length illegal.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from rulesets.core.errors import IllegalAction
from rulesets.last_hope_frontier.catalogue import catalogue
from rulesets.last_hope_frontier.stats import BASE_MOVEMENT_CARD_LENGTHS

CARD_LENGTH = 3.5
CARD_WIDTH = 2.5
BOARD_SIZE = 24.0  # "Played on a 2 x 2 board" (feet)
EPSILON = 1e-6

Position = Sequence[float]


def card_lengths(n: float) -> float:
    """``n`` card lengths in inches."""
    return n * CARD_LENGTH


def distance(a: Position, b: Position) -> float:
    """Centre-to-centre distance in inches."""
    return math.hypot(b[0] - a[0], b[1] - a[1])


def gap(a: Position, radius_a: float, b: Position, radius_b: float) -> float:
    """Edge-to-edge distance between two round bases (0 when they touch or overlap)."""
    return max(0.0, distance(a, b) - radius_a - radius_b)


def in_base_contact(a: Position, radius_a: float, b: Position, radius_b: float) -> bool:
    return gap(a, radius_a, b, radius_b) <= EPSILON


def wholly_within(
    position: Position, base_radius: float, *, left: float, bottom: float, right: float, top: float
) -> bool:
    """The whole base lies inside the rectangle (the board, or a terrain piece's top)."""
    x, y = position[0], position[1]
    return (
        x - base_radius >= left - EPSILON
        and x + base_radius <= right + EPSILON
        and y - base_radius >= bottom - EPSILON
        and y + base_radius <= top + EPSILON
    )


def wholly_on_board(position: Position, base_radius: float) -> bool:
    """The whole base is on the board (if not, "the movement ... can't be completed")."""
    return wholly_within(
        position, base_radius, left=0.0, bottom=0.0, right=BOARD_SIZE, top=BOARD_SIZE
    )


def move_allowance(*, mounted: bool = False, over_obstacle: bool = False) -> float:
    """How far a model may move this move, in inches.

    "Movement of models on foot is up to and including the entire length of a playing card";
    a horse: "movement becomes 2 cards length"; "move a model over terrain such as a
    fence/wall/obstacle, movement is reduced to width of a playing card" — mounted or not
    (decision: the obstacle limit caps the whole move, a horse jumps the fence and stops).
    """
    if over_obstacle:
        return CARD_WIDTH
    lengths = BASE_MOVEMENT_CARD_LENGTHS
    if mounted:
        lengths = catalogue().entry("horse").movement_card_lengths
    return card_lengths(lengths)


def check_move(
    start: Position,
    end: Position,
    *,
    base_radius: float,
    mounted: bool = False,
    over_obstacle: bool = False,
) -> None:
    """Raise ``IllegalAction`` if the move is too long or does not end wholly on the board."""
    allowance = move_allowance(mounted=mounted, over_obstacle=over_obstacle)
    moved = distance(start, end)
    if moved > allowance + EPSILON:
        what = "over an obstacle " if over_obstacle else ""
        raise IllegalAction(
            f"A move {what}may be at most {allowance:g} inches; this one is {moved:.2f} inches."
        )
    if not wholly_on_board(end, base_radius):
        raise IllegalAction("The model must end its move wholly on the board.")


def can_climb(height: float) -> bool:
    """Rule: "Vertical/climbing movement limit is length of playing card"."""
    _non_negative(height, "height")
    return height <= CARD_LENGTH + EPSILON


def check_climb(*, horizontal: float, height: float) -> None:
    """A climbing move: at most one card length up, and the whole path within one card length.

    "If a model can't get to desired higher location in a move of a length of a playing card,
    a model cannot reach the intended destination." Decision: the climb is part of the move
    and measured on foot (a rider climbs without the horse), so ground covered plus height
    climbed must fit in one card length.
    """
    _non_negative(horizontal, "horizontal")
    if not can_climb(height):
        raise IllegalAction(f"A model can climb at most {CARD_LENGTH:g} inches in one move.")
    if horizontal + height > CARD_LENGTH + EPSILON:
        raise IllegalAction(
            f"The model cannot reach that height this move: {horizontal + height:.2f} inches "
            f"of movement, at most {CARD_LENGTH:g}."
        )


def fall_damage(height: float) -> int:
    """Unsoakable damage for a fall or jump of ``height`` inches.

    "one unsoakable damage is taken for each additional length of playing card ... between
    the length of 0 and 1 additional card lengths = 1 unsoakable damage, between 1 and 2 card
    lengths = 2": extra = height - one card length; 0 < extra ≤ 1 card → 1, 1 < extra ≤ 2 → 2.
    """
    _non_negative(height, "height")
    extra = height - CARD_LENGTH
    if extra <= EPSILON:
        return 0
    return math.ceil((extra - EPSILON) / CARD_LENGTH)


def _non_negative(value: float, name: str) -> None:
    if not math.isfinite(value) or value < 0:
        raise ValueError(f"{name} must be a finite distance of 0 inches or more.")


def short_measure(value: float) -> str:
    """A measurement to a hundredth of an inch, without trailing zeros: 3.5, 10, 2.36."""
    return f"{value:.2f}".rstrip("0").rstrip(".")


def inches(value: float) -> str:
    """A distance as a player reads it: "3.5 inches", "1 inch"."""
    text = short_measure(value)
    return f"{text} inch" if text == "1" else f"{text} inches"

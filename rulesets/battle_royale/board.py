"""The island: square tiles on a grid, holes where no tile lies, warriors counted per colour.

Positions are ``[x, y]`` in actions (x = column from the west, y = row from the north) and
``"x,y"`` strings as board keys, because JSON object keys must be strings. A board key exists
only for a tile; a hole is a grid place without a key. Warriors of one colour on one tile are
interchangeable, so a tile is just ``{colour: count}``.
"""

from __future__ import annotations

from functools import cache

DIRECTIONS = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
COLOURS = ("red", "blue", "green", "yellow")
NEUTRAL = "grey"
WARRIORS_PER_PLAYER = 22


def key(x: int, y: int) -> str:
    return f"{x},{y}"


def pos(tile: str) -> tuple[int, int]:
    x, y = tile.split(",")
    return int(x), int(y)


def label(tile: str) -> str:
    x, y = pos(tile)
    return f"({x},{y})"


def in_grid(state: dict, x: int, y: int) -> bool:
    width, height = state["size"]
    return 0 <= x < width and 0 <= y < height


def neighbour(tile: str, direction: str) -> tuple[int, int]:
    x, y = pos(tile)
    dx, dy = DIRECTIONS[direction]
    return x + dx, y + dy


@cache
def grid_neighbours(width: int, height: int) -> dict[str, tuple[tuple[str, str], ...]]:
    """For every place of the platform, its (direction, place) neighbours inside the grid."""
    table = {}
    for y in range(height):
        for x in range(width):
            table[key(x, y)] = tuple(
                (d, key(x + dx, y + dy))
                for d, (dx, dy) in DIRECTIONS.items()
                if 0 <= x + dx < width and 0 <= y + dy < height
            )
    return table


def is_tile(state: dict, tile: str) -> bool:
    return tile in state["board"]


def count(state: dict, tile: str, colour: str) -> int:
    return state["board"].get(tile, {}).get(colour, 0)


def total(state: dict, tile: str) -> int:
    return sum(state["board"].get(tile, {}).values())


def add(state: dict, tile: str, colour: str, n: int = 1) -> None:
    warriors = state["board"][tile]
    warriors[colour] = warriors.get(colour, 0) + n


def remove(state: dict, tile: str, colour: str, n: int = 1) -> None:
    """Take warriors off a tile; a colour with none left disappears from the tile."""
    warriors = state["board"][tile]
    left = warriors[colour] - n
    if left < 0:
        raise ValueError(f"no {colour} warrior to take from {tile}")
    if left:
        warriors[colour] = left
    else:
        del warriors[colour]


def on_island(state: dict, colour: str) -> int:
    return sum(w.get(colour, 0) for w in state["board"].values())


def colour_of(state: dict, seat: str) -> str:
    return state["colours"][seat]


def seat_of(state: dict, colour: str) -> str | None:
    for seat, own in state["colours"].items():
        if own == colour:
            return seat
    return None


def colour_order(state: dict) -> list[str]:
    """Every colour in play in a fixed order (players in seat order, then the neutrals)."""
    colours = [state["colours"][s] for s in state["seats"]]
    return colours + ([NEUTRAL] if state["neutral_start"] else [])


def capitalised(colour: str) -> str:
    return colour.capitalize()


def to_graveyard(state: dict, colour: str, n: int = 1) -> None:
    """Eliminated warriors belong to nobody's war spoils."""
    state["eliminated"][colour] = state["eliminated"].get(colour, 0) + n


def to_spoils(state: dict, seat: str, colour: str, n: int = 1) -> None:
    spoils = state["spoils"][seat]
    spoils[colour] = spoils.get(colour, 0) + n


def spoils_total(state: dict, seat: str) -> int:
    return sum(state["spoils"][seat].values())

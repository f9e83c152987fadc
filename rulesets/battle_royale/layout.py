"""Island layouts: the recommended first-game island, the full island, or one given as data."""

from __future__ import annotations

from rulesets.battle_royale import catalogue
from rulesets.battle_royale.board import WARRIORS_PER_PLAYER, key
from rulesets.core.errors import InvalidInput

MAX_SIDE = 9
FIELD = "options.layout"


def read_layout(value: object) -> tuple[str, list[str]]:
    """``"first_game"`` (default), ``"full"``, or ``{"rows": [...]}`` with '#', 'F' and '.'."""
    if value is None:
        value = "first_game"
    known = catalogue.layouts()
    if isinstance(value, str):
        if value not in known:
            names = ", ".join(sorted(known))
            raise InvalidInput(FIELD, f"Unknown layout '{value}'; choose {names} or give rows.")
        return value, list(known[value]["rows"])
    if isinstance(value, dict) and set(value) == {"rows"}:
        rows = value["rows"]
        check_rows(rows)
        return "custom", list(rows)
    raise InvalidInput(FIELD, "A layout is a name or an object {'rows': [...]} and nothing else.")


def check_rows(rows: object) -> None:
    """A custom island: a rectangle up to 9x9, one flag tile, at most 22 tiles, all of them
    orthogonally connected to the flag tile (others would sink before the first turn)."""
    if not isinstance(rows, list) or not rows or not all(isinstance(r, str) for r in rows):
        raise InvalidInput(FIELD, "rows must be a non-empty list of strings.")
    width = len(rows[0])
    if len(rows) > MAX_SIDE or not 0 < width <= MAX_SIDE or any(len(r) != width for r in rows):
        raise InvalidInput(FIELD, f"rows must form a rectangle of at most {MAX_SIDE}x{MAX_SIDE}.")
    if any(ch not in "#F." for row in rows for ch in row):
        raise InvalidInput(FIELD, "Use '#' for a tile, 'F' for the flag tile and '.' for a hole.")
    if sum(row.count("F") for row in rows) != 1:
        raise InvalidInput(FIELD, "The island needs exactly one flag tile 'F'.")
    tiles = tiles_of(rows)
    if not 2 <= len(tiles) <= WARRIORS_PER_PLAYER:
        raise InvalidInput(
            FIELD,
            f"The island needs 2 to {WARRIORS_PER_PLAYER} tiles, so that every player can put "
            "one warrior on every tile.",
        )
    if connected(tiles, flag_of(rows)) != set(tiles):
        raise InvalidInput(FIELD, "Every tile must be orthogonally connected to the flag tile.")


def tiles_of(rows: list[str]) -> list[str]:
    return [key(x, y) for y, row in enumerate(rows) for x, ch in enumerate(row) if ch in "#F"]


def flag_of(rows: list[str]) -> str:
    return next(key(x, y) for y, row in enumerate(rows) for x, ch in enumerate(row) if ch == "F")


def connected(tiles: list[str] | set[str], start: str) -> set[str]:
    """The tiles reachable from ``start`` by orthogonal steps over tiles."""
    land = set(tiles)
    seen = {start}
    todo = [start]
    while todo:
        x, y = map(int, todo.pop().split(","))
        for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            k = key(nx, ny)
            if k in land and k not in seen:
                seen.add(k)
                todo.append(k)
    return seen


def middle_nine(rows: list[str]) -> list[str]:
    """The nine middle tiles: the 3x3 block centred on the flag tile, holes left out."""
    fx, fy = map(int, flag_of(rows).split(","))
    land = set(tiles_of(rows))
    block = [key(fx + dx, fy + dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1)]
    return [k for k in block if k in land]

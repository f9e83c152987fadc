"""The circle of territory cards: "Arrange the territory cards clockwise in a circle, using
cards number 1 through 4 times the number of players." Numbers grow clockwise."""

from __future__ import annotations

from rulesets.le_dernier_peuple.catalogue import DRAW_SYMBOLS


def territory_count(players: int) -> int:
    """ "Using cards number 1 through '4 times the number of players'"."""
    return 4 * players


def clockwise(territory: int, steps: int, count: int) -> int:
    """Move ``steps`` spaces clockwise (negative: counter-clockwise) around the circle."""
    return (territory - 1 + steps) % count + 1


def neighbours(territory: int, count: int) -> tuple[int, int]:
    """The territory counter-clockwise of this one and the one clockwise of it."""
    return clockwise(territory, -1, count), clockwise(territory, 1, count)


def has_draw_symbol(state: dict, territory: int) -> bool:
    """ "A player's meeple lands on a territory card showing a Draw symbol (for example,
    territory card No. 4)": the designed symbols are on 4, 8, 12, 16 and 20."""
    return territory in DRAW_SYMBOLS and territory <= state["territories"]


def draw_symbols_in_play(state: dict) -> list[int]:
    return sorted(t for t in DRAW_SYMBOLS if t <= state["territories"])

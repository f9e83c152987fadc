"""The eliminator: the launcher under the island. 'You may move the eliminator, diagonally too.'

Decision: moving it means one place in any of the eight directions (two with the Demolisher
talent), to any place of the platform: under a tile, the flag tile or a hole. It must move:
a 'move the eliminator' result that leaves it in place would be no result at all.
"""

from __future__ import annotations

from rulesets.battle_royale import talents
from rulesets.battle_royale.board import capitalised, colour_of, in_grid, key, label, pos


def ask_to_move(state: dict, why: str) -> None:
    """The active player owes a ``move_eliminator`` decision."""
    seat = state["turn"]["seat"]
    state["pending"] = {
        "kind": "eliminator",
        "range": talents.effect(state, seat, "eliminator_range", 1),
        "why": why,
    }


def targets(state: dict) -> list[list[int]]:
    """Where the eliminator may go: one place around it, diagonals too (two: Demolisher)."""
    reach = state["pending"]["range"]
    x0, y0 = pos(state["eliminator"])
    return [
        [x, y]
        for y in range(y0 - reach, y0 + reach + 1)
        for x in range(x0 - reach, x0 + reach + 1)
        if (x, y) != (x0, y0) and in_grid(state, x, y)
    ]


def move(state: dict, to: list[int], events: list) -> None:
    """'You may move the eliminator': it goes to the chosen place."""
    state["pending"] = None
    before = state["eliminator"]
    state["eliminator"] = key(*to)
    seat = state["turn"]["seat"]
    events.append(
        {
            "type": "eliminator_moved",
            "from": before,
            "to": state["eliminator"],
            "text": f"{capitalised(colour_of(state, seat))} moves the eliminator from "
            f"{label(before)} to {label(state['eliminator'])}.",
        }
    )

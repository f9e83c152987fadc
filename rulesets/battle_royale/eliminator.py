"""The eliminator: the launcher under the island. 'You may move the eliminator, diagonally too.'

Decision: moving it means one place in any of the eight directions (two with the Demolisher
talent), to any place of the platform: under a tile, the flag tile or a hole. 'May': the
active player may also leave it where it is (the action names its own place), except when an
explosion under a hole or the flag tile 'must be moved instead' (house rule
``eliminator_must_move``: it always moves).
"""

from __future__ import annotations

from rulesets.battle_royale import messages as say
from rulesets.battle_royale import talents
from rulesets.battle_royale.board import capitalised, colour_of, in_grid, key, label, pos
from rulesets.battle_royale.house_rules import ELIMINATOR_MUST_MOVE
from rulesets.core.house_rules import house_rule_on
from rulesets.core.messages import said


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
        if ((x, y) != (x0, y0) or may_stay(state)) and in_grid(state, x, y)
    ]


def may_stay(state: dict) -> bool:
    """'You may move the eliminator'; 'the eliminator must be moved instead of the explosion'."""
    return state["pending"]["why"] != "explosion" and not house_rule_on(state, ELIMINATOR_MUST_MOVE)


def move(state: dict, to: list[int], events: list) -> None:
    """'You may move the eliminator': it goes to the chosen place."""
    state["pending"] = None
    before = state["eliminator"]
    state["eliminator"] = key(*to)
    seat = state["turn"]["seat"]
    if state["eliminator"] == before:
        who = capitalised(colour_of(state, seat))
        text = f"{who} leaves the eliminator under {label(before)}."
        events.append(
            {
                "type": "eliminator_stays",
                "at": before,
                "text": text,
                **said(
                    "eliminator_stays",
                    colour=say.colour(colour_of(state, seat), capital=True),
                    at=label(before),
                ),
            }
        )
        return
    events.append(
        {
            "type": "eliminator_moved",
            "from": before,
            "to": state["eliminator"],
            "text": f"{capitalised(colour_of(state, seat))} moves the eliminator from "
            f"{label(before)} to {label(state['eliminator'])}.",
            **said(
                "eliminator_moved",
                colour=say.colour(colour_of(state, seat), capital=True),
                **{"from": label(before), "to": label(state["eliminator"])},
            ),
        }
    )

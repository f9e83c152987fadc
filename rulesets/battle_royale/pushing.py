"""Pushing: 'If a warrior ends on a full tile, the active player must push another warrior off
that tile, in the same direction. If a warrior would end up in a hole, it goes to the active
player's war spoils.'

Decisions (docs/rules/battle-royale.md):
- A tile is over-full when it holds more than the capacity (5 with 2-3 players, 6 with 4).
- The active player picks the colour of the warrior pushed (``choose_push``); the warrior
  that just arrived is never the one pushed. With one possible colour it happens by itself.
- A pushed warrior ends on the next tile in the same direction and may push in turn (chains).
- Into a hole: the active player's war spoils, the active player's own warriors too, as the
  text says (house rule ``own_warriors_eliminated``: one's own are eliminated instead). Off
  the island (outside the platform): eliminated, nobody's spoils.
- When the active player pushes one of their own warriors, one that has not moved yet this
  turn goes if there is one, so a push never lets a warrior move twice.
"""

from __future__ import annotations

from rulesets.battle_royale import messages as say
from rulesets.battle_royale import talents
from rulesets.battle_royale.board import (
    add,
    capitalised,
    colour_of,
    colour_order,
    count,
    in_grid,
    is_tile,
    key,
    label,
    neighbour,
    remove,
    seat_of,
    to_graveyard,
    to_spoils,
    total,
)
from rulesets.battle_royale.house_rules import OWN_WARRIORS_ELIMINATED
from rulesets.core.house_rules import house_rule_on
from rulesets.core.messages import said


def capacity(players: int) -> int:
    """'5 in a game of two or three players, 6 with four players.'"""
    return 6 if players >= 4 else 5


def options(state: dict, tile: str, arrived: str) -> list[str]:
    """The colours the active player may push off ``tile`` (never the warrior that arrived).
    A Stubborn player's warriors are only pushed by others when nothing else can be."""
    choices = [
        c for c in colour_order(state) if count(state, tile, c) - (1 if c == arrived else 0) >= 1
    ]
    stubborn = talents.holder(state, "push_protected")
    active = state["turn"]["seat"]
    if stubborn is not None and stubborn != active:
        others = [c for c in choices if c != colour_of(state, stubborn)]
        choices = others or choices
    return choices


def arrive(state: dict, tile: str, direction: str, arrived: str, spent: bool, events) -> None:
    """A warrior of colour ``arrived`` ended on ``tile``; push while the tile is over-full."""
    while tile is not None and total(state, tile) > state["capacity"]:
        choices = options(state, tile, arrived)
        if len(choices) > 1:
            state["pending"] = {
                "kind": "push",
                "tile": tile,
                "direction": direction,
                "arrived": arrived,
                "arrived_spent": spent,
                "options": choices,
            }
            return
        tile, arrived, spent = push_off(state, tile, direction, choices[0], arrived, spent, events)


def choose(state: dict, colour: str, events: list) -> None:
    """The active player's answer to a pending push; the chain then goes on."""
    pending = state["pending"]
    state["pending"] = None
    tile, direction = pending["tile"], pending["direction"]
    nxt, pushed, spent = push_off(
        state, tile, direction, colour, pending["arrived"], pending["arrived_spent"], events
    )
    arrive(state, nxt, direction, pushed, spent, events)


def push_off(state, tile, direction, colour, arrived, arrived_spent, events):
    """Push one ``colour`` warrior off ``tile``; return (tile it landed on or None, colour,
    whether it had moved this turn)."""
    spent = _pushed_is_spent(state, tile, colour, arrived, arrived_spent)
    remove(state, tile, colour)
    x, y = neighbour(tile, direction)
    target = key(x, y)
    active = state["turn"]["seat"]
    who = capitalised(colour)
    if is_tile(state, target):
        add(state, target, colour)
        if spent:
            state["turn"]["spent"][target] = state["turn"]["spent"].get(target, 0) + 1
        text = f"A {colour} warrior is pushed from {label(tile)} to {label(target)}."
        _event(events, "pushed", colour, tile, target, text, "pushed")
        return target, colour, spent
    own = colour == colour_of(state, active)
    if in_grid(state, x, y):
        if own and house_rule_on(state, OWN_WARRIORS_ELIMINATED):
            to_graveyard(state, colour)
            text = f"{who}'s own warrior is pushed into the hole at {label(target)}: eliminated."
            code = "pushed_own_into_hole"
        else:
            to_spoils(state, active, colour)
            text = (
                f"A {colour} warrior is pushed into the hole at {label(target)} and goes to "
                f"{capitalised(colour_of(state, active))}'s war spoils."
            )
            code = "pushed_into_hole"
        _event(events, "pushed_into_hole", colour, tile, target, text, code, active=state)
    else:
        if not own and talents.effect(state, active, "keeps_pushed_off_island", False):
            to_spoils(state, active, colour)
            text = f"A {colour} warrior is pushed off the island; the Hoarder keeps it as spoils."
            code = "pushed_off_kept"
        else:
            to_graveyard(state, colour)
            text = f"A {colour} warrior is pushed off the island from {label(tile)}: eliminated."
            code = "pushed_off_island"
        _event(events, "pushed_off_island", colour, tile, target, text, code)
    return None, colour, spent


def _pushed_is_spent(state, tile, colour, arrived, arrived_spent) -> bool:
    """Of the active player's own warriors, push one that has not moved yet when possible."""
    turn = state["turn"]
    if seat_of(state, colour) != turn["seat"]:
        return False
    spent_here = turn["spent"].get(tile, 0)
    unmoved_others = count(state, tile, colour) - spent_here
    if arrived == colour and not arrived_spent:
        unmoved_others -= 1
    if unmoved_others >= 1:
        return False
    turn["spent"][tile] = spent_here - 1
    if not turn["spent"][tile]:
        del turn["spent"][tile]
    return True


def _event(events, kind, colour, tile, target, text, code, active=None) -> None:
    """The push as an event; ``active`` (the state) names whose war spoils take the warrior."""
    capital = code == "pushed_own_into_hole"
    params = {
        "colour": say.colour(colour, capital=capital),
        "from": label(tile),
        "to": label(target),
    }
    if active is not None:
        params["taker"] = say.colour(colour_of(active, active["turn"]["seat"]), capital=True)
    event = {"type": kind, "colour": colour, "from": tile, "to": target, "text": text}
    events.append({**event, **said(code, **params)})

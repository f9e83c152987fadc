"""A) Move: movement points, terrain costs, passing through players.

A Move is taken in small steps: ``{"type": "move"}`` starts it (spending one of the turn's two
actions), each ``{"type": "step", "hex": [q, r]}`` enters a neighbouring hex, and
``{"type": "end_move"}`` stops. A Move also stops by itself when no step is left.
"""

from __future__ import annotations

from rulesets.core.messages import said
from rulesets.last_one_standing import hexes
from rulesets.last_one_standing.character import has_ability, occupants
from rulesets.last_one_standing.island import TERRAIN


def entry_cost(state: dict, seat: str, hex_key: str) -> int | None:
    """Movement points to enter a hex, or None when the player may not enter it.

    "Forests and Deserts. 2 movement points are needed to cross." "Water - Cannot move through
    unless equipped with a Scuba Suit." "Wall - Cannot move through unless equipped with
    Climbing Gear." Removed (exploded) hexes are gone.
    """
    ground = state["terrain"].get(hex_key)
    if ground is None:
        return None
    rule = TERRAIN[ground]
    if rule["needs"] and not has_ability(state["players"][seat], rule["needs"]):
        return None
    return rule["cost"]


def can_finish_from(state: dict, seat: str, start: str, points: int, taken: dict) -> bool:
    """Whether a move standing on ``start`` with ``points`` left can still end on a free hex.

    "You may move through another player but cannot end your movement on a hex that is
    occupied": a step onto a player is only allowed when the move can go on to a free hex.
    """
    frontier = [(start, points)]
    best = {start: points}
    while frontier:
        here, left = frontier.pop()
        if here not in taken:
            return True
        for nxt in hexes.neighbours(here):
            cost = entry_cost(state, seat, nxt)
            if cost is not None and cost <= left and best.get(nxt, -1) < left - cost:
                best[nxt] = left - cost
                frontier.append((nxt, left - cost))
    return False


def step_options(state: dict, seat: str) -> list[str]:
    """The neighbouring hexes the moving player may step into now."""
    points = state["turn"]["move"]["points"]
    here = state["players"][seat]["hex"]
    taken = occupants(state, exclude=seat)
    out = []
    for nxt in hexes.neighbours(here):
        cost = entry_cost(state, seat, nxt)
        if cost is None or cost > points:
            continue
        if nxt in taken and not can_finish_from(state, seat, nxt, points - cost, taken):
            continue
        out.append(nxt)
    return out


def can_stop_here(state: dict, seat: str) -> bool:
    return state["players"][seat]["hex"] not in occupants(state, exclude=seat)


def step(state: dict, seat: str, hex_key: str, events: list) -> None:
    cost = entry_cost(state, seat, hex_key)
    state["turn"]["move"]["points"] -= cost
    state["turn"]["moved"] = True
    state["players"][seat]["hex"] = hex_key
    events.append(
        {
            "type": "step",
            "seat": seat,
            "hex": list(hexes.coords(hex_key)),
            "text": f"{seat} moves to {hex_key}.",
            **said("step", seat=seat, hex=hex_key),
        }
    )


def reachable(state: dict, seat: str, reach: int) -> list[str]:
    """Free hexes the player can get to within ``reach`` movement points (for secondary
    attacks that move, such as a Charge), passing through players as a Move does."""
    taken = occupants(state, exclude=seat)
    start = state["players"][seat]["hex"]
    best = {start: reach}
    frontier = [start]
    while frontier:
        here = frontier.pop()
        for nxt in hexes.neighbours(here):
            cost = entry_cost(state, seat, nxt)
            if (
                cost is not None
                and best[here] - cost >= 0
                and best.get(nxt, -1) < best[here] - cost
            ):
                best[nxt] = best[here] - cost
                frontier.append(nxt)
    return sorted((h for h in best if h not in taken), key=hexes.coords)


def reachable_next_to(state: dict, seat: str, target_hex: str, reach: int) -> list[str]:
    return [h for h in reachable(state, seat, reach) if hexes.distance(h, target_hex) == 1]

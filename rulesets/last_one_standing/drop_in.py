"""Drop-In: "Place your character onto any Plains space. You cannot start on a Loot Crate."

``{"type": "drop_in", "hex": [q, r]}``, one seat at a time in seat order ("Play will proceed
clockwise"). Drafting Deathmatch players drop in again the same way at the end of a round.
"""

from __future__ import annotations

from rulesets.core.errors import IllegalAction
from rulesets.core.messages import said
from rulesets.last_one_standing import hexes
from rulesets.last_one_standing.character import occupants
from rulesets.last_one_standing.island import TERRAIN


def drop_hexes(state: dict) -> list[str]:
    """Free Plains hexes without a crate. When the island has no such hex left (a late
    Deathmatch drop-in), any free hex one can stand on will do (the product's decision)."""
    taken = set(occupants(state)) | set(state["crates"])
    taken |= {p["body"] for p in state["players"].values() if p["body"]}
    free = [h for h, t in state["terrain"].items() if h not in taken]
    plains = [h for h in free if TERRAIN[state["terrain"][h]]["drop_in"]]
    spots = plains or [h for h in free if TERRAIN[state["terrain"][h]]["standable"]]
    return sorted(spots, key=hexes.coords)


def drop_actions(state: dict) -> list[dict]:
    return [{"type": "drop_in", "hex": list(hexes.coords(h))} for h in drop_hexes(state)]


def drop(state: dict, seat: str, action: dict, events: list) -> None:
    spot = hexes.from_action(action.get("hex")) if action["type"] == "drop_in" else None
    if spot not in drop_hexes(state):
        raise IllegalAction("Drop in on a free Plains hex that is not a loot crate.")
    player = state["players"][seat]
    player["hex"] = spot
    state["drop_queue"].pop(0)
    events.append(
        {
            "type": "drop_in",
            "seat": seat,
            "hex": action["hex"],
            "text": f"{seat} drops in at {spot}.",
            **said("drop_in", seat=seat, hex=spot),
        }
    )

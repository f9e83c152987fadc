"""The explosion: 'the eliminator is pushed. The launched tile is removed from the board;
warriors that fall into the box or off the board are eliminated and go to nobody's spoils.
Warriors that landed on another tile are stood up again.' And: 'If an explosion is rolled
while the eliminator is under a hole or under the flag tile, the eliminator must be moved
instead of the explosion.'

Digital landing rule (decision): each warrior on the launched tile flies, one by one, to one of
the eight places around it, chosen at random from the game's seeded dice. It stays in play
only if that place holds a tile with room left (below the capacity); otherwise (a hole, off
the platform, or a full tile) it falls into the box and is eliminated. Then tiles cut off from
the flag tile sink.
"""

from __future__ import annotations

from rulesets.battle_royale import eliminator, island
from rulesets.battle_royale.board import (
    add,
    colour_order,
    is_tile,
    key,
    label,
    pos,
    to_graveyard,
    total,
)
from rulesets.core.messages import said
from rulesets.core.rng import Rng

AROUND = [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)]


def explode(state: dict, rng: Rng, events: list) -> None:
    """Launch the tile above the eliminator, or ask for an eliminator move instead."""
    tile = state["eliminator"]
    if not is_tile(state, tile) or tile == state["flag"]:
        where = "the flag tile" if tile == state["flag"] else "a hole"
        events.append(
            {
                "type": "explosion_replaced",
                "text": f"Explosion! But the eliminator is under {where}: it must be moved "
                "instead.",
                **said("explosion_flag" if tile == state["flag"] else "explosion_hole"),
            }
        )
        eliminator.ask_to_move(state, "explosion")
        return
    warriors = state["board"].pop(tile)
    x0, y0 = pos(tile)
    landed: dict[str, int] = {}
    lost: dict[str, int] = {}
    for colour in colour_order(state):
        for _ in range(warriors.get(colour, 0)):
            dx, dy = AROUND[rng.randbelow(len(AROUND))]
            spot = key(x0 + dx, y0 + dy)
            if is_tile(state, spot) and total(state, spot) < state["capacity"]:
                add(state, spot, colour)
                landed[colour] = landed.get(colour, 0) + 1
            else:
                to_graveyard(state, colour)
                lost[colour] = lost.get(colour, 0) + 1
    events.append(
        {
            "type": "explosion",
            "tile": tile,
            "landed": landed,
            "eliminated": lost,
            "text": f"Explosion! Tile {label(tile)} is launched: {sum(landed.values())} "
            f"warrior(s) land on other tiles, {sum(lost.values())} fall into the box.",
            **said(
                "explosion",
                tile=label(tile),
                landed=said("warriors", n=sum(landed.values())),
                lost=said("warriors", n=sum(lost.values())),
            ),
        }
    )
    island.sink_disconnected(state, events)

"""Sinking: 'Every tile no longer orthogonally connected to the flag tile is removed from play,
together with the warriors on it.' Those warriors are eliminated (nobody's war spoils)."""

from __future__ import annotations

from rulesets.battle_royale.board import colour_order, label, to_graveyard
from rulesets.battle_royale.layout import connected
from rulesets.core.messages import said


def sink_disconnected(state: dict, events: list) -> None:
    """Remove every tile (and its warriors) no longer connected to the flag tile."""
    board = state["board"]
    keep = connected(list(board), state["flag"])
    gone = sorted((t for t in board if t not in keep), key=lambda t: tuple(map(int, t.split(","))))
    for tile in gone:
        warriors = board.pop(tile)
        for colour in colour_order(state):
            if warriors.get(colour):
                to_graveyard(state, colour, warriors[colour])
        events.append(
            {
                "type": "tile_sunk",
                "tile": tile,
                "warriors": {c: n for c, n in warriors.items() if n},
                "text": f"Tile {label(tile)} is cut off from the flag tile and sinks with "
                f"{sum(warriors.values())} warrior(s).",
                **said(
                    "tile_sunk",
                    tile=label(tile),
                    warriors=said("warriors", n=sum(warriors.values())),
                ),
            }
        )

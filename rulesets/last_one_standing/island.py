"""Build the Island: the Centre Tile plus 13 Land Tiles, each a 7-hex cluster (data/island.json).

Tiles sit on a lattice of tile positions ``(a, b)``; position ``(a, b)`` puts the tile's middle
hex at ``a * v0 + b * v1`` where ``v0`` is the tile vector and ``v1`` that vector turned by 60
degrees, so 7-hex clusters tile the plane without gaps. The six sides of the island are the six
directions from the Centre Tile to the inner ring of tiles (side 1 is ``(1, 0)``, counting
anticlockwise): the island explosion cards name them.
"""

from __future__ import annotations

import json
import math
from functools import lru_cache
from pathlib import Path

from rulesets.core.rng import Rng
from rulesets.last_one_standing import hexes

DATA = json.loads((Path(__file__).parent / "data" / "island.json").read_text())
TERRAIN: dict[str, dict] = DATA["terrain"]
CENTRE_ID = DATA["centre"]["id"]
LAND_TILES: dict[str, dict] = {t["id"]: t for t in DATA["land_tiles"]}
TILE_DESIGNS: dict[str, dict] = {CENTRE_ID: DATA["centre"], **LAND_TILES}
SIDE_DIRECTIONS = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))  # lattice, sides 1-6
CRATE_TERRAIN = ("plains", "forest", "desert")
LAND_TILES_PER_ISLAND = 13


def layout_name(player_count: int) -> str:
    """Rulebook: "For 2-5 players ... For 6-8 players, count out 13 Land Tiles and place them like
    this.\""""
    return "2-5" if player_count <= 5 else "6-8"


def tile_origin(a: int, b: int) -> tuple[int, int]:
    v0 = tuple(DATA["tile_vector"])
    v1 = hexes.rotate(*v0)
    return a * v0[0] + b * v1[0], a * v0[1] + b * v1[1]


def tile_hexes(a: int, b: int) -> list[str]:
    """The tile's 7 hexes, middle first then E, NE, NW, W, SW, SE (the design's order)."""
    q, r = tile_origin(a, b)
    return [hexes.key(q, r)] + [hexes.key(q + dq, r + dr) for dq, dr in hexes.DIRECTIONS]


def build_island(rng: Rng, player_count: int) -> tuple[dict, dict, list[str]]:
    """Rulebook: "Place the Center Tile in the middle... Shuffle the remaining Land Tiles and
    place them."

    Returns ``(terrain, tiles, crate_icons)``: terrain by hex, tiles by id (design, position,
    hexes) and the hexes that carry a loot-crate icon.
    """
    positions = [[0, 0]] + DATA["layouts"][layout_name(player_count)]["positions"]
    land = rng.shuffled(sorted(LAND_TILES))[:LAND_TILES_PER_ISLAND]
    terrain: dict[str, str] = {}
    tiles: dict[str, dict] = {}
    icons: list[str] = []
    for tile_id, (a, b) in zip([CENTRE_ID, *land], positions, strict=True):
        design = TILE_DESIGNS[tile_id]
        keys = tile_hexes(a, b)
        for index, (hex_key, ground) in enumerate(zip(keys, design["hexes"], strict=True)):
            terrain[hex_key] = ground
            if index in design["crates"]:
                icons.append(hex_key)
        tiles[tile_id] = {"name": design["name"], "position": [a, b], "hexes": keys}
    return terrain, tiles, icons


def _unit(side: int) -> tuple[float, float]:
    x, y = hexes.pixel(*tile_origin(*SIDE_DIRECTIONS[side - 1]))
    length = math.hypot(x, y)
    return x / length, y / length


def side_reach(position: list[int], side: int) -> float:
    """How far out a tile lies towards a side, in tile widths (inner ring = 1)."""
    return _side_reach(position[0], position[1], side)


@lru_cache(maxsize=1024)
def _side_reach(a: int, b: int, side: int) -> float:
    x, y = hexes.pixel(*tile_origin(a, b))
    ux, uy = _unit(side)
    spacing = math.hypot(*hexes.pixel(*tile_origin(1, 0)))
    return (x * ux + y * uy) / spacing


def land_on_side(tiles: dict, side: int) -> list[str]:
    """The land tiles that an explosion on ``side`` removes: the outermost layer on that side.

    "While the shape of the board may not always be a hexagon, use the closest indicated side."
    A tile is on a side when it lies at least 0.4 tile widths out that way; of those, the ones
    furthest out go first (round to 2 decimals so equal reaches compare equal).
    """
    reach = {
        tile_id: round(side_reach(t["position"], side), 2)
        for tile_id, t in tiles.items()
        if tile_id != CENTRE_ID
    }
    on_side = {t: d for t, d in reach.items() if d > 0.4}
    if not on_side:
        return []
    outermost = max(on_side.values())
    return sorted(t for t, d in on_side.items() if d == outermost)


def sides_with_land(tiles: dict) -> list[int]:
    return [side for side in range(1, 7) if land_on_side(tiles, side)]

"""Build the Island: tile designs, the two layouts, loot tokens, the six sides."""

import pytest

from rulesets.core.rng import Rng
from rulesets.last_one_standing import RULESET, hexes
from rulesets.last_one_standing.island import (
    CENTRE_ID,
    DATA,
    LAND_TILES,
    TERRAIN,
    build_island,
    land_on_side,
    sides_with_land,
)

SEATS = {n: [f"p{i}" for i in range(n)] for n in range(2, 9)}


def test_every_tile_design_is_seven_known_hexes_with_crates_only_where_one_can_stand():
    for design in [DATA["centre"], *DATA["land_tiles"]]:
        assert len(design["hexes"]) == 7
        assert set(design["hexes"]) <= set(TERRAIN)
        for index in design["crates"]:
            assert design["hexes"][index] in ("plains", "forest", "desert")
        # room to drop in: at least two plains hexes without a crate on every tile
        free_plains = [
            i for i, t in enumerate(design["hexes"]) if t == "plains" and i not in design["crates"]
        ]
        assert len(free_plains) >= 2


@pytest.mark.parametrize("players", range(2, 9))
def test_the_island_is_the_centre_tile_and_13_land_tiles_without_overlap(players):
    """Rulebook: "Place the Center Tile in the middle ... count out 13 Land Tiles and place
    them.\""""
    terrain, tiles, icons = build_island(Rng.from_seed(players), players)
    assert len(tiles) == 14 and CENTRE_ID in tiles
    assert tiles[CENTRE_ID]["position"] == [0, 0]
    assert len(terrain) == 14 * 7  # 7-hex tiles that never overlap
    # every tile touches another: the island is one piece
    seen, todo = set(), [tiles[CENTRE_ID]["hexes"][0]]
    while todo:
        here = todo.pop()
        if here in seen:
            continue
        seen.add(here)
        todo += [h for h in hexes.neighbours(here) if h in terrain]
    assert seen == set(terrain)
    assert all(terrain[h] in ("plains", "forest", "desert") for h in icons)


def test_layouts_differ_for_2_to_5_and_6_to_8_players():
    """Rulebook: "For 2-5 players ... For 6-8 players, count out 13 Land Tiles and place them like
    this.\""""
    small = {tuple(t["position"]) for t in build_island(Rng(1), 5)[1].values()}
    large = {tuple(t["position"]) for t in build_island(Rng(1), 6)[1].values()}
    assert small != large


def test_land_tiles_are_shuffled_and_13_of_the_16_designs_are_used():
    """Rulebook: "Shuffle the remaining Land Tiles and place them.\""""
    picks = {tuple(sorted(build_island(Rng.from_seed(s), 4)[1])) for s in range(10)}
    assert len(picks) > 1
    assert all(len(p) == 14 and set(p) - {CENTRE_ID} <= set(LAND_TILES) for p in picks)


@pytest.mark.parametrize("players", [2, 5, 6, 8])
def test_every_crate_can_be_reached_on_foot_from_the_centre(players):
    """Crates need no Scuba Suit or Climbing Gear (a design rule of the product's tiles)."""
    for seed in range(15):
        terrain, tiles, icons = build_island(Rng.from_seed(seed), players)
        walkable = {h for h, t in terrain.items() if TERRAIN[t]["needs"] is None}
        seen, todo = set(), [tiles[CENTRE_ID]["hexes"][0]]
        while todo:
            here = todo.pop()
            if here in seen:
                continue
            seen.add(here)
            todo += [h for h in hexes.neighbours(here) if h in walkable]
        assert set(icons) <= seen


def test_loot_tokens_lie_face_down_on_every_loot_crate_icon():
    """Rulebook: "Randomly place the Loot Crate Tokens face down onto all of the Loot Crate
    Icons.\""""
    state = RULESET.new_game(SEATS[4], {}, 3)
    _, _tiles, icons = build_island(Rng.from_seed(3), 4)
    assert set(state["crates"]) == set(icons)
    assert {c["kind"] for c in state["crates"].values()} == {"loot"}
    assert {c["value"] for c in state["crates"].values()} <= {1, 2, 3}


def test_each_of_the_six_sides_has_land_and_an_explosion_removes_the_outermost_layer():
    """Rulebook: "While the shape of the board may not always be a hexagon, use the closest
    indicated
    side.\""""
    for players in (4, 8):
        _, tiles, _ = build_island(Rng(7), players)
        assert sides_with_land(tiles) == [1, 2, 3, 4, 5, 6]
        for side in range(1, 7):
            removed = land_on_side(tiles, side)
            assert removed and CENTRE_ID not in removed
            # the removed tiles are further out that way than any tile left on that side
            rest = {t: v for t, v in tiles.items() if t not in removed}
            assert all(t not in land_on_side(rest, side) for t in removed)


def test_the_centre_tile_is_never_on_a_side():
    _, tiles, _ = build_island(Rng(1), 3)
    only_centre = {CENTRE_ID: tiles[CENTRE_ID]}
    assert sides_with_land(only_centre) == []


def test_any_two_tiles_side_by_side_leave_a_way_across_on_foot():
    """Design rule of the product's tiles: water and walls never cut the island in two."""
    from rulesets.last_one_standing.island import SIDE_DIRECTIONS, tile_hexes

    designs = [DATA["centre"], *DATA["land_tiles"]]
    for a in designs:
        for b in designs:
            for direction in SIDE_DIRECTIONS:
                mine = {
                    h
                    for h, t in zip(tile_hexes(0, 0), a["hexes"], strict=True)
                    if TERRAIN[t]["needs"] is None
                }
                theirs = {
                    h
                    for h, t in zip(tile_hexes(*direction), b["hexes"], strict=True)
                    if TERRAIN[t]["needs"] is None
                }
                assert any(n in theirs for h in mine for n in hexes.neighbours(h)), (
                    a["id"],
                    b["id"],
                )

"""Island Event track, Island Explosions and Supply Drops."""

from __future__ import annotations

from rulesets.core.errors import IllegalAction
from rulesets.core.messages import said
from rulesets.core.rng import Rng
from rulesets.last_one_standing import decks, hexes
from rulesets.last_one_standing.character import occupants, standing
from rulesets.last_one_standing.damage import deal_damage, drop_all_cards, eliminate
from rulesets.last_one_standing.island import (
    CENTRE_ID,
    CRATE_TERRAIN,
    DATA,
    TERRAIN,
    land_on_side,
    sides_with_land,
)

EXPLOSION_DAMAGE = DATA["explosion_damage"]
CENTRE = "centre"  # the marker once only the Centre Tile is left


SUPPLY_DISTANCE = 5  # "5 or more spaces away from you"


def place_token(state: dict, value: int, rng: Rng, events: list, seat: str | None = None) -> None:
    """Rulebook: "Every time you place a loot token onto the Island Event track, you must check to
    see
    if you cover an Explosion or Supply Drop. When you do you immediately perform that event."

    Past the last space of the track every token sets off an explosion (the product's
    decision: the island keeps shrinking once the track is full).
    """
    state["track"].append(value)
    space = len(state["track"])
    layout = DATA["event_tracks"][state["layout"]]
    event = layout[space - 1] if space <= len(layout) else "explosion"
    events.append(
        {
            "type": "event_track",
            **said(f"event_track_{event}" if event else "event_track", value=value, space=space),
            "space": space,
            "value": value,
            "event": event,
            "text": f"A loot token showing {value} goes on space {space} of the Island Event track"
            + (
                f": {'an Island Explosion' if event == 'explosion' else 'a Supply Drop'}!"
                if event
                else "."
            ),
        }
    )
    if event == "explosion":
        explode(state, rng, events)
    elif event == "supply":
        if seat is not None and state["players"][seat]["alive"] and state["players"][seat]["hex"]:
            open_supply_drop(state, seat, events)
        else:
            supply_drop(state, rng, events)


def mark_next_side(state: dict, rng: Rng, events: list) -> None:
    """Rulebook: "Flip over the next Island Explosion card and place the Island Explosion markers
    on the
    appropriate side." Cards naming a side with no land left are set aside and the next one is
    flipped; when only the Centre Tile is left, the markers go on it."""
    live = sides_with_land(state["tiles"])
    if not live:
        state["marked_side"] = CENTRE
        events.append(
            {
                "type": "marked",
                **said("marked_centre"),
                "side": CENTRE,
                "text": "Only the Centre Tile is left: the next explosion hits everyone.",
            }
        )
        return
    while True:
        side = decks.draw(state, "explosion", rng)
        state["decks"]["explosion_discard"].append(side)
        if side in live:
            break
    state["marked_side"] = side
    events.append(
        {
            "type": "marked",
            **said("marked", side=side),
            "side": side,
            "text": f"The Island Explosion markers go on side {side}.",
        }
    )


def explode(state: dict, rng: Rng, events: list) -> None:
    """Rulebook: "Remove the side of the map that was marked in the previous round and all of the
    loot
    tokens on those tiles. Any players remaining on the removed tiles take 5 damage and are
    placed on the next-closest tile to the Center tile. Flip over the next Island Explosion
    card." Once only the Centre Tile is left, every explosion deals 5 damage to every player."""
    state["last_explosion_round"] = state["round"]
    side = state["marked_side"]
    removed: list[str] = []
    removed_hexes: set[str] = set()
    if side == CENTRE:
        hit = standing(state)
        events.append(
            {
                "type": "explosion",
                **said("explosion_centre"),
                "side": CENTRE,
                "tiles": [],
                "text": "The Centre Tile shakes: every player takes 5 damage.",
            }
        )
    else:
        removed = land_on_side(state["tiles"], side)
        removed_hexes = {h for t in removed for h in state["tiles"][t]["hexes"]}
        hit = [s for s in standing(state) if state["players"][s]["hex"] in removed_hexes]
        events.append(
            {
                "type": "explosion",
                **said("explosion", side=side, tiles=list(removed)),
                "side": side,
                "tiles": removed,
                "text": f"Side {side} explodes: tile(s) {', '.join(removed)} are gone.",
            }
        )
    for seat in hit:
        deal_damage(state, seat, EXPLOSION_DAMAGE, events, armour=False)
        events.append(
            {
                "type": "damage",
                **said("damage_explosion", seat=seat, amount=EXPLOSION_DAMAGE),
                "seat": seat,
                "amount": EXPLOSION_DAMAGE,
                "health": state["players"][seat]["health"],
                "text": f"{seat} takes {EXPLOSION_DAMAGE} damage from the explosion.",
            }
        )
    eliminate(state, [s for s in hit if state["players"][s]["health"] == 0], None, events)
    if side != CENTRE:
        _remove_tiles(state, removed, removed_hexes)
        for seat in hit:
            if state["players"][seat]["alive"]:
                _relocate(state, seat, events)
    mark_next_side(state, rng, events)


def _remove_tiles(state: dict, removed: list[str], removed_hexes: set[str]) -> None:
    # New dicts, never edits: states share terrain and tiles until they change (engine._clone).
    state["tiles"] = {t: v for t, v in state["tiles"].items() if t not in removed}
    state["terrain"] = {h: t for h, t in state["terrain"].items() if h not in removed_hexes}
    for hex_key in removed_hexes:
        if hex_key in state["crates"]:
            state["removed_crates"] += 1  # face down: how many, never which value
            del state["crates"][hex_key]
    for seat in state["seats"]:
        player = state["players"][seat]
        if player["body"] in removed_hexes:  # a body blown away can no longer be revived
            player["body"] = None
            drop_all_cards(state, seat)


def _relocate(state: dict, seat: str, events: list) -> None:
    """Rulebook: "placed on the next-closest tile to the Center tile": the nearest free hex one
    can stand on that is strictly closer to the centre than where the player stood, ties going
    to the one nearer the centre. Only when no such hex is free, the nearest free hex at all."""
    old = state["players"][seat]["hex"]
    taken = set(occupants(state, exclude=seat)) | set(state["crates"]) | _bodies(state)
    centre = state["tiles"][CENTRE_ID]["hexes"][0]
    free = [h for h, t in state["terrain"].items() if TERRAIN[t]["standable"] and h not in taken]
    inwards = [h for h in free if hexes.distance(h, centre) < hexes.distance(old, centre)]
    free = inwards or free
    if not free:
        events.append(
            {
                "type": "no_ground",
                **said("no_ground", seat=seat),
                "seat": seat,
                "text": f"There is no ground left for {seat} to land on.",
            }
        )
        state["players"][seat]["health"] = 0
        eliminate(state, [seat], None, events)
        return
    new = min(
        free, key=lambda h: (hexes.distance(old, h), hexes.distance(h, centre), hexes.coords(h))
    )
    state["players"][seat]["hex"] = new
    events.append(
        {
            "type": "relocated",
            **said("relocated", seat=seat, hex=new),
            "seat": seat,
            "hex": list(hexes.coords(new)),
            "text": f"{seat} is thrown to {new}.",
        }
    )


def _bodies(state: dict) -> set[str]:
    return {p["body"] for p in state["players"].values() if p["body"]}


def open_supply_drop(state: dict, seat: str, events: list) -> None:
    """Rulebook: the supply drop card "OR Place a Supply Drop token onto any forest, plains or
    desert space that is 5 or more spaces away from you": the player whose token set it off
    chooses, at once, before anything else they drew is sorted."""
    state["pending"].insert(0, {"kind": "supply_drop", "seat": seat})
    events.append(
        {
            "type": "supply_drop_choice",
            **said("supply_drop_choice", seat=seat, distance=SUPPLY_DISTANCE),
            "seat": seat,
            "text": f"{seat} chooses: a supply drop card, or a crate placed {SUPPLY_DISTANCE} "
            "or more spaces away.",
        }
    )


def supply_spots(state: dict, seat: str) -> list[str]:
    """Free forest, plains or desert spaces 5 or more spaces away from the player."""
    here = state["players"][seat]["hex"]
    taken = set(occupants(state)) | set(state["crates"]) | _bodies(state)
    return sorted(
        (
            h
            for h, t in state["terrain"].items()
            if t in CRATE_TERRAIN and h not in taken and hexes.distance(here, h) >= SUPPLY_DISTANCE
        ),
        key=hexes.coords,
    )


def supply_drop_actions(state: dict, seat: str) -> list[dict]:
    spots = supply_spots(state, seat)
    places = [{"type": "supply_drop", "how": "place", "hex": list(hexes.coords(h))} for h in spots]
    # With nowhere to place it, choosing to place it loses the drop (a player may prefer
    # that to a card that could drop a crate next to a rival).
    return [
        {"type": "supply_drop", "how": "draw"},
        *(places or [{"type": "supply_drop", "how": "place"}]),
    ]


def apply_supply_drop(state: dict, seat: str, action: dict, rng: Rng, events: list) -> None:
    """``{"type": "supply_drop", "how": "draw"}``, ``{"type": "supply_drop", "how": "place",
    "hex": [q, r]}``, or, with no space to place it on, ``{..., "how": "place"}``: lost."""
    if action["type"] != "supply_drop" or action.get("how") not in ("draw", "place"):
        raise IllegalAction("Choose how the supply drop lands: draw a card, or place it.")
    if action["how"] == "draw":
        if "hex" in action:
            raise IllegalAction("A supply_drop action does not take 'hex' to draw a card.")
        state["pending"].pop(0)
        supply_drop(state, rng, events)
        return
    spots = supply_spots(state, seat)
    if not spots and "hex" not in action:
        state["pending"].pop(0)
        events.append(
            {
                "type": "supply_drop",
                **said("supply_drop_nowhere", seat=seat, distance=SUPPLY_DISTANCE),
                "tile": None,
                "hex": None,
                "text": f"{seat} finds no forest, plains or desert space {SUPPLY_DISTANCE} or "
                "more spaces away: the supply drop is lost.",
            }
        )
        return
    spot = hexes.from_action(action.get("hex"))
    if spot not in spots:
        raise IllegalAction(
            f"Place the supply drop on a free forest, plains or desert space "
            f"{SUPPLY_DISTANCE} or more spaces away from you."
        )
    state["pending"].pop(0)
    state["crates"][spot] = {"kind": "supply", "value": DATA["supply_crate_cards"]}
    tile = next((t for t, v in state["tiles"].items() if spot in v["hexes"]), None)
    events.append(
        {
            "type": "supply_drop",
            **said("supply_drop_placed", seat=seat, hex=spot),
            "tile": tile,
            "hex": list(hexes.coords(spot)),
            "text": f"{seat} places the supply drop at {spot}.",
        }
    )


def supply_drop(state: dict, rng: Rng, events: list) -> None:
    """Rulebook: "Flip over the top supply drop card and place a supply crate at random on the
    indicated
    tile. If the tile does not have a corresponding marker on the game board, continue drawing
    cards until the indicated tile is on the game board." A tile with no free plains, forest
    or desert hex counts as not on the board; after a whole deck without luck the drop is lost."""
    taken = set(occupants(state)) | set(state["crates"]) | _bodies(state)
    tries = len(state["decks"]["supply"]) + len(state["decks"]["supply_discard"])
    for _ in range(tries):
        tile_id = decks.draw(state, "supply", rng)
        state["decks"]["supply_discard"].append(tile_id)
        tile = state["tiles"].get(tile_id)
        spots = [
            h
            for h in (tile["hexes"] if tile else [])
            if state["terrain"].get(h) in CRATE_TERRAIN and h not in taken
        ]
        if spots:
            spot = rng.choice(spots)
            state["crates"][spot] = {"kind": "supply", "value": DATA["supply_crate_cards"]}
            events.append(
                {
                    "type": "supply_drop",
                    **said("supply_drop_lands", tile=tile_id, hex=spot),
                    "tile": tile_id,
                    "hex": list(hexes.coords(spot)),
                    "text": f"A supply crate lands on tile {tile_id} at {spot}.",
                }
            )
            return
    events.append(
        {
            "type": "supply_drop",
            **said("supply_drop_lost"),
            "tile": None,
            "hex": None,
            "text": "The supply drop finds nowhere to land and is lost.",
        }
    )


def bare_island(state: dict, rng: Rng, events: list) -> None:
    """The one departure the default game keeps (docs/rules/last-one-standing.md, "Every game
    ends"): in the text only a loot token placed on the Island Event track sets off an
    explosion, so once no crate is left the island would stop shrinking and two players who
    never meet would play for ever. At the end of a round with no crate left on the island,
    the marked side explodes. A Drafting Deathmatch ends with its rounds and needs none."""
    if not state["crates"] and state["options"]["mode"] != "deathmatch":
        events.append(
            {
                "type": "bare_island",
                **said("bare_island"),
                "text": "No crate is left to loot: the island explodes.",
            }
        )
        explode(state, rng, events)


def storm(state: dict, rng: Rng, events: list) -> None:
    """House rule ``storm``, the product's closing circle (not in the rulebook): when
    ``storm_rounds`` whole rounds pass without an Island Explosion, the island explodes at the
    end of the round, so a game always shrinks to its end even when nobody loots."""
    every = state["options"]["storm_rounds"]
    if every and state["round"] - state["last_explosion_round"] >= every:
        events.append(
            {
                "type": "storm",
                **said("storm", every=every),
                "text": f"{every} rounds without an explosion: the storm closes in.",
            }
        )
        explode(state, rng, events)

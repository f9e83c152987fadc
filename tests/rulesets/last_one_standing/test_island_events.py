"""Island Explosion, Supply Drop, the bare island and the storm (a house rule)."""

import pickle

import pytest

from rulesets.core.errors import IllegalAction
from rulesets.core.rng import Rng
from rulesets.last_one_standing import RULESET, hexes
from rulesets.last_one_standing.island import CENTRE_ID, land_on_side
from rulesets.last_one_standing.island_events import (
    CENTRE,
    bare_island,
    explode,
    storm,
    supply_drop,
)
from rulesets.last_one_standing.turns import end_round

from .helpers import act, arena, field, run, types


def dropped(n=3, seed=4, options=None):
    state = RULESET.new_game([f"p{i}" for i in range(n)], options or {}, seed)
    for seat in state["seats"]:
        state, _ = act(state, seat, RULESET.legal_actions(state, seat)[0])
    return state


def test_an_explosion_removes_the_marked_side_and_its_loot_tokens():
    """Rulebook: "Remove the side of the map that was marked in the previous round and all of the
    loot
    tokens on those tiles.\""""
    state = dropped()
    side = state["marked_side"]
    doomed = land_on_side(state["tiles"], side)
    doomed_hexes = {h for t in doomed for h in state["tiles"][t]["hexes"]}
    crates_there = [h for h in state["crates"] if h in doomed_hexes]
    events = []
    explode(state, Rng(5), events)
    assert not set(doomed) & set(state["tiles"])
    assert not doomed_hexes & set(state["terrain"])
    assert not doomed_hexes & set(state["crates"])
    assert state["removed_crates"] == len(crates_there)
    assert next(e for e in events if e["type"] == "explosion")["tiles"] == doomed


def test_players_on_removed_tiles_take_5_damage_and_land_on_the_nearest_tile_inwards():
    """Rulebook: "Any players remaining on the removed tiles take 5 damage and are placed on the
    next-closest tile to the Center tile.\""""
    state = dropped()
    side = state["marked_side"]
    doomed = land_on_side(state["tiles"], side)
    spot = state["tiles"][doomed[0]]["hexes"][0]
    state["crates"].pop(spot, None)
    state["players"]["p1"]["hex"] = spot
    centre = state["tiles"][CENTRE_ID]["hexes"][0]
    events = []
    explode(state, Rng(5), events)
    p1 = state["players"]["p1"]
    assert p1["health"] == 5 and p1["alive"]
    assert p1["hex"] in state["terrain"]
    # no free hex one can stand on, closer to the centre than p1 was, is nearer to where p1 was
    taken = {state["players"][s]["hex"] for s in state["seats"]} | set(state["crates"])
    nearest = min(
        hexes.distance(spot, h)
        for h, t in state["terrain"].items()
        if t in ("plains", "forest", "desert", "tower")
        and (h not in taken or h == p1["hex"])
        and hexes.distance(h, centre) < hexes.distance(spot, centre)
    )
    assert hexes.distance(spot, p1["hex"]) == nearest
    assert hexes.distance(p1["hex"], centre) < hexes.distance(spot, centre)
    assert "relocated" in types(events)


def test_a_player_thrown_off_an_exploding_tile_always_lands_strictly_closer_to_the_centre():
    """Rulebook: "Any players remaining on the removed tiles take 5 damage and are placed on the
    next-closest tile to the Center tile": from every hex one can stand on, on the tiles of
    the marked side, the player ends strictly closer to the Center Tile than where it stood."""
    relocations = 0
    for seed in range(4, 10):
        base = dropped(seed=seed)
        doomed = land_on_side(base["tiles"], base["marked_side"])
        centre = base["tiles"][CENTRE_ID]["hexes"][0]
        for spot in (h for t in doomed for h in base["tiles"][t]["hexes"]):
            if base["terrain"][spot] not in ("plains", "forest", "desert", "tower"):
                continue
            if spot in {base["players"][s]["hex"] for s in base["seats"]}:
                continue
            state = pickle.loads(pickle.dumps(base))
            state["crates"].pop(spot, None)
            state["players"]["p1"]["hex"] = spot
            explode(state, Rng(5), [])
            landed = state["players"]["p1"]["hex"]
            assert hexes.distance(landed, centre) < hexes.distance(spot, centre), (seed, spot)
            relocations += 1
    assert relocations > 30


def test_after_an_explosion_the_next_card_marks_a_side_that_still_has_land():
    """Rulebook: "Flip over the next Island Explosion card and place the Island Explosion markers
    on the
    appropriate side of the game map.\""""
    state = dropped()
    before = len(state["decks"]["explosion_discard"])
    events = []
    explode(state, Rng(5), events)
    assert len(state["decks"]["explosion_discard"]) > before
    assert land_on_side(state["tiles"], state["marked_side"])
    assert types(events)[-1] == "marked"


def test_the_island_shrinks_to_the_centre_and_then_every_explosion_hits_everyone():
    """Product decision: once only the Centre Tile is left, the markers go on it and each
    explosion deals 5 damage to every player."""
    state = dropped(n=2, seed=8)
    rng = Rng(3)
    for _ in range(20):
        if state["marked_side"] == CENTRE:
            break
        explode(state, rng, [])
    assert state["marked_side"] == CENTRE and list(state["tiles"]) == [CENTRE_ID]
    alive = [s for s in state["seats"] if state["players"][s]["alive"]]
    health = {s: state["players"][s]["health"] for s in alive}
    events = []
    explode(state, rng, events)
    for seat in alive:
        assert state["players"][seat]["health"] == max(0, health[seat] - 5)


def test_a_supply_drop_lands_at_random_on_the_tile_its_card_names_drawing_on_past_missing_tiles():
    """Rulebook: "Flip over the top supply drop card and place a supply crate at random on the
    indicated
    tile. If the tile does not have a corresponding marker on the game board, continue drawing
    cards until the indicated tile is on the game board.\""""
    state = dropped()
    missing = next(
        t
        for t in (
            "01",
            "02",
            "03",
            "04",
            "05",
            "06",
            "07",
            "08",
            "09",
            "10",
            "11",
            "12",
            "13",
            "14",
            "15",
            "16",
        )
        if t not in state["tiles"]
    )
    present = next(t for t in state["tiles"] if t != CENTRE_ID)
    state["decks"]["supply"] = [present, missing]  # the top card is the last one
    events = []
    supply_drop(state, Rng(2), events)
    drop = next(e for e in events if e["type"] == "supply_drop")
    assert drop["tile"] == present
    spot = hexes.key(*drop["hex"])
    assert spot in state["tiles"][present]["hexes"]
    assert state["crates"][spot] == {"kind": "supply", "value": 3}
    assert state["terrain"][spot] in ("plains", "forest", "desert")
    assert state["decks"]["supply_discard"][-2:] == [missing, present]


def test_by_default_there_is_no_storm_only_the_loot_tokens_explode_the_island():
    """The rulebook: "Every time you place a loot token onto the Island Event track, you much
    check to see if you cover an Explosion or Supply Drop." No storm: rounds without an
    explosion pass while crates are left on the island."""
    state = dropped()
    assert state["house_rules"] == [] and state["crates"]
    state["round"], state["last_explosion_round"] = 9, 0
    tiles = len(state["tiles"])
    state["turn_index"] = len(state["order"])
    events = []
    end_round(state, Rng(1), events)
    assert "storm" not in types(events) and "explosion" not in types(events)
    assert len(state["tiles"]) == tiles


def test_a_bare_island_explodes_at_the_end_of_every_round():
    """The one departure kept so that every game ends (docs/rules/last-one-standing.md):
    with no crate left, nothing in the text could set off an explosion any more."""
    state = dropped()
    state["crates"] = {}
    tiles = len(state["tiles"])
    events = []
    end_round(state, Rng(1), events)
    assert types(events)[:2] == ["bare_island", "explosion"]
    assert len(state["tiles"]) < tiles
    deathmatch = dropped(options={"mode": "deathmatch"})
    deathmatch["crates"] = {}
    events = []
    bare_island(deathmatch, Rng(1), events)
    assert events == []  # a Drafting Deathmatch ends with its rounds


def test_house_rule_storm_explodes_at_the_end_of_a_round_after_3_without_one():
    state = dropped(options={"house_rules": {"storm": True}})
    state["round"], state["last_explosion_round"] = 3, 0
    tiles = len(state["tiles"])
    events = []
    end_round(state, Rng(1), events)
    assert "storm" in types(events) and len(state["tiles"]) < tiles


def test_the_storm_explodes_the_island_after_rounds_without_an_explosion():
    """House rule ``storm`` (options.storm_rounds, default 3)."""
    state = dropped()
    state["round"], state["last_explosion_round"] = 3, 0
    tiles = len(state["tiles"])
    events = []
    storm(state, Rng(1), events)
    assert "storm" in types(events) and len(state["tiles"]) < tiles
    state["round"] = 4
    events = []
    storm(state, Rng(1), events)
    assert events == []  # an explosion just happened
    off = dropped(options={"storm_rounds": 0})
    off["round"] = 30
    storm(off, Rng(1), events)
    assert events == []


def test_the_event_track_depends_on_the_player_count_and_past_its_end_every_token_explodes():
    """Rulebook: "Place the Game Mat on the side for the indicated number of players." (The
    product's tracks: 16 spaces for 2-5 players, 20 for 6-8.)"""
    from rulesets.last_one_standing.island import DATA
    from rulesets.last_one_standing.island_events import place_token

    assert len(DATA["event_tracks"]["2-5"]) == 16 and len(DATA["event_tracks"]["6-8"]) == 20
    state = dropped(n=2)
    state["track"] = [1] * 16
    events = []
    place_token(state, 2, Rng(1), events)
    assert events[0]["space"] == 17 and "explosion" in types(events)


def _supply_game(**special):
    """Player a at 0,0 next to a loot crate at 1,0 whose token covers the first Supply Drop
    space of the Island Event track (space 3); b far away at -5,0."""
    state = arena(field(6, **special), {"a": (0, 0), "b": (-5, 0)})
    state["crates"][hexes.key(1, 0)] = {"kind": "loot", "value": 1}
    state["track"] = [1, 1]
    for seat in state["players"]:
        state["players"][seat]["turns_taken"] = 1
    return state


MOVE, END = {"type": "move"}, {"type": "end_move"}


def test_the_player_who_sets_off_a_supply_drop_may_place_it_5_or_more_spaces_away():
    """Rulebook: "Flip over the top supply drop card and place a supply crate at random on the
    indicated tile ... OR Place a Supply Drop token onto any forest, plains or desert space
    that is 5 or more spaces away from you.\""""
    state = _supply_game(m5_5="forest", m4_4="water")
    state, events = run(state, "a", MOVE, {"type": "step", "hex": [1, 0]}, END)
    assert state["pending"][0] == {"kind": "supply_drop", "seat": "a"}
    assert RULESET.to_move(state) == ["a"]
    choices = RULESET.legal_actions(state, "a")
    assert choices[0] == {"type": "supply_drop", "how": "draw"}
    spots = {tuple(c["hex"]) for c in choices[1:]}
    here = hexes.key(1, 0)
    assert all(c["how"] == "place" for c in choices[1:])
    assert spots == {
        hexes.coords(h)
        for h, t in state["terrain"].items()
        if t in ("plains", "forest", "desert")
        and hexes.distance(here, h) >= 5
        and h != hexes.key(-5, 0)  # b stands there
    }
    assert (-5, 5) in spots and (-4, 4) not in spots and (4, 0) not in spots
    with pytest.raises(IllegalAction):
        act(state, "a", {"type": "supply_drop", "how": "place", "hex": [4, 0]})  # 3 away
    placed, events = act(state, "a", {"type": "supply_drop", "how": "place", "hex": [-5, 5]})
    assert placed["crates"][hexes.key(-5, 5)] == {"kind": "supply", "value": 3}
    assert next(e for e in events if e["type"] == "supply_drop")["text"] == (
        "a places the supply drop at -5,5."
    )
    assert placed["pending"][0]["kind"] == "loot"  # then a equips what the crate held
    drawn, _ = act(state, "a", {"type": "supply_drop", "how": "draw"})
    assert sum(1 for c in drawn["crates"].values() if c["kind"] == "supply") == 1


def test_a_supply_drop_that_cannot_be_placed_5_spaces_away_is_lost():
    """Rulebook: "If you cannot place it, the Supply Drop is lost.\""""
    state = _supply_game()
    state["terrain"] = {h: t for h, t in state["terrain"].items() if hexes.distance(h, "0,0") < 4}
    state["tiles"]["C"]["hexes"] = sorted(state["terrain"])
    state["players"]["b"]["hex"] = hexes.key(-3, 0)
    state, _ = run(state, "a", MOVE, {"type": "step", "hex": [1, 0]}, END)
    assert RULESET.legal_actions(state, "a") == [
        {"type": "supply_drop", "how": "draw"},
        {"type": "supply_drop", "how": "place"},
    ]
    lost, events = act(state, "a", {"type": "supply_drop", "how": "place"})
    assert not any(c["kind"] == "supply" for c in lost["crates"].values())
    assert next(e for e in events if e["type"] == "supply_drop")["text"] == (
        "a finds no forest, plains or desert space 5 or more spaces away: the supply drop is lost."
    )


def test_a_player_who_resigns_instead_of_choosing_leaves_the_supply_drop_to_the_card():
    state = _supply_game()
    state, _ = run(state, "a", MOVE, {"type": "step", "hex": [1, 0]}, END)
    resigned = RULESET.resign(state, "a")
    assert any(c["kind"] == "supply" for c in resigned.state["crates"].values())

"""A) Move: the weight track, terrain, passing through players; two actions a turn."""

import pytest

from rulesets.core.errors import IllegalAction
from rulesets.last_one_standing import RULESET
from rulesets.last_one_standing.character import movement_points

from .helpers import act, arena, equip, field, hex_of, run

MOVE, END = {"type": "move"}, {"type": "end_move"}


def step(q, r):
    return {"type": "step", "hex": [q, r]}


def steps(state, seat):
    return {tuple(a["hex"]) for a in RULESET.legal_actions(state, seat) if a["type"] == "step"}


@pytest.mark.parametrize(
    ("cards", "points"),
    [
        ([], 4),
        ([("lmg#1", "heavy")], 3),
        ([("lmg#1", "heavy"), ("heavy_armour#1", "armour")], 2),
        ([("minigun#1", "heavy"), ("heavy_armour#1", "armour"), ("sniper_rifle#1", "long")], 1),
    ],
)
def test_weight_sets_the_movement_points(cards, points):
    """Rulebook: "You may move the number of movement point shown on the Weight Track." (Product's
    track: weight 0-3 moves 4, 4-6 moves 3, 7-9 moves 2, 10 or more moves 1.)"""
    state = arena(field(3), {"a": (0, 0), "b": (3, 0)})
    for card, slot in cards:
        equip(state, "a", card, slot)
    assert movement_points(state["players"]["a"]) == points
    state, _events = act(state, "a", MOVE)
    assert state["turn"]["move"]["points"] == points


def test_plains_cost_one_point_per_hex_and_the_move_stops_when_points_run_out():
    state = arena(field(5), {"a": (0, 0), "b": (-5, 0)})
    state, _ = run(state, "a", MOVE, step(1, 0), step(2, 0), step(3, 0))
    assert state["turn"]["move"]["points"] == 1
    state, _ = act(state, "a", step(4, 0))
    assert state["turn"]["move"] is None  # no points left: the move ended by itself
    assert hex_of(state, "a") == (4, 0) and state["turn"]["actions"] == 1


def test_forests_and_deserts_need_two_movement_points():
    """Rulebook: "Forests and Deserts. 2 movement points are needed to cross.\""""
    state = arena(field(3, **{"1_0": "forest", "0_1": "desert"}), {"a": (0, 0), "b": (-3, 0)})
    state, _ = run(state, "a", MOVE, step(1, 0))
    assert state["turn"]["move"]["points"] == 2
    state, _ = act(state, "a", step(0, 0))
    assert state["turn"]["move"]["points"] == 1
    assert (0, 1) not in steps(state, "a")  # the desert needs 2
    with pytest.raises(IllegalAction):
        act(state, "a", step(0, 1))
    state = arena(field(3, **{"1_0": "forest", "0_1": "desert"}), {"a": (0, 0), "b": (-3, 0)})
    state, _ = run(state, "a", MOVE, step(0, 1))
    assert state["turn"]["move"]["points"] == 2


def test_water_needs_a_scuba_suit():
    """Rulebook: "Water - Cannot move through unless equipped with a Scuba Suit.\""""
    state = arena(field(3, **{"1_0": "water"}), {"a": (0, 0), "b": (-3, 0)})
    state, _ = act(state, "a", MOVE)
    assert (1, 0) not in steps(state, "a")
    with pytest.raises(IllegalAction):
        act(state, "a", step(1, 0))
    state = arena(field(3, **{"1_0": "water"}), {"a": (0, 0), "b": (-3, 0)})
    equip(state, "a", "scuba_suit#1", "apparel", face_down=False)
    state, _ = run(state, "a", MOVE, step(1, 0), END)
    assert hex_of(state, "a") == (1, 0)


def test_walls_need_climbing_gear():
    """Rulebook: "Wall - Cannot move through unless equipped with Climbing Gear.\""""
    state = arena(field(3, **{"1_0": "wall"}), {"a": (0, 0), "b": (-3, 0)})
    state, _ = act(state, "a", MOVE)
    assert (1, 0) not in steps(state, "a")
    state = arena(field(3, **{"1_0": "wall"}), {"a": (0, 0), "b": (-3, 0)})
    equip(state, "a", "climbing_gear#1", "apparel", face_down=False)
    state, _ = act(state, "a", MOVE)
    assert (1, 0) in steps(state, "a")


def test_you_may_move_through_another_player_but_not_end_on_an_occupied_hex():
    """Rulebook: "You may move through another player but cannot end your movement on a hex that is
    occupied.\""""
    state = arena(field(3), {"a": (0, 0), "b": (1, 0)})
    state, _ = run(state, "a", MOVE, step(1, 0))
    assert hex_of(state, "a") == hex_of(state, "b") == (1, 0)
    assert {"type": "end_move"} not in RULESET.legal_actions(state, "a")
    with pytest.raises(IllegalAction):
        act(state, "a", END)
    state, _ = run(state, "a", step(2, 0), END)
    assert hex_of(state, "a") == (2, 0)


def test_a_step_onto_a_player_needs_points_left_to_step_off_again():
    state = arena(field(4), {"a": (0, 0), "b": (4, 0)})
    state, _ = run(state, "a", MOVE, step(1, 0), step(2, 0), step(3, 0))
    assert state["turn"]["move"]["points"] == 1
    assert (4, 0) not in steps(state, "a")


def test_a_turn_is_two_actions_then_the_next_player_goes():
    """Rulebook: "Players take 2 "actions" during their turn.\""""
    state = arena(field(4), {"a": (0, 0), "b": (4, 0)})
    state, _ = run(state, "a", MOVE, step(-1, 0), END)
    assert RULESET.to_move(state) == ["a"]
    state, _ = run(state, "a", MOVE, step(-2, 0), END)
    assert RULESET.to_move(state) == ["b"]


def test_the_same_action_may_be_taken_twice_and_end_turn_gives_up_the_rest():
    """Rulebook: "During each turn you will choose and perform 2 of the following actions";
    decision: the same action may be chosen twice, and ``end_turn`` gives up what is left."""
    state = arena(field(4), {"a": (0, 0), "b": (4, 0)})
    once, _ = run(state, "a", MOVE, step(-1, 0), END)
    assert once["turn"]["seat"] == "a" and once["turn"]["actions"] == 1
    assert MOVE in RULESET.legal_actions(once, "a")
    twice, events = run(once, "a", MOVE, step(-2, 0), END)
    assert hex_of(twice, "a") == (-2, 0)
    assert [e["type"] for e in events].count("move") == 1
    assert RULESET.to_move(twice) == ["b"]  # two actions taken: the turn passes
    given_up, _ = act(once, "a", {"type": "end_turn"})
    assert hex_of(given_up, "a") == (-1, 0)
    assert RULESET.to_move(given_up) == ["b"]
    assert RULESET.to_move(act(state, "a", {"type": "end_turn"})[0]) == ["b"]


def test_you_may_not_move_and_shoot_a_heavy_weapon_on_the_same_turn():
    """Rulebook: "You may not move and shoot a Heavy Weapon on the same turn" (either order)."""
    state = arena(field(4), {"a": (0, 0), "b": (3, 0)})
    equip(state, "a", "lmg#1", "heavy")
    shots = [a for a in RULESET.legal_actions(state, "a") if a["type"] == "shoot"]
    assert any(a["slot"] == "heavy" for a in shots)
    moved, _ = run(state, "a", MOVE, step(-1, 0), END)
    assert not any(a.get("slot") == "heavy" for a in RULESET.legal_actions(moved, "a"))
    with pytest.raises(IllegalAction):
        act(moved, "a", {"type": "shoot", "slot": "heavy", "attack": "primary", "target": "b"})
    fired, _ = act(
        state, "a", {"type": "shoot", "slot": "heavy", "attack": "primary", "target": "b"}
    )
    assert MOVE not in RULESET.legal_actions(fired, "a")
    with pytest.raises(IllegalAction):
        act(fired, "a", MOVE)


def test_a_move_action_counts_as_moving_for_a_heavy_weapon_even_with_zero_steps():
    """Rulebook: "You may not move and shoot a Heavy Weapon on the same turn": taking the
    Move action is moving, even if the player ends it where they stand."""
    state = arena(field(4), {"a": (0, 0), "b": (3, 0)})
    equip(state, "a", "lmg#1", "heavy")
    stayed, _ = run(state, "a", MOVE, END)
    assert hex_of(stayed, "a") == (0, 0)
    assert not any(a.get("slot") == "heavy" for a in RULESET.legal_actions(stayed, "a"))
    with pytest.raises(IllegalAction, match="Heavy Weapon after moving"):
        act(stayed, "a", {"type": "shoot", "slot": "heavy", "attack": "primary", "target": "b"})


def test_after_a_heavy_weapon_no_secondary_attack_may_move_the_shooter():
    """Rulebook: "You may not move and shoot a Heavy Weapon on the same turn" (either order):
    after the Heavy Weapon, a Dash Strike that moves is refused and Run and Gun gives no step."""
    state = arena(field(4), {"a": (0, 0), "b": (3, 0)})
    equip(state, "a", "lmg#1", "heavy")
    equip(state, "a", "katana#1", "light")
    heavy = {"type": "shoot", "slot": "heavy", "attack": "primary", "target": "b"}
    fired, _ = act(state, "a", heavy)
    assert not any(
        a.get("slot") == "light" and a.get("attack") == "secondary"
        for a in RULESET.legal_actions(fired, "a")
    )
    dash = {"type": "shoot", "slot": "light", "attack": "secondary", "target": "b", "hex": [2, 0]}
    with pytest.raises(IllegalAction, match="Heavy Weapon"):
        act(fired, "a", dash)

    state = arena(field(4), {"a": (0, 0), "b": (3, 0)})
    equip(state, "a", "lmg#1", "heavy")
    equip(state, "a", "pistol#1", "long")
    fired, _ = act(state, "a", heavy)
    run_and_gun = {"type": "shoot", "slot": "long", "attack": "secondary", "target": "b"}
    ran, _ = act(fired, "a", run_and_gun)
    assert ran["pending"] == [{"kind": "reposition", "seat": "a"}]
    assert RULESET.legal_actions(ran, "a") == [{"type": "done"}]
    with pytest.raises(IllegalAction):
        act(ran, "a", step(-1, 0))


@pytest.mark.parametrize(
    ("ground", "gear"), [("water", "scuba_suit#1"), ("wall", "climbing_gear#1")]
)
def test_the_gear_the_ground_needs_stays_on_while_you_stand_there(ground, gear):
    """Rulebook: "Water - Cannot move through unless equipped with a Scuba Suit." "Wall - Cannot
    move through unless equipped with Climbing Gear." The text never lets a player stay where
    they could not go: Reload & Rearrange may not take that gear off there."""
    state = arena(field(3, **{"1_0": ground}), {"a": (1, 0), "b": (-3, 0)})
    equip(state, "a", gear, "apparel", face_down=False)
    state, _ = act(state, "a", {"type": "reload"})
    assert {"type": "unequip", "slot": "apparel"} not in RULESET.legal_actions(state, "a")
    with pytest.raises(IllegalAction, match="stays on"):
        act(state, "a", {"type": "unequip", "slot": "apparel"})
    # on plains it comes off
    state = arena(field(3), {"a": (1, 0), "b": (-3, 0)})
    equip(state, "a", gear, "apparel", face_down=False)
    state, _ = run(state, "a", {"type": "reload"}, {"type": "unequip", "slot": "apparel"})
    assert state["players"]["a"]["slots"]["apparel"] is None


@pytest.mark.parametrize(
    ("ground", "gear"), [("water", "scuba_suit#1"), ("wall", "climbing_gear#1")]
)
def test_house_rule_unequip_anywhere_takes_the_gear_off_and_stays(ground, gear):
    options = {"house_rules": {"unequip_anywhere": True}}
    state = arena(field(3, **{"1_0": ground}), {"a": (1, 0), "b": (-3, 0)}, options=options)
    equip(state, "a", gear, "apparel", face_down=False)
    state, _ = run(state, "a", {"type": "reload"}, {"type": "unequip", "slot": "apparel"})
    assert state["players"]["a"]["slots"]["apparel"] is None
    assert hex_of(state, "a") == (1, 0)

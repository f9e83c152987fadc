"""Turns and activations: moving (card length, card width over obstacles, climbing, falls,
horse), whiskey and hooch, passing the turn, and who may act."""

import pytest

from rulesets.core.errors import IllegalAction
from rulesets.last_hope_frontier import RULESET
from tests.rulesets.last_hope_frontier.test_live_support import apply, fighter, gang, set_up


def _battle(x_fighters=None, y_fighters=None, positions=None, **options):
    x_fighters = x_fighters or [
        fighter(1, "Hale", "leader", ["pistol", "horse", "whiskey", "hooch"]),
        fighter(2, "Pratt", "ganger", ["carbine"]),
    ]
    y_fighters = y_fighters or [fighter(11, "Ma", "leader", ["pistol"])]
    gangs = {
        "x": gang("Lawmen", "sheriffs", x_fighters, 1),
        "y": gang("Barkers", "outlawmen", y_fighters, 2),
    }
    spots = {1: (10, 8), 2: (14, 8), 11: (12, 20)}
    spots.update(positions or {})
    return set_up({"gangs": gangs, **options}, spots, first="x")


def _active(state, fid=1):
    return apply(state, "x", {"type": "activate", "fighter": fid}).state


def _move(state, to, fid=1, **declared):
    action = {"type": "move", "fighter": fid, "to": {"x": to[0], "y": to[1]}, **declared}
    return apply(state, "x", action)


def test_a_fighter_must_be_activated_before_it_moves_and_activates_once_a_turn():
    state = _battle()
    assert RULESET.legal_actions(state, "x") == [
        {"type": "activate", "fighter": 1},
        {"type": "activate", "fighter": 2},
        {"type": "end_turn"},
    ]
    with pytest.raises(IllegalAction, match="Activate Hale first"):
        RULESET.apply(state, "x", {"type": "move", "fighter": 1, "to": {"x": 10, "y": 9}})
    state = _active(state)
    with pytest.raises(IllegalAction, match="Hale is activated now"):
        RULESET.apply(state, "x", {"type": "activate", "fighter": 2})
    state = apply(state, "x", {"type": "end_activation"}).state
    with pytest.raises(IllegalAction, match="already activated this turn"):
        RULESET.apply(state, "x", {"type": "activate", "fighter": 1})
    assert RULESET.legal_actions(state, "x")[0] == {"type": "activate", "fighter": 2}


def test_the_move_template_gives_the_reachable_box_and_the_declarations():
    state = _active(_battle(x_fighters=[fighter(1, "Hale", "leader", ["pistol"])]))
    move = RULESET.legal_actions(state, "x")[0]
    assert move == {
        "type": "move",
        "fighter": 1,
        "to": {"x": {"min": 6.5, "max": 13.5}, "y": {"min": 4.5, "max": 11.5}},
        "over_obstacle": [False, True],
        "jump_down": {"min": 0, "max": 24.0},
        "max_distance": 3.5,
        "climb": {"min": 0, "max": 3.5},
    }


def test_on_foot_a_model_moves_up_to_and_including_one_card_length():
    """'Movement of models on foot is up to and including the entire length of a playing
    card' (3.5 inches), measured centre to centre."""
    state = _active(_battle(x_fighters=[fighter(1, "Hale", "leader", ["pistol"])]))
    with pytest.raises(IllegalAction, match=r"at most 3\.5 inches"):
        _move(state, (10, 11.6))
    moved = _move(state, (10, 11.5))  # whole numbers and floats are both numbers
    assert moved.state["fighters"]["1"]["position"] == {"x": 10.0, "y": 11.5}
    assert moved.events[0]["text"] == "Hale moves 3.5 inches to (10, 11.5)."
    with pytest.raises(IllegalAction, match="already moved"):
        _move(moved.state, (10, 12))


def test_over_an_obstacle_the_move_is_only_one_card_width():
    """'movement is reduced to width of a playing card' over a fence/wall/obstacle."""
    state = _active(_battle(x_fighters=[fighter(1, "Hale", "leader", ["pistol"])]))
    with pytest.raises(IllegalAction, match=r"over an obstacle may be at most 2\.5 inches"):
        _move(state, (10, 10.6), over_obstacle=True)
    moved = _move(state, (10, 10.5), over_obstacle=True)
    assert moved.events[0]["text"] == "Hale moves 2.5 inches over an obstacle to (10, 10.5)."


def test_a_move_ends_wholly_on_the_board_and_on_no_other_base():
    state = _active(_battle(x_fighters=[fighter(1, "Hale", "leader")], positions={1: (1, 8)}))
    with pytest.raises(IllegalAction, match=r"from 0\.5 to 23\.5"):
        _move(state, (0.4, 8))
    state = _active(_battle(positions={2: (11.5, 8)}))
    with pytest.raises(IllegalAction, match="bases may not overlap"):
        _move(state, (10.8, 8))
    _move(state, (10.5, 8))


def test_a_model_moves_onto_terrain_only_if_its_base_can_be_securely_placed():
    """Rulebook: "The model can move onto terrain in a move action, if the base of the model
    can be securely placed onto the terrain piece of choice": the whole base on its top."""
    state = _active(_battle(x_fighters=[fighter(1, "Hale", "leader")]))
    crate = {"left": 9.0, "bottom": 9.0, "right": 11.0, "top": 11.0}
    with pytest.raises(IllegalAction, match="securely placed"):
        _move(state, (10, 9.2), onto=crate)  # the base hangs over the crate's edge
    with pytest.raises(IllegalAction, match="left, bottom, right and top"):
        _move(state, (10, 10), onto={"left": 9})
    moved = _move(state, (10, 10), onto=crate)
    assert moved.state["fighters"]["1"]["position"] == {"x": 10.0, "y": 10.0}


def test_climbing_is_declared_and_limited_to_one_card_length_of_movement():
    """'Vertical/climbing movement limit is length of playing card.' Ground covered plus the
    height climbed must fit in one card length (decision 14)."""
    state = _active(_battle(x_fighters=[fighter(1, "Hale", "leader")]))
    with pytest.raises(IllegalAction, match="cannot reach that height"):
        _move(state, (10, 10), climb=2)
    moved = _move(state, (10, 9.5), climb=2)
    assert moved.events[0]["text"] == "Hale moves 1.5 inches, climbing 2 inches to (10, 9.5)."
    with pytest.raises(IllegalAction):
        _move(state, (10, 9), climb=3.6)


def test_a_jump_beyond_one_card_length_costs_unsoakable_wounds():
    """'one unsoakable damage is taken for each additional length of playing card': a 5-inch
    drop is 1.5 inches beyond one card length, 1 wound whatever the toughness."""
    state = _active(_battle(x_fighters=[fighter(1, "Hale", "leader", toughness=4)]))
    jumped = _move(state, (10, 9), jump_down=5)
    assert jumped.state["fighters"]["1"]["wounds_left"] == 8 - 1
    assert jumped.events[1]["text"] == "Hale lands hard: 1 wound that toughness cannot soak."
    assert _move(state, (10, 9), jump_down=3.5).state["fighters"]["1"]["wounds_left"] == 8
    assert _move(state, (10, 9), jump_down=7.5).state["fighters"]["1"]["wounds_left"] == 8 - 2


def test_a_fall_can_take_a_fighter_out_and_nobody_is_credited():
    x = [fighter(1, "Hale", "leader", wounds=1), fighter(2, "Pratt", "ganger")]
    state = _active(_battle(x_fighters=x))
    state = apply(
        state, "x", {"type": "move", "fighter": 1, "to": {"x": 10, "y": 9}, "jump_down": 10}
    ).state
    assert state["fighters"]["1"]["status"] == "out"
    assert state["takedowns"] == [
        {"by": None, "victim": 1, "enemy": False, "cause": "fall", "turn": 1}
    ]
    assert state["activation"] is None


def test_a_horse_moves_two_card_lengths_and_the_rider_may_dismount_before_moving():
    """Horse: 'movement becomes 2 cards length'; it cannot climb (decision 14)."""
    state = _active(_battle())
    assert state["fighters"]["1"]["mounted"] is True  # a horse is ridden from the start
    assert RULESET.legal_actions(state, "x")[0]["max_distance"] == 7.0
    assert "climb" not in RULESET.legal_actions(state, "x")[0]
    assert _move(state, (10, 15)).state["fighters"]["1"]["position"] == {"x": 10.0, "y": 15.0}
    with pytest.raises(IllegalAction, match="dismount first"):
        _move(state, (10, 9), climb=1)
    on_foot = apply(state, "x", {"type": "dismount", "fighter": 1})
    assert on_foot.events[0]["text"] == "Hale dismounts from the horse."
    with pytest.raises(IllegalAction, match=r"at most 3\.5 inches"):
        _move(on_foot.state, (10, 15))
    moved = _move(on_foot.state, (10, 11)).state
    with pytest.raises(IllegalAction, match="before the move"):
        RULESET.apply(moved, "x", {"type": "mount", "fighter": 1})


def test_whiskey_heals_one_and_hooch_two_as_free_actions_in_the_movement_phase():
    """'Whiskey - free action to use during movement phase, heals one wound'; 'Hooch ...
    heals two wounds'; never above the current maximum (decision 12)."""
    state = _battle()
    state["fighters"]["1"]["wounds_left"] = 5
    state = _active(state)
    drinks = [a for a in RULESET.legal_actions(state, "x") if a["type"] == "drink"]
    assert drinks == [
        {"type": "drink", "fighter": 1, "item": "whiskey"},
        {"type": "drink", "fighter": 1, "item": "hooch"},
    ]
    after = apply(state, "x", drinks[0])
    assert after.events[0]["text"] == "Hale drinks the whiskey: 1 wound healed, 6 of 8 left."
    state = _move(after.state, (10, 10)).state  # the drink does not end the movement phase
    state = apply(state, "x", {"type": "drink", "fighter": 1, "item": "hooch"}).state
    assert state["fighters"]["1"]["wounds_left"] == 8
    assert "whiskey" not in state["fighters"]["1"]["equipment"]
    assert state["spent"] == [{"fighter": 1, "item": "whiskey"}, {"fighter": 1, "item": "hooch"}]
    with pytest.raises(IllegalAction, match="carries no whiskey"):
        RULESET.apply(state, "x", {"type": "drink", "fighter": 1, "item": "whiskey"})


def test_a_fighter_at_full_wounds_cannot_waste_a_drink_and_dynamite_is_not_a_drink():
    x = [fighter(1, "Hale", "leader", ["whiskey", "dynamite"])]
    state = _active(_battle(x_fighters=x))
    assert not [a for a in RULESET.legal_actions(state, "x") if a["type"] == "drink"]
    with pytest.raises(IllegalAction, match="full wounds"):
        RULESET.apply(state, "x", {"type": "drink", "fighter": 1, "item": "whiskey"})
    state["fighters"]["1"]["wounds_left"] = 3
    with pytest.raises(IllegalAction, match="cannot be drunk"):
        RULESET.apply(state, "x", {"type": "drink", "fighter": 1, "item": "dynamite"})


def test_the_turn_passes_when_every_fighter_has_activated_and_each_turn_draws_initiative():
    """Turn 1 uses the setup's initiative; every later turn flips for it again."""
    state = _battle(turn_limit=3)
    for fid in (1, 2):
        state = apply(state, "x", {"type": "activate", "fighter": fid}).state
        state = apply(state, "x", {"type": "end_activation"}).state
    assert state["active"] == "y" and state["turn"] == 1
    assert RULESET.legal_actions(state, "x") == []
    with pytest.raises(IllegalAction, match="not your decision"):
        RULESET.apply(state, "x", {"type": "end_turn"})
    result = apply(state, "y", {"type": "end_turn"})
    assert result.state["turn"] == 2
    texts = [e["text"] for e in result.events]
    assert texts[0].startswith("Initiative for turn 2: ")
    first = result.state["gangs"][result.state["active"]]["name"]
    assert texts[1] == f"Turn 2 of 3: {first} are the active player."
    assert all(not f["activated"] for f in result.state["fighters"].values())


def test_a_fighter_out_of_action_never_activates_and_cannot_be_targeted():
    state = _battle()
    state["fighters"]["2"].update(status="out", position=None)
    assert {"type": "activate", "fighter": 2} not in RULESET.legal_actions(state, "x")
    with pytest.raises(IllegalAction, match="out of action"):
        RULESET.apply(state, "x", {"type": "activate", "fighter": 2})

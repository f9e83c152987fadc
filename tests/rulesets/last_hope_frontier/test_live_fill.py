"""The fill hints of legal actions (live_fill.py): every placeholder named with its bounds,
concrete actions without hints, and an entry filled by its hints is accepted as it is."""

from __future__ import annotations

from rulesets.last_hope_frontier import RULESET
from tests.rulesets.last_hope_frontier.test_live_support import apply, fighter, gang, set_up

SEATS = ["x", "y"]


def _options():
    return {
        "gangs": {
            "x": gang("Lawmen", "sheriffs", [fighter(1, "Hale", "leader", ["pistol"])], 1),
            "y": gang("Barkers", "outlawmen", [fighter(11, "Ma", "ganger", [])], 2),
        }
    }


def _deploying():
    state = RULESET.new_game(SEATS, _options(), 1)
    while state["phase"] == "initiative":
        seat = RULESET.to_move(state)[0]
        state = apply(state, seat, {"type": "spend_rabbits_feet", "count": 0}).state
    return state


def test_a_deploy_entry_names_both_coordinates_of_to_with_their_bounds():
    state = _deploying()
    seat = state["active"]
    (deploy,) = [a for a in RULESET.legal_actions(state, seat) if a["type"] == "deploy"]
    fill = RULESET.fill_hints(state, seat, deploy)
    assert set(fill) == {"to.x", "to.y"}
    assert fill["to.x"] == {"type": "number", **deploy["to"]["x"]}
    assert fill["to.y"] == {"type": "number", **deploy["to"]["y"]}


def test_an_entry_filled_at_the_middle_of_its_bounds_is_accepted_with_fill_left_in():
    state = _deploying()
    seat = state["active"]
    (deploy,) = [a for a in RULESET.legal_actions(state, seat) if a["type"] == "deploy"]
    fill = RULESET.fill_hints(state, seat, deploy)
    to = {axis: (fill[f"to.{axis}"]["min"] + fill[f"to.{axis}"]["max"]) / 2 for axis in "xy"}
    action = {**deploy, "to": to, "fill": fill}
    assert apply(state, seat, action).state["fighters"][str(deploy["fighter"])]["position"] == to


def test_concrete_actions_have_no_hints():
    state = set_up(_options(), {1: (10, 10), 11: (10, 14)}, "x")
    for action in RULESET.legal_actions(state, "x"):
        assert RULESET.fill_hints(state, "x", action) == {}, action  # activate, end_turn


def test_a_move_says_climb_and_jump_down_are_optional_and_exclude_each_other():
    state = set_up(_options(), {1: (10, 10), 11: (10, 20)}, "x")
    state = apply(state, "x", {"type": "activate", "fighter": 1}).state
    move = next(a for a in RULESET.legal_actions(state, "x") if a["type"] == "move")
    fill = RULESET.fill_hints(state, "x", move)
    assert fill["climb"]["optional"] and fill["jump_down"]["optional"]
    assert fill["climb"]["excludes"] == ["jump_down"]
    assert fill["jump_down"]["excludes"] == ["climb"]
    assert fill["over_obstacle"] == {"type": "choice", "choices": [False, True], "optional": True}
    assert "optional" not in fill["to.x"]
    assert "max_distance" not in fill  # it only informs


def test_a_card_from_hand_lists_the_cards_of_the_hand():
    state = set_up(_options(), {1: (10, 10), 11: (10, 12)}, "x")
    state = apply(state, "x", {"type": "activate", "fighter": 1}).state
    shot = next(a for a in RULESET.legal_actions(state, "x") if a["type"] == "shoot")
    fill = RULESET.fill_hints(state, "x", shot)
    assert fill["card"] == {"type": "card", "choices": state["cards"]["x"]["hand"]}
    assert fill["line_of_fire"] == {"type": "choice", "choices": [True]}
    assert "distance" not in fill

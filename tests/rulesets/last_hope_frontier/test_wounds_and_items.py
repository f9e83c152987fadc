"""Wound tokens, being taken out of action, and the items."""

import pytest

from rulesets.core.errors import IllegalAction
from rulesets.last_hope_frontier.items import (
    can_hold_town_map,
    can_ride,
    drink,
    initiative_bonus,
    models_to_set_up,
)
from rulesets.last_hope_frontier.movement import fall_damage
from rulesets.last_hope_frontier.wounds import heal, take_wounds


def test_a_model_is_out_of_action_only_when_it_takes_more_wounds_than_it_has_left():
    """'taken out of action by taking more points of damage than their wound tokens'."""
    assert take_wounds(6, 5) == (1, False)
    assert take_wounds(6, 6) == (0, False)  # exactly its tokens: still standing on 0
    assert take_wounds(6, 7) == (0, True)
    assert take_wounds(0, 1) == (0, True)
    assert take_wounds(0, 0) == (0, False)


def test_a_fresh_ganger_goes_down_on_the_seventh_wound():
    left, out = 6, False
    for _ in range(6):
        left, out = take_wounds(left, 1)
        assert not out
    assert take_wounds(left, 1).out_of_action


def test_fall_damage_is_unsoakable():
    """Toughness does not reduce it: it goes straight to the wound tokens."""
    assert take_wounds(2, fall_damage(7.5)) == (0, False)
    assert take_wounds(1, fall_damage(7.5)) == (0, True)


def test_healing_never_goes_above_the_current_maximum():
    assert heal(3, 6, 2) == 5
    assert heal(5, 6, 2) == 6


def test_whiskey_heals_one_wound_and_hooch_two():
    """'Whiskey - free action to use during movement phase, heals one wound'; 'Hooch - ...
    heals two wounds'."""
    assert drink("whiskey", wounds_left=3, max_wounds=6) == 4
    assert drink("hooch", wounds_left=3, max_wounds=6) == 5
    assert drink("hooch", wounds_left=5, max_wounds=6) == 6


def test_an_injured_fighter_heals_only_to_its_reduced_maximum():
    assert drink("hooch", wounds_left=4, max_wounds=5) == 5


def test_drinking_at_full_wounds_or_drinking_dynamite_is_illegal():
    with pytest.raises(IllegalAction):
        drink("whiskey", wounds_left=6, max_wounds=6)
    with pytest.raises(IllegalAction):
        drink("dynamite", wounds_left=1, max_wounds=6)
    with pytest.raises(IllegalAction):
        drink("bathwater", wounds_left=1, max_wounds=6)


@pytest.mark.parametrize("role,ok", [("leader", True), ("deputy", True), ("ganger", False)])
def test_only_a_leader_or_deputy_rides_a_horse_or_holds_the_town_map(role, ok):
    """'Horse - only usable by leader or deputy'; 'Town map - held by leader/deputy'."""
    assert can_ride(role) is ok
    assert can_hold_town_map(role) is ok


def test_each_rabbits_foot_spent_adds_one_to_the_initiative_card():
    """'can spend 1 per rabbits foot to increase value of high card draw card for first turn
    initiative' (decision: +1 per foot)."""
    assert initiative_bonus(0, 2) == 0
    assert initiative_bonus(2, 2) == 2
    with pytest.raises(IllegalAction):
        initiative_bonus(3, 2)
    with pytest.raises(IllegalAction):
        initiative_bonus(-1, 2)


def test_a_town_map_sets_up_two_models_on_one_turn():
    """'Spend the map and two models can set up on a players turn'."""
    assert models_to_set_up(spend_map=False, models_left=5) == 1
    assert models_to_set_up(spend_map=True, models_left=5) == 2
    with pytest.raises(IllegalAction):
        models_to_set_up(spend_map=True, models_left=1)
    with pytest.raises(IllegalAction):
        models_to_set_up(spend_map=False, models_left=0)

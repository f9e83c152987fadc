"""Movement and distance: card lengths, the board, obstacles, climbing, falls."""

import pytest

from rulesets.core.errors import IllegalAction
from rulesets.last_hope_frontier.movement import (
    BOARD_SIZE,
    CARD_LENGTH,
    CARD_WIDTH,
    check_climb,
    check_move,
    fall_damage,
    gap,
    in_base_contact,
    move_allowance,
    wholly_on_board,
    wholly_within,
)

R = 0.5  # a 25 mm base is about an inch across


def test_a_card_is_3_5_by_2_5_inches_and_the_board_2_by_2_feet():
    assert (CARD_LENGTH, CARD_WIDTH, BOARD_SIZE) == (3.5, 2.5, 24.0)


def test_a_model_on_foot_moves_up_to_and_including_one_card_length():
    """'Movement of models on foot is up to and including the entire length of a playing
    card, measured from same point on model of base.'"""
    assert move_allowance() == 3.5
    check_move([5.0, 5.0], [8.5, 5.0], base_radius=R)
    with pytest.raises(IllegalAction):
        check_move([5.0, 5.0], [8.51, 5.0], base_radius=R)


def test_a_horse_moves_two_card_lengths():
    """'Horse - ... movement becomes 2 cards length'."""
    assert move_allowance(mounted=True) == 7.0
    check_move([5.0, 5.0], [12.0, 5.0], base_radius=R, mounted=True)
    with pytest.raises(IllegalAction):
        check_move([5.0, 5.0], [12.01, 5.0], base_radius=R, mounted=True)


def test_over_an_obstacle_movement_is_one_card_width_even_on_a_horse():
    """'move a model over terrain such as a fence/wall/obstacle, movement is reduced to width
    of a playing card'."""
    assert move_allowance(over_obstacle=True) == 2.5
    assert move_allowance(over_obstacle=True, mounted=True) == 2.5
    check_move([5.0, 5.0], [7.5, 5.0], base_radius=R, over_obstacle=True)
    with pytest.raises(IllegalAction):
        check_move([5.0, 5.0], [7.6, 5.0], base_radius=R, over_obstacle=True)


def test_a_move_over_an_obstacle_must_end_wholly_on_the_board():
    """'If the movement can't be completed using the width of the playing card, (i.e., the
    model can't be wholly placed on the board when moving over the terrain) the movement over
    the terrain can't be completed.'"""
    check_move([21.5, 5.0], [23.5, 5.0], base_radius=R, over_obstacle=True)
    with pytest.raises(IllegalAction, match="wholly on the board"):
        check_move([21.5, 5.0], [23.6, 5.0], base_radius=R, over_obstacle=True)


@pytest.mark.parametrize(
    "position,on",
    [
        ([0.5, 0.5], True),
        ([23.5, 23.5], True),
        ([0.49, 5.0], False),
        ([5.0, 23.51], False),
        ([12.0, 12.0], True),
        ([-1.0, 5.0], False),
    ],
)
def test_wholly_on_the_board_takes_the_base_radius_into_account(position, on):
    assert wholly_on_board(position, R) is on


def test_a_base_fits_on_a_terrain_piece_only_if_it_is_wholly_on_top():
    """'The model can move onto terrain in a move action, if the base of the model can be
    securely placed onto the terrain piece of choice.'"""
    roof = {"left": 10.0, "bottom": 10.0, "right": 12.0, "top": 11.0}
    assert wholly_within([11.0, 10.5], R, **roof)
    assert not wholly_within([11.8, 10.5], R, **roof)


def test_distances_between_models_are_edge_to_edge():
    assert gap([0.0, 0.0], R, [3.0, 4.0], R) == pytest.approx(4.0)
    assert gap([0.0, 0.0], R, [1.0, 0.0], R) == 0.0
    assert in_base_contact([0.0, 0.0], R, [1.0, 0.0], R)
    assert not in_base_contact([0.0, 0.0], R, [1.01, 0.0], R)


def test_climbing_is_limited_to_one_card_length():
    """'Vertical/climbing movement limit is length of playing card.' 'If a model can't get to
    desired higher location in a move of a length of a playing card, a model cannot reach the
    intended destination.'"""
    check_climb(horizontal=0.0, height=3.5)
    check_climb(horizontal=1.0, height=2.5)
    with pytest.raises(IllegalAction):
        check_climb(horizontal=0.0, height=3.51)
    with pytest.raises(IllegalAction):
        check_climb(horizontal=1.01, height=2.5)


@pytest.mark.parametrize(
    "height,damage",
    [(0.0, 0), (3.5, 0), (3.51, 1), (7.0, 1), (7.01, 2), (10.5, 2), (10.51, 3), (14.0, 3)],
)
def test_falls_beyond_one_card_length_cost_one_unsoakable_damage_per_card_length_or_part(
    height, damage
):
    """'an additional distance beyond the first length of a playing card, between the length
    of 0 and 1 additional card lengths = 1 unsoakable damage, between 1 and 2 card lengths =
    2 unsoakable damage, etc.'"""
    assert fall_damage(height) == damage


def test_a_fall_height_is_never_negative():
    with pytest.raises(ValueError):
        fall_damage(-1.0)

"""The movement phase: cards, steps, and the movement rules."""

import pytest

from rulesets.core.errors import IllegalAction
from tests.rulesets.battle_royale.helpers import (
    END_MOVEMENT,
    END_WARRIOR,
    STRIP,
    R,
    act,
    card,
    doom,
    game,
    hand,
    moving,
    put,
    rigged,
    step,
)

# Red (ann) to play on the strip; every colour keeps warriors on the flag tile.
BASE = {"2,1": {"red": 1, "blue": 1, "green": 1}}


def strip(board: dict) -> dict:
    return put(game(3, rows=STRIP), {**BASE, **board})


def test_the_played_card_sets_how_many_warriors_take_how_many_steps():
    """'It shows how many warriors may take how many steps.'"""
    state = moving(strip({"0,2": {"red": 3}}), "ann", "3x2")
    assert (state["turn"]["warriors"], state["turn"]["steps"]) == (3, 2)
    assert "3x2" not in state["hands"]["ann"] and state["discards"]["ann"] == ["3x2"]


def test_only_a_card_in_hand_can_be_played_and_only_once_per_turn():
    state = hand(strip({}), "ann", "3x1", "2x2", "1x4", "3x2")
    with pytest.raises(IllegalAction, match="not in your hand"):
        R.apply(state, "ann", card("2x2-eliminator"))
    state, _ = act(state, "ann", card("3x1"))
    with pytest.raises(IllegalAction, match="already played"):
        R.apply(state, "ann", card("2x2"))


def test_a_warrior_may_take_fewer_steps_than_the_card_shows():
    """'You may ... let warriors take fewer steps.'"""
    state = moving(strip({"0,2": {"red": 2}}), "ann", "2x2")
    state, _ = act(state, "ann", step(0, 2, "E"), END_WARRIOR)
    assert state["board"]["1,2"] == {"red": 1}
    assert state["turn"]["moved"] == 1 and state["turn"]["moving"] is None


def test_fewer_warriors_may_move_even_none():
    """'You may choose to move fewer warriors.'"""
    state = moving(strip({"0,2": {"red": 2}}), "ann", "3x1")
    state["rng"] = rigged(doom("eliminator"))
    state, events = act(state, "ann", END_MOVEMENT)
    assert state["board"]["0,2"] == {"red": 2}
    assert "doom_roll" in [e["type"] for e in events]


def test_a_warrior_stops_by_itself_when_its_steps_are_used_up():
    state = moving(strip({"0,2": {"red": 1}}), "ann", "2x2")
    state, _ = act(state, "ann", step(0, 2, "E"), step(1, 2, "E"))
    assert state["turn"]["moving"] is None and state["turn"]["moved"] == 1
    assert state["board"]["2,2"] == {"red": 1}


def test_warriors_move_orthogonally_only():
    """'Warriors move orthogonally.'"""
    state = moving(strip({"0,2": {"red": 1}}), "ann", "2x2")
    assert {a["direction"] for a in R.legal_actions(state, "ann") if a["type"] == "step"} <= set(
        "NESW"
    )
    with pytest.raises(IllegalAction, match="orthogonally"):
        R.apply(state, "ann", step(0, 2, "NE"))


def test_warriors_move_one_at_a_time():
    """'One at a time': a second warrior waits until the first has ended its move."""
    state = moving(strip({"0,2": {"red": 1}, "4,2": {"red": 1}}), "ann", "2x2")
    state, _ = act(state, "ann", step(0, 2, "E"))
    with pytest.raises(IllegalAction, match="Finish the warrior"):
        R.apply(state, "ann", step(4, 2, "W"))
    starts = {
        tuple(a["warrior_from"]) for a in R.legal_actions(state, "ann") if "warrior_from" in a
    }
    assert starts == {(1, 2)}
    state, _ = act(state, "ann", END_WARRIOR, step(4, 2, "W"))
    assert state["board"]["3,2"] == {"red": 1}


def test_the_same_warrior_may_not_move_twice_in_a_turn():
    """'And the same warrior not twice in a turn.'"""
    state = moving(strip({"0,2": {"red": 1}, "1,2": {"red": 1}}), "ann", "3x1")
    state, _ = act(state, "ann", step(0, 2, "E"))  # ends on (1,2) next to the one standing there
    assert state["board"]["1,2"] == {"red": 2}
    state, _ = act(state, "ann", step(1, 2, "E"))  # the one that had not moved yet
    with pytest.raises(IllegalAction, match="not moved yet"):
        R.apply(state, "ann", step(1, 2, "N"))


def test_warriors_may_not_step_into_or_over_a_hole():
    """'Warriors may not jump over holes.'"""
    state = moving(strip({"0,0": {"red": 1}, "2,0": {"red": 1}}), "ann", "1x4")
    with pytest.raises(IllegalAction, match="hole"):
        R.apply(state, "ann", step(0, 0, "E"))
    with pytest.raises(IllegalAction, match="hole"):
        R.apply(state, "ann", step(2, 0, "W"))
    assert step(0, 0, "E") not in R.legal_actions(state, "ann")


def test_warriors_may_not_step_off_the_island():
    state = moving(strip({"0,0": {"red": 1}}), "ann", "1x4")
    with pytest.raises(IllegalAction, match="off the island"):
        R.apply(state, "ann", step(0, 0, "N"))


def test_a_warrior_may_not_pass_over_the_same_tile_twice():
    """'And may not pass over the same tile more than once' (its starting tile included)."""
    state = moving(strip({"0,2": {"red": 1}}), "ann", "1x4")
    state, _ = act(state, "ann", step(0, 2, "E"))
    with pytest.raises(IllegalAction, match="same tile twice"):
        R.apply(state, "ann", step(1, 2, "W"))
    state, _ = act(state, "ann", step(1, 2, "N"), step(1, 1, "W"))
    with pytest.raises(IllegalAction, match="same tile twice"):
        R.apply(state, "ann", step(0, 1, "S"))


def test_only_the_active_players_own_warriors_move():
    state = moving(strip({"0,2": {"blue": 3}}), "ann", "2x2")
    with pytest.raises(IllegalAction, match="no warrior"):
        R.apply(state, "ann", step(0, 2, "E"))
    assert R.legal_actions(state, "bob") == []


def test_movement_ends_by_itself_when_every_warrior_of_the_card_has_moved():
    state = moving(strip({"0,2": {"red": 2}}), "ann", "3x1")
    state["turn"]["warriors"] = 1
    state["rng"] = rigged(doom("eliminator"))
    state, _ = act(state, "ann", step(0, 2, "E"))
    assert state["turn"]["stage"] != "move"
    assert state["pending"]["kind"] == "eliminator"


def test_end_warrior_and_end_movement_are_offered_at_the_right_moments():
    state = moving(strip({"0,2": {"red": 2}}), "ann", "2x2")
    assert {"type": "end_movement"} in R.legal_actions(state, "ann")
    state, _ = act(state, "ann", step(0, 2, "E"))
    actions = R.legal_actions(state, "ann")
    assert {"type": "end_warrior"} in actions and {"type": "end_movement"} not in actions
    with pytest.raises(IllegalAction, match="Finish the moving warrior"):
        R.apply(state, "ann", END_MOVEMENT)

"""Tile capacity and pushing."""

import pytest

from rulesets.core.errors import IllegalAction
from tests.rulesets.battle_royale.helpers import (
    END_WARRIOR,
    STRIP,
    R,
    act,
    game,
    moving,
    push,
    put,
    step,
)

BASE = {"2,1": {"red": 1, "blue": 1, "green": 1}}


def strip(board: dict, players: int = 3) -> dict:
    base = BASE if players == 3 else {"2,1": {"red": 1, "blue": 1, "green": 1, "yellow": 1}}
    return put(game(players, rows=STRIP), {**base, **board})


def test_passing_over_a_full_tile_pushes_nobody():
    """'If a warrior ENDS on a full tile ...': passing over it is free."""
    state = moving(strip({"1,2": {"red": 1}, "2,2": {"blue": 5}}), "ann", "1x4")
    state, _ = act(state, "ann", step(1, 2, "E"), step(2, 2, "E"), END_WARRIOR)
    assert state["board"]["2,2"] == {"blue": 5}
    assert state["board"]["3,2"] == {"red": 1}


def test_ending_on_a_full_tile_lets_the_active_player_push_another_warrior_the_same_way():
    """'If a warrior ends on a full tile, the active player must push another warrior off that
    tile, in the same direction.'"""
    state = moving(strip({"2,2": {"red": 1}, "3,2": {"blue": 3, "green": 2}}), "ann", "2x2")
    state, _ = act(state, "ann", step(2, 2, "E"), END_WARRIOR)
    assert state["pending"]["kind"] == "push"
    assert R.legal_actions(state, "ann") == [push("blue"), push("green")]
    with pytest.raises(IllegalAction, match="First choose which warrior to push"):
        R.apply(state, "ann", step(3, 2, "E"))
    state, events = act(state, "ann", push("green"))
    assert state["board"]["3,2"] == {"red": 1, "blue": 3, "green": 1}
    assert state["board"]["4,2"] == {"green": 1}
    assert events[0]["type"] == "pushed"


def test_the_arriving_warrior_is_never_the_one_pushed():
    state = moving(strip({"2,2": {"red": 1}, "3,2": {"blue": 5}}), "ann", "2x2")
    state, _ = act(state, "ann", step(2, 2, "E"), END_WARRIOR)  # only blue can go: no question
    assert state["pending"] is None
    assert state["board"]["3,2"] == {"red": 1, "blue": 4}
    assert state["board"]["4,2"] == {"blue": 1}


def test_a_tile_of_four_players_holds_six():
    state = moving(strip({"2,2": {"red": 2}, "3,2": {"blue": 5}}, players=4), "ann", "2x2")
    state, _ = act(state, "ann", step(2, 2, "E"), END_WARRIOR)
    assert state["board"]["3,2"] == {"red": 1, "blue": 5}  # six: full, nobody pushed
    state, _ = act(state, "ann", step(2, 2, "E"), END_WARRIOR, push("blue"))
    assert state["board"]["3,2"] == {"red": 2, "blue": 4}
    assert state["board"]["4,2"] == {"blue": 1}


def test_pushes_chain_along_the_same_direction():
    """A pushed warrior ends on the next tile; if that one is over-full, it pushes too."""
    board = {"2,2": {"red": 1}, "3,2": {"blue": 5}, "4,2": {"green": 5}}
    state = moving(strip(board), "ann", "2x2")
    state, events = act(state, "ann", step(2, 2, "E"), END_WARRIOR)
    assert state["board"]["3,2"] == {"red": 1, "blue": 4}
    assert state["board"]["4,2"] == {"blue": 1, "green": 4}
    assert state["eliminated"] == {"green": 1}
    assert [e["type"] for e in events if "pushed" in e["type"]] == ["pushed", "pushed_off_island"]


def test_a_chain_asks_again_when_the_next_tile_offers_a_choice():
    board = {"2,2": {"red": 1}, "3,2": {"blue": 5}, "4,2": {"green": 3, "red": 2}}
    state = moving(strip(board), "ann", "2x2")
    state, _ = act(state, "ann", step(2, 2, "E"), END_WARRIOR)
    assert state["pending"]["tile"] == "4,2"
    assert state["pending"]["options"] == ["red", "green"]
    state, _ = act(state, "ann", push("red"))
    assert state["eliminated"] == {"red": 1}


def test_a_warrior_pushed_into_a_hole_goes_to_the_active_players_war_spoils():
    """'If a warrior would end up in a hole, it goes to the active player's war spoils.'"""
    state = moving(strip({"3,0": {"red": 1}, "2,0": {"blue": 5}}), "ann", "2x2")
    state, events = act(state, "ann", step(3, 0, "W"), END_WARRIOR)
    assert state["spoils"]["ann"] == {"blue": 1}
    assert state["board"]["2,0"] == {"red": 1, "blue": 4}
    assert "pushed_into_hole" in [e["type"] for e in events]


def test_the_active_players_own_warrior_pushed_into_a_hole_goes_to_their_war_spoils():
    """'If a warrior would end up in a hole, it goes to the active player's war spoils': any
    warrior, the active player's own too."""
    state = moving(strip({"3,0": {"red": 1}, "2,0": {"red": 5}}), "ann", "2x2")
    state, _ = act(state, "ann", step(3, 0, "W"), END_WARRIOR)
    assert state["spoils"]["ann"] == {"red": 1}
    assert state["eliminated"] == {}


def test_house_rule_own_warriors_eliminated():
    state = moving(strip({"3,0": {"red": 1}, "2,0": {"red": 5}}), "ann", "2x2")
    state["house_rules"] = ["own_warriors_eliminated"]
    state, _ = act(state, "ann", step(3, 0, "W"), END_WARRIOR)
    assert state["spoils"]["ann"] == {}
    assert state["eliminated"] == {"red": 1}


def test_a_warrior_pushed_off_the_island_is_eliminated_and_nobodys_spoils():
    """'Warriors ... off the board are eliminated.'"""
    state = moving(strip({"3,2": {"red": 1}, "4,2": {"blue": 5}}), "ann", "2x2")
    state, _ = act(state, "ann", step(3, 2, "E"), END_WARRIOR)
    assert state["eliminated"] == {"blue": 1}
    assert all(not s for s in state["spoils"].values())


def test_pushing_an_own_warrior_moves_one_that_has_not_moved_so_none_moves_twice():
    """Decision: of the active player's own warriors, one that has not moved yet is pushed
    (and may still move this turn); the one that moved stays spent."""
    state = moving(strip({"1,2": {"red": 1}, "2,2": {"red": 4, "blue": 1}}), "ann", "2x2")
    state, _ = act(state, "ann", step(1, 2, "E"), END_WARRIOR, push("red"))
    assert state["board"]["2,2"] == {"red": 4, "blue": 1}
    assert state["board"]["3,2"] == {"red": 1}
    assert state["turn"]["spent"] == {"2,2": 1}
    state, _ = act(state, "ann", step(3, 2, "E"))  # the pushed warrior still moves
    assert state["board"]["4,2"] == {"red": 1}


def test_pushing_a_moved_own_warrior_carries_its_moved_mark_along():
    board = {"0,2": {"red": 1}, "1,2": {"red": 1}, "2,2": {"blue": 4}}
    state = moving(strip(board), "ann", "3x2")
    # The first red warrior joins (2,2) (five there), the second arrives and pushes it on.
    state, _ = act(state, "ann", step(1, 2, "E"), END_WARRIOR)
    state, _ = act(state, "ann", step(0, 2, "E"), step(1, 2, "E"), push("red"))
    assert state["board"]["3,2"] == {"red": 1}
    assert state["turn"]["spent"] == {"2,2": 1, "3,2": 1}
    with pytest.raises(IllegalAction, match="not moved yet"):
        R.apply(state, "ann", step(3, 2, "E"))


def test_only_colours_on_the_tile_can_be_chosen():
    state = moving(strip({"2,2": {"red": 1}, "3,2": {"blue": 3, "green": 2}}), "ann", "2x2")
    state, _ = act(state, "ann", step(2, 2, "E"), END_WARRIOR)
    with pytest.raises(IllegalAction, match="may not push"):
        R.apply(state, "ann", push("yellow"))
    with pytest.raises(IllegalAction, match="may not push"):
        R.apply(state, "ann", push("red"))

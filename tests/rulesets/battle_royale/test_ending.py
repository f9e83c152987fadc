"""Going out, the end of the game, placements, resigning."""

import pytest

from rulesets.core.errors import IllegalAction
from tests.rulesets.battle_royale.helpers import (
    END_MOVEMENT,
    STRIP,
    R,
    act,
    doom,
    game,
    moving,
    put,
    rigged,
    step,
    types,
)


def roll(state: dict, *rolls) -> tuple[dict, list]:
    seat = state["turn"]["seat"]
    state = moving(state, seat, "2x2")
    state["rng"] = rigged(*rolls)
    return act(state, seat, END_MOVEMENT)


def test_a_player_without_warriors_on_the_island_is_out_and_skipped():
    state = put(
        game(3, rows=STRIP),
        {"0,2": {"red": 2, "blue": 1}, "2,1": {"red": 1, "green": 1}, "4,2": {"green": 2}},
    )
    state, events = roll(state, doom("battle_royale"))
    assert state["out"] == [["bob"]]
    assert "player_out" in types(events)
    assert R.to_move(state) == ["cid"]  # bob's turn is skipped
    assert R.outcome(state) is None


def test_the_game_ends_when_one_player_is_left_and_placements_follow_the_order_of_going_out():
    """'The game ends when only one player is left.'"""
    state = put(
        game(3, rows=STRIP),
        {"0,2": {"red": 2, "blue": 1}, "2,1": {"red": 1}, "4,2": {"green": 1, "red": 2}},
    )
    state["board"]["3,2"] = {"green": 1}
    state, _ = roll(state, doom("battle_royale"))  # blue goes out; green keeps one
    assert state["out"] == [["bob"]] and state["board"]["3,2"] == {"green": 1}
    state["board"]["3,2"] = {"green": 1, "red": 2}
    state, events = roll(state, doom("battle_royale"))  # green's own roll takes its last
    outcome = R.outcome(state)
    assert outcome.winners == ["ann"]
    assert outcome.placements == {"ann": 1, "cid": 2, "bob": 3}
    assert outcome.scores["ann"]["warriors"] == 7
    assert state["phase"] == "over" and R.to_move(state) == []
    assert events[-1]["type"] == "game_over"
    with pytest.raises(IllegalAction, match="over"):
        R.apply(state, "ann", {"type": "end_movement"})


def test_players_going_out_at_the_same_moment_share_their_place():
    state = put(
        game(3, rows=STRIP),
        {"0,2": {"red": 2, "blue": 1}, "2,1": {"red": 1}, "4,2": {"green": 1, "red": 2}},
    )
    state, _ = roll(state, doom("battle_royale"))
    assert R.outcome(state).placements == {"ann": 1, "bob": 2, "cid": 2}


def test_when_the_last_players_all_go_out_at_once_they_share_the_win():
    state = put(game(3, rows=["F##"]), {"2,0": {"red": 1, "blue": 1, "green": 1}})
    state["eliminator"] = "1,0"
    state, _ = roll(state, doom("explosion"))  # (2,0) is cut off and sinks
    outcome = R.outcome(state)
    assert outcome.winners == ["ann", "bob", "cid"]
    assert set(outcome.placements.values()) == {1}


def test_only_the_flag_tile_left_the_most_warriors_there_win():
    """'Or when only the flag tile is still in play. In that case the player with the most
    warriors wins.'"""
    state = put(game(3, rows=["F#"]), {"0,0": {"red": 1, "blue": 3, "green": 1}})
    state["eliminator"] = "1,0"
    state["spoils"]["ann"] = {"blue": 4}
    state, _ = roll(state, doom("explosion"))
    outcome = R.outcome(state)
    assert state["result"]["reason"] == "flag_tile"
    assert outcome.winners == ["bob"]
    assert outcome.placements == {"bob": 1, "ann": 2, "cid": 3}  # red wins the tie on spoils


def test_only_the_flag_tile_left_a_tie_is_broken_by_the_war_spoils():
    """'In a tie, the player with the largest war spoils wins.'"""
    state = put(game(3, rows=["F#"]), {"0,0": {"red": 2, "blue": 2, "green": 1}})
    state["eliminator"] = "1,0"
    state["spoils"]["bob"] = {"green": 2}
    state["spoils"]["ann"] = {"green": 1}
    state, _ = roll(state, doom("explosion"))
    assert R.outcome(state).winners == ["bob"]


def test_only_the_flag_tile_left_a_full_tie_shares_the_win():
    state = put(game(3, rows=["F#"]), {"0,0": {"red": 2, "blue": 2, "green": 1}})
    state["eliminator"] = "1,0"
    state, _ = roll(state, doom("explosion"))
    assert R.outcome(state).placements == {"ann": 1, "bob": 1, "cid": 3}


def test_players_out_before_the_flag_ending_rank_below_those_on_the_flag_tile():
    state = put(game(3, rows=["F#"]), {"0,0": {"red": 2, "blue": 1}, "1,0": {"green": 1}})
    state["eliminator"] = "1,0"
    state, _ = roll(state, doom("explosion"), (8, 6))  # green's warrior flies off the island
    assert R.outcome(state).placements == {"ann": 1, "bob": 2, "cid": 3}


def test_resigning_in_a_two_player_game_hands_the_other_player_the_win():
    state = game(2)
    res = R.resign(state, "ann")
    assert R.outcome(res.state).winners == ["bob"]
    assert R.outcome(res.state).placements == {"bob": 1, "ann": 2}
    assert R.outcome(state) is None  # the input is untouched


def test_resigning_in_a_multiplayer_game_takes_the_seat_out_and_play_goes_on():
    state = game(3)
    res = R.resign(state, "ann")  # on ann's own turn
    state = res.state
    assert R.outcome(state) is None
    assert R.to_move(state) == ["bob"]
    assert all("red" not in w for w in state["board"].values())
    assert state["eliminated"]["red"] == 17
    state = R.resign(state, "cid").state
    assert R.outcome(state).placements == {"bob": 1, "cid": 2, "ann": 3}
    with pytest.raises(IllegalAction):
        R.resign(state, "bob")


def test_a_resigned_seat_cannot_resign_twice_or_act():
    state = R.resign(game(3), "bob").state
    with pytest.raises(IllegalAction, match="already out"):
        R.resign(state, "bob")
    assert R.legal_actions(state, "bob") == []


def test_warriors_in_the_reserve_do_not_keep_a_player_in():
    """Decision: 'left' means warriors on the island; the reserve waits off the island."""
    state = put(game(3, rows=STRIP), {"0,2": {"red": 2, "blue": 1}, "2,1": {"red": 1, "green": 1}})
    assert state["reserve"]["blue"] > 0
    state, _ = roll(state, doom("battle_royale"))
    assert state["out"] == [["bob"]]


def test_a_resignation_during_anothers_push_choice_looks_at_the_tile_again():
    board = {"2,1": {"red": 1, "blue": 1}, "2,2": {"red": 1}, "3,2": {"blue": 3, "green": 2}}
    state = put(game(3, rows=STRIP), board)
    state = moving(state, "ann", "2x2")
    state, _ = act(state, "ann", step(2, 2, "E"), {"type": "end_warrior"})
    assert state["pending"]["options"] == ["blue", "green"]
    state = R.resign(state, "cid").state
    assert state["pending"] is None
    assert state["board"]["3,2"] == {"red": 1, "blue": 3}
    assert R.to_move(state) == ["ann"] and state["turn"]["stage"] == "move"

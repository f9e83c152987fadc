"""The two-player game: neutral warriors, quiet first turns, the extra doom roll."""

import pytest

from rulesets.core.errors import IllegalAction
from tests.rulesets.battle_royale.helpers import (
    END_MOVEMENT,
    END_WARRIOR,
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

BASE = {"2,1": {"red": 1, "blue": 1}}


def duel(board: dict, turn_number: int = 4, first_seat: str = "ann") -> dict:
    state = put(game(2, rows=STRIP, first_seat=first_seat), {**BASE, **board})
    state["turn"]["number"] = turn_number
    return state


def doom_phase(state: dict, *rolls) -> tuple[dict, list]:
    seat = state["turn"]["seat"]
    state = moving(state, seat, "2x2")
    state["rng"] = rigged(*rolls)
    return act(state, seat, END_MOVEMENT)


@pytest.mark.parametrize("layout", ["first_game", "full"])
def test_two_neutral_warriors_stand_on_each_of_the_nine_middle_tiles(layout):
    """'During setup, two warriors of an unused colour are placed on each of the nine middle
    tiles.'"""
    state = game(2, layout=layout)
    middle = {f"{x},{y}" for x in (1, 2, 3) for y in (1, 2, 3)}
    for tile, warriors in state["board"].items():
        assert warriors.get("grey", 0) == (2 if tile in middle else 0)
        assert warriors["red"] == warriors["blue"] == 1
    assert state["neutral_start"] == 18
    assert game(3)["neutral_start"] == 0


def test_middle_places_without_a_tile_get_no_neutral_warriors():
    state = game(2, rows=STRIP)
    assert state["neutral_start"] == 16  # the hole at (1,0) is one of the nine places


def test_nobody_moves_the_neutral_warriors():
    """'Nobody plays this colour and its warriors do not move by themselves.'"""
    state = moving(duel({"0,2": {"grey": 3}}), "ann", "2x2")
    starts = {
        tuple(a["warrior_from"]) for a in R.legal_actions(state, "ann") if "warrior_from" in a
    }
    assert starts == {(2, 1)}
    with pytest.raises(IllegalAction):
        R.apply(state, "ann", step(0, 2, "E"))


def test_neutral_warriors_can_be_pushed_into_a_hole_as_war_spoils():
    state = moving(duel({"3,0": {"red": 1}, "2,0": {"grey": 5}}), "ann", "2x2")
    state, _ = act(state, "ann", step(3, 0, "W"), END_WARRIOR)
    assert state["spoils"]["ann"] == {"grey": 1}


def test_no_battle_royale_in_the_first_three_turns():
    """'No Battle Royales are carried out in the first three turns.' Decision: the first three
    turns of the game (ann, bob, ann), whatever calls the battle: die, card or question mark."""
    board = {"0,2": {"red": 2, "blue": 1}}
    state, events = doom_phase(duel(board, turn_number=3), doom("battle_royale"))
    assert "battle_royale_skipped" in types(events)
    assert state["board"]["0,2"] == {"red": 2, "blue": 1}
    state, _ = doom_phase(duel(board, turn_number=1), doom("question"))
    assert [a["face"] for a in R.legal_actions(state, "ann")] == ["eliminator", "explosion"]
    state, _ = doom_phase(duel(board, turn_number=4), doom("battle_royale"))
    assert state["board"]["0,2"] == {"red": 2}


def test_neutral_warriors_take_part_in_battle_royales_and_can_lose():
    """'... but they do take part in Battle Royales.'"""
    state, _ = doom_phase(duel({"0,2": {"red": 3, "grey": 2}}), doom("battle_royale"))
    assert state["board"]["0,2"] == {"red": 3, "grey": 1}
    assert state["spoils"]["ann"] == {"grey": 1}


def test_a_neutral_win_takes_a_warrior_from_the_player_who_still_has_the_most():
    """'If the NPC wins a fight, it takes a warrior from the player who still has the most.'
    Decision: the most warriors on the island; only that one player loses a warrior."""
    board = {"0,2": {"grey": 2, "red": 1, "blue": 1}, "4,2": {"blue": 3}}
    state, _ = doom_phase(duel(board), doom("battle_royale"))
    assert state["board"]["0,2"] == {"grey": 2, "red": 1}
    assert state["eliminated"] == {"blue": 1}
    assert all(not s for s in state["spoils"].values())


def test_a_neutral_win_between_equal_players_takes_from_the_active_player():
    """'In a tie, it takes one from the active player.'"""
    board = {"0,2": {"grey": 2, "red": 1, "blue": 1}}
    state, _ = doom_phase(duel(board, first_seat="bob"), doom("battle_royale"))
    assert state["board"]["0,2"] == {"grey": 2, "red": 1}
    state, _ = doom_phase(duel(board), doom("battle_royale"))
    assert state["board"]["0,2"] == {"grey": 2, "blue": 1}


def test_a_player_winning_with_the_neutrals_gets_the_losers_warrior():
    """'If a player and the NPC both win, the other player gets the loser's warrior.'"""
    board = {"0,2": {"grey": 2, "red": 2, "blue": 1}}
    for first in ("ann", "bob"):
        state, _ = doom_phase(duel(board, first_seat=first), doom("battle_royale"))
        assert state["board"]["0,2"] == {"grey": 2, "red": 2}
        assert state["spoils"]["ann"] == {"blue": 1}


def test_after_every_turn_the_die_is_rolled_again_and_only_an_explosion_counts():
    """'After every turn the die is rolled once more; if the explosion sign comes up, it is
    carried out.'"""
    state = duel({})
    state["eliminator"] = "4,2"
    state, events = doom_phase(state, doom("battle_royale"), doom("explosion"))
    assert "4,2" not in state["board"]
    assert types(events)[-3:] == ["extra_roll", "explosion", "turn_start"]
    state = duel({})
    state["eliminator"] = "4,2"
    state, events = doom_phase(state, doom("battle_royale"), doom("question"))
    assert "4,2" in state["board"] and "extra_roll" in types(events)
    assert R.to_move(state) == ["bob"]


def test_an_extra_roll_explosion_under_a_hole_moves_the_eliminator_first():
    state = duel({})
    state["eliminator"] = "1,0"
    state, _ = doom_phase(state, doom("battle_royale"), doom("explosion"))
    assert state["pending"]["kind"] == "eliminator" and R.to_move(state) == ["ann"]
    state, _ = act(state, "ann", {"type": "move_eliminator", "to": [0, 0]})
    assert R.to_move(state) == ["bob"]


def test_there_is_no_extra_roll_with_three_players():
    state = put(game(3, rows=STRIP), {"2,1": {"red": 1, "blue": 1, "green": 1}})
    state = moving(state, "ann", "2x2")
    state["rng"] = rigged(doom("battle_royale"))
    state, events = act(state, "ann", END_MOVEMENT)
    assert "extra_roll" not in types(events)

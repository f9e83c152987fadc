"""The extra actions and the doom phase: Battle Royale, the eliminator, explosions, sinking."""

import pytest

from rulesets.core.errors import IllegalAction
from tests.rulesets.battle_royale.helpers import (
    END_MOVEMENT,
    STRIP,
    R,
    act,
    doom,
    eliminator_to,
    game,
    moving,
    put,
    rigged,
    step,
    types,
)

BASE = {"2,1": {"red": 1, "blue": 1, "green": 1}}


def doom_phase(board: dict, *rolls, first_seat: str = "ann", card_id: str = "2x2") -> tuple:
    """The active player moves nobody and rolls the doom die with the rigged results."""
    state = put(game(3, rows=STRIP, first_seat=first_seat), {**BASE, **board})
    seat = state["turn"]["seat"]
    state = moving(state, seat, card_id)
    state["rng"] = rigged(*rolls)
    return act(state, seat, END_MOVEMENT)


# --- Battle Royale ------------------------------------------------------------------------


def test_battle_royale_the_majority_takes_one_warrior_of_the_loser_as_war_spoils():
    """'The player with the most warriors wins and takes one warrior of the loser as war
    spoils.'"""
    state, events = doom_phase({"0,2": {"red": 2, "blue": 1}}, doom("battle_royale"))
    assert state["board"]["0,2"] == {"red": 2}
    assert state["spoils"]["ann"] == {"blue": 1}
    assert "fight" in types(events)


def test_battle_royale_a_loser_loses_at_most_one_warrior():
    """'A player can lose at most one warrior.'"""
    state, _ = doom_phase({"0,2": {"red": 4, "blue": 3}}, doom("battle_royale"))
    assert state["board"]["0,2"] == {"red": 4, "blue": 2}


def test_battle_royale_equal_numbers_do_nothing():
    """'If different players have equal numbers of warriors on a tile, nothing happens.'"""
    board = {"0,2": {"red": 2, "blue": 2}, "1,2": {"red": 1, "blue": 1, "green": 1}}
    state, _ = doom_phase(board, doom("battle_royale"))
    assert state["board"]["0,2"] == {"red": 2, "blue": 2}
    assert state["board"]["1,2"] == {"red": 1, "blue": 1, "green": 1}
    assert all(not s for s in state["spoils"].values())


def test_battle_royale_is_not_fought_on_the_flag_tile():
    """'For every tile except the flag tile.'"""
    state, _ = doom_phase({"2,1": {"red": 3, "blue": 1, "green": 1}}, doom("battle_royale"))
    assert state["board"]["2,1"] == {"red": 3, "blue": 1, "green": 1}


def test_battle_royale_a_lone_colour_does_not_fight():
    state, _ = doom_phase({"0,2": {"blue": 4}}, doom("battle_royale"))
    assert state["board"]["0,2"] == {"blue": 4}


def test_battle_royale_every_loser_loses_one_warrior():
    """'There can be several [losers]; in that case each loser loses one warrior.'"""
    state, _ = doom_phase({"4,2": {"red": 3, "blue": 2, "green": 1}}, doom("battle_royale"))
    assert state["board"]["4,2"] == {"red": 3, "blue": 1}
    assert state["spoils"]["ann"] == {"blue": 1, "green": 1}


def test_battle_royale_tied_winners_give_the_warrior_to_the_active_player():
    """'If the winners are tied, the loser's warrior goes to the active player.'"""
    state, _ = doom_phase({"3,2": {"red": 2, "blue": 2, "green": 1}}, doom("battle_royale"))
    assert state["board"]["3,2"] == {"red": 2, "blue": 2}
    assert state["spoils"] == {"ann": {"green": 1}, "bob": {}, "cid": {}}


def test_battle_royale_tied_winners_without_the_active_player_give_it_to_the_next_winner():
    """'If the active player is not a winner, it goes to the next player in turn order' —
    decision: the first of the winners after the active player."""
    state, _ = doom_phase({"3,2": {"red": 1, "blue": 2, "green": 2}}, doom("battle_royale"))
    assert state["spoils"]["bob"] == {"red": 1}  # ann is active: bob comes before cid
    state, _ = doom_phase(
        {"3,2": {"red": 2, "blue": 1, "green": 2}}, doom("battle_royale"), first_seat="bob"
    )
    assert state["spoils"]["cid"] == {"blue": 1}  # bob is active: cid comes before ann


def test_battle_royale_can_be_the_extra_action_of_a_card_after_the_movement():
    """'Some cards also show an extra action, carried out after the movement.'"""
    state = put(game(3, rows=STRIP), {**BASE, "0,2": {"red": 1}, "1,2": {"red": 1, "blue": 1}})
    state = moving(state, "ann", "1x3-battle")
    assert state["board"]["1,2"] == {"red": 1, "blue": 1}
    state["rng"] = rigged(doom("eliminator"))
    state, events = act(state, "ann", step(0, 2, "E"), {"type": "end_warrior"})
    assert state["board"]["1,2"] == {"red": 2}
    assert types(events).index("battle_royale") < types(events).index("doom_roll")


# --- the eliminator -------------------------------------------------------------------------


def test_moving_the_eliminator_allows_diagonals_one_place_anywhere_under_the_platform():
    """'You may move the eliminator, diagonally too.' 'May': it may also stay where it is."""
    state, _ = doom_phase({}, doom("eliminator"))
    assert state["pending"]["kind"] == "eliminator"
    targets = sorted(tuple(a["to"]) for a in R.legal_actions(state, "ann"))
    assert targets == sorted((x, y) for x in (1, 2, 3) for y in (0, 1, 2))
    with pytest.raises(IllegalAction, match="1 place"):
        R.apply(state, "ann", eliminator_to(4, 1))
    stays, events = act(state, "ann", eliminator_to(2, 1))
    assert stays["eliminator"] == "2,1" and types(events)[0] == "eliminator_stays"
    assert R.to_move(stays) == ["bob"]
    state, _ = act(state, "ann", eliminator_to(1, 0))  # under the hole: allowed
    assert state["eliminator"] == "1,0"
    assert R.to_move(state) == ["bob"]


def test_house_rule_eliminator_must_move_leaves_no_staying():
    state, _ = doom_phase({}, doom("eliminator"))
    state["house_rules"] = ["eliminator_must_move"]
    targets = sorted(tuple(a["to"]) for a in R.legal_actions(state, "ann"))
    assert targets == sorted((x, y) for x in (1, 2, 3) for y in (0, 1, 2) if (x, y) != (2, 1))
    with pytest.raises(IllegalAction, match="1 place"):
        R.apply(state, "ann", eliminator_to(2, 1))


def test_a_card_with_move_the_eliminator_asks_for_it_after_the_movement():
    state = put(game(3, rows=STRIP), {**BASE, "0,2": {"red": 1}})
    state = moving(state, "ann", "2x2-eliminator")
    assert state["pending"] is None
    state, _ = act(state, "ann", END_MOVEMENT)
    assert state["pending"]["kind"] == "eliminator"
    assert len(state["hands"]["ann"]) == 3  # the draw comes after the extra action


def test_a_full_hand_is_drawn_after_the_extra_action_and_before_the_doom_phase():
    """'Then a card is drawn so that you hold four again.'"""
    state, _ = doom_phase({}, doom("eliminator"))
    assert len(state["hands"]["ann"]) == 4  # drawn before the doom die asks for a decision


# --- explosions -------------------------------------------------------------------------------


def test_an_explosion_launches_the_tile_above_the_eliminator():
    """'The launched tile is removed ... warriors that fall into the box or off the board are
    eliminated and go to nobody's spoils. Warriors that landed on another tile are stood up.'
    Digital rule: each warrior flies to one of the eight places around, chosen by the dice."""
    state = put(game(3, rows=STRIP), {**BASE, "3,2": {"red": 2, "blue": 1}})
    state["eliminator"] = "3,2"
    state = moving(state, "ann", "2x2")
    # red -> up-left (the flag tile), red -> down (off the island), blue -> left (2,2)
    state["rng"] = rigged(doom("explosion"), (8, 0), (8, 6), (8, 3))
    state, events = act(state, "ann", END_MOVEMENT)
    assert "3,2" not in state["board"]
    assert state["board"]["2,1"] == {"red": 2, "blue": 1, "green": 1}
    assert state["board"]["2,2"] == {"blue": 1}
    assert state["eliminated"] == {"red": 1}
    assert all(not s for s in state["spoils"].values())
    boom = next(e for e in events if e["type"] == "explosion")
    assert boom["landed"] == {"red": 1, "blue": 1} and boom["eliminated"] == {"red": 1}


def test_a_launched_warrior_landing_on_a_full_tile_or_a_hole_falls_into_the_box():
    state = put(game(3, rows=STRIP), {**BASE, "2,2": {"blue": 5}, "2,0": {"red": 2}})
    state["eliminator"] = "2,0"
    state = moving(state, "ann", "2x2")
    # one red -> left (the hole at (1,0)), one red -> down-left... (1,1) has room: lands
    state["rng"] = rigged(doom("explosion"), (8, 3), (8, 5))
    state, _ = act(state, "ann", END_MOVEMENT)
    assert state["board"]["1,1"] == {"red": 1}
    assert state["eliminated"] == {"red": 1}
    state = put(game(3, rows=STRIP), {**BASE, "2,2": {"blue": 5}, "3,1": {"red": 1}})
    state["eliminator"] = "3,1"
    state = moving(state, "ann", "2x2")
    state["rng"] = rigged(doom("explosion"), (8, 5))  # -> (2,2): full
    state, _ = act(state, "ann", END_MOVEMENT)
    assert state["board"]["2,2"] == {"blue": 5}
    assert state["eliminated"] == {"red": 1}


@pytest.mark.parametrize("where", ["1,0", "2,1"])
def test_an_explosion_under_a_hole_or_the_flag_tile_moves_the_eliminator_instead(where):
    """'If an explosion is rolled while the eliminator is under a hole or under the flag tile,
    the eliminator must be moved instead of the explosion.'"""
    state = put(game(3, rows=STRIP), {**BASE})
    state["eliminator"] = where
    state = moving(state, "ann", "2x2")
    tiles = set(state["board"])
    state["rng"] = rigged(doom("explosion"))
    state, events = act(state, "ann", END_MOVEMENT)
    assert set(state["board"]) == tiles
    assert "explosion_replaced" in types(events)
    assert state["pending"]["kind"] == "eliminator"


def test_tiles_cut_off_from_the_flag_tile_sink_with_their_warriors():
    """'Every tile no longer orthogonally connected to the flag tile is removed from play,
    together with the warriors on it.'"""
    state = put(game(3, rows=STRIP), {**BASE, "0,0": {"blue": 2, "green": 1}})
    state["eliminator"] = "0,1"
    state = moving(state, "ann", "2x2")
    state["rng"] = rigged(doom("explosion"))
    state, events = act(state, "ann", END_MOVEMENT)
    assert "0,1" not in state["board"] and "0,0" not in state["board"]
    assert state["eliminated"] == {"blue": 2, "green": 1}
    assert types(events)[1:3] == ["explosion", "tile_sunk"]


def test_an_explosion_card_launches_after_the_movement():
    state = put(game(3, rows=STRIP), {**BASE, "4,1": {"red": 1}})
    state["eliminator"] = "4,2"
    state = moving(state, "ann", "1x2-explosion")
    state["rng"] = rigged(doom("eliminator"))
    state, events = act(state, "ann", step(4, 1, "S"), {"type": "end_warrior"})
    # The warrior stepped onto (4,2) first; then that tile was launched: it flew.
    assert "4,2" not in state["board"]
    assert types(events).index("step") < types(events).index("explosion")


# --- the question mark -------------------------------------------------------------------------


def test_the_question_mark_lets_the_active_player_choose_the_action():
    """'The doom die also has a question mark: the active player chooses which action.'"""
    state, _ = doom_phase({"0,2": {"red": 2, "blue": 1}}, doom("question"))
    assert R.legal_actions(state, "ann") == [
        {"type": "choose_doom", "face": f} for f in ("battle_royale", "eliminator", "explosion")
    ]
    with pytest.raises(IllegalAction):
        R.apply(state, "ann", {"type": "choose_doom", "face": "question"})
    state, _ = act(state, "ann", {"type": "choose_doom", "face": "battle_royale"})
    assert state["spoils"]["ann"] == {"blue": 1}
    assert R.to_move(state) == ["bob"]


def test_the_doom_die_has_six_faces_with_three_outcomes_and_a_question_mark():
    from rulesets.battle_royale import catalogue

    faces = catalogue.doom_faces()
    assert len(faces) == 6
    assert set(faces) == {"battle_royale", "eliminator", "explosion", "question"}

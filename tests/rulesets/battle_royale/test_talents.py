"""Talent cards (variant): the draft and the eight talents."""

import pytest

from rulesets.battle_royale import catalogue
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
)

BASE = {"2,1": {"red": 1, "blue": 1, "green": 1}}


def with_talent(talent: str, seat: str = "ann", board: dict | None = None) -> dict:
    state = put(game(3, rows=STRIP), {**BASE, **(board or {})})
    state["talents"][seat] = talent
    return state


def test_there_are_eight_talents_and_players_plus_one_are_laid_open():
    """'All eight are shuffled and one more than the number of players is drawn.'"""
    assert len(catalogue.talents()) == 8
    for n in (2, 3, 4):
        state = game(n, talents=True)
        assert state["phase"] == "draft"
        assert len(state["draft"]["offer"]) == n + 1
        assert set(state["draft"]["offer"]) <= set(catalogue.talents())


def test_the_player_right_of_the_starting_player_picks_first_then_counter_clockwise():
    """'The player to the right of the starting player picks a talent card first, and picking
    continues counter-clockwise until everyone has one.' Turn order is clockwise, so the
    picking runs through the turn order backwards and the starting player picks last."""
    state = game(4, talents=True, first_seat="bob")
    assert state["order"] == ["bob", "cid", "dee", "ann"]
    picked = []
    while state["phase"] == "draft":
        (seat,) = R.to_move(state)
        picked.append(seat)
        assert R.legal_actions(state, seat) == [
            {"type": "pick_talent", "talent": t} for t in state["draft"]["offer"]
        ]
        state, _ = act(state, seat, R.legal_actions(state, seat)[0])
    assert picked == ["ann", "dee", "cid", "bob"]
    assert len(state["draft"]["offer"]) == 1  # set aside, face up
    assert all(state["talents"].values())
    assert R.to_move(state) == ["bob"] and state["turn"]["number"] == 1


def test_the_draft_comes_first_and_an_unoffered_talent_is_refused():
    state = game(2, talents=True)
    with pytest.raises(IllegalAction, match="talent"):
        R.apply(state, "bob", {"type": "play_card", "card": state["hands"]["bob"][0]})
    missing = next(t for t in catalogue.talents() if t not in state["draft"]["offer"])
    with pytest.raises(IllegalAction, match="not on offer"):
        R.apply(state, "bob", {"type": "pick_talent", "talent": missing})
    with pytest.raises(IllegalAction, match="not your turn"):
        R.apply(state, "ann", {"type": "pick_talent", "talent": state["draft"]["offer"][0]})


def test_the_talents_are_public():
    state = game(3, talents=True)
    state, _ = act(state, "cid", {"type": "pick_talent", "talent": state["draft"]["offer"][0]})
    assert R.view(state, "ann")["talents"]["cid"] == state["talents"]["cid"]


def test_sprinter_takes_one_step_more():
    state = moving(with_talent("sprinter"), "ann", "1x4")
    assert state["turn"]["steps"] == 5


def test_commander_moves_one_warrior_more():
    state = moving(with_talent("commander"), "ann", "2x2")
    assert state["turn"]["warriors"] == 3


def test_tactician_wins_a_tie_for_most_alone():
    state = with_talent("tactician", "bob", {"0,2": {"red": 2, "blue": 2, "green": 1}})
    state = moving(state, "ann", "2x2")
    state["rng"] = rigged(doom("battle_royale"))
    state, _ = act(state, "ann", END_MOVEMENT)
    assert state["board"]["0,2"] == {"red": 1, "blue": 2}
    assert state["spoils"]["bob"] == {"red": 1, "green": 1}


def test_stubborn_warriors_are_pushed_only_when_nothing_else_can_be():
    board = {"2,2": {"red": 2}, "3,2": {"blue": 3, "green": 2}}
    state = moving(with_talent("stubborn", "bob", board), "ann", "2x2")
    state, _ = act(state, "ann", step(2, 2, "E"), END_WARRIOR)
    assert state["board"]["4,2"] == {"green": 1}  # green was the only choice
    state["board"]["3,2"] = {"blue": 5}
    state, _ = act(state, "ann", step(2, 2, "E"), END_WARRIOR)
    assert state["board"]["4,2"] == {"green": 1, "blue": 1}


def test_hoarder_keeps_enemy_warriors_pushed_off_the_island():
    state = moving(
        with_talent("hoarder", "ann", {"3,2": {"red": 1}, "4,2": {"blue": 5}}), "ann", "2x2"
    )
    state, _ = act(state, "ann", step(3, 2, "E"), END_WARRIOR)
    assert state["spoils"]["ann"] == {"blue": 1}
    assert state["eliminated"] == {}


def test_oracle_rolls_a_die_with_a_second_question_mark():
    faces = catalogue.talents()["oracle"]["effect"]["doom_faces"]
    assert faces.count("question") == 2 and len(faces) == 6
    state = moving(with_talent("oracle"), "ann", "2x2")
    state["rng"] = rigged((6, 1))  # face 1: battle royale on the plain die, ? for the oracle
    state, _ = act(state, "ann", END_MOVEMENT)
    assert state["pending"]["kind"] == "doom_choice"


def test_quartermaster_holds_five_cards():
    state = game(2, talents=True)
    state["draft"]["offer"][0] = "quartermaster"
    state, _ = act(state, "bob", {"type": "pick_talent", "talent": "quartermaster"})
    assert len(state["hands"]["bob"]) == 5
    state, _ = act(state, "ann", R.legal_actions(state, "ann")[0])
    assert len(state["hands"]["ann"]) == 4


def test_demolisher_moves_the_eliminator_up_to_two_places():
    state = moving(with_talent("demolisher"), "ann", "2x2")
    state["rng"] = rigged(doom("eliminator"))
    state, _ = act(state, "ann", END_MOVEMENT)
    targets = {tuple(a["to"]) for a in R.legal_actions(state, "ann")}
    assert (4, 0) in targets and (0, 2) in targets and len(targets) == 15  # staying too
    state, _ = act(state, "ann", {"type": "move_eliminator", "to": [4, 2]})
    assert state["eliminator"] == "4,2"

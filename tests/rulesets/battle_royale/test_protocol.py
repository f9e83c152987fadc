"""The engine contract: views, hostile input, purity, logged results."""

import json

import pytest

from rulesets.core.errors import IllegalAction, InvalidResult
from tests.rulesets.battle_royale.helpers import SEATS, R, act, game


def test_a_seat_sees_its_own_hand_and_only_the_counts_of_the_others():
    state = game(3)
    view = R.view(state, "bob")
    assert view["hand"] == state["hands"]["bob"]
    assert "hands" not in view and "decks" not in view and "rng" not in view
    assert view["hand_counts"] == {"ann": 4, "bob": 4, "cid": 4}
    assert view["deck_counts"] == {"ann": 6, "bob": 6, "cid": 6}
    json.dumps(view)


def test_a_spectator_sees_the_public_board_and_no_hand():
    state = game(4, talents=True, special_actions=True)
    view = R.view(state, None)
    assert view["hand"] is None
    assert view["board"] == state["board"] and view["eliminator"] == state["eliminator"]
    assert view["draft"] == state["draft"] and view["specials"] == state["specials"]
    assert set(view) >= {"spoils", "reserve", "eliminated", "discards", "turn", "out"}


def test_view_does_not_change_the_state():
    state = game(2)
    before = json.dumps(state, sort_keys=True)
    view = R.view(state, "ann")
    view["hand"].clear()
    view["board"].clear()
    assert json.dumps(state, sort_keys=True) == before


@pytest.mark.parametrize(
    "action",
    [
        None,
        "play_card",
        [],
        {},
        {"type": 3},
        {"type": "fly"},
        {"type": "play_card"},
        {"type": "play_card", "card": ["2x2"]},
        {"type": "step", "warrior_from": "2,2", "direction": "N"},
        {"type": "step", "warrior_from": [2, True], "direction": "N"},
        {"type": "step", "warrior_from": [2, 2, 2], "direction": "N"},
        {"type": "step", "warrior_from": [2, 2]},
        {"type": "move_eliminator", "to": [1, 1]},
        {"type": "choose_push", "colour": "red"},
        {"type": "choose_doom", "face": "explosion"},
        {"type": "sacrifice", "tile": [2, 2]},
        {"type": "pick_talent", "talent": "sprinter"},
        {"type": "end_warrior"},
        {"type": "end_movement"},
        {"type": "special_action", "card": "rally"},
    ],
)
def test_garbage_and_untimely_actions_are_refused_with_a_sentence(action):
    state = game(3)
    with pytest.raises(IllegalAction) as err:
        R.apply(state, "ann", action)
    assert err.value.reason.endswith(".")


def test_acting_out_of_turn_or_from_outside_the_table_is_refused():
    state = game(3)
    action = R.legal_actions(state, "ann")[0]
    assert R.legal_actions(state, "bob") == []
    with pytest.raises(IllegalAction, match="not your turn"):
        R.apply(state, "bob", action)
    with pytest.raises(IllegalAction, match="not seated"):
        R.apply(state, "zed", action)
    with pytest.raises(IllegalAction, match="not seated"):
        R.resign(state, "zed")


def test_apply_never_changes_its_input():
    state = game(3)
    before = json.dumps(state, sort_keys=True)
    R.apply(state, "ann", R.legal_actions(state, "ann")[0])
    R.resign(state, "bob")
    assert json.dumps(state, sort_keys=True) == before


def test_events_are_public_sentences():
    state = game(3, special_actions=True)
    state, events = act(state, "ann", R.legal_actions(state, "ann")[0])
    for event in events:
        assert isinstance(event["type"], str) and isinstance(event["text"], str)
        assert not {"hand", "hands", "deck", "decks", "rng"} & set(event)


def test_score_fields_are_warriors_and_spoils():
    assert [f.name for f in R.score_fields] == ["warriors", "spoils"]


def test_a_sound_logged_result_passes():
    """Each of a player's 22 warriors counts once: up to 22 left on the island and, in a
    3-player game, up to 44 captured spoils pass, one more does not; a player with warriors
    left ranks above one with none."""
    sound = {"p1": {"warriors": 5, "spoils": 7}, "p2": {"warriors": 0}, "p3": {}}
    assert R.check_result(placements={"p1": 1, "p2": 2, "p3": 2}, scores=sound) is None
    assert R.check_result(placements={"p1": 1, "p2": 1, "p3": 3, "p4": 4}, scores={}) is None
    places = {"p1": 1, "p2": 2, "p3": 3}
    for name, most in (("warriors", 22), ("spoils", 44)):
        assert R.check_result(placements=places, scores={"p1": {name: most}}) is None
        with pytest.raises(InvalidResult) as refused:
            R.check_result(placements=places, scores={"p1": {name: most + 1}})
        assert refused.value.field == f"scores.p1.{name}"
    with pytest.raises(InvalidResult) as refused:
        R.check_result(
            placements={"p1": 2, "p2": 1, "p3": 3},
            scores={"p1": {"warriors": 5}, "p2": {"warriors": 0}},
        )
    assert refused.value.field == "scores.p2.warriors"


@pytest.mark.parametrize(
    ("placements", "scores", "field"),
    [
        ({"p1": 1}, {}, "placements"),
        ({f"p{i}": 1 for i in range(5)}, {}, "placements"),
        ({"p1": 1, "p2": 3}, {}, "placements"),
        ({"p1": 2, "p2": 2}, {}, "placements"),
        ({"p1": 1, "p2": "2"}, {}, "placements"),
        ({"p1": 1, "p2": 2}, {"p3": {"warriors": 1}}, "scores.p3"),
        ({"p1": 1, "p2": 2}, {"p1": {"kills": 1}}, "scores.p1.kills"),
        ({"p1": 1, "p2": 2}, {"p1": {"warriors": -1}}, "scores.p1.warriors"),
        ({"p1": 1, "p2": 2}, {"p1": {"warriors": 23}}, "scores.p1.warriors"),
        ({"p1": 1, "p2": 2}, {"p1": {"spoils": 41}}, "scores.p1.spoils"),
        ({"p1": 1, "p2": 2}, {"p1": {"warriors": True}}, "scores.p1.warriors"),
        ({"p1": 1, "p2": 2}, {"p1": {"warriors": 0}, "p2": {"warriors": 3}}, "scores.p1.warriors"),
    ],
)
def test_an_impossible_logged_result_is_refused(placements, scores, field):
    with pytest.raises(InvalidResult) as err:
        R.check_result(placements=placements, scores=scores)
    assert err.value.field == field


def test_outcome_is_none_while_the_game_runs():
    assert R.outcome(game(2)) is None
    assert R.to_move(game(2, talents=True)) == [SEATS[1]]

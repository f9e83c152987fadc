"""End of game, placements, resigning, and results logged from the table."""

import pytest

from rulesets.core.errors import IllegalAction, InvalidResult
from rulesets.le_dernier_peuple import RULESET
from tests.rulesets.le_dernier_peuple.tables import play, table, types


def test_reaching_12_vp_ends_the_game_at_once():
    """ "The game ends as soon as one or more players reach 12 VP (or more).\""""
    state = table(hands={"blue": ["p1", "m9"]}, vp={"blue": 10, "red": 4}, decision="power")
    state, events = play(state, "blue", {"type": "play_power", "card": "p1"})
    assert state["over"] and "game_over" in types(events)
    assert RULESET.to_move(state) == [] and RULESET.legal_actions(state, "blue") == []
    outcome = RULESET.outcome(state)
    assert outcome.winners == ["blue"]
    assert outcome.placements == {"blue": 1, "red": 2, "yellow": 3, "green": 3}
    assert outcome.scores["blue"] == {"vp": 12}
    with pytest.raises(IllegalAction):
        RULESET.apply(state, "blue", {"type": "draw_movement"})


def test_the_last_active_player_wins_when_two_players_reach_12_together():
    """ "The last active player (meeting this condition) wins the game": red (active) and
    blue (second meeple of the sneaky attack) both reach 12."""
    state = table(
        active="red",
        meeples={"blue": [1, 2], "red": [13, 10]},
        hands={"red": ["m16"]},
        vp={"red": 10, "blue": 11},
    )
    state, _ = play(
        state, "red", {"type": "play_movement", "card": "m16", "owner": "blue", "meeple": 0}
    )
    assert state["winner"] == "red"
    assert RULESET.outcome(state).placements["blue"] == 2


def test_a_player_reaching_12_out_of_turn_wins_when_the_active_player_does_not():
    """Active riposte: green, not active, reaches 12 with its 1 VP; red ends on 11."""
    state = table(
        active="red",
        meeples={"red": [9, 10], "green": [12, 14]},
        hands={"red": ["m21"]},
        vp={"red": 10, "green": 11},
    )
    state, _ = play(
        state, "red", {"type": "play_movement", "card": "m21", "owner": "green", "meeple": 0}
    )
    assert state["winner"] == "green"


def test_among_players_who_were_not_active_the_most_recent_turn_wins():
    state = table(vp={"yellow": 11, "red": 11})
    state["active"] = "green"
    state["last_turn"] = {"yellow": 2, "red": 3, "green": 4}
    from rulesets.le_dernier_peuple.end_of_game import last_active

    assert last_active(state, ["yellow", "red"]) == "red"


def test_resigning_in_a_two_player_game_gives_the_win_to_the_other():
    state = RULESET.new_game(["a", "b"], {}, 1)
    resolution = RULESET.resign(state, "b")
    assert RULESET.outcome(resolution.state).winners == ["a"]
    assert RULESET.outcome(resolution.state).placements == {"a": 1, "b": 2}


def test_a_resigning_active_player_passes_the_turn_and_leaves_the_circle():
    state = table(hands={"blue": ["m9", "p1"]}, meeples={"blue": [3, 5]})
    before = state["movement_discard"] + state["power_discard"]
    state = RULESET.resign(state, "blue").state
    assert not state["over"]
    assert state["active"] == "yellow" and state["meeples"]["blue"] == []
    assert sorted(state["movement_discard"] + state["power_discard"]) == sorted(
        [*before, "m9", "p1"]
    )
    for seat in ("yellow", "red", "green"):
        assert all(a.get("owner") != "blue" for a in RULESET.legal_actions(state, seat))
    with pytest.raises(IllegalAction):
        RULESET.resign(state, "blue")


def test_a_target_resigning_instead_of_answering_defense_lets_play_go_on():
    state = table(hands={"blue": ["p3", "m9"], "red": ["p12"]}, vp={"red": 2}, decision="power")
    state, _ = play(state, "blue", {"type": "play_power", "card": "p3", "target": "red"})
    state = RULESET.resign(state, "red").state
    assert state["decision"] == {"kind": "movement", "seat": "blue"}
    state, _ = play(state, "blue", {"type": "draw_movement"})
    assert state["active"] == "yellow"
    state = RULESET.resign(state, "yellow").state
    assert not state["over"] and state["active"] == "green"
    state = RULESET.resign(state, "green").state
    outcome = RULESET.outcome(state)
    assert outcome.placements == {"blue": 1, "green": 2, "yellow": 3, "red": 4}


def test_a_resigned_players_people_card_triggers_nothing():
    state = table(active="green", meeples={"green": [11, 12]}, hands={"green": ["m19"]})
    state = RULESET.resign(state, "red").state
    state, events = play(
        state, "green", {"type": "play_movement", "card": "m19", "owner": "green", "meeple": 1}
    )
    assert "noble_attack" not in types(events)


def test_check_result_accepts_a_plausible_result():
    """ "Be the first player to accumulate 12 VP": a winner on 12 or 13 VP passes, on 11 does
    not; a player who did not win may stand on 12 (reached in the same move) but not above."""
    places = {"a": 1, "b": 2, "c": 2, "d": 4}
    others = {"b": {"vp": 7}, "c": {"vp": 7}, "d": {"vp": 0}}
    for winning in (12, 13):
        scores = {"a": {"vp": winning}, **others}
        assert RULESET.check_result(placements=places, scores=scores) is None
    assert RULESET.check_result(placements={"a": 1, "b": 2}, scores={}) is None
    with pytest.raises(InvalidResult) as refused:
        RULESET.check_result(placements=places, scores={"a": {"vp": 11}, **others})
    assert refused.value.field == "scores.a.vp"
    scores = {"a": {"vp": 12}, "b": {"vp": 12}}
    assert RULESET.check_result(placements=places, scores=scores) is None
    with pytest.raises(InvalidResult) as refused:
        RULESET.check_result(placements=places, scores={"a": {"vp": 12}, "b": {"vp": 13}})
    assert refused.value.field == "scores.b.vp"


@pytest.mark.parametrize(
    ("placements", "scores", "field"),
    [
        ({"a": 1}, {}, "placements"),
        ({"a": 1, "b": 1}, {}, "placements"),
        ({"a": 1, "b": 3}, {}, "placements"),
        ({"a": 1, "b": True}, {}, "placements"),
        ({"a": 1, "b": 2}, {"a": {"vp": 11}}, "scores.a.vp"),
        ({"a": 1, "b": 2}, {"a": {"vp": 15}}, "scores.a.vp"),
        ({"a": 1, "b": 2}, {"b": {"vp": 13}}, "scores.b.vp"),
        ({"a": 1, "b": 2}, {"b": {"vp": -1}}, "scores.b.vp"),
        ({"a": 1, "b": 2}, {"b": {"kills": 1}}, "scores.b.kills"),
        ({"a": 1, "b": 2}, {"c": {"vp": 1}}, "scores.c"),
    ],
)
def test_check_result_refuses_what_the_rules_make_impossible(placements, scores, field):
    with pytest.raises(InvalidResult) as error:
        RULESET.check_result(placements=placements, scores=scores)
    assert error.value.field == field


def test_check_result_refuses_three_players_on_12_vp():
    scores = {p: {"vp": 12} for p in "abc"}
    placements = {"a": 1, "b": 2, "c": 2, "d": 2, "e": 2}
    with pytest.raises(InvalidResult) as error:
        RULESET.check_result(placements=placements, scores=scores)
    assert error.value.field == "scores"

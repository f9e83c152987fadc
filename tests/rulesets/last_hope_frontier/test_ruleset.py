"""RULESET metadata and results logged from the table."""

import pytest

from rulesets.core.errors import InvalidResult
from rulesets.last_hope_frontier import RULESET


def test_metadata():
    assert RULESET.slug == "last-hope-frontier"
    assert RULESET.name == "Last Hope Frontier"
    assert (RULESET.min_players, RULESET.max_players) == (2, 2)
    assert RULESET.live is True  # live play: live.py (issue 7)
    assert [f.name for f in RULESET.score_fields] == [
        "fighters_taken_out",
        "killing_blows",
        "credits_earned",
    ]


def test_a_win_and_a_draw_are_valid_results():
    """Decision 22: placements {1, 2} or a draw {1, 1}; fighters taken out 0-8, killing blows
    0-8 and never more than the fighters taken out, credits 0 or more."""
    assert RULESET.check_result(placements={"a": 1, "b": 2}, scores={}) is None
    assert RULESET.check_result(placements={"a": 2, "b": 1}, scores={}) is None
    most = {"fighters_taken_out": 8, "killing_blows": 8, "credits_earned": 0}
    draw = {"a": 1, "b": 1}
    assert RULESET.check_result(placements=draw, scores={"a": most, "b": {}}) is None
    for name, wrong in (("fighters_taken_out", 9), ("killing_blows", 9), ("credits_earned", -1)):
        with pytest.raises(InvalidResult) as refused:
            RULESET.check_result(placements=draw, scores={"a": {**most, name: wrong}})
        assert refused.value.field == f"scores.a.{name}"
    with pytest.raises(InvalidResult) as refused:
        RULESET.check_result(
            placements=draw, scores={"a": {"fighters_taken_out": 3, "killing_blows": 4}}
        )
    assert refused.value.field == "scores.a.killing_blows"


@pytest.mark.parametrize(
    "placements",
    [
        {"a": 1},
        {"a": 1, "b": 2, "c": 3},
        {"a": 2, "b": 2},
        {"a": 1, "b": 3},
        {"a": 0, "b": 1},
        {"a": True, "b": 2},
        {"a": "1", "b": 2},
        [],
        None,
    ],
)
def test_bad_placements(placements):
    with pytest.raises(InvalidResult) as err:
        RULESET.check_result(placements=placements, scores={})
    assert err.value.field == "placements"


@pytest.mark.parametrize(
    "scores,field",
    [
        ({"c": {}}, "scores.c"),
        ({"a": []}, "scores.a"),
        ({"a": {"victory_points": 3}}, "scores.a.victory_points"),
        ({"a": {"fighters_taken_out": -1}}, "scores.a.fighters_taken_out"),
        ({"a": {"fighters_taken_out": 9}}, "scores.a.fighters_taken_out"),
        ({"a": {"fighters_taken_out": "2"}}, "scores.a.fighters_taken_out"),
        ({"a": {"killing_blows": True}}, "scores.a.killing_blows"),
        ({"a": {"credits_earned": -5}}, "scores.a.credits_earned"),
        ({"a": {"fighters_taken_out": 1, "killing_blows": 2}}, "scores.a.killing_blows"),
    ],
)
def test_bad_scores_name_the_field(scores, field):
    with pytest.raises(InvalidResult) as err:
        RULESET.check_result(placements={"a": 1, "b": 2}, scores=scores)
    assert err.value.field == field


def test_scores_must_be_an_object():
    with pytest.raises(InvalidResult) as err:
        RULESET.check_result(placements={"a": 1, "b": 2}, scores=None)
    assert err.value.field == "scores"

"""Missions as data (data/missions.json, missions.py) and the rules they add to live play:
the set-up in the mission's zones, picking up loot, holding objectives, ending on points, and
the earnings the battle report hands to the post-game."""

import copy

import pytest

from rulesets.core.errors import IllegalAction, InvalidInput
from rulesets.last_hope_frontier import RULESET
from rulesets.last_hope_frontier.missions import MissionError, mission, missions, parse_mission
from tests.rulesets.last_hope_frontier.test_live_support import SEATS, apply, fighter, gang, place

GANGS = {
    "x": gang("Lawmen", "sheriffs", [fighter(1, "Hale", "leader", ["pistol"])], 7),
    "y": gang("Barkers", "outlawmen", [fighter(11, "Ma", "ganger")], 9),
}


def test_there_are_at_least_six_missions_each_with_everything_a_table_needs():
    found = missions()
    assert len(found) >= 6
    for entry in found:
        assert entry["objectives"] or entry["loot"], entry["key"]
        assert entry["terrain"] and entry["rules"] and entry["end"]
        for side in ("attacker", "defender"):
            assert set(entry["rewards"][side]) == {"win", "draw", "loss"}


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda m: m.update(key="Bad Key"), "mission.key"),
        (lambda m: m.update(turn_limit=0), "mission.turn_limit"),
        (lambda m: m["zones"].pop("defender"), "mission.zones"),
        (lambda m: m["zones"]["attacker"].update(x=[0, 30]), "mission.zones.attacker.x"),
        (
            lambda m: m["loot"].append({"key": "l", "item": "gold", "x": 1, "y": 1}),
            "mission.loot.0.item",
        ),
        (
            lambda m: m["rewards"]["attacker"]["win"].update(credits=-1),
            "mission.rewards.attacker.win.credits",
        ),
        (
            lambda m: m["rewards"]["defender"]["loss"].update(goods=["cheese"]),
            "mission.rewards.defender.loss.goods",
        ),
        (lambda m: m.update(rules=[]), "mission.rules"),
    ],
)
def test_a_malformed_mission_is_refused_naming_the_field(change, field):
    data = copy.deepcopy(mission("claim-jumpers"))
    change(data)
    with pytest.raises(MissionError) as caught:
        parse_mission(data)
    assert caught.value.path == field


def test_an_unknown_mission_option_is_bad_input_naming_the_option():
    with pytest.raises(InvalidInput) as caught:
        RULESET.new_game(list(SEATS), {"mission": "high-noon"}, 1)
    assert caught.value.field == "options.mission"
    broken = {**mission("claim-jumpers"), "turn_limit": "six"}
    with pytest.raises(InvalidInput) as caught:
        RULESET.new_game(list(SEATS), {"mission": broken}, 1)
    assert caught.value.field == "options.mission.turn_limit"


def _deployed(key: str, first: str = "x") -> dict:
    """Both fighters set up in the mission's zones, ``first`` active in turn 1."""
    state = RULESET.new_game(list(SEATS), {"gangs": GANGS, "mission": key}, 3)
    while state["phase"] == "deployment":
        seat = state["active"]
        bounds = RULESET.legal_actions(state, seat)[0]["to"]
        fid = 1 if seat == "x" else 11
        spot = {axis: bounds[axis]["min"] for axis in ("x", "y")}
        state = apply(state, seat, {"type": "deploy", "fighter": fid, "to": spot}).state
    if state["active"] != first:
        state = apply(state, state["active"], {"type": "end_turn"}).state
    return state


def test_the_gangs_set_up_in_the_missions_zones_and_the_mission_sets_the_turns():
    state = RULESET.new_game(list(SEATS), {"gangs": GANGS, "mission": "dry-gulch-ambush"}, 3)
    assert state["turn_limit"] == 5
    seat = state["active"]
    zone = RULESET.legal_actions(state, seat)[0]["to"]
    expected = {"x": {"min": 0.5, "max": 3.0}, "y": {"min": 0.5, "max": 23.5}}
    if seat == "y":
        expected = {"x": {"min": 12.5, "max": 15.5}, "y": {"min": 8.5, "max": 15.5}}
    assert zone == expected
    fid = 1 if seat == "x" else 11
    with pytest.raises(IllegalAction):
        RULESET.apply(state, seat, {"type": "deploy", "fighter": fid, "to": {"x": 8, "y": 1}})


def test_a_fighter_in_base_contact_picks_up_loot_as_its_action():
    state = place(_deployed("strongbox-scramble"), {1: (12, 11), 11: (20, 22)})
    state = apply(state, "x", {"type": "activate", "fighter": 1}).state
    legal = RULESET.legal_actions(state, "x")
    assert {"type": "pick_up", "fighter": 1, "token": "box-3"} in legal
    with pytest.raises(IllegalAction, match="base contact"):
        RULESET.apply(state, "x", {"type": "pick_up", "fighter": 1, "token": "box-1"})
    done = apply(state, "x", {"type": "pick_up", "fighter": 1, "token": "box-3"})
    assert done.events[0]["text"] == "Hale picks up the loot: railroad-bond (+2)."
    token = done.state["mission"]["loot"][2]
    assert token["taken_by"] == "x" and token["fighter"] == 1
    assert done.state["activation"] is None  # the action ended the activation


def _end_the_turn(state: dict):
    """The players end their turns until turn 1 is over: the resolution that ended it."""
    while True:
        resolution = apply(state, state["active"], {"type": "end_turn"})
        state = resolution.state
        if state["turn"] > 1 or state["phase"] == "over":
            return resolution


def test_an_objective_held_alone_at_the_end_of_a_turn_scores():
    state = place(_deployed("claim-jumpers"), {1: (12, 11), 11: (20, 22)})
    ended = _end_the_turn(state)
    held = [e for e in ended.events if e["type"] == "objective_held"]
    assert [e["text"] for e in held] == ["Lawmen hold the claim stake at the end of turn 1 (+2)."]
    assert ended.state["mission"]["held"] == {"x": 2, "y": 0}


def test_a_contested_objective_scores_for_nobody():
    state = place(_deployed("claim-jumpers"), {1: (12, 11), 11: (12, 13)})
    ended = _end_the_turn(state)
    assert not [e for e in ended.events if e["type"] == "objective_held"]
    assert ended.state["mission"]["holders"] == {"claim": None}


def test_reaching_the_points_to_win_ends_the_battle_at_once():
    state = place(_deployed("water-rights"), {1: (12, 11), 11: (20, 22)})
    state["mission"]["held"]["x"] = 5
    over = _end_the_turn(state)
    assert over.state["result"] == {"winner": "x", "reason": "mission_points", "resigned": None}
    assert over.events[-1]["text"] == (
        "Water Rights: Lawmen score 6, Barkers score 0. Lawmen win the battle."
    )


def test_the_report_carries_each_sides_credits_and_goods_by_outcome_and_loot():
    state = place(_deployed("strongbox-scramble"), {1: (12, 11), 11: (20, 22)})
    state = apply(state, "x", {"type": "activate", "fighter": 1}).state
    state = apply(state, "x", {"type": "pick_up", "fighter": 1, "token": "box-3"}).state
    state = RULESET.resign(state, "y").state
    report = RULESET.battle_report(state)
    assert report["mission"] == "strongbox-scramble"
    assert report["earnings"] == {
        "x": {
            "side": "attacker",
            "outcome": "win",
            "points": 2,
            "credits": 25,
            "goods": ["railroad-bond"],
        },
        "y": {"side": "defender", "outcome": "loss", "points": 0, "credits": 0, "goods": []},
    }


def test_without_a_mission_the_report_is_as_before():
    state = RULESET.new_game(list(SEATS), {"gangs": GANGS}, 3)
    state = RULESET.resign(state, "y").state
    assert "earnings" not in RULESET.battle_report(state)

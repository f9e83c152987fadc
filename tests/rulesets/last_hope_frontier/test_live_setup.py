"""Setting up a live battle: options and gangs, decks and hands, initiative, deployment."""

import copy

import pytest

from rulesets.core.errors import IllegalAction, InvalidInput
from rulesets.last_hope_frontier import RULESET
from rulesets.last_hope_frontier.catalogue import catalogue
from tests.rulesets.last_hope_frontier.test_live_support import (
    FULL_DECK,
    SEATS,
    apply,
    cards_in_place,
    fighter,
    gang,
)


def _gangs(**changes) -> dict:
    gangs = {
        "x": gang("Lawmen", "sheriffs", [fighter(1, "Hale", "leader", ["pistol"])], 1),
        "y": gang("Barkers", "outlawmen", [fighter(11, "Ma", "leader", ["pistol"])], 2),
    }
    for path, value in changes.items():
        *keys, last = path.split("__")
        target = gangs
        for key in keys:
            target = target[int(key)] if key.isdigit() else target[key]
        target[last] = value
    return gangs


def test_a_battle_is_fought_by_exactly_two_players():
    for seats in (["x"], ["x", "y", "z"], ["x", "x"], "xy", ["x", ""]):
        with pytest.raises(InvalidInput) as error:
            RULESET.new_game(seats, {}, 1)
        assert error.value.field == "players"


@pytest.mark.parametrize(
    ("options", "field"),
    [
        ({"colour": "red"}, "options.colour"),
        ({"turn_limit": 0}, "options.turn_limit"),
        ({"turn_limit": True}, "options.turn_limit"),
        ({"turn_limit": 8.0}, "options.turn_limit"),
        ({"hand_size": 11}, "options.hand_size"),
        ({"hand_size": "5"}, "options.hand_size"),
        ({"gangs": []}, "options.gangs"),
        ({"gangs": {"x": {}}}, "options.gangs"),
    ],
)
def test_bad_options_are_refused_naming_the_option(options, field):
    with pytest.raises(InvalidInput) as error:
        RULESET.new_game(list(SEATS), options, 1)
    assert error.value.field == field


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"x__fighters__0__equipment": ["laser"]}, "options.gangs.x.fighters.0.equipment"),
        ({"x__fighters__0__equipment": "pistol"}, "options.gangs.x.fighters.0.equipment"),
        ({"x__fighters__0__equipment": ["gold-nugget"]}, "options.gangs.x.fighters.0.equipment"),
        ({"x__fighters__0__role": "sheriff"}, "options.gangs.x.fighters.0.role"),
        ({"x__fighters__0__id": True}, "options.gangs.x.fighters.0.id"),
        ({"y__fighters__0__id": 1}, "options.gangs.y.fighters.0.id"),
        ({"x__fighters__0__name": "  "}, "options.gangs.x.fighters.0.name"),
        ({"x__fighters__0__nickname": "Doc"}, "options.gangs.x.fighters.0.nickname"),
        ({"x__fighters__0__stats": {"shoot": 3}}, "options.gangs.x.fighters.0.stats"),
        ({"x__faction": "cowboys"}, "options.gangs.x.faction"),
        ({"x__gang_id": "1"}, "options.gangs.x.gang_id"),
        ({"x__fighters": []}, "options.gangs.x.fighters"),
        ({"y__name": None}, "options.gangs.y.name"),
    ],
)
def test_gangs_from_the_rosters_are_checked_strictly_naming_the_field(changes, field):
    with pytest.raises(InvalidInput) as error:
        RULESET.new_game(list(SEATS), {"gangs": _gangs(**changes)}, 1)
    assert error.value.field == field


def test_a_stat_outside_its_range_is_refused():
    gangs = _gangs()
    gangs["x"]["fighters"][0]["stats"]["wounds"] = 0
    with pytest.raises(InvalidInput) as error:
        RULESET.new_game(list(SEATS), {"gangs": gangs}, 1)
    assert error.value.field == "options.gangs.x.fighters.0.stats.wounds"
    gangs["x"]["fighters"][0]["stats"].update(wounds=8, toughness=100)  # a sanity bound
    with pytest.raises(InvalidInput) as error:
        RULESET.new_game(list(SEATS), {"gangs": gangs}, 1)
    assert error.value.field == "options.gangs.x.fighters.0.stats.toughness"


def test_by_the_text_a_gang_brings_stats_grown_past_the_house_rules_caps():
    """The flip table names the stats a card raises and no maximum: a fighter whose flips
    took toughness to 9 fights with toughness 9."""
    gangs = _gangs()
    gangs["x"]["fighters"][0]["stats"].update(toughness=9)
    state = RULESET.new_game(list(SEATS), {"gangs": gangs}, 1)
    assert state["fighters"]["1"]["stats"]["toughness"] == 9


def test_house_rule_stat_caps_refuses_a_stat_past_its_cap():
    """House rule stat_caps: "Advancement stops at shoot and combat 6, strength 5, toughness 4,
    defence 5, wounds 10; the flip table has no caps." """
    gangs = _gangs()
    gangs["x"]["fighters"][0]["stats"].update(toughness=9)  # cap 4
    options = {"gangs": gangs, "house_rules": {"stat_caps": True}}
    with pytest.raises(InvalidInput) as error:
        RULESET.new_game(list(SEATS), options, 1)
    assert error.value.field == "options.gangs.x.fighters.0.stats.toughness"


def test_a_gang_has_at_most_one_leader_and_only_leaders_and_deputies_ride():
    gangs = _gangs()
    gangs["x"]["fighters"].append(fighter(2, "Second", "leader"))
    with pytest.raises(InvalidInput) as error:
        RULESET.new_game(list(SEATS), {"gangs": gangs}, 1)
    assert error.value.field == "options.gangs.x.fighters"
    gangs = _gangs()
    gangs["y"]["fighters"].append(fighter(12, "Kid", "ganger", ["horse"]))
    with pytest.raises(InvalidInput) as error:
        RULESET.new_game(list(SEATS), {"gangs": gangs}, 1)
    assert error.value.field == "options.gangs.y.fighters.1.equipment"


def test_fighters_keep_their_current_stat_lines_and_gear_from_the_rosters():
    gangs = _gangs()
    gangs["x"]["fighters"][0]["stats"] = {
        "shoot": 4,
        "combat": 3,
        "strength": 2,
        "toughness": 2,
        "defence": 2,
        "wounds": 6,
    }
    state = RULESET.new_game(list(SEATS), {"gangs": gangs}, 1)
    hale = state["fighters"]["1"]
    assert hale["stats"]["shoot"] == 4 and hale["wounds_left"] == 6
    assert hale["equipment"] == ["pistol"] and hale["status"] == "reserve"
    assert state["gangs"]["x"] == {
        "gang_id": 1,
        "name": "Lawmen",
        "faction": "sheriffs",
        "fighters": [1],
    }


def test_without_gangs_each_seat_gets_the_documented_demo_gang():
    state = RULESET.new_game(list(SEATS), {}, 1)
    names = {seat: state["gangs"][seat]["name"] for seat in SEATS}
    assert names == {"x": "Hale's Lawmen", "y": "The Barker Boys"}
    assert state["gangs"]["x"]["fighters"] == [101, 102, 103, 104, 105, 106]
    assert state["gangs"]["y"]["fighters"] == [201, 202, 203, 204, 205, 206]
    leader = state["fighters"]["101"]
    assert leader["stats"] == catalogue().roles["leader"].stats.as_dict()
    assert leader["equipment"] == ["revolver", "hatchet", "medium-leather"]
    assert state["gangs"]["x"]["gang_id"] is None
    assert (state["turn_limit"], state["hand_size"]) == (8, 5)


def test_each_player_has_an_own_shuffled_54_card_deck_and_a_hand_of_five():
    state = RULESET.new_game(list(SEATS), {}, 1)
    for seat in SEATS:
        assert len(state["cards"][seat]["hand"]) == 5
        assert len(state["cards"][seat]["deck"]) == 49
        assert cards_in_place(state, seat) == FULL_DECK
    assert state["cards"]["x"]["deck"] != state["cards"]["y"]["deck"]
    assert RULESET.new_game(list(SEATS), {"hand_size": 7}, 1)["cards"]["x"]["hand"].__len__() == 7


def test_the_same_seed_gives_the_same_battle_and_another_seed_another():
    first = RULESET.new_game(list(SEATS), {}, 42)
    assert RULESET.new_game(list(SEATS), {}, 42) == first
    assert RULESET.new_game(list(SEATS), {}, 43)["cards"] != first["cards"]


def test_without_rabbits_feet_the_high_card_decides_at_once_who_sets_up_first():
    """Initiative by high card; the winner sets up first and is active in turn 1."""
    state = RULESET.new_game(list(SEATS), {}, 3)
    assert state["phase"] == "deployment"
    winner = state["initiative"]["winner"]
    assert winner in SEATS and state["active"] == winner and state["order"][0] == winner
    last = state["initiative"]["draws"][-1]
    values = {seat: RULESET.view(state, None)["initiative"]["draws"][-1][seat] for seat in SEATS}
    assert values == last


def _feet_gangs():
    gangs = _gangs()
    gangs["x"]["fighters"][0]["equipment"] += ["rabbits-foot", "rabbits-foot"]
    gangs["y"]["fighters"][0]["equipment"] += ["rabbits-foot"]
    return gangs


def test_rabbits_feet_are_a_secret_choice_made_before_the_initiative_flip():
    """'can spend 1 per rabbits foot to increase value of high card draw card for first turn
    initiative': both leaders decide, hidden from each other, then the cards are flipped."""
    state = RULESET.new_game(list(SEATS), {"gangs": _feet_gangs()}, 5)
    assert state["phase"] == "initiative" and RULESET.to_move(state) == ["x", "y"]
    assert RULESET.legal_actions(state, "y") == [
        {"type": "spend_rabbits_feet", "count": 0},
        {"type": "spend_rabbits_feet", "count": 1},
    ]
    after_x = apply(state, "x", {"type": "spend_rabbits_feet", "count": 2})
    assert after_x.events[0]["text"] == "Lawmen decided how many rabbit's feet to spend."
    assert RULESET.view(after_x.state, "y")["initiative"]["pledges"]["x"] == {"chosen": True}
    assert RULESET.view(after_x.state, "x")["initiative"]["pledges"]["x"]["count"] == 2
    assert RULESET.to_move(after_x.state) == ["y"]
    done = apply(after_x.state, "y", {"type": "spend_rabbits_feet", "count": 1}).state
    assert done["phase"] == "deployment"
    assert done["initiative"]["bonuses"] == {"x": 2, "y": 1}
    assert done["fighters"]["1"]["equipment"] == ["pistol"]  # feet are used up
    assert done["spent"] == [{"fighter": 1, "item": "rabbits-foot"}] * 2 + [
        {"fighter": 11, "item": "rabbits-foot"}
    ]
    assert RULESET.view(done, "y")["initiative"]["pledges"]["x"] == {"chosen": True, "count": 2}


def test_a_player_cannot_spend_more_rabbits_feet_than_the_leader_holds():
    state = RULESET.new_game(list(SEATS), {"gangs": _feet_gangs()}, 5)
    for count in (2, -1, True, "1"):
        with pytest.raises(IllegalAction):
            RULESET.apply(state, "y", {"type": "spend_rabbits_feet", "count": count})


def _deploying(gangs=None, seed=3):
    state = RULESET.new_game(list(SEATS), {"gangs": gangs} if gangs else {}, seed)
    assert state["phase"] == "deployment"
    return state


def test_deployment_alternates_one_model_at_a_time_inside_the_own_zone():
    state = _deploying()
    first = state["active"]
    second = "y" if first == "x" else "x"
    own = state["gangs"][first]["fighters"]
    zone_y = 2.0 if first == "x" else 22.0
    [template, *_] = RULESET.legal_actions(state, first)
    assert template["to"]["y"] == (
        {"min": 0.5, "max": 3.0} if first == "x" else {"min": 21.0, "max": 23.5}
    )
    with pytest.raises(IllegalAction):  # outside the zone (one card length from your edge)
        RULESET.apply(state, first, {"type": "deploy", "fighter": own[0], "to": {"x": 5, "y": 12}})
    with pytest.raises(IllegalAction):  # not your turn to set up
        RULESET.apply(state, second, RULESET.legal_actions(state, first)[0])
    placed = apply(state, first, {"type": "deploy", "fighter": own[0], "to": {"x": 5, "y": zone_y}})
    assert (
        placed.events[0]["text"]
        == f"{placed.state['fighters'][str(own[0])]['name']} is set up at (5, {zone_y:g})."
    )
    assert placed.state["active"] == second
    with pytest.raises(IllegalAction):  # already on the table
        RULESET.apply(
            placed.state, second, {"type": "deploy", "fighter": own[0], "to": {"x": 5, "y": zone_y}}
        )


def test_bases_may_not_overlap_when_setting_up():
    gangs = _gangs()
    gangs["x"]["fighters"].append(fighter(2, "Pratt", "ganger"))
    state = RULESET.new_game(list(SEATS), {"gangs": gangs}, 1)
    for _ in range(2):  # Hale and Ma, in initiative order; then only Pratt is left
        seat = state["active"]
        fid = 1 if seat == "x" else 11
        y = 1.5 if seat == "x" else 22.5
        state = apply(state, seat, {"type": "deploy", "fighter": fid, "to": {"x": 5, "y": y}}).state
    with pytest.raises(IllegalAction, match="bases may not overlap"):
        RULESET.apply(state, "x", {"type": "deploy", "fighter": 2, "to": {"x": 5.9, "y": 1.5}})
    apply(state, "x", {"type": "deploy", "fighter": 2, "to": {"x": 6.0, "y": 1.5}})


def test_a_town_map_sets_up_two_models_on_one_turn():
    """'Town map ... allows for an interrupt in the setup phase. Spend the map and two models
    can set up on a players turn.'"""
    gangs = _gangs()
    gangs["x"]["fighters"][0]["equipment"].append("town-map")
    gangs["x"]["fighters"] += [fighter(2, "Pratt", "ganger"), fighter(3, "Reed", "ganger")]
    gangs["y"]["fighters"] += [fighter(12, "Doc", "ganger")]
    state = RULESET.new_game(list(SEATS), {"gangs": gangs}, 1)
    if state["active"] == "y":
        state = apply(state, "y", {"type": "deploy", "fighter": 11, "to": {"x": 5, "y": 22}}).state
    assert {"type": "use_town_map", "fighter": 1} in RULESET.legal_actions(state, "x")
    mapped = apply(state, "x", {"type": "use_town_map", "fighter": 1})
    assert mapped.events[0]["text"] == "Hale spends a town map: Lawmen set up two models this turn."
    state = mapped.state
    assert state["spent"][-1] == {"fighter": 1, "item": "town-map"}
    assert all(a["type"] == "deploy" for a in RULESET.legal_actions(state, "x"))
    state = apply(state, "x", {"type": "deploy", "fighter": 1, "to": {"x": 3, "y": 2}}).state
    assert state["active"] == "x"  # the second model of the same turn
    state = apply(state, "x", {"type": "deploy", "fighter": 2, "to": {"x": 5, "y": 2}}).state
    assert state["active"] == "y"


def test_a_town_map_interrupts_the_opponents_setup_turn():
    """'Town map - held by leader/deputy - allows for an interrupt in the setup phase. Spend
    the map and two models can set up on a players turn': on the opponent's setup turn the
    holder may interrupt, set up two models at once, and the interrupted turn goes on."""
    gangs = _gangs()
    gangs["x"]["fighters"][0]["equipment"].append("town-map")
    gangs["x"]["fighters"] += [fighter(2, "Pratt", "ganger"), fighter(3, "Reed", "ganger")]
    gangs["y"]["fighters"] += [fighter(12, "Doc", "ganger")]
    state = RULESET.new_game(list(SEATS), {"gangs": gangs}, 1)
    if state["active"] == "x":
        state = apply(state, "x", {"type": "deploy", "fighter": 3, "to": {"x": 9, "y": 2}}).state
    assert state["active"] == "y"
    assert RULESET.to_move(state) == ["y", "x"]  # y sets up; x may interrupt
    assert RULESET.legal_actions(state, "x") == [{"type": "use_town_map", "fighter": 1}]
    with pytest.raises(IllegalAction, match="not your turn to set up"):
        RULESET.apply(state, "x", {"type": "deploy", "fighter": 1, "to": {"x": 3, "y": 2}})
    mapped = apply(state, "x", {"type": "use_town_map", "fighter": 1})
    assert mapped.events[0]["text"] == (
        "Hale spends a town map and interrupts: Lawmen set up two models now."
    )
    state = mapped.state
    assert state["spent"][-1] == {"fighter": 1, "item": "town-map"}
    assert RULESET.to_move(state) == ["x"]  # no interrupting an interrupt
    state = apply(state, "x", {"type": "deploy", "fighter": 1, "to": {"x": 3, "y": 2}}).state
    assert state["active"] == "x"
    state = apply(state, "x", {"type": "deploy", "fighter": 2, "to": {"x": 5, "y": 2}}).state
    assert state["active"] == "y"  # the interrupted turn goes on
    assert RULESET.to_move(state) == ["y"]  # the map is spent
    state = apply(state, "y", {"type": "deploy", "fighter": 11, "to": {"x": 5, "y": 22}}).state
    reed_waiting = state["fighters"]["3"]["status"] == "reserve"
    assert state["active"] == ("x" if reed_waiting else "y")  # then the alternation goes on


def test_a_town_map_needs_two_models_left_to_set_up():
    gangs = _gangs()
    gangs["x"]["fighters"][0]["equipment"].append("town-map")
    state = RULESET.new_game(list(SEATS), {"gangs": gangs}, 1)
    if state["active"] == "y":
        state = apply(state, "y", {"type": "deploy", "fighter": 11, "to": {"x": 5, "y": 22}}).state
    assert {"type": "use_town_map", "fighter": 1} not in RULESET.legal_actions(state, "x")
    with pytest.raises(IllegalAction, match="two models left"):
        RULESET.apply(state, "x", {"type": "use_town_map", "fighter": 1})


def test_a_side_with_everyone_placed_is_skipped_and_the_battle_begins_after_the_last_model():
    gangs = _gangs()
    gangs["x"]["fighters"] += [fighter(2, "Pratt", "ganger"), fighter(3, "Reed", "ganger")]
    state = RULESET.new_game(list(SEATS), {"gangs": gangs}, 1)
    placed = []
    while state["phase"] == "deployment":
        seat = state["active"]
        placed.append(seat)
        fid = next(
            f
            for f in state["gangs"][seat]["fighters"]
            if state["fighters"][str(f)]["status"] == "reserve"
        )
        to = {"x": 1 + 2 * len(placed), "y": 1.5 if seat == "x" else 22.5}
        result = apply(state, seat, {"type": "deploy", "fighter": fid, "to": to})
        state = result.state
    assert placed.count("x") == 3 and placed.count("y") == 1
    assert placed[-2:] == ["x", "x"]
    assert state["phase"] == "battle" and state["turn"] == 1
    assert state["active"] == state["initiative"]["winner"]
    assert result.events[-1]["text"].startswith("Turn 1 of 8: ")


JUNK = [None, -1, 10**30, "", "x", [], {}, True, 1.5, ["pistol", 3], {"a": 1}]


def _paths(data, path=()):
    """Every (path) into a nested dict/list, leaves included."""
    yield path
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _paths(value, (*path, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from _paths(value, (*path, i))


def test_junk_anywhere_in_the_gangs_is_refused_with_invalid_input_only():
    """The rosters (or a hostile client) may send anything: a field-named InvalidInput, or a
    game, and never a crash."""
    template = _gangs()
    template["x"]["fighters"][0]["equipment"] = ["pistol", "horse"]
    for path in list(_paths(template))[1:]:
        for junk in JUNK:
            gangs = copy.deepcopy(template)
            target = gangs
            for key in path[:-1]:
                target = target[key]
            target[path[-1]] = junk
            try:
                RULESET.new_game(list(SEATS), {"gangs": gangs}, 1)
            except InvalidInput as error:
                assert error.field.startswith("options.gangs")

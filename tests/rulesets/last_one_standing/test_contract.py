"""The engine contract: registry, hostile input, resigning, logged results."""

import copy
import json

import pytest

from rulesets.core.errors import IllegalAction, InvalidResult
from rulesets.core.protocol import Ruleset
from rulesets.last_one_standing import RULESET

from .helpers import act, arena, field, hand

GARBAGE = [
    None,
    [],
    "move",
    7,
    {},
    {"type": None},
    {"type": 3},
    {"type": "fly"},
    {"type": "step"},
    {"type": "step", "hex": "0,1"},
    {"type": "step", "hex": [0]},
    {"type": "step", "hex": [True, False]},
    {"type": "step", "hex": [0.5, 1]},
    {"type": "drop_in", "hex": None},
    {"type": "shoot"},
    {"type": "shoot", "slot": ["long"]},
    {"type": "shoot", "slot": "light", "attack": "primary", "target": {"x": 1}},
    {"type": "shoot", "slot": "light", "attack": "tertiary", "target": "b"},
    {"type": "shoot", "slot": "light", "attack": "secondary", "target": "b", "hex": "near"},
    {"type": "use_item"},
    {"type": "use_item", "card": ["bandage#1"]},
    {"type": "use_item", "card": "bandage#99"},
    {"type": "equip", "card": {}, "slot": 1},
    {"type": "unequip", "slot": None},
    {"type": "discard", "card": None},
    {"type": "give", "card": 5},
    {"type": "draft_pick", "card": []},
    {"type": "done"},
]


def test_the_ruleset_is_registered_and_follows_the_protocol():
    from rulesets.registry import get_ruleset

    assert get_ruleset("last-one-standing") is RULESET
    assert isinstance(RULESET, Ruleset)
    assert (RULESET.min_players, RULESET.max_players, RULESET.live) == (2, 8, True)
    assert [f.name for f in RULESET.score_fields] == ["kills"]


def _states():
    """A state in each kind of decision: draft, drop-in, turn, moving, looting, rearranging."""
    yield RULESET.new_game(["a", "b", "c"], {"mode": "deathmatch"}, 1)
    yield RULESET.new_game(["a", "b"], {}, 1)
    turn = arena(field(3), {"a": (0, 0), "b": (1, 0)})
    hand(turn, "a", "bandage#1")
    yield turn
    yield act(turn, "a", {"type": "move"})[0]
    yield act(turn, "a", {"type": "reload"})[0]
    looting = copy.deepcopy(turn)
    looting["pending"] = [{"kind": "loot", "seat": "a", "cards": ["pistol#1"]}]
    looting["decks"]["loot"].remove("pistol#1")
    yield looting


def test_every_legal_action_with_a_field_it_does_not_take_is_refused():
    """Exact actions, as the other engines: an action carries exactly its fields."""
    for state in _states():
        seat = RULESET.to_move(state)[0]
        for action in RULESET.legal_actions(state, seat):
            RULESET.apply(state, seat, action)  # as listed, accepted
            with pytest.raises(IllegalAction, match="does not take"):
                RULESET.apply(state, seat, {**action, "points": 9})


def test_a_hex_on_a_primary_shot_and_a_target_on_an_energy_drink_are_refused():
    state = arena(field(3), {"a": (0, 0), "b": (1, 0)})
    hand(state, "a", "energy_drink#1")
    shot = {"type": "shoot", "slot": "light", "attack": "primary", "target": "b"}
    assert shot in RULESET.legal_actions(state, "a")
    with pytest.raises(IllegalAction, match="does not take"):
        RULESET.apply(state, "a", {**shot, "hex": [1, 0]})
    drink = {"type": "use_item", "card": "energy_drink#1"}
    assert drink in RULESET.legal_actions(state, "a")
    with pytest.raises(IllegalAction, match="does not take"):
        RULESET.apply(state, "a", {**drink, "target": "b"})


@pytest.mark.parametrize("action", GARBAGE, ids=repr)
def test_garbage_actions_are_refused_with_a_sentence_and_never_crash(action):
    for state in _states():
        seat = RULESET.to_move(state)[0]
        before = json.dumps(state, sort_keys=True)
        if action in RULESET.legal_actions(state, seat):
            continue
        with pytest.raises(IllegalAction) as error:
            RULESET.apply(state, seat, action)
        assert error.value.reason.endswith(".")
        assert json.dumps(state, sort_keys=True) == before


def test_out_of_turn_and_unknown_seats_are_refused():
    state = arena(field(3), {"a": (0, 0), "b": (2, 0)})
    for seat in ("b", "zed", None, ["a"]):
        with pytest.raises(IllegalAction):
            RULESET.apply(state, seat, {"type": "end_turn"})
        assert RULESET.legal_actions(state, seat) == [] if isinstance(seat, str) else True


def test_nothing_can_be_played_after_the_game_is_over():
    state = RULESET.resign(arena(field(3), {"a": (0, 0), "b": (2, 0)}), "b").state
    assert RULESET.outcome(state) is not None
    with pytest.raises(IllegalAction):
        RULESET.apply(state, "a", {"type": "end_turn"})
    with pytest.raises(IllegalAction):
        RULESET.resign(state, "a")


def test_apply_and_resign_never_mutate_their_input():
    state = arena(field(3), {"a": (0, 0), "b": (2, 0), "c": (-2, 0)})
    before = json.dumps(state, sort_keys=True)
    RULESET.apply(state, "a", {"type": "move"})
    RULESET.resign(state, "a")
    assert json.dumps(state, sort_keys=True) == before


def test_resigning_during_the_draft_passes_the_remaining_packs_among_the_others():
    state = RULESET.new_game(["a", "b", "c"], {"mode": "deathmatch"}, 1)
    state, _ = act(state, "a", RULESET.legal_actions(state, "a")[0])
    state, _ = act(state, "b", RULESET.legal_actions(state, "b")[0])
    state = RULESET.resign(state, "c").state
    assert state["draft"]["picked"] == [] and set(RULESET.to_move(state)) == {"a", "b"}
    while state["phase"] == "draft":
        seat = RULESET.to_move(state)[0]
        state, _ = act(state, seat, RULESET.legal_actions(state, seat)[0])
    assert len(state["players"]["a"]["hand"]) == 5 and RULESET.to_move(state) == ["a"]


def test_resigning_before_dropping_in_skips_the_seat():
    state = RULESET.new_game(["a", "b", "c"], {}, 1)
    state = RULESET.resign(state, "b").state
    state, _ = act(state, "a", RULESET.legal_actions(state, "a")[0])
    assert RULESET.to_move(state) == ["c"]


def test_resigning_during_a_duos_trade_cancels_it():
    state = arena(
        field(4), {"a1": (0, 0), "a2": (2, -1), "b1": (-3, 0), "b2": (-3, 3)}, mode="duos"
    )
    state, _ = act(state, "a1", {"type": "move"})
    state, _ = act(state, "a1", {"type": "step", "hex": [1, 0]})
    state, _ = act(state, "a1", {"type": "end_move"})
    assert state["pending"][0]["kind"] == "trade"
    state = RULESET.resign(state, "a2").state
    assert state["pending"] == [] and RULESET.to_move(state) == ["a1"]


@pytest.mark.parametrize(
    ("placements", "one_place_off"),
    [
        ({"a": 1, "b": 2}, {"a": 1, "b": 3}),
        ({"a": 1, "b": 1, "c": 3}, {"a": 1, "b": 1, "c": 2}),
        ({"a": 1, "b": 1, "c": 1, "d": 4}, {"a": 1, "b": 1, "c": 1, "d": 3}),
    ],
)
def test_valid_logged_results_pass(placements, one_place_off):
    """Places run from 1, ties share a place and the next is skipped (1, 1, 3 ...): each
    valid result passes, the same result with the last place one off is refused; a kill
    count of 0 or more passes and -1 does not."""
    assert RULESET.check_result(placements=placements, scores={"a": {"kills": 2}}) is None
    assert RULESET.check_result(placements=placements, scores={"a": {"kills": 0}}) is None
    with pytest.raises(InvalidResult) as refused:
        RULESET.check_result(placements=one_place_off, scores={"a": {"kills": 2}})
    assert refused.value.field == "placements"
    with pytest.raises(InvalidResult) as refused:
        RULESET.check_result(placements=placements, scores={"a": {"kills": -1}})
    assert refused.value.field == "scores.a.kills"


@pytest.mark.parametrize(
    ("placements", "scores", "field"),
    [
        ({"a": 1}, {}, "placements"),
        ({f"p{i}": i + 1 for i in range(9)}, {}, "placements"),
        ({"a": 1, "b": 3}, {}, "placements"),
        ({"a": 1, "b": 1, "c": 2}, {}, "placements"),
        ({"a": 0, "b": 1}, {}, "placements"),
        ({"a": 1, "b": "2"}, {}, "placements"),
        ({"a": 1, "b": 2}, {"z": {"kills": 1}}, "scores.z"),
        ({"a": 1, "b": 2}, {"a": {"points": 1}}, "scores.a.points"),
        ({"a": 1, "b": 2}, {"a": {"kills": -1}}, "scores.a.kills"),
        ({"a": 1, "b": 2}, {"a": {"kills": True}}, "scores.a.kills"),
    ],
)
def test_impossible_logged_results_are_refused_naming_the_field(placements, scores, field):
    with pytest.raises(InvalidResult) as error:
        RULESET.check_result(placements=placements, scores=scores)
    assert error.value.field == field

"""What each seat may see, and how garbage actions are refused."""

import copy
import json

import pytest

from rulesets.core.errors import IllegalAction
from rulesets.le_dernier_peuple import RULESET
from tests.rulesets.le_dernier_peuple.tables import play, table


def strings(data):
    """Every string anywhere in a JSON-like value (keys included)."""
    if isinstance(data, dict):
        for key, value in data.items():
            yield key
            yield from strings(value)
    elif isinstance(data, list):
        for item in data:
            yield from strings(item)
    elif isinstance(data, str):
        yield data


def test_a_player_sees_their_own_hand_but_only_the_size_of_the_others():
    state = table(hands={"blue": ["m9", "p1"], "red": ["m1", "m2", "p3"]})
    seen = RULESET.view(state, "blue")
    blue, red = seen["players"][0], seen["players"][2]
    assert [c["id"] for c in blue["hand"]] == ["m9", "p1"]
    assert "hand" not in red and red["hand_size"] == {"movement": 2, "power": 1}
    assert not {"m1", "m2", "p3"} & set(strings(seen))


def test_draw_piles_show_only_their_size_and_the_rng_never_shows():
    state = table()
    for seat in [None, "blue", "someone-else"]:
        seen = RULESET.view(state, seat)
        assert seen["movement_pile"] == len(state["movement_pile"])
        assert not set(state["movement_pile"] + state["power_pile"]) & set(strings(seen))
        assert "rng" not in json.dumps(seen) and str(state["rng"]) not in json.dumps(seen)


def test_vp_tokens_are_face_down_others_see_how_many_not_their_worth():
    """ "VP gained are placed FACE DOWN on the player's people card.\""""
    state = table(vp={"red": 5})
    mine = RULESET.view(state, "red")["players"][2]
    theirs = RULESET.view(state, "blue")["players"][2]
    spectator = RULESET.view(state, None)["players"][2]
    assert mine["vp"] == 5 and mine["vp_purse"] == {"1": 0, "2": 1, "3": 1}
    assert theirs == spectator
    assert theirs["vp_tokens"] == 2 and "vp" not in theirs and "vp_purse" not in theirs


def test_every_total_shows_once_the_game_is_over():
    state = table(hands={"blue": ["p1"]}, vp={"blue": 10, "red": 5}, decision="power")
    state, _ = play(state, "blue", {"type": "play_power", "card": "p1"})
    seen = RULESET.view(state, None)
    assert [p["vp"] for p in seen["players"]] == [12, 0, 5, 0]


def test_the_bank_and_discard_piles_are_face_up():
    state = table()
    state["movement_discard"] = [state["movement_pile"].pop()]
    seen = RULESET.view(state, None)
    assert seen["bank"] == {"1": 17, "2": 15, "3": 8}
    assert [c["id"] for c in seen["movement_discard"]] == state["movement_discard"]


@pytest.mark.parametrize(
    "action",
    [
        None,
        "draw_movement",
        [],
        {},
        {"type": 3},
        {"type": "fly"},
        {"type": "play_movement"},
        {"type": "play_movement", "card": "m9", "owner": "blue"},
        {"type": "play_movement", "card": "m9", "owner": "blue", "meeple": 2},
        {"type": "play_movement", "card": "m9", "owner": "blue", "meeple": True},
        {"type": "play_movement", "card": "m9", "owner": "blue", "meeple": "0"},
        {"type": "play_movement", "card": "m9", "owner": "red", "meeple": 0},
        {"type": "play_movement", "card": "m1", "owner": "blue", "meeple": 0},
        {"type": "play_movement", "card": ["m9"], "owner": "blue", "meeple": 0},
        {"type": "play_movement", "card": "m9", "owner": "blue", "meeple": 0, "x": 1},
        {"type": "draw_movement", "count": 3},
        {"type": "play_power", "card": "p1"},
        {"type": "defend"},
    ],
)
def test_garbage_actions_are_refused_with_a_reason(action):
    state = table(hands={"blue": ["m9"]})
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction) as error:
        RULESET.apply(state, "blue", action)
    assert error.value.reason
    assert state == before


def test_acting_out_of_turn_is_refused():
    state = table(hands={"blue": ["m9"], "red": ["m1"]})
    with pytest.raises(IllegalAction, match="not your turn"):
        RULESET.apply(state, "red", {"type": "draw_movement"})
    with pytest.raises(IllegalAction, match="not playing"):
        RULESET.apply(state, "purple", {"type": "draw_movement"})
    assert RULESET.legal_actions(state, "red") == []
    assert RULESET.to_move(state) == ["blue"]


def test_the_ruleset_describes_itself():
    assert RULESET.slug == "le-dernier-peuple"
    assert (RULESET.min_players, RULESET.max_players, RULESET.live) == (2, 5, True)
    assert [f.name for f in RULESET.score_fields] == ["vp"]

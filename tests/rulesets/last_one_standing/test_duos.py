"""Duos Mode: teams, the AED, looting the fallen, trading, team victory."""

import pytest

from rulesets.core.errors import IllegalAction
from rulesets.last_one_standing import RULESET, hexes

from .helpers import act, arena, equip, field, hand, run, types

SEATS = {"a1": (0, 0), "a2": (-2, 0), "b1": (2, 0), "b2": (4, -4)}


def duo(**places):
    return arena(field(5), {**SEATS, **places}, mode="duos")


def crowbar(state, seat, target):
    return act(
        state, seat, {"type": "shoot", "slot": "light", "attack": "primary", "target": target}
    )


def test_teams_are_seat_pairs_unless_given():
    """Rulebook: "If you are playing with an even number of players (4, 6, or 8) You can play as
    duos.\""""
    state = RULESET.new_game(["a", "b", "c", "d"], {"mode": "duos"}, 1)
    assert state["players"]["a"]["team"] == state["players"]["b"]["team"]
    assert state["players"]["a"]["team"] != state["players"]["c"]["team"]
    given = RULESET.new_game(
        ["a", "b", "c", "d"], {"mode": "duos", "teams": [["a", "c"], ["b", "d"]]}, 1
    )
    assert given["players"]["a"]["team"] == given["players"]["c"]["team"]


def test_you_cannot_target_your_teammate():
    state = duo(a2=(1, 0), b1=(3, 0))
    targets = {x["target"] for x in RULESET.legal_actions(state, "a1") if x["type"] == "shoot"}
    assert "a2" not in targets
    with pytest.raises(IllegalAction):
        crowbar(state, "a1", "a2")


def test_an_eliminated_duo_player_lies_where_they_fell_with_their_cards():
    state = duo(b1=(1, 0))
    state["players"]["b1"]["health"] = 1
    state, _ = crowbar(state, "a1", "b1")
    b1 = state["players"]["b1"]
    assert not b1["alive"] and b1["body"] == hexes.key(1, 0) and b1["slots"]["light"]
    assert RULESET.outcome(state) is None  # b2 still stands


def test_an_aed_revives_an_eliminated_teammate_lying_next_to_you():
    """Rulebook: "AED cards allow you to revive an eliminated teammate.\""""
    state = duo(b1=(1, 0), b2=(2, 0))
    state["players"]["b1"]["health"] = 1
    state, _ = crowbar(state, "a1", "b1")
    state, _ = act(state, "a1", {"type": "end_turn"})
    while RULESET.to_move(state) != ["b2"]:
        seat = RULESET.to_move(state)[0]
        state, _ = act(state, seat, {"type": "end_turn"})
    aed = next(c for c in state["players"]["b2"]["hand"] if c.startswith("aed"))
    assert {"type": "use_item", "card": aed, "target": "b1"} in RULESET.legal_actions(state, "b2")
    state, events = act(state, "b2", {"type": "use_item", "card": aed, "target": "b1"})
    b1 = state["players"]["b1"]
    assert b1["alive"] and b1["health"] == 5 and b1["hex"] == hexes.key(1, 0) and b1["body"] is None
    assert "revive" in types(events)
    assert aed in state["out_of_game"]


def test_a_teammate_that_has_been_looted_cannot_be_revived():
    """Rulebook: "A teammate that has been looted cannot be revived.\""""
    state = duo(b1=(1, 0), b2=(3, 0))
    state["players"]["b1"]["health"] = 1
    equip(state, "b1", "pistol#1", "long")
    state, _ = crowbar(state, "a1", "b1")
    state, events = run(
        state, "a1", {"type": "move"}, {"type": "step", "hex": [1, 0]}, {"type": "end_move"}
    )
    assert "loot_body" in types(events)
    assert set(state["pending"][0]["cards"]) == {"crowbar#3", "pistol#1", "aed#3"}
    b1 = state["players"]["b1"]
    assert b1["body"] is None and b1["hand"] == [] and not any(b1["slots"].values())
    state["players"]["b2"]["hex"] = hexes.key(2, 0)
    state["turn"] = {**state["turn"], "seat": "b2", "actions": 2}
    state["pending"] = []
    assert not any(x["type"] == "use_item" for x in RULESET.legal_actions(state, "b2"))


def test_ending_a_move_next_to_your_teammate_opens_a_trade_of_loot_cards():
    """Rulebook: "Trading: If you end a movement action adjacent to your teammate, you may trade any
    number of your Loot Cards with each other.\""""
    state = duo(a2=(2, -1), b1=(-3, 0))
    hand(state, "a1", "bandage#1")
    hand(state, "a2", "grenade#1")
    state, _events = run(
        state, "a1", {"type": "move"}, {"type": "step", "hex": [1, 0]}, {"type": "end_move"}
    )
    assert state["pending"][0]["kind"] == "trade"
    assert set(RULESET.to_move(state)) == {"a1", "a2"}
    state, _ = act(state, "a2", {"type": "give", "card": "grenade#1"})
    state, _ = act(state, "a1", {"type": "give", "card": "bandage#1"})
    state, _ = act(state, "a1", {"type": "done"})
    assert RULESET.to_move(state) == ["a2"]
    state, _ = act(state, "a2", {"type": "done"})
    assert sorted(state["players"]["a1"]["hand"]) == ["aed#1", "grenade#1"]
    assert sorted(state["players"]["a2"]["hand"]) == ["aed#2", "bandage#1"]
    assert RULESET.to_move(state) == ["a1"] and state["pending"] == []


def test_a_team_wins_if_either_of_them_is_the_last_one_standing():
    """Rulebook: "You will win as a team if either (or both) of you are the Last One(s)
    Standing.\""""
    state = duo(b1=(1, 0), b2=(-1, 0), a2=(3, 3))
    state["players"]["a2"].update(alive=False, hex=None, body=hexes.key(3, 3))  # a2 is down
    state["players"]["b1"]["health"] = 1
    state["players"]["b2"]["health"] = 1
    equip(state, "a1", "pistol#1", "long")
    state, _ = crowbar(state, "a1", "b1")
    assert RULESET.outcome(state) is None
    state, _ = act(
        state, "a1", {"type": "shoot", "slot": "long", "attack": "primary", "target": "b2"}
    )
    result = RULESET.outcome(state)
    assert sorted(result.winners) == ["a1", "a2"]
    assert result.placements == {"a1": 1, "a2": 1, "b1": 3, "b2": 3}
    assert result.teams == {"a1": "team-1", "a2": "team-1", "b1": "team-2", "b2": "team-2"}

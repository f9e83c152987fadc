"""When a people's card is surrounded, and how the meeples are repositioned."""

from rulesets.le_dernier_peuple import RULESET
from tests.rulesets.le_dernier_peuple.tables import play, table, types, vp

EVENTS = {"supply", "noble_attack", "sneaky_attack", "passive_riposte", "active_riposte"}


def move(state, seat, card, owner, meeple=0):
    return play(
        state, seat, {"type": "play_movement", "card": card, "owner": owner, "meeple": meeple}
    )


def test_two_meeples_on_the_same_neighbour_do_not_surround_a_peoples_card():
    """Decision: a surround needs a meeple on EACH territory beside the people's card; green
    bringing its second meeple onto 11 beside the first surrounds nothing."""
    state = table(active="green", meeples={"green": [11, 12]}, hands={"green": ["m10"]})  # -1
    state, events = move(state, "green", "m10", "green", meeple=1)
    assert state["meeples"]["green"] == [11, 11]
    assert not EVENTS & set(types(events))


def test_meeples_on_both_sides_of_a_people_card_but_on_the_same_side_as_each_other():
    """Red and yellow both on 11 (the passive riposte example) surround nothing by
    themselves: the event only comes when green lands on 9."""
    state = table(active="green", meeples={"red": [11, 10], "yellow": [11, 6]})
    state["hands"]["green"] = ["m21"]  # teleport 11 (dark): a third meeple onto 11
    state["movement_pile"].remove("m21")
    state, events = move(state, "green", "m21", "red", meeple=1)
    assert not EVENTS & set(types(events))


def test_an_event_fires_only_when_a_peoples_card_becomes_surrounded_by_the_move():
    """ "a people's card becomes surrounded by 2 meeples, an event ... occurs": red's card (10)
    is already surrounded by green on 9 and yellow on 11 (after a Swap or a repositioning,
    which trigger no actions); green teleporting its meeple from 9 onto 9 surrounds nothing
    anew, so no event and no VP, however often it is played."""
    state = table(
        active="green", meeples={"green": [9, 14], "yellow": [11, 6]}, hands={"green": ["m19"]}
    )
    state, events = move(state, "green", "m19", "green")
    assert state["meeples"]["green"][0] == 9
    assert not EVENTS & set(types(events))
    assert vp(state, "green") == vp(state, "yellow") == vp(state, "red") == 0


def test_a_surround_made_only_of_opponents_meeples_is_no_event():
    """Decision: "one of which necessarily belongs to the active player"."""
    state = table(active="blue", meeples={"red": [9, 10], "green": [12, 14]})
    state["hands"]["blue"] = ["m21"]  # teleport 11 (dark), moving green's meeple
    state["movement_pile"].remove("m21")
    state, events = move(state, "blue", "m21", "green")
    assert not EVENTS & set(types(events))
    assert vp(state, "red") == vp(state, "green") == vp(state, "blue") == 0
    assert state["meeples"]["green"][0] == 11  # no repositioning either


def test_a_player_pushed_next_to_their_own_people_by_an_opponent_gives_no_supply():
    state = table(active="blue", meeples={"red": [9, 12]})
    state["hands"]["blue"] = ["m14"]  # -1 dark
    state["movement_pile"].remove("m14")
    state, events = move(state, "blue", "m14", "red", meeple=1)
    assert state["meeples"]["red"] == [9, 11]
    assert not EVENTS & set(types(events))


def test_only_one_resolution_needs_no_choice():
    state = table(
        active="green", meeples={"green": [12, 14], "red": [11, 10]}, hands={"green": ["m19"]}
    )
    state, events = move(state, "green", "m19", "green")
    assert "passive_riposte" in types(events)
    assert state["decision"]["kind"] != "riposte"


def test_the_active_player_may_choose_a_noble_attack_over_a_sneaky_attack():
    state = table(
        active="green",
        meeples={"green": [12, 11], "yellow": [11, 6]},
        hands={"green": ["m19"]},
        vp={"red": 2},
    )
    state, _ = move(state, "green", "m19", "green")
    assert state["decision"]["options"] == ["yellow", "green"]
    state, events = play(state, "green", {"type": "choose_riposte", "seat": "green"})
    assert "noble_attack" in types(events)
    assert vp(state, "green") == 3 and vp(state, "yellow") == 0


def test_repositioning_moves_each_meeple_to_the_number_of_a_discarded_movement_card():
    """ "discards from the movement draw pile a 'movement' card and repositions their meeple
    onto the 'territory' card bearing the same number\""""
    state = table(
        active="yellow",
        meeples={"yellow": [4, 7]},
        hands={"yellow": ["m9"]},
        movement_pile=["m8", "m1"],
    )
    state, events = move(state, "yellow", "m9", "yellow")
    repositioned = [e for e in events if e["type"] == "repositioned"]
    assert [(e["from"], e["to"], e["discarded"]) for e in repositioned] == [
        (5, 1, ["m1"]),
        (7, 8, ["m8"]),
    ]
    assert {"m1", "m8"} <= set(state["movement_discard"])


def test_repositioning_never_triggers_an_action():
    """ "A repositioning never triggers an action": landing on 4 (Draw) or beside a people's
    card after repositioning does nothing."""
    state = table(
        active="yellow",
        meeples={"yellow": [4, 7], "blue": [1, 2]},
        hands={"yellow": ["m9"]},
        movement_pile=["m4", "m3"],  # yellow to 3 (blue's 2 is then "surrounded"), then 4
    )
    state, events = move(state, "yellow", "m9", "yellow")
    assert state["meeples"]["yellow"] == [3, 4]
    assert types(events).count("supply") == 1
    assert "draw_symbol" not in types(events)
    assert not [c for c in state["hands"]["yellow"] if c.startswith("p")]


def test_repositioning_discards_again_until_a_number_card_shows():
    """Decision: ±X and split cards bear no number; the next card is discarded."""
    state = table(
        active="yellow",
        meeples={"yellow": [4, 7]},
        hands={"yellow": ["m9"]},
        movement_pile=["m8", "m17", "m12", "m1", "m11"],
    )
    state, events = move(state, "yellow", "m9", "yellow")
    repositioned = [e for e in events if e["type"] == "repositioned"]
    assert repositioned[0]["discarded"] == ["m11", "m1"]
    assert repositioned[1]["discarded"] == ["m12", "m17", "m8"]
    assert state["meeples"]["yellow"] == [1, 8]


def test_without_any_number_card_left_the_meeple_goes_back_to_its_peoples_card():
    """Decision: no number card in the pile nor the discard pile (all in hands)."""
    state = table(active="yellow", meeples={"yellow": [4, 7]}, hands={"yellow": ["m9"]})
    numbers = [c for c in state["movement_pile"] if c in {f"m{i}" for i in range(1, 9)}]
    numbers += [f"m{i}" for i in range(19, 23)] + [f"m{i}" for i in range(27, 31)]
    numbers = sorted(set(numbers))
    for card in numbers:
        state["movement_pile"].remove(card)
    state["hands"]["blue"] = numbers[:7]
    state["hands"]["red"] = numbers[7:14]
    state["hands"]["green"] = numbers[14:]
    state, events = move(state, "yellow", "m9", "yellow")
    assert state["meeples"]["yellow"] == [6, 6]
    assert "supply" in types(events)


def test_a_defended_attack_still_repositions_the_attacking_meeples():
    """ "in the case of a countered attack, the attacking meeples are still repositioned\""""
    state = table(
        active="green",
        meeples={"green": [11, 12]},
        hands={"green": ["m19"], "red": ["p12"]},
        vp={"red": 4},
        movement_pile=["m3", "m5"],
    )
    state, _ = move(state, "green", "m19", "green", meeple=1)
    assert state["decision"] == {
        "kind": "defense",
        "seat": "red",
        "against": "noble_attack",
        "by": "green",
    }
    assert RULESET.to_move(state) == ["red"]
    state, events = play(state, "red", {"type": "defend"})
    assert "countered" in types(events)
    assert vp(state, "red") == 4 and vp(state, "green") == 0
    assert state["meeples"]["green"] == [3, 5]
    assert "p12" in state["power_discard"]


def test_an_accepted_attack_goes_through():
    state = table(
        active="green",
        meeples={"green": [11, 12]},
        hands={"green": ["m19"], "red": ["p12"]},
        vp={"red": 4},
    )
    state, _ = move(state, "green", "m19", "green", meeple=1)
    state, _ = play(state, "red", {"type": "accept"})
    assert vp(state, "red") == 3 and vp(state, "green") == 3
    assert state["hands"]["red"] == ["p12"]


def test_a_target_without_power_cards_is_not_asked():
    state = table(active="green", meeples={"green": [11, 12]}, hands={"green": ["m19"]})
    state, events = move(state, "green", "m19", "green", meeple=1)
    assert "noble_attack" in types(events)
    assert state["active"] == "blue"


def test_a_target_holding_power_cards_but_no_defense_may_only_accept():
    state = table(
        active="green",
        meeples={"green": [11, 12]},
        hands={"green": ["m19"], "red": ["p1"]},
    )
    state, _ = move(state, "green", "m19", "green", meeple=1)
    assert RULESET.legal_actions(state, "red") == [{"type": "accept"}]


def test_the_active_player_cannot_defend_against_an_active_riposte():
    """Defense is played "out of turn"; in an active riposte the target is the active player."""
    state = table(
        active="red",
        meeples={"red": [9, 10], "green": [12, 14]},
        hands={"red": ["m21", "p12"]},
        vp={"red": 5},
    )
    state, events = move(state, "red", "m21", "green")
    assert "active_riposte" in types(events)
    assert state["decision"]["kind"] != "defense"
    assert vp(state, "red") == 6


def test_a_defended_passive_riposte_moves_no_vp_at_all():
    """Decision: a countered event moves no VP, not even the defender's own 1 VP share."""
    state = table(
        active="green",
        meeples={"green": [12, 14], "red": [11, 10]},
        hands={"green": ["m19"], "red": ["p12"]},
        vp={"red": 3},
    )
    state, _ = move(state, "green", "m19", "green")
    assert state["decision"]["against"] == "passive_riposte"
    state, _ = play(state, "red", {"type": "defend"})
    assert (vp(state, "red"), vp(state, "green")) == (3, 0)


def test_a_player_leaving_while_the_active_player_chooses_is_no_longer_an_option():
    state = table(
        active="green",
        meeples={"red": [11, 10], "yellow": [11, 6], "blue": [11, 2], "green": [12, 14]},
        hands={"green": ["m19"]},
    )
    state, _ = move(state, "green", "m19", "green")
    assert state["decision"]["options"] == ["blue", "yellow", "red"]
    state = RULESET.resign(state, "yellow").state
    assert state["decision"]["options"] == ["blue", "red"]
    state = RULESET.resign(state, "red").state  # the surrounded people leaves: no event
    assert state["active"] == "blue"  # green's turn ended with its draw
    assert vp(state, "green") == 0

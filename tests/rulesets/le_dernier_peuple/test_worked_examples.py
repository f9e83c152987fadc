"""Each worked example of the rulebook, played through the engine.

Repositioning discards the top movement cards; the tests put number cards 3 (m3) and 5 (m5)
on top of the pile so the meeples land somewhere known.
"""

from tests.rulesets.le_dernier_peuple.tables import play, table, types, vp

TOP_TWO = ["m3", "m5"]  # m5 (teleport 5) is revealed first, then m3 (teleport 3)


def test_supply_yellow_surrounds_its_own_people_and_gains_a_2_vp_token():
    """ "the yellow player has a meeple on 4 and a meeple on 7. [...] they move their meeple
    from 4 to 5. Their own people, on 6, is now surrounded by their 2 meeples. They gain a
    '2 VP' token.\""""
    state = table(
        active="yellow",
        meeples={"yellow": [4, 7]},
        hands={"yellow": ["m9"]},  # +1, light grey
        movement_pile=["m1", "m3", "m5"],
    )
    state, events = play(
        state, "yellow", {"type": "play_movement", "card": "m9", "owner": "yellow", "meeple": 0}
    )
    assert "supply" in types(events)
    assert state["vp"]["yellow"] == {"1": 0, "2": 1, "3": 0}
    # Then both meeples are repositioned, the moved one first: 5, then 3.
    assert state["meeples"]["yellow"] == [5, 3]


def test_noble_attack_green_teleports_next_to_red_and_gains_3_while_red_returns_1():
    """ "the green player has a meeple on 11 and a meeple on 12. [...] teleport their meeple
    from 12 to 9. The red player's people, on 10, is surrounded; they return a '1 VP' token,
    while the green player gains a '3 VP' token.\""""
    state = table(
        active="green",
        meeples={"green": [11, 12]},
        hands={"green": ["m19"]},  # teleport 9, light grey
        vp={"red": 4},
        movement_pile=TOP_TWO,
    )
    state, events = play(
        state, "green", {"type": "play_movement", "card": "m19", "owner": "green", "meeple": 1}
    )
    assert "noble_attack" in types(events)
    assert vp(state, "green") == 3
    assert state["vp"]["green"]["3"] == 1
    assert vp(state, "red") == 3


def test_sneaky_attack_red_pushes_blue_next_to_green_and_both_score():
    """ "the blue player has a meeple on 1 and the red player has a meeple on 13. [...] the
    red player [...] move[s] the blue player's meeple from 1 to 15. The green player's people,
    on 14, is surrounded; they return a '1 VP' token. [...] the red player [...] receive[s] a
    '2 VP' token, while the blue player receives a '1 VP' token.\""""
    state = table(
        active="red",
        meeples={"blue": [1, 2], "red": [13, 10]},
        hands={"red": ["m16"]},  # -2, dark grey
        vp={"green": 2},
        movement_pile=TOP_TWO,
    )
    state, events = play(
        state, "red", {"type": "play_movement", "card": "m16", "owner": "blue", "meeple": 0}
    )
    assert "sneaky_attack" in types(events)
    assert (vp(state, "green"), vp(state, "red"), vp(state, "blue")) == (1, 2, 1)
    # "the active player [...] repositions their meeple", then the second one.
    assert state["meeples"]["red"][0] == 5
    assert state["meeples"]["blue"][0] == 3


def test_passive_riposte_green_chooses_to_share_with_red_rather_than_yellow():
    """ "the red player and the yellow player each have a meeple on 11. [...] the green player
    [...] teleport[s] their meeple from 12 to 9. The red player's people, on 10, is surrounded;
    they return a '1 VP' token. [...] the green player [...] receive[s] a '2 VP' token. The
    green player decides to share this event with the red player rather than the yellow
    player. The red player then receives a '1 VP' token.\""""
    state = table(
        active="green",
        meeples={"red": [11, 10], "yellow": [11, 6], "green": [12, 14]},
        hands={"green": ["m19"]},
        vp={"red": 3},
        movement_pile=TOP_TWO,
    )
    state, events = play(
        state, "green", {"type": "play_movement", "card": "m19", "owner": "green", "meeple": 0}
    )
    # "If several resolutions are possible [...] the active player chooses."
    assert state["decision"]["kind"] == "riposte"
    assert state["decision"]["options"] == ["yellow", "red"]
    state, events = play(state, "green", {"type": "choose_riposte", "seat": "red"})
    assert "passive_riposte" in types(events)
    assert vp(state, "green") == 2  # "In the end, the green player will have gained 2 VP."
    assert vp(state, "red") == 3  # returned 1, received 1
    assert vp(state, "yellow") == 0
    assert state["meeples"]["yellow"] == [11, 6]  # yellow took no part: not repositioned


def test_passive_riposte_shared_with_yellow_makes_it_a_sneaky_attack():
    state = table(
        active="green",
        meeples={"red": [11, 10], "yellow": [11, 6], "green": [12, 14]},
        hands={"green": ["m19"]},
        vp={"red": 3},
        movement_pile=TOP_TWO,
    )
    state, _ = play(
        state, "green", {"type": "play_movement", "card": "m19", "owner": "green", "meeple": 0}
    )
    state, events = play(state, "green", {"type": "choose_riposte", "seat": "yellow"})
    assert "sneaky_attack" in types(events)
    assert (vp(state, "red"), vp(state, "green"), vp(state, "yellow")) == (2, 2, 1)


def test_active_riposte_red_surrounds_its_own_people_with_greens_meeple():
    """ "the red player has a meeple on 9 and the green player has a meeple on 12. [...] the
    red player [...] teleport[s] the green player's meeple from 12 to 11. The red player's
    people, on 10, is surrounded; they return a '1 VP' token. [...] they receive a '2 VP'
    token, while the green player receives a '1 VP' token. (In the end, the red player and
    the green player will each have gained 1 VP.)\""""
    state = table(
        active="red",
        meeples={"red": [9, 10], "green": [12, 14]},
        hands={"red": ["m21"]},  # teleport 11, dark grey
        vp={"red": 5, "green": 5},
        movement_pile=TOP_TWO,
    )
    state, events = play(
        state, "red", {"type": "play_movement", "card": "m21", "owner": "green", "meeple": 0}
    )
    assert "active_riposte" in types(events)
    assert (vp(state, "red"), vp(state, "green")) == (6, 6)


def test_split_movement_draws_on_12_then_nobly_attacks_green_from_13():
    """ "the yellow player's meeples are on 10 and on 15. [...] discards a 'split movement'
    card +3 (+2 +1). They first move their meeple from 10 to 12 (10 +2), and therefore draw a
    'power' card. Then they move this same meeple from 12 to 13 (12 +1), and therefore nobly
    attack the green player's people on 14.\""""
    state = table(
        active="yellow",
        meeples={"yellow": [10, 15], "red": [2, 2]},
        hands={"yellow": ["m17"]},  # +3 (+2 +1)
        vp={"green": 1},
        movement_pile=TOP_TWO,
    )
    state, events = play(
        state, "yellow", {"type": "play_movement", "card": "m17", "owner": "yellow", "meeple": 0}
    )
    moves = [(e["from"], e["to"]) for e in events if e["type"] == "meeple_moved"]
    assert moves == [(10, 12), (12, 13)]
    assert "draw_symbol" in types(events)
    assert "noble_attack" in types(events)
    assert (vp(state, "yellow"), vp(state, "green")) == (3, 0)
    powers_in_hand = [c for c in state["hands"]["yellow"] if c.startswith("p")]
    assert len(powers_in_hand) == 1


def test_split_movement_stops_when_its_first_part_leads_to_an_event():
    """ "If the first phase of the movement (+Y or -Y) leads to an event, the event is
    resolved, the meeples involved are repositioned, and in that case the remaining movement
    (+1 or -1) is not played.\""""
    state = table(
        active="yellow",
        meeples={"yellow": [3, 7]},
        hands={"yellow": ["m17"]},  # +3 (+2 +1): 3 -> 5 surrounds 6 (Supply)
        movement_pile=TOP_TWO,
    )
    state, events = play(
        state, "yellow", {"type": "play_movement", "card": "m17", "owner": "yellow", "meeple": 0}
    )
    assert [(e["from"], e["to"]) for e in events if e["type"] == "meeple_moved"] == [(3, 5)]
    assert "supply" in types(events)
    assert "split_stopped" in types(events)

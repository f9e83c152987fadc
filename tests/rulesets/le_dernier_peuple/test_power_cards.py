"""Power card effects, and Defense played out of turn against them."""

import pytest

from rulesets.le_dernier_peuple import RULESET
from tests.rulesets.le_dernier_peuple.tables import play, table, types, vp


def power(state, card, **extra):
    return play(state, "blue", {"type": "play_power", "card": card, **extra})


def test_strength_gains_a_2_vp_token():
    """Strength: "Gain a '2 VP' token from the bank.\""""
    state, _ = power(table(hands={"blue": ["p1"]}, decision="power"), "p1")
    assert state["vp"]["blue"] == {"1": 0, "2": 1, "3": 0}
    assert state["bank"]["2"] == 14
    assert state["decision"] == {"kind": "movement", "seat": "blue"}
    assert "p1" in state["power_discard"]


def test_healing_gains_a_1_vp_token():
    """Healing: "Gain a '1 VP' token from the bank.\""""
    state, _ = power(table(hands={"blue": ["p2"]}, decision="power"), "p2")
    assert state["vp"]["blue"] == {"1": 1, "2": 0, "3": 0}


def test_thief_steals_1_vp_and_the_victim_makes_change_with_the_bank():
    """Thief: "Steal 1 VP from the player of your choice (if they have no '1 VP' token, they
    must make change with the bank to give you this VP).\""""
    state = table(hands={"blue": ["p3"]}, vp={"red": 2}, decision="power")
    assert state["vp"]["red"] == {"1": 0, "2": 1, "3": 0}
    state, _ = power(state, "p3", target="red")
    assert vp(state, "red") == 1 and vp(state, "blue") == 1
    assert state["vp"]["red"] == {"1": 1, "2": 0, "3": 0}


def test_thief_takes_nothing_from_a_player_without_vp():
    state, _ = power(table(hands={"blue": ["p3"]}, decision="power"), "p3", target="red")
    assert vp(state, "blue") == 0


def test_bandit_steals_a_random_card_from_the_targets_hand():
    """Bandit: "Randomly steal a card from the hand of the player of your choice.\""""
    state = table(hands={"blue": ["p4"], "red": ["m1", "m2", "m3"]}, decision="power")
    state, events = power(state, "p4", target="red")
    assert len(state["hands"]["red"]) == 2
    (stolen,) = state["hands"]["blue"]
    assert stolen in {"m1", "m2", "m3"} and stolen not in state["hands"]["red"]
    assert all(stolen not in str(e) for e in events)  # which card stays hidden


def test_curse_makes_the_target_return_1_vp_to_the_bank():
    """Curse: "The player of your choice must return (if they can) 1 VP to the bank.\""""
    state = table(hands={"blue": ["p5"]}, vp={"red": 3}, decision="power")
    state, _ = power(state, "p5", target="red")
    assert state["vp"]["red"] == {"1": 0, "2": 1, "3": 0}  # a 3 handed in, a 2 back
    assert vp(state, "blue") == 0


def test_black_magic_discards_a_random_card_of_the_target_without_its_effect():
    """Black Magic: "Randomly choose a card from the hand of the player of your choice,
    which you discard without applying its effect.\""""
    state = table(hands={"blue": ["p6"], "red": ["p1"]}, decision="power")
    state, _ = power(state, "p6", target="red")
    state, _ = play(state, "red", {"type": "accept"})
    assert state["hands"]["red"] == []
    assert "p1" in state["power_discard"]
    assert vp(state, "red") == 0


def test_barter_swaps_hands():
    """Barter: "Swap your hand of cards with that of the player of your choice.\""""
    state = table(hands={"blue": ["p7", "m9"], "red": ["m1", "m2"]}, decision="power")
    state, _ = power(state, "p7", target="red")
    assert state["hands"]["blue"] == ["m1", "m2"] and state["hands"]["red"] == ["m9"]


def test_swap_exchanges_two_meeples_without_resolving_anything():
    """Swap: "Swap the position of one of your meeples with that of the player of your
    choice. (Do not resolve any action that this new configuration might trigger.)\""""
    state = table(
        hands={"blue": ["p10"]},
        meeples={"blue": [9, 2], "red": [12, 11]},
        decision="power",
    )
    state, events = power(state, "p10", target="red", meeple=1, target_meeple=0)
    # blue now on 9 and 12... and red's meeple on 2: nothing happens, not even a draw.
    assert state["meeples"]["blue"] == [9, 12] and state["meeples"]["red"] == [2, 11]
    assert not {"draw_symbol", "sneaky_attack"} & set(types(events))


def test_swap_cannot_be_answered_with_defense():
    """ "(except 'Swap')\""""
    state = table(
        hands={"blue": ["p10"], "red": ["p12"]},
        meeples={"blue": [9, 2], "red": [12, 11]},
        decision="power",
    )
    state, _ = power(state, "p10", target="red", meeple=0, target_meeple=0)
    assert state["decision"] == {"kind": "movement", "seat": "blue"}


def test_luck_draws_a_movement_card_and_a_power_card():
    """Luck: "Draw a 'movement' card and a 'power' card and add them to your hand.\""""
    state, _ = power(table(hands={"blue": ["p11"]}, decision="power"), "p11")
    hand = state["hands"]["blue"]
    assert len(hand) == 2 and {c[0] for c in hand} == {"m", "p"}


def test_luck_beyond_seven_cards_asks_for_a_discard_before_the_movement_phase():
    hand = ["p11", "m1", "m2", "m3", "m4", "m5", "m6"]
    state, _ = power(table(hands={"blue": hand}, decision="power"), "p11")
    assert state["decision"] == {"kind": "discard", "seat": "blue", "count": 1}
    state, _ = play(state, "blue", {"type": "discard", "card": "m6"})
    assert state["decision"] == {"kind": "movement", "seat": "blue"}


@pytest.mark.parametrize(
    ("card", "kind"),
    [("p3", "thief"), ("p4", "bandit"), ("p5", "curse"), ("p6", "black_magic"),
     ("p7", "barter"), ("p9", "club")],
)  # fmt: skip
def test_defense_cancels_a_power_card_aimed_at_you(card, kind):
    """Defense: "to be played out of turn when you are the target of [...] a 'power' card
    (except 'Swap'). You do not suffer the effect, and the attacker(s) do not gain any VP.\""""
    state = table(hands={"blue": [card, "m9"], "red": ["p12", "m1"]}, vp={"red": 3})
    state["decision"] = {"kind": "power", "seat": "blue"}
    state, _ = power(state, card, target="red")
    assert state["decision"] == {"kind": "defense", "seat": "red", "against": kind, "by": "blue"}
    assert RULESET.legal_actions(state, "red") == [{"type": "accept"}, {"type": "defend"}]
    assert RULESET.legal_actions(state, "blue") == []
    state, events = play(state, "red", {"type": "defend"})
    assert "countered" in types(events)
    assert state["hands"]["red"] == ["m1"] and state["hands"]["blue"] == ["m9"]
    assert vp(state, "red") == 3 and vp(state, "blue") == 0
    assert state["skip_turns"]["red"] == 0
    assert {card, "p12"} <= set(state["power_discard"])


def test_powers_target_only_opponents_still_in_the_game():
    state = table(hands={"blue": ["p3"]}, decision="power")
    targets = {a.get("target") for a in RULESET.legal_actions(state, "blue")}
    assert targets == {"yellow", "red", "green", None}

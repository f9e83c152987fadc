"""C) Use Item and D) Reload & Rearrange."""

import pytest

from rulesets.core.errors import IllegalAction
from rulesets.last_one_standing import RULESET

from .helpers import act, arena, equip, field, hand, run

DONE = {"type": "done"}


def game():
    return arena(field(5), {"a": (0, 0), "b": (2, 0)})


def test_using_an_item_spends_an_action_and_puts_the_card_in_the_loot_discard_pile():
    """Rulebook: "Using an item allows players to use one single-use item from their hand. After
    using
    the item, place the card in the Loot Discard pile.\""""
    state = game()
    state["players"]["a"]["health"] = 5
    hand(state, "a", "bandage#1")
    state, _ = act(state, "a", {"type": "use_item", "card": "bandage#1"})
    assert state["players"]["a"]["health"] == 7
    assert state["players"]["a"]["hand"] == [] and state["decks"]["loot_discard"] == ["bandage#1"]
    assert state["turn"]["actions"] == 1


def test_healing_never_goes_above_10():
    state = game()
    state["players"]["a"]["health"] = 8
    hand(state, "a", "medkit#1")
    state, _ = act(state, "a", {"type": "use_item", "card": "medkit#1"})
    assert state["players"]["a"]["health"] == 10


def test_a_grenade_hits_an_enemy_in_sight_and_everyone_next_to_it():
    state = arena(field(5), {"a": (0, 0), "b": (3, 0), "c": (2, 1)})
    hand(state, "a", "grenade#1")
    options = [x for x in RULESET.legal_actions(state, "a") if x["type"] == "use_item"]
    assert {x["target"] for x in options} == {"b", "c"}
    state, _ = act(state, "a", {"type": "use_item", "card": "grenade#1", "target": "b"})
    assert state["players"]["b"]["health"] == 7 and state["players"]["c"]["health"] == 7


def test_an_energy_drink_adds_movement_to_the_moves_of_this_turn():
    state = game()
    hand(state, "a", "energy_drink#1")
    state, _ = run(state, "a", {"type": "use_item", "card": "energy_drink#1"}, {"type": "move"})
    assert state["turn"]["move"]["points"] == 6


def test_equipment_in_hand_cannot_be_used_as_an_item():
    state = game()
    hand(state, "a", "pistol#1")
    with pytest.raises(IllegalAction):
        act(state, "a", {"type": "use_item", "card": "pistol#1"})


def test_reload_turns_all_weapons_and_armour_face_down():
    """Rulebook: "Turn all weapons and armor face-down to show the items as loaded and ready to be
    used
    in the next round.\""""
    state = game()
    equip(state, "a", "pistol#1", "long", face_down=False)
    equip(state, "a", "light_vest#1", "armour", face_down=False)
    equip(state, "a", "scuba_suit#1", "apparel", face_down=False)
    state, _ = run(state, "a", {"type": "reload"}, DONE)
    slots = state["players"]["a"]["slots"]
    assert (
        slots["long"]["face_down"] and slots["armour"]["face_down"] and slots["light"]["face_down"]
    )
    assert slots["apparel"]["face_down"] is False  # apparel is worn face up


def test_reload_lets_you_swap_cards_between_hand_and_mat_and_settles_the_weight():
    """Rulebook: "You may also equip and unequip items from your character and hand ... move your
    weight
    marker on the weight track according to the weight of the cards equipped." Cards in your
    hand do not affect your weight."""
    state = game()
    equip(state, "a", "pistol#1", "long")
    hand(state, "a", "lmg#1")
    assert state["players"]["a"]["weight"] == 1
    state, _ = run(
        state,
        "a",
        {"type": "reload"},
        {"type": "unequip", "slot": "long"},
        {"type": "equip", "card": "lmg#1", "slot": "heavy"},
        DONE,
    )
    player = state["players"]["a"]
    assert player["hand"] == ["pistol#1"] and player["slots"]["heavy"]["card"] == "lmg#1"
    assert player["slots"]["long"] is None and player["weight"] == 4


def test_reload_ends_with_discarding_down_to_the_hand_limit():
    """Rulebook: "At the end of this action you must discard down to your hand limit of 5 (higher if
    equipped with a backpack).\""""
    state = game()
    hand(state, "a", "bandage#1", "bandage#2", "bandage#3", "bandage#4", "bandage#5")
    equip(state, "a", "small_backpack#1", "backpack", face_down=False)
    state, _ = run(
        state,
        "a",
        {"type": "reload"},
        {"type": "unequip", "slot": "backpack"},
        {"type": "unequip", "slot": "light"},
        DONE,
    )
    assert state["pending"] == [{"kind": "discard", "seat": "a"}]
    state, _ = act(state, "a", {"type": "discard", "card": "small_backpack#1"})
    assert state["pending"] == [{"kind": "discard", "seat": "a"}]
    state, _ = act(state, "a", {"type": "discard", "card": "crowbar#1"})
    assert state["pending"] == [] and "crowbar#1" in state["out_of_game"]


def test_only_fitting_cards_go_in_a_slot():
    state = game()
    hand(state, "a", "lmg#1")
    state, _ = act(state, "a", {"type": "reload"})
    assert {"type": "equip", "card": "lmg#1", "slot": "long"} not in RULESET.legal_actions(
        state, "a"
    )
    with pytest.raises(IllegalAction):
        act(state, "a", {"type": "equip", "card": "lmg#1", "slot": "long"})

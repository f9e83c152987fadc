"""Looting: crates, equipping what you drew, the hand limit, the Island Event track."""

import pytest

from rulesets.core.errors import IllegalAction
from rulesets.last_one_standing import RULESET, catalogue, hexes

from .helpers import act, arena, equip, field, hand, run, take_card, types

MOVE, END, DONE = {"type": "move"}, {"type": "end_move"}, {"type": "done"}


def step(q, r):
    return {"type": "step", "hex": [q, r]}


def crate_game(value=2, top=("assault_rifle#1", "bandage#1"), first_turn=False, kind="loot"):
    """Player a at 0,0 next to a crate at 1,0; the loot deck's top cards are ``top``."""
    state = arena(field(4), {"a": (0, 0), "b": (-4, 0)})
    state["crates"][hexes.key(1, 0)] = {"kind": kind, "value": value}
    for card in top:
        take_card(state, card)
    state["decks"]["loot"] += list(reversed(top))
    if not first_turn:
        for seat in state["players"]:
            state["players"][seat]["turns_taken"] = 1
    return state


def test_finishing_a_move_on_a_crate_draws_as_many_cards_as_the_token_shows():
    """Rulebook: "When you finish a move on a tile with a Loot Crate token, flip over the token
    and draw
    that many cards from the loot deck. Then place the loot token onto the Island Event track.\""""
    state = crate_game(value=2)
    state, events = run(state, "a", MOVE, step(1, 0), END)
    assert state["pending"] == [
        {"kind": "loot", "seat": "a", "cards": ["assault_rifle#1", "bandage#1"]}
    ]
    assert hexes.key(1, 0) not in state["crates"]
    assert state["track"] == [2]
    loot = next(e for e in events if e["type"] == "loot")
    assert loot["value"] == 2 and loot["drawn"] == 2


def test_moving_over_a_crate_without_stopping_does_not_loot():
    state = crate_game()
    state, _ = run(state, "a", MOVE, step(1, 0), step(2, 0), END)
    assert state["pending"] == [] and hexes.key(1, 0) in state["crates"]


def test_on_a_players_first_turn_the_token_is_not_placed_on_the_track():
    """Rulebook: "For each player's first turn, do NOT place loot token onto the loot track.\""""
    state = crate_game(value=3, first_turn=True)
    state, events = run(state, "a", MOVE, step(1, 0), END)
    assert state["track"] == [] and state["set_aside_tokens"] == [3]
    assert "token_set_aside" in types(events)


def test_drawn_weapons_and_armour_are_equipped_face_down_to_empty_slots_the_rest_to_hand():
    """Rulebook: "You may equip drawn weapons, backpacks, armor and apparel to the empty slots on
    your
    character mat. Weapons and armor are equipped face down. The cards not equipped on your
    character mat go into your hand.\""""
    state = crate_game(value=3, top=("assault_rifle#1", "small_backpack#1", "bandage#1"))
    state, _ = run(state, "a", MOVE, step(1, 0), END)
    options = RULESET.legal_actions(state, "a")
    assert {"type": "equip", "card": "assault_rifle#1", "slot": "long"} in options
    assert {"type": "equip", "card": "assault_rifle#1", "slot": "light"} not in options  # crowbar
    assert not any(a.get("card") == "bandage#1" for a in options)  # an item is not equipment
    state, events = run(
        state,
        "a",
        {"type": "equip", "card": "assault_rifle#1", "slot": "long"},
        {"type": "equip", "card": "small_backpack#1", "slot": "backpack"},
        DONE,
    )
    player = state["players"]["a"]
    assert player["slots"]["long"] == {"card": "assault_rifle#1", "face_down": True}
    assert player["slots"]["backpack"] == {"card": "small_backpack#1", "face_down": False}
    assert player["hand"] == ["bandage#1"]
    assert player["weight"] == 3
    assert "card" not in next(e for e in events if e.get("slot") == "long")  # face down: secret


def test_you_cannot_rearrange_or_unequip_when_looting():
    """Rulebook: "You cannot rearrange or unequip items from your character when looting.\""""
    state = crate_game(value=1, top=("pistol#1",))
    state, _ = run(state, "a", MOVE, step(1, 0), END)
    assert {a["type"] for a in RULESET.legal_actions(state, "a")} == {"equip", "done"}
    with pytest.raises(IllegalAction):
        act(state, "a", {"type": "unequip", "slot": "light"})
    with pytest.raises(IllegalAction):  # the crowbar's slot is not empty
        act(state, "a", {"type": "equip", "card": "pistol#1", "slot": "light"})


def test_more_than_5_cards_in_hand_are_discarded_face_up_before_ending_the_turn():
    """Rulebook: "If you have more than 5 cards in your hand after equipping to your character
    ... you must reduce your hand down to 5 cards by discarding before ending your turn. Place
    them in the discard pile face up." Default: the second action comes first."""
    state = crate_game(value=2, top=("bandage#1", "bandage#2"))
    hand(state, "a", "medkit#1", "medkit#2", "grenade#1", "grenade#2")
    state, _ = run(state, "a", MOVE, step(1, 0), END, DONE)
    assert state["pending"] == [] and len(state["players"]["a"]["hand"]) == 6
    assert "move" in types(RULESET.legal_actions(state, "a"))  # an action still unused
    state, _ = act(state, "a", {"type": "end_turn"})
    assert state["pending"] == [{"kind": "discard", "seat": "a"}]
    assert state["turn"]["seat"] == "a"  # the turn does not end before the discard
    assert {a["type"] for a in RULESET.legal_actions(state, "a")} == {"discard"}
    state, events = act(state, "a", {"type": "discard", "card": "grenade#1"})
    assert len(state["players"]["a"]["hand"]) == 5 and state["pending"] == []
    assert state["decks"]["loot_discard"][-1] == "grenade#1"
    assert events[0]["card"] == "grenade#1"  # face up: everyone sees it
    assert state["turn"]["seat"] == "b"


def test_house_rule_discard_at_once_asks_the_discard_right_after_looting():
    state = crate_game(value=2, top=("bandage#1", "bandage#2"))
    state["house_rules"] = ["discard_at_once"]
    hand(state, "a", "medkit#1", "medkit#2", "grenade#1", "grenade#2")
    state, _ = run(state, "a", MOVE, step(1, 0), END, DONE)
    assert state["pending"] == [{"kind": "discard", "seat": "a"}]
    assert {a["type"] for a in RULESET.legal_actions(state, "a")} == {"discard"}
    state, _ = act(state, "a", {"type": "discard", "card": "grenade#1"})
    assert len(state["players"]["a"]["hand"]) == 5 and state["turn"]["seat"] == "a"


def test_a_backpack_raises_the_hand_limit():
    """Rulebook: "Your hand limit of 5 (higher if equipped with a backpack)\""""
    state = crate_game(value=2, top=("bandage#1", "bandage#2"))
    equip(state, "a", "small_backpack#1", "backpack", face_down=False)
    hand(state, "a", "medkit#1", "medkit#2", "grenade#1", "grenade#2", "grenade#3")
    state, _ = run(state, "a", MOVE, step(1, 0), END, DONE, {"type": "end_turn"})
    assert state["pending"] == [{"kind": "discard", "seat": "a"}]
    state, _ = act(state, "a", {"type": "discard", "card": "grenade#1"})
    assert len(state["players"]["a"]["hand"]) == 6 and state["pending"] == []


def test_an_empty_loot_deck_is_refilled_by_shuffling_the_discard_pile():
    """Rulebook: "If the Loot Card deck is empty, shuffle the discard pile and use as the new Loot
    Card
    deck.\""""
    state = crate_game(value=2, top=())
    pile = state["decks"]["loot"]
    state["decks"]["loot"], state["decks"]["loot_discard"] = [], pile
    state, _ = run(state, "a", MOVE, step(1, 0), END)
    assert len(state["pending"][0]["cards"]) == 2
    assert state["decks"]["loot_discard"] == [] and len(state["decks"]["loot"]) == len(pile) - 2


def test_a_secondary_attack_that_moves_forbids_looting_for_the_turn():
    """Rulebook: "If a secondary ability lets you move, you are not allowed to also loot.\""""
    state = crate_game(value=1, top=("pistol#1",))
    state["players"]["b"]["hex"] = hexes.key(-2, 0)
    state, _ = act(
        state,
        "a",
        {"type": "shoot", "slot": "light", "attack": "secondary", "target": "b", "hex": [-1, 0]},
    )
    assert state["turn"]["no_loot"]
    state, events = run(state, "a", MOVE, step(0, 0), step(1, 0), END)
    assert "no_loot" in types(events) and hexes.key(1, 0) in state["crates"]


def test_placing_a_token_on_an_explosion_space_sets_off_the_explosion_at_once():
    """Rulebook: "Every time you place a loot token onto the Island Event track, you must check to
    see if
    you cover an Explosion or Supply Drop. When you do you immediately perform that event.\""""
    state = RULESET.new_game(["a", "b"], {}, 3)
    for seat in ("a", "b"):
        state, _ = act(state, seat, RULESET.legal_actions(state, seat)[0])
    from rulesets.core.rng import Rng
    from rulesets.last_one_standing.island_events import place_token

    events = []
    place_token(state, 1, Rng(1), events)  # space 1: nothing
    assert types(events) == ["event_track"]
    tiles_before = len(state["tiles"])
    place_token(state, 2, Rng(1), events)  # space 2: explosion
    assert "explosion" in types(events) and len(state["tiles"]) < tiles_before
    place_token(state, 1, Rng(1), events)  # space 3: supply drop
    assert "supply_drop" in types(events)


def test_supply_crates_hold_three_loot_cards_and_do_not_go_on_the_track():
    state = crate_game(value=3, kind="supply", top=("bandage#1", "bandage#2", "bandage#3"))
    state, _ = run(state, "a", MOVE, step(1, 0), END)
    assert len(state["pending"][0]["cards"]) == 3 and state["track"] == []


def test_loot_cards_are_data_with_rarity_colour_stars_and_weight():
    for key, spec in catalogue.CARDS.items():
        rarity = catalogue.RARITIES[spec["rarity"]]
        assert rarity["colour"] and 1 <= rarity["stars"] <= 5, key
        assert spec["weight"] >= 0
        if spec["type"] == "weapon":
            for which in ("primary", "secondary"):
                assert spec[which]["range"] >= 1 and spec[which]["damage"] >= 1
    classes = {spec.get("class") for spec in catalogue.CARDS.values() if spec["type"] == "weapon"}
    assert classes == {"light", "long", "heavy"}
    types_ = {spec["type"] for spec in catalogue.CARDS.values()}
    assert types_ == {"weapon", "armour", "backpack", "apparel", "item"}
    assert {"scuba_suit", "climbing_gear", "aed", "crowbar"} <= set(catalogue.CARDS)

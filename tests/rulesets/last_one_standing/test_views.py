"""Views: hands and face-down cards are hidden, the board, health and weight are public."""

import json

from rulesets.last_one_standing import RULESET, hexes

from .helpers import act, arena, equip, field, hand, run
from .hidden import hidden_cards


def leaks(view: dict, state: dict, seat) -> set[str]:
    text = json.dumps(view)
    return {c for c in hidden_cards(state, seat) if f'"{c}"' in text}


def game():
    state = arena(field(4), {"a": (0, 0), "b": (2, 0)}, loaded=False)
    equip(state, "a", "sniper_rifle#1", "long")
    equip(state, "a", "scuba_suit#1", "apparel", face_down=False)
    hand(state, "a", "medkit#1", "grenade#1")
    state["crates"][hexes.key(-1, 0)] = {"kind": "loot", "value": 3}
    state["crates"][hexes.key(-2, 0)] = {"kind": "supply", "value": 3}
    return state


def test_other_hands_and_face_down_cards_are_hidden_counts_and_slots_are_shown():
    state = game()
    seen = RULESET.view(state, "b")["players"]["a"]
    assert "hand" not in seen and seen["hand_count"] == 2
    assert seen["slots"]["long"] == {"face_down": True}
    assert seen["slots"]["apparel"] == {"face_down": False, "card": "scuba_suit#1"}
    assert seen["slots"]["light"]["card"] == "crowbar#1"  # the crowbar starts face up
    assert seen["health"] == 10 and seen["weight"] == 4 and seen["hex"] == "0,0"


def test_you_see_your_own_hand_and_face_down_cards():
    seen = RULESET.view(game(), "a")["players"]["a"]
    assert seen["hand"] == ["medkit#1", "grenade#1"]
    assert seen["slots"]["long"] == {"face_down": True, "card": "sniper_rifle#1"}


def test_loot_tokens_lie_face_down_decks_show_counts_and_the_rng_is_gone():
    state = game()
    for seat in ("a", "b", None):
        seen = RULESET.view(state, seat)
        assert seen["crates"]["-1,0"] == {"kind": "loot"}
        assert seen["crates"]["-2,0"] == {"kind": "supply", "value": 3}
        assert seen["decks"]["loot"] == len(state["decks"]["loot"])
        assert "rng" not in seen and "seed" not in json.dumps(seen)
        assert not leaks(seen, state, seat)


def test_freshly_looted_cards_are_seen_only_by_the_looter():
    state = game()
    state["players"]["a"]["turns_taken"] = 1
    state, _ = run(
        state, "a", {"type": "move"}, {"type": "step", "hex": [-1, 0]}, {"type": "end_move"}
    )
    drawn = state["pending"][0]["cards"]
    assert RULESET.view(state, "a")["pending"][0]["cards"] == drawn
    other = RULESET.view(state, "b")["pending"][0]
    assert "cards" not in other and other["card_count"] == 3
    assert not leaks(RULESET.view(state, "b"), state, "b")


def test_events_never_name_a_card_drawn_or_equipped_face_down():
    state = game()
    state["players"]["a"]["turns_taken"] = 1
    for card in ("pistol#1", "bandage#1", "katana#1"):  # the next three cards drawn
        state["decks"]["loot"].remove(card)
        state["decks"]["loot"].append(card)
    state, events = run(
        state, "a", {"type": "move"}, {"type": "step", "hex": [-1, 0]}, {"type": "end_move"}
    )
    assert sorted(state["pending"][0]["cards"]) == ["bandage#1", "katana#1", "pistol#1"]
    assert not any(c in json.dumps(events) for c in state["pending"][0]["cards"])
    state, events = act(state, "a", {"type": "equip", "card": "pistol#1", "slot": "heavy"})
    assert "pistol#1" not in json.dumps(events)
